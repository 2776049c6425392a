//! The members of each ResourceChain whose `resources` a parameter lists,
//! each checked on its own, a part of the lint of its own ([`Split`]): a
//! chain of TripleO's lists a hundred services, and an environment that
//! maps one of them elsewhere changes what that member's checks find.

use crate::lint::context::{ChainMember, Context};
use crate::lint::rules::{
    invalid_nested_property_value, missing_nested_parameter, nested_stack_too_deep,
    unknown_nested_property,
};

#[cfg(doc)]
use crate::lint::memo::Split;

/// What the stack rules find of one member: what the rules that read a
/// nested template's interface find of any use of one, in their order.
pub(super) fn check_member(cx: &mut Context<'_, '_>, member: &ChainMember) {
    let Some(used) = cx.chain_member_use(member) else {
        return;
    };
    let entries = cx.use_properties(&used);
    for &entry in &entries {
        unknown_nested_property::property(cx, used.interface, entry);
    }
    nested_stack_too_deep::check_use(cx, &used);
    for &entry in &entries {
        let member_of = used.member_of.as_deref();
        invalid_nested_property_value::property(cx, used.interface, entry, member_of);
    }
    missing_nested_parameter::check_use(cx, &used);
}
