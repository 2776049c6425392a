//! Across the files of a stack: go to a symbol's declaration, find its
//! references, rename it (`heatwise_core::stack::symbols` finds the
//! places). A parameter's places are its declarations, its `get_param`
//! uses and `parameter_groups` entries, the properties that pass it to a
//! nested template and the environment keys that set it; a resource's,
//! its declaration and references; a nested template's output, its
//! declaration and the `get_attr` that read it.

use std::collections::HashMap;

use heatwise_core::stack::symbols::{Place, StackSymbols, Symbol, Usage};
use heatwise_core::stack::{FileId, Stack};
use lsp_types::{Location, Position, TextEdit, Uri, WorkspaceEdit};

use super::document::{Converter, Encoding};
use super::names::Names;

/// Most characters of a new name.
pub const MAX_NAME: usize = 255;

/// The symbol at `position` in the file at `url` (as the stack names it),
/// with the stack's symbols; `None` where nothing is named.
pub fn symbol_at(
    stack: &Stack,
    symbols: &StackSymbols,
    url: &str,
    position: Position,
    encoding: Encoding,
) -> Option<Symbol> {
    let (file, offset) = place_of(stack, url, position, encoding)?;
    symbols.symbol_at(file, offset)
}

/// The file at `url` in the stack, and the byte offset of `position` in it.
fn place_of(
    stack: &Stack,
    url: &str,
    position: Position,
    encoding: Encoding,
) -> Option<(FileId, u32)> {
    let file = stack.file(url)?;
    Some((
        file,
        Converter::new(&stack.files[file].text, encoding).offset(position),
    ))
}

/// The file the name at `position` names (a type, a `get_file`, a
/// registry entry), at its start, as python-heatclient joins the name.
pub fn file_named_at(
    stack: &Stack,
    (url, names): (&str, &Names<'_>),
    position: Position,
    encoding: Encoding,
) -> Option<Location> {
    let (file, offset) = place_of(stack, url, position, encoding)?;
    Some(Location {
        uri: names.client_uri(stack.file_named_at(file, offset)?)?,
        range: lsp_types::Range::default(),
    })
}

/// Where the symbol is declared: in the file asked from when it is
/// declared there, else everywhere it is.
pub fn declarations(
    stack: &Stack,
    symbols: &StackSymbols,
    symbol: &Symbol,
    (from, names): (&str, &Names<'_>),
    encoding: Encoding,
) -> Vec<Location> {
    let declared: Vec<Place> = symbols
        .places(symbol)
        .into_iter()
        .filter(|place| place.usage == Usage::Declaration)
        .collect();
    let here: Vec<Place> = declared
        .iter()
        .copied()
        .filter(|place| &*stack.files[place.file].url == from)
        .collect();
    let chosen = if here.is_empty() { declared } else { here };
    locations(stack, &chosen, names, encoding)
}

/// Every place of the symbol, its declarations with them or not.
pub fn references(
    stack: &Stack,
    symbols: &StackSymbols,
    symbol: &Symbol,
    (with_declarations, names): (bool, &Names<'_>),
    encoding: Encoding,
) -> Vec<Location> {
    let places: Vec<Place> = symbols
        .places(symbol)
        .into_iter()
        .filter(|place| with_declarations || place.usage != Usage::Declaration)
        .collect();
    locations(stack, &places, names, encoding)
}

/// The edits that rename the symbol to `new_name` in every file of the
/// stack, or why it cannot be renamed.
pub fn rename(
    stack: &Stack,
    symbols: &StackSymbols,
    symbol: &Symbol,
    (new_name, names): (&str, &Names<'_>),
    encoding: Encoding,
) -> Result<WorkspaceEdit, String> {
    let valid = !new_name.is_empty()
        && new_name.len() <= MAX_NAME
        && new_name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
        && !new_name.starts_with(['-', '.']);
    if !valid {
        return Err(format!(
            "`{new_name}` cannot be a name here: use letters, digits, `_`, `-` and `.` (at most {MAX_NAME}), starting with a letter, a digit or `_`"
        ));
    }
    if let Some(file) = symbols.taken(symbol, new_name) {
        return Err(format!(
            "{} already has `{new_name}`: renaming would merge two names into one",
            shown(stack, file)
        ));
    }
    if let Some((file, range, why)) = symbols.rename_blockers(symbol).into_iter().next() {
        let at = Converter::new(&stack.files[file].text, encoding).position(range.start);
        return Err(format!(
            "`{}` is not renamed: {why} ({}:{}:{}); rename it by hand",
            symbol.name(),
            shown(stack, file),
            at.line + 1,
            at.character + 1
        ));
    }
    // `Uri` caches its parsed parts in a cell; its hash never changes.
    #[allow(clippy::mutable_key_type)]
    let mut changes: HashMap<Uri, Vec<TextEdit>> = HashMap::new();
    for place in symbols.places(symbol) {
        let file = &stack.files[place.file];
        // The editor's name for it: its open document is the one edited.
        let Some(uri) = names.client_uri(&file.url) else {
            continue;
        };
        let written = &file.text[place.range.as_usize()];
        // A quoted name stays quoted the same way.
        let new_text = match written.chars().next() {
            Some(quote @ ('\'' | '"')) => format!("{quote}{new_name}{quote}"),
            _ => new_name.to_owned(),
        };
        changes.entry(uri).or_default().push(TextEdit {
            range: Converter::new(&file.text, encoding).range(place.range),
            new_text,
        });
    }
    Ok(WorkspaceEdit {
        changes: Some(changes),
        ..WorkspaceEdit::default()
    })
}

fn locations(
    stack: &Stack,
    places: &[Place],
    names: &Names<'_>,
    encoding: Encoding,
) -> Vec<Location> {
    places
        .iter()
        .filter_map(|place| {
            let file = &stack.files[place.file];
            Some(Location {
                uri: names.client_uri(&file.url)?,
                range: Converter::new(&file.text, encoding).range(place.range),
            })
        })
        .collect()
}

/// A file as messages name it: its name.
fn shown(stack: &Stack, file: usize) -> &str {
    let url = &stack.files[file].url;
    url.rsplit('/').next().unwrap_or(url)
}
