//! What every rule reports through: the template, the catalog at the
//! target release, the findings so far, and what fixes are built with.

use crate::hash::{HashMap, HashMapExt};
use crate::stack::{Reference, Resolution, Resolver, StackFacts};
use std::cell::{OnceCell, RefCell};
use std::rc::Rc;

use crate::catalog::{Catalog, CatalogAt, ResourceType, Status};
use crate::fix::{Editor, Fix};
use crate::syntax::{Entry, NodeId, Tree};
use crate::template::merge::{self, MergedEntry};
use crate::template::unread::Unread;
use crate::template::Template;
use crate::text::TextRange;

use super::memo::{Split, Used};
use super::references::References;
use super::timeline::{describe, timeline, LifecycleStep};
use super::{Diagnostic, LintOptions, Rule};

mod finish;
#[cfg(feature = "stack")]
mod nested;
#[cfg(feature = "stack")]
pub(crate) use nested::{ChainMember, NestedUse};

/// A mapping's pairs of entries with equal keys: (earlier, later).
pub(crate) type EqualKeys = Rc<[(Entry, Entry)]>;

/// A value worked out once for the lint's later parts, and the questions
/// it used, when the lint's parts are told apart.
type Kept<T> = (T, Option<Used>);

pub(crate) struct Context<'a, 't> {
    pub(crate) template: &'a Template<'t>,
    pub(crate) tree: &'a Tree<'t>,
    pub(crate) catalog: &'a Catalog,
    /// The catalog at the target release (`None` only for a catalog that
    /// names no release: then each object's newest status applies): every
    /// status is asked of it.
    pub(crate) at: CatalogAt<'a>,
    /// The files this one names, when it is linted as part of a stack.
    #[cfg_attr(not(feature = "stack"), allow(dead_code))]
    pub(crate) file_references: &'a [Reference],
    /// The nested templates this file's resources use, in a stack.
    #[cfg_attr(not(feature = "stack"), allow(dead_code))]
    pub(crate) stack: Option<&'a dyn StackFacts>,
    /// See [`LintOptions::as_environment`].
    pub(crate) as_environment: bool,
    /// See [`LintOptions::as_root`].
    as_root: bool,
    /// See [`LintOptions::limits`].
    #[cfg_attr(not(feature = "stack"), allow(dead_code))]
    pub(crate) limits: crate::heat_conf::EngineLimits,
    /// See [`LintOptions::now`].
    pub(crate) now: Option<crate::time::UtcTime>,
    pub(crate) editor: Editor<'a, 't>,
    out: Vec<Diagnostic>,
    /// Each status's description and timeline, by status: a template uses
    /// the same deprecated property many times over.
    lifecycles: HashMap<u32, (String, Vec<LifecycleStep>)>,
    /// The ranges of the nodes that have an anchor, once a fix asks.
    anchored: OnceCell<Vec<TextRange>>,
    /// Each mapping's pairs of equal keys, once asked for: findings in one
    /// large mapping would otherwise scan it once each.
    duplicates: RefCell<HashMap<NodeId, EqualKeys>>,
    /// Who refers to which resource, once asked.
    references: OnceCell<References>,
    /// What Heat never reads of the text, once asked.
    unread: OnceCell<Unread>,
    /// The definitions of resources whose properties Heat never resolves
    /// (by what the registry maps their types to).
    inert: OnceCell<Kept<Rc<[TextRange]>>>,
    /// Fixes shared by several findings (an LBaaS v1 pool's, offered on
    /// its members and monitors too), by the node they are made for.
    shared_fixes: RefCell<HashMap<NodeId, Option<Fix>>>,
    /// The environments' registry, which remembers what it was asked, as
    /// Heat's does (`None` without environments).
    resolver: RefCell<Option<Resolver<'a>>>,
    /// What the registry made of each resource's type (by resource name
    /// and type written), asked once, in the template's order; with the
    /// questions asking it used.
    mapped_types: RefCell<HashMap<String, HashMap<String, Kept<Resolution>>>>,
    /// The members of the chains a parameter lists, once asked.
    #[cfg(feature = "stack")]
    chain_members: OnceCell<Kept<Rc<[ChainMember]>>>,
    /// The lint's parts, when they are told apart ([`Split`]): a value
    /// worked out in one part and read in another says which questions
    /// it used.
    split: Option<&'a dyn Split>,
    /// Mappings as Heat's loader reads them, by node, once asked: a
    /// chain's hundred members share one `resource_properties`.
    flattened: RefCell<HashMap<NodeId, Rc<[MergedEntry]>>>,
}

impl<'a, 't> Context<'a, 't> {
    /// Whether the file is linted as its stack's root (see
    /// [`LintOptions::as_root`]).
    #[cfg_attr(not(feature = "stack"), allow(dead_code))]
    pub(crate) fn as_root(&self) -> bool {
        self.as_root
    }

    pub(crate) fn new(template: &'a Template<'t>, options: &'a LintOptions<'a>) -> Self {
        let tree = template.tree();
        Self {
            template,
            tree,
            catalog: options.catalog,
            at: options.catalog.at(options.target),
            file_references: options.references,
            stack: options.stack,
            as_environment: options.as_environment,
            as_root: options.as_root,
            limits: options.limits,
            now: options.now,
            editor: Editor::new(tree),
            out: Vec::new(),
            lifecycles: HashMap::new(),
            anchored: OnceCell::new(),
            duplicates: RefCell::new(HashMap::new()),
            references: OnceCell::new(),
            unread: OnceCell::new(),
            inert: OnceCell::new(),
            shared_fixes: RefCell::new(HashMap::new()),
            resolver: RefCell::new(
                options
                    .registry
                    .filter(|mapping| !mapping.maps_nothing())
                    .map(|mapping| mapping.resolver()),
            ),
            mapped_types: RefCell::new(HashMap::new()),
            #[cfg(feature = "stack")]
            chain_members: OnceCell::new(),
            flattened: RefCell::new(HashMap::new()),
            split: None,
        }
    }

    /// Tells the lint's parts apart through `split` (see [`Split`]).
    pub(crate) fn split_by(&mut self, split: &'a dyn Split) {
        self.split = Some(split);
    }

    /// The value `cell` keeps, worked out by `make` when first asked: a
    /// part that reads it uses the questions it used.
    fn kept<T: Clone>(&self, cell: &OnceCell<Kept<T>>, make: impl FnOnce() -> T) -> T {
        if let Some((value, used)) = cell.get() {
            if let (Some(split), Some(used)) = (self.split, used) {
                split.read_kept(used);
            }
            return value.clone();
        }
        let (value, used) = self.keeping(make);
        cell.get_or_init(|| (value.clone(), used));
        value
    }

    /// `make`'s value, and the questions it used (see [`Split::keeping`]).
    fn keeping<T>(&self, make: impl FnOnce() -> T) -> (T, Option<Used>) {
        if let Some(split) = self.split {
            split.keeping();
        }
        let value = make();
        (value, self.split.map(|split| split.kept()))
    }

    /// The entries of `mapping` as Heat's loader reads them
    /// ([`merge::flattened`]), worked out once for each mapping.
    pub(crate) fn flattened(&self, mapping: NodeId) -> Rc<[MergedEntry]> {
        if let Some(known) = self.flattened.borrow().get(&mapping) {
            return Rc::clone(known);
        }
        let entries: Rc<[MergedEntry]> = merge::flattened(self.tree, mapping).into();
        (self.flattened.borrow_mut()).insert(mapping, Rc::clone(&entries));
        entries
    }

    /// What provides the type `written` of the resource `resource` (its
    /// name; `None` for a group's member definition) through the
    /// environments' registry; `None` when no environment is given. Asked
    /// for a resource, the answer is kept: Heat resolves each resource's
    /// type once, in the template's order.
    pub(crate) fn mapped_type(&self, written: &str, resource: Option<&str>) -> Option<Resolution> {
        let mut resolver = self.resolver.borrow_mut();
        let resolver = resolver.as_mut()?;
        if let Some((known, used)) = resource.and_then(|name| {
            (self.mapped_types.borrow())
                .get(name)
                .and_then(|by_type| by_type.get(written))
                .cloned()
        }) {
            if let (Some(split), Some(used)) = (self.split, &used) {
                split.read_kept(used);
            }
            return Some(known);
        }
        let catalog = self.catalog;
        let known = |name: &str| catalog.resolve_type(name).is_some();
        let (resolution, used) = self.keeping(|| resolver(written, resource, &known));
        if let Some(name) = resource {
            (self.mapped_types.borrow_mut())
                .entry(name.to_owned())
                .or_default()
                .insert(written.to_owned(), (resolution.clone(), used));
        }
        Some(resolution)
    }

    /// What the environments make of `type_name` when it is not itself:
    /// another type or a template, as a message names it (`None` when no
    /// environment maps it).
    pub(crate) fn maps_elsewhere(&self, type_name: &str) -> Option<String> {
        match self.mapped_type(type_name, None)? {
            Resolution::Type(name) if *name == *type_name => None,
            Resolution::Type(name) => Some(format!("`{name}`")),
            Resolution::Template(name) => Some(format!("the template `{name}`")),
            Resolution::NotFound => Some("nothing".to_owned()),
            Resolution::Loop => Some("a loop".to_owned()),
        }
    }

    /// The findings reported so far.
    pub(crate) fn found_so_far(&self) -> &[Diagnostic] {
        &self.out
    }

    /// Takes up a lint after the rules that found `found` (see
    /// [`super::memo::Split`]).
    pub(crate) fn resume(&mut self, found: Vec<Diagnostic>) {
        debug_assert!(self.out.is_empty(), "a lint resumes before any finding");
        self.out = found;
    }

    /// What a part found in an earlier lint whose answers hold, in place
    /// of running it (see [`Split::skip`]).
    pub(crate) fn found_anyway(&mut self, found: Vec<Diagnostic>) {
        self.out.extend(found);
    }

    /// How many findings have been reported so far: a mark for
    /// [`Self::fixes_by_hand_since`].
    pub(crate) fn findings_so_far(&self) -> usize {
        self.out.len()
    }

    /// Turns the fixes of the findings reported since `mark` for which
    /// `unsafe_to_apply` holds into advice to do them by hand, saying `why`.
    pub(crate) fn fixes_by_hand_since(
        &mut self,
        mark: usize,
        why: &str,
        unsafe_to_apply: impl Fn(&Fix) -> bool,
    ) {
        for diagnostic in self.out.iter_mut().skip(mark) {
            if let Some(fix) = &diagnostic.fix {
                if !fix.edits.is_empty() && unsafe_to_apply(fix) {
                    diagnostic.fix =
                        Some(Fix::display_only(format!("{} by hand: {why}", fix.title)));
                }
            }
        }
    }

    /// What Heat never reads: resources whose condition is false, `if`
    /// branches not taken, values a later duplicate key replaces. Heat
    /// refuses nothing written there.
    pub(crate) fn unread(&self) -> &Unread {
        self.unread.get_or_init(|| Unread::new(self.template))
    }

    /// Whether `range` lies in a resource (a group's member definition
    /// included, which a ResourceGroup validates with itself) that no
    /// condition may leave out: one Heat validates.
    #[cfg_attr(not(feature = "stack"), allow(dead_code))]
    pub(crate) fn in_unconditional_resource(&self, range: TextRange) -> bool {
        self.template.resources().iter().any(|resource| {
            let body = self.tree.range(resource.entry.value);
            body.start <= range.start
                && range.end <= body.end
                && (self.template)
                    .resource_entry(&resource.definition, "condition")
                    .is_none()
        })
    }

    /// Whether `range` lies in a resource whose properties Heat never
    /// resolves: one whose type (or what the environments map it to) is
    /// `OS::Heat::None` or a placeholder at the target.
    pub(crate) fn is_inert(&self, range: TextRange) -> bool {
        self.kept(&self.inert, || {
            let mut inert = Vec::new();
            for resource in self.template.resources() {
                let Some(written) = resource.definition.type_name.as_deref() else {
                    continue;
                };
                let mapped = match self.mapped_type(written, Some(&resource.name)) {
                    Some(Resolution::Type(name)) => name,
                    Some(_) => continue,
                    None => written.into(),
                };
                let placeholder = &*mapped == "OS::Heat::None"
                    || self
                        .catalog
                        .resolve_type(&mapped)
                        .and_then(|r| r.resource_type())
                        .is_some_and(|t| self.at.is_placeholder(t));
                if placeholder {
                    inert.push(self.tree.range(resource.definition.body));
                }
            }
            inert.into()
        })
        .iter()
        .any(|r| r.start <= range.start && range.end <= r.end)
    }

    pub(crate) fn references(&self) -> &References {
        self.references
            .get_or_init(|| References::new(self.template))
    }

    /// The fix made for `node` by `make`, made once however many findings
    /// offer it.
    pub(crate) fn shared_fix(
        &self,
        node: NodeId,
        make: impl FnOnce() -> Option<Fix>,
    ) -> Option<Fix> {
        if let Some(fix) = self.shared_fixes.borrow().get(&node) {
            return fix.clone();
        }
        let fix = make();
        self.shared_fixes.borrow_mut().insert(node, fix.clone());
        fix
    }

    /// Reports a finding with the rule's severity.
    pub(crate) fn report(
        &mut self,
        rule: Rule,
        range: TextRange,
        message: String,
    ) -> &mut Diagnostic {
        self.out.push(Diagnostic::of(rule, range, message));
        self.out.last_mut().expect("just pushed")
    }

    /// Reports a finding with its fix. Every fix passes here, so that no
    /// rule has to remember the guard every edit needs: a fix that would
    /// edit text a YAML anchor shares becomes advice to make it by hand.
    pub(crate) fn report_with_fix(
        &mut self,
        rule: Rule,
        range: TextRange,
        message: String,
        fix: Option<Fix>,
    ) -> &mut Diagnostic {
        let fix = self.unless_shared(range, fix);
        let diagnostic = self.report(rule, range, message);
        diagnostic.fix = fix;
        diagnostic
    }

    /// What [`describe`] and [`timeline`] make of `status`.
    pub(crate) fn lifecycle(&mut self, status: Status<'a>) -> (String, Vec<LifecycleStep>) {
        self.lifecycles
            .entry(status.id())
            .or_insert_with(|| (describe(status), timeline(status)))
            .clone()
    }

    pub(crate) fn target_text(&self) -> String {
        self.at
            .release()
            .map_or_else(|| "the catalog's release".to_owned(), |r| r.to_string())
    }

    /// Whether the property at `path` is SUPPORTED at the target.
    pub(crate) fn is_supported(&self, resource_type: ResourceType<'a>, path: &[&str]) -> bool {
        resource_type
            .property_at(path)
            .is_some_and(|property| self.at.is_supported(&property))
    }

    /// Whether a type is SUPPORTED, and not a placeholder, at the target.
    pub(crate) fn type_is_supported(&self, resource_type: ResourceType<'a>) -> bool {
        !self.at.is_placeholder(resource_type) && self.at.is_supported(&resource_type)
    }

    pub(crate) fn duplicates(&self, mapping: NodeId) -> EqualKeys {
        self.duplicates
            .borrow_mut()
            .entry(mapping)
            .or_insert_with(|| self.tree.duplicate_keys(mapping).into())
            .clone()
    }

    /// `fix`, or advice to make it by hand when it would edit text that a
    /// YAML anchor shares: the node at `range`, a collection around it or
    /// a node an edit touches has an anchor, and what is edited there is
    /// also read wherever an alias points.
    fn unless_shared(&self, range: TextRange, fix: Option<Fix>) -> Option<Fix> {
        let fix = fix?;
        if fix.edits.is_empty() || !self.edits_shared_text(range, &fix) {
            return Some(fix);
        }
        Some(Fix::display_only(format!(
            "{} by hand: the text is shared through a YAML anchor, and an edit would change every place that refers to it",
            fix.title
        )))
    }

    fn edits_shared_text(&self, range: TextRange, fix: &Fix) -> bool {
        let tree = self.tree;
        let mut node = tree.node_at(range.start);
        while let Some(current) = node {
            if tree.anchor(current).is_some() {
                return true;
            }
            node = tree.parent(current);
        }
        let anchored = self.anchored.get_or_init(|| {
            tree.node_ids()
                .filter_map(|node| tree.anchor(node).map(|_| tree.range(node)))
                .collect()
        });
        anchored.iter().any(|anchored| {
            fix.edits
                .iter()
                .any(|edit| edit.range.start <= anchored.end && anchored.start <= edit.range.end)
        })
    }
}

/// A finding message with "did you mean" suggestions.
pub(crate) fn with_suggestions(mut message: String, suggestions: &[&str]) -> String {
    match suggestions {
        [] => {}
        [one] => message.push_str(&format!("; did you mean `{one}`?")),
        several => {
            let list: Vec<String> = several.iter().map(|s| format!("`{s}`")).collect();
            message.push_str(&format!("; did you mean one of {}?", list.join(", ")));
        }
    }
    message
}
