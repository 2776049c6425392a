use crate::catalog::Catalog;
use crate::fix::Applicability;
use crate::lint::rules::test_support::{check, finds, fixes_unsafely};
use crate::lint::{lint, LintOptions, Rule};

fn fix_title(text: &str, rule: Rule) -> (Applicability, String) {
    let found = lint(text, &LintOptions::new(Catalog::builtin()));
    let fix = found
        .iter()
        .find(|d| d.rule == rule)
        .and_then(|d| d.fix.clone())
        .expect("a fix");
    (fix.applicability, fix.title)
}

#[test]
fn lbaas_v2_becomes_octavia() {
    check(
        Rule::PlaceholderResourceType,
        &[
            fixes_unsafely(
                "heat_template_version: 2018-08-31\nresources:\n  lb:\n    type: OS::Neutron::LBaaS::LoadBalancer # the VIP\n    properties: {vip_subnet: private, vip_address: 10.0.0.9}\n  listener:\n    type: OS::Neutron::LBaaS::Listener\n    properties: {loadbalancer: {get_resource: lb}, protocol: HTTP, protocol_port: 80}\n",
                2,
                "heat_template_version: 2018-08-31\nresources:\n  lb:\n    type: OS::Octavia::LoadBalancer # the VIP\n    properties: {vip_subnet: private, vip_address: 10.0.0.9}\n  listener:\n    type: OS::Octavia::Listener\n    properties: {loadbalancer: {get_resource: lb}, protocol: HTTP, protocol_port: 80}\n",
            ),
            // A member's address is read from `show`; its pool_id is the pool.
            fixes_unsafely(
                "heat_template_version: 2018-08-31\nresources:\n  pool: {type: OS::Octavia::Pool, properties: {lb_algorithm: ROUND_ROBIN, protocol: HTTP, listener: l}}\n  m:\n    type: OS::Neutron::LBaaS::PoolMember\n    properties: {pool: {get_resource: pool}, address: 10.0.0.5, protocol_port: 80, subnet: s}\noutputs:\n  a: {value: {get_attr: [m, address]}}\n  p:\n    value:\n      get_attr: [m, pool_id]\n",
                1,
                "heat_template_version: 2018-08-31\nresources:\n  pool: {type: OS::Octavia::Pool, properties: {lb_algorithm: ROUND_ROBIN, protocol: HTTP, listener: l}}\n  m:\n    type: OS::Octavia::PoolMember\n    properties: {pool: {get_resource: pool}, address: 10.0.0.5, protocol_port: 80, subnet: s}\noutputs:\n  a: {value: {get_attr: [m, show, address]}}\n  p:\n    value:\n      get_resource: pool\n",
            ),
            // A listener without its load balancer: Octavia requires one.
            finds(
                "heat_template_version: 2018-08-31\nresources:\n  listener:\n    type: OS::Neutron::LBaaS::Listener\n    properties: {protocol: HTTP, protocol_port: 80}\n",
                1,
            ),
        ],
    );
    let (applicability, title) = fix_title(
        "heat_template_version: 2018-08-31\nresources:\n  listener:\n    type: OS::Neutron::LBaaS::Listener\n    properties: {protocol: HTTP, protocol_port: 80}\n",
        Rule::PlaceholderResourceType,
    );
    assert_eq!(applicability, Applicability::DisplayOnly);
    assert!(
        title.starts_with("`OS::Octavia::Listener` requires `loadbalancer`"),
        "{title}"
    );
}

#[test]
fn nova_floating_ips_become_neutron_ones() {
    check(
        Rule::HiddenResourceType,
        &[
            fixes_unsafely(
                "heat_template_version: 2016-10-14\nresources:\n  fip:\n    type: OS::Nova::FloatingIP\n    properties:\n      pool: public # the external network\noutputs:\n  ip: {value: {get_attr: [fip, ip]}}\n  net: {value: {get_attr: [fip, pool]}}\n",
                1,
                "heat_template_version: 2016-10-14\nresources:\n  fip:\n    type: OS::Neutron::FloatingIP\n    properties:\n      floating_network: public # the external network\noutputs:\n  ip: {value: {get_attr: [fip, floating_ip_address]}}\n  net: {value: {get_attr: [fip, floating_network_id]}}\n",
            ),
            // No pool: Heat used the only external network, which the
            // template does not name.
            finds(
                "heat_template_version: 2016-10-14\nresources:\n  fip: {type: OS::Nova::FloatingIP}\n",
                1,
            ),
            // The server's one network entry has a port: a Neutron
            // association on it.
            fixes_unsafely(
                "heat_template_version: 2016-10-14\nresources:\n  port: {type: OS::Neutron::Port, properties: {network: private}}\n  server:\n    type: OS::Nova::Server\n    properties:\n      image: cirros\n      flavor: m1.tiny\n      networks:\n        - port: {get_resource: port}\n  assoc:\n    type: OS::Nova::FloatingIPAssociation\n    properties:\n      floating_ip: abc\n      server_id: {get_resource: server}\n",
                1,
                "heat_template_version: 2016-10-14\nresources:\n  port: {type: OS::Neutron::Port, properties: {network: private}}\n  server:\n    type: OS::Nova::Server\n    properties:\n      image: cirros\n      flavor: m1.tiny\n      networks:\n        - port: {get_resource: port}\n  assoc:\n    type: OS::Neutron::FloatingIPAssociation\n    properties:\n      floatingip_id: abc\n      port_id: {get_resource: port}\n",
            ),
            // No port: the entry's own floating_ip, and the association goes.
            fixes_unsafely(
                "heat_template_version: 2016-10-14\nresources:\n  server:\n    type: OS::Nova::Server\n    properties:\n      image: cirros\n      flavor: m1.tiny\n      networks:\n        - network: private\n  assoc:\n    type: OS::Nova::FloatingIPAssociation\n    properties:\n      floating_ip: abc\n      server_id: {get_resource: server}\n",
                1,
                "heat_template_version: 2016-10-14\nresources:\n  server:\n    type: OS::Nova::Server\n    properties:\n      image: cirros\n      flavor: m1.tiny\n      networks:\n        - network: private\n          floating_ip: abc\n",
            ),
            // Two network entries: which was first is the server's to say.
            finds(
                "heat_template_version: 2016-10-14\nresources:\n  server:\n    type: OS::Nova::Server\n    properties:\n      image: cirros\n      flavor: m1.tiny\n      networks: [{network: a}, {network: b}]\n  assoc:\n    type: OS::Nova::FloatingIPAssociation\n    properties: {floating_ip: abc, server_id: {get_resource: server}}\n",
                1,
            ),
        ],
    );
}

#[test]
fn a_router_gateway_moves_into_its_router() {
    check(
        Rule::HiddenResourceType,
        &[
            fixes_unsafely(
                "heat_template_version: 2016-10-14\nresources:\n  router:\n    type: OS::Neutron::Router\n    properties:\n      name: edge\n  gateway:\n    type: OS::Neutron::RouterGateway\n    properties:\n      router_id: {get_resource: router}\n      network: public\n  interface:\n    type: OS::Neutron::RouterInterface\n    depends_on: gateway\n    properties: {router: {get_resource: router}, subnet: s}\n",
                1,
                "heat_template_version: 2016-10-14\nresources:\n  router:\n    type: OS::Neutron::Router\n    properties:\n      name: edge\n      external_gateway_info:\n        network: public\n  interface:\n    type: OS::Neutron::RouterInterface\n    depends_on: router\n    properties: {router: {get_resource: router}, subnet: s}\n",
            ),
            // A router without properties gets them.
            fixes_unsafely(
                "heat_template_version: 2016-10-14\nresources:\n  router:\n    type: OS::Neutron::Router\n  gateway:\n    type: OS::Neutron::RouterGateway\n    properties: {router_id: {get_resource: router}, network: public}\n",
                1,
                "heat_template_version: 2016-10-14\nresources:\n  router:\n    type: OS::Neutron::Router\n    properties:\n      external_gateway_info:\n        network: public\n",
            ),
            // A router from elsewhere: advice.
            finds(
                "heat_template_version: 2016-10-14\nresources:\n  gateway:\n    type: OS::Neutron::RouterGateway\n    properties: {router_id: r-123, network: public}\n",
                1,
            ),
        ],
    );
}

#[test]
fn lbaas_v1_is_rebuilt_pool_by_pool() {
    // One fix for the pool, its member and its monitor, offered on each.
    let text = "heat_template_version: 2015-04-30\nresources:\n  m: {type: OS::Neutron::HealthMonitor, properties: {type: TCP, delay: 5, max_retries: 3, timeout: 5}}\n  p:\n    type: OS::Neutron::Pool\n    properties: {protocol: TCP, subnet: s, lb_method: ROUND_ROBIN, monitors: [{get_resource: m}], vip: {protocol_port: 22}}\n  a: {type: OS::Neutron::PoolMember, properties: {pool_id: {get_resource: p}, address: 10.0.0.1, protocol_port: 22}}\n";
    let found = lint(text, &LintOptions::new(Catalog::builtin()));
    let titles: Vec<&str> = found
        .iter()
        .filter(|d| d.rule == Rule::PlaceholderResourceType)
        .filter_map(|d| d.fix.as_ref())
        .map(|f| f.title.as_str())
        .collect();
    assert_eq!(titles.len(), 3);
    assert!(titles.iter().all(|t| *t == titles[0]), "{titles:?}");
    assert!(titles[0].starts_with("Rebuild LBaaS v1 pool `p` for Octavia: `p_loadbalancer`, `p_listener` and the pool, members `a`, monitors `m`"), "{}", titles[0]);
    check(
        Rule::PlaceholderResourceType,
        &[
            // A monitor two pools share: Octavia's serves one.
            finds(
                "heat_template_version: 2015-04-30\nresources:\n  m: {type: OS::Neutron::HealthMonitor, properties: {type: TCP, delay: 5, max_retries: 3, timeout: 5}}\n  p: {type: OS::Neutron::Pool, properties: {protocol: TCP, subnet: s, lb_method: ROUND_ROBIN, monitors: [{get_resource: m}], vip: {protocol_port: 22}}}\n  q: {type: OS::Neutron::Pool, properties: {protocol: TCP, subnet: s, lb_method: ROUND_ROBIN, monitors: [{get_resource: m}], vip: {protocol_port: 23}}}\n",
                3,
            ),
            // A member of a pool from elsewhere.
            finds(
                "heat_template_version: 2015-04-30\nresources:\n  a: {type: OS::Neutron::PoolMember, properties: {pool_id: abc, address: 10.0.0.1, protocol_port: 22}}\n",
                1,
            ),
            // The names the new resources take are taken.
            finds(
                "heat_template_version: 2015-04-30\nresources:\n  p: {type: OS::Neutron::Pool, properties: {protocol: TCP, subnet: s, lb_method: ROUND_ROBIN, vip: {protocol_port: 22}}}\n  p_listener: {type: OS::Heat::None}\n",
                1,
            ),
        ],
    );
    let (applicability, title) = fix_title(
        "heat_template_version: 2015-04-30\nresources:\n  lb: {type: OS::Neutron::LoadBalancer, properties: {pool_id: p, protocol_port: 80, members: [s1]}}\n",
        Rule::PlaceholderResourceType,
    );
    assert_eq!(applicability, Applicability::DisplayOnly);
    assert!(title.contains("OS::Octavia::PoolMember"), "{title}");
}
