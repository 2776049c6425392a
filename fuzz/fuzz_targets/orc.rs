//! See `heatwise_tests::fuzzing::orc` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| heatwise_tests::fuzzing::orc(data));
