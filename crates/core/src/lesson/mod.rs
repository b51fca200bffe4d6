//! Lessons: a battle with fixed dice, played step by step. Each step is a
//! short text, a thing to point at, and what the player must do: read on,
//! or give one order. The other side's orders of the step follow, and the
//! step's expectations must then hold. The rules-script machinery runs them:
//! the same levels, orders and expectations. The format is in
//! docs/LESSONS.md.

use std::collections::VecDeque;
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::battle::check::Plan;
use crate::battle::command::{Command, Order};
use crate::battle::engine::Engine;
use crate::battle::state::BattleState;
use crate::data::{Ruleset, parse_ron};
use crate::diagnostics::{Diagnostic, Diagnostics, SourceText};
use crate::level::Level;
use crate::rules::dice::Dice;
use crate::script::{Expectation, LevelSource, check_expectation, level_of};
use crate::vocabulary::ZoneCoord;

/// A lesson as written in its file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    pub name: String,
    /// One line for the list of lessons.
    #[serde(default)]
    pub about: String,
    pub level: LevelSource,
    /// Every roll of the lesson, in order, as a rules script's scripted dice.
    pub dice: Vec<u8>,
    pub steps: Vec<LessonStep>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonStep {
    pub title: String,
    pub text: String,
    /// What the HUD or the table points out while the step is open; a step
    /// that asks for an order also points at its menu entry and target.
    #[serde(default)]
    pub point_at: PointAt,
    #[serde(default)]
    pub goal: Goal,
    /// The other side's orders once the goal is done, given in turn.
    #[serde(default)]
    pub then: Vec<TheirOrder>,
    /// What must hold once the step and its other orders are done.
    #[serde(default)]
    pub check: Vec<Expectation>,
}

/// What the player must do to finish a step.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Goal {
    /// Read the text and press Next.
    #[default]
    Read,
    /// Give exactly this order: the same target, weapon and choices, paid
    /// with the same dice (`pay: None` is the least wasteful dice).
    Do { unit: String, order: Order },
}

/// An order of the other side in a lesson.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TheirOrder {
    pub unit: String,
    pub order: Order,
}

/// What a step points out.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum PointAt {
    #[default]
    Nothing,
    /// A figure on the table, by its id.
    Unit(String),
    /// A zone of the table.
    Zone(ZoneCoord),
    /// The countdown track.
    Countdown,
    /// The selected combatant's card, with its action dice.
    Card,
    /// The dice picker ("Pay with").
    PayWith,
    /// The choice of a special tactic for attacks.
    Tactics,
    /// The special results picker for attacks.
    Specials,
    /// The action menu.
    Actions,
    /// The battle log.
    Log,
}

/// The longest a lesson may be, in dice and steps: far past any lesson, so
/// that a broken file cannot run without end.
pub const MOST_LESSON_DICE: usize = 10_000;
pub const MOST_LESSON_STEPS: usize = 500;

/// Reads, parses and checks a lesson file and its level. Each step is
/// played through, so a lesson that goes off its path is reported here,
/// at the step that fails, rather than in front of a player.
pub fn load_lesson(path: &Path, ruleset: &Arc<Ruleset>) -> Result<(Lesson, Level), Diagnostics> {
    let text = crate::files::read_text(path, crate::files::FileKind::Lesson)
        .map_err(|problem| Diagnostics(vec![problem]))?;
    let lesson: Lesson = parse_ron(path, &text).map_err(|e| Diagnostics(vec![e]))?;
    let problem = |message: String| Diagnostics(vec![Diagnostic::new(path, (1, 1), message)]);
    if lesson.steps.is_empty() || lesson.steps.len() > MOST_LESSON_STEPS {
        return Err(problem(format!(
            "{} steps, expected 1 to {MOST_LESSON_STEPS}",
            lesson.steps.len()
        )));
    }
    if lesson.dice.len() > MOST_LESSON_DICE {
        return Err(problem(format!(
            "{} dice, expected at most {MOST_LESSON_DICE}",
            lesson.dice.len()
        )));
    }
    if let Some(bad) = lesson.dice.iter().find(|f| !(1..=6).contains(*f)) {
        return Err(problem(format!("the die {bad} is not a face from 1 to 6")));
    }
    let level = level_of(path, &lesson.level, ruleset, false)?;
    LessonRun::rebuild(&lesson, &level, ruleset.clone(), lesson.steps.len()).map_err(|off| {
        // Reported at the failing step's title.
        let at = SourceText::new(&text)
            .find_key("title", off.step.saturating_sub(1))
            .unwrap_or((1, 1));
        Diagnostics(vec![Diagnostic::new(path, at, off.to_string())])
    })?;
    Ok((lesson, level))
}

/// Why a lesson could not go on: the step (from 1) and what went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OffPath {
    pub step: usize,
    pub problem: String,
}

impl std::fmt::Display for OffPath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "step {}: {}", self.step, self.problem)
    }
}

/// What the HUD lets the player do while a lesson step is open.
#[derive(Debug, Clone, PartialEq)]
pub struct LessonGate {
    /// The command the step asks for; `None` while the player reads.
    pub expected: Option<Command>,
    /// Told to the player who gives another order.
    pub hint: String,
    pub point_at: PointAt,
}

impl LessonGate {
    /// Whether a checked command is the one the step asks for: the same
    /// order (any weapon or dice named aside) whose check names the same
    /// weapon and pays with the same faces.
    pub fn asks_for_plan(&self, table: &BattleState, given: &Plan) -> bool {
        self.expected
            .as_ref()
            .filter(|expected| table.units()[given.actor].unit.id == expected.unit)
            .and_then(|expected| table.check(expected).ok())
            .is_some_and(|wanted| same_plan(table, &wanted, given))
    }
}

/// The order a step asks for, in words, with an attack's tactic and
/// special results spelled out: they are the player's standing choices, and
/// a choice left over from an earlier step must be changed.
fn asked_in_words(table: &BattleState, command: &Command) -> String {
    let mut words = crate::replay::command_in_words(table, command);
    if let Order::Attack {
        specials, tactic, ..
    } = &command.order
    {
        if tactic.is_none() {
            words.push_str(", with no tactic");
        }
        if specials.is_empty() {
            words.push_str(", buying no special results");
        } else {
            let names: Vec<&str> = specials.iter().map(|s| s.name()).collect();
            words.push_str(&format!(", buying {}", names.join(" then ")));
        }
    }
    words
}

/// Two checked plans do the same: the same order once the weapon and dice
/// named are set aside, the same weapon, the same faces paid.
fn same_plan(table: &BattleState, a: &Plan, b: &Plan) -> bool {
    let bare = |plan: &Plan| {
        let mut order = plan.order.clone();
        if let Some(pay) = order.payment_mut() {
            *pay = None;
        }
        if let Order::Attack { weapon, .. } = &mut order {
            *weapon = None;
        }
        order
    };
    let faces = |plan: &Plan| {
        let pool = &table.units()[plan.actor].pool.dice;
        let mut faces: Vec<u8> = plan
            .paid
            .iter()
            .filter_map(|&k| pool.get(k))
            .copied()
            .collect();
        faces.sort_unstable();
        faces
    };
    a.actor == b.actor && bare(a) == bare(b) && a.weapon == b.weapon && faces(a) == faces(b)
}

/// A lesson being played: the step open, and the other side's orders still
/// to come in it.
#[derive(Debug, Clone)]
pub struct LessonRun {
    pub lesson: Arc<Lesson>,
    /// The open step, from 0; the lesson's length once it is over.
    pub step: usize,
    goal_done: bool,
    theirs: VecDeque<Command>,
    /// Where the open step's events begin in the battle log.
    events_from: usize,
}

impl LessonRun {
    /// The lesson's battle at its start: its level, with its dice.
    pub fn begin(lesson: &Lesson, level: &Level, ruleset: Arc<Ruleset>) -> (Self, Engine) {
        let engine = Engine::start(
            level,
            ruleset,
            level.seed.unwrap_or(0),
            Dice::scripted(lesson.dice.iter().copied()),
        );
        let run = Self {
            lesson: Arc::new(lesson.clone()),
            step: 0,
            goal_done: false,
            theirs: VecDeque::new(),
            events_from: engine.log().len(),
        };
        (run, engine)
    }

    /// The lesson's battle as it stands at the start of `step` (from 0),
    /// every earlier step played as written.
    pub fn rebuild(
        lesson: &Lesson,
        level: &Level,
        ruleset: Arc<Ruleset>,
        step: usize,
    ) -> Result<(Self, Engine), OffPath> {
        let (mut run, mut engine) = Self::begin(lesson, level, ruleset);
        while run.step < step.min(lesson.steps.len()) {
            if let Goal::Do { unit, order } = &run.current().goal {
                let command = Command::new(unit.clone(), order.clone());
                run.submit(&mut engine, &command)?;
            } else {
                run.read_on();
            }
            run.play_theirs(&mut engine)?;
        }
        Ok((run, engine))
    }

    pub fn finished(&self) -> bool {
        self.step >= self.lesson.steps.len()
    }

    /// The open step (the last, once the lesson is over).
    pub fn current(&self) -> &LessonStep {
        let last = self.lesson.steps.len().saturating_sub(1);
        &self.lesson.steps[self.step.min(last)]
    }

    /// Whether the open step waits for the player to read on.
    pub fn waits_to_read(&self) -> bool {
        !self.finished() && !self.goal_done && self.current().goal == Goal::Read
    }

    /// Whether the open step's goal is done and its other orders are under way.
    pub fn goal_done(&self) -> bool {
        self.goal_done
    }

    /// What the HUD lets the player do now.
    pub fn gate(&self, table: &BattleState) -> LessonGate {
        let step = self.current();
        let expected = match &step.goal {
            Goal::Do { unit, order } if !self.goal_done && !self.finished() => {
                Some(Command::new(unit.clone(), order.clone()))
            }
            _ => None,
        };
        let hint = match &expected {
            _ if self.finished() => "The lesson is over.".to_string(),
            Some(command) => format!("In this step: {}.", asked_in_words(table, command)),
            None if self.goal_done => "Wait for the other side.".to_string(),
            None => "Read this step, then press Next.".to_string(),
        };
        LessonGate {
            expected,
            hint,
            point_at: if self.finished() {
                PointAt::Nothing
            } else {
                step.point_at.clone()
            },
        }
    }

    /// The player read the open step.
    pub fn read_on(&mut self) {
        if self.waits_to_read() {
            self.start_theirs();
        }
    }

    /// A command the battle accepted: the goal's, if it was the goal's
    /// combatant's while the goal was open (the HUD's gate let no other
    /// of the player's orders through).
    pub fn accepted(&mut self, command: &Command) {
        if self.finished() || self.goal_done {
            return;
        }
        if let Goal::Do { unit, .. } = &self.current().goal
            && *unit == command.unit
        {
            self.start_theirs();
        }
    }

    fn start_theirs(&mut self) {
        self.goal_done = true;
        self.theirs = self
            .current()
            .then
            .iter()
            .map(|theirs| Command::new(theirs.unit.clone(), theirs.order.clone()))
            .collect();
    }

    /// The other side's next order in this step, taken off the list.
    pub fn next_theirs(&mut self) -> Option<Command> {
        self.theirs.pop_front()
    }

    /// Whether the step's goal is done and the other side has given every
    /// order of it.
    pub fn step_played(&self) -> bool {
        self.goal_done && self.theirs.is_empty()
    }

    /// Closes a played step: its expectations must hold; then the next
    /// step opens.
    pub fn close_step(&mut self, engine: &Engine) -> Result<(), OffPath> {
        let off = |problem: String| OffPath {
            step: self.step + 1,
            problem,
        };
        if engine.dice().overrun() > 0 {
            return Err(off("the lesson's dice ran out".to_string()));
        }
        for expectation in &self.current().check {
            check_expectation(engine, expectation, self.events_from).map_err(off)?;
        }
        self.step += 1;
        self.goal_done = false;
        self.events_from = engine.log().len();
        Ok(())
    }

    /// Gives a command straight to the engine (the game gives them through
    /// its queue), and notes it as [`Self::accepted`] does.
    pub fn submit(&mut self, engine: &mut Engine, command: &Command) -> Result<(), OffPath> {
        let words = crate::replay::command_in_words(engine.state(), command);
        if let Err(error) = engine.submit(command).map(|_| ()) {
            return Err(OffPath {
                step: self.step + 1,
                problem: format!(
                    "{words} was refused: {}",
                    error.narrate(&crate::battle::describe::Names::of(engine.state()))
                ),
            });
        }
        self.accepted(command);
        Ok(())
    }

    /// Gives the other side's orders of the step, then closes it.
    pub fn play_theirs(&mut self, engine: &mut Engine) -> Result<(), OffPath> {
        while let Some(command) = self.next_theirs() {
            self.submit(engine, &command)?;
        }
        self.close_step(engine)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lesson_file(name: &str, text: &str) -> (crate::scratch::Scratch, std::path::PathBuf) {
        let scratch = crate::scratch::Scratch::new("lesson");
        let dir = scratch.path().to_path_buf();
        let path = dir.join(name);
        std::fs::write(&path, text).expect("the lesson");
        (scratch, path)
    }

    const LESSON: &str = r#"(
    name: "Strip",
    level: Inline((name: "Strip", tile_size: 6, legend: { 'g': Grass }, map: ["gg"],
        sides: [(id: "heroes", name: "Heroes", colour: (0.1, 0.3, 0.8), kind: Heroes, controller: Human),
                (id: "foes", name: "Foes", colour: (0.8, 0.2, 0.1), kind: Npcs, controller: Ai)],
        units: [(id: "roland", template: "hero_swordsman", side: "heroes", zone: (0, 0)),
                (id: "bandit", template: "bandit", side: "foes", zone: (1, 0))],
        victory: [DefeatAll(side: "foes")])),
    dice: [5, 4, 3, 2,   4, 3, 2],
    steps: [
        (title: "Read", text: "Roland acts first."),
        (
            title: "Move",
            text: "Step aside.",
            goal: Do(unit: "roland", order: Move(to: (1, 0))),
            check: [Zone(unit: "roland", zone: ZONE)],
        ),
    ],
)"#;

    fn ruleset() -> Arc<Ruleset> {
        Arc::new(Ruleset::embedded().expect("the built-in data"))
    }

    #[test]
    fn a_lesson_that_plays_as_written_loads() {
        let (_scratch, path) = lesson_file("good.ron", &LESSON.replace("ZONE", "(1, 0)"));
        let (lesson, _) = load_lesson(&path, &ruleset()).expect("it plays");
        assert_eq!(lesson.steps.len(), 2);
    }

    #[test]
    fn a_lesson_off_its_path_is_reported_at_the_failing_steps_title() {
        let (_scratch, path) = lesson_file("off.ron", &LESSON.replace("ZONE", "(0, 0)"));
        let problems = load_lesson(&path, &ruleset()).expect_err("the check fails");
        assert_eq!(
            problems.to_string(),
            format!(
                "{}:13:20: step 2: zone of `roland`: expected (0, 0), found (1, 0)",
                path.display()
            )
        );
    }

    #[test]
    fn a_lesson_whose_dice_run_out_or_are_no_faces_is_refused() {
        let short = LESSON
            .replace("ZONE", "(1, 0)")
            .replace("[5, 4, 3, 2,   4, 3, 2]", "[5, 4]");
        let (_scratch, path) = lesson_file("short.ron", &short);
        let problems = load_lesson(&path, &ruleset()).expect_err("the dice run out");
        assert!(
            problems
                .to_string()
                .ends_with("step 1: the lesson's dice ran out"),
            "{problems}"
        );
        let seven = LESSON.replace("ZONE", "(1, 0)").replace("[5, 4,", "[7, 4,");
        let (_scratch, path) = lesson_file("seven.ron", &seven);
        let problems = load_lesson(&path, &ruleset()).expect_err("no such face");
        assert!(
            problems
                .to_string()
                .ends_with("the die 7 is not a face from 1 to 6"),
            "{problems}"
        );
    }
}
