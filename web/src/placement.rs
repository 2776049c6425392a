//! Where the editor's App is mounted: a page of its own, or an element of
//! someone else's page.

/// What the App is mounted in.
#[derive(Clone, Debug, PartialEq)]
pub enum Placement {
    /// A page of its own: a file dropped anywhere in the window opens.
    Page,
    /// This element of someone else's page: only a file dropped on it
    /// opens, and the App adds nothing to the page outside it.
    Element(web_sys::Element),
}
