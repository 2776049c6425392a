//! Where things are, and how to run them with the project's tools first on PATH.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

pub struct Env {
    /// The workspace root.
    pub root: PathBuf,
    /// Where `cargo install` puts binaries: `$CARGO_INSTALL_ROOT/bin`,
    /// else `$CARGO_HOME/bin`, else `~/.cargo/bin`.
    pub cargo_bin: PathBuf,
    /// PATH for every child: cargo's bin and `node_modules/.bin` first.
    path: OsString,
}

impl Env {
    pub fn discover() -> Result<Self, String> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .ok_or("xtask is not inside the workspace")?
            .to_path_buf();
        let cargo_bin = if let Some(dir) = std::env::var_os("CARGO_INSTALL_ROOT") {
            PathBuf::from(dir).join("bin")
        } else if let Some(dir) = std::env::var_os("CARGO_HOME") {
            PathBuf::from(dir).join("bin")
        } else {
            let home = std::env::var_os("HOME").ok_or("HOME is not set")?;
            PathBuf::from(home).join(".cargo").join("bin")
        };
        let mut dirs = vec![cargo_bin.clone(), root.join("node_modules").join(".bin")];
        dirs.extend(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        ));
        let path = std::env::join_paths(dirs).map_err(|e| format!("cannot build PATH: {e}"))?;
        Ok(Self {
            root,
            cargo_bin,
            path,
        })
    }

    /// A command run from the workspace root with the project's PATH.
    pub fn command(&self, program: &str) -> Command {
        let mut command = Command::new(self.resolve(program));
        command.current_dir(&self.root).env("PATH", &self.path);
        command
    }

    /// The full path of `program` on the project's PATH, or the bare name.
    pub fn resolve(&self, program: &str) -> PathBuf {
        std::env::split_paths(&self.path)
            .map(|dir| dir.join(program))
            .find(|candidate| candidate.is_file())
            .unwrap_or_else(|| PathBuf::from(program))
    }

    pub fn has(&self, program: &str) -> bool {
        self.resolve(program).is_absolute()
    }

    /// The first line a tool prints for `--version`, if it runs at all.
    pub fn version_of(&self, program: &str) -> Option<String> {
        if !self.has(program) {
            return None;
        }
        let output = self.command(program).arg("--version").output().ok()?;
        let text = String::from_utf8_lossy(&output.stdout);
        output
            .status
            .success()
            .then(|| text.lines().next().unwrap_or("").trim().to_string())
    }

    pub fn step(&self, what: &str) {
        println!("\n==> {what}");
    }

    /// Runs a command with inherited output; an error names the command.
    pub fn run(&self, command: &mut Command) -> Result<(), String> {
        let status = command
            .status()
            .map_err(|e| format!("cannot start {}: {e}", describe(command)))?;
        if status.success() {
            Ok(())
        } else {
            Err(format!("{} failed ({status})", describe(command)))
        }
    }
}

pub fn describe(command: &Command) -> String {
    let mut words = vec![command.get_program().to_string_lossy().into_owned()];
    words.extend(command.get_args().map(|a| a.to_string_lossy().into_owned()));
    format!("`{}`", words.join(" "))
}

/// Runs a `heatwise` command being timed: how long it took, and what it
/// printed. An exit code above 1 (1 says it found something) is an error.
pub fn timed(command: &mut Command) -> Result<(Duration, Output), String> {
    let started = Instant::now();
    let output = command
        .output()
        .map_err(|e| format!("cannot run {}: {e}", describe(command)))?;
    let elapsed = started.elapsed();
    if output.status.code().is_none_or(|code| code > 1) {
        return Err(format!(
            "{} failed: {}",
            describe(command),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok((elapsed, output))
}
