//! Where ORC shows what Heat gives as a resource's attribute. A value read
//! with `get_attr` is known only once the resource is made, and ORC cannot
//! put one object's status into another's spec; the finding that says so
//! names the status field of the object that will hold the value (ORC
//! v2.6.0's `<Kind>ResourceStatus`), so a user can read it there.

use heatwise_core::text::TextRange;

use super::Context;
use crate::manifest::Kind;

/// The status field of an object of `kind` holding Heat's attribute
/// `attribute` of the resource it was made from.
pub(crate) fn status_field(kind: Kind, attribute: &str) -> Option<&'static str> {
    let field = match (kind, attribute) {
        (_, "show") => "status.resource",
        (_, "name") => "status.resource.name",
        (_, "status") => "status.resource.status",
        (Kind::Port, "fixed_ips") => "status.resource.fixedIPs",
        (Kind::Port, "mac_address") => "status.resource.macAddress",
        (Kind::Port, "network_id") => "status.resource.networkID",
        (Kind::Port, "device_id") => "status.resource.deviceID",
        (Kind::Port, "device_owner") => "status.resource.deviceOwner",
        (Kind::Port, "security_groups") => "status.resource.securityGroups",
        (Kind::Port, "allowed_address_pairs") => "status.resource.allowedAddressPairs",
        (Kind::FloatingIP, "floating_ip_address") => "status.resource.floatingIP",
        (Kind::FloatingIP, "fixed_ip_address") => "status.resource.fixedIP",
        (Kind::FloatingIP, "port_id") => "status.resource.portID",
        (Kind::FloatingIP, "floating_network_id") => "status.resource.floatingNetworkID",
        (Kind::FloatingIP, "router_id") => "status.resource.routerID",
        // Nova's floating IP's attributes.
        (Kind::FloatingIP, "ip") => "status.resource.floatingIP",
        (Kind::FloatingIP, "pool") => "status.resource.floatingNetworkID",
        (
            Kind::Server,
            "first_address" | "networks" | "addresses" | "accessIPv4" | "accessIPv6",
        ) => "status.resource.interfaces",
        (Kind::Server, "instance_name" | "console_urls") => return None,
        (Kind::Network, "subnets") => "status.resource.subnets",
        (Kind::Network, "mtu") => "status.resource.mtu",
        (Kind::Network, "admin_state_up") => "status.resource.adminStateUp",
        (Kind::Network, "port_security_enabled") => "status.resource.portSecurityEnabled",
        (Kind::Subnet, "cidr") => "status.resource.cidr",
        (Kind::Subnet, "gateway_ip") => "status.resource.gatewayIP",
        (Kind::Subnet, "allocation_pools") => "status.resource.allocationPools",
        (Kind::Subnet, "host_routes") => "status.resource.hostRoutes",
        (Kind::Subnet, "ip_version") => "status.resource.ipVersion",
        (Kind::Subnet, "network_id") => "status.resource.networkID",
        (Kind::Subnet, "dns_nameservers") => "status.resource.dnsNameservers",
        (Kind::Subnet, "enable_dhcp") => "status.resource.enableDHCP",
        (Kind::Router, "external_gateway_info") => "status.resource.externalGateways",
        (Kind::Router, "admin_state_up") => "status.resource.adminStateUp",
        (Kind::Volume, "size") => "status.resource.size",
        (Kind::Volume, "attachments" | "attachments_list") => "status.resource.attachments",
        (Kind::Volume, "bootable") => "status.resource.bootable",
        (Kind::Volume, "metadata" | "metadata_values") => "status.resource.metadata",
        (Kind::Volume, "availability_zone") => "status.resource.availabilityZone",
        (Kind::Volume, "volume_type") => "status.resource.volumeType",
        (Kind::KeyPair, "public_key") => "status.resource.publicKey",
        _ => return None,
    };
    Some(field)
}

impl Context<'_, '_> {
    /// What a finding at `range` adds when `range` is a `get_attr` of a
    /// resource with an object: the status field ORC shows the value in.
    pub(super) fn status_hint(&self, range: TextRange) -> Option<String> {
        let template = self.template;
        let tree = template.tree();
        let reference = template
            .attribute_refs()
            .find(|r| tree.range(r.call.call) == range)?;
        let resource = reference.resource_name(tree)?;
        let attribute = reference.attribute_name(tree)?;
        let (kind, name) = self.object_of(resource)?;
        if kind == Kind::KeyPair && attribute == "private_key" {
            return Some(format!(
                "; ORC keeps no private key it makes: give the KeyPair {name} a public_key of yours"
            ));
        }
        let field = status_field(kind, attribute)?;
        Some(format!(
            "; once ORC has made it, the {} {name} shows it in {field}",
            kind.as_str()
        ))
    }
}
