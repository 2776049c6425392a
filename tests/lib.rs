//! Cross-crate and corpus tests live in `tests/tests/`; this crate has no code of its own.
