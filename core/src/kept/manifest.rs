//! A dump's `stack.json`: who the stack is (project, name, ID, status) and
//! where in the dump each file Heat keeps for it lies. Read by the CLI's
//! offline scan and by the editor's fleet page alike.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The manifest's format, refused when it is any other.
pub const FORMAT: &str = "heatwise-stack-dump/1";
/// The largest manifest read.
pub const MAX_MANIFEST_BYTES: usize = 16 * 1024 * 1024;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    pub format: String,
    pub project: String,
    pub project_id: String,
    pub name: String,
    pub id: String,
    pub status: String,
    #[serde(default)]
    pub status_reason: Option<String>,
    /// Heat lists it only when asked for hidden stacks.
    #[serde(default)]
    pub hidden: bool,
    /// Why the stack's documents could not be read (then there are none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unread: Option<String>,
    /// Each file's URL and its place in the dump, relative to its folder.
    pub files: BTreeMap<String, String>,
}

impl Manifest {
    /// The manifest `text` holds, checked: its format, and each file's
    /// place inside the dump; what is wrong, in words, otherwise.
    pub fn read(text: &str) -> Result<Manifest, String> {
        if text.len() > MAX_MANIFEST_BYTES {
            return Err(format!(
                "it is larger than {} MB: not a stack dump's manifest",
                MAX_MANIFEST_BYTES / 1024 / 1024
            ));
        }
        let manifest: Manifest = serde_json::from_str(text)
            .map_err(|error| format!("not a stack dump's manifest: {error}"))?;
        if manifest.format != FORMAT {
            return Err(format!(
                "of the format {}, not {FORMAT}: dump the stack again with this heatwise",
                manifest.format
            ));
        }
        for (url, place) in &manifest.files {
            if !stays_inside(place) {
                return Err(format!("the place of {url} leaves the dump ({place})"));
            }
        }
        Ok(manifest)
    }

    /// Whether `text` is meant as a manifest (its format field says so),
    /// read or not: a folder holding one is a dump.
    pub fn is_one(text: &str) -> bool {
        text.len() <= MAX_MANIFEST_BYTES && text.contains("\"heatwise-stack-dump/")
    }
}

/// A relative path of plain names only: no root, no `..`, no `.`, no
/// backslash or drive (`c:`) a system might read as leaving.
fn stays_inside(place: &str) -> bool {
    !place.is_empty()
        && !place.contains('\\')
        && !place
            .split('/')
            .next()
            .is_some_and(|first| first.contains(':'))
        && place
            .split('/')
            .all(|part| !part.is_empty() && part != "." && part != "..")
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = r#"{"format": "heatwise-stack-dump/1", "project": "demo",
        "project_id": "p1", "name": "web", "id": "s1", "status": "CREATE_COMPLETE",
        "files": {"file:///srv/a.yaml": "files/srv/a.yaml"}}"#;

    #[test]
    fn a_manifest_is_read_with_its_places_checked() {
        let manifest = Manifest::read(TEXT).unwrap();
        assert_eq!(manifest.name, "web");
        assert_eq!(manifest.files["file:///srv/a.yaml"], "files/srv/a.yaml");
        assert!(Manifest::is_one(TEXT));
        for place in [
            "../x",
            "/etc/passwd",
            "files/../../x",
            "c:\\\\x",
            "c:/x",
            "",
        ] {
            let text = TEXT.replace("files/srv/a.yaml", place);
            let why = Manifest::read(&text).unwrap_err();
            assert!(why.contains("leaves the dump"), "{place}: {why}");
        }
        let other = TEXT.replace("dump/1", "dump/9");
        assert!(Manifest::read(&other).unwrap_err().contains("dump/9"));
        assert!(Manifest::read("[]")
            .unwrap_err()
            .contains("not a stack dump"));
    }
}
