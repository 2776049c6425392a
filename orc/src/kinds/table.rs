//! The mapping table: each Heat type with an ORC kind, and each of its
//! properties with the ORC field it becomes or why it cannot. The export
//! takes properties by this table (taking one it says is not carried over
//! is a bug, caught in tests), reports the rest with the reason given
//! here, and `docs/orc.md` is generated from it.

mod identity;

use crate::manifest::Kind;

/// How one property is carried over.
#[derive(Debug)]
pub struct PropertyMapping {
    pub property: &'static str,
    /// The ORC field it becomes (with how), or `None` when it has none.
    pub field: Option<&'static str>,
    /// Why not, or how the meaning is kept.
    pub note: &'static str,
    /// For a property copied as it is to `field` (a path from the
    /// object's `spec`), how its value is converted; `None` where the
    /// kind's own code writes it.
    pub copy: Option<Conv>,
}

/// How a property copied as it is becomes its field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conv {
    /// A string; numbers and booleans as Python's `str()` writes them.
    Str,
    Int,
    /// A boolean, read as Heat reads one (`"yes"`, `1`, ...).
    Bool,
    /// A list of strings.
    Strings,
}

#[derive(Debug)]
pub struct TypeMapping {
    pub heat_type: &'static str,
    /// The kind it becomes; `None` when it folds into another object.
    pub kind: Option<Kind>,
    /// What happens to the resource as a whole.
    pub summary: &'static str,
    pub properties: &'static [PropertyMapping],
}

const fn to(property: &'static str, field: &'static str, note: &'static str) -> PropertyMapping {
    PropertyMapping {
        property,
        field: Some(field),
        note,
        copy: None,
    }
}

/// A property copied as it is, converted by `conv`.
const fn copy(
    property: &'static str,
    conv: Conv,
    field: &'static str,
    note: &'static str,
) -> PropertyMapping {
    PropertyMapping {
        property,
        field: Some(field),
        note,
        copy: Some(conv),
    }
}

const fn no(property: &'static str, note: &'static str) -> PropertyMapping {
    PropertyMapping {
        property,
        field: None,
        note,
        copy: None,
    }
}

const REF: &str = "get_resource gives the object's name; a name or ID, an imported object";
const DOMAIN: &str = "as a reference; `default` (Heat's default, Keystone's default domain) is left out, so Keystone takes the credentials' domain";
const ROLES: &str = "ORC v2.6.0 has no role assignments";
const PROJECT: &str = "ORC takes the project from the credentials; an object in another project needs its own credentials";

pub const MAPPINGS: &[TypeMapping] = &[
    TypeMapping {
        heat_type: "OS::Neutron::Net",
        kind: Some(Kind::Network),
        summary: "a Network",
        properties: &[
            copy("name", Conv::Str, "resource.name", ""),
            copy("admin_state_up", Conv::Bool, "resource.adminStateUp", ""),
            copy("shared", Conv::Bool, "resource.shared", ""),
            copy("port_security_enabled", Conv::Bool, "resource.portSecurityEnabled", ""),
            copy("dns_domain", Conv::Str, "resource.dnsDomain", ""),
            copy("tags", Conv::Strings, "resource.tags", ""),
            copy("availability_zone_hints", Conv::Strings, "resource.availabilityZoneHints", ""),
            no("tenant_id", PROJECT),
            no("value_specs", "ORC v2.6.0 takes no extra Neutron fields"),
            no("qos_policy", "ORC has no QoS policy kind"),
            no("dhcp_agent_ids", "ORC does not schedule DHCP agents"),
        ],
    },
    TypeMapping {
        heat_type: "OS::Neutron::ProviderNet",
        kind: Some(Kind::Network),
        summary: "a Network (without its provider attributes)",
        properties: &[
            copy("name", Conv::Str, "resource.name", ""),
            copy("admin_state_up", Conv::Bool, "resource.adminStateUp", ""),
            copy("shared", Conv::Bool, "resource.shared", ""),
            copy("port_security_enabled", Conv::Bool, "resource.portSecurityEnabled", ""),
            copy("dns_domain", Conv::Str, "resource.dnsDomain", ""),
            copy("tags", Conv::Strings, "resource.tags", ""),
            copy("availability_zone_hints", Conv::Strings, "resource.availabilityZoneHints", ""),
            copy("router_external", Conv::Bool, "resource.external", ""),
            no("network_type", "ORC v2.6.0 cannot set a network's provider type"),
            no("physical_network", "ORC v2.6.0 cannot set a network's physical network"),
            no("segmentation_id", "ORC v2.6.0 cannot set a network's segmentation ID"),
            no("tenant_id", PROJECT),
        ],
    },
    TypeMapping {
        heat_type: "OS::Neutron::Subnet",
        kind: Some(Kind::Subnet),
        summary: "a Subnet; `ipVersion` always written (ORC requires it, Heat's default is 4)",
        properties: &[
            to("network", "resource.networkRef", REF),
            to("network_id", "resource.networkRef", "the hidden name of network"),
            copy("cidr", Conv::Str, "resource.cidr", "required by ORC"),
            to("ip_version", "resource.ipVersion", "4 when not given, as in Heat"),
            copy("name", Conv::Str, "resource.name", ""),
            copy("tags", Conv::Strings, "resource.tags", ""),
            to("allocation_pools", "resource.allocationPools", "`{start, end}`"),
            copy("dns_nameservers", Conv::Strings, "resource.dnsNameservers", ""),
            copy("enable_dhcp", Conv::Bool, "resource.enableDHCP", ""),
            to("gateway_ip", "resource.gateway", "an address: `{type: IP, ip}`; null or empty: `{type: None}`; not given: Neutron's automatic gateway"),
            to("host_routes", "resource.hostRoutes", "`nexthop` becomes `nextHop`"),
            copy("ipv6_address_mode", Conv::Str, "resource.ipv6.addressMode", ""),
            copy("ipv6_ra_mode", Conv::Str, "resource.ipv6.raMode", ""),
            no("tenant_id", PROJECT),
            no("subnetpool", "ORC v2.6.0 has no subnet pools: give the cidr"),
            no("prefixlen", "ORC v2.6.0 has no subnet pools: give the cidr"),
            no("segment", "ORC v2.6.0 has no network segments"),
            no("value_specs", "ORC v2.6.0 takes no extra Neutron fields"),
        ],
    },
    TypeMapping {
        heat_type: "OS::Neutron::Router",
        kind: Some(Kind::Router),
        summary: "a Router",
        properties: &[
            copy("name", Conv::Str, "resource.name", ""),
            copy("admin_state_up", Conv::Bool, "resource.adminStateUp", ""),
            copy("distributed", Conv::Bool, "resource.distributed", ""),
            copy("tags", Conv::Strings, "resource.tags", ""),
            copy("availability_zone_hints", Conv::Strings, "resource.availabilityZoneHints", ""),
            to("external_gateway_info", "resource.externalGateways[0].networkRef", "the network; an external network named or given by ID is imported with the filter `external: true`. `enable_snat: true` is Neutron's default and kept; `enable_snat: false` and `external_fixed_ips` have no ORC field"),
            no("ha", "ORC v2.6.0 cannot ask for a highly available router"),
            no("l3_agent_ids", "ORC does not schedule L3 agents"),
            no("l3_agent_id", "ORC does not schedule L3 agents"),
            no("tenant_id", PROJECT),
            no("value_specs", "ORC v2.6.0 takes no extra Neutron fields"),
        ],
    },
    TypeMapping {
        heat_type: "OS::Neutron::RouterInterface",
        kind: Some(Kind::RouterInterface),
        summary: "a RouterInterface of type Subnet (no credentials: ORC's RouterInterface has none)",
        properties: &[
            to("router", "routerRef", REF),
            to("router_id", "routerRef", "the hidden name of router"),
            to("subnet", "subnetRef", REF),
            to("subnet_id", "subnetRef", "the hidden name of subnet"),
            no("port", "ORC v2.6.0 attaches routers to subnets only, not to ports"),
            no("port_id", "ORC v2.6.0 attaches routers to subnets only, not to ports"),
        ],
    },
    TypeMapping {
        heat_type: "OS::Neutron::Port",
        kind: Some(Kind::Port),
        summary: "a Port. Without `fixed_ips`, an address on the network's subnet (Heat's port gets one; ORC's would not); without `security_groups`, the project's `default` group, imported (Heat's port gets it; ORC's would have none)",
        properties: &[
            to("network", "resource.networkRef", REF),
            to("network_id", "resource.networkRef", "the hidden name of network"),
            copy("name", Conv::Str, "resource.name", ""),
            to("fixed_ips", "resource.addresses", "`{subnetRef, ip}`; an entry without a subnet takes the network's only subnet"),
            to("no_fixed_ips", "resource.addresses", "true: no addresses, as in ORC"),
            to("security_groups", "resource.securityGroupRefs", REF),
            to("allowed_address_pairs", "resource.allowedAddressPairs", "`{ip, mac}`"),
            copy("admin_state_up", Conv::Bool, "resource.adminStateUp", ""),
            copy("mac_address", Conv::Str, "resource.macAddress", ""),
            copy("binding:vnic_type", Conv::Str, "resource.vnicType", ""),
            to("port_security_enabled", "resource.portSecurity", "`Enabled` or `Disabled`"),
            no("propagate_uplink_status", "ORC v2.6.0 has no uplink status propagation"),
            copy("tags", Conv::Strings, "resource.tags", ""),
            no("qos_policy", "ORC has no QoS policy kind"),
            no("dns_name", "ORC v2.6.0 has no port DNS name"),
            no("device_id", "ORC sets a port's device by attaching it to a Server"),
            no("device_owner", "ORC sets a port's device by attaching it to a Server"),
            no("replacement_policy", "ORC objects are not replaced on update"),
            no("value_specs", "ORC v2.6.0 takes no extra Neutron fields"),
        ],
    },
    TypeMapping {
        heat_type: "OS::Neutron::SecurityGroup",
        kind: Some(Kind::SecurityGroup),
        summary: "a SecurityGroup; when no rule is an egress rule, Neutron's default egress rules (IPv4 and IPv6, any) are written, since Heat keeps them and ORC would delete them",
        properties: &[
            copy("name", Conv::Str, "resource.name", ""),
            copy("description", Conv::Str, "resource.description", ""),
            copy("stateful", Conv::Bool, "resource.stateful", ""),
            to("rules", "resource.rules", "`direction` (ingress by default), `ethertype` (IPv4 by default) always written, `protocol` by name (numbers 1, 6, 17, 58 named), `port_range_min`/`max` as `portRange` (none for 1–65535, which Neutron stores as no range), `remote_ip_prefix` as `remoteIPPrefix`; a rule with a remote group has no ORC field"),
        ],
    },
    TypeMapping {
        heat_type: "OS::Neutron::SecurityGroupRule",
        kind: None,
        summary: "folded into its group's `rules` (the group must be in the template)",
        properties: &[
            to("security_group", "(the group)", "get_resource of the group"),
            to("direction", "rules[].direction", ""),
            to("ethertype", "rules[].ethertype", ""),
            to("protocol", "rules[].protocol", ""),
            to("port_range_min", "rules[].portRange.min", ""),
            to("port_range_max", "rules[].portRange.max", ""),
            to("remote_ip_prefix", "rules[].remoteIPPrefix", "as Neutron keeps it (netaddr's spelling), which ORC matches its rules by"),
            to("description", "rules[].description", ""),
            no("remote_group", "ORC v2.6.0 has no remote group in rules"),
        ],
    },
    TypeMapping {
        heat_type: "OS::Neutron::FloatingIP",
        kind: Some(Kind::FloatingIP),
        summary: "a FloatingIP",
        properties: &[
            to("floating_network", "resource.floatingNetworkRef", "an external network named or given by ID is imported with `external: true`"),
            to("floating_network_id", "resource.floatingNetworkRef", "the hidden name of floating_network"),
            to("floating_subnet", "resource.floatingSubnetRef", "written instead of the network: ORC takes exactly one"),
            to("port_id", "resource.portRef", REF),
            copy("fixed_ip_address", Conv::Str, "resource.fixedIP", ""),
            copy("floating_ip_address", Conv::Str, "resource.floatingIP", ""),
            no("dns_name", "ORC v2.6.0 has no floating IP DNS name"),
            no("dns_domain", "ORC v2.6.0 has no floating IP DNS domain"),
            no("value_specs", "ORC v2.6.0 takes no extra Neutron fields"),
        ],
    },
    TypeMapping {
        heat_type: "OS::Neutron::FloatingIPAssociation",
        kind: None,
        summary: "folded into the FloatingIP's `portRef` and `fixedIP` (the floating IP must be in the template)",
        properties: &[
            to("floatingip_id", "(the FloatingIP)", "get_resource of the floating IP"),
            to("port_id", "portRef", REF),
            to("fixed_ip_address", "fixedIP", ""),
        ],
    },
    TypeMapping {
        heat_type: "OS::Nova::FloatingIP",
        kind: Some(Kind::FloatingIP),
        summary: "a FloatingIP (Heat allocates Nova's floating IPs through Neutron)",
        properties: &[
            to("pool", "resource.floatingNetworkRef", "the external network named or given by ID, imported with `external: true`; without a pool, the one external network there is (`import.filter.external: true`), as Heat takes it"),
        ],
    },
    TypeMapping {
        heat_type: "OS::Nova::FloatingIPAssociation",
        kind: None,
        summary: "folded into the FloatingIP's `portRef` and `fixedIP` (the floating IP and the server must be in the template)",
        properties: &[
            to("floating_ip", "(the FloatingIP)", "get_resource of the floating IP"),
            to("server_id", "portRef", "the server's first port, the interface Heat associates the floating IP with, and its first IPv4 address as `fixedIP` where the port's object gives it"),
        ],
    },
    TypeMapping {
        heat_type: "OS::Nova::Server",
        kind: Some(Kind::Server),
        summary: "a Server, with a Port for each `networks` entry that names a network rather than a port, and a Secret for RAW user data",
        properties: &[
            copy("name", Conv::Str, "resource.name", ""),
            to("image", "resource.imageRef", REF),
            to("flavor", "resource.flavorRef", REF),
            to("key_name", "resource.keypairRef", REF),
            to("networks", "resource.ports", "`port`: its Port; `network`/`subnet`/`fixed_ip`: a new Port `<server>-port-<n>` with the server's security groups; `floating_ip`: the FloatingIP's `portRef`"),
            to("security_groups", "(the new ports' securityGroupRefs)", "the project's `default` group when not given, as Nova does"),
            to("user_data", "resource.userData.secretRef", "a Secret `<server>-user-data` with the key `value`; with `user_data_format: RAW`, a HEAT_CFNTOOLS script, or SOFTWARE_CONFIG data without Heat's agents' parts; `get_resource` of an `OS::Heat::SoftwareConfig` gives its `config` text, as Heat passes it to Nova"),
            to("user_data_format", "(user data)", "RAW keeps its meaning; Heat wraps the other formats with its own agents' parts, which ORC009 reports"),
            to("metadata", "resource.metadata", "`{key, value}`, values as text"),
            copy("availability_zone", Conv::Str, "resource.availabilityZone", ""),
            copy("config_drive", Conv::Bool, "resource.configDrive", ""),
            copy("tags", Conv::Strings, "resource.tags", ""),
            to("scheduler_hints", "resource.serverGroupRef", "`group` only"),
            to("block_device_mapping_v2", "resource.volumes", "volumes attached by `volume_id` (not booted from)"),
            to("block_device_mapping", "resource.volumes", "volumes attached by `volume_id` (not booted from)"),
            no("admin_pass", "ORC v2.6.0 cannot set the administrator password"),
            no("admin_user", "ORC v2.6.0 cannot set the administrator user"),
            no("personality", "ORC v2.6.0 has no file injection"),
            no("diskConfig", "ORC v2.6.0 has no disk configuration"),
            no("reservation_id", "ORC v2.6.0 has no reservations"),
            no("software_config_transport", "software configuration is Heat's own"),
            no("deployment_swift_data", "software deployments are Heat's own"),
            no("flavor_update_policy", "ORC does not resize servers: the flavor is immutable"),
            no("image_update_policy", "ORC does not rebuild servers: the image is immutable"),
            no("user_data_update_policy", "ORC's user data is immutable"),
        ],
    },
    TypeMapping {
        heat_type: "OS::Nova::ServerGroup",
        kind: Some(Kind::ServerGroup),
        summary: "a ServerGroup",
        properties: &[
            copy("name", Conv::Str, "resource.name", ""),
            to("policies", "resource.policy", "the one policy of the list"),
            to("rules", "resource.rules.maxServerPerHost", "`max_server_per_host`"),
            no("rule", "ORC v2.6.0 takes only the rules map's max_server_per_host"),
        ],
    },
    TypeMapping {
        heat_type: "OS::Nova::KeyPair",
        kind: Some(Kind::KeyPair),
        summary: "a KeyPair (with its public key: ORC cannot generate one)",
        properties: &[
            copy("name", Conv::Str, "resource.name", ""),
            copy("public_key", Conv::Str, "resource.publicKey", "required by ORC"),
            copy("type", Conv::Str, "resource.type", ""),
            no("save_private_key", "ORC cannot generate a key pair"),
            no("user", "ORC v2.6.0 cannot make a key pair for another user"),
        ],
    },
    TypeMapping {
        heat_type: "OS::Nova::Flavor",
        kind: Some(Kind::Flavor),
        summary: "a Flavor; `disk` always written (ORC requires it, Heat's default is 0)",
        properties: &[
            copy("name", Conv::Str, "resource.name", ""),
            copy("ram", Conv::Int, "resource.ram", ""),
            copy("vcpus", Conv::Int, "resource.vcpus", ""),
            copy("disk", Conv::Int, "resource.disk", "0 when not given, as in Heat"),
            copy("swap", Conv::Int, "resource.swap", ""),
            copy("ephemeral", Conv::Int, "resource.ephemeral", ""),
            copy("is_public", Conv::Bool, "resource.isPublic", ""),
            copy("flavorid", Conv::Str, "resource.id", ""),
            no("extra_specs", "ORC v2.6.0 has no flavor extra specs"),
            no("rxtx_factor", "ORC v2.6.0 has no RX/TX factor"),
            no("tenants", "ORC v2.6.0 has no flavor access lists"),
        ],
    },
    TypeMapping {
        heat_type: "OS::Cinder::Volume",
        kind: Some(Kind::Volume),
        summary: "a Volume",
        properties: &[
            copy("size", Conv::Int, "resource.size", "required by ORC"),
            copy("name", Conv::Str, "resource.name", ""),
            copy("description", Conv::Str, "resource.description", ""),
            copy("availability_zone", Conv::Str, "resource.availabilityZone", ""),
            to("metadata", "resource.metadata", "`{name, value}`, values as text"),
            to("volume_type", "resource.volumeTypeRef", REF),
            to("image", "resource.imageRef", REF),
            to("imageRef", "resource.imageRef", "the hidden name of image"),
            no("snapshot_id", "ORC v2.6.0 cannot make a volume from a snapshot"),
            no("backup_id", "ORC v2.6.0 cannot restore a backup"),
            no("source_volid", "ORC v2.6.0 cannot clone a volume"),
            no("scheduler_hints", "ORC v2.6.0 has no volume scheduler hints"),
            no("read_only", "ORC v2.6.0 has no read-only volumes"),
            no("multiattach", "ORC v2.6.0 has no multi-attach volumes"),
        ],
    },
    TypeMapping {
        heat_type: "OS::Cinder::VolumeAttachment",
        kind: None,
        summary: "folded into the server's `volumes` (the server must be in the template)",
        properties: &[
            to("instance_uuid", "(the Server)", "get_resource of the server"),
            to("volume_id", "volumes[].volumeRef", REF),
            to("mountpoint", "volumes[].device", ""),
        ],
    },
    TypeMapping {
        heat_type: "OS::Cinder::VolumeType",
        kind: Some(Kind::VolumeType),
        summary: "a VolumeType",
        properties: &[
            copy("name", Conv::Str, "resource.name", ""),
            copy("description", Conv::Str, "resource.description", ""),
            copy("is_public", Conv::Bool, "resource.isPublic", ""),
            to("metadata", "resource.extraSpecs", "`{name, value}`"),
            no("projects", "ORC v2.6.0 has no volume type access lists"),
        ],
    },
    TypeMapping {
        heat_type: "OS::Glance::WebImage",
        kind: Some(Kind::Image),
        summary: "an Image downloaded from its location",
        properties: &[
            copy("name", Conv::Str, "resource.name", ""),
            copy("location", Conv::Str, "resource.content.download.url", ""),
            copy("disk_format", Conv::Str, "resource.content.diskFormat", ""),
            copy("container_format", Conv::Str, "resource.content.containerFormat", ""),
            copy("protected", Conv::Bool, "resource.protected", ""),
            copy("visibility", Conv::Str, "resource.visibility", "`private` when not given, Heat's default (Glance's would be `shared`)"),
            copy("tags", Conv::Strings, "resource.tags", ""),
            to("architecture", "resource.properties.architecture", ""),
            to("os_distro", "resource.properties.operatingSystem.distro", ""),
            copy("os_version", Conv::Str, "resource.properties.operatingSystem.version", ""),
            to("min_disk", "resource.properties.minDiskGB", "left out when 0 (ORC's minimum is 1; 0 means none)"),
            to("min_ram", "resource.properties.minMemoryMB", "left out when 0 (ORC's minimum is 1; 0 means none)"),
            to("active", "(none needed)", "true is ORC's behaviour; false has no ORC field"),
            no("id", "ORC v2.6.0 cannot choose an image's ID"),
            no("owner", "ORC takes the owner from the credentials"),
            no("kernel_id", "ORC v2.6.0 has no kernel image"),
            no("ramdisk_id", "ORC v2.6.0 has no ramdisk image"),
            no("extra_properties", "ORC v2.6.0 takes only its own image properties"),
            no("members", "ORC v2.6.0 has no image members"),
        ],
    },
    identity::DOMAIN_TYPE,
    identity::PROJECT_TYPE,
    identity::ROLE_TYPE,
    identity::GROUP_TYPE,
    identity::USER_TYPE,
    identity::SERVICE_TYPE,
    identity::ENDPOINT_TYPE,
    TypeMapping {
        heat_type: "OS::Neutron::Trunk",
        kind: Some(Kind::Trunk),
        summary: "a Trunk",
        properties: &[
            to("port", "resource.portRef", REF),
            copy("name", Conv::Str, "resource.name", ""),
            copy("description", Conv::Str, "resource.description", ""),
            copy("admin_state_up", Conv::Bool, "resource.adminStateUp", ""),
            to("sub_ports", "resource.subports", "`{portRef, segmentationType, segmentationID}`"),
        ],
    },
];

/// How a Heat type is exported, if it is.
pub fn mapping(heat_type: &str) -> Option<&'static TypeMapping> {
    MAPPINGS.iter().find(|m| m.heat_type == heat_type)
}

/// Why a type without a mapping has no ORC object.
pub fn unmapped_reason(heat_type: &str) -> String {
    let family = heat_type.split("::").take(2).collect::<Vec<_>>().join("::");
    if heat_type == "OS::Glance::Image" {
        return format!(
            "{heat_type} is not exported: Heat hides it; migrate it to OS::Glance::WebImage (heatwise fix --unsafe) and export again"
        );
    }
    if heat_type.ends_with("RoleAssignment") && family == "OS::Keystone" {
        return format!("{heat_type} has no ORC kind: ORC v2.6.0 has no role assignments");
    }
    let why = match family.as_str() {
        "OS::Heat" => "it is Heat's own (ORC has nothing like it)",
        "OS::Octavia" | "OS::Neutron"
            if heat_type.contains("LBaaS") || heat_type.starts_with("OS::Octavia") =>
        {
            "ORC v2.6.0 has no load balancer kinds"
        }
        "OS::Designate" => "ORC v2.6.0 has no DNS kinds",
        "OS::Swift" => "ORC v2.6.0 has no object storage kinds",
        "OS::Barbican" => "ORC v2.6.0 has no secret store kinds",
        "OS::Magnum" | "OS::Sahara" | "OS::Trove" | "OS::Mistral" | "OS::Zaqar" | "OS::Aodh"
        | "OS::Manila" | "OS::Zun" | "OS::Senlin" | "OS::Monasca" | "OS::Blazar" | "OS::Ironic"
        | "OS::Vitrage" | "OS::Tacker" => "ORC v2.6.0 has no kind for this service",
        _ if heat_type.starts_with("AWS::") => {
            "it is a CloudFormation-compatible type; ORC has no kind for it"
        }
        _ if heatwise_core::stack::registry::is_template_name(heat_type)
            || heat_type.contains('/') =>
        {
            "it is a nested stack; export that template on its own"
        }
        _ if !heat_type.contains("::") => "it is a nested stack; export that template on its own",
        _ => "ORC v2.6.0 has no kind for it",
    };
    format!("{heat_type} has no ORC kind: {why}")
}
