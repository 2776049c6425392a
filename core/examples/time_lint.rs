use heatwise_core::catalog::Catalog;
use heatwise_core::lint::{lint, LintOptions};
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    let options = LintOptions::new(Catalog::builtin());
    let _ = lint(&text, &options);
    let n: usize = std::env::var("N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(50);
    let start = std::time::Instant::now();
    let mut count = 0;
    for _ in 0..n {
        count = lint(&text, &options).len();
    }
    println!(
        "{} findings, {:.3} ms per lint",
        count,
        start.elapsed().as_secs_f64() * 1000.0 / n as f64
    );
}
