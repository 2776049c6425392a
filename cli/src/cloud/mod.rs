//! A cloud's Heat, for the commands that read running stacks: who the user
//! is (`auth.rs`, python-openstackclient's sources in its order),
//! Keystone's token and catalog (`keystone.rs`), HTTP with timeouts and
//! retries (`http.rs`), and Heat's API (`heat.rs`). Nothing here runs
//! unless a command is asked to reach a cloud; core never does I/O.

pub mod auth;
pub mod heat;
pub mod http;
pub mod keystone;

/// A password, token or secret: never shown, whatever prints it.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(pub String);

impl Secret {
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(…)")
    }
}
