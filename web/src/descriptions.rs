//! The catalog with its descriptions. The page embeds Heat's catalog
//! without them (`heatwise-core`'s `lean-builtin`: about 38 KB gzipped
//! less to load before the first paint); the first view that shows a
//! type fetches `heat.bin`, the full catalog Trunk copies beside the page,
//! once, and every view waiting for it renders again with descriptions.

use std::cell::{OnceCell, RefCell};

use heatwise_core::catalog::Catalog;
use yew::prelude::*;

type Waiting = Vec<Box<dyn FnOnce(&'static Catalog)>>;

thread_local! {
    static DESCRIBED: OnceCell<&'static Catalog> = const { OnceCell::new() };
    /// The views waiting for the fetch under way (`None`: none started).
    static WAITING: RefCell<Option<Waiting>> = const { RefCell::new(None) };
}

/// The full catalog once fetched, else the embedded one (the same types,
/// properties and statuses, without descriptions).
#[hook]
pub fn use_described_catalog() -> &'static Catalog {
    let loaded = use_state(|| DESCRIBED.with(|cell| cell.get().copied()));
    {
        let loaded = loaded.clone();
        use_effect_with((), move |_| {
            if loaded.is_none() {
                let setter = loaded.setter();
                when_described(Box::new(move |catalog| setter.set(Some(catalog))));
            }
        });
    }
    loaded.unwrap_or_else(Catalog::builtin)
}

/// Calls `then` with the full catalog: now if it is here, else when the
/// fetch (started by the first caller) ends. If it fails (the page opened
/// from a file, say), nothing is called and the views stay without
/// descriptions.
fn when_described(then: Box<dyn FnOnce(&'static Catalog)>) {
    if let Some(catalog) = DESCRIBED.with(|cell| cell.get().copied()) {
        then(catalog);
        return;
    }
    let first = WAITING.with(|waiting| {
        let mut waiting = waiting.borrow_mut();
        let first = waiting.is_none();
        waiting.get_or_insert_with(Vec::new).push(then);
        first
    });
    if first {
        wasm_bindgen_futures::spawn_local(async {
            let Some(catalog) = fetch().await else {
                return;
            };
            DESCRIBED.with(|cell| cell.set(catalog).ok());
            let waiting = WAITING.with(|waiting| waiting.borrow_mut().take());
            for then in waiting.into_iter().flatten() {
                then(catalog);
            }
        });
    }
}

async fn fetch() -> Option<&'static Catalog> {
    let response = gloo::net::http::Request::get("heat.bin")
        .send()
        .await
        .ok()?;
    if !response.ok() {
        return None;
    }
    let bytes = response.binary().await.ok()?;
    Some(Box::leak(Box::new(Catalog::from_postcard(&bytes).ok()?)))
}
