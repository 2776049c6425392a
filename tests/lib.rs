//! Cross-crate and corpus tests live in `tests/tests/`. The library holds
//! what they share with `heatwise-parity` (`tests/parity/`), the
//! differential check of the loader against Heat's.

pub mod canon;
pub mod fuzzing;
pub mod variants;
