//! What a [`GatherCache`] learns of a file once for every stack read
//! with it and its clones: the text, whether it is a template, its names
//! of files, its interface, the length heatclient sends for it.

use std::sync::{Arc, Mutex, PoisonError};

use crate::hash::HashMap;
use crate::syntax::Tree;
use crate::template::{merge, Parsed};

use super::super::names::{apart, registry_references, template_references, Found, Lookup};
use super::super::url;
use super::{Content, FileProvider, GatherCache, ReadError};

/// What reading a file taught, for another clone of the cache.
pub(super) struct Learned {
    text: Arc<str>,
    lookup: Lookup,
    /// `None`: not a template.
    template: Option<LearnedTemplate>,
}

struct LearnedTemplate {
    parsed: Arc<Parsed>,
    references: Vec<Found>,
    bound: u64,
    interface: Arc<crate::stack::Interface>,
    deprecated: Arc<[String]>,
}

impl GatherCache {
    /// A clone for another thread. What each stack copies whole (the
    /// names in the stacks kept to build on and in each file, the
    /// registries' entries, the parameters' lists) is copied apart: a
    /// thread that counts the users of what another thread counts too
    /// moves the count from core to core at every copy. The texts,
    /// parses and what is learnt stay shared.
    pub fn for_another_thread(&self) -> GatherCache {
        let mut cache = self.clone();
        for gathered in cache.gathered.values_mut() {
            let (stack, _) = &**gathered;
            let stack = stack.apart();
            let index = (stack.files.iter().enumerate())
                .map(|(id, file)| (Arc::clone(&file.url), id))
                .collect();
            *gathered = Arc::new((stack, index));
        }
        for registry in cache.registries.values_mut() {
            *registry = registry.apart();
        }
        cache.references = (cache.references.iter())
            .map(|((environment, lookup, url), found)| {
                let found = found.iter().map(Found::apart).collect();
                ((*environment, *lookup, apart(url)), found)
            })
            .collect();
        for list in (cache.parameters.values_mut()).chain(cache.deprecated.values_mut()) {
            *list = list.iter().cloned().collect();
        }
        // Resolutions follow registry entries by pointer: this thread's
        // entries are its own.
        cache.resolutions = Arc::default();
        cache
    }

    /// The lengths measured of what heatclient sends, shared with this
    /// cache's clones.
    pub(crate) fn sent_lengths(&self) -> SentLengths {
        Arc::clone(&self.sent)
    }

    /// Forgets all that was learnt of the file at `url`, which changed:
    /// the next stack reads it again.
    pub fn forget(&mut self, url: &str) {
        self.read.remove(url);
        self.texts
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(url);
        self.is_template.remove(url);
        // Any stack gathered may have read it.
        self.gathered.clear();
        self.learned
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(url);
        self.bounds.remove(url);
        self.sent
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(url);
        self.references.retain(|(_, _, known), _| &**known != url);
        if let Some(interface) = self.interfaces.remove(url) {
            self.declarations.remove(&interface);
        }
        self.defaults.remove(url);
        self.uses.forget(url);
        self.parsed.remove(url);
        self.deprecated.remove(url);
        self.parameters.remove(url);
        self.registries
            .retain(|environments, _| !environments.iter().any(|e| e == url));
    }

    /// Reads a file a stack reaches, parsing it once for all the cache
    /// keeps of a template: whether it is one, its names of files, its
    /// interface and deprecated parameters, its names of files looked up
    /// as `lookup` says. Whether it is a template.
    pub(super) fn learn(&mut self, url: &str, text: &Arc<str>, lookup: Lookup) -> bool {
        let shared = || self.learned.lock().unwrap_or_else(PoisonError::into_inner);
        let known = shared().get(url).cloned();
        let learned = match known {
            // Another clone read the same text (shared, so by pointer).
            Some(known) if Arc::ptr_eq(&known.text, text) && known.lookup == lookup => known,
            _ => {
                let learned = Arc::new(Self::read_anew(url, text, lookup));
                if let Some(template) = &learned.template {
                    // The uses cache is the clones' already.
                    let parsed = template.parsed.borrow_dependent();
                    let uses = crate::stack::uses::Uses::read(parsed, None);
                    self.uses.keep(url, uses, &template.parsed);
                }
                shared().insert(url.to_owned(), Arc::clone(&learned));
                learned
            }
        };
        self.is_template
            .insert(url.to_owned(), learned.template.is_some());
        let Some(template) = &learned.template else {
            return false;
        };
        self.bounds.insert(url.to_owned(), template.bound);
        // Copied apart: every stack of this clone's thread copies them
        // (see `for_another_thread`).
        let references = template.references.iter().map(Found::apart).collect();
        self.references
            .insert((false, lookup, Arc::from(url)), references);
        self.keep_interface(url, Arc::clone(&template.interface));
        self.deprecated.insert(
            url.to_owned(),
            template.deprecated.iter().cloned().collect(),
        );
        self.parsed
            .insert(url.to_owned(), Arc::clone(&template.parsed));
        true
    }

    /// [`GatherCache::learn`] of a text no clone read.
    fn read_anew(url: &str, text: &Arc<str>, lookup: Lookup) -> Learned {
        let kept = Arc::new(Parsed::of(Arc::clone(text)));
        let parsed = kept.borrow_dependent();
        let template = is_template(parsed.tree()).then(|| {
            let references = template_references(parsed, url, lookup);
            LearnedTemplate {
                bound: sent_bound(text, &references),
                references,
                interface: Arc::new(crate::stack::Interface::of(url, parsed)),
                deprecated: crate::stack::interface::deprecated_parameters(parsed).into(),
                parsed: Arc::clone(&kept),
            }
        });
        Learned {
            text: Arc::clone(text),
            lookup,
            template,
        }
    }

    /// The text at `url` (`None`: binary), read once per cache.
    pub(super) fn read_once(
        &mut self,
        url: &str,
        provider: &dyn FileProvider,
    ) -> Result<Option<Arc<str>>, ReadError> {
        if let Some(known) = self.read.get(url) {
            return known.clone();
        }
        let read = provider.read(url).map(|content| match content {
            Content::Text(text) => Some(self.shared_text(url, text)),
            Content::Binary => None,
        });
        self.read.insert(url.to_owned(), read.clone());
        read
    }

    /// Reads and learns the file at `url` ahead of a gathering, as
    /// heatclient's joined names reach it (an environment when
    /// `environment`); the URLs of the files it names. The clones of a
    /// cache that learn files at the same time, one thread each, share
    /// what they learn: a gathering after them parses none of them again.
    pub fn learn_ahead(
        &mut self,
        url: &str,
        provider: &dyn FileProvider,
        environment: bool,
    ) -> Vec<String> {
        let Ok(Some(text)) = self.read_once(url, provider) else {
            return Vec::new();
        };
        let found = if environment {
            let parsed = self.parse_kept(url, &text);
            registry_references(parsed.borrow_dependent(), url, Lookup::Joined)
        } else if self.learn(url, &text, Lookup::Joined) {
            let key = (false, Lookup::Joined, Arc::from(url));
            self.references.get(&key).cloned().unwrap_or_default()
        } else {
            Vec::new()
        };
        (found.into_iter())
            .filter(|found| !found.fetched_by_engine)
            .map(|found| found.url.to_string())
            .collect()
    }

    /// `text`, read at `url`: the copy a clone of this cache read, when
    /// it read the same.
    pub(super) fn shared_text(&self, url: &str, text: String) -> Arc<str> {
        let mut texts = self.texts.lock().unwrap_or_else(PoisonError::into_inner);
        match texts.get(url) {
            Some(known) if **known == *text => Arc::clone(known),
            _ => {
                let text: Arc<str> = Arc::from(text);
                texts.insert(url.to_owned(), Arc::clone(&text));
                text
            }
        }
    }

    /// The interface of the template at `url` whose text is `text`, read
    /// the first time.
    pub(in crate::stack) fn interface(
        &mut self,
        url: &str,
        text: &str,
    ) -> Arc<crate::stack::Interface> {
        if let Some(known) = self.interfaces.get(url) {
            return Arc::clone(known);
        }
        let interface = Arc::new(crate::stack::Interface::read(url, text));
        self.keep_interface(url, Arc::clone(&interface));
        interface
    }

    fn keep_interface(&mut self, url: &str, interface: Arc<crate::stack::Interface>) {
        self.declarations.add(&interface);
        if let Some(replaced) = self.interfaces.insert(url.to_owned(), interface) {
            self.declarations.remove(&replaced);
        }
    }

    /// Keeps the environment file at `url`, read and parsed (`parsed`)
    /// ahead of the stacks gathered with this cache and its clones, as
    /// heatclient's joined names reach it: none of them reads it, parses
    /// it or finds its names again (`--each-environment` parses each file
    /// of its folder to tell an environment).
    pub fn keep_environment(&mut self, url: &str, parsed: Arc<Parsed>) {
        let text = Arc::clone(parsed.borrow_owner());
        (self.texts.lock().unwrap_or_else(PoisonError::into_inner))
            .insert(url.to_owned(), Arc::clone(&text));
        self.read.insert(url.to_owned(), Ok(Some(text)));
        let found = registry_references(parsed.borrow_dependent(), url, Lookup::Joined);
        (self.references).insert((true, Lookup::Joined, Arc::from(url)), found);
        self.parsed.insert(url.to_owned(), parsed);
    }

    /// The parse of `text`, read at `url`: the one this cache keeps, or a
    /// new one it keeps from now on.
    pub(crate) fn parse_kept(&mut self, url: &str, text: &Arc<str>) -> Arc<Parsed> {
        if let Some(kept) = self.parsed(url, text) {
            return Arc::clone(kept);
        }
        let parsed = Arc::new(Parsed::of(Arc::clone(text)));
        self.parsed.insert(url.to_owned(), Arc::clone(&parsed));
        parsed
    }

    /// The parse of the template or environment at `url` read with the
    /// text `text`, when this cache keeps it.
    pub fn parsed(&self, url: &str, text: &Arc<str>) -> Option<&Arc<Parsed>> {
        let kept = self.parsed.get(url)?;
        Arc::ptr_eq(kept.borrow_owner(), text).then_some(kept)
    }
}

/// At most how long the text heatclient sends for a template is, without
/// reading it as Heat's loader does: without aliases (no `*` in the text),
/// JSON writes at most 24 characters a byte (a character escaped as a
/// surrogate pair, a scalar's quotes, an empty value's `null`), and each
/// file the template names becomes its URL. `u64::MAX` with aliases.
pub(super) fn sent_bound(text: &str, references: &[Found]) -> u64 {
    if memchr::memchr(b'*', text.as_bytes()).is_some() {
        return u64::MAX;
    }
    let urls: u64 = references.iter().map(|r| r.url.len() as u64 + 2).sum();
    24 * text.len() as u64 + urls
}

/// By URL: what the linter measured of what heatclient sends (`sent_len`).
pub type SentLengths = Arc<Mutex<HashMap<String, Option<u64>>>>;

/// The length, in characters, of the text heatclient sends for a nested
/// template: not the file, but `jsonutils.dumps` of what its loader reads
/// (`ensure_ascii`), each `get_file` and each `type` naming a `.yaml` or
/// `.template` file replaced by the URL it joins. Heat measures that text
/// against heat.conf's `max_template_size`. `None` when the loader refuses
/// the text or it holds what JSON does not.
pub(crate) fn sent_len(text: &str, tree: &Tree<'_>, file_url: &str) -> Option<u64> {
    use crate::load::{self, Kind};
    // heatclient's loader reads JSON first; the tree is the YAML reading.
    let value = match text.trim_start().starts_with('{') {
        true => load::load(text, Kind::Template),
        false => load::load_tree(tree, Kind::Template),
    };
    load::json_len(&value.ok()?, &|key, value| {
        let named = key == "get_file"
            || (key == "type" && (value.ends_with(".yaml") || value.ends_with(".template")));
        named.then(|| url::join(file_url, value))
    })
}

/// Whether heatclient reads the text of `tree` as a template
/// (`template_format.parse` succeeds): a mapping with one of the version
/// keys.
fn is_template(tree: &Tree<'_>) -> bool {
    if !tree.errors().is_empty() {
        return false;
    }
    let Some(root) = tree.root().filter(|&root| tree.is_mapping(root)) else {
        return false;
    };
    [
        "heat_template_version",
        "HeatTemplateFormatVersion",
        "AWSTemplateFormatVersion",
    ]
    .iter()
    .any(|key| merge::merged_entry(tree, root, key).is_some())
}
