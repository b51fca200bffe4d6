//! Helpers shared by the integration tests: battles on the engine with no
//! App, and dice that must not run out.

use std::path::Path;
use std::sync::Arc;

use swift_swords::battle::command::{Command, Order, RuleError};
use swift_swords::battle::engine::Engine;
use swift_swords::battle::events::BattleEvent;
use swift_swords::battle::state::{BattleState, UnitState};
use swift_swords::data::Ruleset;
use swift_swords::level::{Level, load_level, parse_level};
use swift_swords::rules::dice::Dice;

/// The shipped data.
pub fn ruleset() -> Arc<Ruleset> {
    Arc::new(Ruleset::load_dir(Path::new("assets/data")).expect("shipped data is valid"))
}

/// The files in `levels/`, in file name order.
pub fn shipped_level_paths() -> Vec<std::path::PathBuf> {
    let mut paths: Vec<_> = std::fs::read_dir("levels")
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    paths.sort();
    paths
}

/// Every level in `levels/`, in file name order.
pub fn shipped_levels() -> Vec<Level> {
    let ruleset = ruleset();
    shipped_level_paths()
        .iter()
        .map(|p| {
            load_level(p, &ruleset)
                .unwrap_or_else(|e| panic!("{e}"))
                .level
        })
        .collect()
}

/// The shipped level whose name begins with `name`.
pub fn shipped_level(name: &str) -> Level {
    shipped_levels()
        .into_iter()
        .find(|l| l.name.starts_with(name))
        .unwrap_or_else(|| panic!("no shipped level named {name}"))
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

/// The text of a level for the level check: a hero of side "a", then `foe`
/// (one unit's RON, of side "b"), whose id stands on line 11, column 18.
pub fn hero_against(foe: &str) -> String {
    format!(
        r#"(
        name: "Checked",
        legend: {{ 'g': Grass }},
        map: ["g"],
        sides: [
            (id: "a", name: "A", colour: (0.1, 0.3, 0.9), kind: Heroes),
            (id: "b", name: "B", colour: (0.7, 0.2, 0.1), kind: Npcs),
        ],
        units: [
            (id: "hero", template: "hero_swordsman", side: "a", zone: (0, 0)),
            {foe}
        ],
    )"#
    )
}

/// A battle on `level` with these dice, run on to its first decision.
pub fn battle_app(level: &Level, ruleset: Arc<Ruleset>, seed: u64, dice: Dice) -> Engine {
    let engine = Engine::start(level, ruleset, seed, dice);
    assert_dice_last(&engine);
    engine
}

/// A battle on `level` with scripted dice, run on to its first decision.
pub fn app(level: &Level, dice: &[u8]) -> Engine {
    battle_app(level, ruleset(), 0, Dice::scripted(dice.iter().copied()))
}

/// Scripted dice that ran out fail the test: a test must not pass on dice
/// nobody chose.
#[track_caller]
fn assert_dice_last(engine: &Engine) {
    let overrun = engine.dice().overrun();
    assert!(
        overrun == 0,
        "the scripted dice ran out: {overrun} more rolls were needed"
    );
}

/// Gives a command through the engine's door.
#[track_caller]
pub fn submit(engine: &mut Engine, command: Command) -> Result<(), RuleError> {
    let verdict = engine.submit(&command).map(|_| ());
    assert_dice_last(engine);
    verdict
}

pub fn table(engine: &Engine) -> BattleState {
    engine.state().clone()
}

pub fn unit<'a>(table: &'a BattleState, id: &str) -> &'a UnitState {
    &table.units()[table.unit_index(id).expect("unit exists")]
}

#[track_caller]
pub fn act(engine: &mut Engine, unit: &str, order: Order) {
    if let Err(error) = submit(engine, Command::new(unit, order.clone())) {
        panic!("{unit} {order:?} refused: {error}");
    }
}

pub fn log(engine: &Engine) -> Vec<BattleEvent> {
    engine.log().to_vec()
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

/// One combatant of a test level, written out as the level's RON: the setup
/// most tests repeat (a template, a side, a zone, and overrides).
#[derive(Debug, Clone)]
pub struct Fielded {
    id: String,
    template: String,
    side: &'static str,
    zone: (u16, u16),
    fields: Vec<String>,
    overrides: Vec<String>,
}

/// A combatant of the heroes' side, in zone (0, 0) until moved.
pub fn hero(id: &str, template: &str) -> Fielded {
    Fielded::new(id, template, "heroes")
}

/// A combatant of the foes' side, in zone (0, 0) until moved.
pub fn foe(id: &str, template: &str) -> Fielded {
    Fielded::new(id, template, "foes")
}

impl Fielded {
    fn new(id: &str, template: &str, side: &'static str) -> Self {
        Self {
            id: id.into(),
            template: template.into(),
            side,
            zone: (0, 0),
            fields: Vec::new(),
            overrides: Vec::new(),
        }
    }

    pub fn at(mut self, x: u16, y: u16) -> Self {
        self.zone = (x, y);
        self
    }

    /// Starts in the named group (a melee, or comrades side by side).
    pub fn grouped(self, group: &str) -> Self {
        self.field(&format!("group: Some({group:?})"))
    }

    /// A field of the unit itself rather than of its template (a flyer's
    /// `facing`, say), as the level's RON writes it.
    pub fn field(mut self, field: &str) -> Self {
        self.fields.push(field.into());
        self
    }

    /// Trained in no defence, so nothing answers an attack on it.
    pub fn untrained(self) -> Self {
        self.with("defences: Some({})")
    }

    /// Rolls exactly these action dice every round.
    pub fn dice(self, faces: &[u8]) -> Self {
        let faces: Vec<String> = faces.iter().map(u8::to_string).collect();
        self.with(&format!("action_dice: Some(Fixed([{}]))", faces.join(", ")))
    }

    /// Any other override, as the level's RON writes it.
    pub fn with(mut self, field: &str) -> Self {
        self.overrides.push(field.into());
        self
    }
}

impl std::fmt::Display for Fielded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (x, y) = self.zone;
        let fields: String = self.fields.iter().map(|f| format!("{f}, ")).collect();
        write!(
            f,
            "(id: {:?}, template: {:?}, side: {:?}, zone: ({x}, {y}), {fields}overrides: ({})),",
            self.id,
            self.template,
            self.side,
            self.overrides.join(", ")
        )
    }
}

/// The units list of [`level`], from fielded combatants.
pub fn units(fielded: &[Fielded]) -> String {
    fielded.iter().map(ToString::to_string).collect()
}

/// Runs the game's binary; its exit code, stdout and stderr.
pub fn swift_swords(args: &[&str]) -> (i32, String, String) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_swift-swords"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// The problems a campaign's `text` has (read as `campaigns/test.ron`), as
/// `line:col: message`.
pub fn campaign_problems(text: &str) -> Vec<String> {
    match swift_swords::campaign::check::parse_campaign(
        Path::new("campaigns/test.ron"),
        text,
        &ruleset(),
    ) {
        Ok(_) => Vec::new(),
        Err(found) => found
            .0
            .iter()
            .map(|d| format!("{}:{}: {}", d.line, d.col, d.message))
            .collect(),
    }
}

/// A unit of `battle` by id, to set how it ended.
pub fn unit_mut<'a>(battle: &'a mut BattleState, id: &str) -> &'a mut UnitState {
    let index = battle.unit_index(id).expect("unit");
    &mut battle.set_up().units[index]
}
