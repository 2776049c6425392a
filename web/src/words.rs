//! How counts read in the page's words: the editor's one plural.

/// `1 finding`, `3 findings`.
pub fn plural(count: usize, one: &str, many: &str) -> String {
    if count == 1 {
        format!("1 {one}")
    } else {
        format!("{count} {many}")
    }
}
