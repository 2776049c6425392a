//! A real Heat 27.0.1, beside a real Keystone 30.0.0 or without one, on
//! 127.0.0.1, seeded with projects, users and stacks: started by the test
//! that needs it (`tools/heat_server/cloud.py`, under the virtualenv
//! `cargo xtask setup` installs) and stopped with it.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// How long the servers may take to start and seed (Keystone's first set-up
/// takes about 30 s on two busy cores).
const READY_TIMEOUT: Duration = Duration::from_secs(600);

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The Python that runs Heat, or `None` (said) where it is not installed
/// and the run does not require it (`cargo xtask test` does).
pub fn heat_python() -> Option<PathBuf> {
    let python = std::env::var_os("HEATWISE_HEAT_PYTHON").map_or_else(
        || root().join("target/heat-server/venv/bin/python"),
        PathBuf::from,
    );
    if python.is_file() {
        return Some(python);
    }
    let required = std::env::var("HEATWISE_REQUIRE_TOOLS").is_ok_and(|v| v == "1");
    assert!(
        !required,
        "{} is missing: run `cargo xtask setup`",
        python.display()
    );
    eprintln!(
        "skipped: the Heat server is not installed ({}; `cargo xtask setup` installs it)",
        python.display()
    );
    None
}

/// A running cloud; stopped when dropped (its standard input closes), and
/// when the test process ends however it ends.
pub struct Cloud {
    child: Child,
    stdin: Option<ChildStdin>,
    /// cloud.py's ready line: addresses, passwords, credentials, stacks.
    pub ready: String,
    /// Its state: configuration, databases, logs.
    pub state: PathBuf,
}

impl Cloud {
    /// Starts Heat (with Keystone when `keystone`) and seeds it with
    /// `seed` (cloud.py's SEED.json). `None` where Heat is not installed.
    pub fn start(name: &str, keystone: bool, seed: &str) -> Option<Cloud> {
        let python = heat_python()?;
        let state =
            std::env::temp_dir().join(format!("heatwise-cloud-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&state);
        std::fs::create_dir_all(&state).unwrap();
        let seed_path = state.join("seed.json");
        std::fs::write(&seed_path, seed).unwrap();
        let mut command = Command::new(python);
        command
            .arg(root().join("tools/heat_server/cloud.py"))
            .arg("--state")
            .arg(&state)
            .arg("--seed")
            .arg(&seed_path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::from(
                std::fs::File::create(state.join("cloud.err")).unwrap(),
            ));
        if keystone {
            command.arg("--keystone");
        }
        let mut child = command.spawn().expect("cloud.py starts");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("piped");
        let (sender, receiver) = mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = sender.send(line);
        });
        let ready = receiver.recv_timeout(READY_TIMEOUT).unwrap_or_default();
        if ready.trim().is_empty() {
            let _ = child.kill();
            let log = |file: &str| {
                let text = std::fs::read_to_string(state.join(file)).unwrap_or_default();
                let start = (text.len().saturating_sub(4000)..)
                    .find(|at| text.is_char_boundary(*at))
                    .unwrap_or(text.len());
                text[start..].to_owned()
            };
            panic!(
                "the cloud did not start:\n{}\n{}",
                log("cloud.err"),
                log("heat.err")
            );
        }
        Some(Cloud {
            child,
            stdin,
            ready,
            state,
        })
    }
}

impl Drop for Cloud {
    fn drop(&mut self) {
        // Closing its input stops it.
        self.stdin = None;
        for _ in 0..100 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.child.kill();
    }
}
