//! Which status is in force at a given release.
//!
//! Two sources answer, in this order:
//!
//! 1. The release history (`available`), when the catalog has one and it
//!    covers the release: it records what Heat really registered. Ranges are
//!    compared by series (the history holds one release per series), so
//!    `26.0.1` counts as available when `26.0.0` is.
//!    - Outside every range but inside the history's span: `Removed` after a
//!      range (also for a gap between two ranges), `NotYetAvailable` before
//!      the first one.
//!    - Before the history starts (e.g. 2014.2, history from 5.0.0): the
//!      chain decides, if the object was there when the history starts;
//!      otherwise `NotYetAvailable`.
//!    - After the history ends: the chain decides if the object is still
//!      registered in the newest release, otherwise `Removed`.
//!    - An empty `available` list is treated as unknown.
//! 2. The status chain. Each status holds from its version on. A status
//!    without a version holds from the version of the status before it (so
//!    the newer, more cautious status wins where the data is silent), and
//!    the oldest status without a version holds since the beginning. A
//!    version that does not parse counts as no version. When the release
//!    precedes the oldest status's version the object is `NotYetAvailable`
//!    — also when that status is UNSUPPORTED: Heat sets the version of an
//!    UNSUPPORTED-first chain to the release that added the object. Where the
//!    history says the object is available although the chain has not
//!    started yet, the history wins: [`StatusAt::Unrecorded`].

use super::store::Span;
use super::{Catalog, Status};
use crate::release::Release;

/// The life-cycle state of an object at one release.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StatusAt<'a> {
    /// Heat registers the object at that release with this status.
    InForce(Status<'a>),
    /// Heat registers the object at that release (the history says so), but
    /// its chain starts later and so does not say which status held; the
    /// oldest recorded status is given.
    Unrecorded { first_recorded: Status<'a> },
    /// The object appears later: `first` is the first release known to have
    /// it (from the history or the chain), when known.
    NotYetAvailable { first: Option<Release> },
    /// Heat registered the object until `last` and no longer.
    Removed { last: Release },
}

impl<'a> StatusAt<'a> {
    /// The status, when the object is registered at that release.
    pub fn in_force(&self) -> Option<Status<'a>> {
        match *self {
            StatusAt::InForce(status) => Some(status),
            _ => None,
        }
    }

    /// Whether Heat registers the object at that release.
    pub fn is_available(&self) -> bool {
        matches!(self, StatusAt::InForce(_) | StatusAt::Unrecorded { .. })
    }
}

enum History {
    /// The history says the object is registered.
    Present,
    /// The history does not cover the release; the chain decides.
    Silent,
    Answer(StatusAt<'static>),
}

fn from_history(catalog: &Catalog, available: Option<Span>, release: Release) -> History {
    let history = catalog.history();
    let (Some(span), Some(&oldest), Some(&newest)) = (available, history.first(), history.last())
    else {
        return History::Silent;
    };
    let ranges = &catalog.store.ranges[span.range()];
    let (Some(first_range), Some(last_range)) = (ranges.first(), ranges.last()) else {
        return History::Silent;
    };
    let series = release.series();
    if ranges
        .iter()
        .any(|range| range.first.series() <= series && series <= range.last.series())
    {
        return History::Present;
    }
    if series < oldest.series() {
        return if first_range.first.series() <= oldest.series() {
            History::Silent
        } else {
            History::Answer(StatusAt::NotYetAvailable {
                first: Some(first_range.first),
            })
        };
    }
    if series > newest.series() {
        return if last_range.last.series() >= newest.series() {
            History::Silent
        } else {
            History::Answer(StatusAt::Removed {
                last: last_range.last,
            })
        };
    }
    match ranges
        .iter()
        .rev()
        .find(|range| range.last.series() < series)
    {
        Some(before) => History::Answer(StatusAt::Removed { last: before.last }),
        None => History::Answer(StatusAt::NotYetAvailable {
            first: Some(first_range.first),
        }),
    }
}

pub(super) fn status_at(
    catalog: &Catalog,
    head: u32,
    available: Option<Span>,
    release: Release,
) -> StatusAt<'_> {
    let history = match from_history(catalog, available, release) {
        History::Answer(answer) => return answer,
        History::Present => true,
        History::Silent => false,
    };
    // Most objects are checked at a release their newest status already
    // holds at: that one is in force, no need to walk the chain.
    let newest = Status::new(catalog, head);
    if newest.release().is_some_and(|since| since <= release) {
        return StatusAt::InForce(newest);
    }
    let mut chain: Vec<Status<'_>> = newest.chain().collect();
    chain.reverse();
    // The version from which each status holds, oldest first.
    let mut effective: Vec<Option<Release>> = Vec::with_capacity(chain.len());
    for status in &chain {
        let since = status.release().or(effective.last().copied().flatten());
        effective.push(since);
    }
    let in_force = chain
        .iter()
        .zip(&effective)
        .rev()
        .find(|(_, since)| since.is_none_or(|since| since <= release));
    match in_force {
        Some((status, _)) => StatusAt::InForce(*status),
        None if history => StatusAt::Unrecorded {
            first_recorded: chain[0],
        },
        None => StatusAt::NotYetAvailable {
            first: effective[0],
        },
    }
}
