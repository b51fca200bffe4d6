//! The largest level the check allows (docs/LEVELS.md, Limits): 64 by 64
//! zones and 500 units. How long the level check takes on it, and one whole
//! Normal-against-Normal battle. Run with
//! `cargo bench -p swift-swords-bench --bench big_level`; the figures are in
//! docs/ENGINE.md.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use swift_swords::data::Ruleset;
use swift_swords::level::parse_level;
use swift_swords::level::validate::{MOST_MAP_SIDE, MOST_UNITS};
use swift_swords::simulate::{SimConfig, run_battle};

fn main() {
    divan::main();
}

fn ruleset() -> Arc<Ruleset> {
    Arc::new(
        Ruleset::load_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/data"))
            .expect("shipped data is valid"),
    )
}

/// The level's text: grass everywhere, bandits of two sides spread over it.
fn big_level() -> String {
    let side = MOST_MAP_SIDE;
    let row = format!("\"{}\"", "g".repeat(side));
    let units: String = (0..MOST_UNITS)
        .map(|i| {
            let team = if i % 2 == 0 { "a" } else { "b" };
            format!(
                "(id: \"u{i}\", template: \"bandit\", side: \"{team}\", zone: ({}, {})),\n",
                (i * 7) % side,
                (i * 3) % side
            )
        })
        .collect();
    format!(
        r#"(
        name: "The Big Field",
        legend: {{ 'g': Grass }},
        map: [{}],
        sides: [
            (id: "a", name: "A", colour: (0.1, 0.3, 0.9), kind: Heroes),
            (id: "b", name: "B", colour: (0.7, 0.2, 0.1), kind: Npcs),
        ],
        units: [{units}],
        victory: [DefeatAll(side: "a"), DefeatAll(side: "b")],
    )"#,
        vec![row; side].join(", ")
    )
}

#[divan::bench]
fn check_the_big_level(bencher: divan::Bencher) {
    let (ruleset, text) = (ruleset(), big_level());
    bencher.bench_local(|| parse_level(Path::new("big.ron"), &text, &ruleset).expect("allowed"));
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn normal_battle_on_the_big_level(bencher: divan::Bencher) {
    let ruleset = ruleset();
    let level = parse_level(Path::new("big.ron"), &big_level(), &ruleset).expect("allowed");
    let config = SimConfig {
        level,
        ruleset,
        battles: 1,
        seed: 17,
        ai: BTreeMap::new(),
        jobs: 1,
        swap: false,
    };
    bencher.bench_local(|| run_battle(&config, 0));
}
