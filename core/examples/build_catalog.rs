//! Compiles `core/catalog/heat.json` into `core/catalog/heat.bin`, the form
//! embedded in the library.
//!
//! Usage: `cargo run -p heatwise-core --example build_catalog [-- --check]`.
//! With `--check` nothing is written; the exit status is 1 when heat.bin is
//! stale.

use std::path::Path;
use std::process::ExitCode;

use heatwise_core::catalog::Catalog;

fn main() -> ExitCode {
    let catalog_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("catalog");
    let json_path = catalog_dir.join("heat.json");
    let bin_path = catalog_dir.join("heat.bin");
    let check_only = std::env::args().any(|arg| arg == "--check");
    let json = match std::fs::read_to_string(&json_path) {
        Ok(json) => json,
        Err(error) => {
            eprintln!("cannot read {}: {error}", json_path.display());
            return ExitCode::from(2);
        }
    };
    let catalog = match Catalog::from_json(&json) {
        Ok(catalog) => catalog,
        Err(error) => {
            eprintln!("{}: {error}", json_path.display());
            return ExitCode::from(2);
        }
    };
    let bytes = catalog.to_postcard();
    let current = std::fs::read(&bin_path).unwrap_or_default();
    if current == bytes {
        println!(
            "{} is up to date ({} bytes)",
            bin_path.display(),
            bytes.len()
        );
        return ExitCode::SUCCESS;
    }
    if check_only {
        eprintln!("{} is stale", bin_path.display());
        return ExitCode::FAILURE;
    }
    if let Err(error) = std::fs::write(&bin_path, &bytes) {
        eprintln!("cannot write {}: {error}", bin_path.display());
        return ExitCode::from(2);
    }
    println!(
        "wrote {} ({} bytes, {} types)",
        bin_path.display(),
        bytes.len(),
        catalog.types().len()
    );
    ExitCode::SUCCESS
}
