#![doc = include_str!("circular_dependency.md")]

use crate::lint::context::Context;
use crate::lint::Rule;
use crate::syntax::NodeId;
use crate::text::TextRange;

pub(crate) fn check(cx: &mut Context<'_, '_>) {
    let template = cx.template;
    let tree = cx.tree;
    let resources = template.resources();
    if resources.is_empty() {
        return;
    }
    // Resources by where their definitions are, to find who holds a
    // reference; a reference Heat does not read holds nothing.
    let mut bodies: Vec<(TextRange, usize)> = resources
        .iter()
        .enumerate()
        .map(|(i, r)| (tree.range(r.definition.body), i))
        .collect();
    bodies.sort_by_key(|(range, _)| range.start);
    let holder = |node: NodeId| {
        let range = tree.range(node);
        let at = bodies.partition_point(|(body, _)| body.start <= range.start);
        let (body, index) = *bodies.get(at.checked_sub(1)?)?;
        (body.start <= range.start && range.end <= body.end && !cx.unread().contains(range))
            .then_some(index)
    };
    let index_of = |name: &str| resources.iter().position(|r| r.name == name);
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); resources.len()];
    let mut add = |from: Option<usize>, to: Option<&str>| {
        if let (Some(from), Some(to)) = (from, to.and_then(index_of)) {
            if !edges[from].contains(&to) {
                edges[from].push(to);
            }
        }
    };
    for reference in template.resource_refs() {
        add(holder(reference.call.call), tree.scalar(reference.name));
    }
    for reference in template.attribute_refs() {
        add(holder(reference.call.call), reference.resource_name(tree));
    }
    for (i, resource) in resources.iter().enumerate() {
        let items = template.depends_on(&resource.definition);
        if items.is_empty() || cx.unread().contains(tree.range(resource.definition.body)) {
            continue;
        }
        for item in items {
            add(Some(i), tree.scalar(item));
        }
    }
    for cycle in cycles(&edges) {
        let names: Vec<String> = cycle
            .iter()
            .chain(cycle.first())
            .map(|&i| format!("`{}`", resources[i].name))
            .collect();
        let first = &resources[*cycle.iter().min().unwrap_or(&0)];
        let message = format!(
            "these resources depend on each other in a circle: {}; Heat refuses the stack (\"Circular Dependency Found\"): remove one of the references",
            names.join(" → ")
        );
        cx.report(Rule::CircularDependency, first.name_range(tree), message);
    }
}

/// One cycle through each strongly connected component that has one
/// (Tarjan's algorithm, iterative), in the order of the first member.
fn cycles(edges: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let n = edges.len();
    let (mut index, mut low, mut on_stack) = (vec![usize::MAX; n], vec![0; n], vec![false; n]);
    let (mut stack, mut next, mut components) = (Vec::new(), 0, Vec::new());
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut work = vec![(root, 0usize)];
        while let Some(&mut (v, ref mut child)) = work.last_mut() {
            if *child == 0 {
                index[v] = next;
                low[v] = next;
                next += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = edges[v].get(*child) {
                *child += 1;
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut component = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 || edges[v].contains(&v) {
                    components.push(component);
                }
            }
        }
    }
    let mut found: Vec<Vec<usize>> = components
        .into_iter()
        .map(|component| cycle_in(edges, &component))
        .collect();
    found.sort_by_key(|cycle| cycle.iter().min().copied());
    found
}

/// A cycle through the component's first member, following edges inside it.
fn cycle_in(edges: &[Vec<usize>], component: &[usize]) -> Vec<usize> {
    let start = *component.iter().min().unwrap_or(&0);
    // Breadth-first back to `start`, inside the component.
    let mut previous: Vec<Option<usize>> = vec![None; edges.len()];
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(v) = queue.pop_front() {
        for &w in &edges[v] {
            if !component.contains(&w) {
                continue;
            }
            if w == start {
                let mut path = vec![v];
                let mut at = v;
                while at != start {
                    at = previous[at].unwrap_or(start);
                    path.push(at);
                }
                path.reverse();
                return path;
            }
            if previous[w].is_none() {
                previous[w] = Some(v);
                queue.push_back(w);
            }
        }
    }
    vec![start]
}

#[cfg(test)]
mod tests {
    use crate::lint::rules::test_support::{check, finds};
    use crate::lint::Rule;

    #[test]
    fn cases() {
        check(
            Rule::CircularDependency,
            &[
                finds(
                    "heat_template_version: 2018-08-31\nresources:\n  a: {type: OS::Heat::Value, properties: {value: {get_attr: [b, value]}}}\n  b: {type: OS::Heat::Value, depends_on: [c]}\n  c: {type: OS::Heat::Value, properties: {value: {get_resource: a}}}\n  d: {type: OS::Heat::Value, properties: {value: {get_attr: [d, value]}}}\n",
                    2,
                ),
                // Outputs are no dependency; neither is a disabled resource.
                finds(
                    "heat_template_version: 2018-08-31\nconditions:\n  never: false\nresources:\n  a: {type: OS::Heat::Value, properties: {value: {get_attr: [b, value]}}}\n  b: {type: OS::Heat::Value, properties: {value: 1}}\n  c: {type: OS::Heat::Value, condition: never, properties: {value: {get_resource: c}}}\noutputs:\n  o: {value: {get_attr: [a, value]}}\n",
                    0,
                ),
            ],
        );
    }
}
