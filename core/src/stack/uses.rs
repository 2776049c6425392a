//! What a template's text says of the nested templates it uses: each
//! resource and group member definition with its type, whether Heat
//! leaves it out with the template's parameter values, and what it passes
//! each property. Read once per file and shared by every stack of it.

use std::sync::{Arc, Mutex, PoisonError};

use crate::hash::HashMap;
use crate::syntax::NodeId;
use crate::template::unread::{Unread, Values};
use crate::template::value::{Val, V};
use crate::template::{self, listed_types, AttributeRef, Parsed, Template};
use crate::text::TextRange;

/// What one use passes a property.
#[derive(Clone, Debug, PartialEq)]
pub enum Passed {
    /// Shared: the memo compares what a use passes by its pointer first.
    /// Its place is left out: it is the using template's, not the used.
    Literal(Arc<Val>),
    /// `get_param` of one of the using template's own parameters.
    Parameter(String),
    /// Anything else: known only when the stack runs.
    Computed,
}

/// One resource, or one group's member definition.
#[derive(Debug)]
pub struct Use {
    /// The resource's name (`None` for a group's member definition).
    pub resource: Option<String>,
    /// The range of its `type` value, and the type as written.
    pub type_range: Option<TextRange>,
    pub type_name: String,
    /// Left out with the template's values: its condition is false, or
    /// it is a member of a ResourceGroup with `count: 0`.
    pub skipped: bool,
    /// What it passes each property, when its properties are a mapping:
    /// shared by the members of a chain, which all pass the chain's
    /// `resource_properties` (a hundred services each asked what it is
    /// passed, for each combination of environments).
    pub passes: Option<Arc<[(String, Passed)]>>,
    /// The outputs of the template it uses that the resources of this one
    /// read with `get_attr`, each with the name of a resource that reads
    /// it: the create resolves them when it creates that resource.
    pub reads: Vec<(String, String)>,
}

/// A template's uses, and its parameters' defaults as written.
#[derive(Debug, Default)]
pub struct Uses {
    pub uses: Vec<Use>,
    /// Shared with every stack of the same text: the lint memo then
    /// compares a default passed on by pointer.
    pub defaults: Vec<(String, Arc<Val>)>,
    /// The parameters whose values decide which uses are skipped: those
    /// the conditions and the groups' counts read.
    pub decided_by: Vec<String>,
    /// Whether a type is given by a function (a ResourceChain's
    /// `resources` from a parameter, say): it may name any template.
    pub computed_types: bool,
}

impl Uses {
    /// Reads `parsed`, its conditions decided with the values `given`
    /// gives parameters, else their defaults.
    pub fn read(parsed: &Template<'_>, given: Option<Values<'_>>) -> Uses {
        let tree = parsed.tree();
        let defaults: Vec<(String, Arc<Val>)> = parsed
            .parameters()
            .iter()
            .filter_map(|parameter| {
                let default = tree.get(parameter.entry.value, "default")?;
                let value = parsed.plain_literal(default)?;
                let value = Val::new(value.v, TextRange::empty(0));
                Some((parameter.name.clone(), Arc::new(value)))
            })
            .collect();
        let by_default = |name: &str| {
            (defaults.iter().rev())
                .find(|(n, _)| n == name)
                .map(|(_, v)| Val::clone(v))
        };
        let with_given = |name: &str| {
            given
                .and_then(|given| given(name))
                .or_else(|| by_default(name))
        };
        let values: &dyn Fn(&str) -> Option<Val> = &with_given;
        let skipped = Unread::with_values(parsed, values);
        let empty = empty_groups(parsed, values);
        let resources = parsed.resources();
        let members = parsed
            .nested_definitions()
            .iter()
            .map(|nested| (&nested.definition, Some(nested.group)));
        let definitions = resources
            .iter()
            .map(|resource| (&resource.definition, None, Some(&resource.name)))
            .chain(members.map(|(definition, group)| (definition, group, None)));
        let read_by = outputs_read(parsed, &skipped);
        let uses: Vec<Use> = definitions
            .filter_map(|(definition, group, resource)| {
                let type_name = definition.type_name.clone()?;
                let reads = match (resource, group) {
                    (Some(name), _) => read_by(name, None),
                    (None, Some(group)) => {
                        let group = &resources[group];
                        read_by(&group.name, group.definition.type_name.as_deref())
                    }
                    (None, None) => Vec::new(),
                };
                let body = tree.range(definition.body);
                let in_empty_group = group.is_some_and(|g| empty.contains(&g));
                Some(Use {
                    resource: resource.cloned(),
                    type_range: definition.type_range(tree),
                    type_name,
                    skipped: skipped.contains(body) || in_empty_group,
                    reads,
                    passes: match definition.properties {
                        None => Some(Arc::from([])),
                        Some(_) => definition
                            .properties_mapping(tree)
                            .filter(|&mapping| !parsed.is_call(mapping))
                            .map(|mapping| passes(parsed, mapping, group.is_some()).into()),
                    },
                })
            })
            .collect();
        let mut uses = uses;
        let (members, followed) = chain_members(parsed, values, &skipped, &read_by);
        uses.extend(members);
        // A chain whose list the values give names the templates it
        // lists, and no others.
        let computed_types = resources.iter().any(|resource| {
            let definition = &resource.definition;
            let chain = definition.type_name.as_deref() == Some("OS::Heat::ResourceChain");
            let listed = (definition.properties_mapping(tree))
                .and_then(|properties| tree.get(properties, "resources"))
                .is_some_and(|list| !tree.is_sequence(list) || parsed.is_call(list));
            let unfollowed = !followed.contains(&definition.body);
            definition.type_entry.is_some() && definition.type_name.is_none()
                || chain && listed && unfollowed
        });
        Uses {
            uses,
            defaults,
            decided_by: deciding_parameters(parsed),
            computed_types,
        }
    }
}

/// The members of each ResourceChain whose `resources` a parameter gives
/// (`{get_param: Services}`, as TripleO's roles list their services), when
/// `values` knows it: one use of each type it lists, after every other use
/// (so that the others keep their indexes whatever the values), each
/// passed the chain's `resource_properties` as Heat passes them; and the
/// bodies of the chains so followed.
fn chain_members(
    template: &Template<'_>,
    values: &dyn Fn(&str) -> Option<Val>,
    skipped: &Unread,
    read_by: &ReadBy<'_>,
) -> (Vec<Use>, Vec<NodeId>) {
    let tree = template.tree();
    let mut members = Vec::new();
    let mut followed = Vec::new();
    for chain in template.chains_listed_by_parameter() {
        let Some(types) = values(chain.parameter).and_then(|value| listed_types(value.v)) else {
            continue;
        };
        let passes: Option<Arc<[(String, Passed)]>> = match chain.shared {
            None => Some(Arc::from([])),
            Some(shared) if tree.is_mapping(shared.value) && !template.is_call(shared.value) => {
                Some(passes(template, shared.value, false).into())
            }
            Some(_) => None,
        };
        let skipped = skipped.contains(tree.range(chain.resource.definition.body));
        followed.push(chain.resource.definition.body);
        let reads = read_by(&chain.resource.name, Some("OS::Heat::ResourceChain"));
        members.extend(types.into_iter().map(|type_name| Use {
            reads: reads.clone(),
            resource: None,
            type_range: Some(tree.range(chain.resources.value)),
            type_name,
            skipped,
            passes: passes.clone(),
        }));
    }
    (members, followed)
}

/// What [`outputs_read`] answers: (output, reader) by resource and group
/// type.
type ReadBy<'t> = dyn Fn(&str, Option<&str>) -> Vec<(String, String)> + 't;

/// For a resource's name (and, for a group, its type), the outputs of
/// the template it uses that the resources of `template` Heat creates
/// read with `get_attr` (of a group: of its members), each with a
/// reader's name.
fn outputs_read<'t>(
    template: &'t Template<'_>,
    skipped: &Unread,
) -> impl Fn(&str, Option<&str>) -> Vec<(String, String)> + 't {
    let tree = template.tree();
    // A resource left out reads nothing.
    let bodies: Vec<(TextRange, &str)> = (template.resources().iter())
        .map(|r| (tree.range(r.definition.body), r.name.as_str()))
        .filter(|(body, _)| !skipped.contains(*body))
        .collect();
    let refs: Vec<(AttributeRef, &str)> = template
        .attribute_refs()
        .filter_map(|reference| {
            let call = tree.range(reference.call.call);
            let reader = bodies
                .iter()
                .find(|(body, _)| body.start <= call.start && call.end <= body.end)?;
            Some((reference, reader.1))
        })
        .collect();
    move |used: &str, group: Option<&str>| {
        let mut reads: Vec<(String, String)> = Vec::new();
        for (reference, reader) in &refs {
            if reference.resource_name(tree) != Some(used) {
                continue;
            }
            let output = match group {
                Some(group) => reference
                    .member_attribute(tree, group)
                    .map(|(name, _)| name),
                None => reference.attribute.and_then(|at| tree.scalar(at)),
            };
            if let Some(output) = output {
                if !reads.iter().any(|(o, _)| o == output) {
                    reads.push((output.to_owned(), (*reader).to_owned()));
                }
            }
        }
        reads
    }
}

/// What each property of `mapping` passes; a member's text that holds
/// the group's index variable is another value in each member.
fn passes(template: &Template<'_>, mapping: NodeId, member: bool) -> Vec<(String, Passed)> {
    let tree = template.tree();
    tree.entries(mapping)
        .filter_map(|entry| {
            let name = tree.scalar(entry.key)?.to_owned();
            let passed = match template.call_at(entry.value) {
                Some(call) if call.name == "get_param" => match tree.scalar(call.args) {
                    Some(own) => Passed::Parameter(own.to_owned()),
                    None => Passed::Computed,
                },
                Some(_) => Passed::Computed,
                None if member && tree.source(entry.value).contains('%') => Passed::Computed,
                None => match template.plain_literal(entry.value) {
                    Some(value) => {
                        Passed::Literal(Arc::new(Val::new(value.v, TextRange::empty(0))))
                    }
                    None => Passed::Computed,
                },
            };
            Some((name, passed))
        })
        .collect()
}

/// The parameters that `get_param` reads in the conditions, a resource's
/// `condition`, a group's `count` and a chain's `resources`.
fn deciding_parameters(template: &Template<'_>) -> Vec<String> {
    let tree = template.tree();
    let mut deciding = template.condition_ranges();
    for resource in template.resources() {
        let count = resource.definition.group_count(tree);
        deciding.extend(count.map(|count| tree.range(count)));
    }
    // A chain's members, when a parameter lists them.
    let listed = template.chains_listed_by_parameter();
    deciding.extend(listed.iter().map(|chain| tree.range(chain.resources.value)));
    (template.parameters_read_in(&deciding).into_iter())
        .map(str::to_owned)
        .collect()
}

/// The indexes of the ResourceGroups whose `count` is 0 with `values`.
fn empty_groups(template: &Template<'_>, values: &dyn Fn(&str) -> Option<Val>) -> Vec<usize> {
    let tree = template.tree();
    let resources = template.resources().iter().enumerate();
    resources
        .filter(|(_, resource)| {
            let Some(count) = resource.definition.group_count(tree) else {
                return false;
            };
            let value = match template.call_at(count) {
                Some(call) if call.name == "get_param" => tree.scalar(call.args).and_then(values),
                Some(_) => None,
                None => template.plain_literal(count),
            };
            value.is_some_and(|value| value.is_zero_count())
        })
        .map(|(index, _)| index)
        .collect()
}

/// [`Uses`] by URL (and, for a root, by the values its environments give
/// the parameters that decide its uses), shared by the stacks of one
/// gathering cache and the threads that lint them.
#[derive(Clone, Default)]
pub struct UsesCache(Arc<Mutex<Kept>>);

#[derive(Default)]
struct Kept {
    uses: HashMap<String, Arc<Uses>>,
    /// By URL: the uses read with the values that decide them, each
    /// beside a hash of the values and the values (compared whole).
    with_values: HashMap<String, Vec<ReadWith>>,
    /// How many uses `with_values` keeps.
    with_values_kept: usize,
    /// The hash of each value given, by its address: the same values
    /// (an environment's, read once) come back with every combination of
    /// environments, and a role's are large. Each is kept alive here, so
    /// that no other value takes its address.
    hashes: HashMap<usize, (Arc<Val>, u64)>,
    /// The templates' parses, read again for other values.
    roots: HashMap<String, Arc<Parsed>>,
}

/// Uses read with the values that decide them: the hash of the values
/// ([`hash_of`]), the values, the uses.
type ReadWith = (u64, Vec<Option<Arc<Val>>>, Arc<Uses>);

/// Whether two values given decide uses alike: the same, or equal.
fn same_value(kept: &Option<Arc<Val>>, now: &Option<Arc<Val>>) -> bool {
    match (kept, now) {
        (Some(kept), Some(now)) => Arc::ptr_eq(kept, now) || kept.v == now.v,
        (None, None) => true,
        _ => false,
    }
}

/// Most files (and, for roots, sets of values) whose uses a cache keeps.
const MAX_KEPT: usize = 20_000;

/// A hash of `value`, positions included, as equality compares them.
fn hash_of(value: &V) -> u64 {
    use std::hash::{BuildHasher, Hash, Hasher};
    fn walk(v: &V, state: &mut impl Hasher) {
        std::mem::discriminant(v).hash(state);
        match v {
            V::Null => {}
            V::Bool(b) => b.hash(state),
            V::Int(i) => i.hash(state),
            // Equal floats hash alike: 0.0 and -0.0 as one.
            V::Float(f) => (if *f == 0.0 { 0.0 } else { *f }).to_bits().hash(state),
            V::Str(s) | V::Resource(s) => s.hash(state),
            V::List(items) => {
                items.len().hash(state);
                for item in items {
                    item.at.hash(state);
                    walk(&item.v, state);
                }
            }
            V::Map(entries) => {
                entries.len().hash(state);
                for (key, item) in entries {
                    key.hash(state);
                    item.at.hash(state);
                    walk(&item.v, state);
                }
            }
            V::Unknown(why) => why.hash(state),
        }
    }
    let mut state = foldhash::fast::FixedState::default().build_hasher();
    walk(value, &mut state);
    state.finish()
}

impl Kept {
    /// A hash of `values`, each value's worked out once ([`Kept::hashes`]).
    fn hash_of(&mut self, values: &[Option<Arc<Val>>]) -> u64 {
        use std::hash::{BuildHasher, Hasher};
        let mut state = foldhash::fast::FixedState::default().build_hasher();
        for value in values {
            let Some(value) = value else {
                state.write_u8(0xff);
                continue;
            };
            let address = Arc::as_ptr(value) as usize;
            let hash = match self.hashes.get(&address) {
                Some((_, hash)) => *hash,
                None => {
                    let hash = hash_of(&value.v);
                    if self.hashes.len() < MAX_KEPT {
                        self.hashes.insert(address, (Arc::clone(value), hash));
                    }
                    hash
                }
            };
            state.write_u64(hash);
        }
        state.finish()
    }
}

impl UsesCache {
    fn lock(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Forgets what was read of `url`, whose text changed.
    pub fn forget(&self, url: &str) {
        let mut kept = self.lock();
        kept.uses.remove(url);
        if let Some(forgotten) = kept.with_values.remove(url) {
            kept.with_values_kept -= forgotten.len();
        }
        kept.roots.remove(url);
    }

    /// The uses of the template at `url`, with the values `given` its
    /// parameters (a root's by its environments, a nested template's by
    /// its uses): read again (not parsed again) only when they change what
    /// decides them.
    pub fn with_values(
        &self,
        url: &str,
        text: &Arc<str>,
        given: &dyn Fn(&str) -> Option<Arc<Val>>,
    ) -> Arc<Uses> {
        let by_defaults = self.get(url, text);
        // Shared, not copied: a role's list of a hundred services is
        // compared with those kept, and copied only to keep it.
        let values: Vec<Option<Arc<Val>>> = (by_defaults.decided_by.iter())
            .map(|name| given(name))
            .collect();
        if values.iter().all(Option::is_none) {
            return by_defaults;
        }
        let same = |(hash, with, _): &ReadWith, now: u64| {
            *hash == now
                && with.len() == values.len()
                && with.iter().zip(&values).all(|(a, b)| same_value(a, b))
        };
        let hash = {
            let mut kept = self.lock();
            let hash = kept.hash_of(&values);
            let known = (kept.with_values.get(url))
                .and_then(|read| read.iter().find(|read| same(read, hash)))
                .map(|(_, _, uses)| Arc::clone(uses));
            if let Some(known) = known {
                return known;
            }
            hash
        };
        let given = |name: &str| given(name).map(|value| Val::clone(&value));
        let parsed = Arc::clone(
            self.lock()
                .roots
                .entry(url.to_owned())
                .or_insert_with(|| Arc::new(Parsed::of(Arc::clone(text)))),
        );
        let read = Arc::new(Uses::read(parsed.borrow_dependent(), Some(&given)));
        let mut kept = self.lock();
        if kept.with_values_kept < MAX_KEPT {
            kept.with_values_kept += 1;
            let read_with = (hash, values, Arc::clone(&read));
            (kept.with_values.entry(url.to_owned()).or_default()).push(read_with);
        }
        read
    }

    /// Keeps the uses of the template at `url`, read from the parse its
    /// gathering made, and that parse, for reading them again with other
    /// values.
    pub(super) fn keep(&self, url: &str, uses: Uses, parsed: &Arc<Parsed>) {
        let mut kept = self.lock();
        if kept.uses.len() < MAX_KEPT {
            kept.uses.insert(url.to_owned(), Arc::new(uses));
            kept.roots.insert(url.to_owned(), Arc::clone(parsed));
        }
    }

    pub fn get(&self, url: &str, text: &str) -> Arc<Uses> {
        if let Some(known) = self.lock().uses.get(url) {
            return Arc::clone(known);
        }
        let read = Arc::new(Uses::read(&template::parse(text), None));
        let mut kept = self.lock();
        if kept.uses.len() < MAX_KEPT {
            kept.uses.insert(url.to_owned(), Arc::clone(&read));
        }
        read
    }
}
