//! The engine's speed: one whole Normal-against-Normal battle on the
//! skirmish, and one Hard and one Expert decision on the largest level. Run with
//! `cargo bench -p swift-swords-bench`; the figures are in docs/ENGINE.md.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use swift_swords_core::ai::{AiLevel, choose};
use swift_swords_core::battle::engine::Engine;
use swift_swords_core::data::Ruleset;
use swift_swords_core::level::{Level, load_level};
use swift_swords_core::rules::dice::Dice;
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

fn level(file: &str, ruleset: &Ruleset) -> Level {
    load_level(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../levels")
            .join(file),
        ruleset,
    )
    .expect("shipped level is valid")
    .level
}

/// One whole battle on the skirmish, Normal against Normal, as `simulate`
/// plays it (battle `i` of a run with seed 17).
#[divan::bench(args = [0, 1, 2, 3])]
fn normal_battle_on_the_skirmish(bencher: divan::Bencher, index: usize) {
    let ruleset = ruleset();
    let config = SimConfig {
        level: level("skirmish.ron", &ruleset),
        ruleset,
        battles: 4,
        seed: 17,
        ai: BTreeMap::new(),
        jobs: 1,
        swap: false,
    };
    bencher.bench_local(|| run_battle(&config, index));
}

/// Chariots on the Plain after `moves` Normal commands.
fn chariot_plain_after(moves: usize) -> Engine {
    let ruleset = ruleset();
    let level = level("chariot_plain.ron", &ruleset);
    let mut engine = Engine::start(&level, ruleset, 5, Dice::seeded(5));
    for _ in 0..moves {
        let Some(command) = choose(engine.state(), AiLevel::Normal) else {
            break;
        };
        engine.submit(&command).expect("the AI's command is legal");
    }
    engine
}

/// One Hard decision on Chariots on the Plain, after `moves` Normal commands.
#[divan::bench(args = [0, 10, 30])]
fn hard_decision_on_the_chariot_plain(bencher: divan::Bencher, moves: usize) {
    let engine = chariot_plain_after(moves);
    bencher.bench_local(|| choose(engine.state(), AiLevel::Hard));
}

/// One Expert decision on Chariots on the Plain, after `moves` Normal
/// commands.
#[divan::bench(args = [0, 10, 30])]
fn expert_decision_on_the_chariot_plain(bencher: divan::Bencher, moves: usize) {
    let engine = chariot_plain_after(moves);
    bencher.bench_local(|| choose(engine.state(), AiLevel::Expert));
}
