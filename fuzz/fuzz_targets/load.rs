//! See `heatwise_tests::fuzzing::load` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| heatwise_tests::fuzzing::load(data));
