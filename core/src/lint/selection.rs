//! Which rules are reported: one reading of selectors (`--select`,
//! `select = [...]` in heatwise.toml, the language server's `select`) and
//! one way of laying a command line's selection over a project's.

use super::Rule;

impl Rule {
    /// The rules a selector names: a code, a name, or a prefix of codes
    /// (`HW`, `HW4`); a retired code or name stands for the rules it
    /// became. The one reading of `--select`, `select = [...]` in
    /// heatwise.toml and the language server's `select`.
    pub fn select(selector: &str) -> Result<Vec<Rule>, String> {
        let selector = selector.trim();
        let named = Rule::matching(selector);
        if !named.is_empty() {
            return Ok(named);
        }
        let upper = selector.to_ascii_uppercase();
        let by_prefix: Vec<Rule> = Rule::ALL
            .iter()
            .copied()
            .filter(|rule| !upper.is_empty() && rule.code().starts_with(&upper))
            .collect();
        if by_prefix.is_empty() {
            return Err(format!(
                "`{selector}` names no rule; give a code (HW202), a name \
                 (hidden-property) or a prefix of codes (HW, HW2)"
            ));
        }
        Ok(by_prefix)
    }
}

/// Which rules are reported, as ruff's users write it: `select` (all rules
/// when `None`) and `extend_select` added, less `ignore` and
/// `extend_ignore`; selectors as [`Rule::select`] reads them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    pub select: Option<Vec<String>>,
    pub extend_select: Vec<String>,
    pub ignore: Vec<String>,
    pub extend_ignore: Vec<String>,
}

impl Selection {
    /// `over` laid on `self` (a command line's over a project file's):
    /// its `select` and `ignore` replace these where given, its `extend_`
    /// lists add to them.
    pub fn under(&self, over: &Selection) -> Selection {
        let joined = |a: &[String], b: &[String]| [a, b].concat();
        Selection {
            select: over.select.clone().or_else(|| self.select.clone()),
            extend_select: joined(&self.extend_select, &over.extend_select),
            ignore: match over.ignore.is_empty() {
                true => self.ignore.clone(),
                false => over.ignore.clone(),
            },
            extend_ignore: joined(&self.extend_ignore, &over.extend_ignore),
        }
    }

    /// Whether it leaves every rule in.
    pub fn is_all(&self) -> bool {
        self.select.is_none() && self.ignore.is_empty() && self.extend_ignore.is_empty()
    }

    /// The rules it reports, in code order; the first selector that names
    /// nothing, with what it was given as.
    pub fn rules(&self) -> Result<Vec<Rule>, String> {
        let named = |list: &[String], what: &str| -> Result<Vec<Rule>, String> {
            let mut rules = Vec::new();
            for selector in list {
                rules.extend(Rule::select(selector).map_err(|m| format!("{what}: {m}"))?);
            }
            Ok(rules)
        };
        let mut rules = match &self.select {
            Some(select) => named(select, "select")?,
            None => Rule::ALL.to_vec(),
        };
        rules.extend(named(&self.extend_select, "extend-select")?);
        let mut ignored = named(&self.ignore, "ignore")?;
        ignored.extend(named(&self.extend_ignore, "extend-ignore")?);
        rules.retain(|rule| !ignored.contains(rule));
        rules.sort();
        rules.dedup();
        Ok(rules)
    }
}

#[cfg(test)]
mod selection_tests {
    use super::*;

    fn strings(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn selectors_name_codes_names_and_prefixes() {
        assert_eq!(Rule::select("HW202").unwrap(), [Rule::HiddenProperty]);
        assert_eq!(
            Rule::select("hidden-property").unwrap(),
            [Rule::HiddenProperty]
        );
        assert!(Rule::select("hw4").unwrap().contains(&Rule::MissingFile));
        assert!(Rule::select("nothing").is_err());
        assert!(Rule::select("").is_err());
    }

    #[test]
    fn a_command_line_lays_its_selection_over_a_project_s() {
        let project = Selection {
            select: Some(strings(&["HW2"])),
            ignore: strings(&["HW203"]),
            ..Selection::default()
        };
        let rules = project.rules().unwrap();
        assert!(rules.contains(&Rule::HiddenProperty));
        assert!(!rules.contains(&Rule::HiddenResourceType));
        let cli = Selection {
            extend_select: strings(&["HW102"]),
            extend_ignore: strings(&["hidden-property"]),
            ..Selection::default()
        };
        let both = project.under(&cli).rules().unwrap();
        assert!(both.contains(&Rule::HiddenResourceType));
        assert!(!both.contains(&Rule::HiddenProperty));
        let replaced = project
            .under(&Selection {
                select: Some(strings(&["HW4"])),
                ..Selection::default()
            })
            .rules()
            .unwrap();
        assert!(replaced.iter().all(|r| r.code().starts_with("HW4")));
        assert!(Selection::default().is_all());
        assert_eq!(Selection::default().rules().unwrap(), Rule::ALL.to_vec());
    }
}
