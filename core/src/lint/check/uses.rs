//! Each use of a nested template checked on its own, a part of the lint of
//! its own ([`Split`]): each template resource and group's member
//! definition, and each member of a ResourceChain whose `resources` a
//! parameter lists. A chain of TripleO's lists a hundred services, a root
//! uses fifty templates, and an environment that maps one of them
//! elsewhere changes what that use's checks find.

use crate::lint::context::{ChainMember, Context, NestedUse};
use crate::lint::rules::{
    invalid_nested_property_value, missing_nested_parameter, nested_stack_too_deep,
    unknown_nested_property,
};

#[cfg(doc)]
use crate::lint::memo::Split;

/// What the stack rules find of one member: what the rules that read a
/// nested template's interface find of any use of one ([`check_use`]).
pub(super) fn check_member(cx: &mut Context<'_, '_>, member: &ChainMember) {
    if let Some(used) = cx.chain_member_use(member) {
        check_use(cx, &used);
    }
}

/// What the rules that read a nested template's interface find of one use
/// of it, in their order: a template resource, a group's member
/// definition, or a chain's member.
pub(super) fn check_use(cx: &mut Context<'_, '_>, used: &NestedUse<'_>) {
    let entries = cx.use_properties(used);
    for &entry in &entries {
        unknown_nested_property::property(cx, used.interface, entry);
    }
    nested_stack_too_deep::check_use(cx, used);
    for &entry in &entries {
        let member_of = used.member_of.as_deref();
        invalid_nested_property_value::property(cx, used.interface, entry, member_of);
    }
    missing_nested_parameter::check_use(cx, used);
}
