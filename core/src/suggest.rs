//! "Did you mean": the closest names by edit distance.

/// Up to three of `candidates` closest to `name`, best first: those close
/// enough to be a plausible typo (at most three edits, fewer for short
/// names), and no more than one edit worse than the best.
pub fn closest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    pick(scored(name, candidates))
}

/// Every one of `candidates` close enough to `name` to be a plausible typo
/// of it (see [`closest`]), with how many edits away, sorted by that and
/// then by name, each once: [`pick`] chooses among them, and the scores of
/// two lists of candidates merged and sorted are the scores of both.
pub fn scored<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Vec<(usize, &'a str)> {
    let lower: Vec<char> = name.chars().flat_map(char::to_lowercase).collect();
    let limit = (name.chars().count() / 3).clamp(1, 3);
    let name_is_ascii = name.is_ascii();
    // Buffers reused across candidates: this runs for every single-key
    // mapping of a template against every function name.
    let mut candidate_lower = Vec::new();
    let mut rows = Vec::new();
    let name_letters = name_is_ascii.then(|| letters(&lower));
    let mut scored: Vec<(usize, &str)> = candidates
        .into_iter()
        .filter_map(|candidate| {
            if candidate.eq_ignore_ascii_case(name) {
                return Some((0, candidate));
            }
            // ASCII names keep their length in lower case: too long or
            // too short a candidate is out before any work, and so is one
            // whose letters differ too much.
            if let (Some(name_letters), true) = (&name_letters, candidate.is_ascii()) {
                if candidate.len().abs_diff(name.len()) > limit
                    || letters_apart(name_letters, lower.len(), candidate) > limit
                {
                    return None;
                }
            }
            candidate_lower.clear();
            if candidate.is_ascii() {
                candidate_lower.extend(
                    candidate
                        .bytes()
                        .map(|b| char::from(b.to_ascii_lowercase())),
                );
            } else {
                candidate_lower.extend(candidate.chars().flat_map(char::to_lowercase));
            }
            let distance = edit_distance(&lower, &candidate_lower, limit, &mut rows)?;
            Some((distance, candidate))
        })
        .collect();
    sorted(&mut scored);
    scored
}

/// `scored` sorted by distance, then by name, each name once.
pub fn sorted(scored: &mut Vec<(usize, &str)>) {
    scored.sort_unstable();
    scored.dedup_by_key(|(_, c)| *c);
}

/// Up to three of `scored` ([`scored`], sorted), best first: no more than
/// one edit worse than the best.
pub fn pick(scored: Vec<(usize, &str)>) -> Vec<&str> {
    let best = scored.first().map_or(0, |(d, _)| *d);
    scored
        .into_iter()
        .take_while(|(d, _)| *d <= best + 1)
        .take(3)
        .map(|(_, c)| c)
        .collect()
}

/// How many times each ASCII character is in `lower`.
fn letters(lower: &[char]) -> [u16; 128] {
    let mut counts = [0_u16; 128];
    for &c in lower {
        counts[c as usize & 127] += 1;
    }
    counts
}

/// The bag distance between a name (its `letters`, `length` of them) and
/// the ASCII `candidate` in lower case: how many characters the one has
/// that the other lacks, the larger side. No edit changes it by more than
/// one and a transposition not at all, so it is at most the edit distance.
fn letters_apart(letters: &[u16; 128], length: usize, candidate: &str) -> usize {
    let mut left = *letters;
    let mut extra = 0;
    for byte in candidate.bytes() {
        let slot = &mut left[usize::from(byte.to_ascii_lowercase() & 127)];
        match slot.checked_sub(1) {
            Some(fewer) => *slot = fewer,
            None => extra += 1,
        }
    }
    let matched = candidate.len() - extra;
    extra.max(length - matched)
}

/// Levenshtein distance with transpositions counted as one edit, or `None`
/// when it exceeds `limit` (computed in O(len · limit) by a banded table of
/// three rolling rows, kept in `rows` between calls).
fn edit_distance(a: &[char], b: &[char], limit: usize, rows: &mut Vec<usize>) -> Option<usize> {
    if a.len().abs_diff(b.len()) > limit {
        return None;
    }
    const FAR: usize = usize::MAX / 2;
    let width = b.len() + 1;
    rows.clear();
    rows.resize(3 * width, FAR);
    // Rows i - 2, i - 1 and i live at (i % 3) * width.
    for (j, cell) in rows[..width].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        let (current, previous, before) = (i % 3, (i + 2) % 3, (i + 1) % 3);
        let at = |row: usize, j: usize| row * width + j;
        rows[at(current, 0)..at(current, width)].fill(FAR);
        rows[at(current, 0)] = i;
        let from = i.saturating_sub(limit).max(1);
        let to = (i + limit).min(b.len());
        let mut row_best = rows[at(current, 0)];
        for j in from..=to {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[at(previous, j)] + 1)
                .min(rows[at(current, j - 1)] + 1)
                .min(rows[at(previous, j - 1)] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[at(before, j - 2)] + 1);
            }
            rows[at(current, j)] = best;
            row_best = row_best.min(best);
        }
        // Every later cell is at least the best of this row.
        if row_best > limit {
            return None;
        }
    }
    let distance = rows[(a.len() % 3) * width + b.len()];
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

    /// Two lists scored apart, merged and sorted, pick what the two
    /// scored as one list pick, whichever way they are split.
    #[test]
    fn lists_scored_apart_pick_as_one() {
        let names = [
            "network",
            "networks",
            "network_id",
            "netwrok",
            "Network",
            "name",
            "nets",
            "subnet",
            "network",
        ];
        for asked in ["netwrok", "network", "nam", "subnets"] {
            for split in 0..=names.len() {
                let (left, right) = names.split_at(split);
                let mut merged = scored(asked, left.iter().copied());
                merged.extend(scored(asked, right.iter().copied()));
                sorted(&mut merged);
                assert_eq!(pick(merged), closest(asked, names), "{asked} at {split}");
            }
        }
    }

    #[test]
    fn letters_apart_is_never_more_than_the_edit_distance() {
        let names = [
            "network",
            "netwrok",
            "networks",
            "nteworK",
            "RootStackName",
            "RootStackNames",
            "StackName",
            "ab",
            "ba",
            "abc",
            "",
            "xyz",
            "NeutronNetworkType",
        ];
        let mut rows = Vec::new();
        for a in names {
            for b in names {
                let lower: Vec<char> = a.to_ascii_lowercase().chars().collect();
                let other: Vec<char> = b.to_ascii_lowercase().chars().collect();
                let apart = letters_apart(&letters(&lower), lower.len(), b);
                let distance = edit_distance(&lower, &other, 64, &mut rows).expect("within 64");
                assert!(apart <= distance, "{a} / {b}: {apart} > {distance}");
            }
        }
        assert_eq!(letters_apart(&letters(&['a', 'b']), 2, "BA"), 0);
        assert_eq!(letters_apart(&letters(&['a', 'b', 'c']), 3, "xyz"), 3);
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

    #[test]
    fn distance_counts_edits_and_transpositions_within_the_limit() {
        let chars = |s: &str| s.chars().collect::<Vec<_>>();
        let mut rows = Vec::new();
        let mut distance =
            |a: &str, b: &str, limit| edit_distance(&chars(a), &chars(b), limit, &mut rows);
        assert_eq!(distance("network", "network", 3), Some(0));
        assert_eq!(distance("netwrok", "network", 3), Some(1));
        assert_eq!(distance("ntwork", "network", 3), Some(1));
        assert_eq!(distance("networkk", "network", 3), Some(1));
        assert_eq!(distance("nteowrk", "network", 3), Some(2));
        assert_eq!(distance("abc", "xyz", 3), Some(3));
        assert_eq!(distance("abc", "xyz", 2), None);
        assert_eq!(distance("abcdefgh", "a", 3), None);
        assert_eq!(distance("", "ab", 3), Some(2));
        assert_eq!(distance("ünïcode", "unicode", 3), Some(2));
    }
}
