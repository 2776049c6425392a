//! libyaml, as a safe reader of events lent until the next is read. This
//! is the crate's one module with `unsafe` code.
//!
//! The parser is `unsafe-libyaml`: libyaml 0.2.5's C source translated to
//! Rust, the very parser Heat's loader (PyYAML's `CSafeLoader`) runs, with
//! its C interface. Its safe ports were measured and left: they panic on
//! inputs libyaml reads (a block scalar or a `\` at the end of the text, a
//! tag before `,` in a flow collection).
//!
//! Safety: the parser lives in a `Box` (libyaml keeps a pointer to it in
//! itself), is initialised before use and deleted once on drop; the input
//! outlives it (`'t`); an event lives in the parser and is deleted before
//! the next is read or the parser dropped, and what it lends borrows the
//! parser mutably, so nothing read from it outlives it; union fields are
//! read only for the event type that fills them; C strings are read up to
//! their NUL, values by length.

#![allow(unsafe_code)]

use std::borrow::Cow;
use std::ffi::CStr;
use std::marker::PhantomData;
use std::mem::MaybeUninit;

use unsafe_libyaml as unsafe_sys;

/// A position: a byte offset into the text after any byte order mark.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Mark {
    pub index: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ScalarStyle {
    Plain,
    SingleQuoted,
    DoubleQuoted,
    Literal,
    Folded,
}

/// An event's data; its strings borrow libyaml's own (copying them was a
/// tenth of the reader's time) unless they need repair.
#[derive(Debug)]
pub(super) enum EventData<'e> {
    StreamStart,
    StreamEnd,
    DocumentStart,
    DocumentEnd,
    Alias {
        anchor: Cow<'e, str>,
    },
    Scalar {
        anchor: Option<Cow<'e, str>>,
        tag: Option<Cow<'e, str>>,
        /// libyaml's bytes: UTF-8, or WTF-8 from the PyYAML scanner's
        /// surrogate escapes; see [`decode_wtf8`]. Most plain scalars equal
        /// their text, which is compared before anything is decoded.
        value: &'e [u8],
        style: ScalarStyle,
    },
    SequenceStart {
        anchor: Option<Cow<'e, str>>,
        tag: Option<Cow<'e, str>>,
        flow: bool,
    },
    SequenceEnd,
    MappingStart {
        anchor: Option<Cow<'e, str>>,
        tag: Option<Cow<'e, str>>,
        flow: bool,
    },
    MappingEnd,
}

#[derive(Debug)]
pub(super) struct Event<'e> {
    pub data: EventData<'e>,
    pub start_mark: Mark,
    pub end_mark: Mark,
}

/// libyaml's error: what, in what context, and where (the reader's errors
/// give a byte offset instead of a mark).
#[derive(Debug)]
pub(super) struct Error {
    pub problem: String,
    pub context: Option<String>,
    pub mark: Mark,
}

pub(super) struct Parser<'t> {
    raw: Box<MaybeUninit<unsafe_sys::yaml_parser_t>>,
    /// The event last read, deleted when the next is read.
    event: MaybeUninit<unsafe_sys::yaml_event_t>,
    holds_event: bool,
    failed: bool,
    input: PhantomData<&'t str>,
}

/// Which scanner to emulate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Scanner {
    /// libyaml's, which Heat runs first (PyYAML's `CSafeLoader`).
    Libyaml,
    /// PyYAML's pure-Python one, which Heat runs when libyaml refuses the
    /// text: libyaml with the three points where PyYAML's scanner is more
    /// lenient relaxed (`vendor/unsafe-libyaml/PATCHES.md`).
    PyYaml,
}

impl<'t> Parser<'t> {
    pub fn new(text: &'t str, scanner: Scanner) -> Self {
        let mut raw = Box::new(MaybeUninit::<unsafe_sys::yaml_parser_t>::uninit());
        // SAFETY: `raw` is writable memory for a parser; initialisation
        // fails only when memory runs out, which aborts in Rust anyway.
        unsafe {
            let ok = unsafe_sys::yaml_parser_initialize(raw.as_mut_ptr()).ok;
            assert!(ok, "libyaml could not allocate its parser");
            unsafe_sys::yaml_parser_set_input_string(
                raw.as_mut_ptr(),
                text.as_ptr(),
                text.len() as u64,
            );
            unsafe_sys::yaml_parser_set_pyyaml_scanner(
                raw.as_mut_ptr(),
                scanner == Scanner::PyYaml,
            );
        }
        Self {
            raw,
            event: MaybeUninit::uninit(),
            holds_event: false,
            failed: false,
            input: PhantomData,
        }
    }

    /// The next event, lent until the next call; after an error, the same
    /// error again.
    pub fn parse(&mut self) -> Result<Event<'_>, Error> {
        self.release_event();
        let parser = self.raw.as_mut_ptr();
        if self.failed {
            // SAFETY: the parser is initialised; its error fields stay set.
            return Err(unsafe { error(parser) });
        }
        // SAFETY: the parser is initialised and its input alive; on success
        // the event is initialised and kept until `release_event`, and the
        // view borrows `self`, so it cannot outlive it.
        unsafe {
            if unsafe_sys::yaml_parser_parse(parser, self.event.as_mut_ptr()).fail {
                self.failed = true;
                return Err(error(parser));
            }
            self.holds_event = true;
            Ok(view(&*self.event.as_ptr()))
        }
    }

    fn release_event(&mut self) {
        if std::mem::take(&mut self.holds_event) {
            // SAFETY: initialised by a successful `yaml_parser_parse`, and
            // deleted once (the flag is cleared).
            unsafe { unsafe_sys::yaml_event_delete(self.event.as_mut_ptr()) }
        }
    }
}

impl Drop for Parser<'_> {
    fn drop(&mut self) {
        self.release_event();
        // SAFETY: initialised in `new`, deleted once.
        unsafe { unsafe_sys::yaml_parser_delete(self.raw.as_mut_ptr()) }
    }
}

/// # Safety
/// `ptr` is null or a NUL-terminated string that lives for `'e`.
unsafe fn c_string<'e>(ptr: *const u8) -> Option<Cow<'e, str>> {
    if ptr.is_null() {
        return None;
    }
    Some(CStr::from_ptr(ptr.cast()).to_string_lossy())
}

/// # Safety
/// `parser` is an initialised parser whose last call failed.
unsafe fn error(parser: *mut unsafe_sys::yaml_parser_t) -> Error {
    let parser = &*parser;
    let reader = parser.error == unsafe_sys::YAML_READER_ERROR;
    Error {
        problem: c_string(parser.problem.cast())
            .map_or_else(|| "unknown error".into(), Cow::into_owned),
        context: c_string(parser.context.cast()).map(Cow::into_owned),
        mark: Mark {
            index: if reader {
                parser.problem_offset
            } else {
                parser.problem_mark.index
            },
        },
    }
}

/// # Safety
/// `event` is an event `yaml_parser_parse` filled, alive for `'e`.
unsafe fn view<'e>(event: &'e unsafe_sys::yaml_event_t) -> Event<'e> {
    let data = match event.type_ {
        unsafe_sys::YAML_STREAM_START_EVENT => EventData::StreamStart,
        unsafe_sys::YAML_DOCUMENT_START_EVENT => EventData::DocumentStart,
        unsafe_sys::YAML_DOCUMENT_END_EVENT => EventData::DocumentEnd,
        unsafe_sys::YAML_ALIAS_EVENT => EventData::Alias {
            anchor: c_string(event.data.alias.anchor).unwrap_or_default(),
        },
        unsafe_sys::YAML_SCALAR_EVENT => {
            let scalar = &event.data.scalar;
            let bytes = if scalar.value.is_null() {
                &[][..]
            } else {
                std::slice::from_raw_parts(scalar.value, scalar.length as usize)
            };
            EventData::Scalar {
                anchor: c_string(scalar.anchor),
                tag: c_string(scalar.tag),
                value: bytes,
                style: match scalar.style {
                    unsafe_sys::YAML_SINGLE_QUOTED_SCALAR_STYLE => ScalarStyle::SingleQuoted,
                    unsafe_sys::YAML_DOUBLE_QUOTED_SCALAR_STYLE => ScalarStyle::DoubleQuoted,
                    unsafe_sys::YAML_LITERAL_SCALAR_STYLE => ScalarStyle::Literal,
                    unsafe_sys::YAML_FOLDED_SCALAR_STYLE => ScalarStyle::Folded,
                    _ => ScalarStyle::Plain,
                },
            }
        }
        unsafe_sys::YAML_SEQUENCE_START_EVENT => {
            let start = &event.data.sequence_start;
            EventData::SequenceStart {
                anchor: c_string(start.anchor),
                tag: c_string(start.tag),
                flow: start.style == unsafe_sys::YAML_FLOW_SEQUENCE_STYLE,
            }
        }
        unsafe_sys::YAML_SEQUENCE_END_EVENT => EventData::SequenceEnd,
        unsafe_sys::YAML_MAPPING_START_EVENT => {
            let start = &event.data.mapping_start;
            EventData::MappingStart {
                anchor: c_string(start.anchor),
                tag: c_string(start.tag),
                flow: start.style == unsafe_sys::YAML_FLOW_MAPPING_STYLE,
            }
        }
        unsafe_sys::YAML_MAPPING_END_EVENT => EventData::MappingEnd,
        _ => EventData::StreamEnd,
    };
    Event {
        data,
        start_mark: Mark {
            index: event.start_mark.index,
        },
        end_mark: Mark {
            index: event.end_mark.index,
        },
    }
}

/// A scalar's bytes as text. PyYAML's scanner gives a `\\u` escape of a
/// surrogate as that surrogate, which the patched scanner writes as WTF-8:
/// a high surrogate followed by a low one is their character (as Python
/// reads the pair when it encodes the text as UTF-16), a lone one U+FFFD.
/// Other bytes that are not UTF-8 (which libyaml's reader refuses anyway)
/// become U+FFFD.
pub(super) fn decode_wtf8(bytes: &[u8]) -> Cow<'_, str> {
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Cow::Borrowed(text);
    }
    let surrogate_at = |at: usize| -> Option<u32> {
        match bytes.get(at..at + 3)? {
            &[0xED, second @ 0xA0..=0xBF, third @ 0x80..=0xBF] => {
                Some(0xD000 | (u32::from(second & 0x3F) << 6) | u32::from(third & 0x3F))
            }
            _ => None,
        }
    };
    let mut out = String::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        if let Some(high) = surrogate_at(at) {
            let low = surrogate_at(at + 3).filter(|low| (0xDC00..=0xDFFF).contains(low));
            match low {
                Some(low) if (0xD800..=0xDBFF).contains(&high) => {
                    let code = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
                    out.push(char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER));
                    at += 6;
                }
                _ => {
                    out.push(char::REPLACEMENT_CHARACTER);
                    at += 3;
                }
            }
            continue;
        }
        match std::str::from_utf8(&bytes[at..]) {
            Ok(rest) => {
                out.push_str(rest);
                break;
            }
            Err(error) => {
                let valid = error.valid_up_to();
                out.push_str(std::str::from_utf8(&bytes[at..at + valid]).unwrap_or_default());
                at += valid;
                if surrogate_at(at).is_none() {
                    out.push(char::REPLACEMENT_CHARACTER);
                    at += error.error_len().unwrap_or(bytes.len() - at).max(1);
                }
            }
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::decode_wtf8;

    #[test]
    fn surrogates_pair_up_or_become_replacement_characters() {
        // U+1F600 as a pair; a lone high and a lone low surrogate.
        let pair = [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80];
        assert_eq!(decode_wtf8(&pair), "\u{1F600}");
        assert_eq!(decode_wtf8(&[b'a', 0xED, 0xA0, 0x80, b'b']), "a\u{FFFD}b");
        assert_eq!(
            decode_wtf8(&[0xED, 0xB0, 0x80, 0xED, 0xA0, 0x80]),
            "\u{FFFD}\u{FFFD}"
        );
        assert_eq!(decode_wtf8("é".as_bytes()), "é");
        assert_eq!(decode_wtf8(&[0xFF, b'x']), "\u{FFFD}x");
    }
}
