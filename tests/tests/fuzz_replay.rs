//! The fuzz targets' checks (`heatwise_tests::fuzzing`), replayed without
//! libFuzzer over the inputs the fuzzing kept (`fuzz/corpus/TARGET/`) and
//! over the regression fixtures, each an input that once broke a check
//! (`tests/fixtures/fuzz/TARGET/`). A failure names the file; `cargo fuzz
//! run TARGET FILE` replays it under the fuzzer.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use heatwise_tests::fuzzing::TARGETS;

fn files_in(directory: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(directory) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    files
}

fn replay(directory: &str, least: usize) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut failures = Vec::new();
    for (target, check) in TARGETS {
        let inputs = files_in(&root.join(directory).join(target));
        assert!(
            inputs.len() >= least,
            "{directory}/{target} holds {} inputs, fewer than {least}",
            inputs.len()
        );
        for input in inputs {
            let data = std::fs::read(&input).expect("a readable input");
            if let Err(panic) = catch_unwind(AssertUnwindSafe(|| check(&data))) {
                let message = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_default();
                failures.push(format!("{target}: {}: {message}", input.display()));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn the_regression_fixtures_pass_every_check() {
    replay("tests/fixtures/fuzz", 0);
}
#[test]
fn the_fuzz_corpus_passes_every_check() {
    replay("fuzz/corpus", 100);
}
