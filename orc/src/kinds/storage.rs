//! Volumes, their types, and attachments (folded into the server).

use super::{
    fold_target, new_object, pairs, reference_field, simple, write, Conv, Later, PairText, Source,
};
use crate::export::Exporter;
use crate::manifest::{Kind, Node};

pub(super) fn volume(exporter: &mut Exporter<'_, '_>, source: &mut Source<'_>) {
    let Some(object) = new_object(exporter, source) else {
        return;
    };
    let mut resource = Node::map(None);
    simple(
        exporter,
        source,
        &mut resource,
        &[
            ("name", "name", Conv::Str),
            ("description", "description", Conv::Str),
            ("size", "size", Conv::Int),
            ("availability_zone", "availabilityZone", Conv::Str),
        ],
    );
    if let Some(metadata) = source.take(exporter, &["metadata"]) {
        let what = source.what("metadata");
        if let Some(list) = pairs(exporter, &metadata, &what, ("name", "value"), PairText::Str) {
            resource.set("metadata", list);
        }
    }
    reference_field(
        exporter,
        source,
        &["volume_type"],
        Kind::VolumeType,
        &mut resource,
        "volumeTypeRef",
    );
    reference_field(
        exporter,
        source,
        &["image", "imageRef"],
        Kind::Image,
        &mut resource,
        "imageRef",
    );
    write(exporter, object, resource);
}

pub(super) fn volume_type(exporter: &mut Exporter<'_, '_>, source: &mut Source<'_>) {
    let Some(object) = new_object(exporter, source) else {
        return;
    };
    let mut resource = Node::map(None);
    simple(
        exporter,
        source,
        &mut resource,
        &[
            ("name", "name", Conv::Str),
            ("description", "description", Conv::Str),
            ("is_public", "isPublic", Conv::Bool),
        ],
    );
    if let Some(metadata) = source.take(exporter, &["metadata"]) {
        let what = source.what("metadata");
        if let Some(list) = pairs(exporter, &metadata, &what, ("name", "value"), PairText::Str) {
            resource.set("extraSpecs", list);
        }
    }
    write(exporter, object, resource);
}

pub(super) fn attachment(exporter: &mut Exporter<'_, '_>, source: &mut Source<'_>) {
    let origin = source.resource.name_range(exporter.tree());
    let server = source.take(exporter, &["instance_uuid"]);
    let volume = source.take(exporter, &["volume_id"]);
    let device = source.take(exporter, &["mountpoint"]);
    let (Some(server), Some(volume)) = (server, volume) else {
        return;
    };
    let message = format!(
        "the attachment {} is not exported: ORC attaches volumes in the Server's volumes, so the server must be a resource of this template (get_resource)",
        source.resource.name
    );
    let Some(target) = fold_target(exporter, &server, Kind::Server, message) else {
        return;
    };
    let what = source.what("volume_id");
    let Some(volume) = exporter.reference(&volume, Kind::Volume, &what, Vec::new()) else {
        return;
    };
    let device = device.and_then(|d| exporter.string(&d, &source.what("mountpoint")));
    exporter.later.push(Later::Attachment {
        server: target,
        volume,
        device,
        origin,
    });
}
