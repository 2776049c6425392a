//! HTTP to a cloud's APIs: one agent (connections kept), timeouts, TLS as
//! the user's OpenStack settings ask (`cacert`, `insecure`), retries with
//! backoff where the service asks to be called again later (429, 503), and
//! errors that say what happened in words.

use std::time::Duration;

use ureq::tls::{parse_pem, PemItem, RootCerts, TlsConfig};
use ureq::Agent;

use super::Secret;

/// The most a response body may hold: a stack's files (each template at
/// most `syntax::MAX_INPUT_BYTES`, a stack at most `MAX_STACK_FILES`
/// files) come in one response.
pub const MAX_RESPONSE_BYTES: u64 = 256 * 1024 * 1024;
/// How long a connection may take to open, and a whole call at most.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
const CALL_TIMEOUT: Duration = Duration::from_secs(120);
/// Calls made in all for one request when the service says to try again.
const ATTEMPTS: u32 = 5;
/// The first wait; each next one doubles, unless `Retry-After` says.
const FIRST_BACKOFF: Duration = Duration::from_millis(500);
const MAX_BACKOFF: Duration = Duration::from_secs(30);

/// How to reach a cloud's services.
#[derive(Clone, Debug, Default)]
pub struct TlsSettings {
    /// A PEM file of the certificates the cloud's are signed with
    /// (`OS_CACERT`, `cacert`).
    pub cacert: Option<std::path::PathBuf>,
    /// Accept any certificate (`OS_INSECURE`, `verify: false`).
    pub insecure: bool,
}

/// The agent every call of one command goes through.
#[derive(Clone)]
pub struct Http {
    agent: Agent,
}

/// A response with a status the caller looks at.
#[derive(Debug)]
pub struct Response {
    pub body: String,
    /// `X-Subject-Token`, Keystone's way of handing out a token.
    pub subject_token: Option<Secret>,
}

/// What went wrong with a call, for the user.
#[derive(Debug)]
pub enum HttpError {
    /// Nothing answered, or the answer could not be read.
    Transport { url: String, message: String },
    /// The service answered with an error.
    Status {
        url: String,
        status: u16,
        message: String,
    },
}

impl std::fmt::Display for HttpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HttpError::Transport { url, message } => {
                write!(f, "{url} did not answer: {message}")
            }
            HttpError::Status {
                url,
                status,
                message,
            } => write!(f, "{url} answered {status}: {message}"),
        }
    }
}

impl Http {
    pub fn new(tls: &TlsSettings) -> Result<Http, String> {
        let mut config = TlsConfig::builder().disable_verification(tls.insecure);
        if let Some(path) = &tls.cacert {
            let pem = std::fs::read(path)
                .map_err(|e| format!("cannot read the CA file {}: {e}", path.display()))?;
            let certificates: Vec<_> = parse_pem(&pem)
                .filter_map(|item| match item {
                    Ok(PemItem::Certificate(certificate)) => Some(certificate),
                    _ => None,
                })
                .collect();
            if certificates.is_empty() {
                return Err(format!(
                    "{} holds no PEM certificate (OS_CACERT names the CA bundle that signs the cloud's certificates)",
                    path.display()
                ));
            }
            config = config.root_certs(RootCerts::new_with_certs(&certificates));
        }
        let agent = Agent::config_builder()
            .tls_config(config.build())
            .http_status_as_error(false)
            .timeout_connect(Some(CONNECT_TIMEOUT))
            .timeout_global(Some(CALL_TIMEOUT))
            .user_agent(concat!("heatwise/", env!("CARGO_PKG_VERSION")))
            .build()
            .new_agent();
        Ok(Http { agent })
    }

    /// GET `url` with these headers; an answer of 2xx, else an error.
    pub fn get(&self, url: &str, headers: &[(&str, &str)]) -> Result<Response, HttpError> {
        self.call(url, headers, None)
    }

    /// POST a JSON body.
    pub fn post_json(
        &self,
        url: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> Result<Response, HttpError> {
        self.call(url, headers, Some(("POST", body)))
    }

    /// PATCH a JSON body (Heat's update of a stack with its existing
    /// parameters, environment and files).
    pub fn patch_json(
        &self,
        url: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> Result<Response, HttpError> {
        self.call(url, headers, Some(("PATCH", body)))
    }

    fn call(
        &self,
        url: &str,
        headers: &[(&str, &str)],
        body: Option<(&str, &str)>,
    ) -> Result<Response, HttpError> {
        let mut wait = FIRST_BACKOFF;
        for attempt in 1..=ATTEMPTS {
            let answer = match body {
                None => {
                    let mut request = self.agent.get(url).header("Accept", "application/json");
                    for (name, value) in headers {
                        request = request.header(*name, *value);
                    }
                    request.call()
                }
                Some((method, body)) => {
                    let request = match method {
                        "PATCH" => self.agent.patch(url),
                        _ => self.agent.post(url),
                    };
                    let mut request = request
                        .header("Accept", "application/json")
                        .header("Content-Type", "application/json");
                    for (name, value) in headers {
                        request = request.header(*name, *value);
                    }
                    request.send(body)
                }
            };
            let mut response = answer.map_err(|error| HttpError::Transport {
                url: url.to_owned(),
                message: error.to_string(),
            })?;
            let status = response.status().as_u16();
            if matches!(status, 429 | 503) && attempt < ATTEMPTS {
                let asked = response
                    .headers()
                    .get("Retry-After")
                    .and_then(|value| value.to_str().ok())
                    .and_then(|value| value.trim().parse::<u64>().ok())
                    .map(Duration::from_secs);
                std::thread::sleep(asked.unwrap_or(wait).min(MAX_BACKOFF));
                wait = (wait * 2).min(MAX_BACKOFF);
                continue;
            }
            let subject_token = response
                .headers()
                .get("X-Subject-Token")
                .and_then(|value| value.to_str().ok())
                .map(|token| Secret(token.to_owned()));
            let text = response
                .body_mut()
                .with_config()
                .limit(MAX_RESPONSE_BYTES)
                .read_to_string()
                .map_err(|error| HttpError::Transport {
                    url: url.to_owned(),
                    message: format!("the answer could not be read: {error}"),
                })?;
            if !(200..300).contains(&status) {
                return Err(HttpError::Status {
                    url: url.to_owned(),
                    status,
                    message: error_message(&text),
                });
            }
            return Ok(Response {
                body: text,
                subject_token,
            });
        }
        unreachable!("the last attempt returns")
    }
}

/// The message in an OpenStack error body: Keystone's `error.message`,
/// Heat's `error.message` or `explanation`, Neutron's `NeutronError`, or
/// the text itself, shortened.
fn error_message(body: &str) -> String {
    const SHOWN: usize = 300;
    if let Ok(value) = serde_json::from_str::<serde_json::Value>(body) {
        for pointer in ["/error/message", "/explanation", "/message", "/title"] {
            if let Some(message) = value.pointer(pointer).and_then(|v| v.as_str()) {
                if !message.is_empty() {
                    return message.to_owned();
                }
            }
        }
    }
    let text = body.trim();
    match text.char_indices().nth(SHOWN) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None if text.is_empty() => "(no message)".to_owned(),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use std::io::{BufRead, BufReader, Write};
    use std::net::TcpListener;

    use super::*;

    /// A server on 127.0.0.1 that answers each connection with the next
    /// of `answers` (status line and headers; the body is the status's
    /// word), and counts the requests.
    fn serve(answers: Vec<&'static str>) -> (String, std::thread::JoinHandle<usize>) {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let address = format!("http://{}", listener.local_addr().unwrap());
        let handle = std::thread::spawn(move || {
            let mut served = 0;
            for answer in answers {
                let (stream, _) = listener.accept().unwrap();
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let mut line = String::new();
                while reader.read_line(&mut line).unwrap() > 0 && line != "\r\n" {
                    line.clear();
                }
                let body = "{}";
                let mut stream = stream;
                write!(
                    stream,
                    "{answer}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                    body.len()
                )
                .unwrap();
                served += 1;
            }
            served
        });
        (address, handle)
    }

    #[test]
    fn a_busy_service_is_asked_again_as_it_says() {
        let (address, server) = serve(vec![
            "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 0",
            "HTTP/1.1 429 Too Many Requests\r\nRetry-After: 0",
            "HTTP/1.1 200 OK",
        ]);
        let http = Http::new(&TlsSettings::default()).unwrap();
        let answer = http.get(&format!("{address}/stacks"), &[]).unwrap();
        assert_eq!(answer.body, "{}");
        assert_eq!(server.join().unwrap(), 3);
    }

    #[test]
    fn an_error_is_not_asked_again_and_says_what_the_service_said() {
        let (address, server) = serve(vec!["HTTP/1.1 403 Forbidden"]);
        let http = Http::new(&TlsSettings::default()).unwrap();
        let error = http.get(&format!("{address}/stacks"), &[]).unwrap_err();
        assert!(
            matches!(error, HttpError::Status { status: 403, .. }),
            "{error}"
        );
        assert_eq!(server.join().unwrap(), 1);
        let nothing = http.get("http://127.0.0.1:9/", &[]).unwrap_err();
        assert!(matches!(nothing, HttpError::Transport { .. }), "{nothing}");
    }

    #[test]
    fn error_messages_come_from_each_service_shape() {
        assert_eq!(
            error_message(
                r#"{"error": {"code": 401, "message": "The request you have made requires authentication.", "title": "Unauthorized"}}"#
            ),
            "The request you have made requires authentication."
        );
        assert_eq!(
            error_message(
                r#"{"code": 403, "title": "Forbidden", "explanation": "Access was denied to this resource.", "error": {"type": "Forbidden", "message": "You are not authorized to use stacks:global_index."}}"#
            ),
            "You are not authorized to use stacks:global_index."
        );
        assert_eq!(error_message("  "), "(no message)");
        assert_eq!(error_message(&"x".repeat(400)).chars().count(), 301);
    }
}
