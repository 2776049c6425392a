//! The operator's `heat.conf`, read from its text: the limits of Heat's
//! engine that its refusals depend on, from `[DEFAULT]`, as oslo.config
//! reads them (`key = value` or `key: value`, comments on lines of their
//! own starting `#` or `;`, the last of a key given twice). Keys heatwise
//! does not use are passed over: a heat.conf holds hundreds.

/// Most bytes of a heat.conf read.
pub const MAX_HEAT_CONF_BYTES: usize = 4 << 20;

/// Heat's default `max_nested_stack_depth`.
pub const DEFAULT_MAX_NESTED_STACK_DEPTH: usize = 5;

/// Heat's default `stack_action_timeout`, in seconds.
pub const DEFAULT_STACK_ACTION_TIMEOUT: u64 = 3600;

/// Heat's default `max_template_size`.
pub const DEFAULT_MAX_TEMPLATE_SIZE: i64 = 524_288;

/// Heat's default `max_resources_per_stack`.
pub const DEFAULT_MAX_RESOURCES_PER_STACK: i64 = 1000;

/// The engine's limits a rule depends on: Heat's defaults, or an
/// operator's heat.conf.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EngineLimits {
    /// `max_nested_stack_depth`: the deepest a nested stack may be below
    /// its root.
    pub max_nested_stack_depth: usize,
    /// `stack_action_timeout`: a stack's create or update timeout, in
    /// seconds, when it is created without one of its own.
    pub stack_action_timeout: u64,
    /// `max_template_size`: the longest template Heat parses, in
    /// characters (its help says bytes; Heat measures `len()` of the
    /// text).
    pub max_template_size: i64,
    /// `max_resources_per_stack`: the most resources a template Heat makes
    /// a stack of may define; -1 for no limit.
    pub max_resources_per_stack: i64,
    /// Whether they are an operator's (a heat.conf was read), so that a
    /// message names where the value comes from.
    pub configured: bool,
}

impl Default for EngineLimits {
    fn default() -> Self {
        EngineLimits {
            max_nested_stack_depth: DEFAULT_MAX_NESTED_STACK_DEPTH,
            stack_action_timeout: DEFAULT_STACK_ACTION_TIMEOUT,
            max_template_size: DEFAULT_MAX_TEMPLATE_SIZE,
            max_resources_per_stack: DEFAULT_MAX_RESOURCES_PER_STACK,
            configured: false,
        }
    }
}

/// Why a heat.conf cannot be read, and where (a byte offset).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeatConfError {
    pub offset: u32,
    pub message: String,
}

/// The limits a heat.conf sets, Heat's defaults for those it leaves out.
pub fn parse(text: &str) -> Result<EngineLimits, HeatConfError> {
    let error = |offset: usize, message: String| HeatConfError {
        offset: u32::try_from(offset).unwrap_or(u32::MAX),
        message,
    };
    if text.len() > MAX_HEAT_CONF_BYTES {
        return Err(error(
            0,
            format!("the file is over {MAX_HEAT_CONF_BYTES} bytes"),
        ));
    }
    let mut limits = EngineLimits {
        configured: true,
        ..EngineLimits::default()
    };
    let mut section = "";
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let at = offset;
        offset += line.len();
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with(['#', ';']) {
            continue;
        }
        if let Some(name) = trimmed.strip_prefix('[') {
            let Some(name) = name.strip_suffix(']') else {
                return Err(error(
                    at,
                    format!("`{trimmed}` opens a section it does not close"),
                ));
            };
            section = name.trim();
            continue;
        }
        // A continuation of the value above (indented): no limit's.
        if line.starts_with([' ', '\t']) || section != "DEFAULT" {
            continue;
        }
        let Some((key, value)) = trimmed.split_once(['=', ':']) else {
            return Err(error(at, format!("`{trimmed}` is not `key = value`")));
        };
        let value = value.trim();
        let whole = |least: u64| {
            value
                .parse::<u64>()
                .ok()
                .filter(|&n| n >= least)
                .ok_or_else(|| {
                    let above = if least == 0 { "" } else { " above 0" };
                    error(
                        at,
                        format!("{} is `{value}`, not a whole number{above}", key.trim()),
                    )
                })
        };
        let integer = || {
            value.parse::<i64>().map_err(|_| {
                error(
                    at,
                    format!("{} is `{value}`, not a whole number", key.trim()),
                )
            })
        };
        match key.trim() {
            "max_nested_stack_depth" => {
                limits.max_nested_stack_depth = usize::try_from(whole(1)?).unwrap_or(usize::MAX);
            }
            "stack_action_timeout" => limits.stack_action_timeout = whole(0)?,
            // Integers without a least value: Heat compares with whatever
            // is given.
            "max_template_size" => limits.max_template_size = integer()?,
            "max_resources_per_stack" => limits.max_resources_per_stack = integer()?,
            _ => {}
        }
    }
    Ok(limits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_section_s_limits_and_nothing_else() {
        let text = "# heat.conf\n[DEFAULT]\nmax_nested_stack_depth = 7\nnum_engine_workers: 4\nplugin_dirs = /a,\n  /b\n[database]\nmax_nested_stack_depth = 2\n";
        let limits = parse(text).unwrap();
        assert_eq!(limits.max_nested_stack_depth, 7);
        assert_eq!(limits.stack_action_timeout, 3600);
        assert!(limits.configured);
        let timeout = parse("[DEFAULT]\nstack_action_timeout = 7200\n").unwrap();
        assert_eq!(timeout.stack_action_timeout, 7200);
        let defaults = parse("[DEFAULT]\ndebug = true\n").unwrap();
        assert_eq!(defaults.max_nested_stack_depth, 5);
        assert_eq!(defaults.max_template_size, 524_288);
        assert_eq!(defaults.max_resources_per_stack, 1000);
        let sizes = parse("[DEFAULT]\nmax_template_size = 2000\nmax_resources_per_stack = -1\n");
        let sizes = sizes.unwrap();
        assert_eq!(
            (sizes.max_template_size, sizes.max_resources_per_stack),
            (2000, -1)
        );
        // The last of a key given twice.
        let twice = parse("[DEFAULT]\nmax_nested_stack_depth=3\nmax_nested_stack_depth : 9\n");
        assert_eq!(twice.unwrap().max_nested_stack_depth, 9);
    }

    #[test]
    fn what_oslo_config_refuses_is_said_with_its_place() {
        let wrong = parse("[DEFAULT]\nmax_nested_stack_depth = deep\n").unwrap_err();
        assert_eq!(wrong.offset, 10);
        assert!(wrong.message.contains("`deep`"));
        assert!(parse("[DEFAULT\n").is_err());
        assert!(parse("[DEFAULT]\nno value here\n").is_err());
        assert!(parse("[DEFAULT]\nmax_nested_stack_depth = 0\n").is_err());
        assert!(parse("[DEFAULT]\nstack_action_timeout = soon\n").is_err());
        assert!(parse("[DEFAULT]\nmax_template_size = 1.5\n").is_err());
    }
}
