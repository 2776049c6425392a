//! See `heatwise_tests::fuzzing::lint_input` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| heatwise_tests::fuzzing::lint_input(data));
