//! Helpers shared by the integration tests.
// Each test binary uses only some of these helpers.
#![allow(dead_code)]

use std::path::Path;
use std::sync::Arc;

use swift_swords::data::Ruleset;
use swift_swords::level::{Level, load_level};

/// The shipped data.
pub fn ruleset() -> Arc<Ruleset> {
    Arc::new(Ruleset::load_dir(Path::new("assets/data")).expect("shipped data is valid"))
}

/// Every level in `levels/`, in file name order.
pub fn shipped_levels() -> Vec<Level> {
    let ruleset = ruleset();
    let mut paths: Vec<_> = std::fs::read_dir("levels")
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| {
            load_level(p, &ruleset)
                .unwrap_or_else(|e| panic!("{e}"))
                .level
        })
        .collect()
}
