//! The battle screen's top bar: the level, the round, the seed and whose
//! turn it is, in the room its buttons leave (the pause menu, undo and redo,
//! help, the rules and the pace).

use bevy::prelude::*;
use bevy_egui::egui;
use egui::{Color32, RichText};

use crate::battle::engine::Engine;
use crate::battle::state::BattleState;
use crate::game::hud::HudState;
use crate::game::input::{GameAction, KeyBindings};
use crate::game::session::match_setup::MatchSetup;
use crate::game::session::preferences::{AI_PACE_SECONDS, MOTION_SECONDS, Settings, SettingsFile};
use crate::game::session::saves::RedoStack;
use crate::game::session::undo::{redo, undo};
use crate::game::table::callouts::FollowAction;
use crate::replay::command_in_words;
use crate::seat::Seat;

/// What undo would take back now: the human's last command, or why not.
type UndoVerdict = Result<(usize, String), String>;

/// The top bar, every frame of the battle screen.
pub(super) fn top_bar(
    ui: &mut egui::Ui,
    (engine, setup, mine, watching): (&Engine, &MatchSetup, &[usize], bool),
    hud: &mut HudState,
    (undoable, redo_stack, bindings, commands): (
        &Option<UndoVerdict>,
        &RedoStack,
        &KeyBindings,
        &mut Commands,
    ),
    (settings, settings_file, follow): (&mut Mut<Settings>, &SettingsFile, &mut FollowAction),
) {
    let table = engine.state();
    let battle = &table.battle();
    let turn_text = turn_words(
        table,
        setup,
        mine,
        watching,
        (&hud.seats.remote_sides, &hud.seats.ai_stands_in),
    );
    // A lesson's dice are its own, not a seed's.
    let seed = hud.lesson.is_none().then_some(battle.seed);
    let round = (battle.round.max(1), battle.round_limit);
    let status = |ui: &mut egui::Ui| status_line(ui, &battle.level.name, round, seed, &turn_text);
    ui.horizontal(|ui| {
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui.button("Menu (Esc)").clicked() {
                hud.overlays.paused = true;
            }
            if let Some(verdict) = undoable {
                undo_buttons(ui, verdict, engine, redo_stack, bindings, commands);
            }
            if ui.button("Help (F1)").clicked() {
                hud.overlays.help = !hud.overlays.help;
            }
            if ui.button("Rules (F2)").clicked() {
                hud.overlays.rules.toggle();
            }
            if let Err(problem) = pace_menu(ui, settings, settings_file, follow, watching, setup) {
                hud.notices
                    .tell(format!("The pace could not be kept: {problem}"));
            }
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), status);
        });
    });
}

/// The most room kept for whose turn it is, in points: a longer turn is
/// cut short before the level's name gives way.
const TURN_ROOM: f32 = 150.0;

/// The level, the round, the seed and whose turn, in the room the buttons
/// leave: whose turn always, then as many of the others as fit (the seed
/// gives way first, then the round, then the level's name), all of them
/// on hover. A long turn is cut short, whole on hover.
fn status_line(
    ui: &mut egui::Ui,
    level: &str,
    (round, limit): (u32, u32),
    seed: Option<u64>,
    turn: &str,
) {
    let round = format!("Round {round} of {limit}");
    let seed = seed.map(|seed| format!("Seed {seed}"));
    let name = RichText::new(level).strong().size(16.0);
    let width = |ui: &egui::Ui, text: egui::WidgetText| {
        let gap = 2.0 * ui.spacing().item_spacing.x + 6.0;
        text.into_galley(
            ui,
            Some(egui::TextWrapMode::Extend),
            f32::INFINITY,
            egui::TextStyle::Body,
        )
        .size()
        .x + gap
    };
    let turn_width = width(ui, RichText::new(turn).into()).min(TURN_ROOM);
    let mut room = ui.available_width() - turn_width;
    // Once one gives way, those after it give way too.
    let mut open = true;
    let mut fits = |needed: f32| {
        open &= needed <= room;
        if open {
            room -= needed;
        }
        open
    };
    let shown = [
        fits(width(ui, name.clone().into())),
        fits(width(ui, round.clone().into())),
        seed.as_ref()
            .is_some_and(|seed| fits(width(ui, seed.clone().into()))),
    ];
    if shown[0] {
        ui.label(name);
        ui.separator();
    }
    if shown[1] {
        ui.label(&round);
        ui.separator();
    }
    if let (true, Some(seed)) = (shown[2], &seed) {
        ui.label(seed);
        ui.separator();
    }
    let whole = [
        Some(level.to_string()),
        Some(round),
        seed,
        Some(turn.to_string()),
    ];
    ui.add(egui::Label::new(RichText::new(turn).color(Color32::GOLD)).truncate())
        .on_hover_text(whole.into_iter().flatten().collect::<Vec<_>>().join(", "));
}

/// Whose turn it is, in the top bar's words.
fn turn_words(
    table: &BattleState,
    setup: &MatchSetup,
    mine: &[usize],
    watching: bool,
    (remote, stood_in): (&[usize], &[usize]),
) -> String {
    match (table.battle().outcome_in_words(), mine.is_empty()) {
        (Some(outcome), _) => format!("Battle over. {outcome}"),
        // A replay watched is nobody's turn at this screen.
        (None, false) if !watching => format!(
            "Your turn: {}",
            table.battle().sides[table.units()[mine[0]].unit.side].name
        ),
        (None, _) => match table.acting_unit() {
            Some(unit) if remote.contains(&table.units()[unit].unit.side) => format!(
                "{} to act: waiting for the other player",
                table.battle().sides[table.units()[unit].unit.side].name
            ),
            Some(unit) if stood_in.contains(&table.units()[unit].unit.side) => format!(
                "{} to act: the AI plays for you",
                table.battle().sides[table.units()[unit].unit.side].name
            ),
            Some(unit) => format!(
                "{} to act: {}",
                table.battle().sides[table.units()[unit].unit.side].name,
                setup
                    .seats
                    .get(table.units()[unit].unit.side)
                    .map_or("AI".to_string(), Seat::to_string)
            ),
            None => "Resolving...".to_string(),
        },
    }
}

/// The top bar's Pace menu: the figures' motion and the AI's pause (the
/// settings' own, kept in the settings file as a slider is let go), and
/// following the action.
fn pace_menu(
    ui: &mut egui::Ui,
    settings: &mut Mut<Settings>,
    file: &SettingsFile,
    follow: &mut FollowAction,
    watching: bool,
    setup: &MatchSetup,
) -> Result<(), String> {
    let (mut motion, mut pause) = (settings.motion_seconds, settings.ai_pace_seconds);
    let mut let_go = false;
    ui.menu_button("Pace", |ui| {
        let slid = ui
            .add(
                egui::Slider::new(&mut motion, MOTION_SECONDS)
                    .text("Motion (s)")
                    .fixed_decimals(1),
            )
            .on_hover_text(
                "How long figures take to move, fall and strike; 0 puts them in place at once.",
            );
        let_go |= slid.drag_stopped() || (slid.changed() && !slid.dragged());
        if !watching && setup.seats.iter().any(|s| matches!(s, Seat::Ai(_))) {
            let slid = ui
                .add(
                    egui::Slider::new(&mut pause, AI_PACE_SECONDS)
                        .text("AI pause (s)")
                        .fixed_decimals(1),
                )
                .on_hover_text("The pause before each AI action.");
            let_go |= slid.drag_stopped() || (slid.changed() && !slid.dragged());
        }
        ui.checkbox(&mut follow.0, "Follow the action")
            .on_hover_text("Turn the camera to whoever acts.");
    })
    .response
    .on_hover_text("Motion, the AI's pause, and following the action");
    if (motion, pause) != (settings.motion_seconds, settings.ai_pace_seconds) {
        settings.motion_seconds = motion;
        settings.ai_pace_seconds = pause;
    }
    if let_go {
        settings.save(&file.0)?;
    }
    Ok(())
}

/// Undo and Redo in the top bar, greyed with the reason when they cannot be
/// used.
fn undo_buttons(
    ui: &mut egui::Ui,
    verdict: &Result<(usize, String), String>,
    engine: &Engine,
    redo_stack: &RedoStack,
    bindings: &KeyBindings,
    commands: &mut Commands,
) {
    let redo_text = format!("Redo ({})", bindings.keys_of(GameAction::Redo));
    let redo_button = ui.add_enabled(!redo_stack.0.is_empty(), egui::Button::new(redo_text));
    let redo_button = match redo_stack.0.last() {
        Some(command) => redo_button.on_hover_text(command_in_words(engine.state(), command)),
        None => redo_button.on_disabled_hover_text("Nothing to redo."),
    };
    if redo_button.clicked() {
        commands.queue(give_again);
    }
    let undo_text = format!("Undo ({})", bindings.keys_of(GameAction::Undo));
    let undo_button = ui.add_enabled(verdict.is_ok(), egui::Button::new(undo_text));
    let undo_button = match verdict {
        Ok((_, command)) => undo_button.on_hover_text(format!("Take back {command}")),
        Err(reason) => undo_button.on_disabled_hover_text(reason.as_str()),
    };
    if undo_button.clicked() {
        commands.queue(take_back);
    }
}

/// Undoes the last command, or says why it cannot be.
pub(crate) fn take_back(world: &mut World) {
    if let Err(reason) = undo(world) {
        world.resource_mut::<HudState>().notices.tell(reason);
    }
}

/// Redoes the command last undone, or says why it cannot be.
pub(crate) fn give_again(world: &mut World) {
    if let Err(reason) = redo(world) {
        world.resource_mut::<HudState>().notices.tell(reason);
    }
}

#[cfg(test)]
mod tests {
    use bevy_egui::egui;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;

    use super::*;
    use crate::ai::AiLevel;
    use crate::game::session::match_setup::LevelFolder;
    use crate::game::session::preferences::{DEFAULT_MOTION_SECONDS, UI_SCALES};

    /// Issue #74: at HUD size 1.5 the seed ran under the Pace button and
    /// whose turn it was disappeared. At every size offered, on a window
    /// 1280 wide, the bar's texts and buttons lie side by side inside it,
    /// and whose turn it is shows.
    #[test]
    fn the_top_bar_fits_whose_turn_and_its_buttons_at_every_hud_size() {
        let sizes = [0.75, 1.0, 1.25, 1.5, 1.75, 2.0];
        assert!(sizes.iter().all(|size| UI_SCALES.contains(size)));
        assert_eq!(*UI_SCALES.end(), 2.0, "the largest size offered is tried");
        for size in sizes {
            let width = 1280.0 / size;
            let harness = Harness::builder()
                .with_size(egui::vec2(width, 40.0))
                .build_ui(|ui| {
                    ui.horizontal(|ui| {
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            for button in ["Menu (Esc)", "Redo (Y)", "Undo (U)", "Help (F1)"] {
                                let _ = ui.button(button);
                            }
                            let _ = ui.button("Rules (F2)");
                            let _ = ui.button("Pace");
                            ui.with_layout(
                                egui::Layout::left_to_right(egui::Align::Center),
                                |ui| {
                                    status_line(
                                        ui,
                                        "The Duel",
                                        (1, 20),
                                        Some(42),
                                        "Your turn: Roland",
                                    );
                                },
                            );
                        });
                    });
                });
            // The seed gives way first, then the round, then the name.
            let shown = |text: &str| harness.query_by_label(text).is_some();
            let (name, round, seed) = (shown("The Duel"), shown("Round 1 of 20"), shown("Seed 42"));
            assert!(
                name >= round && round >= seed,
                "at {size}: {name} {round} {seed}"
            );
            assert!(size > 1.0 || seed, "at {size} all of it shows");
            let turn = harness.get_by_label_contains("Your turn: Roland").rect();
            assert!(turn.width() > 60.0, "at {size} whose turn shows: {turn:?}");
            let rects: Vec<(&str, egui::Rect)> = [
                "The Duel",
                "Round 1 of 20",
                "Seed 42",
                "Pace",
                "Rules (F2)",
                "Help (F1)",
                "Undo (U)",
                "Redo (Y)",
                "Menu (Esc)",
            ]
            .into_iter()
            .filter_map(|text| harness.query_by_label(text).map(|node| (text, node.rect())))
            .chain([("turn", turn)])
            .collect();
            for (k, (a, first)) in rects.iter().enumerate() {
                assert!(
                    first.left() >= -0.5 && first.right() <= width + 0.5,
                    "at {size} {a} leaves the bar: {first:?}"
                );
                for (b, second) in &rects[k + 1..] {
                    assert!(
                        first.intersect(*second).width() <= 0.5,
                        "at {size} {a} {first:?} overlaps {b} {second:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_top_bars_pace_is_the_settings_own_and_kept_in_their_file() {
        let scratch = crate::scratch::Scratch::new("pace");
        let dir = scratch.path().to_path_buf();
        let path = dir.join("settings.ron");
        let file = SettingsFile(path.clone());
        let setup = MatchSetup {
            level_file: "duel.ron".into(),
            folder: LevelFolder::Library,
            seed: 1,
            seats: vec![Seat::Human, Seat::Ai(AiLevel::Normal)],
            handover: false,
            sequence: None,
        };
        let mut world = World::new();
        world.insert_resource(Settings::default());
        let mut harness = Harness::builder()
            .with_size(egui::vec2(500.0, 300.0))
            .build_ui_state(
                move |ui, (world, follow): &mut (World, FollowAction)| {
                    let mut settings = world.resource_mut::<Settings>();
                    pace_menu(ui, &mut settings, &file, follow, false, &setup).expect("kept");
                },
                (world, FollowAction(true)),
            );
        harness.get_by_label("Pace").click();
        harness.run();
        // The first slider is the figures' motion.
        harness
            .get_all_by_role(egui::accesskit::Role::Slider)
            .next()
            .expect("the motion slider")
            .focus();
        harness.run();
        harness.key_press(egui::Key::ArrowRight);
        harness.run();
        let motion = harness.state().0.resource::<Settings>().motion_seconds;
        assert!(motion > DEFAULT_MOTION_SECONDS, "{motion}");
        // Kept in the settings file, as the Settings window keeps it.
        let (kept, problem) = Settings::load(&path);
        assert_eq!((kept.motion_seconds, problem), (motion, None));
        std::fs::remove_dir_all(&dir).expect("removed");
    }
}
