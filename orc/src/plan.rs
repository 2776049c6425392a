//! The order ORC builds objects in — in waves: every object whose
//! references are all satisfied is built at once, in parallel — and Heat's
//! own dependency graph of the template (`get_resource`, `get_attr`,
//! `depends_on`) to compare with.

use std::collections::{BTreeMap, HashMap};

use heatwise_core::template::Template;

use crate::eval::Evaluator;
use crate::manifest::Object;

/// The order ORC reconciles the objects in.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    /// Object names, wave by wave; each wave's objects wait only for
    /// objects of earlier waves.
    pub waves: Vec<Vec<String>>,
    /// Objects that wait for each other (never built), one list per cycle.
    pub cycles: Vec<Vec<String>>,
}

/// Heat's dependency graph: each resource and what it waits for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HeatGraph {
    /// Resource → (resource it depends on, how: `get_resource`,
    /// `get_attr`, `depends_on`), in template order.
    pub edges: Vec<(String, Vec<(String, &'static str)>)>,
    /// Heat's own waves over the same graph.
    pub waves: Vec<Vec<String>>,
    pub cycles: Vec<Vec<String>>,
}

/// Waves and cycles of a graph given as node → nodes it waits for (edges to
/// unknown nodes are ignored: they wait for nothing here).
fn layers(
    nodes: &[String],
    waits_for: &HashMap<&str, Vec<&str>>,
) -> (Vec<Vec<String>>, Vec<Vec<String>>) {
    let index: HashMap<&str, usize> = nodes
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), i))
        .collect();
    let deps: Vec<Vec<usize>> = nodes
        .iter()
        .map(|n| {
            let mut d: Vec<usize> = waits_for
                .get(n.as_str())
                .into_iter()
                .flatten()
                .filter_map(|m| index.get(m).copied())
                .collect();
            d.sort_unstable();
            d.dedup();
            d
        })
        .collect();
    let mut wave_of: Vec<Option<usize>> = vec![None; nodes.len()];
    let mut waves: Vec<Vec<String>> = Vec::new();
    loop {
        let ready: Vec<usize> = (0..nodes.len())
            .filter(|&i| wave_of[i].is_none())
            .filter(|&i| deps[i].iter().all(|&d| wave_of[d].is_some()))
            .collect();
        if ready.is_empty() {
            break;
        }
        let wave = waves.len();
        for &i in &ready {
            wave_of[i] = Some(wave);
        }
        waves.push(ready.iter().map(|&i| nodes[i].clone()).collect());
    }
    // What is left waits on a cycle or is in one: report each strongly
    // connected group of two or more (or a node waiting on itself).
    let left: Vec<usize> = (0..nodes.len()).filter(|&i| wave_of[i].is_none()).collect();
    let cycles = strongly_connected(&left, &deps)
        .into_iter()
        .filter(|group| group.len() > 1 || deps[group[0]].contains(&group[0]))
        .map(|group| group.iter().map(|&i| nodes[i].clone()).collect())
        .collect();
    (waves, cycles)
}

/// Tarjan's algorithm without recursion, over the nodes `among`.
fn strongly_connected(among: &[usize], deps: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let inside: std::collections::HashSet<usize> = among.iter().copied().collect();
    let mut index = HashMap::new();
    let mut low = HashMap::new();
    let mut on_stack = std::collections::HashSet::new();
    let mut stack = Vec::new();
    let mut groups = Vec::new();
    let mut counter = 0;
    for &start in among {
        if index.contains_key(&start) {
            continue;
        }
        // (node, next dependency to look at)
        let mut work = vec![(start, 0usize)];
        index.insert(start, counter);
        low.insert(start, counter);
        counter += 1;
        stack.push(start);
        on_stack.insert(start);
        while let Some(&mut (node, ref mut next)) = work.last_mut() {
            let edges: Vec<usize> = deps[node]
                .iter()
                .copied()
                .filter(|d| inside.contains(d))
                .collect();
            if *next < edges.len() {
                let target = edges[*next];
                *next += 1;
                if let std::collections::hash_map::Entry::Vacant(slot) = index.entry(target) {
                    slot.insert(counter);
                    low.insert(target, counter);
                    counter += 1;
                    stack.push(target);
                    on_stack.insert(target);
                    work.push((target, 0));
                } else if on_stack.contains(&target) {
                    let l = low[&node].min(index[&target]);
                    low.insert(node, l);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                let l = low[&parent].min(low[&node]);
                low.insert(parent, l);
            }
            if low[&node] == index[&node] {
                let mut group = Vec::new();
                while let Some(member) = stack.pop() {
                    on_stack.remove(&member);
                    group.push(member);
                    if member == node {
                        break;
                    }
                }
                group.sort_unstable();
                groups.push(group);
            }
        }
    }
    groups.sort();
    groups
}

/// The order ORC builds `objects` in, from the references in their specs.
pub fn plan(objects: &[Object]) -> Plan {
    let nodes: Vec<String> = objects.iter().map(|o| o.name.clone()).collect();
    let (waves, cycles) = layers(&nodes, &waits_for(objects));
    Plan { waves, cycles }
}

/// Each object and the objects its references make it wait for.
pub(crate) fn waits_for(objects: &[Object]) -> HashMap<&str, Vec<&str>> {
    objects
        .iter()
        .map(|o| {
            (
                o.name.as_str(),
                o.references().into_iter().map(|(_, name)| name).collect(),
            )
        })
        .collect()
}

/// Heat's graph: what each resource's definition refers to.
pub fn heat_graph(template: &Template<'_>, _eval: &Evaluator<'_, '_>) -> HeatGraph {
    let tree = template.tree();
    let resources = template.resources();
    let owner = |offset: u32| {
        resources
            .iter()
            .find(|r| tree.entry_range(r.entry).contains(offset))
            .map(|r| r.name.as_str())
    };
    let mut edges: BTreeMap<usize, Vec<(String, &'static str)>> = BTreeMap::new();
    let position: HashMap<&str, usize> = resources
        .iter()
        .enumerate()
        .map(|(i, r)| (r.name.as_str(), i))
        .collect();
    let mut add = |from: &str, to: &str, how: &'static str| {
        if let (Some(&f), true) = (position.get(from), position.contains_key(to)) {
            let list = edges.entry(f).or_default();
            if !list.iter().any(|(n, h)| n == to && *h == how) {
                list.push((to.to_owned(), how));
            }
        }
    };
    for reference in template.resource_refs() {
        if let (Some(from), Some(to)) = (
            owner(tree.range(reference.call.call).start),
            tree.scalar(reference.name),
        ) {
            add(from, to, "get_resource");
        }
    }
    for reference in template.attribute_refs() {
        if let (Some(from), Some(to)) = (
            owner(tree.range(reference.call.call).start),
            reference.resource_name(tree),
        ) {
            add(from, to, "get_attr");
        }
    }
    for resource in resources {
        for node in template.depends_on(&resource.definition) {
            if let Some(name) = tree.scalar(node) {
                add(&resource.name, name, "depends_on");
            }
        }
    }
    let nodes: Vec<String> = resources.iter().map(|r| r.name.clone()).collect();
    let mut unique_nodes = nodes.clone();
    unique_nodes.dedup();
    let edges: Vec<(String, Vec<(String, &'static str)>)> = resources
        .iter()
        .enumerate()
        .map(|(i, r)| (r.name.clone(), edges.remove(&i).unwrap_or_default()))
        .collect();
    let waits_for: HashMap<&str, Vec<&str>> = edges
        .iter()
        .map(|(from, to)| (from.as_str(), to.iter().map(|(n, _)| n.as_str()).collect()))
        .collect();
    let (waves, cycles) = layers(&unique_nodes, &waits_for);
    HeatGraph {
        edges,
        waves,
        cycles,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(edges: &[(&str, &[&str])]) -> (Vec<Vec<String>>, Vec<Vec<String>>) {
        let nodes: Vec<String> = edges.iter().map(|(n, _)| n.to_string()).collect();
        let waits: HashMap<&str, Vec<&str>> = edges.iter().map(|(n, d)| (*n, d.to_vec())).collect();
        layers(&nodes, &waits)
    }

    #[test]
    fn waves_in_order_as_soon_as_possible() {
        let (waves, cycles) = graph(&[
            ("server", &["port", "flavor"]),
            ("port", &["net", "subnet"]),
            ("subnet", &["net"]),
            ("net", &[]),
            ("flavor", &[]),
        ]);
        assert_eq!(
            waves,
            vec![
                vec!["net", "flavor"],
                vec!["subnet"],
                vec!["port"],
                vec!["server"]
            ]
        );
        assert!(cycles.is_empty());
    }

    #[test]
    fn cycles_with_their_members() {
        let (waves, cycles) = graph(&[
            ("a", &["b"]),
            ("b", &["c"]),
            ("c", &["a"]),
            ("d", &["a"]),
            ("e", &[]),
            ("f", &["f"]),
        ]);
        assert_eq!(waves, vec![vec!["e"]]);
        assert_eq!(cycles, vec![vec!["a", "b", "c"], vec!["f"]]);
    }
}
