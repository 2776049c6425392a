//! Checks of resource types' own `validate()` that compare more than
//! properties' values: sums over lists, references to other resources.

use crate::catalog::ResourceType;
use crate::lint::written::{Given, Props};
use crate::syntax::{NodeId, Resolved};

/// The checks here for `resource_type`, when it has one.
pub(crate) fn by_type(
    p: &Props<'_, '_>,
    resource_type: ResourceType<'_>,
    resource: &str,
) -> Option<(NodeId, String)> {
    match resource_type.name() {
        "OS::Heat::RandomString" => random_string(p),
        "OS::Heat::AccessPolicy" => access_policy(p),
        "OS::Barbican::GenericContainer" => container_refs(p),
        "OS::Heat::SoftwareComponent" => component_actions(p, resource_type),
        "AWS::AutoScaling::AutoScalingGroup" => launch_configuration(p, resource)
            .or_else(|| rolling_pause(p, resource, "AutoScalingRollingUpdate")),
        "OS::Heat::InstanceGroup" => launch_configuration(p, resource)
            .or_else(|| rolling_pause(p, resource, "RollingUpdate")),
        "OS::Zun::Container" => restart_policy(p),
        "OS::Barbican::Secret" => secret_payload(p),
        _ => None,
    }
}

/// An instance group's rolling update waits at most an hour between
/// batches (`InstanceGroup.validate`: `parse_isoduration(PauseTime) >
/// 3600`), and `PauseTime` is read as `PT#H#M#S` only.
fn rolling_pause(p: &Props<'_, '_>, group: &str, policy: &str) -> Option<(NodeId, String)> {
    let definition = &p.template.resource(group)?.definition;
    let policies = p
        .template
        .resource_entry(definition, "update_policy")?
        .value;
    let rolling = p.tree.get_entry(policies, policy)?.value;
    let pause = p.tree.get_entry(rolling, "PauseTime")?;
    if p.template.has_call_within(pause.value) {
        return None;
    }
    let text = p.tree.scalar(pause.value)?;
    let message = match iso_duration_seconds(text) {
        None => "`PauseTime` must be a duration of the form PT#H#M#S (ISO 8601 without days)",
        Some(seconds) if seconds > 3600 => "`PauseTime` is at most one hour (PT1H)",
        Some(_) => return None,
    };
    Some((pause.value, message.to_owned()))
}

/// Heat's `parse_isoduration`: `PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$`, in
/// seconds (saturating: any overflow is far above an hour).
fn iso_duration_seconds(text: &str) -> Option<u64> {
    let mut rest = text.strip_prefix("PT")?;
    // Python's `$` also matches before one final newline.
    rest = rest.strip_suffix('\n').unwrap_or(rest);
    let mut total: u64 = 0;
    for (designator, scale) in [('H', 3600u64), ('M', 60), ('S', 1)] {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 && rest[digits..].starts_with(designator) {
            let value = rest[..digits].parse::<u64>().unwrap_or(u64::MAX);
            total = total.saturating_add(value.saturating_mul(scale));
            rest = &rest[digits + 1..];
        }
    }
    rest.is_empty().then_some(total)
}

/// `OS::Barbican::Secret`: an octet-stream payload with an encoding is
/// read with Python's `base64.b64decode` (`Secret.validate`).
fn secret_payload(p: &Props<'_, '_>) -> Option<(NodeId, String)> {
    if p.text("payload_content_type") != Some("application/octet-stream")
        || p.text("payload_content_encoding").is_none_or(str::is_empty)
    {
        return None;
    }
    let payload = p.text("payload").filter(|t| !t.is_empty())?;
    if python_b64decodes(payload) {
        return None;
    }
    p.at(
        "payload",
        "the payload is not base64, as `payload_content_encoding: base64` says",
    )
}

/// Whether Python's lenient `base64.b64decode(text)` reads `text`: ASCII,
/// characters outside the alphabet skipped, and the data characters a
/// whole number of quads unless `=` padding ends them early
/// (`binascii.a2b_base64`, not strict).
fn python_b64decodes(text: &str) -> bool {
    if !text.is_ascii() {
        return false;
    }
    let (mut quad, mut pads) = (0u32, 0u32);
    for byte in text.bytes() {
        if byte == b'=' {
            if quad >= 2 {
                pads += 1;
                if quad + pads >= 4 {
                    return true;
                }
            }
            continue;
        }
        if byte.is_ascii_alphanumeric() || byte == b'+' || byte == b'/' {
            quad = (quad + 1) % 4;
        }
    }
    quad == 0
}

/// `OS::Zun::Container`: `restart_policy` is `no`, `always`,
/// `unless-stopped`, `on-failure` or `on-failure:COUNT`
/// (`Container._parse_restart_policy`).
fn restart_policy(p: &Props<'_, '_>) -> Option<(NodeId, String)> {
    let policy = p.text("restart_policy").filter(|t| !t.is_empty())?;
    let valid = match policy.split_once(':') {
        Some((name, count)) => name == "on-failure" && !count.contains(':'),
        None => ["always", "unless-stopped", "on-failure", "no"].contains(&policy),
    };
    if valid {
        return None;
    }
    p.at(
        "restart_policy",
        &format!(
            "restart_policy `{policy}` is not one of `no`, `on-failure[:max-retry]`, `always` \
             and `unless-stopped`"
        ),
    )
}

/// A group's `LaunchConfigurationName` written as a name: Heat looks the
/// configuration up by reference and wants the group to depend on it
/// (`InstanceGroup.validate_launchconfig`), which a `Ref` or
/// `get_resource` makes and a bare name does not, unless `depends_on` does.
fn launch_configuration(p: &Props<'_, '_>, group: &str) -> Option<(NodeId, String)> {
    let name = p
        .text("LaunchConfigurationName")
        .filter(|n| !n.is_empty())?;
    let Some(_) = p.template.resource(name) else {
        return p.at(
            "LaunchConfigurationName",
            &format!(
                "there is no resource `{name}`: give the launch configuration as `{{Ref: ...}}` \
                 or `{{get_resource: ...}}`"
            ),
        );
    };
    let depends = p.template.resource(group).is_some_and(|g| {
        p.template
            .depends_on(&g.definition)
            .iter()
            .any(|&node| p.tree.scalar(node) == Some(name))
    });
    if depends {
        return None;
    }
    p.at(
        "LaunchConfigurationName",
        &format!(
            "the launch configuration is named, not referenced: write `{{Ref: {name}}}` (or \
             `{{get_resource: {name}}}`)"
        ),
    )
}

/// `OS::Heat::RandomString`: `length` must hold the minimums of its
/// character classes and sequences together (each `min` 1 unless written;
/// the classes default to one of `lettersdigits`, the length to 32).
fn random_string(p: &Props<'_, '_>) -> Option<(NodeId, String)> {
    if p.get("sequence") != Given::Absent {
        // Translated into a class before validate(); not modelled.
        return None;
    }
    let length = match p.get("length") {
        Given::Absent => 32,
        Given::Written(_) => p.int("length")?,
        _ => return None,
    };
    let minimums = |list: &str, absent: i64| -> Option<i64> {
        match p.get(list) {
            Given::Absent => Some(absent),
            Given::Written(_) => p
                .items(list)?
                .iter()
                .map(|&item| match p.in_map(item, "min") {
                    Given::Absent => Some(1),
                    Given::Written(node) => match p.tree.resolve(node)? {
                        Resolved::Int(i) => i,
                        Resolved::Str(s) => s.trim().parse().ok(),
                        _ => None,
                    },
                    _ => None,
                })
                .sum(),
            _ => None,
        }
    };
    let minimum = minimums("character_classes", 1)? + minimums("character_sequences", 0)?;
    (minimum > length)
        .then(|| {
            p.at(
                "length",
                &format!(
                    "`length` {length} is below the {minimum} characters its classes' and \
                     sequences' `min` ask for"
                ),
            )
            .or_else(|| {
                p.at(
                    "character_classes",
                    &format!(
                        "the classes' and sequences' `min` ask for {minimum} characters, above \
                         the default `length` of 32"
                    ),
                )
            })
        })
        .flatten()
}

/// The literal texts of a list property's items, with their nodes; `None`
/// when a function computes the list or an item.
fn texts<'a>(p: &Props<'a, '_>, node: NodeId) -> Option<Vec<(&'a str, NodeId)>> {
    if !p.tree.is_sequence(node) || p.template.has_call_within(node) {
        return None;
    }
    p.tree
        .items(node)
        .iter()
        .map(|&item| Some((p.tree.scalar(item)?, item)))
        .collect()
}

/// `OS::Heat::AccessPolicy`: each of `AllowedResources` must be a resource
/// of the stack.
fn access_policy(p: &Props<'_, '_>) -> Option<(NodeId, String)> {
    let Given::Written(list) = p.get("AllowedResources") else {
        return None;
    };
    let (name, node) = texts(p, list)?
        .into_iter()
        .find(|(name, _)| p.template.resource(name).is_none())?;
    Some((
        node,
        format!("there is no resource `{name}` in this template"),
    ))
}

/// `OS::Barbican::GenericContainer`: no `ref` twice among `secrets`.
fn container_refs(p: &Props<'_, '_>) -> Option<(NodeId, String)> {
    let mut seen = Vec::new();
    for item in p.items("secrets")? {
        let Given::Written(node) = p.in_map(item, "ref") else {
            continue;
        };
        let reference = p.tree.scalar(node)?;
        if seen.contains(&reference) {
            return Some((node, format!("`ref` {reference} is in `secrets` twice")));
        }
        seen.push(reference);
    }
    None
}

/// `OS::Heat::SoftwareComponent`: one config per action among `configs`
/// (each config's `actions` default to its schema's).
fn component_actions(
    p: &Props<'_, '_>,
    resource_type: ResourceType<'_>,
) -> Option<(NodeId, String)> {
    let default: Vec<String> = resource_type
        .properties()
        .get("configs")?
        .child("*")?
        .children()
        .get("actions")?
        .default_value()
        .and_then(|value| serde_json::from_value(value).ok())
        .unwrap_or_default();
    let mut taken: Vec<String> = Vec::new();
    for config in p.items("configs")? {
        let (actions, at) = match p.in_map(config, "actions") {
            Given::Absent => (default.clone(), config),
            Given::Written(node) => {
                let actions = texts(p, node)?;
                (actions.iter().map(|(a, _)| (*a).to_owned()).collect(), node)
            }
            _ => return None,
        };
        if let Some(action) = actions.iter().find(|a| taken.contains(a)) {
            return Some((
                at,
                format!("two configs are for {action}: a component has one config per action"),
            ));
        }
        taken.extend(actions);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::iso_duration_seconds;

    #[test]
    fn base64_as_python_reads_it() {
        use super::python_b64decodes;
        for good in [
            "aGVsbG8=",
            "aGVs bG8h",
            "",
            "aGVsbG8",
            "YQ==trailing",
            "aGV\nsbA==",
        ] {
            let readable = good != "aGVsbG8";
            assert_eq!(python_b64decodes(good), readable, "{good}");
        }
        for bad in ["not base64!", "a", "abcde", "é"] {
            assert!(!python_b64decodes(bad), "{bad}");
        }
    }

    #[test]
    fn durations_as_heat_parses_them() {
        assert_eq!(iso_duration_seconds("PT1H2M3S"), Some(3723));
        assert_eq!(iso_duration_seconds("PT90M"), Some(5400));
        assert_eq!(iso_duration_seconds("PT"), Some(0));
        assert_eq!(iso_duration_seconds("PT5S\n"), Some(5));
        assert_eq!(iso_duration_seconds("PT5S3M"), None);
        assert_eq!(iso_duration_seconds("P1D"), None);
        assert_eq!(iso_duration_seconds("5 minutes"), None);
        assert_eq!(
            iso_duration_seconds("PT99999999999999999999H"),
            Some(u64::MAX)
        );
    }
}
