//! Kubernetes object names: a resource's logical name made a DNS-1123
//! subdomain (`web_port` → `web-port`), unique in the output.

use std::collections::HashSet;

/// Kubernetes' limit on an object's name.
pub const MAX_NAME: usize = 253;

/// `text` as a DNS-1123 subdomain: lowercase letters, digits, `-` and `.`,
/// starting and ending with a letter or digit; `fallback` when nothing of
/// it is left.
pub fn kubernetes_name(text: &str, fallback: &str) -> String {
    let mut name = String::with_capacity(text.len());
    for c in text.chars() {
        let c = c.to_ascii_lowercase();
        let c = if c.is_ascii_lowercase() || c.is_ascii_digit() || c == '.' {
            c
        } else {
            '-'
        };
        // No `--`, `..`, `.-` or `-.`: each label must start and end with
        // an alphanumeric character.
        if !c.is_ascii_alphanumeric() && name.ends_with(['-', '.']) {
            continue;
        }
        name.push(c);
    }
    let mut name = name.trim_matches(['-', '.']).to_owned();
    if name.len() > MAX_NAME {
        name.truncate(MAX_NAME);
        name = name.trim_end_matches(['-', '.']).to_owned();
    }
    if name.is_empty() {
        fallback.to_owned()
    } else {
        name
    }
}

/// Whether `name` is a valid object name.
pub fn is_valid(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= MAX_NAME
        && name.split('.').all(|label| {
            !label.is_empty()
                && label
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
                && !label.starts_with('-')
                && !label.ends_with('-')
        })
}

/// Why `namespace` is not a Kubernetes namespace (a DNS-1123 label), if
/// it is not.
pub fn namespace_problem(namespace: &str) -> Option<&'static str> {
    let valid = namespace.len() <= 63 && !namespace.contains('.') && is_valid(namespace);
    (!valid).then_some(
        "a namespace has at most 63 lowercase letters, digits and `-`, \
         starting and ending with a letter or digit",
    )
}

/// Why `name` cannot name the Secret holding `clouds.yaml`, if it cannot.
pub fn secret_name_problem(name: &str) -> Option<&'static str> {
    (!is_valid(name)).then_some(
        "a Secret's name has at most 253 lowercase letters, digits, `-` and `.`, \
         starting and ending with a letter or digit",
    )
}

/// Why `name` cannot be the cloud's entry in `clouds.yaml` (ORC's
/// `cloudName`), if it cannot.
pub fn cloud_name_problem(name: &str) -> Option<&'static str> {
    let length = name.chars().count();
    (length == 0 || length > MAX_CLOUD_NAME).then_some("a cloud's name has 1 to 256 characters")
}

/// ORC's limit on `cloudCredentialsRef.cloudName`.
pub const MAX_CLOUD_NAME: usize = 256;

/// The names given so far.
#[derive(Debug, Default)]
pub struct Names {
    taken: HashSet<String>,
}

impl Names {
    /// A unique name made from `text`: `web-port`, then `web-port-2`, ...
    pub fn unique(&mut self, text: &str, fallback: &str) -> String {
        let base = kubernetes_name(text, fallback);
        if self.taken.insert(base.clone()) {
            return base;
        }
        for n in 2.. {
            let suffix = format!("-{n}");
            let mut stem = base.clone();
            stem.truncate(MAX_NAME - suffix.len());
            let candidate = format!("{}{suffix}", stem.trim_end_matches(['-', '.']));
            if self.taken.insert(candidate.clone()) {
                return candidate;
            }
        }
        unreachable!("some suffix is free")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(kubernetes_name("web_port", "x"), "web-port");
        assert_eq!(kubernetes_name("Web__Server.1", "x"), "web-server.1");
        assert_eq!(kubernetes_name("_a-.b_", "x"), "a-b");
        assert_eq!(kubernetes_name("--", "resource"), "resource");
        assert_eq!(kubernetes_name("m1.small", "x"), "m1.small");
        assert_eq!(kubernetes_name(&"a".repeat(300), "x").len(), MAX_NAME);
        for text in ["web_port", "A..B", "é", "a-.-b", "x.-y", "0"] {
            assert!(is_valid(&kubernetes_name(text, "fallback")), "{text}");
        }
        let mut names = Names::default();
        assert_eq!(names.unique("web_port", "x"), "web-port");
        assert_eq!(names.unique("web-port", "x"), "web-port-2");
        assert_eq!(names.unique("Web_Port", "x"), "web-port-3");
    }
}
