//! The answers `created.rs` works out for a stack: which nested stacks
//! Heat makes ([`Creation`]) and what their uses pass each parameter
//! ([`Passing`]).

use std::sync::Arc;

use crate::template::value::Val;

use super::gather::FileId;
use super::uses::Uses;

/// What the uses of a nested template pass one of its parameters.
#[derive(Clone, Debug)]
pub enum Passing {
    /// Every use passes this value (shared with what the uses pass or
    /// the environments give, so that answers to the same question compare
    /// by pointer; compared by value, not place).
    Value(Arc<Val>),
    /// No use passes it, and the environments' `parameter_defaults` give
    /// this value (shared: TripleO's are large).
    Default(Arc<Val>),
    /// No use passes it, nor do the environments: its own default holds.
    Nothing,
    /// Not known here: uses pass different values, or values computed
    /// when the stack runs, or the template is not made a stack of.
    Unknown,
}

impl PartialEq for Passing {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Passing::Value(a), Passing::Value(b)) => Arc::ptr_eq(a, b) || a.v == b.v,
            (Passing::Default(a), Passing::Default(b)) => Arc::ptr_eq(a, b) || a == b,
            (Passing::Nothing, Passing::Nothing) | (Passing::Unknown, Passing::Unknown) => true,
            _ => false,
        }
    }
}

/// The uses by which Heat makes each nested stack: by file, the (file,
/// index into its [`Uses`]) of each use that creates it.
#[derive(Debug, Default)]
pub(super) struct Creation {
    /// By file: whether a use Heat creates makes a stack of it.
    pub created: Vec<bool>,
    /// By file: whether any template of the stack uses it by a type
    /// written as such. One that none does is used some other way (a
    /// ResourceChain's `resources` given by a parameter, say): whether
    /// and how Heat creates it is not decided here.
    pub named: Vec<bool>,
    /// Whether a created template gives a type by a function.
    pub computed_types: bool,
    /// By file: its deepest level below the root, when created.
    pub depths: Vec<Option<usize>>,
    /// By file, the (file, index into its [`Uses`]) of each use that
    /// creates it: a list for every file (most have a use or two), found
    /// without hashing by the thousands of questions asked of it.
    pub by_child: Vec<Vec<(FileId, usize)>>,
    /// By created file: its uses, read with the values its conditions
    /// have in this stack.
    pub uses: Vec<Option<Arc<Uses>>>,
}

impl Creation {
    /// The uses that create `file`: `None` where none does.
    pub fn parents(&self, file: FileId) -> Option<&[(FileId, usize)]> {
        (self.by_child.get(file))
            .filter(|parents| !parents.is_empty())
            .map(Vec::as_slice)
    }

    /// Whether Heat makes a stack of `file`, or may.
    pub fn may_create(&self, file: FileId) -> bool {
        self.created[file] || (!self.named[file] && self.computed_types)
    }

    /// How many levels below the root Heat makes a stack of `file`, at
    /// the deepest.
    pub fn depth(&self, file: FileId) -> Option<usize> {
        self.depths.get(file).copied().flatten()
    }
}
