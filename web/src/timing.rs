//! User timing entries (`performance.measure`) for the work that runs on
//! every settled edit, so that the browser's profiler and the benchmark
//! (tests/e2e/bench) see how long it takes.

/// Runs `work` and records its duration as the measure `name`, replacing
/// the one before (one entry a name: the buffer does not grow with each
/// keystroke).
pub fn measured<T>(name: &str, work: impl FnOnce() -> T) -> T {
    let Some(performance) = gloo::utils::window().performance() else {
        return work();
    };
    let start = format!("{name}:start");
    let _ = performance.mark(&start);
    let result = work();
    performance.clear_measures_with_measure_name(name);
    let _ = performance.measure_with_start_mark(name, &start);
    performance.clear_marks_with_mark_name(&start);
    result
}
