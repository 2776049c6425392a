//! The intrinsic functions whose result is known before Heat runs, one
//! `fn` each, as Heat's function classes compute them.

use heatwise_core::syntax::{NodeId, Resolved};
use heatwise_core::text::TextRange;

use super::{Evaluator, Val, V};

impl Evaluator<'_, '_> {
    /// `get_param: [name, path...]`: a parameter's value, or a part of it.
    pub(super) fn get_param(&self, args: NodeId, at: TextRange, depth: usize) -> Val {
        let parts = self.args(args);
        let Some((&first, path)) = parts.split_first() else {
            return Val::unknown("get_param needs a parameter name", at);
        };
        let name_val = self.eval_at(first, depth);
        let Some(param_name) = name_val.python_str() else {
            return name_val;
        };
        match self.parameter(&param_name, at) {
            Ok(value) => self.walk(
                value,
                path,
                at,
                depth,
                &format!("the parameter {param_name}"),
            ),
            Err(unknown) => unknown,
        }
    }

    /// The part of `value` that `path` (keys and indexes) leads to, moved
    /// to `at`; `what` names the value for the user.
    pub(super) fn walk(
        &self,
        mut value: Val,
        path: &[NodeId],
        at: TextRange,
        depth: usize,
        what: &str,
    ) -> Val {
        for &step in path {
            let key = self.eval_at(step, depth);
            value = match (&value.v, &key.v) {
                (V::Map(_), _) => match key.python_str().and_then(|k| value.get(&k).cloned()) {
                    Some(v) => v,
                    None => Val::new(V::Null, at),
                },
                (V::List(items), V::Int(i)) => {
                    match usize::try_from(*i).ok().and_then(|i| items.get(i)) {
                        Some(v) => v.clone(),
                        None => Val::new(V::Null, at),
                    }
                }
                (V::List(items), V::Str(s)) => {
                    match s.parse::<usize>().ok().and_then(|i| items.get(i)) {
                        Some(v) => v.clone(),
                        None => Val::new(V::Null, at),
                    }
                }
                (V::Unknown(_), _) => return value,
                _ => {
                    return Val::unknown(
                        format!("the path cannot look into {what}'s value there"),
                        at,
                    )
                }
            };
        }
        value.relocated(at)
    }

    /// `str_replace` (and its strict forms): each param replaced in the template, longest first, in one pass.
    pub(super) fn str_replace(&self, name: &str, args: NodeId, at: TextRange, depth: usize) -> Val {
        let value = self.eval_at(args, depth);
        let (Some(template), Some(params)) = (value.get("template"), value.get("params")) else {
            return Val::unknown(format!("{name} needs template and params"), at);
        };
        if let Some(unknown) = template.unknown_part().or_else(|| params.unknown_part()) {
            return unknown.clone();
        }
        let (V::Str(text), V::Map(entries)) = (&template.v, &params.v) else {
            return Val::unknown(
                format!("{name} needs a string template and a map of params"),
                at,
            );
        };
        let mut mapping = Vec::new();
        for (key, v) in entries {
            let replacement = match &v.v {
                V::Null => String::new(),
                _ => match v.python_str() {
                    Some(s) => s,
                    None => {
                        return Val::unknown(
                            format!("{name} params must be strings or numbers"),
                            at,
                        )
                    }
                },
            };
            mapping.retain(|(k, _): &(String, String)| k != key);
            mapping.push((key.clone(), replacement));
        }
        mapping.sort_by(|a, b| a.0.cmp(&b.0));
        mapping.sort_by_key(|entry| std::cmp::Reverse(entry.0.len()));
        Val::new(V::Str(replace_all(text, &mapping)), at)
    }

    /// `list_join: [delimiter, list...]`: maps and lists joined as `json.dumps` writes them.
    pub(super) fn list_join(&self, args: NodeId, at: TextRange, depth: usize) -> Val {
        let value = self.eval_at(args, depth);
        let V::List(items) = &value.v else {
            return Val::unknown("list_join needs a list", at);
        };
        let Some((delimiter, lists)) = items.split_first() else {
            return Val::unknown("list_join needs a delimiter", at);
        };
        if let Some(unknown) = value.unknown_part() {
            return unknown.clone();
        }
        let V::Str(delimiter) = &delimiter.v else {
            return Val::unknown("list_join's delimiter must be a string", at);
        };
        let mut strings = Vec::new();
        for list in lists {
            match &list.v {
                V::List(items) => {
                    for item in items {
                        strings.push(match &item.v {
                            V::Null => String::new(),
                            V::Str(s) => s.clone(),
                            V::List(_) | V::Map(_) => match item.python_json(true) {
                                Some(json) => json,
                                None => return Val::unknown("list_join's items must be known", at),
                            },
                            _ => {
                                return Val::unknown(
                                    "list_join's items must be strings, maps or lists",
                                    at,
                                )
                            }
                        });
                    }
                }
                V::Null => {}
                _ => return Val::unknown("list_join joins lists", at),
            }
        }
        Val::new(V::Str(strings.join(delimiter)), at)
    }

    /// `Fn::Join: [delimiter, [strings]]`.
    pub(super) fn fn_join(&self, args: NodeId, at: TextRange, depth: usize) -> Val {
        let value = self.eval_at(args, depth);
        if let Some(unknown) = value.unknown_part() {
            return unknown.clone();
        }
        match &value.v {
            V::List(items) if items.len() == 2 => match (&items[0].v, &items[1].v) {
                (V::Str(delimiter), V::List(strings)) => {
                    let mut parts = Vec::new();
                    for s in strings {
                        match &s.v {
                            V::Str(s) => parts.push(s.clone()),
                            V::Null => parts.push(String::new()),
                            _ => return Val::unknown("Fn::Join joins strings", at),
                        }
                    }
                    Val::new(V::Str(parts.join(delimiter)), at)
                }
                _ => Val::unknown("Fn::Join needs a delimiter and a list", at),
            },
            _ => Val::unknown("Fn::Join needs a delimiter and a list", at),
        }
    }

    /// `Fn::Select: [index, list or map]`: an empty string when out of range.
    pub(super) fn fn_select(&self, args: NodeId, at: TextRange, depth: usize) -> Val {
        let value = self.eval_at(args, depth);
        match &value.v {
            V::List(items) if items.len() == 2 => {
                let index = &items[0];
                let collection = &items[1];
                match (&collection.v, index.python_str()) {
                    (V::List(list), Some(i)) => i
                        .parse::<usize>()
                        .ok()
                        .and_then(|i| list.get(i).cloned())
                        .unwrap_or(Val::new(V::Str(String::new()), at)),
                    (V::Map(_), Some(key)) => collection
                        .get(&key)
                        .cloned()
                        .unwrap_or(Val::new(V::Str(String::new()), at)),
                    (V::Unknown(_), _) => collection.clone(),
                    _ => Val::unknown("Fn::Select needs an index and a list", at),
                }
            }
            _ => Val::unknown("Fn::Select needs an index and a list", at),
        }
    }

    /// `str_split: [delimiter, string, index?]`.
    pub(super) fn str_split(&self, args: NodeId, at: TextRange, depth: usize) -> Val {
        let value = self.eval_at(args, depth);
        if let Some(unknown) = value.unknown_part() {
            return unknown.clone();
        }
        let V::List(items) = &value.v else {
            return Val::unknown("str_split needs a list", at);
        };
        match (items.first().map(|v| &v.v), items.get(1).map(|v| &v.v)) {
            (Some(V::Str(delimiter)), Some(V::Str(text))) if !delimiter.is_empty() => {
                let parts: Vec<Val> = text
                    .split(delimiter.as_str())
                    .map(|s| Val::new(V::Str(s.to_owned()), at))
                    .collect();
                match items.get(2) {
                    None => Val::new(V::List(parts), at),
                    Some(index) => index
                        .python_str()
                        .and_then(|i| i.parse::<usize>().ok())
                        .and_then(|i| parts.get(i).cloned())
                        .unwrap_or_else(|| Val::unknown("str_split's index is out of range", at)),
                }
            }
            _ => Val::unknown("str_split needs a delimiter and a string", at),
        }
    }

    /// `list_concat` and `list_concat_unique`.
    pub(super) fn list_concat(&self, name: &str, args: NodeId, at: TextRange, depth: usize) -> Val {
        let value = self.eval_at(args, depth);
        if let Some(unknown) = value.unknown_part() {
            return unknown.clone();
        }
        let V::List(lists) = &value.v else {
            return Val::unknown(format!("{name} needs a list of lists"), at);
        };
        let mut out: Vec<Val> = Vec::new();
        for list in lists {
            match &list.v {
                V::List(items) => {
                    for item in items {
                        if name == "list_concat_unique"
                            && out.iter().any(|o| o.to_json() == item.to_json())
                        {
                            continue;
                        }
                        out.push(item.clone());
                    }
                }
                V::Null => {}
                _ => return Val::unknown(format!("{name} concatenates lists"), at),
            }
        }
        Val::new(V::List(out), at)
    }

    /// `map_merge: [maps]`: later maps win.
    pub(super) fn map_merge(&self, args: NodeId, at: TextRange, depth: usize) -> Val {
        let value = self.eval_at(args, depth);
        if let Some(unknown) = value.unknown_part() {
            return unknown.clone();
        }
        let V::List(maps) = &value.v else {
            return Val::unknown("map_merge needs a list of maps", at);
        };
        let mut out: Vec<(String, Val)> = Vec::new();
        for map in maps {
            match &map.v {
                V::Map(entries) => {
                    for (k, v) in entries {
                        out.retain(|(existing, _)| existing != k);
                        out.push((k.clone(), v.clone()));
                    }
                }
                V::Null => {}
                _ => return Val::unknown("map_merge merges maps", at),
            }
        }
        Val::new(V::Map(out), at)
    }

    /// `if: [condition, then, else]`.
    pub(super) fn if_(&self, name: &str, args: NodeId, at: TextRange, depth: usize) -> Val {
        let parts = self.args(args);
        if parts.len() != 3 {
            return Val::unknown(format!("{name} needs a condition and two values"), at);
        }
        match self.condition(parts[0], depth) {
            Some(true) => self.eval_at(parts[1], depth),
            Some(false) => self.eval_at(parts[2], depth),
            None => Val::unknown(
                "the condition depends on what only Heat knows when it runs",
                at,
            ),
        }
    }

    /// `contains: [value, list]`.
    pub(super) fn contains(&self, args: NodeId, at: TextRange, depth: usize) -> Val {
        let value = self.eval_at(args, depth);
        if let Some(unknown) = value.unknown_part() {
            return unknown.clone();
        }
        match &value.v {
            V::List(items) if items.len() == 2 => match &items[1].v {
                V::List(list) => {
                    let needle = items[0].to_json();
                    Val::new(V::Bool(list.iter().any(|i| i.to_json() == needle)), at)
                }
                _ => Val::unknown("contains needs a list to look in", at),
            },
            _ => Val::unknown("contains needs a value and a list", at),
        }
    }

    /// `repeat: {for_each: {<%var%>: list}, template: ...}` with known
    /// lists (every combination, as `permutations: true`).
    pub(super) fn repeat(&self, args: NodeId, at: TextRange, depth: usize) -> Val {
        let tree = self.tree();
        let args = tree.alias_target(args).unwrap_or(args);
        let (Some(for_each), Some(template)) = (
            tree.is_mapping(args)
                .then(|| tree.get(args, "for_each"))
                .flatten(),
            tree.is_mapping(args)
                .then(|| tree.get(args, "template"))
                .flatten(),
        ) else {
            return Val::unknown("repeat needs for_each and template", at);
        };
        let lists = self.eval_at(for_each, depth);
        if let Some(unknown) = lists.unknown_part() {
            return unknown.clone();
        }
        let V::Map(lists) = &lists.v else {
            return Val::unknown("repeat's for_each must be a map", at);
        };
        let pairwise = tree.get(args, "permutations").and_then(|p| tree.resolve(p))
            == Some(Resolved::Bool(false));
        let body = self.eval_at(template, depth);
        let combos = match combinations(lists, pairwise, self.budget.get()) {
            Ok(combos) => combos,
            Err(why) => return Val::unknown(why, at),
        };
        // Each copy of the body is made of its values and holds a value
        // per loop variable: all of them count.
        let cost = combos
            .len()
            .saturating_mul(body.count().saturating_add(lists.len()));
        if cost > self.budget.get() {
            return Val::unknown("repeat makes too many values to evaluate", at);
        }
        self.budget.set(self.budget.get() - cost);
        let items = combos
            .iter()
            .map(|combo| substitute(&body, combo))
            .collect();
        Val::new(V::List(items), at)
    }
}

/// Each assignment of the loop variables' values: every combination, or
/// with `pairwise` the lists' items side by side. `Err` says why it cannot
/// be written: a value that is no string or number, lists of unequal
/// length side by side, more combinations than `budget`.
fn combinations(
    lists: &[(String, Val)],
    pairwise: bool,
    budget: usize,
) -> Result<Vec<Vec<(String, String)>>, &'static str> {
    let mut combos: Vec<Vec<(String, String)>> = vec![Vec::new()];
    for (index, (key, list)) in lists.iter().enumerate() {
        let V::List(items) = &list.v else {
            return Err("repeat's for_each values must be lists");
        };
        let texts: Vec<String> = items
            .iter()
            .map(Val::python_str)
            .collect::<Option<_>>()
            .ok_or("repeat's values must be strings or numbers")?;
        if pairwise {
            if index == 0 {
                combos = texts
                    .iter()
                    .map(|t| vec![(key.clone(), t.clone())])
                    .collect();
            } else if texts.len() != combos.len() {
                return Err("repeat's lists must be of equal length without permutations");
            } else {
                for (combo, t) in combos.iter_mut().zip(texts) {
                    combo.push((key.clone(), t));
                }
            }
            continue;
        }
        // Checked before the product is built: it is what would take the
        // memory.
        if combos.len().saturating_mul(texts.len()) > budget {
            return Err("repeat makes too many values to evaluate");
        }
        let mut next = Vec::new();
        for combo in &combos {
            for t in &texts {
                let mut c = combo.clone();
                c.push((key.clone(), t.clone()));
                next.push(c);
            }
        }
        combos = next;
    }
    Ok(combos)
}

/// `text` with each key replaced by its value, longest keys first, in one
/// pass (as Heat's `str_replace` splits and joins).
fn replace_all(text: &str, mapping: &[(String, String)]) -> String {
    fn go(strings: Vec<String>, mapping: &[(String, String)]) -> Vec<String> {
        let Some(((key, value), rest)) = mapping.split_first() else {
            return strings;
        };
        strings
            .into_iter()
            .map(|s| {
                if key.is_empty() {
                    // Python's str.split refuses an empty separator; Heat
                    // would fail, and the string is left as it is here.
                    return go(vec![s], rest).concat();
                }
                let pieces: Vec<String> = s.split(key.as_str()).map(str::to_owned).collect();
                go(pieces, rest).join(value)
            })
            .collect()
    }
    go(vec![text.to_owned()], mapping).concat()
}

/// A `repeat` template with its variables replaced in strings and keys.
fn substitute(body: &Val, combo: &[(String, String)]) -> Val {
    let replace = |s: &str| {
        let mut out = s.to_owned();
        for (key, value) in combo {
            out = out.replace(key.as_str(), value);
        }
        out
    };
    let v = match &body.v {
        V::Str(s) => V::Str(replace(s)),
        V::List(items) => V::List(items.iter().map(|i| substitute(i, combo)).collect()),
        V::Map(entries) => V::Map(
            entries
                .iter()
                .map(|(k, v)| (replace(k), substitute(v, combo)))
                .collect(),
        ),
        other => other.clone(),
    };
    Val::new(v, body.at)
}
