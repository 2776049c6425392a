use std::rc::Rc;

use yew::prelude::*;

use crate::migration::{Hunk, LineKind};

#[derive(Properties, PartialEq)]
pub struct DiffHunksProps {
    pub hunks: Rc<Vec<Hunk>>,
}

/// The lines a change removes and adds, with context, numbered in the old
/// and the new text.
#[function_component]
pub fn DiffHunks(props: &DiffHunksProps) -> Html {
    html! {
        { for props.hunks.iter().map(|hunk| html! {
            <table class="diff-hunk">
                { for hunk.lines.iter().map(|line| {
                    let (class, sign) = match line.kind {
                        LineKind::Context => ("is-context", " "),
                        LineKind::Removed => ("is-removed", "-"),
                        LineKind::Added => ("is-added", "+"),
                    };
                    let number = |n: Option<usize>| n.map(|n| n.to_string()).unwrap_or_default();
                    html! {
                        <tr class={classes!("diff-line", class)}>
                            <td class="diff-number">{ number(line.old_line) }</td>
                            <td class="diff-number">{ number(line.new_line) }</td>
                            <td class="diff-sign">{ sign }</td>
                            <td class="diff-text">{ line.text.clone() }</td>
                        </tr>
                    }
                }) }
            </table>
        }) }
    }
}
