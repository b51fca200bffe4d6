//! Battles the game's own tests start on the engine alone: a level written
//! in the test, a shipped level, a strip of grass with Roland to act.

use std::path::Path;
use std::sync::Arc;

use crate::battle::engine::Engine;
use crate::data::Ruleset;
use crate::level::{Level, load_level, parse_level};
use crate::rules::dice::Dice;

fn start(level: &Level, ruleset: Ruleset) -> Engine {
    Engine::start(level, Arc::new(ruleset), 1, Dice::seeded(1))
}

/// A battle on a level written out in the test, with seed 1.
pub fn from_text(text: &str) -> Engine {
    let ruleset = Ruleset::embedded().expect("the built-in data loads");
    let level = parse_level(Path::new("test.ron"), text, &ruleset).expect("the level parses");
    start(&level, ruleset)
}

/// A battle on a shipped level, with seed 1.
pub fn shipped(file: &str) -> Engine {
    let ruleset = Ruleset::embedded().expect("the built-in data loads");
    let level = load_level(Path::new(file), &ruleset)
        .expect("a shipped level")
        .level;
    start(&level, ruleset)
}

/// The level of [`roland_to_act`].
pub const ROLAND_STRIP: &str = r#"(name: "Strip", tile_size: 6, legend: { 'g': Grass }, map: ["ggg"],
        sides: [(id: "heroes", name: "Heroes", colour: (0.1, 0.3, 0.8), kind: Heroes, controller: Human),
                (id: "foes", name: "Foes", colour: (0.8, 0.2, 0.1), kind: Npcs, controller: Ai)],
        units: [(id: "roland", template: "hero_swordsman", side: "heroes", zone: (0, 0),
                    overrides: (action_dice: Some(Fixed([6, 5])))),
                (id: "bandit", template: "bandit", side: "foes", zone: (2, 0),
                    overrides: (action_dice: Some(Fixed([2]))))],
        victory: [DefeatAll(side: "foes")])"#;

/// Roland (human) to act, his 6 before the bandit's 2, on a strip of grass.
pub fn roland_to_act() -> Engine {
    from_text(ROLAND_STRIP)
}
