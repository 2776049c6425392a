//! The kinds of question a [`super::Recording`] writes down once per
//! lint, and what each question is about: its key.

use std::borrow::Cow;

use crate::text::TextRange;

use super::Question;

/// The questions whose answer follows from the stack alone, whenever
/// they are asked: asked again in one lint, one gets the same answer, and
/// is written down once (by its kind, and the name or text it is about).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Asked {
    ByType,
    ByRegistry,
    HasDefault,
    Given,
    Requested,
    RootParameters,
    ClosestParameters,
    Declares,
    IsComplete,
    DeprecatedBy,
    Creates,
    Passing,
    Depth,
    ReadAtCreate,
    Declarations,
    MapsNothing,
}

/// Where a question is about no text.
pub(super) const NO_TEXT: TextRange = TextRange { start: 0, end: 0 };

impl Question {
    /// The kind of a question a [`Recording`] writes down once per lint,
    /// and what it is about (see [`Recording::note`]).
    pub(super) fn key(&self) -> (Asked, Cow<'_, str>, TextRange) {
        let nameless = |asked| (asked, Cow::Borrowed(""), NO_TEXT);
        match self {
            Question::ByType(range, _) => (Asked::ByType, Cow::Borrowed(""), *range),
            Question::ByRegistry(name, _) => {
                (Asked::ByRegistry, Cow::Borrowed(name.as_str()), NO_TEXT)
            }
            Question::HasDefault(name, _) => {
                (Asked::HasDefault, Cow::Borrowed(name.as_str()), NO_TEXT)
            }
            Question::Given(name, _) => (Asked::Given, Cow::Borrowed(name.as_str()), NO_TEXT),
            Question::Requested(_) => nameless(Asked::Requested),
            Question::RootParameters(_) => nameless(Asked::RootParameters),
            Question::ClosestParameters(name, _) => (
                Asked::ClosestParameters,
                Cow::Borrowed(name.as_str()),
                NO_TEXT,
            ),
            Question::Declares(name, _) => (Asked::Declares, Cow::Borrowed(name.as_str()), NO_TEXT),
            Question::IsComplete(_) => nameless(Asked::IsComplete),
            Question::DeprecatedBy(name, _) => {
                (Asked::DeprecatedBy, Cow::Borrowed(name.as_str()), NO_TEXT)
            }
            Question::Creates(url, _) => (Asked::Creates, Cow::Borrowed(url.as_str()), NO_TEXT),
            Question::Passing(name, _) => (Asked::Passing, Cow::Borrowed(name.as_str()), NO_TEXT),
            Question::DeepestAt(level, _) => (Asked::Depth, Cow::Owned(level.to_string()), NO_TEXT),
            Question::ReadAtCreate(name, _) => {
                (Asked::ReadAtCreate, Cow::Borrowed(name.as_str()), NO_TEXT)
            }
            Question::Declarations(name, _) => {
                (Asked::Declarations, Cow::Borrowed(name.as_str()), NO_TEXT)
            }
            // Resolutions are written down every time they are asked.
            Question::MapsNothing(_) | Question::NewResolver | Question::Resolve { .. } => {
                nameless(Asked::MapsNothing)
            }
        }
    }
}
