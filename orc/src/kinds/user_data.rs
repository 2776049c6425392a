//! Software configuration as a server's user data: for RAW user data that
//! names a configuration resource (`get_resource`), the text Heat passes to
//! Nova (`Server.handle_create`: `get_software_config`, then `build_userdata`
//! returns RAW data unchanged).
//!
//! - `OS::Heat::SoftwareConfig`: its `config`, as Heat stores it.
//! - `OS::Heat::CloudConfig`: `#cloud-config` and its `cloud_config` as
//!   YAML (`CloudConfig.handle_create`, PyYAML's `dump`, keys sorted). The
//!   document is written so that PyYAML, which cloud-init reads it with,
//!   reads the same data; its spelling may differ from PyYAML's.
//! - `OS::Heat::MultipartMime`: the MIME message Python's email package
//!   writes for its parts (`MultipartMime.get_message`), part by part, byte
//!   for byte but for the boundary, which Python draws at random and which
//!   is drawn here from the parts' text.

use heatwise_core::text::TextRange;

use crate::context::Context;
use crate::eval::{Val, V};
use crate::finding::Code;
use crate::manifest::Node;

/// Deepest nesting of multipart messages followed.
const MAX_PARTS_DEPTH: usize = 8;

/// The user data Heat passes to Nova for RAW user data naming `config`,
/// or `None` once what keeps it from being exported is reported at
/// `written` (or where the configuration holds it).
pub(super) fn config_text(
    cx: &mut Context<'_, '_>,
    config: &str,
    server: &str,
    written: TextRange,
) -> Option<Val> {
    let text = config_of(cx, config, server, written, 0)?;
    Some(Val::new(V::Str(text), written))
}

/// The text of the configuration resource `config`, which the user data
/// then carries (it has no object of its own).
fn config_of(
    cx: &mut Context<'_, '_>,
    config: &str,
    server: &str,
    written: TextRange,
    depth: usize,
) -> Option<String> {
    let template = cx.template;
    let Some(resource) = template.resource(config) else {
        // A configuration of another template of the stack, passed in.
        cx.report(
            Code::NotStatic,
            written,
            format!("the user_data of {server} is not exported: it is {}, a resource of another template of the stack, whose text the export reads only where the server's own template holds it", crate::context::shown(config)),
        );
        return None;
    };
    let type_name = cx.type_of(resource).unwrap_or_default().to_owned();
    let text = config_text_of(cx, resource, &type_name, server, written, depth)?;
    cx.frame.carried.push(config.to_owned());
    Some(text)
}

/// [`config_of`] the resource, of the type `type_name`.
fn config_text_of(
    cx: &mut Context<'_, '_>,
    resource: &heatwise_core::template::Resource,
    type_name: &str,
    server: &str,
    written: TextRange,
    depth: usize,
) -> Option<String> {
    let config = resource.name.as_str();
    let properties = resource.definition.properties_mapping(cx.tree());
    let property = |cx: &Context<'_, '_>, name: &str| {
        properties
            .and_then(|p| cx.tree().get(p, name))
            .map(|node| cx.eval.eval(node))
    };
    match type_name {
        "OS::Heat::SoftwareConfig" => {
            // No config: Heat stores an empty one.
            let text =
                property(cx, "config").unwrap_or_else(|| Val::new(V::Str(String::new()), written));
            let what = format!("the user_data of {server} (the config of {config})");
            cx.string(&text, &what)?.as_str().map(str::to_owned)
        }
        "OS::Heat::CloudConfig" => {
            let value = property(cx, "cloud_config")
                .unwrap_or_else(|| Val::new(V::Map(Vec::new()), written));
            let what = format!("the user_data of {server} (the cloud_config of {config})");
            let node = yaml_node(cx, &value, &what)?;
            Some(format!("#cloud-config\n{}", crate::yaml::document(&node)))
        }
        "OS::Heat::MultipartMime" if depth < MAX_PARTS_DEPTH => {
            let parts =
                property(cx, "parts").unwrap_or_else(|| Val::new(V::List(Vec::new()), written));
            let parts = mime_parts(cx, &parts, server, config, depth)?;
            Some(multipart(&parts))
        }
        _ => {
            let why = match type_name {
                "OS::Heat::MultipartMime" => "nests multipart messages too deep to follow",
                "OS::Heat::StructuredConfig" => {
                    "holds data for Heat's agents to apply, not text for cloud-init"
                }
                _ => "is made by Heat when it runs",
            };
            cx.report(
                Code::MeaningDiffers,
                written,
                format!("the user_data of {server} is not exported: it is the {type_name} {config}, whose text {why}"),
            );
            None
        }
    }
}

/// The value of a `cloud_config` as the document's node, keys sorted as
/// PyYAML's `dump` sorts them; `None`, reported, for what YAML text cannot
/// hold before Heat runs.
fn yaml_node(cx: &mut Context<'_, '_>, value: &Val, what: &str) -> Option<Node> {
    let at = Some(value.at);
    Some(match &value.v {
        V::Map(entries) => {
            let mut sorted: Vec<&(String, Val)> = entries.iter().collect();
            // A repeated key keeps its last value, as a mapping does.
            sorted.reverse();
            sorted.sort_by(|a, b| a.0.cmp(&b.0));
            sorted.dedup_by(|a, b| a.0 == b.0);
            let mut map = Node::map(at);
            for (key, item) in sorted {
                let node = yaml_node(cx, item, what)?;
                map.set(key, node);
            }
            map
        }
        V::List(items) => {
            let mut nodes = Vec::with_capacity(items.len());
            for item in items {
                nodes.push(yaml_node(cx, item, what)?);
            }
            Node::list(nodes, at)
        }
        V::Str(text) => Node::str(text, at),
        V::Int(n) => Node::int(*n, at),
        V::Bool(b) => Node::bool(*b, at),
        V::Float(_) | V::Null => {
            cx.report(
                Code::NoOrcField,
                value.at,
                format!("{what} is not exported: the export writes no {} in a cloud-config document; write it as text", if matches!(value.v, V::Null) { "null" } else { "fractional number" }),
            );
            return None;
        }
        V::Resource(_) | V::Unknown(_) => {
            cx.not_a(value, what, "a value known before Heat runs");
            return None;
        }
    })
}

/// One part of a multipart message: its text as the message holds it, its
/// subtype, its file name.
struct Part {
    payload: String,
    subtype: String,
    filename: String,
    charset: &'static str,
}

/// The parts of a `MultipartMime`, each as Heat's `get_message` makes it.
fn mime_parts(
    cx: &mut Context<'_, '_>,
    parts: &Val,
    server: &str,
    config: &str,
    depth: usize,
) -> Option<Vec<Part>> {
    let what = format!("the user_data of {server} (the parts of {config})");
    let V::List(items) = &parts.v else {
        cx.not_a(parts, &what, "a list");
        return None;
    };
    let mut out = Vec::new();
    for item in items {
        let field = |key: &str| item.get(key).and_then(Val::python_str).unwrap_or_default();
        let (kind, subtype, filename) = (field("type"), field("subtype"), field("filename"));
        let Some(value) = item.get("config") else {
            continue;
        };
        if kind == "multipart" {
            // Heat parses the nested message and makes each of its parts
            // again from its payload as the message holds it.
            let V::Resource(nested) = &value.v else {
                cx.not_a(value, &what, "get_resource of a MultipartMime");
                return None;
            };
            let nested_type = cx
                .template
                .resource(nested)
                .and_then(|r| cx.type_of(r))
                .unwrap_or_default();
            if nested_type != "OS::Heat::MultipartMime" {
                cx.not_a(value, &what, "get_resource of a MultipartMime");
                return None;
            }
            let resource = cx.template.resource(nested)?;
            let properties = resource.definition.properties_mapping(cx.tree());
            let inner = properties
                .and_then(|p| cx.tree().get(p, "parts"))
                .map(|n| cx.eval.eval(n));
            let inner = inner.unwrap_or_else(|| Val::new(V::List(Vec::new()), value.at));
            for part in mime_parts(cx, &inner, server, nested, depth + 1)? {
                out.push(part_of(part.payload, part.subtype, part.filename));
            }
            cx.frame.carried.push(nested.clone());
            continue;
        }
        let text = match &value.v {
            V::Resource(nested) => config_of(cx, nested, server, value.at, depth + 1)?,
            _ => cx.string(value, &what)?.as_str()?.to_owned(),
        };
        if !matches!(value.v, V::Resource(_)) && crate::schema::is_uuid(&text) {
            // Heat takes an ID for the configuration stored under it.
            let message = format!("{what} is not exported: the part {text} is the ID of a software configuration Heat stores, whose text only Heat knows");
            cx.report(Code::NotStatic, value.at, message);
            return None;
        }
        // No subtype but a file name: the name without its extension.
        let subtype = if subtype.is_empty() && !filename.is_empty() {
            without_extension(&filename).to_owned()
        } else {
            subtype
        };
        out.push(part_of(text, subtype, filename));
    }
    Some(out)
}

/// A file name without its extension, as Python's `os.path.splitext`
/// leaves it: the last dot of the last component, unless that component
/// starts with it (`.bashrc`).
fn without_extension(name: &str) -> &str {
    let base = name.rfind('/').map_or(0, |slash| slash + 1);
    let component = &name[base..];
    let leading = component.len() - component.trim_start_matches('.').len();
    match component[leading..].rfind('.') {
        Some(dot) => &name[..base + leading + dot],
        None => name,
    }
}

/// A part as Python's `MIMEText` makes it: US-ASCII text as it is, other
/// text as UTF-8 in base64.
fn part_of(text: String, subtype: String, filename: String) -> Part {
    if text.is_ascii() {
        return Part {
            payload: text,
            subtype,
            filename,
            charset: "us-ascii",
        };
    }
    Part {
        payload: base64_lines(text.as_bytes()),
        subtype,
        filename,
        charset: "utf-8",
    }
}

/// Base64 in lines of 76 characters, each ended by a newline, as Python's
/// email package writes a UTF-8 body.
fn base64_lines(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut encoded = String::with_capacity(bytes.len() * 4 / 3 + 4);
    for chunk in bytes.chunks(3) {
        let n = (u32::from(chunk[0]) << 16)
            | (u32::from(*chunk.get(1).unwrap_or(&0)) << 8)
            | u32::from(*chunk.get(2).unwrap_or(&0));
        for i in 0..4 {
            if i <= chunk.len() {
                encoded.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                encoded.push('=');
            }
        }
    }
    let mut out = String::with_capacity(encoded.len() + encoded.len() / 76 + 1);
    for line in encoded.as_bytes().chunks(76) {
        out.push_str(std::str::from_utf8(line).unwrap_or_default());
        out.push('\n');
    }
    out
}

/// The message Python's `MIMEMultipart(_subparts=parts).as_string()`
/// writes, with a boundary drawn from the parts' text that none of them
/// holds.
fn multipart(parts: &[Part]) -> String {
    let mut seed = 0xcbf2_9ce4_8422_2325_u64;
    for part in parts {
        for byte in part.payload.bytes() {
            seed = (seed ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    let boundary = loop {
        let candidate = format!("==============={:019}==", seed % 10_000_000_000_000_000_000);
        if !parts.iter().any(|p| p.payload.contains(&candidate)) {
            break candidate;
        }
        seed = seed.wrapping_mul(0x0100_0000_01b3).wrapping_add(1);
    };
    let mut out =
        format!("Content-Type: multipart/mixed; boundary=\"{boundary}\"\nMIME-Version: 1.0\n\n");
    for part in parts {
        let subtype = if part.subtype.is_empty() {
            "plain"
        } else {
            &part.subtype
        };
        let encoding = if part.charset == "us-ascii" {
            "7bit"
        } else {
            "base64"
        };
        out.push_str(&format!(
            "--{boundary}\nContent-Type: text/{subtype}; charset=\"{}\"\nMIME-Version: 1.0\nContent-Transfer-Encoding: {encoding}\n",
            part.charset
        ));
        if !part.filename.is_empty() {
            out.push_str(&format!(
                "Content-Disposition: attachment; filename=\"{}\"\n",
                part.filename
            ));
        }
        out.push('\n');
        out.push_str(&part.payload);
        out.push('\n');
    }
    out.push_str(&format!("--{boundary}--\n"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extensions_go_as_pythons_splitext_takes_them() {
        assert_eq!(without_extension("my file.txt"), "my file");
        assert_eq!(without_extension("a.tar.gz"), "a.tar");
        assert_eq!(without_extension(".bashrc"), ".bashrc");
        assert_eq!(without_extension("dir.d/run"), "dir.d/run");
        assert_eq!(without_extension("..x.sh"), "..x");
    }

    #[test]
    fn base64_as_pythons_email_writes_it() {
        assert_eq!(base64_lines("héllo".as_bytes()), "aMOpbGxv\n");
        assert_eq!(base64_lines(b"ab"), "YWI=\n");
        assert_eq!(base64_lines(b"a"), "YQ==\n");
        let long = base64_lines(&[b'x'; 60]);
        assert_eq!(long.lines().map(str::len).collect::<Vec<_>>(), [76, 4]);
    }

    #[test]
    fn a_multipart_message_as_pythons_email_writes_it() {
        let parts = [
            part_of(
                "#!/bin/sh\necho hi\n".into(),
                "x-shellscript".into(),
                String::new(),
            ),
            part_of(
                "#cloud-config\nfoo: 1\n".into(),
                String::new(),
                "my file.txt".into(),
            ),
            part_of("héllo".into(), "plain".into(), String::new()),
            part_of("no newline".into(), String::new(), String::new()),
        ];
        let message = multipart(&parts);
        // Python 3's output for these parts, its boundary replaced.
        let python = "Content-Type: multipart/mixed; boundary=\"B\"\nMIME-Version: 1.0\n\n--B\nContent-Type: text/x-shellscript; charset=\"us-ascii\"\nMIME-Version: 1.0\nContent-Transfer-Encoding: 7bit\n\n#!/bin/sh\necho hi\n\n--B\nContent-Type: text/plain; charset=\"us-ascii\"\nMIME-Version: 1.0\nContent-Transfer-Encoding: 7bit\nContent-Disposition: attachment; filename=\"my file.txt\"\n\n#cloud-config\nfoo: 1\n\n--B\nContent-Type: text/plain; charset=\"utf-8\"\nMIME-Version: 1.0\nContent-Transfer-Encoding: base64\n\naMOpbGxv\n\n--B\nContent-Type: text/plain; charset=\"us-ascii\"\nMIME-Version: 1.0\nContent-Transfer-Encoding: 7bit\n\nno newline\n--B--\n";
        let boundary = message.split('"').nth(1).unwrap();
        assert_eq!(boundary.len(), 36);
        assert_eq!(message.replace(boundary, "B"), python);
    }
}
