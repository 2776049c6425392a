//! `heatwise server` driven end to end over stdio by a test client: the
//! handshake, pushed and pulled diagnostics, hover, code actions (quick
//! fix, suppression, fix-all), completion, settings, bad requests,
//! shutdown and a client that goes away.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

const WAIT: Duration = Duration::from_secs(20);
const URI: &str = "file:///project/port.yaml";
const TEMPLATE: &str = "heat_template_version: 2018-08-31\nresources:\n  port:\n    type: OS::Neutron::Port\n    properties:\n      network_id: private # the old name\n";

struct Client {
    child: Child,
    stdin: Option<ChildStdin>,
    messages: Receiver<Value>,
    next_id: i64,
    /// Notifications read while waiting for something else.
    pending: Vec<Value>,
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_heatwise"))
            .args(["server", "--stdio"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("heatwise server starts");
        let stdout = child.stdout.take().unwrap();
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
                let mut body = vec![0; length.expect("a Content-Length header")];
                reader.read_exact(&mut body).unwrap();
                if sender.send(serde_json::from_slice(&body).unwrap()).is_err() {
                    return;
                }
            }
        });
        let stdin = child.stdin.take();
        Client {
            child,
            stdin,
            messages,
            next_id: 0,
            pending: Vec::new(),
        }
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        let stdin = self.stdin.as_mut().expect("stdin open");
        write!(stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        stdin.flush().unwrap();
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and waits for its response (result or error).
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        let deadline = Instant::now() + WAIT;
        loop {
            let message = self
                .messages
                .recv_timeout(deadline - Instant::now())
                .unwrap_or_else(|_| panic!("no answer to {method}"));
            if message.get("id") == Some(&json!(id)) && message.get("method").is_none() {
                return message;
            }
            self.pending.push(message);
        }
    }

    /// The next notification of `method`.
    fn notification(&mut self, method: &str) -> Value {
        if let Some(at) = self.pending.iter().position(|m| m["method"] == method) {
            return self.pending.remove(at);
        }
        let deadline = Instant::now() + WAIT;
        loop {
            let message = self
                .messages
                .recv_timeout(deadline - Instant::now())
                .unwrap_or_else(|_| panic!("no {method} notification"));
            if message["method"] == method {
                return message;
            }
            self.pending.push(message);
        }
    }

    fn initialize(&mut self, capabilities: Value, options: Value) -> Value {
        let answer = self.request(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": capabilities, "initializationOptions": options}),
        );
        self.notify("initialized", json!({}));
        answer
    }

    fn open(&mut self, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": URI, "languageId": "yaml", "version": 1, "text": text}}),
        );
    }

    /// Shuts down and waits for the process; its exit code.
    fn shut_down(mut self) -> Option<i32> {
        let answer = self.request("shutdown", Value::Null);
        assert_eq!(answer["result"], Value::Null, "{answer}");
        self.notify("exit", Value::Null);
        self.wait()
    }

    fn wait(&mut self) -> Option<i32> {
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            assert!(Instant::now() < deadline, "the server did not exit");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

fn codes(diagnostics: &Value) -> Vec<String> {
    diagnostics
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap().to_owned())
        .collect()
}

/// `text` with the `TextEdit`s of a workspace edit for [`URI`] applied.
fn apply(text: &str, edit: &Value) -> String {
    let mut edits: Vec<&Value> = edit["changes"][URI].as_array().unwrap().iter().collect();
    let offset = |position: &Value| {
        let line = position["line"].as_u64().unwrap() as usize;
        let character = position["character"].as_u64().unwrap() as usize;
        let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
        // The test texts are ASCII: UTF-16 units are bytes.
        start + character
    };
    edits.sort_by_key(|e| std::cmp::Reverse(offset(&e["range"]["start"])));
    let mut out = text.to_owned();
    for edit in edits {
        let (start, end) = (
            offset(&edit["range"]["start"]),
            offset(&edit["range"]["end"]),
        );
        out.replace_range(start..end, edit["newText"].as_str().unwrap());
    }
    out
}

#[test]
fn a_session_from_open_to_shutdown() {
    let mut client = Client::start();
    let answer = client.initialize(json!({}), Value::Null);
    let capabilities = &answer["result"]["capabilities"];
    assert_eq!(capabilities["positionEncoding"], "utf-16", "{answer}");
    assert_eq!(capabilities["hoverProvider"], true);
    assert_eq!(answer["result"]["serverInfo"]["name"], "heatwise");

    client.open(TEMPLATE);
    let published = client.notification("textDocument/publishDiagnostics");
    let diagnostics = &published["params"]["diagnostics"];
    assert_eq!(codes(diagnostics), ["HW202"], "{published}");
    let hidden = &diagnostics[0];
    // The key only, not the whole entry.
    assert_eq!(
        hidden["range"],
        json!({"start": {"line": 5, "character": 6}, "end": {"line": 5, "character": 16}})
    );
    assert_eq!(hidden["severity"], 2);
    assert_eq!(hidden["source"], "heatwise");
    assert_eq!(hidden["tags"], json!([2]), "HIDDEN is shown as deprecated");
    assert!(hidden["codeDescription"]["href"]
        .as_str()
        .unwrap()
        .ends_with("docs/rules.md#hidden-property-hw202"));
    assert!(
        hidden["message"]
            .as_str()
            .unwrap()
            .contains("HIDDEN since 5.0.0 (Liberty)"),
        "{hidden}"
    );
    assert_eq!(hidden["data"]["fix"]["applicability"], "safe");

    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": {"line": 5, "character": 8}}),
    );
    let text = hover["result"]["contents"]["value"].as_str().unwrap();
    assert!(
        text.contains("**network_id** (property of `OS::Neutron::Port`)"),
        "{text}"
    );
    assert!(
        text.contains("- HIDDEN since Liberty 5.0.0: Use property network."),
        "{text}"
    );
    assert!(text.contains("- DEPRECATED since Juno 2014.2"), "{text}");
    assert!(
        text.contains("fix (safe): Replace `network_id` with `network`"),
        "{text}"
    );
    let type_hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": {"line": 3, "character": 12}}),
    );
    assert!(type_hover["result"]["contents"]["value"]
        .as_str()
        .unwrap()
        .contains("**OS::Neutron::Port** (resource type)"));

    let actions = client.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": URI}, "range": hidden["range"], "context": {"diagnostics": [hidden]}}),
    );
    let actions = actions["result"].as_array().unwrap().clone();
    let titles: Vec<&str> = actions
        .iter()
        .map(|a| a["title"].as_str().unwrap())
        .collect();
    assert_eq!(
        titles,
        [
            "Replace `network_id` with `network` (on a running stack: port updated (nothing sent))",
            "Suppress HW202 on this line",
            "Apply every safe heatwise fix"
        ],
    );
    let quick_fix = apply(TEMPLATE, &actions[0]["edit"]);
    assert_eq!(quick_fix, TEMPLATE.replace("network_id:", "network:"));
    let suppressed = apply(TEMPLATE, &actions[1]["edit"]);
    assert!(
        suppressed.contains(
            "      # heatwise: ignore[HW202]\n      network_id: private # the old name\n"
        ),
        "{suppressed}"
    );
    assert_eq!(apply(TEMPLATE, &actions[2]["edit"]), quick_fix);

    // Fix-all on request, as an editor's "fix on save" asks.
    let fix_all = client.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": URI}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
               "context": {"diagnostics": [], "only": ["source.fixAll.heatwise"]}}),
    );
    let only = fix_all["result"].as_array().unwrap();
    assert_eq!(only.len(), 1);
    assert_eq!(only[0]["kind"], "source.fixAll.heatwise");
    assert_eq!(apply(TEMPLATE, &only[0]["edit"]), quick_fix);

    // The migrated text, sent back, is clean.
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": quick_fix}]}),
    );
    let published = client.notification("textDocument/publishDiagnostics");
    assert_eq!(published["params"]["version"], 2);
    assert_eq!(
        codes(&published["params"]["diagnostics"]),
        Vec::<String>::new()
    );

    // A target before the property existed, through the settings.
    client.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"heatwise": {"target": "Icehouse"}}}),
    );
    let published = client.notification("textDocument/publishDiagnostics");
    // The template's version is younger than that release, too.
    assert_eq!(
        codes(&published["params"]["diagnostics"]),
        ["HW023", "HW205"],
        "{published}"
    );

    assert_eq!(client.shut_down(), Some(0));
}

#[test]
fn completion_offers_the_catalog_at_the_target() {
    let mut client = Client::start();
    client.initialize(json!({}), Value::Null);
    let text = "heat_template_version: 2018-08-31\nresources:\n  port:\n    type: OS::Neutron::P\n  other:\n    properties:\n      net\n    type: OS::Neutron::Port\n  fip:\n    type: OS::Neutron::FloatingIP\noutputs:\n  a: {value: {get_attr: [fip, floating_ip_a]}}\n";
    client.open(text);
    client.notification("textDocument/publishDiagnostics");
    let complete = |client: &mut Client, line: u32, character: u32| -> Vec<Value> {
        let answer = client.request(
            "textDocument/completion",
            json!({"textDocument": {"uri": URI}, "position": {"line": line, "character": character}}),
        );
        answer["result"].as_array().unwrap().clone()
    };
    let labels = |items: &[Value]| -> Vec<String> {
        items
            .iter()
            .map(|i| i["label"].as_str().unwrap().to_owned())
            .collect()
    };

    let types = complete(&mut client, 3, 24);
    let names = labels(&types);
    assert!(names.contains(&"OS::Neutron::Port".to_owned()));
    // HIDDEN types only once typed in full; deprecated ones tagged, last.
    assert!(!names.contains(&"OS::Neutron::LBaaS::LoadBalancer".to_owned()));
    let port = types
        .iter()
        .find(|i| i["label"] == "OS::Neutron::Port")
        .unwrap();
    assert_eq!(
        port["textEdit"]["range"]["start"],
        json!({"line": 3, "character": 10})
    );
    assert!(port["sortText"].as_str().unwrap().starts_with('0'));
    let deprecated = types
        .iter()
        .find(|i| i["tags"] == json!([1]))
        .expect("a deprecated type");
    assert!(
        deprecated["sortText"].as_str().unwrap().starts_with('1'),
        "{deprecated}"
    );

    let properties = labels(&complete(&mut client, 6, 9));
    assert!(properties.contains(&"network".to_owned()), "{properties:?}");
    // HIDDEN network_id: not offered for `net`.
    assert!(
        !properties.contains(&"network_id".to_owned()),
        "{properties:?}"
    );

    let attributes = labels(&complete(&mut client, 11, 42));
    assert!(
        attributes.contains(&"floating_ip_address".to_owned()),
        "{attributes:?}"
    );

    // A function: since when, and when Heat changed how it reads it.
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": {"line": 11, "character": 16}}),
    );
    let text = hover["result"]["contents"]["value"]
        .as_str()
        .unwrap_or_default();
    for expected in [
        "**get_attr** (intrinsic function)",
        "- from heat_template_version 2013-05-23, first shipped in 2013.2 (Havana): Heat's `GetAttThenSelect`",
        "- changed in heat_template_version 2015-10-15, first shipped in 5.0.0 (Liberty): Heat's `GetAttAllAttributes`",
        "A function in this template's version, 2018-08-31 (rocky).",
    ] {
        assert!(text.contains(expected), "{expected:?} not in {text}");
    }
    assert_eq!(client.shut_down(), Some(0));
}

#[test]
fn utf8_positions_pulled_diagnostics_and_bad_requests() {
    let mut client = Client::start();
    let answer = client.initialize(
        json!({"general": {"positionEncodings": ["utf-8", "utf-16"]}, "textDocument": {"diagnostic": {}},
               "workspace": {"diagnostics": {"refreshSupport": true}}}),
        json!({"heatwise": {"ignore": ["HW107"], "select": ["nonsense"]}}),
    );
    let capabilities = &answer["result"]["capabilities"];
    assert_eq!(capabilities["positionEncoding"], "utf-8");
    assert_eq!(capabilities["diagnosticProvider"]["identifier"], "heatwise");
    // The bad setting is reported, not fatal.
    let shown = client.notification("window/showMessage");
    assert!(
        shown["params"]["message"]
            .as_str()
            .unwrap()
            .contains("`nonsense` names no rule"),
        "{shown}"
    );

    let text = "heat_template_version: 2018-08-31\n# Ünïcode\nresources:\n  é: {type: OS::Neutron::Port, properties: {network_id: n}}\n";
    client.open(text);
    let report = client.request(
        "textDocument/diagnostic",
        json!({"textDocument": {"uri": URI}}),
    );
    let items = &report["result"]["items"];
    assert_eq!(codes(items), ["HW202"], "{report}");
    // Bytes, not UTF-16 units: `é: ` is four bytes on its line.
    let start = text.lines().nth(3).unwrap().find("network_id").unwrap();
    assert_eq!(
        items[0]["range"]["start"],
        json!({"line": 3, "character": start})
    );

    // New settings: the client is asked to pull again, and the pulled
    // report follows them.
    client.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"ignore": ["HW202"]}}),
    );
    let report = client.request(
        "textDocument/diagnostic",
        json!({"textDocument": {"uri": URI}}),
    );
    assert_eq!(
        codes(&report["result"]["items"]),
        Vec::<String>::new(),
        "{report}"
    );

    let unknown = client.request("textDocument/implementation", json!({}));
    assert_eq!(unknown["error"]["code"], -32601, "{unknown}");
    let malformed = client.request("textDocument/hover", json!({"textDocument": 3}));
    assert_eq!(malformed["error"]["code"], -32602, "{malformed}");
    let closed = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": "file:///not/open.yaml"}, "position": {"line": 0, "character": 0}}),
    );
    assert!(
        closed["error"]["message"]
            .as_str()
            .unwrap()
            .contains("is not open"),
        "{closed}"
    );
    assert_eq!(client.shut_down(), Some(0));
}

#[test]
fn the_server_exits_when_its_client_goes_away() {
    let mut client = Client::start();
    client.initialize(json!({}), Value::Null);
    client.stdin = None;
    assert_eq!(client.wait(), Some(0));
    // Nothing more arrives.
    assert!(matches!(
        client.messages.recv_timeout(Duration::from_millis(100)),
        Err(RecvTimeoutError::Disconnected | RecvTimeoutError::Timeout)
    ));
}

/// An open template is linted as the root of its stack: a nested template
/// on disk that it names is read, and a finding about it points there
/// (`relatedInformation`).
#[test]
fn an_open_template_is_the_root_of_its_stack() {
    let dir = std::env::temp_dir().join(format!("heatwise-server-stack-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("nested")).unwrap();
    std::fs::write(
        dir.join("nested/app.yaml"),
        "heat_template_version: 2018-08-31\nparameters:\n  key_name: {type: string}\n",
    )
    .unwrap();
    let dir = std::fs::canonicalize(&dir).unwrap();
    let root_uri = format!("file://{}/root.yaml", dir.display());
    let mut client = Client::start();
    client.initialize(json!({}), Value::Null);
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": root_uri, "languageId": "yaml", "version": 1,
            "text": "heat_template_version: 2018-08-31\nresources:\n  app: {type: nested/app.yaml}\n  gone: {type: nested/gone.yaml}\n"}}),
    );
    let published = client.notification("textDocument/publishDiagnostics");
    let diagnostics = &published["params"]["diagnostics"];
    assert_eq!(codes(diagnostics), ["HW404", "HW401"], "{published}");
    let related = &diagnostics[0]["relatedInformation"][0];
    assert_eq!(
        related["location"]["uri"],
        format!("file://{}/nested/app.yaml", dir.display()),
        "{related}"
    );
    assert_eq!(
        related["location"]["range"]["start"],
        json!({"line": 2, "character": 2})
    );
    assert_eq!(client.shut_down(), Some(0));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn definition_goes_to_declarations_and_files() {
    let dir =
        std::env::temp_dir().join(format!("heatwise-server-definition-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("nested")).unwrap();
    let dir = std::fs::canonicalize(&dir).unwrap();
    let root_uri = format!("file://{}/root.yaml", dir.display());
    let text = "heat_template_version: 2018-08-31\nparameters:\n  size: {type: number, default: 1}\nresources:\n  app:\n    type: nested/app.yaml\n    properties: {size: {get_param: size}}\n  v:\n    type: OS::Heat::Value\n    depends_on: [app]\n    properties: {value: {get_attr: [app, address]}, script: {get_file: scripts/run.sh}}\n";
    let mut client = Client::start();
    client.initialize(json!({}), Value::Null);
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": root_uri, "languageId": "yaml", "version": 1, "text": text}}),
    );
    let mut go = |line: u32, character: u32| {
        client.request(
            "textDocument/definition",
            json!({"textDocument": {"uri": root_uri}, "position": {"line": line, "character": character}}),
        )["result"]
            .clone()
    };
    // get_param size → the parameter's name.
    let parameter = go(6, 37);
    assert_eq!(parameter["uri"], root_uri, "{parameter}");
    assert_eq!(
        parameter["range"]["start"],
        json!({"line": 2, "character": 2})
    );
    // get_attr app → the resource; depends_on app → the resource.
    for (line, character) in [(10, 38), (9, 18)] {
        let resource = go(line, character);
        assert_eq!(
            resource["range"]["start"],
            json!({"line": 4, "character": 2}),
            "{resource}"
        );
    }
    // type: nested/app.yaml and get_file → the files, joined as heatclient joins them.
    assert_eq!(
        go(5, 14)["uri"],
        format!("file://{}/nested/app.yaml", dir.display())
    );
    assert_eq!(
        go(10, 75)["uri"],
        format!("file://{}/scripts/run.sh", dir.display())
    );
    // Nothing is declared at a plain key.
    assert_eq!(go(0, 3), Value::Null);
    // An environment of no stack: its registry entry, from the type it
    // maps or its target, leads to the file heatclient reads; one that
    // maps a type to another type leads nowhere.
    let env_uri = format!("file://{}/env.yaml", dir.display());
    let env = "resource_registry:\n  My::App: nested/app.yaml\n  My::Other: OS::Heat::None\n";
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": env_uri, "languageId": "yaml", "version": 1, "text": env}}),
    );
    let mut go = |line: u32, character: u32| {
        client.request(
            "textDocument/definition",
            json!({"textDocument": {"uri": env_uri}, "position": {"line": line, "character": character}}),
        )["result"]
            .clone()
    };
    let app = format!("file://{}/nested/app.yaml", dir.display());
    assert_eq!(go(1, 4)["uri"], app);
    assert_eq!(go(1, 14)["uri"], app);
    assert_eq!(go(2, 16), Value::Null);
    assert_eq!(client.shut_down(), Some(0));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The next diagnostics published for `uri`.
fn published_for(client: &mut Client, uri: &str) -> Value {
    loop {
        let published = client.notification("textDocument/publishDiagnostics");
        if published["params"]["uri"] == uri {
            return published["params"]["diagnostics"].clone();
        }
    }
}

/// With `heatwise.toml` at the workspace's root, an open file is linted in
/// the project's stacks: a nested template sees what its callers make of
/// it, environments get their own findings, and an edit of one file shows
/// in the others.
#[test]
fn the_project_file_makes_the_stacks() {
    let dir = std::fs::canonicalize(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/lint/tree"),
    )
    .unwrap();
    let uri = |path: &str| format!("file://{}/{path}", dir.display());
    let text = |path: &str| std::fs::read_to_string(dir.join(path)).unwrap();
    let mut client = Client::start();
    client.request(
        "initialize",
        json!({"processId": null, "rootUri": uri("").trim_end_matches('/'),
            "capabilities": {"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}}}),
    );
    client.notify("initialized", json!({}));
    // Files of the stacks that are not open are watched on disk.
    let registration = client.notification("client/registerCapability");
    assert_eq!(
        registration["params"]["registrations"][0]["method"],
        "workspace/didChangeWatchedFiles"
    );
    let open = |client: &mut Client, path: &str| {
        client.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri(path), "languageId": "yaml", "version": 1, "text": text(path)}}),
        );
    };
    open(&mut client, "root.yaml");
    let root = published_for(&mut client, &uri("root.yaml"));
    // The project ignores HW202; HW404 comes from the nested template.
    assert_eq!(codes(&root), ["HW404", "HW403", "HW401"], "{root}");
    // The nested template: its own finding, with the caller that reaches it.
    open(&mut client, "nested/app.yaml");
    let app = published_for(&mut client, &uri("nested/app.yaml"));
    assert_eq!(codes(&app), ["HW401"], "{app}");
    let caller = &app[0]["relatedInformation"][0]["location"];
    assert_eq!(caller["uri"], uri("root.yaml"), "{app}");
    assert_eq!(
        caller["range"]["start"],
        json!({"line": 4, "character": 10})
    );
    // An environment of the project: a file outside the project, a
    // registry target that is not there.
    open(&mut client, "env/registry.yaml");
    let environment = published_for(&mut client, &uri("env/registry.yaml"));
    assert_eq!(codes(&environment), ["HW401", "HW411"], "{environment}");
    // From a registry entry's key to the template it maps the type to.
    let mapped = client.request(
        "textDocument/definition",
        json!({"textDocument": {"uri": uri("env/registry.yaml")}, "position": {"line": 1, "character": 4}}),
    );
    assert_eq!(
        mapped["result"]["uri"],
        uri("deployment/database.yaml"),
        "{mapped}"
    );
    // key_name gets a default in the nested template: the root's HW404 goes.
    let root = give_key_name_a_default(&mut client, &uri("nested/app.yaml"), &uri("root.yaml"));
    assert_eq!(codes(&root), ["HW403", "HW401"], "{root}");
    assert_eq!(client.shut_down(), Some(0));
}

/// Gives `key_name` a default in the tree fixture's nested template open
/// at `app`, in the editor: the diagnostics of the root, open at `root`,
/// once they no longer hold HW404.
fn give_key_name_a_default(client: &mut Client, app: &str, root: &str) -> Value {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/lint/tree/nested/app.yaml"),
    )
    .unwrap();
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": app, "version": 2},
            "contentChanges": [{"text": text.replace("type: string", "type: string\n    default: demo")}]}),
    );
    loop {
        let published = published_for(client, root);
        if !codes(&published).contains(&"HW404".to_owned()) {
            return published;
        }
    }
}

/// Applies a `WorkspaceEdit`'s changes to the files on disk.
fn apply_workspace_edit(edit: &Value) {
    for (uri, edits) in edit["changes"].as_object().expect("changes") {
        let path = uri.strip_prefix("file://").unwrap();
        let text = std::fs::read_to_string(path).unwrap();
        let offset = |position: &Value| {
            let line = position["line"].as_u64().unwrap() as usize;
            let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
            // ASCII texts: UTF-16 units are bytes.
            start + position["character"].as_u64().unwrap() as usize
        };
        let mut edits: Vec<(usize, usize, &str)> = (edits.as_array().unwrap().iter())
            .map(|e| {
                let range = &e["range"];
                (
                    offset(&range["start"]),
                    offset(&range["end"]),
                    e["newText"].as_str().unwrap(),
                )
            })
            .collect();
        // From the end, so that earlier ranges stay where they are.
        edits.sort_by_key(|(start, _, _)| std::cmp::Reverse(*start));
        let mut out = text.clone();
        for (start, end, new_text) in edits {
            out.replace_range(start..end, new_text);
        }
        std::fs::write(path, out).unwrap();
    }
}

/// `heatwise lint` of the project in `dir`: its findings, a line each.
fn project_findings(dir: &std::path::Path) -> Vec<String> {
    let output = Command::new(env!("CARGO_BIN_EXE_heatwise"))
        .args(["lint", "--format", "json"])
        .current_dir(dir)
        .output()
        .unwrap();
    let found: Value = serde_json::from_slice(&output.stdout).unwrap();
    let mut lines: Vec<String> = found
        .as_array()
        .unwrap()
        .iter()
        .map(|d| format!("{} {}", d["code"], d["message"]))
        .collect();
    lines.sort();
    lines
}

/// Go to definition, references and rename across the files of a project:
/// a property passed to a nested template, the nested template's output,
/// a parameter that an environment's `parameter_defaults` gives to every
/// template declaring it. A rename leaves the project with the findings
/// it had, and one that cannot be followed is refused with the reason.
#[test]
fn navigation_and_rename_across_a_stack() {
    let dir = std::env::temp_dir().join(format!("heatwise-server-rename-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("nested")).unwrap();
    let dir = std::fs::canonicalize(&dir).unwrap();
    let files = [
        ("heatwise.toml", "[[stack]]\nroot = \"root.yaml\"\nenvironments = [\"env.yaml\"]\n"),
        ("root.yaml", "heat_template_version: 2018-08-31\nparameters:\n  key: {type: string}\n  flavor: {type: string, default: m1.small}\nresources:\n  app:\n    type: nested/app.yaml\n    properties:\n      key: {get_param: key}\n      size: {get_param: flavor}\noutputs:\n  address: {value: {get_attr: [app, address]}}\n"),
        ("nested/app.yaml", "heat_template_version: 2018-08-31\nparameters:\n  key: {type: string}\n  size: {type: string}\nresources:\n  server:\n    type: OS::Nova::Server\n    properties: {flavor: {get_param: size}, key_name: {get_param: key}, image: cirros}\noutputs:\n  address: {value: {get_attr: [server, first_address]}}\n"),
        ("env.yaml", "parameter_defaults:\n  key: ops\n  # the flavor every server gets\n  flavor: m1.large\n"),
    ];
    for (path, text) in files {
        std::fs::write(dir.join(path), text).unwrap();
    }
    let uri = |path: &str| format!("file://{}/{path}", dir.display());
    let before = project_findings(&dir);
    let mut client = Client::start();
    client.request(
        "initialize",
        json!({"processId": null, "rootUri": uri("").trim_end_matches('/'), "capabilities": {}}),
    );
    client.notify("initialized", json!({}));
    for (path, text) in &files[1..] {
        client.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri(path), "languageId": "yaml", "version": 1, "text": text}}),
        );
    }
    let position = |path: &str, line: u32, character: u32| json!({"textDocument": {"uri": uri(path)}, "position": {"line": line, "character": character}});
    // The property `size` passed to app.yaml → its parameter there.
    let size = client.request("textDocument/definition", position("root.yaml", 9, 7));
    assert_eq!(size["result"]["uri"], uri("nested/app.yaml"), "{size}");
    assert_eq!(
        size["result"]["range"]["start"],
        json!({"line": 3, "character": 2})
    );
    // get_attr [app, address] → the nested template's output.
    let output = client.request("textDocument/definition", position("root.yaml", 11, 38));
    assert_eq!(output["result"]["uri"], uri("nested/app.yaml"), "{output}");
    assert_eq!(
        output["result"]["range"]["start"],
        json!({"line": 9, "character": 2})
    );
    // `key` in app.yaml: parameter_defaults gives it to both templates.
    let mut asked = position("nested/app.yaml", 2, 3);
    asked["context"] = json!({"includeDeclaration": true});
    let references = client.request("textDocument/references", asked);
    let mut found: Vec<String> = references["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            let path = l["uri"]
                .as_str()
                .unwrap()
                .rsplit('/')
                .next()
                .unwrap()
                .to_owned();
            format!("{path}:{}", l["range"]["start"]["line"])
        })
        .collect();
    found.sort();
    assert_eq!(
        found,
        [
            "app.yaml:2",
            "app.yaml:7",
            "env.yaml:1",
            "root.yaml:2",
            "root.yaml:8",
            "root.yaml:8"
        ],
        "{references}"
    );
    // Renamed everywhere: the project's findings are the same.
    let renamed = client.request(
        "textDocument/rename",
        json!({"textDocument": {"uri": uri("nested/app.yaml")}, "position": {"line": 2, "character": 3}, "newName": "key_name"}),
    );
    apply_workspace_edit(&renamed["result"]);
    let env = std::fs::read_to_string(dir.join("env.yaml")).unwrap();
    assert!(env.contains("  key_name: ops\n"), "{env}");
    assert_eq!(project_findings(&dir), before);
    // A name another parameter has already, and a name built at run time.
    let taken = client.request(
        "textDocument/rename",
        json!({"textDocument": {"uri": uri("root.yaml")}, "position": {"line": 3, "character": 3}, "newName": "key"}),
    );
    assert!(
        taken["error"]["message"]
            .as_str()
            .unwrap()
            .contains("already has `key`"),
        "{taken}"
    );
    // Completion of the stack's names: parameters after get_param, the
    // nested template's outputs after `get_attr: [app,`, every parameter
    // of the stack as an environment's key.
    let mut complete = |path: &str, line: u32, character: u32| -> Vec<String> {
        let answer = client.request("textDocument/completion", position(path, line, character));
        let mut labels: Vec<String> = answer["result"]
            .as_array()
            .unwrap()
            .iter()
            .map(|item| item["label"].as_str().unwrap().to_owned())
            .collect();
        labels.sort();
        labels
    };
    assert_eq!(complete("root.yaml", 8, 23), ["flavor", "key"]);
    assert_eq!(complete("root.yaml", 11, 36), ["address"]);
    assert_eq!(complete("env.yaml", 1, 2), ["flavor", "key", "size"]);
    assert_eq!(client.shut_down(), Some(0));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The fixture tree `tests/fixtures/lint/tree` (its real path), and a
/// symbolic link to it in a scratch folder named by `name`.
fn linked_fixture_tree(name: &str) -> (std::path::PathBuf, std::path::PathBuf, std::path::PathBuf) {
    let real = std::fs::canonicalize(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/lint/tree"),
    )
    .unwrap();
    let dir = std::env::temp_dir().join(format!("heatwise-server-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let link = std::fs::canonicalize(&dir).unwrap().join("project");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    (dir, real, link)
}

/// A workspace of several folders: a file that is not open is named
/// through the folder it is in, as the editor gave that folder, whichever
/// folder is first.
#[test]
fn a_second_workspace_folder_opened_through_a_link() {
    let (dir, real, link) = linked_fixture_tree("folders");
    let first = dir.join("first");
    std::fs::create_dir_all(&first).unwrap();
    let uri = |path: &str| format!("file://{}/{path}", link.display());
    let mut client = Client::start();
    client.request(
        "initialize",
        json!({"processId": null, "capabilities": {}, "workspaceFolders": [
            {"uri": format!("file://{}", first.display()), "name": "first"},
            {"uri": uri("").trim_end_matches('/'), "name": "project"},
        ]}),
    );
    client.notify("initialized", json!({}));
    let path = "env/registry.yaml";
    let text = std::fs::read_to_string(real.join(path)).unwrap();
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri(path), "languageId": "yaml", "version": 1, "text": text}}),
    );
    published_for(&mut client, &uri(path));
    let mapped = client.request(
        "textDocument/definition",
        json!({"textDocument": {"uri": uri(path)}, "position": {"line": 1, "character": 4}}),
    );
    assert_eq!(
        mapped["result"]["uri"],
        uri("deployment/database.yaml"),
        "{mapped}"
    );
    assert_eq!(client.shut_down(), Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A project opened through a symbolic link: the editor names its files
/// by the link's path, the stacks by the real path, as heatclient does.
/// The open files are still linted in the project's stacks, with the
/// editor's texts, and every place sent back is named as the editor names
/// it: findings, their related places, definitions and a rename's edits.
#[test]
fn a_project_opened_through_a_link() {
    let (dir, real, link) = linked_fixture_tree("link");
    let uri = |path: &str| format!("file://{}/{path}", link.display());
    let text = |path: &str| std::fs::read_to_string(real.join(path)).unwrap();
    let mut client = Client::start();
    client.request(
        "initialize",
        json!({"processId": null, "rootUri": uri("").trim_end_matches('/'), "capabilities": {}}),
    );
    client.notify("initialized", json!({}));
    let open = |client: &mut Client, path: &str| {
        client.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri(path), "languageId": "yaml", "version": 1, "text": text(path)}}),
        );
    };
    open(&mut client, "root.yaml");
    let root = published_for(&mut client, &uri("root.yaml"));
    // The project's findings, HW404 from the nested template among them.
    assert_eq!(codes(&root), ["HW404", "HW403", "HW401"], "{root}");
    open(&mut client, "nested/app.yaml");
    let app = published_for(&mut client, &uri("nested/app.yaml"));
    assert_eq!(codes(&app), ["HW401"], "{app}");
    // The caller, open through the link, named as the editor opened it.
    let caller = &app[0]["relatedInformation"][0]["location"];
    assert_eq!(caller["uri"], uri("root.yaml"), "{app}");
    // A file that is not open: named through the folder the editor opened.
    open(&mut client, "env/registry.yaml");
    published_for(&mut client, &uri("env/registry.yaml"));
    let mapped = client.request(
        "textDocument/definition",
        json!({"textDocument": {"uri": uri("env/registry.yaml")}, "position": {"line": 1, "character": 4}}),
    );
    assert_eq!(
        mapped["result"]["uri"],
        uri("deployment/database.yaml"),
        "{mapped}"
    );
    // The editor's text of the nested template, not the disk's: a default
    // for key_name takes the root's HW404 away.
    let root = give_key_name_a_default(&mut client, &uri("nested/app.yaml"), &uri("root.yaml"));
    assert_eq!(codes(&root), ["HW403", "HW401"], "{root}");
    // A rename edits the open document, by the name the editor gave it.
    let renamed = client.request(
        "textDocument/rename",
        json!({"textDocument": {"uri": uri("root.yaml")}, "position": {"line": 3, "character": 3}, "newName": "application"}),
    );
    let changes = renamed["result"]["changes"].as_object().unwrap();
    assert_eq!(
        changes.keys().collect::<Vec<_>>(),
        [&uri("root.yaml")],
        "{renamed}"
    );
    assert_eq!(client.shut_down(), Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}
