//! The built-in catalog: decoding it (what start-up pays once), looking up a
//! type (with and without an alias) and a property path.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use heatwise_core::catalog::{Catalog, BUILTIN_BYTES};

fn decode(c: &mut Criterion) {
    c.bench_function("catalog/decode builtin heat.bin", |b| {
        b.iter(|| Catalog::from_postcard(black_box(BUILTIN_BYTES)).unwrap())
    });
}

fn lookups(c: &mut Criterion) {
    let catalog = Catalog::builtin();
    c.bench_function("catalog/type lookup OS::Neutron::Port", |b| {
        b.iter(|| {
            catalog
                .resource_type(black_box("OS::Neutron::Port"))
                .unwrap()
        })
    });
    c.bench_function("catalog/resolve registered OS::Nova::Server", |b| {
        b.iter(|| catalog.resolve_type(black_box("OS::Nova::Server")).unwrap())
    });
    c.bench_function("catalog/resolve glob alias OS::Quantum::Net", |b| {
        b.iter(|| catalog.resolve_type(black_box("OS::Quantum::Net")).unwrap())
    });
    let port = catalog.resource_type("OS::Neutron::Port").unwrap();
    c.bench_function("catalog/property path fixed_ips.subnet_id", |b| {
        b.iter(|| port.property(black_box("fixed_ips.subnet_id")).unwrap())
    });
    let release = heatwise_core::release::Release::parse("2014.2").unwrap();
    let network_id = port.property("network_id").unwrap();
    c.bench_function("catalog/status_at network_id 2014.2", |b| {
        b.iter(|| network_id.status_at(black_box(release)))
    });
}

criterion_group!(benches, decode, lookups);
criterion_main!(benches);
