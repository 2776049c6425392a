//! `heatwise update-preview OLD NEW`: what `openstack stack update
//! --existing -t NEW` does to each resource of the running stack made from
//! OLD, as Heat carries it out (`heatwise_core::update`).

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use heatwise_core::catalog::Catalog;
use heatwise_core::release::Release;
use heatwise_core::update::{preview, Action, Change, StackInput};
use serde::Serialize;

use crate::exit::Exit;
use crate::input::read_path;
use crate::output::ChangeJson;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum PreviewFormat {
    Text,
    Json,
}

#[derive(Args, Debug)]
pub struct UpdatePreviewArgs {
    /// OLD NEW: the template the running stack was made from, and the one
    /// it is updated with; with --stack, NEW alone.
    #[arg(value_name = "TEMPLATE", num_args = 1..=2, required = true)]
    templates: Vec<PathBuf>,

    /// Take OLD, its environment and its parameters' values from this
    /// stack of the cloud (authenticated as `openstack` is: clouds.yaml,
    /// OS_*).
    #[arg(long, value_name = "NAME")]
    stack: Option<String>,

    /// With --stack: the cloud of clouds.yaml (default OS_CLOUD).
    #[arg(long = "os-cloud", value_name = "CLOUD", requires = "stack")]
    cloud: Option<String>,

    /// An environment file the stack is deployed with (its parameters and
    /// parameter_defaults). Repeatable, in order.
    #[arg(short = 'e', long = "environment", value_name = "FILE")]
    environments: Vec<PathBuf>,

    /// A parameter's value the update gives, as `openstack stack update
    /// --existing -P` gives it: over the running stack's values.
    /// Repeatable.
    #[arg(
        short = 'P',
        long = "parameter",
        value_name = "NAME=VALUE",
        value_parser = crate::args::parse_parameter
    )]
    parameters: Vec<(String, String)>,

    /// A parameter's value in the running stack, as it was given to
    /// `openstack stack create -P` (with --stack, the stack's own are
    /// read). Repeatable.
    #[arg(
        long = "stack-parameter",
        value_name = "NAME=VALUE",
        value_parser = crate::args::parse_parameter
    )]
    stack_parameters: Vec<(String, String)>,

    /// The Heat release that carries out the update, as a name or a
    /// version (Train, 13.0.0, 2024.1): whether a property updates in place
    /// changed between releases. Default: the catalog's newest.
    #[arg(long, value_name = "RELEASE", value_parser = crate::args::parse_release)]
    target: Option<Release>,

    #[arg(long, value_enum, default_value_t = PreviewFormat::Text)]
    format: PreviewFormat,
}

/// The old template and its environments: from the files given, or from
/// the running stack.
fn old_side(args: &UpdatePreviewArgs) -> Result<(String, Vec<String>, Sent), String> {
    let read = |path: &PathBuf| {
        read_path(path).map_err(|message| format!("{}: {message}", path.display()))
    };
    let mut environments: Vec<String> = args
        .environments
        .iter()
        .map(read)
        .collect::<Result<_, _>>()?;
    match (&args.stack, args.templates.as_slice()) {
        (None, [old, _]) => {
            let text = read(old)?;
            let files = nested_files(old, &text, &environments, None);
            Ok((text, environments, (files, None)))
        }
        (Some(name), [_]) => {
            let credentials = crate::cloud::auth::read(
                args.cloud.as_deref(),
                &crate::cloud::auth::Sources::of_process(),
            )?;
            let heat = crate::cloud::heat::Heat::connect(&credentials)?;
            let documents = heat.documents(&heat.find_stack(name)?)?;
            // The environment Heat merged holds the stack's parameter values.
            environments.insert(0, documents.environment);
            let files = documents.files.into_iter().collect();
            Ok((documents.template, environments, (files, None)))
        }
        (None, _) => Err("give OLD and NEW, or --stack NAME and NEW".to_owned()),
        (Some(_), _) => Err("with --stack, give NEW alone: OLD is the stack's".to_owned()),
    }
}

pub fn run(args: &UpdatePreviewArgs) -> ExitCode {
    let texts = old_side(args).and_then(|(old, environments, old_files)| {
        let new = args.templates.last().expect("one template at least");
        let text = read_path(new).map_err(|message| format!("{}: {message}", new.display()))?;
        // Against a running stack, NEW is what heatclient would send: its
        // relative template types become the file: URLs Heat keeps.
        let base = args.stack.as_ref().and_then(|_| {
            let dir = std::fs::canonicalize(new).ok()?.parent()?.to_path_buf();
            Some(format!(
                "file://{}/",
                crate::stack::encode(&dir.display().to_string())
            ))
        });
        let new_files = (
            nested_files(new, &text, &environments, base.as_deref()),
            base,
        );
        Ok((old, text, environments, (old_files, new_files)))
    });
    let (old, new, environments, (old_files, new_files)) = match texts {
        Ok(texts) => texts,
        Err(message) => {
            return crate::exit::fail(message);
        }
    };
    // The update's values go over the running stack's.
    let updated: Vec<(String, String)> = args
        .stack_parameters
        .iter()
        .chain(&args.parameters)
        .cloned()
        .collect();
    let heat = Catalog::builtin().at(args.target);
    let (old, new) = (
        side(&old, &environments, &args.stack_parameters, &old_files),
        side(&new, &environments, &updated, &new_files),
    );
    let changes = match preview(&old, &new, heat) {
        Ok(changes) => changes,
        Err(message) => {
            return crate::exit::fail(message);
        }
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let written = match args.format {
        PreviewFormat::Json => write_json(&changes, &mut out),
        PreviewFormat::Text => write_text(&changes, &mut out),
    }
    .and_then(|()| out.flush());
    if let Err(error) = written {
        if error.kind() != io::ErrorKind::BrokenPipe {
            eprintln!("error: cannot write the preview: {error}");
            return Exit::Failed.into();
        }
    }
    let disruptive = changes.iter().any(|change| {
        matches!(
            change.action,
            Action::Replaced | Action::Deleted | Action::Refused | Action::Unknown
        )
    });
    crate::exit::exit_code(false, disruptive)
}

/// One side of the update, as the preview reads it.
fn side<'a>(
    template: &'a str,
    environments: &'a [String],
    parameters: &[(String, String)],
    (files, base_url): &'a Sent,
) -> StackInput<'a> {
    StackInput {
        template,
        environments: environments.iter().map(String::as_str).collect(),
        parameters: parameters.to_vec(),
        files: files
            .iter()
            .map(|(name, text)| (name.clone(), text.as_str()))
            .collect(),
        base_url: base_url.clone(),
    }
}

/// A stack's other files, by the name its templates use.
type Files = Vec<(String, String)>;

/// A side's files, and where its template is sent from (as heatclient
/// names it) when its relative names must read as Heat keeps them.
type Sent = (Files, Option<String>);

/// The most nested template files read for one side.
const MAX_NESTED_FILES: usize = 1_000;

/// The nested templates `text` (read from `path`) names, and theirs, read
/// from beside the file that names each, by the name written (the types
/// that are template files, and what the environments' registries map
/// onto them). What cannot be read is left out: its stack is not
/// previewed inside.
fn nested_files(path: &Path, text: &str, environments: &[String], base: Option<&str>) -> Files {
    let mut names: Vec<String> = Vec::new();
    for environment in environments {
        let environment = heatwise_core::template::parse(environment);
        names.extend(
            environment
                .registry()
                .iter()
                .filter_map(|e| e.target.clone()),
        );
    }
    let mut files: Files = Vec::new();
    let mut pending = vec![(
        path.to_path_buf(),
        base.map(str::to_owned),
        text.to_owned(),
        names,
    )];
    while let Some((from, base, text, mut wanted)) = pending.pop() {
        let template = heatwise_core::template::parse(&text);
        wanted.extend(
            template
                .resources()
                .iter()
                .filter_map(|r| r.definition.type_name.clone()),
        );
        for name in wanted {
            let is_file =
                heatwise_core::stack::registry::is_template_name(&name) && !name.contains("://");
            // Named as written, or, sent from `base`, by its URL.
            let key = match &base {
                Some(base) => heatwise_core::stack::url::join(base, &name),
                None => name.clone(),
            };
            if !is_file || files.len() >= MAX_NESTED_FILES || files.iter().any(|(n, _)| *n == key) {
                continue;
            }
            let place = from.parent().unwrap_or(Path::new(".")).join(&name);
            if let Ok(nested) = read_path(&place) {
                let nested_base = base
                    .as_ref()
                    .map(|_| heatwise_core::stack::url::base_of(&key));
                files.push((key, nested.clone()));
                pending.push((place, nested_base, nested, Vec::new()));
            }
        }
    }
    files
}

fn write_json(changes: &[Change], out: &mut dyn Write) -> io::Result<()> {
    #[derive(Serialize)]
    struct Preview<'a> {
        resources: Vec<ChangeJson<'a>>,
    }
    let preview = Preview {
        resources: changes.iter().map(ChangeJson::of).collect(),
    };
    serde_json::to_writer_pretty(&mut *out, &preview)?;
    writeln!(out)
}

fn write_text(changes: &[Change], out: &mut dyn Write) -> io::Result<()> {
    for change in changes {
        let properties = if change.properties.is_empty() {
            String::new()
        } else {
            format!(" ({})", change.properties.join(", "))
        };
        writeln!(
            out,
            "{} ({}): {}{properties}",
            change.name,
            change.resource_type,
            change.action.as_str()
        )?;
        if let Some(effect) = &change.effect {
            writeln!(out, "    {effect}")?;
        }
        writeln!(out, "    why: {}", change.why)?;
    }
    let count = |action| changes.iter().filter(|c| c.action == action).count();
    writeln!(
        out,
        "{} unchanged, {} updated in place, {} replaced, {} added, {} deleted{}{}",
        count(Action::Unchanged),
        count(Action::Updated),
        count(Action::Replaced),
        count(Action::Added),
        count(Action::Deleted),
        match count(Action::Refused) {
            0 => String::new(),
            n => format!(", {n} refused"),
        },
        match count(Action::Unknown) {
            0 => String::new(),
            n => format!(", {n} not known offline"),
        },
    )
}
