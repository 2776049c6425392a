//! Barbican's and Cinder's resource types (`heat/engine/resources/openstack/barbican/`,
//! `…/cinder/`).

use super::super::Check;
use super::super::Test::*;
use super::super::Within::*;

pub(super) const CHECKS: &[Check] = &[
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
    // openstack/barbican/order.py
    Check {
        within: Resource,
        types: &["OS::Barbican::Order"],
        when: &[IsNot("type", "certificate"), Unset("algorithm")],
        at: &["type"],
        message: "an order of this type needs `algorithm` and `bit_length`",
    },
    Check {
        within: Resource,
        types: &["OS::Barbican::Order"],
        when: &[IsNot("type", "certificate"), Unset("bit_length")],
        at: &["type"],
        message: "an order of this type needs `algorithm` and `bit_length`",
    },
    Check {
        within: Resource,
        types: &["OS::Barbican::Order"],
        when: &[Is("type", "certificate"), Truthy("profile"), Falsy("ca_id")],
        at: &["profile"],
        message: "`profile` needs `ca_id`",
    },
    // openstack/barbican/order.py, ALLOWED_PROPERTIES_FOR_TYPE
    Check {
        within: Resource,
        types: &["OS::Barbican::Order"],
        when: &[
            Is("type", "key"),
            SetBeyond(&[
                "name",
                "algorithm",
                "bit_length",
                "mode",
                "payload_content_type",
                "expiration",
            ]),
        ],
        at: &["type"],
        message: "an order of type `key` takes only name, algorithm, bit_length, mode, \
            payload_content_type and expiration",
    },
    Check {
        within: Resource,
        types: &["OS::Barbican::Order"],
        when: &[
            Is("type", "asymmetric"),
            SetBeyond(&[
                "name",
                "algorithm",
                "bit_length",
                "mode",
                "pass_phrase",
                "payload_content_type",
                "expiration",
            ]),
        ],
        at: &["type"],
        message: "an order of type `asymmetric` takes only name, algorithm, bit_length, mode, \
            pass_phrase, payload_content_type and expiration",
    },
    Check {
        within: Resource,
        types: &["OS::Barbican::Order"],
        when: &[
            Is("type", "certificate"),
            SetBeyond(&[
                "name",
                "request_type",
                "subject_dn",
                "source_container_ref",
                "ca_id",
                "profile",
                "request_data",
            ]),
        ],
        at: &["type"],
        message: "an order of type `certificate` takes only name, request_type, subject_dn, \
            source_container_ref, ca_id, profile and request_data",
    },
    // openstack/cinder/volume.py, _validate_create_sources (without a backup)
    Check {
        within: Resource,
        types: &["OS::Cinder::Volume"],
        when: &[
            Falsy("backup_id"),
            Unset("size"),
            Falsy("snapshot_id"),
            Falsy("source_volid"),
        ],
        at: &["image", "imageRef", "name"],
        message: "a volume needs `size`, or one of `snapshot_id`, `source_volid` or `backup_id`",
    },
    Check {
        within: Resource,
        types: &["OS::Cinder::Volume"],
        when: &[
            Falsy("backup_id"),
            Unset("size"),
            Truthy("snapshot_id"),
            Truthy("source_volid"),
        ],
        at: &["source_volid"],
        message: "without `size`, give one of `snapshot_id` and `source_volid`, not both",
    },
    Check {
        within: Resource,
        types: &["OS::Cinder::Volume"],
        when: &[
            Falsy("backup_id"),
            Truthy("size"),
            Truthy("image"),
            Truthy("snapshot_id"),
        ],
        at: &["snapshot_id"],
        message: "a volume has one source: `image`, `snapshot_id` or `source_volid`",
    },
    Check {
        within: Resource,
        types: &["OS::Cinder::Volume"],
        when: &[
            Falsy("backup_id"),
            Truthy("size"),
            Truthy("image"),
            Truthy("source_volid"),
        ],
        at: &["source_volid"],
        message: "a volume has one source: `image`, `snapshot_id` or `source_volid`",
    },
    Check {
        within: Resource,
        types: &["OS::Cinder::Volume"],
        when: &[
            Falsy("backup_id"),
            Truthy("size"),
            Truthy("snapshot_id"),
            Truthy("source_volid"),
        ],
        at: &["source_volid"],
        message: "a volume has one source: `image`, `snapshot_id` or `source_volid`",
    },
    // openstack/cinder/volume_type.py
    Check {
        within: Resource,
        types: &["OS::Cinder::VolumeType"],
        when: &[Truthy("projects"), Truthy("is_public")],
        at: &["projects"],
        message: "`projects` is for a volume type that is not public (`is_public: false`)",
    },
];
