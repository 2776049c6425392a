//! What the test suites share, so that no suite keeps a copy: snapshot
//! assertions (compare with an expected file, or rewrite it under
//! `HEATWISE_BLESS=1`), the corpora of real templates, fixture files
//! beside their recordings, running the CLI, and a real Heat (and Keystone)
//! to run it against.

mod cloud;
mod corpus;
mod files;
mod run;

use std::path::Path;

pub use cloud::{heat_python, Cloud};
pub use corpus::{corpora, files_under, rendered_corpus, Corpus};
pub use files::{fixtures, with_suffix};
pub use run::run;

/// FNV-1a, 64 bits, in hexadecimal: the hash that recorded fixtures carry
/// of their input (`tools/heat_oracle`), so that a changed fixture without
/// a new recording is noticed.
/// A moment of the year Heat's recorded verdicts were judged
/// (2026-06-01T00:00:00Z), in microseconds since 1970, for replaying them:
/// Heat compares a Barbican `expiration` with its clock, and every
/// expiration the recorded cases hold is years before or after this, so the
/// replay agrees with the recording whatever day the tests run.
pub const JUDGED_AT_UNIX_MICROS: i64 = 1_780_272_000_000_000;

pub fn fnv1a64(bytes: &[u8]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &byte in bytes {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// Panics with a readable diff when `actual` differs from the file.
pub fn assert_snapshot(path: &Path, actual: &str) {
    if std::env::var_os("HEATWISE_BLESS").is_some() {
        std::fs::write(path, actual)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        return;
    }
    let expected = std::fs::read_to_string(path).unwrap_or_else(|_| {
        panic!(
            "{} is missing; create it by running the test with HEATWISE_BLESS=1",
            path.display()
        )
    });
    if expected != actual {
        panic!(
            "{} differs from the output (HEATWISE_BLESS=1 accepts the output):\n{}",
            path.display(),
            line_diff(&expected, actual)
        );
    }
}

/// The lines only in `expected` (-) and only in `actual` (+), in order.
fn line_diff(expected: &str, actual: &str) -> String {
    let old: Vec<&str> = expected.lines().collect();
    let new: Vec<&str> = actual.lines().collect();
    // Longest common subsequence table; snapshots are small.
    let mut lcs = vec![vec![0usize; new.len() + 1]; old.len() + 1];
    for i in (0..old.len()).rev() {
        for j in (0..new.len()).rev() {
            lcs[i][j] = if old[i] == new[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut out) = (0, 0, String::new());
    while i < old.len() || j < new.len() {
        if i < old.len() && j < new.len() && old[i] == new[j] {
            i += 1;
            j += 1;
        } else if j < new.len() && (i == old.len() || lcs[i][j + 1] >= lcs[i + 1][j]) {
            out.push_str(&format!("+ {}\n", new[j]));
            j += 1;
        } else {
            out.push_str(&format!("- {}\n", old[i]));
            i += 1;
        }
    }
    out
}
