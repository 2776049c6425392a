//! "Did you mean": the closest names by edit distance.

/// Up to three of `candidates` closest to `name`, best first: those close
/// enough to be a plausible typo (at most three edits, fewer for short
/// names), and no more than one edit worse than the best.
pub fn closest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let limit = (name.chars().count() / 3).clamp(1, 3);
    let lower = name.to_lowercase();
    let mut scored: Vec<(usize, &str)> = candidates
        .into_iter()
        .filter_map(|candidate| {
            let distance = if candidate.eq_ignore_ascii_case(name) {
                0
            } else {
                edit_distance(&lower, &candidate.to_lowercase(), limit)?
            };
            Some((distance, candidate))
        })
        .collect();
    scored.sort_unstable();
    scored.dedup_by_key(|(_, c)| *c);
    let best = scored.first().map_or(0, |(d, _)| *d);
    scored
        .into_iter()
        .take_while(|(d, _)| *d <= best + 1)
        .take(3)
        .map(|(_, c)| c)
        .collect()
}

/// Levenshtein distance with transpositions counted as one edit, or `None`
/// when it exceeds `limit` (computed in O(len · limit) by a banded table).
fn edit_distance(a: &str, b: &str, limit: usize) -> Option<usize> {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > limit {
        return None;
    }
    let width = b.len() + 1;
    let mut rows = vec![vec![usize::MAX / 2; width]; a.len() + 1];
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        rows[i][0] = i;
        let from = i.saturating_sub(limit).max(1);
        let to = (i + limit).min(b.len());
        for j in from..=to {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    let distance = rows[a.len()][b.len()];
    (distance <= limit).then_some(distance)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_near_names_best_first() {
        let names = ["network", "network_id", "name", "fixed_ips", "subnet"];
        assert_eq!(closest("netwrok", names), ["network"]);
        assert_eq!(closest("Network", names), ["network"]);
        assert_eq!(closest("network_ids", names), ["network_id"]);
        assert!(closest("flavor", names).is_empty());
    }

    #[test]
    fn type_names_get_suggestions_too() {
        let types = ["OS::Neutron::Port", "OS::Neutron::Net", "OS::Nova::Server"];
        assert_eq!(closest("OS::Neutron::Prot", types), ["OS::Neutron::Port"]);
        assert_eq!(
            closest(
                "OS::Neutron::Prot",
                ["OS::Neutron::Pool", "OS::Neutron::Port"]
            ),
            ["OS::Neutron::Port", "OS::Neutron::Pool"]
        );
        assert_eq!(closest("OS::Nova::Sever", types), ["OS::Nova::Server"]);
    }
}
