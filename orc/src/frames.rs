//! What belongs to one template of the stack while it is exported: the
//! stack's own template or a nested stack's, each with its evaluator, its
//! registry, the file its findings are in and the scope its resources'
//! names live in. The export enters a nested stack's frame to export it
//! and leaves it after, so that the kinds write every template alike.
//!
//! Resources are told apart across templates by their path: `app/port`
//! is the resource `port` of the nested stack that `app` makes (Heat
//! refuses `/` in a resource's name). Values passed between templates
//! carry absolute references (`/app/port`, `eval::qualified`).

use std::collections::HashMap;

use heatwise_core::stack::{FileId, Registry, Stack};
use heatwise_core::template::{Resource, Template};

use crate::eval::{Evaluator, Val};
use crate::finding::File;

/// Most nested stacks one export expands (members of groups of nested
/// templates included): each is evaluated and exported whole.
pub const MAX_NESTED_STACKS: usize = 512;
/// How deep stacks nest: Heat's default `max_nested_stack_depth`, beyond
/// which it refuses to create the stack.
pub const MAX_NESTING: usize = 5;

/// The stack's files and what every template of it is given.
pub(crate) struct Sources<'a, 't> {
    pub(crate) stack: &'a Stack,
    /// Each template of the stack, parsed once, by file.
    pub(crate) templates: &'a [Option<Template<'t>>],
    /// The environments' `parameter_defaults`, which Heat gives every
    /// nested stack as it gives the stack's own template.
    pub(crate) defaults: Vec<(String, Val)>,
    /// The pseudo parameters given with `-P` that hold in a nested stack
    /// too (not the stack's name or ID, which are its own).
    pub(crate) pseudo: Vec<(String, String)>,
}

/// One template's share of the export's state.
pub(crate) struct FrameState<'a, 't> {
    pub(crate) file: File,
    /// Its file in the stack.
    pub(crate) file_id: Option<FileId>,
    /// `""` for the stack's own template, `app/` for the nested stack of
    /// its resource `app`, `app/db/` for one nested in that, ….
    pub(crate) scope: String,
    /// The name of the running stack's nested stack this template is, in
    /// a hand-over's resource list.
    pub(crate) running: Option<String>,
    /// The registry its types resolve through (Heat's child environment).
    pub(crate) registry: Registry,
    pub(crate) depth: usize,
    /// What each resource's type is once the environments' registry has
    /// mapped it (a type of Heat's, or a template), where it differs from
    /// what the template writes; `None` where nothing can provide it.
    pub(crate) mapped_types: HashMap<String, Option<String>>,
    /// Resources without an object of their own whose content another
    /// object carries (a software config as a server's user data).
    pub(crate) carried: Vec<String>,
    /// The resources Heat creates (their `condition` holds), in order.
    pub(crate) resources: Vec<Resource>,
    /// The nested stacks of its resources, prepared (evaluated, named),
    /// by resource (a group's member by `<group>-<index>`).
    pub(crate) children: HashMap<String, Frame<'a, 't>>,
    /// Groups whose members are nested stacks: each member's key in
    /// `children`, in order.
    pub(crate) groups: HashMap<String, Vec<String>>,
    /// Resources whose type is a template not expanded: why.
    pub(crate) not_expanded: HashMap<String, String>,
}

impl FrameState<'_, '_> {
    pub(crate) fn new(file: File, file_id: Option<FileId>, registry: Registry) -> Self {
        Self {
            file,
            file_id,
            scope: String::new(),
            running: None,
            registry,
            depth: 0,
            mapped_types: HashMap::new(),
            carried: Vec::new(),
            resources: Vec::new(),
            children: HashMap::new(),
            groups: HashMap::new(),
            not_expanded: HashMap::new(),
        }
    }
}

/// A template of the stack, ready to be exported.
pub(crate) struct Frame<'a, 't> {
    pub(crate) template: &'a Template<'t>,
    pub(crate) eval: Evaluator<'a, 't>,
    pub(crate) state: FrameState<'a, 't>,
}
