//! `heatwise catalog`: list the resource types Heat registers, show one type
//! or property with its life cycle, schema and translation rules, and check a
//! plugin's catalog against Heat's support-status rules.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Subcommand, ValueEnum};
use heatwise_core::catalog::{
    limits::MAX_CATALOG_BYTES, validate, Catalog, Severity, StatusKind, TypeResolution,
};
use heatwise_core::json;
use heatwise_core::release::Release;
use heatwise_core::template;
use serde_json::{json, Value};

use crate::args::parse_release;
use crate::exit::Exit;
use crate::output::plural;

mod text;

use text::{property_details, type_text};

/// The longest `TYPE[.PROPERTY.PATH]` argument accepted.
pub const MAX_OBJECT_ARGUMENT: usize = 1024;

#[derive(Args, Debug)]
pub struct CatalogArgs {
    #[command(subcommand)]
    command: CatalogCommand,
}

#[derive(Subcommand, Debug)]
enum CatalogCommand {
    /// List resource types with their status. HIDDEN types are left out
    /// unless --all, as in Heat's own listing; so are types not registered
    /// at the target release.
    List(ListArgs),
    /// Show a type, or one of its properties (TYPE.PROPERTY.PATH, list items
    /// as `*` or left out), with its life cycle, schema and translation
    /// rules; or a template version (heat_template_version=2016-10-14, or a
    /// name such as heat_template_version=newton) with its functions,
    /// sections and keys and the release that first shipped it. Exit
    /// status 1 when it does not exist.
    Show(ShowArgs),
    /// Check a catalog (heatwise format, or the JSON of `openstack
    /// orchestration resource type show -f json TYPE`) against Heat's
    /// support-status rules. Exit status 1 when it finds errors, 2 when the
    /// file cannot be read.
    Check(CheckArgs),
}

#[derive(Args, Debug)]
struct CatalogSource {
    /// An operator's catalog (heatwise format or `resource type show` JSON)
    /// laid over the built-in one: its types replace the built-in ones of
    /// the same name, keeping their release history.
    #[arg(long, value_name = "FILE")]
    catalog: Option<PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    Text,
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum StatusFilter {
    Supported,
    Deprecated,
    Hidden,
    Unsupported,
}

impl StatusFilter {
    fn kind(self) -> StatusKind {
        match self {
            StatusFilter::Supported => StatusKind::Supported,
            StatusFilter::Deprecated => StatusKind::Deprecated,
            StatusFilter::Hidden => StatusKind::Hidden,
            StatusFilter::Unsupported => StatusKind::Unsupported,
        }
    }
}

#[derive(Args, Debug)]
struct ListArgs {
    /// Only types with this status (repeat or separate with commas).
    #[arg(long, value_enum, value_delimiter = ',', value_name = "STATUS")]
    status: Vec<StatusFilter>,
    /// Include HIDDEN types (implied by `--status hidden`).
    #[arg(long)]
    all: bool,
    /// The Heat release, as a version or a name (27.0.1, Liberty, 2024.1).
    /// Default: the release the catalog describes.
    #[arg(long, value_name = "RELEASE", value_parser = parse_release)]
    target: Option<Release>,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    source: CatalogSource,
}

#[derive(Args, Debug)]
struct ShowArgs {
    /// TYPE or TYPE.PROPERTY.PATH, e.g. OS::Neutron::Port.fixed_ips.subnet_id;
    /// or KEY=VERSION, e.g. heat_template_version=2016-10-14.
    #[arg(value_name = "TYPE[.PROPERTY.PATH]|KEY=VERSION")]
    object: String,
    /// Also say which status is in force at this release (a version or a
    /// name). Default: the release the catalog describes.
    #[arg(long, value_name = "RELEASE", value_parser = parse_release)]
    target: Option<Release>,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    source: CatalogSource,
}

#[derive(Args, Debug)]
struct CheckArgs {
    /// The catalog file to check; `-` reads standard input.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

pub fn run(args: &CatalogArgs) -> ExitCode {
    let result = match &args.command {
        CatalogCommand::List(args) => list(args),
        CatalogCommand::Show(args) => show(args),
        CatalogCommand::Check(args) => check(args),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("heatwise: {message}");
            Exit::Failed.into()
        }
    }
}

/// Reads a catalog file in either JSON shape.
pub fn read_catalog(path: &Path) -> Result<Catalog, String> {
    let text = crate::input::read_path_within(path, MAX_CATALOG_BYTES)
        .map_err(|why| format!("{}: {why}", path.display()))?;
    Catalog::from_any_json(&text).map_err(|error| format!("{}: {error}", path.display()))
}

/// The built-in catalog, with the `--catalog` file laid over it if given.
pub fn load(path: Option<&Path>) -> Result<Cow<'static, Catalog>, String> {
    let builtin = Catalog::builtin();
    match path {
        None => Ok(Cow::Borrowed(builtin)),
        Some(path) => {
            let operator = read_catalog(path)?;
            builtin
                .layered(&operator)
                .map(Cow::Owned)
                .map_err(|error| format!("{}: {error}", path.display()))
        }
    }
}

fn print(text: &str) -> Result<ExitCode, String> {
    let mut stdout = std::io::stdout().lock();
    // A closed pipe (`| head`) is not an error worth reporting.
    let _ = stdout.write_all(text.as_bytes());
    let _ = stdout.flush();
    Ok(Exit::Clean.into())
}

fn print_json(value: &Value) -> Result<ExitCode, String> {
    let text = serde_json::to_string_pretty(value).expect("JSON values always serialize");
    print(&(text + "\n"))
}

fn list(args: &ListArgs) -> Result<ExitCode, String> {
    let catalog = load(args.source.catalog.as_deref())?;
    let target = catalog.release_for(args.target);
    let mut rows = Vec::new();
    for (resource_type, status) in catalog.types_at(target) {
        let kind = status.map(|status| status.kind());
        let hidden_wanted = args.all || args.status.contains(&StatusFilter::Hidden);
        if kind == Some(StatusKind::Hidden) && !hidden_wanted {
            continue;
        }
        if !args.status.is_empty() && !args.status.iter().any(|filter| Some(filter.kind()) == kind)
        {
            continue;
        }
        rows.push((resource_type, status));
    }
    match args.format {
        Format::Json => print_json(&Value::Array(
            rows.iter()
                .map(|&(resource_type, status)| json::listing_entry(resource_type, status))
                .collect(),
        )),
        Format::Text => {
            let width = rows
                .iter()
                .map(|(resource_type, _)| resource_type.name().len())
                .max()
                .unwrap_or(0);
            let mut out = String::new();
            for (resource_type, status) in &rows {
                let kind = status.map_or("UNKNOWN", |status| status.kind().as_str());
                let since = status
                    .and_then(|status| status.release())
                    .map(|release| format!("since {release}"))
                    .unwrap_or_default();
                let line = format!("{:width$}  {kind:11}  {since}", resource_type.name());
                writeln!(out, "{}", line.trim_end()).unwrap();
            }
            if let Some(target) = target {
                writeln!(out, "{} types at Heat {target}", rows.len()).unwrap();
            } else {
                writeln!(out, "{} types", rows.len()).unwrap();
            }
            print(&out)
        }
    }
}

/// A template version: what it has, and when Heat first shipped it.
fn show_template_version(
    key: &str,
    written: &str,
    target: Option<Release>,
    format: Format,
) -> Result<ExitCode, String> {
    let Some(version) = template::template_version(key, written) else {
        let known: Vec<String> = template::template_versions()
            .iter()
            .filter(|v| v.key == key)
            .map(|v| v.display())
            .collect();
        let hint = if known.is_empty() {
            "the keys are heat_template_version, AWSTemplateFormatVersion and HeatTemplateFormatVersion".to_owned()
        } else {
            format!("Heat knows {}", known.join(", "))
        };
        eprintln!("heatwise: no template version {key}={written}; {hint}");
        return Ok(Exit::Findings.into());
    };
    let first = version.first_release();
    let known_at_target = match (target, first) {
        (Some(target), Some(first)) => Some(first <= target),
        _ => None,
    };
    match format {
        Format::Json => {
            let mut value = serde_json::to_value(version).expect("a version serializes");
            value["first_release_name"] = json!(first.map(|r| r.display_with_name()));
            value["known_at_target"] = json!(known_at_target);
            print_json(&value)
        }
        Format::Text => {
            let mut out = format!("{} {}\n", version.key, version.display());
            let shipped = first.map_or_else(|| "unknown".to_owned(), |r| r.display_with_name());
            out.push_str(&format!("  first shipped in Heat {shipped}\n"));
            if let (Some(target), Some(known)) = (target, known_at_target) {
                let verdict = if known {
                    "known"
                } else {
                    "not known: Heat refuses it"
                };
                out.push_str(&format!("  at {target}: {verdict}\n"));
            }
            let functions: Vec<String> = version
                .functions
                .iter()
                .map(|(name, class)| format!("{name} ({class})"))
                .collect();
            let lists = [
                ("functions", functions),
                (
                    "removed functions (Heat refuses them)",
                    version.removed_functions.clone(),
                ),
                ("condition functions", version.condition_functions.clone()),
                ("sections", version.sections.clone()),
                ("resource keys", version.resource_keys.clone()),
                ("output keys", version.output_keys.clone()),
                ("deletion policies", version.deletion_policies.clone()),
                ("parameter keys", version.parameter_keys.clone()),
                (
                    "parameter constraints",
                    version.parameter_constraints.clone(),
                ),
            ];
            for (title, items) in lists {
                if !items.is_empty() {
                    out.push_str(&format!("  {title}: {}\n", items.join(", ")));
                }
            }
            print(&out)
        }
    }
}

fn show(args: &ShowArgs) -> Result<ExitCode, String> {
    if args.object.len() > MAX_OBJECT_ARGUMENT {
        return Err(format!(
            "the object name is longer than the {MAX_OBJECT_ARGUMENT} bytes allowed"
        ));
    }
    let catalog = load(args.source.catalog.as_deref())?;
    let target = catalog.release_for(args.target);
    if let Some((key, written)) = args.object.split_once('=') {
        return show_template_version(key.trim(), written.trim(), target, args.format);
    }
    let (type_name, path) = match args.object.split_once('.') {
        Some((type_name, path)) => (type_name, Some(path)),
        None => (args.object.as_str(), None),
    };
    let Some(resolution) = catalog.resolve_type(type_name) else {
        eprintln!("heatwise: no resource type {type_name} in the catalog");
        return Ok(Exit::Findings.into());
    };
    let Some(resource_type) = resolution.resource_type() else {
        let alias = resolution
            .alias()
            .expect("a template resolution has an alias");
        let message = format!(
            "{type_name} is not a plugin type: Heat maps it onto the template {}",
            alias.target
        );
        return match args.format {
            Format::Text => print(&format!("{message}\n")),
            Format::Json => print_json(&json!({
                "type": type_name,
                "template": alias.target,
            })),
        };
    };
    let alias = match resolution {
        TypeResolution::Aliased { alias, .. } => Some(alias),
        _ => None,
    };
    let alias_json = alias.map_or(Value::Null, json::alias);
    // The CLI has always written the status in force at the target in full.
    let json_target = target.map(|release| json::Target {
        release,
        in_force_as: json::InForceAs::Status,
    });
    match path {
        None => match args.format {
            Format::Json => {
                let mut object = json::resource_type(resource_type, json_target);
                object.insert("resolved_through".into(), alias_json);
                print_json(&Value::Object(object))
            }
            Format::Text => {
                let mut out = String::new();
                if let Some(alias) = alias {
                    writeln!(
                        out,
                        "{type_name} is {} through the {} alias {} → {}",
                        resource_type.name(),
                        alias.kind.as_str(),
                        alias.name,
                        alias.target
                    )
                    .unwrap();
                }
                type_text(&mut out, resource_type, target);
                print(&out)
            }
        },
        Some(path) => {
            let Some(property) = resource_type.property(path) else {
                eprintln!("heatwise: {} has no property {path}", resource_type.name());
                return Ok(Exit::Findings.into());
            };
            match args.format {
                Format::Json => {
                    let mut object = json::property(property, json_target);
                    object.insert("type_name".into(), resource_type.name().into());
                    object.insert("resolved_through".into(), alias_json);
                    print_json(&Value::Object(object))
                }
                Format::Text => {
                    let mut out = String::new();
                    writeln!(out, "{}.{}", resource_type.name(), property.path()).unwrap();
                    property_details(&mut out, property, target, "  ");
                    print(&out)
                }
            }
        }
    }
}

fn check(args: &CheckArgs) -> Result<ExitCode, String> {
    let catalog = read_catalog(&args.file)?;
    let findings = validate(&catalog, Some(Catalog::builtin()));
    let errors = findings
        .iter()
        .filter(|finding| finding.severity == Severity::Error)
        .count();
    let warnings = findings.len() - errors;
    match args.format {
        Format::Json => {
            print_json(&json!({
                "findings": findings,
                "errors": errors,
                "warnings": warnings,
            }))?;
        }
        Format::Text => {
            let mut out = String::new();
            for finding in &findings {
                writeln!(out, "{finding}").unwrap();
            }
            writeln!(
                out,
                "{}: {}, {}, {}",
                args.file.display(),
                plural(catalog.types().len(), "type", "types"),
                plural(errors, "error", "errors"),
                plural(warnings, "warning", "warnings"),
            )
            .unwrap();
            print(&out)?;
        }
    }
    Ok(if errors > 0 {
        Exit::Findings.into()
    } else {
        Exit::Clean.into()
    })
}
