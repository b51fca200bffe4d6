//! The battle screen's top bar: the level, the round, the seed and whose
//! turn it is, in the room its buttons leave (the pause menu, undo and redo,
//! help, the rules and the pace).

use bevy::prelude::*;
use bevy_egui::egui;
use egui::{Color32, RichText};

use crate::battle::engine::Engine;
use crate::battle::state::BattleState;
use crate::game::ai_driver::AiPace;
use crate::game::hud::HudState;
use crate::game::input::{GameAction, KeyBindings};
use crate::game::session::match_setup::MatchSetup;
use crate::game::session::saves::RedoStack;
use crate::game::session::undo::{redo, undo};
use crate::game::table::callouts::FollowAction;
use crate::game::table::motion::MotionPace;
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
    (motion, pace, follow): (&mut MotionPace, &mut AiPace, &mut FollowAction),
) {
    let table = engine.state();
    let battle = &table.battle();
    let turn_text = turn_words(table, setup, mine, watching, &hud.remote_sides);
    // The level, the round, the seed and whose turn, in the room the
    // buttons leave: a long word is cut short, whole on hover.
    let lesson = hud.lesson.is_some();
    let status = |ui: &mut egui::Ui| {
        ui.label(RichText::new(&battle.level.name).strong().size(16.0));
        ui.separator();
        ui.label(format!(
            "Round {} of {}",
            battle.round.max(1),
            battle.round_limit
        ));
        ui.separator();
        // A lesson's dice are its own, not a seed's.
        if !lesson {
            ui.label(format!("Seed {}", battle.seed));
            ui.separator();
        }
        ui.add(egui::Label::new(RichText::new(&turn_text).color(Color32::GOLD)).truncate());
    };
    ui.horizontal(|ui| {
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui.button("Menu (Esc)").clicked() {
                hud.paused = true;
            }
            if let Some(verdict) = undoable {
                undo_buttons(ui, verdict, engine, redo_stack, bindings, commands);
            }
            if ui.button("Help (F1)").clicked() {
                hud.help = !hud.help;
            }
            if ui.button("Rules (F2)").clicked() {
                hud.rules.toggle();
            }
            pace_menu(ui, motion, pace, follow, watching, setup);
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), status);
        });
    });
}

/// Whose turn it is, in the top bar's words.
fn turn_words(
    table: &BattleState,
    setup: &MatchSetup,
    mine: &[usize],
    watching: bool,
    remote: &[usize],
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

/// The top bar's Pace menu: the figures' motion, the AI's pause and
/// following the action.
fn pace_menu(
    ui: &mut egui::Ui,
    motion: &mut MotionPace,
    pace: &mut AiPace,
    follow: &mut FollowAction,
    watching: bool,
    setup: &MatchSetup,
) {
    ui.menu_button("Pace", |ui| {
        ui.add(
            egui::Slider::new(&mut motion.seconds, 0.0..=1.5)
                .text("Motion (s)")
                .fixed_decimals(1),
        )
        .on_hover_text(
            "How long figures take to move, fall and strike; 0 puts them in place at once.",
        );
        if !watching && setup.seats.iter().any(|s| matches!(s, Seat::Ai(_))) {
            ui.add(
                egui::Slider::new(&mut pace.seconds, 0.0..=2.0)
                    .text("AI pause (s)")
                    .fixed_decimals(1),
            )
            .on_hover_text("The pause before each AI action.");
        }
        ui.checkbox(&mut follow.0, "Follow the action")
            .on_hover_text("Turn the camera to whoever acts.");
    })
    .response
    .on_hover_text("Motion, the AI's pause, and following the action");
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
        world.resource_mut::<HudState>().tell(reason);
    }
}

/// Redoes the command last undone, or says why it cannot be.
pub(crate) fn give_again(world: &mut World) {
    if let Err(reason) = redo(world) {
        world.resource_mut::<HudState>().tell(reason);
    }
}
