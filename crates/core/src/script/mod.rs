//! Rules scripts: a level, the dice, and steps of commands and expectations.
//! Designers use them to pin a rule down; the project keeps its own in
//! `tests/scripts/`, run by `cargo test`. The format is in docs/SCRIPTS.md.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::battle::command::{Command, Order};
use crate::battle::components::{Conditions, Fate, Status};
use crate::battle::engine::Engine;
use crate::battle::events::{BattleEvent, Outcome};
use crate::data::{Ruleset, parse_ron};
use crate::diagnostics::{Diagnostic, Diagnostics, SourceText};
use crate::files::{FileKind, read_text};
use crate::level::validate::validate;
use crate::level::{Level, parse_level};
use crate::rules::dice::Dice;
use crate::vocabulary::Defence;
use crate::vocabulary::ZoneCoord;

/// Where a script's level comes from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum LevelSource {
    /// A level file, relative to the script's folder or else the working folder.
    File(String),
    /// A whole level written into the script.
    Inline(Box<Level>),
}

/// Where a script's dice come from.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum DiceSpec {
    /// The level's seed (0 if it has none).
    #[default]
    LevelSeed,
    Seed(u64),
    /// These results, in order, for every roll of the battle.
    Scripted(Vec<u8>),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Script {
    pub name: String,
    #[serde(default)]
    pub about: String,
    pub level: LevelSource,
    #[serde(default)]
    pub dice: DiceSpec,
    pub steps: Vec<Step>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Step {
    /// The command must be accepted.
    Do {
        unit: String,
        order: Order,
    },
    /// The command must be refused with this reason (the name of the rule error).
    Reject {
        unit: String,
        order: Order,
        reason: String,
    },
    Expect(Expectation),
    /// The AI at this level gives every side's commands until the battle
    /// ends; it fails if the battle has not ended within `max_actions`.
    PlayOut {
        ai: crate::ai::AiLevel,
        max_actions: u32,
    },
}

/// Something that must be true of the battle at this step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Expectation {
    /// The unit's action dice, in order.
    Dice {
        unit: String,
        dice: Vec<u8>,
    },
    /// Real ranks not yet lost.
    Ranks {
        unit: String,
        #[serde(default)]
        physical: Option<i32>,
        #[serde(default)]
        mental: Option<i32>,
    },
    /// Only the fields given are checked.
    Conditions {
        unit: String,
        #[serde(default)]
        stunned: Option<bool>,
        #[serde(default)]
        shocked: Option<bool>,
        #[serde(default)]
        fumbled: Option<bool>,
        #[serde(default)]
        exposure: Option<u8>,
        #[serde(default)]
        surprised: Option<bool>,
    },
    Status {
        unit: String,
        status: Status,
    },
    Zone {
        unit: String,
        zone: ZoneCoord,
    },
    Fate {
        unit: String,
        fate: Fate,
    },
    /// The unit's defence pool: which defence and how many dice (`None`
    /// and 0 for no pool).
    DefencePool {
        unit: String,
        defence: Option<Defence>,
        #[serde(default)]
        dice: u8,
    },
    /// Dice carried into the next round.
    Carried {
        unit: String,
        dice: u8,
    },
    /// Exactly these units may act now.
    Turn {
        units: Vec<String>,
    },
    Round {
        round: u32,
    },
    /// This event is somewhere in the log.
    Happened {
        event: BattleEvent,
    },
    NotHappened {
        event: BattleEvent,
    },
    /// The last command produced exactly these events, in order.
    LastEvents {
        events: Vec<BattleEvent>,
    },
    Winner {
        side: String,
    },
    Draw,
    /// The battle has not ended yet.
    Ongoing,
}

/// How one script went.
#[derive(Debug, Clone, PartialEq)]
pub struct ScriptReport {
    pub name: String,
    pub path: PathBuf,
    /// The first failed step and what was found instead.
    pub failure: Option<String>,
}

impl ScriptReport {
    pub fn passed(&self) -> bool {
        self.failure.is_none()
    }
}

/// Reads and parses a script file.
pub fn load_script(path: &Path) -> Result<Script, Diagnostics> {
    let text = read_text(path, FileKind::Script).map_err(|problem| Diagnostics(vec![problem]))?;
    let script: Script = parse_ron(path, &text).map_err(|e| Diagnostics(vec![e]))?;
    let problems = script_bounds(path, &text, &script);
    if problems.is_empty() {
        Ok(script)
    } else {
        Err(Diagnostics(problems))
    }
}

/// The most scripted dice a script may list, and the most actions a
/// `PlayOut` may wait for: far past any battle, so that a script cannot run
/// without end (docs/SCRIPTS.md).
pub const MOST_SCRIPTED_DICE: usize = 100_000;
pub const MOST_PLAYOUT_ACTIONS: u32 = 100_000;

fn script_bounds(path: &Path, text: &str, script: &Script) -> Vec<Diagnostic> {
    let source = SourceText::new(text);
    let mut problems = Vec::new();
    if let DiceSpec::Scripted(results) = &script.dice
        && results.len() > MOST_SCRIPTED_DICE
    {
        problems.push(Diagnostic::new(
            path,
            source.field_or_start("dice", "", 0),
            format!(
                "{} scripted dice, expected at most {MOST_SCRIPTED_DICE}",
                results.len()
            ),
        ));
    }
    if let DiceSpec::Scripted(results) = &script.dice
        && let Some((index, face)) = results
            .iter()
            .enumerate()
            .find(|(_, face)| !(1..=6).contains(*face))
    {
        problems.push(Diagnostic::new(
            path,
            source.field_or_start("dice", "", 0),
            format!(
                "scripted die number {} shows {face}, expected 1 to 6",
                index + 1
            ),
        ));
    }
    let playouts = script.steps.iter().filter_map(|step| match step {
        Step::PlayOut { max_actions, .. } => Some(*max_actions),
        _ => None,
    });
    for (index, max_actions) in playouts.enumerate() {
        if !(1..=MOST_PLAYOUT_ACTIONS).contains(&max_actions) {
            problems.push(Diagnostic::new(
                path,
                source.find_key("max_actions", index).unwrap_or((1, 1)),
                format!("max_actions is {max_actions}, expected 1 to {MOST_PLAYOUT_ACTIONS}"),
            ));
        }
    }
    problems
}

/// Finds and checks a script's level. A level file must be a relative path
/// that stays inside the script's folder or the working folder, unless
/// `allow_outside`: a shared script must not read files elsewhere.
pub fn script_level(
    path: &Path,
    script: &Script,
    ruleset: &Ruleset,
    allow_outside: bool,
) -> Result<Level, Diagnostics> {
    level_of(path, &script.level, ruleset, allow_outside)
}

/// Finds and checks the level named in the file at `path` (a script or a
/// lesson), as [`script_level`] does.
pub fn level_of(
    path: &Path,
    source: &LevelSource,
    ruleset: &Ruleset,
    allow_outside: bool,
) -> Result<Level, Diagnostics> {
    match source {
        LevelSource::Inline(level) => {
            let text = read_text(path, FileKind::Script).unwrap_or_default();
            let problems = validate(path, &text, level, ruleset);
            if problems.is_empty() {
                Ok(level.as_ref().clone())
            } else {
                Err(Diagnostics(problems))
            }
        }
        LevelSource::File(file) => {
            let folder = path.parent().unwrap_or(Path::new("."));
            let beside = folder.join(file);
            let level_path = if beside.exists() {
                beside
            } else {
                PathBuf::from(file)
            };
            let at = SourceText::new(&read_text(path, FileKind::Script).unwrap_or_default())
                .find_string(file, 0)
                .unwrap_or((1, 1));
            let problem = |message: String| Diagnostics(vec![Diagnostic::new(path, at, message)]);
            if !allow_outside && Path::new(file).is_absolute() {
                return Err(problem(format!(
                    "the level `{file}` is an absolute path, expected one relative to the \
                     script (or run with --allow-outside)"
                )));
            }
            // Where the level lies is checked before it is opened, so a
            // file outside is refused alike whether it exists or not.
            if !allow_outside && !crate::files::inside(&level_path, &[folder, Path::new(".")]) {
                return Err(problem(format!(
                    "the level `{file}` is outside the script's folder and the working \
                     folder (run with --allow-outside to allow it)"
                )));
            }
            let text = read_text(&level_path, FileKind::Level).map_err(|e| {
                problem(format!(
                    "cannot read level `{}`: {}",
                    level_path.display(),
                    e.message
                ))
            })?;
            parse_level(&level_path, &text, ruleset)
        }
    }
}

/// Runs a script file and reports how it went (a broken file is a failure).
pub fn run_script_file(path: &Path, ruleset: Arc<Ruleset>, allow_outside: bool) -> ScriptReport {
    let fail = |name: String, message: String| ScriptReport {
        name,
        path: path.to_path_buf(),
        failure: Some(message),
    };
    let script = match load_script(path) {
        Ok(script) => script,
        Err(errors) => return fail(path.display().to_string(), errors.to_string()),
    };
    let level = match script_level(path, &script, &ruleset, allow_outside) {
        Ok(level) => level,
        Err(errors) => return fail(script.name, errors.to_string()),
    };
    let failure = run_script(&script, &level, ruleset).err();
    ScriptReport {
        name: script.name,
        path: path.to_path_buf(),
        failure,
    }
}

/// Runs a parsed script on its level; `Err` names the first failed step.
pub fn run_script(script: &Script, level: &Level, ruleset: Arc<Ruleset>) -> Result<(), String> {
    let seed = match script.dice {
        DiceSpec::Seed(seed) => seed,
        _ => level.seed.unwrap_or(0),
    };
    let dice = match &script.dice {
        DiceSpec::Scripted(results) => {
            if let Some(bad) = results.iter().find(|f| !(1..=6).contains(*f)) {
                return Err(format!("scripted die {bad} is not a face from 1 to 6"));
            }
            Dice::scripted(results.iter().copied())
        }
        _ => Dice::seeded(seed),
    };
    let mut engine = Engine::start(level, ruleset, seed, dice);
    let mut last_events_from = 0;
    for (number, step) in script.steps.iter().enumerate() {
        let at = |message: String| format!("step {}: {message}", number + 1);
        match step {
            Step::Do { unit, order } => {
                last_events_from = engine.log().len();
                engine
                    .submit(&Command::new(unit.clone(), order.clone()))
                    .map_err(|error| at(format!("`{unit}` {order:?} was refused: {error}")))?;
            }
            Step::Reject {
                unit,
                order,
                reason,
            } => match engine.submit(&Command::new(unit.clone(), order.clone())) {
                Ok(_) => {
                    return Err(at(format!(
                        "`{unit}` {order:?} was accepted, expected refusal {reason}"
                    )));
                }
                Err(error) => {
                    let name = format!("{error:?}");
                    if !name.starts_with(reason.as_str()) {
                        return Err(at(format!("refused with {name}, expected {reason}")));
                    }
                }
            },
            Step::Expect(expectation) => {
                check_expectation(&engine, expectation, last_events_from).map_err(at)?;
            }
            Step::PlayOut { ai, max_actions } => {
                last_events_from = engine.log().len();
                play_out(&mut engine, *ai, *max_actions).map_err(at)?;
            }
        }
        let overrun = engine.dice().overrun();
        if overrun > 0 {
            return Err(at(format!(
                "the scripted dice ran out ({overrun} more rolls were needed)"
            )));
        }
    }
    Ok(())
}

/// The AI plays every side to the end of the battle.
fn play_out(engine: &mut Engine, ai: crate::ai::AiLevel, max_actions: u32) -> Result<(), String> {
    use crate::ai::play::Stopped;
    let limit = usize::try_from(max_actions).unwrap_or(usize::MAX);
    crate::ai::play::play_out(engine, |_| ai, limit, |_, _, _| {}).map_err(
        |stopped| match stopped {
            Stopped::NoCommand => "the battle waits, but nobody has a legal command".to_string(),
            Stopped::Refused(refused) => {
                let (command, error) = *refused;
                format!("the AI's {command:?} was refused: {error}")
            }
            Stopped::Limit => format!("the battle had not ended after {max_actions} actions"),
        },
    )
}

/// Whether the expectation holds of the battle; `last_events_from` is where
/// the last command's events begin in the log.
pub fn check_expectation(
    engine: &Engine,
    expectation: &Expectation,
    last_events_from: usize,
) -> Result<(), String> {
    let table = engine.state();
    let log = engine.log();
    let battle = &table.battle();
    let unit = |id: &str| {
        table
            .unit_index(id)
            .map(|i| &table.units()[i])
            .ok_or_else(|| format!("there is no unit `{id}`"))
    };
    match expectation {
        Expectation::Dice { unit: id, dice } => compare(
            format!("dice of `{id}`"),
            format!("{dice:?}"),
            format!("{:?}", unit(id)?.pool.dice),
        ),
        Expectation::Ranks {
            unit: id,
            physical,
            mental,
        } => {
            let u = unit(id)?;
            if let Some(p) = physical {
                compare(
                    format!("physical ranks of `{id}`"),
                    p.to_string(),
                    u.ranks.physical.remaining().to_string(),
                )?;
            }
            if let Some(m) = mental {
                compare(
                    format!("mental ranks of `{id}`"),
                    m.to_string(),
                    u.ranks.mental.remaining().to_string(),
                )?;
            }
            Ok(())
        }
        Expectation::Conditions {
            unit: id,
            stunned,
            shocked,
            fumbled,
            exposure,
            surprised,
        } => {
            let found = unit(id)?.conditions;
            let expected = (*stunned, *shocked, *fumbled, *exposure, *surprised);
            conditions_hold(id, expected, &found)
        }
        Expectation::Status { unit: id, status } => compare(
            format!("status of `{id}`"),
            format!("{status:?}"),
            format!("{:?}", unit(id)?.status),
        ),
        Expectation::Zone { unit: id, zone } => compare(
            format!("zone of `{id}`"),
            zone.to_string(),
            unit(id)?.placement.zone.to_string(),
        ),
        Expectation::Fate { unit: id, fate } => compare(
            format!("fate of `{id}`"),
            format!("{fate:?}"),
            format!("{:?}", unit(id)?.fate),
        ),
        Expectation::DefencePool {
            unit: id,
            defence,
            dice,
        } => {
            let pool = unit(id)?.conditions.defence_pool;
            compare(
                format!("defence pool of `{id}`"),
                format!("{defence:?} {dice}"),
                format!(
                    "{:?} {}",
                    pool.map(|p| p.defence),
                    pool.map_or(0, |p| p.dice)
                ),
            )
        }
        Expectation::Carried { unit: id, dice } => compare(
            format!("dice carried by `{id}`"),
            dice.to_string(),
            unit(id)?.pool.carried.to_string(),
        ),
        Expectation::Turn { units } => compare(
            "turn".into(),
            format!("{units:?}"),
            format!("{:?}", table.turn_units()),
        ),
        Expectation::Round { round } => {
            compare("round".into(), round.to_string(), battle.round.to_string())
        }
        Expectation::Happened { event } => {
            if log.contains(event) {
                Ok(())
            } else {
                Err(format!("{event:?} did not happen"))
            }
        }
        Expectation::NotHappened { event } => {
            if log.contains(event) {
                Err(format!("{event:?} happened"))
            } else {
                Ok(())
            }
        }
        Expectation::LastEvents { events } => {
            let found = &log[last_events_from.min(log.len())..];
            if found == events.as_slice() {
                Ok(())
            } else {
                Err(format!("events: expected {events:#?}\nfound {found:#?}"))
            }
        }
        Expectation::Winner { side } => match &battle.outcome {
            Some(Outcome::Victory { side: winner, .. }) if winner == side => Ok(()),
            other => Err(format!("winner: expected `{side}`, found {other:?}")),
        },
        Expectation::Draw => match &battle.outcome {
            Some(Outcome::Draw { .. }) => Ok(()),
            other => Err(format!("expected a draw, found {other:?}")),
        },
        Expectation::Ongoing => match &battle.outcome {
            None => Ok(()),
            Some(outcome) => Err(format!("expected the battle to go on, found {outcome:?}")),
        },
    }
}

/// "expected X, found Y" where they differ.
fn compare(what: String, expected: String, found: String) -> Result<(), String> {
    if expected == found {
        Ok(())
    } else {
        Err(format!("{what}: expected {expected}, found {found}"))
    }
}

/// Whether the conditions asked for (stunned, shocked, fumbled, exposure,
/// surprised; `None` is not asked) are those of `id`.
fn conditions_hold(
    id: &str,
    (stunned, shocked, fumbled, exposure, surprised): (
        Option<bool>,
        Option<bool>,
        Option<bool>,
        Option<u8>,
        Option<bool>,
    ),
    c: &Conditions,
) -> Result<(), String> {
    let checks = [
        (
            "stunned",
            stunned.map(|v| v.to_string()),
            c.stunned.to_string(),
        ),
        (
            "shocked",
            shocked.map(|v| v.to_string()),
            c.shocked.to_string(),
        ),
        (
            "fumbled",
            fumbled.map(|v| v.to_string()),
            c.fumbled.to_string(),
        ),
        (
            "exposure",
            exposure.map(|v| v.to_string()),
            c.exposure.to_string(),
        ),
        (
            "surprised",
            surprised.map(|v| v.to_string()),
            c.surprised.to_string(),
        ),
    ];
    for (name, expected, found) in checks {
        if let Some(expected) = expected {
            compare(format!("{name} of `{id}`"), expected, found)?;
        }
    }
    Ok(())
}
