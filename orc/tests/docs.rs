//! `docs/orc.md` is generated from the mapping table the export uses
//! (`HEATWISE_BLESS=1` rewrites it), and the table names every property
//! Heat has for each type it maps, at the catalog's newest release.

use heatwise_core::catalog::Catalog;
use heatwise_orc::{Code, MAPPINGS};

fn doc() -> String {
    let mut out = String::from(
        "# Exporting to the OpenStack Resource Controller\n\n\
<!-- Generated from orc/src/kinds/table.rs by the orc crate's docs test; HEATWISE_BLESS=1 rewrites it. -->\n\n\
`heatwise orc TEMPLATE -e ENV -P NAME=VALUE --namespace NS --credentials SECRET/CLOUD` writes a Heat stack as\n\
manifests of ORC v2.6.0 (`openstack.k-orc.cloud/v1alpha1`), one object per resource whose type has an ORC kind,\n\
each checked against ORC's CRDs (types, required fields, lengths, list sizes, enums, patterns, formats, and the\n\
creation rules of `x-kubernetes-validations`) before it is printed. `--plan` prints the order ORC builds them in.\n\n\
## How values are read\n\n\
- Parameters: `-P`, then the environments' `parameters`, then their `parameter_defaults` (later files win), then the\n\
  template's defaults; each converted to its declared type as Heat does. A parameter without a value is an error\n\
  (ORC004). `-P OS::stack_name=NAME` gives the stack's name.\n\
- Functions with known inputs are evaluated as Heat evaluates them: `get_param`, `str_replace` (and its strict\n\
  variants), `list_join`, `str_split`, `list_concat`, `map_merge`, `repeat`, `if`, `equals`, `not`, `and`, `or`,\n\
  `contains`, conditions, and CloudFormation's `Ref`, `Fn::Join`, `Fn::Select`. `get_resource` becomes the\n\
  referenced object's name. `get_attr`, `get_file` and the rest are known only when Heat runs: reported where\n\
  written (ORC003), a `get_attr` with the status field ORC shows the value in once it has made the object (a\n\
  port's addresses in the Port's `status.resource.fixedIPs`), since ORC cannot put one object's status into\n\
  another's spec. Two attributes are known before Heat runs, since the template holds their values: a port's\n\
  `fixed_ips` where each of its `fixed_ips` asks for an `ip_address` (Neutron gives the addresses asked for, in\n\
  that order), and an `OS::Heat::SoftwareConfig`'s `config` (the text Heat stores). A function around them\n\
  (`str_replace` of a configuration's `config` with a port's address) is evaluated; what stays unknown is\n\
  reported at the `get_attr` that holds it.\n\
- A resource whose `condition` is false is not exported.\n\
- `OS::Heat::ResourceGroup` with a count the export knows (at most 256) and members of a type ORC has: each member\n\
  is an object named `<group>-<index>`, built from `resource_def` with the group's `index_var` (`%index%`)\n\
  replaced by the member's index in every string of its properties, as Heat builds its members. `removal_policies`\n\
  are reported (ORC002); a retained group retains its members; a count known only when Heat runs is reported\n\
  (ORC003). A group of a nested template makes one nested stack per member (below), named `<group>-<index>-…`;\n\
  `get_attr` of such a group reads its members' outputs as Heat's group gives them (`[group, OUTPUT]` the list of\n\
  every member's, `[group, resource.N, OUTPUT]` member N's, `[group, attributes, OUTPUT]` a map by index).\n\
- Types the environments' `resource_registry` maps (per type, by wildcard, or for one resource under\n\
  `resources:`) are read as Heat reads them: a resource is exported as the type Heat creates; one mapped to\n\
  `OS::Heat::None` is not exported, since Heat creates nothing for it; one mapped to a template is a nested stack.\n\
  A mapping to a type for one resource only becomes, once Heat's registry has read it, the mapping of that type\n\
  for every resource of the stack, and the create reads the stack back with it: the export creates them as\n\
  Heat does, and says so (ORC009).\n\
- **Nested stacks.** A resource whose type is a template file, written as its type or mapped to it by the\n\
  registry, is a nested stack, as Heat's `TemplateResource`: its template's resources are exported as objects\n\
  named `<resource>-<nested resource>` (`app` of `app.yaml` holding `port`: `app-port`), in the resource's place.\n\
  Its properties are the template's parameters, references included (a network passed by `get_resource` is\n\
  referenced by name); the environments' `parameter_defaults` hold in it too, and so does their registry, without\n\
  the entry that named the template (Heat's `get_child_environment`, so a template standing in for a type may use\n\
  that type itself). `get_attr: [app, OUTPUT]` reads the output as the nested template computes it (an output of\n\
  `get_resource: port` is a reference to `app-port`), and `get_resource: app` the `OS::stack_id` output where the\n\
  template has one; a nested parameter no property or default gives is an error (ORC004), as Heat refuses the\n\
  nested stack. Findings in a nested template are shown in its file. The templates are read from the stack's files:\n\
  `heatwise orc PATH` gathers them as heatclient does, beside the template and the environments; a template read\n\
  from standard input, or one that cannot be read, leaves its nested stacks reported (ORC001). Stacks nest at most\n\
  5 deep (Heat's `max_nested_stack_depth`); at most 512 nested stacks are expanded.\n\
- A resource's other sections: `deletion_policy: Retain` (Heat leaves the resource when the stack is deleted)\n\
  gives its objects `managedOptions.onDelete: detach` (ORC leaves it when the object is deleted); `Snapshot` is\n\
  reported (ORC009: ORC takes no snapshot). `external_id` (Heat adopts that resource, ignores the properties and\n\
  retains it) becomes a `managementPolicy: unmanaged` object importing the ID, under the resource's name.\n\
  `depends_on` holds in ORC only where references already order the two objects; otherwise it is reported\n\
  (ORC009). `metadata` and `update_policy` have no ORC field (ORC002).\n\
- A name or ID of a pre-existing resource (an image, a flavor, a key pair, the external network, a security group)\n\
  becomes one `managementPolicy: unmanaged` object shared by every reference: `import.id` for a UUID,\n\
  `import.filter` by name otherwise (with `external: true` for a router's gateway or a floating IP's network).\n\
- References are by name, in the one namespace, as ORC requires. Objects get the resource's logical name made a\n\
  Kubernetes name (`web_port` → `web-port`), unique in the output.\n\n\
## Where Heat and ORC mean different things\n\n\
- **A port without `fixed_ips`** gets an address in Heat and none in ORC: an address on the network's subnet is\n\
  written (the template's only subnet of the network, or, for a pre-existing network, its IPv4 subnet imported by\n\
  network); more than one subnet is reported (ORC006).\n\
- **A port without `security_groups`** gets the project's `default` group in Heat and none in ORC: the `default`\n\
  group is imported and referenced (not when port security is off). A server's new ports get its `security_groups`\n\
  or, as Nova does, `default`.\n\
- **A security group with no egress rule** keeps Neutron's default egress in Heat and loses it in ORC: the IPv4\n\
  and IPv6 egress rules are written, last. Rules with a port range are written first, which ORC v2.6.0 handles\n\
  best.\n\
- **A rule's remote prefix** is written as Neutron keeps it (`2001:DB8::/32` as `2001:db8::/32`, an address\n\
  alone with its full length): ORC matches its rules against Neutron's by that text, and would otherwise make the\n\
  rule again and again. A rule without ports opens every port, as Heat asks.\n\
- **An image without `visibility`** is private, Heat's default, written out: left out, Glance would share it.\n\
- **Required fields ORC has no default for** are always written: a subnet's `ipVersion` (4), a flavor's `disk`\n\
  (0), a rule's `direction` and `ethertype`.\n\
- **User data** becomes a `Secret` with the key `value`, referenced by `userData.secretRef`, with\n\
  `user_data_format: RAW`, and with Heat's default format, `HEAT_CFNTOOLS`, where it is a script: Heat's agents\n\
  (its multipart message around the data) run it at first boot, as cloud-init runs it from ORC's user data\n\
  (ORC009 says what the agents add). A script that calls heat-cfntools (`cfn-signal`, `cfn-init`, ...) needs\n\
  Heat's metadata server, and text without a `#!` line is not run by the agents at all: neither is exported\n\
  (ORC009). `orc/tests/create_bodies.rs` checks the script against the part Heat 27.0.1's agents run. RAW user data\n\
  naming a software configuration (`get_resource`) is the text Heat stores for it and passes to Nova: an\n\
  `OS::Heat::SoftwareConfig`'s `config`; an `OS::Heat::CloudConfig`'s `#cloud-config` document, written so that\n\
  PyYAML (cloud-init's reader) reads the same data Heat's PyYAML dump holds, keys sorted and in ASCII as Heat\n\
  writes it; an `OS::Heat::MultipartMime`'s MIME message as Python's email package writes it, part by part\n\
  (US-ASCII text as it is, other text as UTF-8 in base64, a nested message's parts taken again as Heat takes them),\n\
  byte for byte but for the boundary, which Python draws at random. `orc/tests/create_bodies.rs` checks each\n\
  against the text Heat 27.0.1 stored for the fixtures. A configuration only Heat knows (an ID, a value known at\n\
  run time) is reported where it is written. With `user_data_format: SOFTWARE_CONFIG` the data (or the\n\
  configuration it names) is exported the same way: Heat attaches it as text beside its agents' parts, and\n\
  cloud-init reads it by its first line either way; ORC009 says that the agents' parts, and with them software\n\
  deployments, are not carried.\n\
- **An allowed address pair** whose address only the create gives (another port's, a `get_attr`) is left out\n\
  with ORC009 at the pair, and the port kept with its other pairs.\n\
- **Folded resources**: `OS::Cinder::VolumeAttachment` into the server's `volumes`,\n\
  `OS::Neutron::FloatingIPAssociation` and `networks[].floating_ip` into the FloatingIP's `portRef`,\n\
  `OS::Neutron::SecurityGroupRule` into its group's `rules`, `scheduler_hints.group` into the server's\n\
  `serverGroupRef` (v2.6.0's place for it).\n\
- **An empty `name`** is Heat's generated name; the object's name is ORC's default, so none is written.\n\
- **Adoption**: a managed ORC object adopts an existing OpenStack resource that matches it, and deletes it with the\n\
  object. Exporting a stack that is still running in Heat would let ORC take its resources over; delete the Heat\n\
  stack first (with `deletion_policy: retain` where the resources must stay), or set `managedOptions.onDelete:\n\
  detach` on the objects (the export writes it for retained resources).\n\
- **Immutability**: many fields Heat can update in place (port addresses, a floating IP's port, a server's image,\n\
  flavor, key or user data, a volume's size) are immutable in ORC: changing them means a new object.\n\
- **Outputs** have no ORC equivalent; each is reported with the object whose status holds its value.\n\n\
## Handing a running stack over\n\n\
A stack Heat runs can move to ORC without recreating anything:\n\n\
1. `heatwise orc TEMPLATE -e ENV ... --namespace NS --credentials SECRET/CLOUD --release-plan retained.yaml` writes\n\
   the template with `deletion_policy: Retain` on its resources and prints the steps below with the stack's name\n\
   (from `--stack-resources`). Software deployments are left as they are: Heat would run their configuration\n\
   again to update them, and deleting one touches nothing outside Heat unless its `actions` include `DELETE`\n\
   (reported). A resource whose only change is its deletion policy is updated without being touched\n\
   (Heat's `Resource.handle_update` acts on changed properties).\n\
2. `heatwise update-preview --stack STACK retained.yaml` must list no resource replaced (Heat's own\n\
   `stack update --dry-run` calls every resource that refers to another replaced); then\n\
   `openstack stack update --wait --existing --template retained.yaml STACK`.\n\
3. `heatwise orc --cloud-stack STACK --namespace NS --credentials SECRET/CLOUD > handover.yaml` reads the\n\
   stack's template, environment, files and resources through Heat's API; or, from files,\n\
   `openstack stack resource list --nested-depth 5 --long -f json STACK > resources.json`, then\n\
   `heatwise orc TEMPLATE ... --stack-resources resources.json > handover.yaml`: every resource Heat made whose\n\
   kind ORC can import becomes a `managementPolicy: unmanaged` object importing the ID Heat lists, named as the\n\
   export names it, so references by name hold. Nothing is created: not the ports Nova made for a server's\n\
   networks, not the imports of images and flavors by name. A resource without an ID (never created), one the\n\
   list does not have, and one whose kind ORC cannot import (a RouterInterface) are reported (ORC011); a group's\n\
   members import the rows of the group's nested stack by their index (`0`, `1`, …); rules and\n\
   attachments folded into their group or server stay as Neutron and Cinder have them. A nested stack's resources\n\
   import the rows of that nested stack, which Heat names `<parent stack>-<resource>-<short id>` (a group's\n\
   member's, `<group stack>-<index>-<short id>`). `kubectl apply -f handover.yaml` and wait for every object to be\n\
   `Available`.\n\
4. `openstack stack delete --wait STACK`: Heat leaves every retained resource, and every nested stack with its\n\
   parent resource. Where `heat.conf` has `enable_stack_abandon = True`, `openstack stack abandon STACK` does steps\n\
   2 and 4 at once.\n\n\
The imported objects are unmanaged: ORC reads them and lets other objects refer to them, but changes and deletes\n\
nothing. Taking one under management later is ORC's own business (a managed object with the same resource\n\
adopts it).\n\n\
## What is reported\n\n\
| code | name | severity |\n| --- | --- | --- |\n",
    );
    for code in Code::ALL {
        out.push_str(&format!(
            "| {} | {} | {} |\n",
            code.as_str(),
            code.name(),
            code.severity().as_str()
        ));
    }
    out.push_str(
        "\nThe exit code is 0 when the whole stack was exported, 1 when anything was reported, 2 for usage or read\n\
errors. An object ORC's schema refuses is left out (ORC005) and never printed; an object referring to a left-out\n\
object is left out too, and so is what refers to it in turn (ORC010): the output never names an object it lacks.\n\n\
## Limits\n\n\
Input size and nesting are those of `heatwise lint`. Evaluation follows values at most 64 levels deep and makes at\n\
most 262,144 values per stack, and the environment files at most 65,536 values in all (a value beyond either\n\
limit is reported as too large to evaluate); at most 1,000 findings are reported.\n\n\
## The mapping\n\n\
Every Heat type not listed has no ORC object (ORC001): Heat's own types (`OS::Heat::*`), load balancers, DNS,\n\
object storage and other services ORC v2.6.0 has no kind for. Nested stacks are expanded (above).\n",
    );
    for mapping in MAPPINGS {
        out.push_str(&format!("\n### {}\n\n", mapping.heat_type));
        let kind = mapping
            .kind
            .map_or("(folded)".to_owned(), |k| k.as_str().to_owned());
        out.push_str(&format!("{kind}: {}.\n\n", mapping.summary));
        out.push_str("| property | ORC field | note |\n| --- | --- | --- |\n");
        for property in mapping.properties {
            let field = property.field.map_or("—".to_owned(), |f| format!("`{f}`"));
            out.push_str(&format!(
                "| `{}` | {field} | {} |\n",
                property.property, property.note
            ));
        }
    }
    out
}

#[test]
fn docs_are_generated_from_the_table() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/orc.md");
    heatwise_test_support::assert_snapshot(&path, &doc());
}

#[test]
fn the_table_names_every_property_heat_has() {
    let catalog = Catalog::builtin();
    for mapping in MAPPINGS {
        let resource_type = catalog
            .resource_type(mapping.heat_type)
            .unwrap_or_else(|| panic!("{} is not in the catalog", mapping.heat_type));
        for property in resource_type.properties() {
            let name = property.name();
            assert!(
                mapping.properties.iter().any(|p| p.property == name),
                "{}: the property {name} is not in the table",
                mapping.heat_type
            );
        }
        for listed in mapping.properties {
            assert!(
                resource_type.property(listed.property).is_some(),
                "{}: the table lists {}, which Heat does not have",
                mapping.heat_type,
                listed.property
            );
        }
    }
}
