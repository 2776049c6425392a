//! Migrating a whole stack: every template and environment fixed on its
//! own ([`fix_all`]), then the migrated stack gathered and linted again,
//! and the migration refused when a file has more cross-file findings
//! (HW4xx) than before: a fix may rename what another file relies on (a
//! parameter a caller passes, an output it reads).

use std::collections::{BTreeMap, HashMap};

use crate::lint::{LintOptions, StackLinter};
use crate::stack::{Content, FileProvider, GatherCache, ReadError, Role, Stack, Target};

use super::{fix_all, FixOptions, FixOutcome};

/// What [`fix_stack`] did.
#[derive(Debug)]
pub struct StackFix {
    /// Each template and environment, by URL, with what fixing it did
    /// (the text unchanged when nothing applied).
    pub outcomes: Vec<(String, FixOutcome)>,
    /// Per file and cross-file rule, the findings the migrated stack has
    /// more of than the original: (URL, rule code, how many more). When
    /// not empty, the migration must not be written.
    pub broken: Vec<(String, &'static str, usize)>,
}

impl StackFix {
    /// The files whose text the migration changes, by URL.
    pub fn changed(&self) -> impl Iterator<Item = (&str, &str)> {
        self.outcomes
            .iter()
            .filter(|(_, outcome)| outcome.refused.is_none() && !outcome.applied.is_empty())
            .map(|(url, outcome)| (url.as_str(), outcome.text.as_str()))
    }
}

/// Migrates every template and environment of `stack`, and checks the
/// migrated stack against the original (see the module's documentation).
pub fn fix_stack(stack: &Stack, options: &FixOptions<'_>) -> StackFix {
    let outcomes: Vec<(String, FixOutcome)> = stack
        .files
        .iter()
        .filter(|file| file.role != Role::Data)
        .map(|file| (file.url.to_string(), fix_all(&file.text, options)))
        .collect();
    let mut fixed = StackFix {
        outcomes,
        broken: Vec::new(),
    };
    let texts: HashMap<&str, &str> = fixed.changed().collect();
    if texts.is_empty() {
        return fixed;
    }
    let Some(root) = stack.files.iter().find(|f| f.role == Role::Root) else {
        return fixed;
    };
    let root = root.url.clone();
    let migrated = Migrated { stack, texts };
    let environments: Vec<String> = stack
        .environments()
        .map(|id| stack.files[id].url.to_string())
        .collect();
    // Found again as the original's names were (joined, or as Heat
    // stored them).
    let after = Stack::gather_looking_up(
        stack.lookup,
        &root,
        &environments,
        &migrated,
        &mut GatherCache::default(),
    );
    fixed.broken = new_cross_file_findings(stack, &after, &options.lint);
    fixed
}

/// The stack's files, the migrated texts instead of the originals; what
/// the stack could not read, unread again for the same reason.
struct Migrated<'s> {
    stack: &'s Stack,
    texts: HashMap<&'s str, &'s str>,
}

impl FileProvider for Migrated<'_> {
    fn read(&self, url: &str) -> Result<Content, ReadError> {
        if let Some(text) = self.texts.get(url) {
            return Ok(Content::Text((*text).to_owned()));
        }
        if let Some(id) = self.stack.file(url) {
            let file = &self.stack.files[id];
            return Ok(match (file.role, file.text.is_empty()) {
                (Role::Data, true) => Content::Binary,
                _ => Content::Text(file.text.to_string()),
            });
        }
        let why = self.stack.references.iter().find_map(|r| match &r.target {
            Target::Unread(why) if &*r.url == url => Some(why.clone()),
            _ => None,
        });
        Err(why.unwrap_or(ReadError::NotFound))
    }
}

/// Per file and cross-file rule, the findings `after` has more of than
/// `before`: (URL, rule code, how many more).
fn new_cross_file_findings(
    before: &Stack,
    after: &Stack,
    options: &LintOptions<'_>,
) -> Vec<(String, &'static str, usize)> {
    let count = |stack: &Stack| {
        let linter = StackLinter::new(stack, &mut GatherCache::default());
        let mut counts: BTreeMap<(String, &'static str), usize> = BTreeMap::new();
        for id in linter.files() {
            for diagnostic in linter.lint(id, options) {
                if diagnostic.code().starts_with("HW4") {
                    let key = (stack.files[id].url.to_string(), diagnostic.code());
                    *counts.entry(key).or_default() += 1;
                }
            }
        }
        counts
    };
    let (old, new) = (count(before), count(after));
    new.into_iter()
        .filter_map(|(key, n)| {
            let was = old.get(&key).copied().unwrap_or(0);
            (n > was).then(|| (key.0, key.1, n - was))
        })
        .collect()
}
