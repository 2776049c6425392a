//! yaql's parser, as Heat's `yaql` function runs it to validate an
//! expression (`yaql.YaqlFactory().create()`): ply's lexer rules, tried in
//! the order ply's master regex tries them, and ply's LALR tables, taken
//! from yaql itself (`grammar.json`, written by
//! `tools/heat_oracle/record_yaql.py`) and run as ply runs them. Positions
//! are Python's: characters, not bytes.

mod lexer;

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::Deserialize;

use lexer::{Lexer, Token};

/// Why yaql refuses an expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum YaqlError {
    /// A character no token starts with (`YaqlLexicalException`).
    Lexical { at: usize, character: char },
    /// A token the grammar does not expect there, or the end
    /// (`YaqlGrammarException`).
    Grammar { at: Option<(usize, String)> },
    /// A string's escape that Python's `unicode-escape` codec cannot
    /// decode (a `UnicodeDecodeError` out of the lexer).
    Escape { at: usize, escape: String },
}

impl std::fmt::Display for YaqlError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            YaqlError::Lexical { at, character } => {
                write!(f, "illegal character '{character}' at position {at}")
            }
            YaqlError::Grammar { at: None } => write!(f, "unexpected end of statement"),
            YaqlError::Grammar {
                at: Some((at, token)),
            } => write!(f, "unexpected '{token}' at position {at}"),
            YaqlError::Escape { at, escape } => write!(
                f,
                "the string's escape `{escape}` at position {at} cannot be decoded"
            ),
        }
    }
}

/// Most verdicts [`parse`] keeps on a thread.
const KEPT: usize = 4096;

/// Parses `expression` as yaql does, keeping nothing but the verdict. A
/// stack's lints meet the same expressions again and again (each
/// environment relints the templates it changes), so each thread keeps
/// the verdicts of the last few thousand.
pub(crate) fn parse(expression: &str) -> Result<(), YaqlError> {
    thread_local! {
        static VERDICTS: std::cell::RefCell<crate::hash::HashMap<Box<str>, Result<(), YaqlError>>> =
            std::cell::RefCell::default();
    }
    VERDICTS.with(|verdicts| {
        if let Some(known) = verdicts.borrow().get(expression) {
            return known.clone();
        }
        let verdict = parse_anew(expression);
        let mut verdicts = verdicts.borrow_mut();
        if verdicts.len() >= KEPT {
            verdicts.clear();
        }
        verdicts.insert(expression.into(), verdict.clone());
        verdict
    })
}

fn parse_anew(expression: &str) -> Result<(), YaqlError> {
    let grammar = grammar();
    let mut lexer = Lexer::new(expression, grammar);
    let mut states: Vec<usize> = vec![0];
    let mut lookahead: Option<Token> = None;
    loop {
        let state = *states.last().unwrap_or(&0);
        let action = match grammar.defaulted.get(state).copied().flatten() {
            Some(action) => Some(action),
            None => {
                let token = match lookahead.take() {
                    Some(token) => token,
                    None => lexer.next_token()?,
                };
                let action = (grammar.action.get(state))
                    .and_then(|row| row.get(token.terminal))
                    .copied()
                    .filter(|&action| action != NO_ACTION);
                if action.is_none() {
                    return Err(YaqlError::Grammar {
                        at: (token.terminal != grammar.end).then(|| (token.at, lexer.text(&token))),
                    });
                }
                lookahead = Some(token);
                action
            }
        };
        match action {
            Some(0) => return Ok(()),
            Some(shift) if shift > 0 => {
                states.push(shift as usize);
                lookahead = None;
            }
            Some(reduce) => {
                let Some(&(nonterminal, length)) =
                    grammar.productions.get(reduce.unsigned_abs() as usize)
                else {
                    return Err(YaqlError::Grammar { at: None });
                };
                states.truncate(states.len().saturating_sub(length));
                let from = *states.last().unwrap_or(&0);
                let to = (grammar.goto.get(from))
                    .and_then(|row| row.get(nonterminal))
                    .copied()
                    .filter(|&to| to != usize::MAX);
                let Some(to) = to else {
                    return Err(YaqlError::Grammar { at: None });
                };
                states.push(to);
            }
            None => return Err(YaqlError::Grammar { at: None }),
        }
    }
}

/// `grammar.json` as the lexer and parser read it: terminals and
/// nonterminals by index, the tables dense.
struct Grammar {
    /// The string rules, longest regex first: (text, terminal).
    strings: Vec<(Vec<char>, usize)>,
    /// The operator words and keywords a name can be.
    words: Vec<(String, usize)>,
    literals: Vec<(char, usize)>,
    ignore: String,
    end: usize,
    dollar: usize,
    number: usize,
    func: usize,
    name: usize,
    quoted: usize,
    /// By production: its nonterminal and length.
    productions: Vec<(usize, usize)>,
    /// By state and terminal; [`NO_ACTION`] where the grammar has none.
    action: Vec<Vec<i32>>,
    /// By state and nonterminal.
    goto: Vec<Vec<usize>>,
    defaulted: Vec<Option<i32>>,
}

/// No action: a grammar error.
const NO_ACTION: i32 = i32::MIN;

#[derive(Deserialize)]
struct Recorded {
    strings: Vec<(String, String)>,
    words: HashMap<String, String>,
    literals: String,
    ignore: String,
    terminals: Vec<String>,
    productions: Vec<(String, usize)>,
    action: Vec<HashMap<String, i32>>,
    goto: Vec<HashMap<String, usize>>,
    defaulted: HashMap<String, i32>,
}

fn grammar() -> &'static Grammar {
    static GRAMMAR: OnceLock<Grammar> = OnceLock::new();
    GRAMMAR.get_or_init(|| {
        let recorded: Recorded = serde_json::from_str(include_str!("grammar.json"))
            .expect("grammar.json is recorded by record_yaql.py");
        let terminals: HashMap<&str, usize> = (recorded.terminals.iter().enumerate())
            .map(|(index, name)| (name.as_str(), index))
            .collect();
        let terminal = |name: &str| terminals.get(name).copied().unwrap_or(usize::MAX);
        let mut nonterminals: Vec<&str> = (recorded.productions.iter())
            .map(|(name, _)| name.as_str())
            .collect();
        nonterminals.sort_unstable();
        nonterminals.dedup();
        let nonterminal = |name: &str| nonterminals.binary_search(&name).unwrap_or(usize::MAX);
        let states = recorded.action.len();
        let mut defaulted = vec![None; states];
        for (state, &action) in &recorded.defaulted {
            if let Some(slot) = state
                .parse::<usize>()
                .ok()
                .and_then(|s| defaulted.get_mut(s))
            {
                *slot = Some(action);
            }
        }
        Grammar {
            strings: (recorded.strings.iter())
                .map(|(text, name)| (text.chars().collect(), terminal(name)))
                .collect(),
            words: (recorded.words.iter())
                .map(|(word, name)| (word.clone(), terminal(name)))
                .collect(),
            literals: (recorded.literals.chars())
                .map(|c| (c, terminal(c.encode_utf8(&mut [0; 4]))))
                .collect(),
            ignore: recorded.ignore.clone(),
            end: terminal("$end"),
            dollar: terminal("DOLLAR"),
            number: terminal("NUMBER"),
            func: terminal("FUNC"),
            name: terminal("KEYWORD_STRING"),
            quoted: terminal("QUOTED_STRING"),
            productions: (recorded.productions.iter())
                .map(|(name, length)| (nonterminal(name), *length))
                .collect(),
            action: (recorded.action.iter())
                .map(|row| {
                    let mut dense = vec![NO_ACTION; terminals.len()];
                    for (name, &action) in row {
                        if let Some(slot) = dense.get_mut(terminal(name)) {
                            *slot = action;
                        }
                    }
                    dense
                })
                .collect(),
            goto: (recorded.goto.iter())
                .map(|row| {
                    let mut dense = vec![usize::MAX; nonterminals.len()];
                    for (name, &to) in row {
                        if let Some(slot) = dense.get_mut(nonterminal(name)) {
                            *slot = to;
                        }
                    }
                    dense
                })
                .collect(),
            defaulted,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// yaql's verdict on each recorded expression (`record_yaql.py`):
    /// parsed, or refused by the lexer or the grammar at the same
    /// position.
    #[test]
    fn agrees_with_yaql_on_every_recorded_expression() {
        let cases: Vec<serde_json::Value> =
            serde_json::from_str(include_str!("../../../tests/fixtures/yaql/cases.json")).unwrap();
        assert!(cases.len() > 1000);
        for case in &cases {
            let text = case["text"].as_str().unwrap();
            if text.contains("\\N{") {
                continue; // a character's name: not decided (see `decodes`)
            }
            let ours = parse(text);
            match ours {
                Ok(()) => assert_eq!(case["parsed"].as_bool(), Some(true), "{text:?}"),
                Err(YaqlError::Lexical { at, .. }) => {
                    assert_eq!(case["lexical"].as_u64(), Some(at as u64), "{text:?}")
                }
                Err(YaqlError::Grammar { at }) => {
                    assert!(case.get("grammar").is_some(), "{text:?}");
                    assert_eq!(
                        case["grammar"].as_u64(),
                        at.map(|(at, _)| at as u64),
                        "{text:?}"
                    )
                }
                Err(YaqlError::Escape { .. }) => {
                    assert!(case["other"].is_string(), "{text:?}")
                }
            }
        }
    }

    #[test]
    fn says_where() {
        assert_eq!(
            parse("a b").unwrap_err().to_string(),
            "unexpected 'b' at position 2"
        );
        assert_eq!(
            parse("$.data.").unwrap_err().to_string(),
            "unexpected end of statement"
        );
        assert_eq!(
            parse("1mod 2").unwrap_err().to_string(),
            "illegal character '1' at position 0"
        );
        assert!(parse("$.data.where($.x > 1).select([$.a, $.b]).len()").is_ok());
    }
}
