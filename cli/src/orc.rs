//! `heatwise orc`: a Heat stack as manifests of the OpenStack Resource
//! Controller (ORC v2.6.0) on stdout, and what could not be carried over
//! on stderr, as `heatwise lint` reports findings.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use std::sync::Arc;

use heatwise_core::severity::Severity;
use heatwise_core::stack::{Role, Stack};
use heatwise_orc::release::release_plan;
use heatwise_orc::{render, Credentials, File, OptionField, Options, StackResources};

use crate::exit::Exit;
use crate::input::{read_path, STDIN_NAME};
use crate::output::plural;
use crate::output::text::{write_findings, Finding};
use crate::stack;

#[derive(Args, Debug)]
pub struct OrcArgs {
    /// The template (`-` reads standard input).
    #[arg(value_name = "TEMPLATE", required_unless_present = "cloud_stack")]
    template: Option<PathBuf>,

    /// Hand over a stack the cloud runs: its template, environment, files
    /// and resources read through Heat's API (authenticated as `openstack`
    /// is: clouds.yaml, OS_*), as --stack-resources hands over from files.
    #[arg(long, value_name = "STACK", conflicts_with_all = ["template", "environments", "stack_resources"])]
    cloud_stack: Option<String>,

    /// With --cloud-stack: the cloud of clouds.yaml (default OS_CLOUD).
    #[arg(long = "os-cloud", value_name = "CLOUD", requires = "cloud_stack")]
    cloud: Option<String>,

    /// An environment file whose `parameters` and `parameter_defaults`
    /// give parameter values, as `heat stack-create -e`. Repeatable; later
    /// files win.
    #[arg(short = 'e', long = "environment", value_name = "FILE")]
    environments: Vec<PathBuf>,

    /// A parameter value, stronger than the environments. Repeatable.
    /// `-P OS::stack_name=NAME` gives the stack's name.
    #[arg(short = 'P', long = "parameter", value_name = "NAME=VALUE", value_parser = parse_parameter)]
    parameters: Vec<(String, String)>,

    /// The Kubernetes namespace of every object (refs never cross it).
    #[arg(long, value_name = "NS")]
    namespace: String,

    /// The Secret holding clouds.yaml and the cloud's name in it, as
    /// SECRET/CLOUD: every object's `spec.cloudCredentialsRef`.
    #[arg(long, value_name = "SECRET/CLOUD", value_parser = parse_credentials)]
    credentials: Credentials,

    /// YAML documents separated by `---`, or one Kubernetes `List` in JSON.
    #[arg(long, value_enum, default_value_t = OrcFormat::Yaml)]
    format: OrcFormat,

    /// Print the order ORC will build the objects in (waves of objects
    /// built in parallel) and Heat's dependency graph, instead of the
    /// manifests.
    #[arg(long)]
    plan: bool,

    /// Hand a running stack over instead of building it anew: the output
    /// of `openstack stack resource list --nested-depth 5 --long -f json
    /// STACK`. Every resource Heat made and ORC can import becomes an
    /// unmanaged object importing its ID, named as the export names it;
    /// nothing is created, and what cannot be imported is reported.
    #[arg(long, value_name = "RESOURCES.json")]
    stack_resources: Option<PathBuf>,

    /// Write the template with `deletion_policy: Retain` on its resources
    /// to this file, and print the steps that release the stack from Heat
    /// without deleting anything it made (docs/orc.md, "Handing a running
    /// stack over").
    #[arg(long, value_name = "RETAINED.yaml", conflicts_with = "plan")]
    release_plan: Option<PathBuf>,
}

impl OrcArgs {
    /// The template's path (given unless --cloud-stack is).
    fn template(&self) -> &Path {
        self.template.as_deref().unwrap_or(Path::new("-"))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum OrcFormat {
    Yaml,
    Json,
}

fn parse_parameter(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.is_empty() => Ok((name.to_owned(), value.to_owned())),
        _ => Err(format!("`{text}` is not NAME=VALUE")),
    }
}

/// SECRET/CLOUD, split; what each may be is the export's options' to say.
fn parse_credentials(text: &str) -> Result<Credentials, String> {
    let Some((secret, cloud)) = text.split_once('/') else {
        return Err(format!(
            "`{text}` is not SECRET/CLOUD (e.g. openstack-clouds/openstack)"
        ));
    };
    Ok(Credentials {
        secret_name: secret.to_owned(),
        cloud_name: cloud.to_owned(),
    })
}

/// The export's options, or each problem with them said against the
/// argument that gave it.
fn options(args: &OrcArgs) -> Result<Options, String> {
    Options::new(
        &args.namespace,
        args.credentials.clone(),
        args.parameters.clone(),
    )
    .map_err(|problems| {
        problems
            .iter()
            .map(|problem| {
                let argument = match problem.field {
                    OptionField::Namespace => "--namespace",
                    OptionField::SecretName | OptionField::CloudName => "--credentials",
                    OptionField::Parameter => "-P",
                    // A request's own settings, which the flags make in turn.
                    OptionField::Environments => "-e",
                    OptionField::Files => "TEMPLATE",
                    OptionField::StackResources => "--stack-resources",
                };
                if problem.value.is_empty() {
                    format!("error: {argument}: {}", problem.says)
                } else {
                    format!("error: {argument}: `{}` {}", problem.value, problem.says)
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    })
}

pub fn run(args: &OrcArgs) -> ExitCode {
    let mut options = match options(args) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}");
            return Exit::Failed.into();
        }
    };
    if let Some(name) = &args.cloud_stack {
        return match from_cloud(args, name, options) {
            Ok((export, files)) => write_export(args, &export, &files),
            Err(message) => crate::exit::fail(message),
        };
    }
    let template_path = args.template();
    let template = match read_path(template_path) {
        Ok(text) => text,
        Err(message) => {
            eprintln!("error: {}: {message}", template_path.display());
            return Exit::Failed.into();
        }
    };
    let mut stack_name = None;
    if let Some(path) = &args.stack_resources {
        let rows = read_path(path).and_then(|json| StackResources::read(&json));
        match rows {
            Ok(rows) => {
                stack_name = rows.stack_name().map(str::to_owned);
                options = options.handing_over(rows);
            }
            Err(message) => {
                eprintln!("error: {}: {message}", path.display());
                return Exit::Failed.into();
            }
        }
    }
    if let Some(out) = &args.release_plan {
        return release(args, &template, out, stack_name.as_deref());
    }
    let (export, files) = match exported(args, &template, &options) {
        Ok(exported) => exported,
        Err(message) => {
            eprintln!("{message}");
            return Exit::Failed.into();
        }
    };
    write_export(args, &export, &files)
}

/// A running stack of the cloud, exported as a hand-over of its resources.
fn from_cloud(args: &OrcArgs, name: &str, options: Options) -> Result<Exported, String> {
    let credentials = crate::cloud::auth::read(
        args.cloud.as_deref(),
        &crate::cloud::auth::Sources::of_process(),
    )?;
    let heat = crate::cloud::heat::Heat::connect(&credentials)?;
    let summary = heat.find_stack(name)?;
    let documents = heat.documents(&summary)?;
    let rows = StackResources::read(&heat.resource_rows(&summary)?)
        .map_err(|message| format!("the resources of {name}: {message}"))?;
    let options = options.handing_over(rows);
    let gathered = documents.gather();
    if let Some((url, why)) = gathered.unread.first() {
        return Err(format!(
            "{name}: {}: {}",
            crate::kept::shown(url),
            stack::describe(why)
        ));
    }
    let export = heatwise_orc::export_stack(&gathered, &options);
    Ok((
        export,
        files_of(&gathered, &|url| {
            format!("{name}/{}", crate::kept::shown(url))
        }),
    ))
}

/// The manifests (or the plan) on standard output, what was not carried
/// over on standard error, each in its file.
fn write_export(
    args: &OrcArgs,
    export: &heatwise_orc::Export,
    files: &[(File, String, Arc<str>)],
) -> ExitCode {
    let output = if args.plan {
        render::plan(export)
    } else {
        match args.format {
            OrcFormat::Yaml => render::yaml(export),
            OrcFormat::Json => render::json(export),
        }
    };
    let mut stdout = io::stdout().lock();
    if stdout
        .write_all(output.as_bytes())
        .and_then(|()| stdout.flush())
        .is_err()
    {
        return Exit::Failed.into();
    }

    let colour =
        io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let mut stderr = io::stderr().lock();
    for (file, path, text) in files {
        let findings: Vec<Finding<'_>> = export
            .findings
            .iter()
            .filter(|f| f.file == *file)
            .map(|f| Finding {
                severity: f.severity(),
                code: f.code.as_str(),
                message: &f.message,
                range: f.range,
                help: None,
                notes: Vec::new(),
            })
            .collect();
        let _ = write_findings(path, text, &findings, colour, &mut stderr);
    }
    let summary = if export.is_complete() {
        format!(
            "Exported {} with nothing left out",
            plural(export.objects.len(), "object", "objects")
        )
    } else {
        format!(
            "Exported {}; {} not carried over (see above)",
            plural(export.objects.len(), "object", "objects"),
            plural(export.findings.len(), "thing", "things")
        )
    };
    let _ = writeln!(stderr, "{summary}");
    if export.is_complete() {
        Exit::Clean.into()
    } else {
        Exit::Findings.into()
    }
}

/// The export, with each file its findings may be in: its path as shown
/// and its text. A template read from a path is exported with the stack
/// gathered from it, as heatclient gathers it: its nested templates are
/// expanded. One read from standard input has no directory to find them
/// in, so its nested stacks are reported.
type Exported = (heatwise_orc::Export, Vec<(File, String, Arc<str>)>);

fn exported(args: &OrcArgs, template: &str, options: &Options) -> Result<Exported, String> {
    let shown_arg = |path: &Path| {
        if path.as_os_str() == "-" {
            STDIN_NAME.to_owned()
        } else {
            path.display().to_string()
        }
    };
    if args.template().as_os_str() == "-" {
        let mut texts = Vec::new();
        for path in &args.environments {
            let text = read_path(path).map_err(|m| format!("error: {}: {m}", path.display()))?;
            texts.push(text);
        }
        let environments: Vec<&str> = texts.iter().map(String::as_str).collect();
        let export = heatwise_orc::export(template, &environments, options);
        let mut files = vec![(
            File::Template,
            shown_arg(args.template()),
            Arc::from(template),
        )];
        for (index, (path, text)) in args.environments.iter().zip(&texts).enumerate() {
            files.push((
                File::Environment(index),
                shown_arg(path),
                Arc::from(text.as_str()),
            ));
        }
        return Ok((export, files));
    }
    if args.environments.iter().any(|path| path.as_os_str() == "-") {
        return Err("error: -e -: only the template may be read from standard input".to_owned());
    }
    let stack::OnDisk {
        stack: gathered,
        files: provider,
        ..
    } = stack::gather_paths(args.template(), &args.environments, Vec::new())
        .map_err(|message| format!("error: {message}"))?;
    let export = heatwise_orc::export_stack(&gathered, options);
    let shown = |url: &str| {
        provider
            .path_of(url)
            .map_or_else(|| url.to_owned(), |p| stack::shown(&p))
    };
    Ok((export, files_of(&gathered, &shown)))
}

/// Each file of the stack findings may be in, with its path as shown.
fn files_of(gathered: &Stack, shown: &dyn Fn(&str) -> String) -> Vec<(File, String, Arc<str>)> {
    let environments: Vec<usize> = gathered.environments().collect();
    let mut files = Vec::new();
    for (id, file) in gathered.files.iter().enumerate() {
        let which = match file.role {
            Role::Root => File::Template,
            Role::Environment => match environments.iter().position(|&e| e == id) {
                Some(index) => File::Environment(index),
                None => continue,
            },
            Role::Nested => File::Nested(id),
            Role::Data => continue,
        };
        files.push((which, shown(&file.url), Arc::clone(&file.text)));
    }
    files
}

/// `--release-plan`: the retained template written to `out`, the steps on
/// stdout, what the plan cannot do on stderr.
fn release(args: &OrcArgs, template: &str, out: &Path, stack: Option<&str>) -> ExitCode {
    let plan = match release_plan(template) {
        Ok(plan) => plan,
        Err(message) => {
            eprintln!("error: {}: {message}", args.template().display());
            return Exit::Failed.into();
        }
    };
    if let Err(error) = std::fs::write(out, &plan.template) {
        eprintln!("error: {}: cannot write: {error}", out.display());
        return Exit::Failed.into();
    }
    let stack = stack.unwrap_or("STACK");
    let retained = out.display();
    let namespace = &args.namespace;
    let steps = format!(
        "# Releasing the stack {stack} from Heat without deleting what it made.\n\
         # {retained} is the template with deletion_policy: Retain on {count}.\n\
         # Run from the template's directory (heatclient sends its nested files again).\n\
         \n\
         # 1. Check that the update changes deletion policies only: nothing may be replaced\n\
         #    (Heat's own `stack update --dry-run` calls every resource that refers to another replaced).\n\
         heatwise update-preview --stack {stack} {retained}\n\
         # 2. Give the resources Retain.\n\
         openstack stack update --wait --existing --template {retained} {stack}\n\
         # 3. Hand the resources over: import them into ORC, unmanaged, and wait until each is there.\n\
         openstack stack resource list --nested-depth 5 --long -f json {stack} > resources.json\n\
         heatwise orc {template} --stack-resources resources.json --namespace {namespace} --credentials {secret}/{cloud} > handover.yaml\n\
         kubectl apply -f handover.yaml\n\
         kubectl wait --namespace {namespace} --for=condition=Available --timeout=10m -f handover.yaml\n\
         # 4. Delete the stack: Heat leaves every retained resource, and the nested stacks with them.\n\
         openstack stack delete --wait {stack}\n\
         # Where heat.conf has enable_stack_abandon = True, `openstack stack abandon {stack}` does steps 1, 2 and 4 at once.\n",
        count = plural(plan.retained, "resource", "resources"),
        template = args.template().display(),
        secret = args.credentials.secret_name,
        cloud = args.credentials.cloud_name,
    );
    let mut stdout = io::stdout().lock();
    if stdout
        .write_all(steps.as_bytes())
        .and_then(|()| stdout.flush())
        .is_err()
    {
        return Exit::Failed.into();
    }
    let colour =
        io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let findings: Vec<Finding<'_>> = plan
        .notes
        .iter()
        .map(|(range, message)| Finding {
            severity: Severity::Warning,
            code: "release-plan",
            message,
            range: *range,
            help: None,
            notes: Vec::new(),
        })
        .collect();
    let mut stderr = io::stderr().lock();
    let _ = write_findings(
        &args.template().display().to_string(),
        template,
        &findings,
        colour,
        &mut stderr,
    );
    if plan.notes.is_empty() {
        Exit::Clean.into()
    } else {
        Exit::Findings.into()
    }
}
