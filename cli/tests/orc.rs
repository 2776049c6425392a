//! `heatwise orc`: manifests on stdout, findings on stderr, exit codes.

use std::path::Path;

fn heatwise(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let input = stdin.unwrap_or_default().as_bytes();
    let output = heatwise_test_support::run(env!("CARGO_BIN_EXE_heatwise"), args, None, input);
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

const STACK: &str = "heat_template_version: 2018-08-31
parameters:
  cidr: {type: string}
resources:
  app_net:
    type: OS::Neutron::Net
  app_subnet:
    type: OS::Neutron::Subnet
    properties:
      network: {get_resource: app_net}
      cidr: {get_param: cidr}
";

const CREDENTIALS: [&str; 4] = ["--namespace", "apps", "--credentials", "clouds/openstack"];

#[test]
fn a_whole_stack_exports_with_exit_0() {
    let mut args = vec!["orc", "-", "-P", "cidr=10.0.0.0/24"];
    args.extend(CREDENTIALS);
    let (code, stdout, stderr) = heatwise(&args, Some(STACK));
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.starts_with("---\napiVersion: openstack.k-orc.cloud/v1alpha1\nkind: Network\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("    networkRef: app-net\n    cidr: 10.0.0.0/24\n    ipVersion: 4\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("namespace: apps") && stdout.contains("secretName: clouds"),
        "{stdout}"
    );
    assert!(
        stderr.contains("Exported 2 objects with nothing left out"),
        "{stderr}"
    );

    args.extend(["--format", "json"]);
    let (code, stdout, _) = heatwise(&args, Some(STACK));
    assert_eq!(code, 0);
    let list: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(list["kind"], "List");
    assert_eq!(
        list["items"][1]["spec"]["resource"]["networkRef"],
        "app-net"
    );
}

#[test]
fn what_is_not_carried_over_is_reported_with_its_place_and_exit_1() {
    let mut args = vec!["orc", "-"];
    args.extend(CREDENTIALS);
    let (code, stdout, stderr) = heatwise(&args, Some(STACK));
    assert_eq!(code, 1);
    assert!(
        stderr.contains("<stdin>:3:3: error[ORC004] the parameter cidr has no value"),
        "{stderr}"
    );
    assert!(
        stderr.contains("error[ORC005] the Subnet app-subnet is left out"),
        "{stderr}"
    );
    // The subnet ORC would refuse is not printed; the network is.
    assert!(
        stdout.contains("kind: Network") && !stdout.contains("kind: Subnet"),
        "{stdout}"
    );
}

#[test]
fn the_plan_shows_waves_and_heats_graph() {
    let mut args = vec!["orc", "-", "--plan", "-P", "cidr=10.0.0.0/24"];
    args.extend(CREDENTIALS);
    let (code, stdout, _) = heatwise(&args, Some(STACK));
    assert_eq!(code, 0);
    assert!(
        stdout.contains("  wave 1: Network app-net\n  wave 2: Subnet app-subnet\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("  app_subnet: app_net (get_resource)\n"),
        "{stdout}"
    );
}

#[test]
fn environments_give_parameters() {
    let dir = std::env::temp_dir().join(format!("heatwise-orc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let env = dir.join("env.yaml");
    std::fs::write(&env, "parameter_defaults:\n  cidr: 192.168.7.0/24\n").unwrap();
    let mut args = vec!["orc", "-", "-e", env.to_str().unwrap()];
    args.extend(CREDENTIALS);
    let (code, stdout, stderr) = heatwise(&args, Some(STACK));
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("cidr: 192.168.7.0/24"), "{stdout}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn usage_and_read_errors_exit_2() {
    let (code, _, stderr) = heatwise(
        &["orc", "-", "--namespace", "Bad_NS", "--credentials", "a/b"],
        Some(STACK),
    );
    assert_eq!(code, 2);
    assert!(stderr.contains("is not a Kubernetes namespace"), "{stderr}");
    let (code, _, stderr) = heatwise(
        &["orc", "-", "--namespace", "ok", "--credentials", "nocloud"],
        Some(STACK),
    );
    assert_eq!(code, 2);
    assert!(stderr.contains("SECRET/CLOUD"), "{stderr}");
    let missing = Path::new("does/not/exist.yaml");
    let mut args = vec!["orc", missing.to_str().unwrap()];
    args.extend(CREDENTIALS);
    let (code, stdout, stderr) = heatwise(&args, None);
    assert_eq!(code, 2);
    assert!(
        stdout.is_empty() && stderr.contains("does/not/exist.yaml"),
        "{stderr}"
    );
}

/// A running stack handed over: unmanaged imports of the IDs Heat lists,
/// and the release plan that lets Heat go without deleting anything.
#[test]
fn a_running_stack_hands_over_and_releases() {
    let dir = std::env::temp_dir().join(format!("heatwise-orc-handover-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rows = dir.join("resources.json");
    std::fs::write(
        &rows,
        r#"[{"resource_name": "app_net", "physical_resource_id": "0b7e2f0a-0001-4c1b-9d7e-0a0000000001", "resource_type": "OS::Neutron::Net", "resource_status": "CREATE_COMPLETE", "updated_time": null, "stack_name": "apps"},
            {"resource_name": "app_subnet", "physical_resource_id": "0b7e2f0a-0002-4c1b-9d7e-0a0000000002", "resource_type": "OS::Neutron::Subnet", "resource_status": "CREATE_COMPLETE", "updated_time": null, "stack_name": "apps"}]"#,
    )
    .unwrap();
    let mut args = vec![
        "orc",
        "-",
        "-P",
        "cidr=10.0.0.0/24",
        "--stack-resources",
        rows.to_str().unwrap(),
    ];
    args.extend(CREDENTIALS);
    let (code, stdout, stderr) = heatwise(&args, Some(STACK));
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout.matches("managementPolicy: unmanaged").count(),
        2,
        "{stdout}"
    );
    assert!(
        stdout.contains("id: 0b7e2f0a-0002-4c1b-9d7e-0a0000000002"),
        "{stdout}"
    );
    assert!(
        !stdout.contains("cidr:"),
        "a hand-over writes no resource: {stdout}"
    );

    let retained = dir.join("retained.yaml");
    args.extend(["--release-plan", retained.to_str().unwrap()]);
    let (code, stdout, stderr) = heatwise(&args, Some(STACK));
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains(&format!(
            "heatwise update-preview --stack apps {}",
            retained.display()
        )),
        "{stdout}"
    );
    assert!(
        stdout.contains("openstack stack delete --wait apps"),
        "{stdout}"
    );
    let text = std::fs::read_to_string(&retained).unwrap();
    assert_eq!(
        text.matches("    deletion_policy: Retain\n").count(),
        2,
        "{text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A template read from its path is exported with its stack: its nested
/// templates (here through a type and the environment's registry) are
/// expanded, and their findings are shown in their own files.
#[test]
fn nested_templates_are_expanded_from_their_files() {
    let dir = std::env::temp_dir().join(format!("heatwise-orc-nested-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("lib")).unwrap();
    std::fs::write(
        dir.join("main.yaml"),
        "heat_template_version: 2018-08-31\nresources:\n  net:\n    type: OS::Neutron::Net\n  app:\n    type: lib/app.yaml\n    properties: {network: {get_resource: net}}\n  disk:\n    type: My::Disk\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("lib/app.yaml"),
        "heat_template_version: 2018-08-31\nparameters:\n  network: {type: string}\n  name: {type: string}\nresources:\n  port:\n    type: OS::Neutron::Port\n    properties: {network: {get_param: network}}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("lib/disk.yaml"),
        "heat_template_version: 2018-08-31\nresources:\n  volume:\n    type: OS::Cinder::Volume\n    properties: {size: 1}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("env.yaml"),
        "resource_registry:\n  My::Disk: lib/disk.yaml\n",
    )
    .unwrap();
    let main = dir.join("main.yaml");
    let env = dir.join("env.yaml");
    let mut args = vec!["orc", main.to_str().unwrap(), "-e", env.to_str().unwrap()];
    args.extend(CREDENTIALS);
    let (code, stdout, stderr) = heatwise(&args, None);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stdout.contains("name: app-port\n") && stdout.contains("    networkRef: net\n"),
        "{stdout}"
    );
    assert!(stdout.contains("name: disk-volume\n"), "{stdout}");
    assert!(
        stderr.contains("app.yaml:4:3: error[ORC004] the parameter name of lib/app.yaml has no value: app passes no property name"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
