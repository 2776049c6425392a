"""Cases written for refusal sites no other case reached (refusal_sites.py
lists the sites; docs/heat-refusal-sites.md shows which a case reaches).
Each is one small template, judged like every generated case; those Heat
accepts are kept too, as the other side of the same check."""

HOT = "heat_template_version: 2016-10-14\n"
CFN = "AWSTemplateFormatVersion: '2010-09-09'\n"
NONE = "resources:\n  r: {type: OS::Heat::None, condition: a}\n"
VALUE = "resources:\n  v:\n    type: OS::Heat::Value\n    properties:\n      value: "
LAUNCH = ("  lc:\n    type: AWS::AutoScaling::LaunchConfiguration\n"
          "    properties: {ImageId: cirros, InstanceType: m1.small}\n")


def group(pause: str, launch: str = "{get_resource: lc}") -> str:
    return (HOT + "resources:\n" + LAUNCH + "  g:\n    type: OS::Heat::InstanceGroup\n"
            f"    properties:\n      AvailabilityZones: [nova]\n"
            f"      LaunchConfigurationName: {launch}\n      Size: 1\n"
            f"    update_policy:\n      RollingUpdate: {{PauseTime: {pause}}}\n")


def resource(type_name: str, properties: str) -> str:
    return HOT + f"resources:\n  r:\n    type: {type_name}\n    properties:\n{properties}"


CASES = {
    "document": {
        # Heat's loader (heatclient refuses the file: environment-cases.json).
        "an empty file": "",
    },
    "parameter definition": {
        "a number's allowed value a word": HOT + "parameters:\n  p:\n    type: number\n    default: 1\n    constraints:\n      - allowed_values: [1, abc]\nresources: {}\n",
        "a boolean's allowed value a word": HOT + "parameters:\n  p:\n    type: boolean\n    default: true\n    constraints:\n      - allowed_values: [true, maybe]\nresources: {}\n",
        "a number's allowed values as text": HOT + "parameters:\n  p:\n    type: number\n    default: 2\n    constraints:\n      - allowed_values: ['1', '2.0']\nresources: {}\n",
        "a list's default a number": HOT + "parameters:\n  p: {type: comma_delimited_list, default: 5}\nresources: {}\n",
        "a list's default a boolean": HOT + "parameters:\n  p: {type: comma_delimited_list, default: true}\nresources: {}\n",
        # ExpirationConstraint: read as ISO 8601, later than Heat's clock.
        "an expiration default passed": HOT + "parameters:\n  p:\n    type: string\n    default: '2001-01-01'\n    constraints:\n      - custom_constraint: expiration\nresources: {}\n",
        "an expiration default to come": HOT + "parameters:\n  p:\n    type: string\n    default: '2099-01-01T00:00:00+05:00'\n    constraints:\n      - custom_constraint: expiration\nresources: {}\n",
    },
    "conditions": {
        "two conditions each the other's not": HOT + "conditions:\n  a: {not: b}\n  b: {not: a}\n" + NONE,
        "a condition in its own and, past true": HOT + "conditions:\n  a: {and: [true, {not: a}]}\n" + NONE,
        "a circular condition only an if uses": HOT + "conditions:\n  a: {not: b}\n  b: {not: a}\n" + VALUE + "{if: [a, 1, 2]}\n",
        "a circular condition no one uses": HOT + "conditions:\n  a: {not: b}\n  b: {not: a}\n" + VALUE + "1\n",
        "a condition in its own or, past true": HOT + "conditions:\n  a: {or: [true, a]}\n" + NONE,
        "not of null": HOT + "conditions:\n  a: {not: null}\n" + NONE,
    },
    "function arguments": {
        "get_param's path into a number": HOT + "parameters:\n  p: {type: number, default: 5}\n" + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      length: {get_param: [p, a]}\n",
        "get_param's path into a map": HOT + "parameters:\n  p: {type: json, default: {a: {b: 7}}}\n" + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      length: {get_param: [p, a, b]}\n",
        "get_param's path to no key": HOT + "parameters:\n  p: {type: json, default: {a: {b: 7}}}\n" + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      length: {get_param: [p, a, c]}\n",
        "get_param's path to a list's last": HOT + "parameters:\n  p: {type: comma_delimited_list, default: '1,x'}\n" + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      length: {get_param: [p, -1]}\n",
        "get_param's path by a numeric string": HOT + "parameters:\n  p: {type: json, default: [3, 9]}\n" + "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      length: {get_param: [p, '1']}\n",
        "str_replace placeholder !!binary": HOT + VALUE + "{str_replace: {template: a, params: {!!binary YQ==: b}}}\n",
        "map_replace two keys made one": HOT + VALUE + "{map_replace: [{a: 1, b: 2}, {keys: {a: c, b: c}}]}\n",
        "map_replace two keys swapped": HOT + VALUE + "{map_replace: [{a: 1, b: 2}, {keys: {a: b, b: a}}]}\n",
        "map_replace a key kept as itself": HOT + VALUE + "{map_replace: [{a: 1, b: 2}, {keys: {a: a, c: b}}]}\n",
        "yaql with a third key": HOT + VALUE + "{yaql: {expression: '1', data: {}, x: 1}}\n",
        # yaql's own parser: its lexer, its grammar, its strings' escapes.
        "yaql a character no token starts with": HOT + VALUE + "{yaql: {expression: '1mod 2', data: {}}}\n",
        "yaql a call left open": HOT + VALUE + "{yaql: {expression: '$.data.where($ > 1', data: {}}}\n",
        "yaql a named argument before a positional": HOT + VALUE + "{yaql: {expression: 'dict(a => 1, 2)', data: {}}}\n",
        "yaql a string escape that does not decode": HOT + VALUE + "{yaql: {expression: \"'\\\\xZZ'\", data: {}}}\n",
        "yaql that parses, in an output": HOT + "outputs:\n  o:\n    value: {yaql: {expression: \"$.data.where($.x > 1 and not $.y in [1, 2]).select({k => $.a?.b, v => 'a\\\\n'}).len()\", data: {}}}\n",
        "yaql that does not parse, in an output": HOT + "outputs:\n  o:\n    value: {yaql: {expression: 'a b', data: {}}}\n",
        "yaql that does not parse, where the condition is false": HOT + "conditions:\n  c: false\nresources:\n  v:\n    type: OS::Heat::Value\n    condition: c\n    properties:\n      value: {yaql: {expression: 'a b', data: {}}}\n",
        "yaql that does not parse, in OS::Heat::None": HOT + "resources:\n  v:\n    type: OS::Heat::None\n    properties:\n      value: {yaql: {expression: 'a b', data: {}}}\n",
        "yaql that does not parse, in metadata": HOT + "resources:\n  v:\n    type: OS::Heat::Value\n    metadata: {m: {yaql: {expression: 'a b', data: {}}}}\n    properties:\n      value: 1\n",
        "if of nothing": HOT + VALUE + "{if: []}\n",
        "Fn::MemberListToMap of a number": CFN + "Resources:\n  A: {Type: OS::Heat::Value, Properties: {value: {'Fn::MemberListToMap': [Name, Value, 5]}}}\n",
    },
    "reference": {
        "deletion_policy Snapshot on a Cinder volume": HOT + "resources:\n  r: {type: OS::Cinder::Volume, deletion_policy: Snapshot, properties: {size: 1}}\n",
        "deletion_policy Snapshot on a server": HOT + "resources:\n  r: {type: OS::Nova::Server, deletion_policy: Snapshot, properties: {image: cirros, flavor: m1.small}}\n",
        "deletion_policy Snapshot on an EC2 volume": CFN + "Resources:\n  R: {Type: 'AWS::EC2::Volume', DeletionPolicy: Snapshot, Properties: {Size: '1', AvailabilityZone: nova}}\n",
        "deletion_policy Snapshot on a deployed server": HOT + "resources:\n  r: {type: OS::Heat::DeployedServer, deletion_policy: Snapshot}\n",
        "deletion_policy snapshot on a random string": "heat_template_version: 2018-08-31\nresources:\n  r: {type: OS::Heat::RandomString, deletion_policy: snapshot}\n",
        "deletion_policy Snapshot on a group": HOT + "resources:\n  r: {type: OS::Heat::ResourceGroup, deletion_policy: Snapshot, properties: {resource_def: {type: OS::Heat::None}}}\n",
        "a resource that is an empty map": HOT + "resources:\n  r: {}\n",
        "a CloudFormation resource that is a list": CFN + "Resources:\n  r: [1]\n",
        "depends_on a resource that does not exist": HOT + "resources:\n  r: {type: OS::Heat::None, depends_on: [nothere]}\n",
    },
    "resource type validation": {
        "an expiration Heat cannot read": resource("OS::Barbican::Secret", "      expiration: next tuesday\n"),
        "an expiration read by backtracking": resource("OS::Barbican::Secret", "      expiration: '2099-123'\n"),
        "an expiration whose offset leaves year 9999": resource("OS::Barbican::Secret", "      expiration: '9999-12-31T23:59-01:00'\n"),
        "an expiration an hour ago in another zone": resource("OS::Barbican::Order", "      type: key\n      expiration: '2001-06-01T12:00:00-01:00'\n"),
        "a typed value from a parameter that is no number": HOT + "parameters:\n  p: {type: string, default: abc}\nresources:\n  r:\n    type: OS::Heat::Value\n    properties:\n      value: {get_param: p}\n      type: number\n",
        "a typed value from a parameter that is a number as text": HOT + "parameters:\n  p: {type: string, default: '12'}\nresources:\n  r:\n    type: OS::Heat::Value\n    properties:\n      value: {get_param: p}\n      type: number\n",
        "a typed json value from a path to a list": HOT + "parameters:\n  p: {type: json, default: {a: [1, 2]}}\nresources:\n  r:\n    type: OS::Heat::Value\n    properties:\n      value: {get_param: [p, a]}\n      type: json\n",
        "a typed boolean value from a parameter that is no boolean": HOT + "parameters:\n  p: {type: string, default: maybe}\nresources:\n  r:\n    type: OS::Heat::Value\n    properties:\n      value: {get_param: p}\n      type: boolean\n",
        "a typed json value from a list parameter": HOT + "parameters:\n  p: {type: comma_delimited_list, default: 'a,b'}\nresources:\n  r:\n    type: OS::Heat::Value\n    properties:\n      value: {get_param: p}\n      type: json\n",
        "an EC2 instance's Ebs VolumeType, not implemented": resource(
            "AWS::EC2::Instance", "      ImageId: cirros\n      InstanceType: m1.small\n"
            "      BlockDeviceMappings:\n        - DeviceName: vdb\n"
            "          Ebs: {SnapshotId: s, VolumeType: gp2}\n"),
        "a subnet's tags, not implemented": resource(
            "AWS::EC2::Subnet", "      VpcId: v\n      CidrBlock: 10.0.0.0/24\n"
            "      Tags: [{Key: a, Value: b}]\n"),
        "a subnet's empty tags": resource(
            "AWS::EC2::Subnet", "      VpcId: v\n      CidrBlock: 10.0.0.0/24\n      Tags: []\n"),
        "a load balancer listener's policy names, not implemented": resource(
            "AWS::ElasticLoadBalancing::LoadBalancer", "      AvailabilityZones: [nova]\n"
            "      Listeners: [{LoadBalancerPort: '80', InstancePort: '80', Protocol: HTTP, "
            "PolicyNames: [a]}]\n"),
        "a server's block device without volume_id or snapshot_id": resource(
            "OS::Nova::Server", "      image: cirros\n      flavor: m1.small\n"
            "      block_device_mapping:\n        - device_name: vda\n"),
        "an EC2 instance's Ebs without SnapshotId": CFN + "Resources:\n  I:\n    Type: AWS::EC2::Instance\n"
            "    Properties:\n      ImageId: cirros\n      InstanceType: m1.small\n"
            "      BlockDeviceMappings:\n        - DeviceName: vdb\n          Ebs: {VolumeSize: '1'}\n",
        "an L7 HEADER rule without key": resource(
            "OS::Octavia::L7Rule", "      l7policy: p\n      type: HEADER\n"
            "      compare_type: EQUAL_TO\n      value: x\n"),
        "an L7 PATH rule without key": resource(
            "OS::Octavia::L7Rule", "      l7policy: p\n      type: PATH\n"
            "      compare_type: EQUAL_TO\n      value: x\n"),
        "a container's restart_policy unknown": resource(
            "OS::Zun::Container", "      image: cirros\n      restart_policy: sometimes\n"),
        "a container's restart_policy on-failure with a count": resource(
            "OS::Zun::Container", "      image: cirros\n      restart_policy: 'on-failure:3'\n"),
        "a container's restart_policy always with a count": resource(
            "OS::Zun::Container", "      image: cirros\n      restart_policy: 'always:3'\n"),
        "a container's mount without volume_id or volume_size": resource(
            "OS::Zun::Container", "      image: cirros\n      mounts:\n        - mount_path: /data\n"),
        "a swarm cluster template with the cinder driver": resource(
            "OS::Magnum::ClusterTemplate", "      image: fedora\n      external_network: public\n"
            "      coe: swarm\n      volume_driver: cinder\n"),
        "a kubernetes cluster template with the cinder driver": resource(
            "OS::Magnum::ClusterTemplate", "      image: fedora\n      external_network: public\n"
            "      coe: kubernetes\n      volume_driver: cinder\n"),
        "an instance group pausing two hours": group("PT2H"),
        "an instance group pausing one hour": group("PT1H"),
        "an instance group pausing 5 minutes in words": group("5 minutes"),
        "an instance group's launch configuration named": group("PT1M", "lc"),
        "an AWS group pausing two hours": CFN + "Resources:\n  LC:\n"
            "    Type: AWS::AutoScaling::LaunchConfiguration\n"
            "    Properties: {ImageId: cirros, InstanceType: m1.small}\n  G:\n"
            "    Type: AWS::AutoScaling::AutoScalingGroup\n    Properties:\n"
            "      AvailabilityZones: [nova]\n      LaunchConfigurationName: {Ref: LC}\n"
            "      MinSize: '1'\n      MaxSize: '2'\n    UpdatePolicy:\n"
            "      AutoScalingRollingUpdate: {PauseTime: PT2H}\n",
    },
}


def site_cases(case) -> list[dict]:
    return [case(cls, name, text) for cls, cases in CASES.items() for name, text in cases.items()]
