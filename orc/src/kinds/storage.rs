//! Volumes, their types, and attachments (folded into the server).

use super::{new_object, pairs, resource_node, simple, Conv, Later, Source};
use crate::eval::V;
use crate::export::Exporter;
use crate::finding::Code;
use crate::manifest::{Kind, Node};

pub(super) fn volume(exporter: &mut Exporter<'_, '_>, source: &mut Source<'_>) {
    let Some(mut object) = new_object(exporter, source) else {
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
        if let Some(list) = pairs(exporter, &metadata, &what, "name", "value") {
            resource.set("metadata", list);
        }
    }
    if let Some(kind) = source.take(exporter, &["volume_type"]) {
        let what = source.what("volume_type");
        if let Some(reference) = exporter.reference(&kind, Kind::VolumeType, &what, Vec::new()) {
            resource.set("volumeTypeRef", reference);
        }
    }
    if let Some(image) = source.take(exporter, &["image", "imageRef"]) {
        let what = source.what("image");
        if let Some(reference) = exporter.reference(&image, Kind::Image, &what, Vec::new()) {
            resource.set("imageRef", reference);
        }
    }
    *resource_node(&mut object) = resource;
    exporter.push(object);
}

pub(super) fn volume_type(exporter: &mut Exporter<'_, '_>, source: &mut Source<'_>) {
    let Some(mut object) = new_object(exporter, source) else {
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
        if let Some(list) = pairs(exporter, &metadata, &what, "name", "value") {
            resource.set("extraSpecs", list);
        }
    }
    *resource_node(&mut object) = resource;
    exporter.push(object);
}

pub(super) fn attachment(exporter: &mut Exporter<'_, '_>, source: &mut Source<'_>) {
    let origin = source.resource.name_range(exporter.tree());
    let server = source.take(exporter, &["instance_uuid"]);
    let volume = source.take(exporter, &["volume_id"]);
    let device = source.take(exporter, &["mountpoint"]);
    let (Some(server), Some(volume)) = (server, volume) else {
        return;
    };
    let target = match &server.v {
        V::Resource(name) => match exporter.object_of(name) {
            Some((Kind::Server, object)) => Some(object.to_owned()),
            _ => None,
        },
        _ => None,
    };
    let Some(target) = target else {
        exporter.report(
            Code::MissingObject,
            server.at,
            format!(
                "the attachment {} is not exported: ORC attaches volumes in the Server's volumes, so the server must be a resource of this template (get_resource)",
                source.resource.name
            ),
        );
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
