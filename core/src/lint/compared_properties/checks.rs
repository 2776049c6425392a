//! Heat 27.0.1's own `validate()` checks that compare properties, as
//! data: each names the file of Heat's code it comes from.

use super::Check;
use super::Test::*;
use super::Within::*;

/// Heat 27.0.1's checks, by the file of its `validate()`.
pub(crate) const CHECKS: &[Check] = &[
    // aws/ec2/instance.py
    Check {
        within: Resource,
        types: &["AWS::EC2::Instance"],
        when: &[Truthy("SecurityGroups"), Truthy("NetworkInterfaces")],
        at: &["SecurityGroups"],
        message: "`SecurityGroups` and `NetworkInterfaces` cannot both be set (give the groups to \
            the network interfaces)",
    },
    Check {
        within: Resource,
        types: &["AWS::EC2::Instance"],
        when: &[Truthy("SecurityGroupIds"), Truthy("NetworkInterfaces")],
        at: &["SecurityGroupIds"],
        message: "`SecurityGroupIds` and `NetworkInterfaces` cannot both be set (give the groups \
            to the network interfaces)",
    },
    // aws/ec2/eip.py, ElasticIpAssociation
    Check {
        within: Resource,
        types: &["AWS::EC2::EIPAssociation"],
        when: &[Truthy("EIP"), Truthy("AllocationId")],
        at: &["AllocationId"],
        message: "give either `EIP` or `AllocationId`, not both",
    },
    Check {
        within: Resource,
        types: &["AWS::EC2::EIPAssociation"],
        when: &[Falsy("EIP"), Falsy("AllocationId")],
        at: &["InstanceId", "NetworkInterfaceId"],
        message: "either `EIP` or `AllocationId` must be given",
    },
    Check {
        within: Resource,
        types: &["AWS::EC2::EIPAssociation"],
        when: &[Truthy("EIP"), Falsy("InstanceId")],
        at: &["EIP"],
        message: "`EIP` needs `InstanceId`",
    },
    Check {
        within: Resource,
        types: &["AWS::EC2::EIPAssociation"],
        when: &[Falsy("InstanceId"), Falsy("NetworkInterfaceId")],
        at: &["AllocationId", "EIP"],
        message: "one of `InstanceId` and `NetworkInterfaceId` must be given",
    },
    // aws/autoscaling/scaling_policy.py, openstack/heat/scaling_policy.py
    Check {
        within: Resource,
        types: &["AWS::AutoScaling::ScalingPolicy"],
        when: &[
            IsNot("AdjustmentType", "PercentChangeInCapacity"),
            Set("MinAdjustmentStep"),
        ],
        at: &["MinAdjustmentStep"],
        message: "`MinAdjustmentStep` needs `AdjustmentType: PercentChangeInCapacity`",
    },
    Check {
        within: Resource,
        types: &["OS::Heat::ScalingPolicy"],
        when: &[
            IsNot("adjustment_type", "percent_change_in_capacity"),
            Set("min_adjustment_step"),
        ],
        at: &["min_adjustment_step"],
        message: "`min_adjustment_step` needs `adjustment_type: percent_change_in_capacity`",
    },
    // openstack/barbican/secret.py
    Check {
        within: Resource,
        types: &["OS::Barbican::Secret"],
        when: &[Truthy("payload_content_type"), Falsy("payload")],
        at: &["payload_content_type"],
        message: "`payload_content_type` needs `payload`",
    },
    Check {
        within: Resource,
        types: &["OS::Barbican::Secret"],
        when: &[
            Is("payload_content_type", "application/octet-stream"),
            Falsy("payload_content_encoding"),
        ],
        at: &["payload_content_type"],
        message:
            "`payload_content_type: application/octet-stream` needs `payload_content_encoding`",
    },
    Check {
        within: Resource,
        types: &["OS::Barbican::Secret"],
        when: &[
            Truthy("payload_content_encoding"),
            Falsy("payload_content_type"),
        ],
        at: &["payload_content_encoding"],
        message:
            "`payload_content_encoding` needs `payload_content_type: application/octet-stream`",
    },
    Check {
        within: Resource,
        types: &["OS::Barbican::Secret"],
        when: &[
            Truthy("payload_content_encoding"),
            Is("payload_content_type", "text/plain"),
        ],
        at: &["payload_content_encoding"],
        message:
            "`payload_content_encoding` needs `payload_content_type: application/octet-stream`",
    },
    // openstack/cinder/volume.py
    Check {
        within: Resource,
        types: &["OS::Cinder::Volume"],
        when: &[Truthy("image"), Truthy("imageRef")],
        at: &["imageRef"],
        message: "`image` and `imageRef` cannot both be set",
    },
    // openstack/glance/image.py, GlanceWebImage
    Check {
        within: Resource,
        types: &["OS::Glance::WebImage"],
        when: &[Truthy("members"), IsNot("visibility", "shared")],
        at: &["members"],
        message: "`members` needs `visibility: shared`",
    },
    Check {
        within: Resource,
        types: &["OS::Glance::WebImage"],
        when: &[
            OneOf("container_format", &["ami", "ari", "aki"]),
            Differs("disk_format", "container_format"),
        ],
        at: &["disk_format"],
        message: "with an `ami`, `ari` or `aki` container, `disk_format` must be the same",
    },
    // openstack/neutron/router.py
    Check {
        within: Resource,
        types: &["OS::Neutron::Router"],
        when: &[Truthy("distributed"), Truthy("l3_agent_ids")],
        at: &["l3_agent_ids", "l3_agent_id"],
        message: "a `distributed` router cannot name its L3 agents",
    },
    // `l3_agent_id` is translated into `l3_agent_ids` before validate().
    Check {
        within: Resource,
        types: &["OS::Neutron::Router"],
        when: &[Truthy("distributed"), Truthy("l3_agent_id")],
        at: &["l3_agent_id"],
        message: "a `distributed` router cannot name its L3 agents",
    },
    Check {
        within: Resource,
        types: &["OS::Neutron::Router"],
        when: &[Truthy("l3_agent_id"), Set("l3_agent_ids")],
        at: &["l3_agent_id"],
        message: "`l3_agent_id` and `l3_agent_ids` cannot both be set; keep `l3_agent_ids`",
    },
    Check {
        within: Resource,
        types: &["OS::Neutron::Router"],
        when: &[Truthy("ha"), Truthy("distributed")],
        at: &["ha"],
        message: "`ha` and `distributed` cannot both be true",
    },
    Check {
        within: Resource,
        types: &["OS::Neutron::Router"],
        when: &[Falsy("ha"), Longer("l3_agent_ids", 1)],
        at: &["l3_agent_ids"],
        message: "a router without `ha` can have only one L3 agent",
    },
    // openstack/mistral/cron_trigger.py
    Check {
        within: Resource,
        types: &["OS::Mistral::CronTrigger"],
        when: &[Falsy("pattern"), Falsy("first_time")],
        at: &["workflow"],
        message: "one of `pattern` and `first_time` must be given",
    },
    // openstack/octavia/pool.py
    Check {
        within: Resource,
        types: &["OS::Octavia::Pool"],
        when: &[Unset("listener"), Unset("loadbalancer")],
        at: &["lb_algorithm", "protocol"],
        message: "one of `listener` and `loadbalancer` must be given",
    },
    Check {
        within: Map("session_persistence"),
        types: &["OS::Octavia::Pool"],
        when: &[Is("type", "APP_COOKIE"), Falsy("cookie_name")],
        at: &["type"],
        message: "`session_persistence` of type APP_COOKIE needs `cookie_name`",
    },
    Check {
        within: Map("session_persistence"),
        types: &["OS::Octavia::Pool"],
        when: &[Is("type", "SOURCE_IP"), Truthy("cookie_name")],
        at: &["cookie_name"],
        message: "`session_persistence` of type SOURCE_IP takes no `cookie_name`",
    },
    // openstack/octavia/l7policy.py
    Check {
        within: Resource,
        types: &["OS::Octavia::L7Policy"],
        when: &[Is("action", "REJECT"), Set("redirect_pool")],
        at: &["redirect_pool"],
        message: "`redirect_pool` is not allowed with `action: REJECT`",
    },
    Check {
        within: Resource,
        types: &["OS::Octavia::L7Policy"],
        when: &[Is("action", "REJECT"), Set("redirect_url")],
        at: &["redirect_url"],
        message: "`redirect_url` is not allowed with `action: REJECT`",
    },
    Check {
        within: Resource,
        types: &["OS::Octavia::L7Policy"],
        when: &[Is("action", "REDIRECT_TO_POOL"), Set("redirect_url")],
        at: &["redirect_url"],
        message: "`redirect_url` needs `action: REDIRECT_TO_URL`",
    },
    Check {
        within: Resource,
        types: &["OS::Octavia::L7Policy"],
        when: &[Is("action", "REDIRECT_TO_POOL"), Unset("redirect_pool")],
        at: &["action"],
        message: "`action: REDIRECT_TO_POOL` needs `redirect_pool`",
    },
    Check {
        within: Resource,
        types: &["OS::Octavia::L7Policy"],
        when: &[Is("action", "REDIRECT_TO_URL"), Set("redirect_pool")],
        at: &["redirect_pool"],
        message: "`redirect_pool` needs `action: REDIRECT_TO_POOL`",
    },
    Check {
        within: Resource,
        types: &["OS::Octavia::L7Policy"],
        when: &[Is("action", "REDIRECT_TO_URL"), Unset("redirect_url")],
        at: &["action"],
        message: "`action: REDIRECT_TO_URL` needs `redirect_url`",
    },
    // openstack/neutron/segment.py
    Check {
        within: Resource,
        types: &["OS::Neutron::Segment"],
        when: &[
            OneOf("network_type", &["flat", "vlan"]),
            Unset("physical_network"),
        ],
        at: &["network_type"],
        message: "a flat or vlan segment needs `physical_network`",
    },
    Check {
        within: Resource,
        types: &["OS::Neutron::Segment"],
        when: &[Is("network_type", "vlan"), Unset("segmentation_id")],
        at: &["network_type"],
        message: "a vlan segment needs `segmentation_id`",
    },
    Check {
        within: Resource,
        types: &["OS::Neutron::Segment"],
        when: &[
            OneOf("network_type", &["local", "flat"]),
            Set("segmentation_id"),
        ],
        at: &["segmentation_id"],
        message: "`segmentation_id` is not allowed on a local or flat segment",
    },
    Check {
        within: Resource,
        types: &["OS::Neutron::Segment"],
        when: &[
            OneOf("network_type", &["vxlan", "gre", "geneve"]),
            Set("physical_network"),
        ],
        at: &["physical_network"],
        message: "`physical_network` is not allowed on a tunnel (vxlan, gre, geneve) segment",
    },
    Check {
        within: Resource,
        types: &["OS::Neutron::Segment"],
        when: &[Is("network_type", "vlan"), Above("segmentation_id", 4094.0)],
        at: &["segmentation_id"],
        message: "a vlan `segmentation_id` is at most 4094",
    },
    // openstack/neutron/subnetpool.py
    Check {
        within: Resource,
        types: &["OS::Neutron::SubnetPool"],
        when: &[AboveOther("min_prefixlen", "max_prefixlen")],
        at: &["min_prefixlen"],
        message: "`min_prefixlen` is above `max_prefixlen`",
    },
    Check {
        within: Resource,
        types: &["OS::Neutron::SubnetPool"],
        when: &[AboveOther("default_prefixlen", "max_prefixlen")],
        at: &["default_prefixlen"],
        message: "`default_prefixlen` is above `max_prefixlen`",
    },
    Check {
        within: Resource,
        types: &["OS::Neutron::SubnetPool"],
        when: &[AboveOther("min_prefixlen", "default_prefixlen")],
        at: &["min_prefixlen"],
        message: "`min_prefixlen` is above `default_prefixlen`",
    },
    // openstack/mistral/workflow.py
    Check {
        within: Resource,
        types: &["OS::Mistral::Workflow"],
        when: &[Is("type", "reverse"), Falsy("params")],
        at: &["type"],
        message: "a reverse workflow needs `task_name` in `params`",
    },
    Check {
        within: Items("tasks"),
        types: &["OS::Mistral::Workflow"],
        when: &[Truthy("workflow"), Truthy("action")],
        at: &["action"],
        message: "a task cannot have both `workflow` and `action`",
    },
    Check {
        within: Items("tasks"),
        types: &["OS::Mistral::Workflow"],
        when: &[Falsy("workflow"), Falsy("action")],
        at: &["name"],
        message: "a task needs `workflow` or `action`",
    },
    Check {
        within: Items("tasks"),
        types: &["OS::Mistral::Workflow"],
        when: &[Set("requires"), Is("^type", "direct")],
        at: &["requires"],
        message: "only a reverse workflow's tasks can have `requires`",
    },
    Check {
        within: Items("tasks"),
        types: &["OS::Mistral::Workflow"],
        when: &[Unset("with_items"), Set("concurrency")],
        at: &["concurrency"],
        message: "`concurrency` needs `with_items`",
    },
    // openstack/{nova,neutron,cinder,octavia}/quota.py
    Check {
        within: Resource,
        types: &[
            "OS::Nova::Quota",
            "OS::Neutron::Quota",
            "OS::Cinder::Quota",
            "OS::Octavia::Quota",
        ],
        when: &[OnlySet("project")],
        at: &["project"],
        message: "a quota needs at least one limit besides `project`",
    },
];
