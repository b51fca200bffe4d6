//! Whole campaigns played by the AI, as `campaign simulate` plays them: the
//! shipped Road to the Barrow, Normal against Normal, one campaign at a time
//! on one thread (issue #53 asks for 100 a second on two threads, so at
//! least 50 a second on one). Run with
//! `cargo bench -p swift-swords-bench --bench campaigns`; the figures are
//! in docs/CAMPAIGNS.md.

use std::path::Path;
use std::sync::Arc;

use swift_swords_core::ai::AiLevel;
use swift_swords_core::campaign::check::load_campaign;
use swift_swords_core::campaign::run::{RunLevels, run_campaign};
use swift_swords_core::data::{Ruleset, load_aftermath};

fn main() {
    divan::main();
}

#[divan::bench(args = [0, 1, 2, 3])]
fn the_road_to_the_barrow_normal_against_normal(bencher: divan::Bencher, seed: u64) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let data = root.join("assets/data");
    let ruleset = Arc::new(Ruleset::load_dir(&data).expect("shipped data is valid"));
    let rules = load_aftermath(Some(&data)).expect("shipped aftermath is valid");
    let loaded = load_campaign(&root.join("campaigns/barrow_road.ron"), &ruleset)
        .expect("the shipped campaign loads");
    let levels = RunLevels {
        warband: AiLevel::Normal,
        foes: AiLevel::Normal,
    };
    bencher.bench_local(|| {
        run_campaign(&loaded, seed, levels, (&ruleset, &rules), |_, _| {})
            .expect("the campaign ends")
    });
}
