//! CloudFormation's resource types (`heat/engine/resources/aws/`).

use super::super::Check;
use super::super::Test::*;
use super::super::Within::*;

pub(super) const CHECKS: &[Check] = &[
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
    // aws/autoscaling/autoscaling_group.py
    Check {
        within: Resource,
        types: &["AWS::AutoScaling::AutoScalingGroup"],
        when: &[Less("MaxSize", "MinSize")],
        at: &["MinSize"],
        message: "`MinSize` is above `MaxSize`",
    },
    Check {
        within: Resource,
        types: &["AWS::AutoScaling::AutoScalingGroup"],
        when: &[Below("MinSize", 0.0)],
        at: &["MinSize"],
        message: "`MinSize` cannot be below zero",
    },
    Check {
        within: Resource,
        types: &["AWS::AutoScaling::AutoScalingGroup"],
        when: &[Less("DesiredCapacity", "MinSize")],
        at: &["DesiredCapacity"],
        message: "`DesiredCapacity` must be between `MinSize` and `MaxSize`",
    },
    Check {
        within: Resource,
        types: &["AWS::AutoScaling::AutoScalingGroup"],
        when: &[Less("MaxSize", "DesiredCapacity")],
        at: &["DesiredCapacity"],
        message: "`DesiredCapacity` must be between `MinSize` and `MaxSize`",
    },
    Check {
        within: Resource,
        types: &["AWS::AutoScaling::AutoScalingGroup"],
        when: &[Longer("VPCZoneIdentifier", 1)],
        at: &["VPCZoneIdentifier"],
        message: "Heat supports one `VPCZoneIdentifier` only",
    },
    Check {
        within: Resource,
        types: &["AWS::AutoScaling::AutoScalingGroup"],
        when: &[Truthy("InstanceId"), Truthy("LaunchConfigurationName")],
        at: &["InstanceId"],
        message: "give either `InstanceId` or `LaunchConfigurationName`, not both",
    },
    Check {
        within: Resource,
        types: &["AWS::AutoScaling::AutoScalingGroup"],
        when: &[Falsy("InstanceId"), Falsy("LaunchConfigurationName")],
        at: &["MinSize"],
        message: "either `InstanceId` or `LaunchConfigurationName` must be given",
    },
    // aws/autoscaling/launch_config.py, aws/ec2/instance.py
    Check {
        within: Items("BlockDeviceMappings"),
        types: &[
            "AWS::AutoScaling::LaunchConfiguration",
            "AWS::EC2::Instance",
        ],
        when: &[Falsy("Ebs")],
        at: &["DeviceName"],
        message: "each of `BlockDeviceMappings` needs `Ebs` (with a `SnapshotId`)",
    },
    Check {
        within: Items("BlockDeviceMappings"),
        types: &[
            "AWS::AutoScaling::LaunchConfiguration",
            "AWS::EC2::Instance",
        ],
        when: &[Truthy("Ebs"), Falsy("Ebs.SnapshotId")],
        at: &["Ebs"],
        message: "`Ebs` of `BlockDeviceMappings` needs a `SnapshotId`",
    },
    Check {
        within: Resource,
        types: &["AWS::AutoScaling::LaunchConfiguration"],
        when: &[Falsy("InstanceId"), Falsy("ImageId")],
        at: &["InstanceType"],
        message: "without `InstanceId`, `ImageId` and `InstanceType` are required",
    },
    Check {
        within: Resource,
        types: &["AWS::AutoScaling::LaunchConfiguration"],
        when: &[Falsy("InstanceId"), Falsy("InstanceType")],
        at: &["ImageId"],
        message: "without `InstanceId`, `ImageId` and `InstanceType` are required",
    },
];
