//! Helpers shared by the integration tests.
// Each test binary uses only some of these helpers.
#![allow(dead_code)]

use std::path::Path;
use std::sync::Arc;

use bevy::prelude::App;
use swift_swords::battle::command::{Command, Order};
use swift_swords::battle::events::BattleEvent;
use swift_swords::battle::table::{BattleLog, Table, UnitState};
use swift_swords::data::Ruleset;
use swift_swords::headless::battle_app;
use swift_swords::headless::submit;
use swift_swords::level::{Level, load_level, parse_level};
use swift_swords::rules::dice::Dice;

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

/// A level with two sides (heroes and foes) and the given map and units,
/// written inline.
pub fn level(map: &str, units: &str, extra: &str) -> Level {
    let text = format!(
        r#"(
            name: "Test",
            legend: {{ 'g': Grass, 'w': Woods, '~': Water }},
            map: [{map}],
            sides: [
                (id: "heroes", name: "Heroes", colour: (0.1, 0.3, 0.9), kind: Heroes),
                (id: "foes", name: "Foes", colour: (0.7, 0.2, 0.1), kind: Npcs),
            ],
            units: [{units}],
            {extra}
        )"#
    );
    parse_level(Path::new("test.ron"), &text, &ruleset()).unwrap_or_else(|e| panic!("{e}"))
}

/// A headless battle on `level` with scripted dice, settled until the first
/// command is awaited.
pub fn app(level: &Level, dice: &[u8]) -> App {
    battle_app(level, ruleset(), 0, Dice::scripted(dice.iter().copied()))
}

pub fn table(app: &mut App) -> Table {
    Table::capture(app.world_mut()).expect("a battle is running")
}

pub fn unit<'a>(table: &'a Table, id: &str) -> &'a UnitState {
    &table.units[table.unit_index(id).expect("unit exists")]
}

pub fn act(app: &mut App, unit: &str, order: Order) {
    if let Err(error) = submit(app, Command::new(unit, order.clone())) {
        panic!("{unit} {order:?} refused: {error}");
    }
}

pub fn log(app: &App) -> Vec<BattleEvent> {
    app.world().resource::<BattleLog>().0.clone()
}

pub fn attack(target: &str) -> Order {
    Order::Attack {
        target: target.into(),
        weapon: None,
        raise_with_one: false,
        specials: Vec::new(),
        tactic: None,
        shift: Default::default(),
        pay: None,
    }
}

pub fn attack_with(target: &str, weapon: &str) -> Order {
    Order::Attack {
        target: target.into(),
        weapon: Some(weapon.into()),
        raise_with_one: false,
        specials: Vec::new(),
        tactic: None,
        shift: Default::default(),
        pay: None,
    }
}
