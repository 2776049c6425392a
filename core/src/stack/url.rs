//! Where python-heatclient looks for a file a template or environment
//! names: `urllib.parse.urljoin` of the value onto the referring file's
//! directory (`utils.base_url_for_url`, with a `/` added), RFC 3986's
//! reference resolution with its dot segments removed. Files are named by
//! URL, as heatclient names them in the `files` it sends: the root and the
//! environments by their `file:` URL, everything else by the join.

/// `reference` resolved against `base`, as Python's `urljoin` does for the
/// URLs heatclient makes: an absolute URL stays as it is, `/x` keeps the
/// base's scheme and authority, anything else is merged with the base's
/// directory. Query and fragment are kept as written.
pub fn join(base: &str, reference: &str) -> String {
    if reference.is_empty() {
        return base.to_owned();
    }
    if scheme(reference).is_some() {
        return reference.to_owned();
    }
    let (base_scheme, rest) = match scheme(base) {
        Some(scheme) => (scheme, &base[scheme.len() + 1..]),
        None => ("", base),
    };
    let prefix = |authority: &str| {
        if base_scheme.is_empty() {
            authority.to_owned()
        } else {
            format!("{base_scheme}:{authority}")
        }
    };
    if let Some(network) = reference.strip_prefix("//") {
        return prefix(&format!("//{network}"));
    }
    let (authority, base_path) = match rest.strip_prefix("//") {
        Some(after) => {
            let end = after.find('/').unwrap_or(after.len());
            (format!("//{}", &after[..end]), &after[end..])
        }
        None => (String::new(), rest),
    };
    let base_path = base_path.split(['?', '#']).next().unwrap_or_default();
    let (reference_path, suffix) = match reference.find(['?', '#']) {
        Some(at) => reference.split_at(at),
        None => (reference, ""),
    };
    let merged = if reference_path.starts_with('/') {
        reference_path.to_owned()
    } else {
        let directory = match base_path.rfind('/') {
            Some(at) => &base_path[..=at],
            None if authority.is_empty() => "",
            None => "/",
        };
        format!("{directory}{reference_path}")
    };
    format!(
        "{}{}{suffix}",
        prefix(&authority),
        remove_dot_segments(&merged)
    )
}

/// The directory a file's references are resolved against, ending in `/`.
pub fn base_of(url: &str) -> String {
    let end = url.find(['?', '#']).unwrap_or(url.len());
    match url[..end].rfind('/') {
        Some(at) => url[..=at].to_owned(),
        None => String::new(),
    }
}

/// The scheme of a URL (`file`, `https`), when it has one: letters, digits,
/// `+`, `-` and `.` before a `:`, starting with a letter.
pub fn scheme(url: &str) -> Option<&str> {
    let colon = url.find(':')?;
    let candidate = &url[..colon];
    let mut chars = candidate.chars();
    let first = chars.next()?;
    (first.is_ascii_alphabetic()
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')))
    .then_some(candidate)
}

/// RFC 3986, 5.2.4: `.` and `..` segments removed, `..` above the root
/// dropped.
fn remove_dot_segments(path: &str) -> String {
    let absolute = path.starts_with('/');
    let mut segments: Vec<&str> = Vec::new();
    let parts: Vec<&str> = path.split('/').collect();
    for (index, segment) in parts.iter().enumerate() {
        let last = index + 1 == parts.len();
        match *segment {
            "." => {
                if last {
                    segments.push("");
                }
            }
            ".." => {
                if segments.len() > usize::from(absolute) {
                    segments.pop();
                }
                if last {
                    segments.push("");
                }
            }
            other => segments.push(other),
        }
    }
    let joined = segments.join("/");
    if absolute && !joined.starts_with('/') {
        format!("/{joined}")
    } else {
        joined
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Python 3.11's `urllib.parse.urljoin`, on the shapes heatclient
    /// joins (its answers written down here).
    #[test]
    fn joins_as_python_does() {
        let base = "file:///srv/tht/environments/";
        for (reference, joined) in [
            ("net.yaml", "file:///srv/tht/environments/net.yaml"),
            ("../puppet/role.yaml", "file:///srv/tht/puppet/role.yaml"),
            ("./a/../b.yaml", "file:///srv/tht/environments/b.yaml"),
            ("../../../../x.yaml", "file:///x.yaml"),
            ("/abs/y.yaml", "file:///abs/y.yaml"),
            ("file:///other/z.yaml", "file:///other/z.yaml"),
            ("https://example.com/t.yaml", "https://example.com/t.yaml"),
            (
                "scripts/run.sh?x=1",
                "file:///srv/tht/environments/scripts/run.sh?x=1",
            ),
        ] {
            assert_eq!(join(base, reference), joined, "{reference}");
        }
        assert_eq!(
            join("https://example.com/a/b/", "../c.yaml"),
            "https://example.com/a/c.yaml"
        );
        assert_eq!(
            join("https://example.com", "c.yaml"),
            "https://example.com/c.yaml"
        );
        assert_eq!(
            base_of("file:///srv/tht/overcloud.yaml"),
            "file:///srv/tht/"
        );
    }

    #[test]
    fn schemes() {
        assert_eq!(scheme("file:///a"), Some("file"));
        assert_eq!(scheme("a.yaml"), None);
        assert_eq!(scheme("OS::Nova::Server"), Some("OS"));
        assert_eq!(scheme("1a:b"), None);
    }
}
