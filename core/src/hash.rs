//! The core's hash maps and sets: foldhash's hasher, randomly seeded per
//! process like std's but several times faster on the short names and
//! URLs a stack's lint looks up again for every combination of
//! environments.

pub use foldhash::{HashMap, HashMapExt, HashSet};
