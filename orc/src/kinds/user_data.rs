//! Software configuration as a server's user data: for RAW user data that
//! names a configuration resource (`get_resource`), the text Heat passes to
//! Nova (`Server.handle_create`: `get_software_config`, then `build_userdata`
//! returns RAW data unchanged); for SOFTWARE_CONFIG, the same text, which
//! Heat attaches beside its agents' parts (a finding says what is left).
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

use super::multipart::{multipart, part_of, without_extension, Part};
use super::Source;
use crate::context::Context;
use crate::eval::{Val, V};
use crate::finding::Code;
use crate::manifest::{Kind, Node};

/// Deepest nesting of multipart messages followed.
const MAX_PARTS_DEPTH: usize = 8;

/// The user data Heat passes to Nova for RAW user data naming `config`,
/// or `None` once what keeps it from being exported is reported at
/// `written` (or where the configuration holds it).
fn config_text(
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

/// RAW user data as a Secret; other formats depend on Heat's agents.
pub(super) fn server_user_data(
    cx: &mut Context<'_, '_>,
    source: &mut Source<'_>,
    server: &str,
    resource: &mut Node,
) {
    let format = source.take(cx, &["user_data_format"]);
    let format_name = format
        .as_ref()
        .and_then(Val::python_str)
        .unwrap_or_else(|| "HEAT_CFNTOOLS".to_owned());
    let Some(data) = source.take(cx, &["user_data"]) else {
        if format_name != "RAW" {
            // `build_userdata` gives Nova its agents' configuration even
            // without user data: cloud-init's log, heat-cfntools' metadata.
            let at = format
                .as_ref()
                .map_or_else(|| source.resource.name_range(cx.tree()), |f| f.at);
            cx.report(
                Code::MeaningDiffers,
                at,
                format!(
                    "{} boots with no user data in ORC, but Heat gives it its agents' user data (user_data_format {format_name}{}: cloud-init's output logged to /var/log/cloud-init-output.log, Heat's metadata for heat-cfntools and os-collect-config); set user_data_format: RAW if the server needs none of it",
                    source.resource.name,
                    if format.is_none() { ", Heat's default" } else { "" }
                ),
            );
        }
        return;
    };
    if format_name == "HEAT_CFNTOOLS" {
        if let V::Str(text) = &data.v {
            if agents_script(cx, text, &source.resource.name, data.at, format.is_none()) {
                let what = source.what("user_data");
                write_user_data(cx, &data, &what, server, resource);
            }
            return;
        }
    }
    if format_name == "SOFTWARE_CONFIG" {
        // `build_userdata` attaches the data (each part of a multipart
        // message) beside its agents' parts, as text/plain that cloud-init
        // reads by its first line: the data alone means the same to it.
        let at = format.as_ref().map_or(data.at, |f| f.at);
        cx.report(
            Code::MeaningDiffers,
            at,
            format!(
                "the user_data of {} is exported as its configuration alone: with \
                 user_data_format SOFTWARE_CONFIG Heat also gives the server its agents' parts \
                 (cloud-init settings, a boothook, os-collect-config's part handler and the \
                 deployments' metadata), which the server in ORC does not get, so software \
                 deployments to it do not run",
                source.resource.name
            ),
        );
    } else if format_name != "RAW" {
        let at = format.as_ref().map_or(data.at, |f| f.at);
        cx.report(
            Code::MeaningDiffers,
            at,
            format!(
                "the user_data of {} is not exported: with user_data_format {format_name}{} Heat wraps it with its own agents' configuration; only RAW user data means the same in ORC (set user_data_format: RAW if the data is complete on its own)",
                source.resource.name,
                if format.is_none() { " (Heat's default)" } else { "" }
            ),
        );
        return;
    }
    let what = source.what("user_data");
    let data = match &data.v {
        V::Resource(config) => match config_text(cx, config, &source.resource.name, data.at) {
            Some(text) => text,
            None => return,
        },
        _ => data,
    };
    write_user_data(cx, &data, &what, server, resource);
}

/// The user data as a Secret the server's `userData` names.
fn write_user_data(
    cx: &mut Context<'_, '_>,
    data: &Val,
    what: &str,
    server: &str,
    resource: &mut Node,
) {
    let Some(text) = cx.string(data, what) else {
        return;
    };
    // A configuration whose text the user data reads (`get_attr` of its
    // `config`) is carried in it: it needs no object of its own.
    let tree = cx.tree();
    let read: Vec<String> = (cx.template.attribute_refs())
        .filter(|r| {
            let call = tree.range(r.call.call);
            data.at.start <= call.start && call.end <= data.at.end
        })
        .filter(|r| r.attribute_name(tree) == Some("config"))
        .filter_map(|r| r.resource_name(tree).map(str::to_owned))
        .collect();
    cx.frame.carried.extend(read);
    let name = cx.new_name(&format!("{server}-user-data"));
    let mut secret = cx.managed(Kind::Secret, &name, None, data.at);
    secret.spec.set("value", text);
    cx.push(secret);
    let mut user_data = Node::map(Some(data.at));
    user_data.set("secretRef", Node::str(name, Some(data.at)));
    resource.set("userData", user_data);
}

/// Whether HEAT_CFNTOOLS user data is a script ORC can give cloud-init as
/// it is, reporting why not or what differs. Heat's agents write it to
/// `/var/lib/heat-cfntools/cfn-userdata` and run it as a program at first
/// boot (`loguserdata.py`): a script with a `#!` line runs the same from
/// cloud-init; anything else is not run at all.
fn agents_script(
    cx: &mut Context<'_, '_>,
    text: &str,
    server: &str,
    at: TextRange,
    default: bool,
) -> bool {
    let format = if default {
        "user_data_format HEAT_CFNTOOLS (Heat's default)"
    } else {
        "user_data_format HEAT_CFNTOOLS"
    };
    let (code, message) = if !text.starts_with("#!") {
        (
            Code::MeaningDiffers,
            format!("the user_data of {server} is not exported: with {format} Heat's agents run it as a program, and without a #! line it does not run at all; give it one (and user_data_format: RAW) for it to run"),
        )
    } else if let Some(tool) = [
        "cfn-init",
        "cfn-signal",
        "cfn-hup",
        "cfn-get-metadata",
        "cfn-push-stats",
    ]
    .into_iter()
    .find(|tool| text.contains(tool))
    {
        (
            Code::MeaningDiffers,
            format!("the user_data of {server} is not exported: its script calls {tool}, which talks to Heat's metadata server through the configuration Heat's agents give the server ({format}); ORC has no such server"),
        )
    } else {
        cx.report(
            Code::MeaningDiffers,
            at,
            format!("the user_data of {server} is exported as the script it is: with {format} Heat's agents run it at first boot and log it to /var/log/heat-provision.log, beside heat-cfntools' configuration; cloud-init runs it at first boot too, logging to its own output log"),
        );
        return true;
    };
    cx.report(code, at, message);
    false
}
