//! The type names Heat's own registry resolves at the built-in catalog's
//! release (its types, hidden ones included, and its global environment's
//! aliases), without decoding the catalog: for code that must not carry the
//! catalog's data, such as the editor's ORC module. `known-types.txt` holds
//! them, one a line, a wildcard alias as its `prefix*`; the test
//! `known_types_are_the_builtin_catalogs` holds the file to
//! [`Catalog::builtin`](super::Catalog::builtin) and rewrites it under
//! `HEATWISE_BLESS=1`.

/// One name a line; `prefix*` for a wildcard alias.
pub static BUILTIN_KNOWN_TYPES: &str = include_str!("../../catalog/known-types.txt");

/// Whether Heat's own registry, at the built-in catalog's release, resolves
/// `name` to a type or a template.
pub fn builtin_knows(name: &str) -> bool {
    BUILTIN_KNOWN_TYPES
        .lines()
        .any(|line| match line.strip_suffix('*') {
            Some(prefix) => name.starts_with(prefix),
            None => line == name,
        })
}

/// What `known-types.txt` should hold, from a catalog: the names it
/// resolves at its own release.
pub fn known_types_text(catalog: &super::Catalog) -> String {
    let release = catalog.heat_release();
    let mut lines: Vec<String> = catalog
        .types()
        .filter(|t| release.is_none_or(|r| t.is_available_at(r)))
        .map(|t| t.name().to_owned())
        .collect();
    for alias in catalog.aliases() {
        let resolves = match alias.kind {
            super::AliasKind::Glob => true,
            _ => catalog.resolve_type(alias.name).is_some(),
        };
        if resolves {
            lines.push(alias.name.to_owned());
        }
    }
    lines.sort();
    lines.dedup();
    let mut text = lines.join("\n");
    text.push('\n');
    text
}
