//! `heatwise fix`, run as a user runs it, on the migration fixtures of the
//! core (`core/tests/fixtures/fix/`, the current directory of every run):
//! the printed text must equal the fixture's `.fixed` file or an expected
//! file under `fixtures/fix/`; `HEATWISE_BLESS=1 cargo test -p
//! heatwise-cli --test fix` rewrites the latter.

use heatwise_test_support as support;

use std::path::{Path, PathBuf};
use std::process::Output;

fn core_fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../core/tests/fixtures/fix")
}

fn expected_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fix")
}

fn heatwise(args: &[&str], dir: &Path, stdin: Option<&str>) -> Output {
    let input = stdin.unwrap_or_default().as_bytes();
    support::run(env!("CARGO_BIN_EXE_heatwise"), args, Some(dir), input)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

enum Expect {
    /// The `.fixed` file of this fixture.
    Fixed(&'static str),
    /// A file under `fixtures/fix/`.
    File(&'static str),
    /// Exactly this.
    Text(&'static str),
}

struct Case {
    args: &'static [&'static str],
    stdin: Option<&'static str>,
    stdout: Expect,
    exit: i32,
    /// Text standard error must hold.
    stderr: &'static [&'static str],
}

const BROKEN: &str = "resources:\n  port: {type: OS::Neutron::Port, properties: {network_id: x}\n";

const CASES: &[Case] = &[
    // One file: the migrated text on standard output.
    Case {
        args: &["fix", "neutron_port.yaml"],
        stdin: None,
        stdout: Expect::Fixed("neutron_port.yaml"),
        exit: 0,
        stderr: &[
            "neutron_port.yaml: 8 fixes applied",
            "fixed HW003 Remove the `network_id` on line 55, which Heat ignores",
            "fixed HW202 Replace `network_id` with `network`",
            "remains neutron_port.yaml:48:7 HW206",
        ],
    },
    Case {
        args: &["fix", "neutron_port.json"],
        stdin: None,
        stdout: Expect::Fixed("neutron_port.json"),
        exit: 0,
        stderr: &["4 fixes applied"],
    },
    // Standard input, with CRLF line breaks.
    Case {
        args: &["fix", "-"],
        stdin: Some(include_str!(
            "../../core/tests/fixtures/fix/crlf_neutron.yaml"
        )),
        stdout: Expect::Fixed("crlf_neutron.yaml"),
        exit: 0,
        stderr: &["<stdin>: 3 fixes applied"],
    },
    Case {
        args: &["fix", "--diff", "router_l3_agent.yaml"],
        stdin: None,
        stdout: Expect::File("router_l3_agent.diff"),
        exit: 0,
        stderr: &["[unsafe fix, with --unsafe: Replace `l3_agent_id`"],
    },
    Case {
        args: &["fix", "--unsafe", "router_l3_agent.yaml"],
        stdin: None,
        stdout: Expect::File("router_l3_agent.unsafe.yaml"),
        exit: 0,
        stderr: &[
            "4 fixes applied",
            "(unsafe: Heat refuses the template while both are set",
        ],
    },
    Case {
        args: &["fix", "--select", "HW107", "resource_types.yaml"],
        stdin: None,
        stdout: Expect::File("resource_types.select.yaml"),
        exit: 0,
        stderr: &[
            "1 fix applied",
            "[fix not selected: Replace `OS::Heat::SoftwareDeployments`",
        ],
    },
    // At Kilo `network_id` is deprecated, not yet hidden.
    Case {
        args: &["fix", "--target", "Kilo", "neutron_port.yaml"],
        stdin: None,
        stdout: Expect::Fixed("neutron_port.yaml"),
        exit: 0,
        stderr: &["fixed HW201 Replace `network_id` with `network`"],
    },
    // An environment's registry: an alias there is the same class too.
    Case {
        args: &["fix", "-"],
        stdin: Some("resource_registry:\n  My::Net: OS::Quantum::Net  # kept\n  \"My::Other\": 'OS::Quantum::Subnet'\n"),
        stdout: Expect::Text("resource_registry:\n  My::Net: OS::Neutron::Net  # kept\n  \"My::Other\": 'OS::Neutron::Subnet'\n"),
        exit: 0,
        stderr: &["fixed HW107 Replace the alias `OS::Quantum::Subnet` with `OS::Neutron::Subnet`"],
    },
    // An already migrated text has no diff.
    Case {
        args: &["fix", "--diff", "designate_zone.yaml.fixed"],
        stdin: None,
        stdout: Expect::Text(""),
        exit: 0,
        stderr: &["0 fixes applied"],
    },
    // A text that does not parse goes through unchanged, with an error.
    Case {
        args: &["fix", "-"],
        stdin: Some(BROKEN),
        stdout: Expect::Text(BROKEN),
        exit: 2,
        stderr: &["not fixed: the text does not parse"],
    },
    Case {
        args: &["fix", "neutron_port.yaml", "designate_zone.yaml"],
        stdin: None,
        stdout: Expect::Text(""),
        exit: 2,
        stderr: &["give --diff or --write"],
    },
    Case {
        args: &["fix", "no-such-file.yaml"],
        stdin: None,
        stdout: Expect::Text(""),
        exit: 2,
        stderr: &["no-such-file.yaml: no such file"],
    },
    Case {
        args: &["fix", "--select", "HW999", "neutron_port.yaml"],
        stdin: None,
        stdout: Expect::Text(""),
        exit: 2,
        stderr: &["select: `HW999` names no rule"],
    },
    Case {
        args: &["fix", "--write", "-"],
        stdin: Some("a: 1\n"),
        stdout: Expect::Text(""),
        exit: 2,
        stderr: &["standard input cannot be rewritten"],
    },
];

#[test]
fn fix_cases() {
    let dir = core_fixtures();
    for case in CASES {
        let output = heatwise(case.args, &dir, case.stdin);
        let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
        assert_eq!(
            output.status.code(),
            Some(case.exit),
            "{:?}: exit code; stderr:\n{stderr}",
            case.args
        );
        for expected in case.stderr {
            assert!(
                stderr.contains(expected),
                "{:?}: stderr lacks {expected:?}:\n{stderr}",
                case.args
            );
        }
        match case.stdout {
            Expect::Fixed(name) => {
                let fixed = std::fs::read_to_string(dir.join(format!("{name}.fixed")))
                    .expect("the .fixed file exists");
                assert_eq!(stdout, fixed, "{:?}: stdout", case.args);
            }
            Expect::File(name) => support::assert_snapshot(&expected_dir().join(name), &stdout),
            Expect::Text(expected) => assert_eq!(stdout, expected, "{:?}: stdout", case.args),
        }
    }
}

/// `fix` checks a template against what `lint` does: an operator's
/// catalog laid over the built-in one, and the environments the stack is
/// deployed with.
#[test]
fn fix_takes_the_catalog_and_environments_lint_takes() {
    let lint_fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/lint");
    let with_catalog = heatwise(
        &[
            "fix",
            "--unsafe",
            "catalog/uses-acme.yaml",
            "--catalog",
            "catalog/acme-volume.json",
        ],
        &lint_fixtures,
        None,
    );
    assert_eq!(with_catalog.status.code(), Some(0));
    let template = std::fs::read_to_string(lint_fixtures.join("catalog/uses-acme.yaml")).unwrap();
    assert_eq!(
        text(&with_catalog.stdout),
        template.replace("type: Acme::Storage::Volume", "type: OS::Cinder::Volume")
    );
    let without = heatwise(
        &["fix", "--unsafe", "catalog/uses-acme.yaml"],
        &lint_fixtures,
        None,
    );
    // Unknown to the built-in catalog, outside Heat's own namespaces: no
    // finding, nothing to fix.
    assert_eq!(text(&without.stdout), template);

    let unknown = |args: &[&str]| {
        let output = heatwise(args, &lint_fixtures, None);
        assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
        text(&output.stderr)
            .lines()
            .filter(|line| line.contains("HW104"))
            .count()
    };
    assert_eq!(unknown(&["fix", "env/stack.yaml"]), 3);
    assert_eq!(
        unknown(&["fix", "env/stack.yaml", "-e", "env/environment.yaml"]),
        1
    );
    // A type the environment maps onto OS::Neutron::Port is migrated as one.
    let mapped = heatwise(
        &["fix", "env/stack.yaml", "-e", "env/environment.yaml"],
        &lint_fixtures,
        None,
    );
    let stack = std::fs::read_to_string(lint_fixtures.join("env/stack.yaml")).unwrap();
    assert_eq!(
        text(&mapped.stdout),
        stack.replace("network_id: private", "network: private")
    );
    let missing = heatwise(
        &["fix", "env/stack.yaml", "-e", "env/missing.yaml"],
        &lint_fixtures,
        None,
    );
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).contains("error: env/missing.yaml: no such file or directory"));
}

/// `--write` through a symbolic link rewrites the file it names and leaves
/// the link a link.
#[cfg(unix)]
#[test]
fn write_follows_a_symbolic_link() {
    let dir = scratch("symlink");
    std::fs::copy(
        core_fixtures().join("neutron_port.yaml"),
        dir.join("real.yaml"),
    )
    .unwrap();
    std::os::unix::fs::symlink("real.yaml", dir.join("link.yaml")).unwrap();
    let output = heatwise(&["fix", "--write", "link.yaml"], &dir, None);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(std::fs::symlink_metadata(dir.join("link.yaml"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(
        std::fs::read(dir.join("real.yaml")).unwrap(),
        std::fs::read(core_fixtures().join("neutron_port.yaml.fixed")).unwrap()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A fresh directory under the system's temporary one.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("heatwise-fix-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

#[test]
fn write_rewrites_files_in_place_and_never_breaks_one() {
    let dir = scratch("write");
    let names = [
        "neutron_port.yaml",
        "crlf_neutron.yaml",
        "mistral_policies.yaml",
    ];
    for name in names {
        std::fs::copy(core_fixtures().join(name), dir.join(name)).expect("copy");
    }
    std::fs::write(dir.join("broken.yaml"), BROKEN).expect("write");

    let output = heatwise(&["fix", "--write", "."], &dir, None);
    assert_eq!(output.status.code(), Some(2), "the broken file is an error");
    assert!(text(&output.stderr).contains("broken.yaml: not fixed"));
    for name in names {
        let written = std::fs::read(dir.join(name)).expect("read");
        let fixed = std::fs::read(core_fixtures().join(format!("{name}.fixed"))).expect("read");
        assert_eq!(written, fixed, "{name}");
    }
    assert_eq!(
        std::fs::read_to_string(dir.join("broken.yaml")).expect("read"),
        BROKEN
    );
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .expect("list")
        .map(|e| e.expect("entry").file_name())
        .filter(|n| n.to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "temporary files left: {leftovers:?}");

    // Fixing again changes nothing.
    std::fs::remove_file(dir.join("broken.yaml")).expect("remove");
    let again = heatwise(&["fix", "--diff", "."], &dir, None);
    assert_eq!(again.status.code(), Some(0));
    assert_eq!(text(&again.stdout), "");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `fix --stack` migrates every template the stack reaches (here a nested
/// one), shows it as a diff, rewrites it with --write, and leaves the
/// stack's cross-file findings as they were.
#[test]
fn a_stack_is_migrated_as_a_whole() {
    let dir = scratch("stack");
    std::fs::create_dir_all(dir.join("nested")).unwrap();
    std::fs::write(
        dir.join("root.yaml"),
        "heat_template_version: 2018-08-31\nresources:\n  app: {type: nested/app.yaml, properties: {key_name: ops}}\n",
    )
    .unwrap();
    let nested = "heat_template_version: 2018-08-31\nparameters:\n  key_name: {type: string}\nresources:\n  port:\n    type: OS::Neutron::Port\n    properties:\n      network_id: private # the tenant's\n";
    std::fs::write(dir.join("nested/app.yaml"), nested).unwrap();
    // Several files: a diff or --write is needed.
    let output = heatwise(&["fix", "--stack", "root.yaml"], &dir, None);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    let output = heatwise(&["fix", "--stack", "root.yaml", "--diff"], &dir, None);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let diff = text(&output.stdout);
    assert!(
        diff.contains("-      network_id: private # the tenant's"),
        "{diff}"
    );
    assert!(
        diff.contains("+      network: private # the tenant's"),
        "{diff}"
    );
    let output = heatwise(&["fix", "--stack", "root.yaml", "--write"], &dir, None);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert_eq!(
        std::fs::read_to_string(dir.join("nested/app.yaml")).unwrap(),
        nested.replace("network_id:", "network:")
    );
    // Linting the migrated stack finds nothing left.
    let output = heatwise(&["lint", "--stack", "root.yaml"], &dir, None);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stdout));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A migration to a type the environments map onto a template (which
/// Heat would create instead, with other properties) is only advice: fix
/// --stack leaves the stack as it is and says why.
#[test]
fn a_stack_migration_onto_a_mapped_type_is_advice() {
    let dir = scratch("stack-interface");
    let root = "heat_template_version: 2018-08-31\nresources:\n  ip:\n    type: OS::Nova::FloatingIP\n    properties: {pool: public}\n";
    std::fs::write(dir.join("root.yaml"), root).unwrap();
    std::fs::write(
        dir.join("fip.yaml"),
        "heat_template_version: 2018-08-31\nparameters:\n  pool: {type: string}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("env.yaml"),
        "resource_registry:\n  OS::Neutron::FloatingIP: fip.yaml\n",
    )
    .unwrap();
    let args = [
        "fix",
        "--stack",
        "root.yaml",
        "-e",
        "env.yaml",
        "--unsafe",
        "--write",
    ];
    let output = heatwise(&args, &dir, None);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("root.yaml: 0 fixes applied"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(dir.join("root.yaml")).unwrap(),
        root
    );
    let lint = heatwise(
        &["lint", "--stack", "root.yaml", "-e", "env.yaml"],
        &dir,
        None,
    );
    let stdout = text(&lint.stdout);
    assert!(
        stdout.contains(
            "by hand: the environments map `OS::Neutron::FloatingIP` to the template `fip.yaml`"
        ),
        "{stdout}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
