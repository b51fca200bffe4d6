//! "Learn to play": the lessons of the lessons folder, listed from the title
//! with how far the player got in each, and played on the battle screen. A
//! coach's window shows the open step; the HUD lets through only the order
//! the step asks for and points it out; the other side's orders are the
//! lesson's, given at the AI's pace. How far the player got is kept in the
//! config folder, so a lesson left at any step can be taken up there again.

use std::path::Path;
use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::ai::AiLevel;
use crate::battle::engine::Engine;
use crate::data::Ruleset;
use crate::game::hud::{HudState, TableViewport};
use crate::game::session::coaching::Coaching;
use crate::game::session::match_setup::PreparedBattle;
use crate::game::session::match_setup::{LevelFolder, MatchSetup, ron_files_in};
use crate::game::session::preferences::SettingsFile;
use crate::game::session::progress::{LessonProgress, ProgressFile};
use crate::game::stage::Screen;
use crate::game::stage::{EnterBattle, battle_on_table};
use crate::game::steps::RulesSet;
use crate::game::steps::{CommandQueue, StepTaken};
use crate::lesson::{Lesson, LessonRun, load_lesson};
use crate::level::Level;
use crate::seat::level_seats;

/// One lesson file of the lessons folder.
#[derive(Debug, Clone)]
pub struct LessonEntry {
    pub file: String,
    /// The checked lesson and its level, or every problem found in it.
    pub lesson: Result<(Lesson, Level), String>,
}

/// Every lesson in the lessons folder, in file-name order.
#[derive(Resource, Debug, Clone, Default)]
pub struct LessonLibrary {
    pub entries: Vec<LessonEntry>,
    pub ruleset: Option<Arc<Ruleset>>,
}

impl LessonLibrary {
    /// Reads and plays through every `.ron` file in `dir`.
    pub fn scan(dir: &Path, ruleset: Option<Arc<Ruleset>>) -> Self {
        let entries = ron_files_in(dir)
            .iter()
            .map(|path| LessonEntry {
                file: path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                lesson: match &ruleset {
                    Some(ruleset) => load_lesson(path, ruleset).map_err(|p| p.to_string()),
                    None => Err("the game's data could not be loaded".to_string()),
                },
            })
            .collect();
        Self { entries, ruleset }
    }
}

/// The "Learn to play" window of the title screen.
#[derive(Resource, Debug, Clone, Default)]
pub struct LessonMenu {
    pub open: bool,
    /// Why the last lesson chosen could not start, or the progress file's
    /// problem.
    pub problem: Option<String>,
}

pub(crate) fn plugin(app: &mut App) {
    let file = ProgressFile(SettingsFile::platform_default().with_file_name("lessons.ron"));
    let (progress, problem) = LessonProgress::load(&file.0);
    app.insert_resource(progress);
    app.insert_resource(file);
    app.insert_resource(LessonMenu {
        open: false,
        problem,
    });
    app.init_resource::<LessonLibrary>();
    app.add_systems(OnExit(Screen::Battle), end_coaching);
    app.add_systems(
        OnEnter(Screen::Battle),
        begin_coaching.in_set(EnterBattle::Start),
    );
    app.add_systems(
        Update,
        (follow_lesson.after(RulesSet::Resolve), gate_the_hud)
            .chain()
            .run_if(battle_on_table)
            .run_if(resource_exists::<Coaching>),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        (
            lessons_window.run_if(in_state(Screen::Title)),
            coach_window
                .run_if(battle_on_table)
                .run_if(resource_exists::<Coaching>),
        ),
    );
}

/// Puts a lesson on the battle screen as it stands at `step` (from 0).
pub fn start_lesson(world: &mut World, file: &str, step: usize) {
    let library = world.resource::<LessonLibrary>();
    let found = library
        .entries
        .iter()
        .find(|e| e.file == file)
        .and_then(|e| e.lesson.as_ref().ok())
        .cloned();
    let (Some((lesson, level)), Some(ruleset)) = (found, library.ruleset.clone()) else {
        world.resource_mut::<LessonMenu>().problem = Some(format!("{file} cannot be played."));
        return;
    };
    match LessonRun::rebuild(&lesson, &level, ruleset, step) {
        Ok((run, engine)) => {
            world.insert_resource(MatchSetup {
                level_file: file.to_string(),
                folder: LevelFolder::Library,
                seed: 0,
                seats: level_seats(&level, AiLevel::Normal),
                handover: false,
                sequence: None,
            });
            world.insert_resource(LessonChosen(Coaching {
                file: file.to_string(),
                run,
                off_path: None,
            }));
            world.insert_resource(PreparedBattle {
                engine,
                replay: None,
            });
            world.resource_mut::<LessonMenu>().open = false;
            world
                .resource_mut::<NextState<Screen>>()
                .set(Screen::Battle);
        }
        Err(off) => {
            world.resource_mut::<LessonMenu>().problem =
                Some(format!("{} does not play as written: {off}", lesson.name));
        }
    }
}

/// A lesson chosen, waiting for the battle screen to open. Next lesson
/// leaves the battle screen for itself, and leaving ends the coaching of
/// the lesson before; the one chosen begins once the screen is entered.
#[derive(Resource)]
struct LessonChosen(Coaching);

fn begin_coaching(world: &mut World) {
    if let Some(LessonChosen(coaching)) = world.remove_resource::<LessonChosen>() {
        world.insert_resource(coaching);
    }
}

fn end_coaching(mut commands: Commands) {
    commands.remove_resource::<Coaching>();
}

/// Notes the goal's order once the battle accepted it, and closes a step
/// whose other orders have all been played; the progress is kept as each
/// step closes.
fn follow_lesson(
    mut taken: MessageReader<StepTaken>,
    engine: Res<Engine>,
    queue: Res<CommandQueue>,
    mut coaching: ResMut<Coaching>,
    mut progress: ResMut<LessonProgress>,
    file: Res<ProgressFile>,
) {
    if coaching.off_path.is_some() {
        return;
    }
    for step in taken.read() {
        match &step.verdict {
            Ok(_) => coaching.run.accepted(&step.command),
            // The player's refused orders are the HUD's notices; the
            // lesson's own must not be refused.
            Err(error) if coaching.run.goal_done() => {
                coaching.off_path = Some(format!(
                    "{} was refused: {}",
                    crate::replay::command_in_words(engine.state(), &step.command),
                    error.narrate(&crate::battle::describe::Names::of(engine.state()))
                ));
                return;
            }
            Err(_) => {}
        }
    }
    if !coaching.run.step_played() || !queue.0.is_empty() {
        return;
    }
    if let Err(off) = coaching.run.close_step(&engine) {
        coaching.off_path = Some(off.to_string());
        return;
    }
    let (step, finished) = (coaching.run.step, coaching.run.finished());
    progress.note(&coaching.file, step, finished);
    if let Err(problem) = progress.save(&file.0) {
        coaching.off_path = Some(format!("The progress could not be kept: {problem}"));
    }
}

/// The HUD lets through only what the open step asks for.
fn gate_the_hud(engine: Res<Engine>, coaching: Res<Coaching>, mut hud: ResMut<HudState>) {
    let gate = Some(coaching.run.gate(engine.state()));
    if hud.lesson != gate {
        // A refusal told in the last step is old news in this one.
        if hud.lesson.as_ref().map(|g| &g.hint) != gate.as_ref().map(|g| &g.hint) {
            hud.notices.clear();
        }
        hud.lesson = gate;
    }
}

/// The coach's window's width.
const COACH_WIDTH: f32 = 420.0;

/// The coach: the open step's title and text, Next for a step to read, and
/// a way out at any step.
fn coach_window(
    mut contexts: EguiContexts,
    viewport: Res<TableViewport>,
    mut coaching: ResMut<Coaching>,
    library: Res<LessonLibrary>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let total = coaching.run.lesson.steps.len();
    let name = coaching.run.lesson.name.clone();
    // At the table's top right: the dice tray keeps its top left.
    let at = viewport.0.map_or(egui::pos2(460.0, 34.0), |table| {
        egui::pos2(table.max.x - COACH_WIDTH - 16.0, table.min.y + 8.0)
    });
    egui::Window::new("lesson")
        .title_bar(false)
        .resizable(false)
        .fixed_pos(at)
        .fixed_size([COACH_WIDTH, 0.0])
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new(&name).weak());
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    let shown = (coaching.run.step + 1).min(total);
                    ui.label(egui::RichText::new(format!("Step {shown} of {total}")).weak());
                });
            });
            if coaching.run.finished() {
                ui.label(
                    egui::RichText::new("Lesson complete")
                        .size(20.0)
                        .color(egui::Color32::WHITE),
                );
                ui.label("Well fought. Your progress is kept.");
                ui.horizontal(|ui| {
                    let after = library
                        .entries
                        .iter()
                        .skip_while(|e| e.file != coaching.file)
                        .nth(1)
                        .filter(|e| e.lesson.is_ok())
                        .map(|e| e.file.clone());
                    if let Some(file) = after
                        && ui.button("Next lesson").clicked()
                    {
                        commands.queue(move |world: &mut World| start_lesson(world, &file, 0));
                    }
                    if ui.button("Back to the title").clicked() {
                        next.set(Screen::Title);
                    }
                });
                return;
            }
            let step = coaching.run.current().clone();
            ui.label(
                egui::RichText::new(&step.title)
                    .size(20.0)
                    .color(egui::Color32::WHITE),
            );
            ui.label(
                egui::RichText::new(&step.text)
                    .size(15.0)
                    .color(egui::Color32::from_gray(225)),
            );
            if let Some(problem) = &coaching.off_path {
                ui.colored_label(
                    egui::Color32::LIGHT_RED,
                    format!("This lesson cannot go on: {problem}"),
                );
            }
            ui.add_space(4.0);
            ui.horizontal(|ui| {
                if coaching.run.waits_to_read() {
                    if ui
                        .add(
                            egui::Button::new(egui::RichText::new("Next").strong().size(15.0))
                                .min_size(egui::vec2(90.0, 26.0)),
                        )
                        .clicked()
                    {
                        coaching.run.read_on();
                    }
                } else if coaching.run.goal_done() {
                    ui.label(egui::RichText::new("The other side acts...").weak());
                } else {
                    ui.label(egui::RichText::new("Your move: the gold marks show where.").weak());
                }
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui
                        .button("Leave the lesson")
                        .on_hover_text("Back to the title; Learn to play takes it up at this step")
                        .clicked()
                    {
                        next.set(Screen::Title);
                    }
                });
            });
        });
    Ok(())
}

/// "Learn to play": each lesson with what it teaches and how far the
/// player got, to start, take up again or start over.
fn lessons_window(
    mut contexts: EguiContexts,
    library: Res<LessonLibrary>,
    progress: Res<LessonProgress>,
    mut menu: ResMut<LessonMenu>,
    mut commands: Commands,
) -> Result {
    if !menu.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    egui::Window::new("Learn to play")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .fixed_size([520.0, 0.0])
        .show(ctx, |ui| {
            ui.label(
                "Each lesson is a short battle with set dice that shows you one move at a time.",
            );
            if library.entries.is_empty() {
                ui.label("No lessons were found in the lessons folder.");
            }
            for entry in &library.entries {
                ui.separator();
                let (lesson, _) = match &entry.lesson {
                    Ok(found) => found,
                    Err(problem) => {
                        ui.label(egui::RichText::new(&entry.file).strong());
                        ui.colored_label(egui::Color32::LIGHT_RED, problem);
                        continue;
                    }
                };
                let total = lesson.steps.len();
                ui.horizontal(|ui| {
                    ui.label(egui::RichText::new(&lesson.name).strong().size(16.0));
                    if progress.finished.contains(&entry.file) {
                        ui.label(egui::RichText::new("finished").color(egui::Color32::LIGHT_GREEN));
                    }
                });
                if !lesson.about.is_empty() {
                    ui.label(&lesson.about);
                }
                let reached = progress
                    .reached
                    .get(&entry.file)
                    .copied()
                    .filter(|&step| step > 0 && step < total);
                ui.horizontal(|ui| {
                    let start = match reached {
                        Some(step) => format!("Continue from step {} of {total}", step + 1),
                        None if progress.finished.contains(&entry.file) => "Play again".to_string(),
                        None => "Start".to_string(),
                    };
                    if ui
                        .add(egui::Button::new(start).min_size(egui::vec2(150.0, 28.0)))
                        .clicked()
                    {
                        let (file, step) = (entry.file.clone(), reached.unwrap_or(0));
                        commands.queue(move |world: &mut World| start_lesson(world, &file, step));
                    }
                    if reached.is_some()
                        && ui
                            .add(egui::Button::new("Start over").min_size(egui::vec2(100.0, 28.0)))
                            .clicked()
                    {
                        let file = entry.file.clone();
                        commands.queue(move |world: &mut World| start_lesson(world, &file, 0));
                    }
                });
            }
            if let Some(problem) = &menu.problem {
                ui.separator();
                ui.colored_label(egui::Color32::LIGHT_RED, problem);
            }
        });
    menu.open &= open;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::command::AttackChoices;
    use crate::battle::command::{Command, Order};
    use crate::game::hud::{give_order, human_turn};
    use crate::game::orders::{click_order, menu_entries, order_points_at};
    use crate::lesson::{Goal, OffPath};

    fn shipped() -> LessonLibrary {
        let ruleset = crate::data::load_ruleset(Some(Path::new("assets/data"))).expect("the data");
        LessonLibrary::scan(Path::new("lessons"), Some(Arc::new(ruleset)))
    }

    /// The attack choices a step asks for, as the player ticks them.
    fn choices_asked(goal: &Goal) -> AttackChoices {
        match goal {
            Goal::Do {
                order:
                    Order::Attack {
                        raise_with_one,
                        specials,
                        tactic,
                        shift,
                        ..
                    },
                ..
            } => AttackChoices {
                raise_with_one: *raise_with_one,
                specials: specials.clone(),
                tactic: *tactic,
                shift: *shift,
            },
            _ => AttackChoices::default(),
        }
    }

    /// Plays a lesson as a player would: each order from the HUD's own menu
    /// (and, where it has a target, the table's click on it) through the
    /// HUD's gate. At every step, another order the rules allow is tried
    /// first and must be refused with the step's hint. Returns the battle
    /// at the end and how many orders were refused.
    fn play_through_the_hud(
        lesson: &Lesson,
        level: &Level,
        ruleset: Arc<Ruleset>,
    ) -> (Engine, usize) {
        let (mut run, mut engine) = LessonRun::begin(lesson, level, ruleset);
        let mut refused = 0;
        while !run.finished() {
            let table = engine.state().clone();
            let gate = run.gate(&table);
            let mut hud = HudState {
                lesson: Some(gate.clone()),
                ..default()
            };
            let mut queue = CommandQueue::default();
            let choices = choices_asked(&run.current().goal);
            let other = human_turn(&table).into_iter().find_map(|actor| {
                menu_entries(&table, actor, &choices, None)
                    .into_iter()
                    .find(|e| {
                        e.verdict
                            .as_ref()
                            .is_ok_and(|p| !gate.asks_for_plan(&table, p))
                    })
                    .map(|e| (actor, e.order))
            });
            // With no other order open to the player, a Hold by the
            // player's first combatant: the gate refuses it before the rules.
            let player = table
                .units()
                .iter()
                .position(|u| {
                    table.battle().controller_of(u.unit.index)
                        == Some(crate::level::Controller::Human)
                })
                .expect("a player's combatant");
            let (actor, order) = other.unwrap_or((player, Order::Hold));
            give_order(&mut queue, &mut hud, &table, actor, order);
            assert!(
                queue.0.is_empty(),
                "step {}: another order went through",
                run.step + 1
            );
            assert_eq!(hud.notices.text.as_deref(), Some(gate.hint.as_str()));
            refused += 1;
            match &run.current().goal {
                Goal::Read => run.read_on(),
                Goal::Do { unit, order } => {
                    let actor = table.unit_index(unit).expect("the goal's combatant");
                    // A click on the table moves, charges, or strikes with
                    // the first weapon that can; other orders are the menu's.
                    let clicked = matches!(
                        order,
                        Order::Move { .. }
                            | Order::Charge { .. }
                            | Order::Attack { weapon: None, .. }
                    );
                    if let Some(click) = order_points_at(&table, order).filter(|_| clicked) {
                        let plan =
                            click_order(&table, actor, click, &choices).unwrap_or_else(|e| {
                                panic!("step {}: the click is refused: {e:?}", run.step + 1)
                            });
                        assert!(
                            gate.asks_for_plan(&table, &plan),
                            "step {}: the click gives {:?}",
                            run.step + 1,
                            plan.order
                        );
                    }
                    let entry = menu_entries(&table, actor, &choices, None)
                        .into_iter()
                        .find(|e| {
                            e.verdict
                                .as_ref()
                                .is_ok_and(|p| gate.asks_for_plan(&table, p))
                        })
                        .unwrap_or_else(|| {
                            panic!("step {}: the menu does not offer {order:?}", run.step + 1)
                        });
                    give_order(&mut queue, &mut hud, &table, actor, entry.order);
                    let command: Command = queue
                        .0
                        .pop_front()
                        .expect("the step's order went through")
                        .command;
                    run.submit(&mut engine, &command)
                        .unwrap_or_else(|off| panic!("{off}"));
                }
            }
            run.play_theirs(&mut engine)
                .unwrap_or_else(|off| panic!("{}: {off}", lesson.name));
        }
        (engine, refused)
    }

    #[test]
    fn every_lesson_plays_to_a_win_through_the_huds_orders_and_each_step_refuses_any_other() {
        let library = shipped();
        assert!(library.entries.len() >= 2, "the shipped lessons");
        for entry in &library.entries {
            let (lesson, level) = entry.lesson.as_ref().unwrap_or_else(|p| panic!("{p}"));
            let ruleset = library.ruleset.clone().expect("the data");
            let (engine, refused) = play_through_the_hud(lesson, level, ruleset);
            assert!(engine.ended(), "{}: the battle goes on", lesson.name);
            assert!(
                matches!(&engine.state().battle().outcome,
                    Some(crate::battle::events::Outcome::Victory { side, .. }) if side == "heroes"),
                "{}: the player wins",
                lesson.name
            );
            assert_eq!(refused, lesson.steps.len(), "{}", lesson.name);
        }
    }

    #[test]
    fn a_lesson_taken_up_at_a_step_stands_as_if_played_to_it() {
        let library = shipped();
        let (lesson, level) = library.entries[0].lesson.clone().expect("a lesson");
        let ruleset = library.ruleset.clone().expect("the data");
        let (whole, whole_engine) =
            LessonRun::rebuild(&lesson, &level, ruleset.clone(), lesson.steps.len())
                .expect("it plays");
        assert!(whole.finished());
        for step in [0, 5, 9] {
            let (run, engine) =
                LessonRun::rebuild(&lesson, &level, ruleset.clone(), step).expect("it plays");
            assert_eq!(run.step, step);
            assert!(whole_engine.log().starts_with(engine.log()));
        }
    }

    #[test]
    fn a_step_whose_check_fails_stops_the_lesson_there() {
        let library = shipped();
        let (mut lesson, level) = library.entries[0].lesson.clone().expect("a lesson");
        let step = lesson
            .steps
            .iter()
            .position(|s| matches!(s.goal, Goal::Do { .. }))
            .expect("a step to do");
        lesson.steps[step].check = vec![crate::script::Expectation::Round { round: 9 }];
        let ruleset = library.ruleset.clone().expect("the data");
        let off = LessonRun::rebuild(&lesson, &level, ruleset, lesson.steps.len())
            .expect_err("the check fails");
        assert_eq!(
            off,
            OffPath {
                step: step + 1,
                problem: "round: expected 9, found 1".to_string()
            }
        );
    }

    #[test]
    fn progress_round_trips_and_a_broken_file_gives_a_fresh_start_with_its_place() {
        let scratch = crate::scratch::Scratch::new("lessons");
        let dir = scratch.path().to_path_buf();
        let path = dir.join("lessons.ron");
        let mut progress = LessonProgress::default();
        progress.note("first_battle.ron", 4, false);
        progress.note("in_close.ron", 12, true);
        progress.save(&path).expect("written");
        assert_eq!(LessonProgress::load(&path), (progress, None));
        std::fs::write(&path, "(reached: {\"first_battle.ron\": -1})").expect("written");
        let (read, problem) = LessonProgress::load(&path);
        assert_eq!(read, LessonProgress::default());
        assert!(problem.expect("a problem").contains("lessons.ron:1:"));
    }

    /// Without the AI's pause, and with it, as the game plays a lesson.
    #[test]
    fn a_lesson_plays_to_its_end_on_the_games_own_schedule_and_keeps_the_progress() {
        play_the_first_lesson(0.0);
        play_the_first_lesson(0.001);
    }

    fn play_the_first_lesson(pause: f32) {
        use bevy::state::app::StatesPlugin;
        let library = shipped();
        let entry = &library.entries[0];
        let (lesson, level) = entry.lesson.clone().expect("a lesson");
        let (run, engine) =
            LessonRun::begin(&lesson, &level, library.ruleset.clone().expect("data"));
        let scratch = crate::scratch::Scratch::new("coach");
        let dir = scratch.path().to_path_buf();
        let progress_file = dir.join("lessons.ron");
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin));
        app.add_plugins((
            (crate::game::steps::plugin, crate::game::mirror::plugin),
            crate::game::ai_driver::plugin,
            plugin,
        ));
        app.insert_state(Screen::Battle);
        app.init_resource::<HudState>();
        let mut pace = crate::game::ai_driver::AiPace::immediate();
        pace.seconds = pause;
        app.insert_resource(pace);
        app.insert_resource(ProgressFile(progress_file.clone()));
        app.insert_resource(LessonProgress::default());
        app.insert_resource(MatchSetup {
            level_file: entry.file.clone(),
            folder: LevelFolder::Library,
            seed: 0,
            seats: level_seats(&level, AiLevel::Normal),
            handover: false,
            sequence: None,
        });
        app.insert_resource(Coaching {
            file: entry.file.clone(),
            run,
            off_path: None,
        });
        crate::game::mirror::install_battle(app.world_mut(), engine);
        for _ in 0..20_000 {
            app.update();
            let coaching = app.world().resource::<Coaching>().clone();
            assert_eq!(coaching.off_path, None);
            if coaching.run.finished() {
                break;
            }
            if coaching.run.waits_to_read() {
                app.world_mut().resource_mut::<Coaching>().run.read_on();
                continue;
            }
            // The step's order, from the HUD's menu, as a click on it gives it.
            let Some(expected) = app
                .world()
                .resource::<HudState>()
                .lesson
                .clone()
                .and_then(|g| g.expected.clone().map(|e| (g, e)))
            else {
                continue;
            };
            let (gate, command) = expected;
            let table = app.world().resource::<Engine>().state().clone();
            if !human_turn(&table)
                .iter()
                .any(|&u| table.units()[u].unit.id == command.unit)
            {
                continue;
            }
            let actor = table
                .unit_index(&command.unit)
                .expect("the goal's combatant");
            let choices = choices_asked(&coaching.run.current().goal);
            let order = menu_entries(&table, actor, &choices, None)
                .into_iter()
                .find(|e| {
                    e.verdict
                        .as_ref()
                        .is_ok_and(|p| gate.asks_for_plan(&table, p))
                })
                .expect("the menu offers the step's order")
                .order;
            crate::game::hud::submit_order(app.world_mut(), &table, actor, order);
        }
        let coaching = app.world().resource::<Coaching>();
        assert!(
            coaching.run.finished(),
            "stopped at step {}",
            coaching.run.step + 1
        );
        assert!(app.world().resource::<Engine>().ended());
        let (kept, problem) = LessonProgress::load(&progress_file);
        assert_eq!(problem, None);
        assert!(kept.finished.contains(&entry.file) && kept.reached.is_empty());
    }

    #[test]
    fn next_lesson_starts_the_next_lesson_with_its_coach() {
        use bevy::state::app::StatesPlugin;
        let library = shipped();
        let (first, second) = (
            library.entries[0].file.clone(),
            library.entries[1].file.clone(),
        );
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin));
        app.add_plugins(plugin);
        app.insert_state(Screen::Battle);
        app.insert_resource(library);
        let coached = |app: &App| {
            app.world()
                .get_resource::<Coaching>()
                .map(|coaching| coaching.file.clone())
        };
        start_lesson(app.world_mut(), &first, 0);
        app.update();
        assert_eq!(coached(&app), Some(first));
        // Next lesson, from the battle screen the first lesson is on.
        start_lesson(app.world_mut(), &second, 0);
        app.update();
        assert_eq!(
            *app.world().resource::<State<Screen>>().get(),
            Screen::Battle
        );
        assert_eq!(coached(&app), Some(second));
    }
}
