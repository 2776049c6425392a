//! A language-server client just big enough to time `heatwise server`:
//! it opens a project's root template and one nested template, edits the
//! nested one again and again, and times each edit until the diagnostics
//! of both files are published again. xtask has no JSON library: messages
//! are written by hand and read by the fields they carry.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// Longest wait for one answer of the server.
const WAIT: Duration = Duration::from_secs(60);

/// The time from each edit of `edited` (relative to `root`) to the
/// diagnostics of it and of `overcloud.yaml`, both open, published again.
pub fn edit_latencies(
    heatwise: &Path,
    root: &Path,
    edited: &str,
    edits: usize,
) -> Result<Vec<Duration>, String> {
    let mut child = Command::new(heatwise)
        .args(["server", "--stdio"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", heatwise.display()))?;
    let stdout = child.stdout.take().ok_or("no stdout")?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let messages = read_messages(stdout);
    let root_uri = format!("file://{}", root.display());
    let root_file = format!("{root_uri}/overcloud.yaml");
    let edited_file = format!("{root_uri}/{edited}");
    let text = std::fs::read_to_string(root.join(edited))
        .map_err(|e| format!("{}: {e}", root.join(edited).display()))?;

    send(
        &mut stdin,
        &format!(
            r#"{{"jsonrpc":"2.0","id":1,"method":"initialize","params":{{"processId":null,"rootUri":{},"capabilities":{{}}}}}}"#,
            quoted(&root_uri)
        ),
    )?;
    wait_for(&messages, |m| m.contains(r#""id":1"#))?;
    send(
        &mut stdin,
        r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
    )?;
    for (uri, path) in [(&root_file, "overcloud.yaml"), (&edited_file, edited)] {
        let text = std::fs::read_to_string(root.join(path))
            .map_err(|e| format!("{}: {e}", root.join(path).display()))?;
        send(&mut stdin, &did_open(uri, &text))?;
    }
    published_for_both(&messages, &root_file, &edited_file)?;
    // What the opening sent after both files' diagnostics, not to be taken
    // for an edit's.
    std::thread::sleep(Duration::from_millis(500));
    while messages.try_recv().is_ok() {}
    let mut latencies = Vec::with_capacity(edits);
    for edit in 0..edits {
        // A comment changes the text, not what it means: what the server
        // does for every keystroke.
        let changed = format!("{text}# edit {edit}\n");
        let started = Instant::now();
        send(&mut stdin, &did_change(&edited_file, edit + 2, &changed))?;
        published_for_both(&messages, &root_file, &edited_file)?;
        latencies.push(started.elapsed());
    }
    send(
        &mut stdin,
        r#"{"jsonrpc":"2.0","id":2,"method":"shutdown","params":null}"#,
    )?;
    wait_for(&messages, |m| m.contains(r#""id":2"#))?;
    send(
        &mut stdin,
        r#"{"jsonrpc":"2.0","method":"exit","params":null}"#,
    )?;
    let _ = child.wait();
    Ok(latencies)
}

fn did_open(uri: &str, text: &str) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{{"textDocument":{{"uri":{},"languageId":"yaml","version":1,"text":{}}}}}}}"#,
        quoted(uri),
        quoted(text)
    )
}

fn did_change(uri: &str, version: usize, text: &str) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","method":"textDocument/didChange","params":{{"textDocument":{{"uri":{},"version":{version}}},"contentChanges":[{{"text":{}}}]}}}}"#,
        quoted(uri),
        quoted(text)
    )
}

/// Waits until the diagnostics of both files have been published.
fn published_for_both(
    messages: &Receiver<String>,
    first: &str,
    second: &str,
) -> Result<(), String> {
    let (mut seen_first, mut seen_second) = (false, false);
    while !(seen_first && seen_second) {
        let message = wait_for(messages, |m| m.contains("textDocument/publishDiagnostics"))?;
        seen_first |= message.contains(&format!(r#""uri":{}"#, quoted(first)));
        seen_second |= message.contains(&format!(r#""uri":{}"#, quoted(second)));
    }
    Ok(())
}

/// The next message `wanted` accepts; the others are dropped.
fn wait_for(messages: &Receiver<String>, wanted: impl Fn(&str) -> bool) -> Result<String, String> {
    let deadline = Instant::now() + WAIT;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let message = messages
            .recv_timeout(left)
            .map_err(|_| "heatwise server did not answer in time".to_owned())?;
        if wanted(&message) {
            return Ok(message);
        }
    }
}

fn send(stdin: &mut ChildStdin, body: &str) -> Result<(), String> {
    write!(stdin, "Content-Length: {}\r\n\r\n{body}", body.len())
        .and_then(|()| stdin.flush())
        .map_err(|e| format!("writing to heatwise server: {e}"))
}

/// The server's messages, each as its JSON text, read on a thread.
fn read_messages(stdout: impl Read + Send + 'static) -> Receiver<String> {
    let (sender, messages) = mpsc::channel();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        loop {
            let mut length = None;
            loop {
                let mut line = String::new();
                if reader.read_line(&mut line).unwrap_or(0) == 0 {
                    return;
                }
                let line = line.trim_end();
                if line.is_empty() {
                    break;
                }
                if let Some(value) = line.strip_prefix("Content-Length: ") {
                    length = value.parse::<usize>().ok();
                }
            }
            let Some(length) = length else { return };
            let mut body = vec![0; length];
            if reader.read_exact(&mut body).is_err() {
                return;
            }
            if sender
                .send(String::from_utf8_lossy(&body).into_owned())
                .is_err()
            {
                return;
            }
        }
    });
    messages
}

/// `text` as a JSON string.
fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
