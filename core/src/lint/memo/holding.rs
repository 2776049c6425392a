//! Whether the answers a kept lint got hold in the stack linted now: all
//! of them, from the first (`Kept::holding`), or one alone
//! (`Kept::holds_alone`).

use std::sync::Arc;

use crate::stack::{Interface, Nesting, Resolution, Resolver, StackFacts, TypeMapping};

use super::{Kept, Question};

/// Whether `facts` and `registry` answer `question` as it was answered:
/// one whose answer follows from the stack alone (not a resolver's).
fn holds_plain(question: &Question, facts: &Nesting<'_>, registry: &dyn TypeMapping) -> bool {
    match question {
        Question::ByType(range, answer) => same_interface(answer, facts.shared_by_type(*range)),
        Question::ByRegistry(name, answer) => {
            same_interface(answer, facts.shared_by_registry(name))
        }
        Question::HasDefault(name, answer) => facts.has_default(name) == *answer,
        Question::Given(name, answer) => match (facts.given(name), answer) {
            (Some(now), Some(then)) => Arc::ptr_eq(&now, then) || now == *then,
            (now, then) => now.is_none() && then.is_none(),
        },
        Question::Requested(answer) => facts.requested() == answer.as_slice(),
        Question::RootParameters(answer) => facts.root_parameters() == answer.as_deref(),
        Question::ClosestParameters(name, answer) => facts.closest_parameters(name) == *answer,
        Question::Declares(name, answer) => facts.declares(name) == *answer,
        Question::IsComplete(answer) => facts.is_complete() == *answer,
        Question::DeprecatedBy(name, answer) => facts.deprecated_by(name) == answer.as_deref(),
        Question::Creates(url, answer) => facts.creates(url) == *answer,
        Question::Passing(name, answer) => facts.passes(name, answer),
        Question::DeepestAt(level, answer) => facts.deepest_at(*level) == *answer,
        Question::ReadAtCreate(name, answer) => facts.read_at_create(name) == *answer,
        Question::Declarations(name, answer) => facts.declared(name) == *answer,
        Question::MapsNothing(answer) => registry.maps_nothing() == *answer,
        // A resolver's answers are checked in their order (`Kept::holding`)
        // or by name alone (`Kept::holds_alone`).
        Question::NewResolver | Question::Resolve { .. } => false,
    }
}

fn same_interface(kept: &Option<Arc<Interface>>, now: Option<&Arc<Interface>>) -> bool {
    match (kept, now) {
        (None, None) => true,
        (Some(a), Some(b)) => Arc::ptr_eq(a, b) || a == b,
        _ => false,
    }
}

impl Kept {
    /// Whether `facts` and `registry` answer `question`, one of this
    /// lint's, as it was answered, whichever questions come before it:
    /// a resolution is compared by its type's name alone, which the
    /// registry must resolve by (a lint is taken up only then).
    pub(super) fn holds_alone(
        &self,
        question: &Question,
        facts: &Nesting<'_>,
        registry: &dyn TypeMapping,
    ) -> bool {
        let Question::Resolve {
            type_name,
            number,
            resource,
            answer,
            asked,
            ..
        } = question
        else {
            return holds_plain(question, facts, registry);
        };
        // A type named like a pattern is one for the resolutions after it.
        if !registry.resolves_alike() || type_name.ends_with('*') {
            return false;
        }
        let same = |now: &Resolution, now_asked: &[(String, bool)]| {
            now == answer && now_asked == &asked[..]
        };
        let known_before = |name: &str| self.known.get(name).copied();
        if registry.compare_alike(*number, type_name, &known_before, &mut { same }) == Some(true) {
            return true;
        }
        let asked_anew = std::cell::Cell::new(false);
        let known = |name: &str| {
            self.known.get(name).copied().unwrap_or_else(|| {
                asked_anew.set(true);
                false
            })
        };
        let mut resolve = registry.resolver();
        resolve(type_name, resource.as_deref(), &known) == *answer && !asked_anew.get()
    }

    /// How many of the questions, from the first, `facts` and `registry`
    /// answer as before: all of them where the findings hold.
    pub(super) fn holding(
        &self,
        facts: &Nesting<'_>,
        registry: &dyn TypeMapping,
        from: usize,
    ) -> usize {
        // Each made when first needed: where the registry resolves by
        // name alone, most answers are compared with its kept resolutions
        // (`compare_alike`) and no resolver is asked.
        let mut resolvers: Vec<Option<Resolver<'_>>> = Vec::with_capacity(self.resolvers);
        // By resolver, whether it resolved a type named like a pattern:
        // then it resolves the types after it its own way.
        let mut patterned: Vec<bool> = Vec::with_capacity(self.resolvers);
        // Those before `from` hold: their resolvers are made (a registry
        // that resolves by name alone asks no earlier resolution of them).
        for question in &self.questions[..from] {
            match question {
                Question::NewResolver => {
                    resolvers.push(None);
                    patterned.push(false);
                }
                Question::Resolve {
                    resolver,
                    type_name,
                    ..
                } if type_name.ends_with('*') => {
                    if let Some(patterned) = patterned.get_mut(*resolver) {
                        *patterned = true;
                    }
                }
                _ => {}
            }
        }
        let alike = registry.resolves_alike();
        // A question about Heat's own types not asked before means the
        // registry went another way: the answers differ.
        let asked_anew = std::cell::Cell::new(false);
        let known = |name: &str| {
            self.known.get(name).copied().unwrap_or_else(|| {
                asked_anew.set(true);
                false
            })
        };
        let known_before = |name: &str| self.known.get(name).copied();
        let mut holds = |question: &Question| match question {
            Question::NewResolver => {
                resolvers.push(None);
                patterned.push(false);
                true
            }
            Question::Resolve { repeat: true, .. } if alike => true,
            Question::Resolve {
                resolver,
                type_name,
                number,
                resource,
                answer,
                asked,
                ..
            } => {
                let Some(resolve) = resolvers.get_mut(*resolver) else {
                    return false;
                };
                let patterned = &mut patterned[*resolver];
                *patterned |= type_name.ends_with('*');
                // The same resolution, having asked Heat the same: it
                // holds (another is judged the resolver's way below).
                let same = |now: &Resolution, now_asked: &[(String, bool)]| {
                    now == answer && now_asked == &asked[..]
                };
                if alike
                    && !*patterned
                    && registry.compare_alike(*number, type_name, &known_before, &mut { same })
                        == Some(true)
                {
                    return true;
                }
                let resolve = resolve.get_or_insert_with(|| registry.resolver());
                resolve(type_name, resource.as_deref(), &known) == *answer && !asked_anew.get()
            }
            plain => holds_plain(plain, facts, registry),
        };
        (self.questions.iter().skip(from))
            .position(|question| !holds(question))
            .map_or(self.questions.len(), |failing| from + failing)
    }
}
