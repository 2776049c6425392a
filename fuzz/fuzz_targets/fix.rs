//! See `heatwise_tests::fuzzing::fix` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| heatwise_tests::fuzzing::fix(data));
