//! A stack on the file system: the root and environments named as
//! heatclient names them (`file:` URLs of their resolved paths), every
//! file they reach read through [`FsFiles`], and `--path-map` rewriting
//! install prefixes (`/usr/share/openstack-tripleo-heat-templates` to a
//! checkout) before a file is read.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use heatwise_core::stack::{Content, FileProvider, ReadError};
use percent_encoding::{percent_decode_str, utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

use crate::input::read_file;

/// `FROM=TO`: a path prefix rewritten before files are read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathMap {
    pub from: PathBuf,
    pub to: PathBuf,
}

pub fn parse_path_map(text: &str) -> Result<PathMap, String> {
    match text.split_once('=') {
        Some((from, to)) if !from.is_empty() && !to.is_empty() => Ok(PathMap {
            from: PathBuf::from(from),
            to: PathBuf::from(to),
        }),
        _ => Err(format!(
            "`{text}` is not FROM=TO (e.g. /usr/share/openstack-tripleo-heat-templates=.)"
        )),
    }
}

/// The files of the local file system, by `file:` URL.
pub struct FsFiles {
    pub path_maps: Vec<PathMap>,
    /// With a project file: its directory, outside which only the files
    /// given (the root and the environments, by URL) are read.
    pub project: Option<(PathBuf, Vec<String>)>,
}

impl FsFiles {
    /// Where the file a URL names is read from: its path, with the first
    /// path map whose `FROM` it starts with applied.
    pub fn path_of(&self, url: &str) -> Option<PathBuf> {
        let path = local_path(url)?;
        for map in &self.path_maps {
            if let Ok(rest) = path.strip_prefix(&map.from) {
                return Some(map.to.join(rest));
            }
        }
        Some(path)
    }
}

impl FileProvider for FsFiles {
    fn read(&self, url: &str) -> Result<Content, ReadError> {
        if !url.starts_with("file:") {
            return Err(ReadError::Remote);
        }
        let path = self
            .path_of(url)
            .ok_or_else(|| ReadError::Unreadable("not a local file URL".to_owned()))?;
        if let Some((project, given)) = &self.project {
            // Inside when the name is (`..` already joined away, as
            // heatclient names the files it sends), or the file it reaches
            // through links is.
            let inside = |path: &Path| path.starts_with(project);
            let real = std::fs::canonicalize(&path);
            if !inside(&path)
                && !real.is_ok_and(|real| inside(&real))
                && !given.iter().any(|g| g == url)
            {
                return Err(ReadError::OutsideProject);
            }
        }
        match std::fs::metadata(&path) {
            Err(error) if error.kind() == io::ErrorKind::NotFound => {
                return Err(ReadError::NotFound)
            }
            Ok(metadata) if metadata.is_dir() => {
                return Err(ReadError::Unreadable("it is a directory".to_owned()))
            }
            _ => {}
        }
        match read_file(&path) {
            Ok(text) => Ok(Content::Text(text)),
            // heatclient sends what is not UTF-8 as base64: data.
            Err(message) if message.contains("UTF-8") || message.contains("binary") => {
                Ok(Content::Binary)
            }
            Err(message) => Err(ReadError::Unreadable(message)),
        }
    }
}

/// A stack as Heat keeps it, on disk (a dump of `heatwise scan`): the
/// root and the environments by their `file:` URLs, every other file by
/// the name the stack was sent with it, as Heat's engine looks it up.
pub struct StoredFiles {
    given: Vec<(String, PathBuf)>,
    stored: std::collections::BTreeMap<String, PathBuf>,
}

impl StoredFiles {
    /// The files of a stack whose root and environments have the URLs
    /// `urls` and are at `paths`, and whose other files `stored` places
    /// by name.
    pub fn new<'p>(
        urls: &[String],
        paths: impl Iterator<Item = &'p PathBuf>,
        stored: std::collections::BTreeMap<String, PathBuf>,
    ) -> StoredFiles {
        StoredFiles {
            given: urls.iter().cloned().zip(paths.cloned()).collect(),
            stored,
        }
    }

    fn path_of(&self, name: &str) -> Option<&Path> {
        match self.given.iter().find(|(url, _)| url == name) {
            Some((_, path)) => Some(path),
            None => self.stored.get(name).map(PathBuf::as_path),
        }
    }

    /// Where a finding in the file `name` is said to be: its place on
    /// disk.
    pub fn shown(&self, name: &str) -> String {
        self.path_of(name).map_or_else(|| name.to_owned(), shown)
    }
}

impl FileProvider for StoredFiles {
    fn read(&self, name: &str) -> Result<Content, ReadError> {
        let Some(path) = self.path_of(name) else {
            return Err(ReadError::NotStored);
        };
        match read_file(path) {
            Ok(text) => Ok(Content::Text(text)),
            Err(message) if message.contains("UTF-8") || message.contains("binary") => {
                Ok(Content::Binary)
            }
            Err(message) => Err(ReadError::Unreadable(message)),
        }
    }
}

/// Why a file given on the command line could not be read, for the user.
pub fn describe(why: &ReadError) -> String {
    match why {
        ReadError::NotFound => "no such file".to_owned(),
        ReadError::Remote => "a remote URL, which heatwise does not fetch".to_owned(),
        ReadError::NotAUrl => "not a URL heatclient can open".to_owned(),
        ReadError::Unreadable(reason) => reason.clone(),
        ReadError::OutsideProject => "outside the project's directory".to_owned(),
        ReadError::NotStored => "not among the files Heat keeps for the stack".to_owned(),
        ReadError::RefusedByEngine(reason) => format!("refused by Heat's engine: {reason}"),
    }
}

/// The `file:` URL heatclient names a given path by
/// (`Path(path).resolve().as_uri()`).
pub fn url_of(path: &Path) -> Result<String, String> {
    resolved(path).map(|resolved| url_of_resolved(&resolved))
}

/// `path` with every link followed, or why it cannot be.
pub fn resolved(path: &Path) -> Result<PathBuf, String> {
    std::fs::canonicalize(path).map_err(|error| match error.kind() {
        io::ErrorKind::NotFound => "no such file or directory".to_owned(),
        _ => format!("cannot read: {error}"),
    })
}

/// [`url_of`] a path already [`resolved`].
pub fn url_of_resolved(resolved: &Path) -> String {
    format!("file://{}", encode(&resolved.to_string_lossy()))
}

/// A stack gathered from paths on disk: the stack, the files it was read
/// from, and the URLs of its root and environments (as heatclient names
/// them).
pub struct OnDisk {
    pub stack: heatwise_core::stack::Stack,
    pub files: FsFiles,
    pub urls: Vec<String>,
}

/// The stack of the template at `root` with the environment files
/// `environments`, read from disk (through `path_maps`) as heatclient
/// gathers one; what cannot be read, said as an error message naming it.
/// The one gathering of a stack from paths that `fix --stack` and `orc`
/// share (`lint` gathers each project stack, and its combinations, with a
/// cache of its own).
pub fn gather_paths(
    root: &Path,
    environments: &[PathBuf],
    path_maps: Vec<PathMap>,
) -> Result<OnDisk, String> {
    let mut urls = Vec::with_capacity(environments.len() + 1);
    for path in std::iter::once(root).chain(environments.iter().map(PathBuf::as_path)) {
        urls.push(url_of(path).map_err(|message| format!("{}: {message}", path.display()))?);
    }
    let files = FsFiles {
        path_maps,
        project: None,
    };
    let stack = heatwise_core::stack::Stack::gather(&urls[0], &urls[1..], &files);
    match stack.unread.first() {
        Some((url, why)) => Err(format!("{url}: {}", describe(why))),
        None => Ok(OnDisk { stack, files, urls }),
    }
}

/// A path as `pathlib.Path.as_uri` writes it: everything but unreserved
/// characters and `/` percent-encoded (so a `:` in a file name cannot read
/// as a URI scheme). The CLI's one encoder of paths into URLs.
pub fn encode(path: &str) -> String {
    utf8_percent_encode(path, PATH_ESCAPED).to_string()
}

/// What `encode` escapes: all but unreserved characters and `/`.
const PATH_ESCAPED: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'/')
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// The local path of a `file:` URL, its percent-escapes decoded; `None`
/// for another scheme or escapes that do not make UTF-8. The CLI's one
/// decoder of URLs into paths.
pub fn local_path(url: &str) -> Option<PathBuf> {
    decode(url.strip_prefix("file://")?).map(PathBuf::from)
}

/// A URL's path with its percent-escapes decoded; `None` when they do not
/// make UTF-8.
fn decode(path: &str) -> Option<String> {
    let path = path.split(['?', '#']).next().unwrap_or_default();
    percent_decode_str(path)
        .decode_utf8()
        .ok()
        .map(|p| p.into_owned())
}

/// How a file of the stack is shown: its path relative to the current
/// directory where it is below it, else the path itself.
pub fn shown(path: &Path) -> String {
    // Read once: nothing here changes the working directory, and a stack
    // shows every one of its files this way (a combination of
    // environments, each of its files on each thread).
    static WORKING_DIRECTORY: OnceLock<Option<PathBuf>> = OnceLock::new();
    let cwd = WORKING_DIRECTORY.get_or_init(|| {
        std::env::current_dir()
            .ok()
            .and_then(|cwd| std::fs::canonicalize(cwd).ok())
    });
    let relative =
        (cwd.as_deref()).and_then(|cwd| path.strip_prefix(cwd).ok().map(Path::to_path_buf));
    relative
        .unwrap_or_else(|| path.to_path_buf())
        .display()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_and_paths_round_trip() {
        assert_eq!(
            encode("/srv/my templates/é.yaml"),
            "/srv/my%20templates/%C3%A9.yaml"
        );
        assert_eq!(
            decode("/srv/my%20templates/%C3%A9.yaml").unwrap(),
            "/srv/my templates/é.yaml"
        );
        let files = FsFiles {
            path_maps: vec![parse_path_map("/usr/share/tht=/home/me/tht").unwrap()],
            project: None,
        };
        assert_eq!(
            files
                .path_of("file:///usr/share/tht/puppet/role.yaml")
                .unwrap(),
            PathBuf::from("/home/me/tht/puppet/role.yaml")
        );
        assert_eq!(
            files.path_of("file:///other/x.yaml").unwrap(),
            PathBuf::from("/other/x.yaml")
        );
        assert!(parse_path_map("nothing").is_err());
    }
}
