//! Volumes, their types, and attachments (folded into the server).

use super::{
    copy_simple, fold_target, new_object, pairs, reference_field, write, PairText, Source,
};
use crate::context::{Context, Later};
use crate::manifest::{Kind, Node};

pub(super) fn volume(cx: &mut Context<'_, '_>, source: &mut Source<'_>) {
    let Some(object) = new_object(cx, source) else {
        return;
    };
    let mut resource = Node::map(None);
    copy_simple(cx, source, &mut resource, "resource.");
    if let Some(metadata) = source.take(cx, &["metadata"]) {
        let what = source.what("metadata");
        if let Some(list) = pairs(cx, &metadata, &what, ("name", "value"), PairText::Str) {
            resource.set("metadata", list);
        }
    }
    reference_field(
        cx,
        source,
        &["volume_type"],
        Kind::VolumeType,
        &mut resource,
        "volumeTypeRef",
    );
    reference_field(
        cx,
        source,
        &["image", "imageRef"],
        Kind::Image,
        &mut resource,
        "imageRef",
    );
    write(cx, object, resource);
}

pub(super) fn volume_type(cx: &mut Context<'_, '_>, source: &mut Source<'_>) {
    let Some(object) = new_object(cx, source) else {
        return;
    };
    let mut resource = Node::map(None);
    copy_simple(cx, source, &mut resource, "resource.");
    if let Some(metadata) = source.take(cx, &["metadata"]) {
        let what = source.what("metadata");
        if let Some(list) = pairs(cx, &metadata, &what, ("name", "value"), PairText::Str) {
            resource.set("extraSpecs", list);
        }
    }
    write(cx, object, resource);
}

pub(super) fn attachment(cx: &mut Context<'_, '_>, source: &mut Source<'_>) {
    let origin = source.resource.name_range(cx.tree());
    let server = source.take(cx, &["instance_uuid"]);
    let volume = source.take(cx, &["volume_id"]);
    let device = source.take(cx, &["mountpoint"]);
    let (Some(server), Some(volume)) = (server, volume) else {
        return;
    };
    let message = format!(
        "the attachment {} is not exported: ORC attaches volumes in the Server's volumes, so the server must be a resource of this template (get_resource)",
        source.resource.name
    );
    let Some(target) = fold_target(cx, &server, Kind::Server, message) else {
        return;
    };
    let what = source.what("volume_id");
    let Some(volume) = cx.reference(&volume, Kind::Volume, &what, Vec::new()) else {
        return;
    };
    let device = device.and_then(|d| cx.string(&d, &source.what("mountpoint")));
    cx.defer(Later::Attachment {
        server: target,
        volume,
        device,
        origin,
    });
}
