//! `heatwise load FILE`: the template (or environment) as Heat's loader
//! reads it, printed as JSON; or, when Heat's loader would refuse the text,
//! why and where.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use crate::exit::Exit;
use clap::{Args, ValueEnum};
use heatwise_core::load::{self, Kind};
use heatwise_core::text::Positions;

#[derive(Args, Debug)]
pub struct LoadArgs {
    /// The template or environment file; `-` reads standard input.
    file: PathBuf,

    /// How to print the value: JSON (as Python's `json.dumps` writes it:
    /// keys that are not strings as their JSON text, `NaN` and `Infinity`
    /// as Python writes them, binary data as base64).
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,

    /// Read the file as an environment (`environment_format.parse`: YAML
    /// only, known sections only) rather than a template (JSON first,
    /// then YAML).
    #[arg(long)]
    environment: bool,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Format {
    Json,
}

pub fn run(args: &LoadArgs) -> ExitCode {
    let name = args.file.display().to_string();
    let text = match crate::input::read_path(&args.file) {
        Ok(text) => text,
        Err(message) => {
            eprintln!("error: {name}: {message}");
            return Exit::Failed.into();
        }
    };
    let kind = if args.environment {
        Kind::Environment
    } else {
        Kind::Template
    };
    match load::load(&text, kind) {
        Ok(value) => {
            let Format::Json = args.format;
            match load::to_json(&value) {
                Some(json) => {
                    // A closed pipe (`heatwise load x | head`) is no failure.
                    let _ = io::stdout().lock().write_all(json.as_bytes());
                    Exit::Clean.into()
                }
                None => {
                    eprintln!(
                        "error: {name}: Heat reads it, but its aliases repeat it past {} values: too large to print",
                        load::MAX_WRITTEN_VALUES
                    );
                    Exit::Failed.into()
                }
            }
        }
        Err(error) => {
            let at = Positions::new(&text).location(error.range);
            eprintln!(
                "{name}:{}:{}: Heat's loader refuses this text: {}",
                at.line, at.column, error.message
            );
            ExitCode::FAILURE
        }
    }
}
