//! The largest level the check allows (docs/LEVELS.md, Limits): 64 by 64
//! zones and 100 units, spread out and in its worst layouts (every unit in
//! one zone, heroes or bandits; archers spread out). How long the level
//! check takes on it, and one whole Normal-against-Normal battle on each.
//! Run with
//! `cargo bench -p swift-swords-bench --bench big_level`; the figures are in
//! docs/ENGINE.md.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use swift_swords_core::data::Ruleset;
use swift_swords_core::level::parse_level;
use swift_swords_core::level::validate::{MOST_MAP_SIDE, MOST_UNITS};
use swift_swords_core::simulate::{SimConfig, run_battle};

fn main() {
    divan::main();
}

fn ruleset() -> Arc<Ruleset> {
    Arc::new(
        Ruleset::load_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/data"))
            .expect("shipped data is valid"),
    )
}

/// A layout of the largest level: which creature, and where unit `i` stands.
struct Layout {
    template: &'static str,
    zone: fn(usize) -> (usize, usize),
}

const SPREAD: fn(usize) -> (usize, usize) = |i| ((i * 7) % MOST_MAP_SIDE, (i * 3) % MOST_MAP_SIDE);
const ONE_ZONE: fn(usize) -> (usize, usize) = |_| (0, 0);

/// The level's text: grass everywhere, units of two sides laid out.
fn big_level(layout: &Layout) -> String {
    let side = MOST_MAP_SIDE;
    let row = format!("\"{}\"", "g".repeat(side));
    let units: String = (0..MOST_UNITS)
        .map(|i| {
            let team = if i % 2 == 0 { "a" } else { "b" };
            let (x, y) = (layout.zone)(i);
            format!(
                "(id: \"u{i}\", template: \"{}\", side: \"{team}\", zone: ({x}, {y})),\n",
                layout.template
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

const BANDITS_SPREAD: Layout = Layout {
    template: "bandit",
    zone: SPREAD,
};

#[divan::bench]
fn check_the_big_level(bencher: divan::Bencher) {
    let (ruleset, text) = (ruleset(), big_level(&BANDITS_SPREAD));
    bencher.bench_local(|| parse_level(Path::new("big.ron"), &text, &ruleset).expect("allowed"));
}

/// One Normal-against-Normal battle on the largest level laid out so.
#[divan::bench(
    sample_count = 3,
    sample_size = 1,
    args = ["bandits spread", "heroes in one zone", "bandits in one zone", "archers spread"],
)]
fn normal_battle_on_the_big_level(bencher: divan::Bencher, layout: &str) {
    let layout = match layout {
        "heroes in one zone" => Layout {
            template: "hero_swordsman",
            zone: ONE_ZONE,
        },
        "bandits in one zone" => Layout {
            template: "bandit",
            zone: ONE_ZONE,
        },
        "archers spread" => Layout {
            template: "hero_archer",
            zone: SPREAD,
        },
        _ => BANDITS_SPREAD,
    };
    let ruleset = ruleset();
    let level = parse_level(Path::new("big.ron"), &big_level(&layout), &ruleset).expect("allowed");
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
