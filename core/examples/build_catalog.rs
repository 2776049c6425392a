//! Compiles `core/catalog/heat.json` into `core/catalog/heat.bin`, the form
//! embedded in the library, and `core/catalog/heat-lean.bin`, the same
//! without descriptions (the `lean-builtin` feature's); and
//! `template-versions.json` into `template-versions.bin`.
//!
//! Usage: `cargo run -p heatwise-core --example build_catalog [-- --check]`.
//! With `--check` nothing is written; the exit status is 1 when a binary
//! is stale.

use std::path::Path;
use std::process::ExitCode;

use heatwise_core::catalog::document::Document;
use heatwise_core::catalog::Catalog;

fn main() -> ExitCode {
    let catalog_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("catalog");
    let json_path = catalog_dir.join("heat.json");
    let check_only = std::env::args().any(|arg| arg == "--check");
    let json = match std::fs::read_to_string(&json_path) {
        Ok(json) => json,
        Err(error) => {
            eprintln!("cannot read {}: {error}", json_path.display());
            return ExitCode::from(2);
        }
    };
    let document = match Document::from_json(&json) {
        Ok(document) => document,
        Err(error) => {
            eprintln!("{}: {error}", json_path.display());
            return ExitCode::from(2);
        }
    };
    let mut status = ExitCode::SUCCESS;
    for (name, document) in [
        ("heat.bin", document.clone()),
        ("heat-lean.bin", document.without_descriptions()),
    ] {
        let catalog = match Catalog::from_document(&document) {
            Ok(catalog) => catalog,
            Err(error) => {
                eprintln!("{}: {error}", json_path.display());
                return ExitCode::from(2);
            }
        };
        let path = catalog_dir.join(name);
        let bytes = catalog.to_postcard();
        if std::fs::read(&path).unwrap_or_default() == bytes {
            println!("{} is up to date ({} bytes)", path.display(), bytes.len());
            continue;
        }
        if check_only {
            eprintln!("{} is stale", path.display());
            status = ExitCode::FAILURE;
            continue;
        }
        if let Err(error) = std::fs::write(&path, &bytes) {
            eprintln!("cannot write {}: {error}", path.display());
            return ExitCode::from(2);
        }
        println!(
            "wrote {} ({} bytes, {} types)",
            path.display(),
            bytes.len(),
            catalog.types().len()
        );
    }
    let versions_json = catalog_dir.join("template-versions.json");
    let versions_bin = catalog_dir.join("template-versions.bin");
    let bytes = match std::fs::read_to_string(&versions_json)
        .map_err(|e| e.to_string())
        .and_then(|json| heatwise_core::template::versions::compile_versions(&json))
    {
        Ok(bytes) => bytes,
        Err(error) => {
            eprintln!("{}: {error}", versions_json.display());
            return ExitCode::from(2);
        }
    };
    if std::fs::read(&versions_bin).unwrap_or_default() == bytes {
        println!("{} is up to date", versions_bin.display());
    } else if check_only {
        eprintln!("{} is stale", versions_bin.display());
        status = ExitCode::FAILURE;
    } else if let Err(error) = std::fs::write(&versions_bin, &bytes) {
        eprintln!("cannot write {}: {error}", versions_bin.display());
        return ExitCode::from(2);
    } else {
        println!("wrote {} ({} bytes)", versions_bin.display(), bytes.len());
    }
    status
}
