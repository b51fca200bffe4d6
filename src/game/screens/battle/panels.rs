//! The egui panels of the battle screen.

use bevy::ecs::change_detection::Tick;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use egui::{Color32, RichText};

use crate::battle::command::cost_words;
use crate::battle::command::{CommandQueue, Order};
use crate::battle::cover::{area_cover, dice_off};
use crate::battle::describe::Names;
use crate::battle::describe::orders::order_label;
use crate::battle::engine::Engine;
use crate::battle::odds::move_draws;
use crate::battle::state::BattleState;
use crate::data::Cover;
use crate::game::ai_driver::AiPace;
use crate::game::hud::dice::ONE;
use crate::game::hud::menu_cache::MenuCache;
use crate::game::hud::{HudState, TableViewport, give_order, human_turn};
use crate::game::input::{GameAction, KeyBindings};
use crate::game::orders::Click;
use crate::game::screens::loading::load_match;
use crate::game::screens::results::BattleSummary;
use crate::game::screens::save_menu::{Browse, Keeping, browser_window, notice_window};
use crate::game::session::match_setup::MatchSetup;
use crate::game::session::saves::RedoStack;
use crate::game::session::undo::{redo, undo, undo_verdict};
use crate::game::stage::Screen;
use crate::game::table::callouts::FollowAction;
use crate::game::table::camera::CameraGoal;
use crate::game::table::geometry::zone_centre;
use crate::game::table::motion::MotionPace;
use crate::lesson::PointAt;
use crate::replay::command_in_words;
use crate::rules::odds::AttackOdds;
use crate::seat::Seat;
use crate::vocabulary::ZoneCoord;

use super::actions::*;
use super::card::*;
/// The widths the side panels may be dragged to. They keep their width
/// whatever they show, so the table does not jump at a change of turn.
const SIDE_PANEL_WIDTHS: std::ops::RangeInclusive<f32> = 220.0..=520.0;

/// A cover's kind and weight in plain words.
fn cover_words(cover: Cover) -> &'static str {
    match cover {
        Cover::HardLight => "hard, light",
        Cover::HardHeavy => "hard, heavy",
        Cover::SoftLight => "soft, light",
        Cover::SoftMedium => "soft, medium",
        Cover::SoftHeavy => "soft, heavy",
    }
}

fn dice_words(dice: u32) -> String {
    match dice {
        1 => "1 die".to_string(),
        n => format!("{n} dice"),
    }
}

/// What the pointer is over on the table, and what a click would do.
fn table_tooltip(
    ctx: &egui::Context,
    table: &BattleState,
    state_tick: Tick,
    cache: &mut MenuCache,
    hud: &HudState,
) {
    let Some(pointer) = ctx.pointer_hover_pos() else {
        return;
    };
    let (lines, odds) = tooltip_lines(table, state_tick, cache, hud);
    if lines.is_empty() {
        return;
    }
    egui::Area::new(egui::Id::new("table tooltip"))
        .fixed_pos(pointer + egui::vec2(16.0, 16.0))
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style())
                .shadow(egui::Shadow::NONE)
                .show(ui, |ui| {
                    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
                    for line in &lines {
                        ui.label(line);
                    }
                    if let Some(odds) = &odds {
                        odds_lines(ui, odds, None);
                    }
                });
        });
}

/// The tooltip's lines: the zone and figure under the pointer (with its
/// States), and what a click there would do, with its odds.
fn tooltip_lines(
    table: &BattleState,
    state_tick: Tick,
    cache: &mut MenuCache,
    hud: &HudState,
) -> (Vec<String>, Option<AttackOdds>) {
    let mut lines: Vec<String> = Vec::new();
    if let Some(zone) = hud.hovered_zone {
        let terrain = table
            .board
            .terrain(zone)
            .and_then(|t| table.ruleset.terrain.terrain.get(&t))
            .map_or("?", |t| t.name.as_str());
        lines.push(format!("Zone {zone}: {terrain}"));
    }
    let actor = hud.selected.filter(|s| human_turn(table).contains(s));
    let mut odds = None;
    if let Some(unit) = hud.hovered_unit {
        let u = &table.units[unit];
        lines.push(format!(
            "{} ({}) - {}, {}, physical {}, mental {}",
            u.unit.name,
            side_name(table, u.unit.side),
            u.fate.words(),
            u.status.words(),
            u.ranks.physical.remaining(),
            u.ranks.mental.remaining()
        ));
        let marks = marks(u);
        if !marks.is_empty() {
            lines.push(format!("States and marks: {}", marks.join(", ")));
        }
    }
    if let Some(actor) = actor {
        let click = match (hud.hovered_unit, hud.hovered_zone) {
            (Some(unit), _) if table.units[unit].unit.side != table.units[actor].unit.side => {
                Some(Click::Unit(unit))
            }
            (None, Some(zone)) => Some(Click::Zone(zone)),
            _ => None,
        };
        if let Some(click) = click {
            match cache.click(state_tick, table, actor, click, &hud.attack) {
                Ok(plan) => {
                    lines.push(format!(
                        "Click: {} - {}",
                        order_label(table, &plan.order),
                        cost_words(plan.cost)
                    ));
                    // Where a move ends: the cover its ground gives.
                    if let Click::Zone(zone) = click
                        && let Some(cover) = area_cover(table, zone)
                    {
                        lines.push(format!(
                            "Its ground gives cover ({}): {} off attacks on whoever holds it",
                            cover_words(cover),
                            dice_words(dice_off(table, Some(cover)))
                        ));
                    }
                    if let Order::Move { to, .. } = plan.order {
                        lines.extend(draws_words(table, actor, to));
                    }
                    odds = plan_odds(table, plan);
                }
                Err(reason) => lines.push(format!("Cannot: {}", reason.narrate(&Names::of(table)))),
            }
        }
    }
    (lines, odds)
}

/// What a Move would draw, in a player's words: the free strikes of the
/// melee it leaves and the holding enemy that would stop it.
fn draws_words(table: &BattleState, mover: usize, to: ZoneCoord) -> Vec<String> {
    let draws = move_draws(table, mover, to);
    let name = |u: usize| table.units[u].unit.name.clone();
    let mut lines = Vec::new();
    if !draws.strikers.is_empty() {
        let names: Vec<String> = draws.strikers.iter().map(|&u| name(u)).collect();
        lines.push(format!(
            "Leaving the melee draws a free strike from {}",
            names.join(", ")
        ));
    }
    if let Some(holder) = draws.interceptor {
        lines.push(format!(
            "{}, holding its action there, would stop it",
            name(holder)
        ));
    }
    lines
}

fn help_window(ctx: &egui::Context, bindings: &KeyBindings, open: &mut bool) {
    egui::Window::new("Help (F1)")
        .open(open)
        .collapsible(false)
        .default_width(420.0)
        .show(ctx, |ui| {
            ui.label("Left click a figure to select it. With your combatant selected on its turn, left click an enemy to attack it (or charge it), a zone to move there. Right click clears the selection. The action menu on the right lists every action; greyed ones say why when you point at them.");
            ui.separator();
            egui::Grid::new("keys").striped(true).show(ui, |ui| {
                for action in GameAction::KEYED {
                    ui.label(RichText::new(bindings.keys_of(action)).monospace());
                    ui.label(action.describe());
                    ui.end_row();
                }
                for (keys, what) in [
                    ("1 - 9", "Choose the numbered entry of the action menu"),
                    ("Alt (held)", "Show the name over every figure"),
                ] {
                    ui.label(RichText::new(keys).monospace());
                    ui.label(what);
                    ui.end_row();
                }
                for action in [GameAction::Zoom, GameAction::DragPan, GameAction::DragRotate] {
                    ui.label(RichText::new("mouse").monospace());
                    ui.label(action.describe());
                    ui.end_row();
                }
            });
            ui.label(RichText::new("Keys can be changed in Settings.").weak());
        });
}

/// The whole battle HUD, every frame on the battle screen.
pub(crate) fn draw_battle_hud(
    mut contexts: EguiContexts,
    engine: Option<Res<Engine>>,
    setup: Res<MatchSetup>,
    bindings: Res<KeyBindings>,
    mut hud: ResMut<HudState>,
    mut viewport: ResMut<TableViewport>,
    mut queue: ResMut<CommandQueue>,
    mut pace: ResMut<AiPace>,
    mut motion: ResMut<MotionPace>,
    mut follow: ResMut<FollowAction>,
    mut goal: ResMut<CameraGoal>,
    mut next: ResMut<NextState<Screen>>,
    mut keeping: Keeping,
    mut cache: ResMut<MenuCache>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let Some(engine) = engine else {
        return Ok(());
    };
    let watching = keeping.viewer.is_some();
    // What undo would take back, worked out once for the button and the panel.
    let undoable = keeping
        .replay
        .as_deref()
        .filter(|_| setup.humans() > 0)
        .map(|replay| undo_verdict(replay, &engine, &setup.seats));
    let table = engine.state();
    let state_tick = engine.last_changed();
    // The menu sets it again while an entry is pointed at.
    hud.pointing = None;
    hud.pointed_odds = None;
    let mut root = hud_root(&ctx);
    let battle = &table.battle;
    let mine = human_turn(table);
    // The table camera clears the window to the panels' colour, so egui need
    // not fill half the window again (the camera's `panel_colour`).
    let panel = egui::Frame::side_top_panel(&ctx.global_style()).fill(Color32::TRANSPARENT);

    egui::Panel::top("top bar")
        .frame(panel)
        .show(&mut root, |ui| {
            let turn_text = match (battle.outcome_in_words(), mine.is_empty()) {
                (Some(outcome), _) => format!("Battle over. {outcome}"),
                // A replay watched is nobody's turn at this screen.
                (None, false) if !watching => format!(
                    "Your turn: {}",
                    table.battle.sides[table.units[mine[0]].unit.side].name
                ),
                (None, _) => match table.acting_unit() {
                    Some(unit) => format!(
                        "{} to act: {}",
                        table.battle.sides[table.units[unit].unit.side].name,
                        setup
                            .seats
                            .get(table.units[unit].unit.side)
                            .map_or("AI".to_string(), Seat::to_string)
                    ),
                    None => "Resolving...".to_string(),
                },
            };
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
                    if let Some(verdict) = &undoable {
                        undo_buttons(
                            ui,
                            verdict,
                            &engine,
                            &keeping.redo,
                            &bindings,
                            &mut commands,
                        );
                    }
                    if ui.button("Help (F1)").clicked() {
                        hud.help = !hud.help;
                    }
                    if ui.button("Rules (F2)").clicked() {
                        hud.rules.toggle();
                    }
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
                    ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), status);
                });
            });
        });
    // When the turn comes back, what happened since stands in the log's
    // place (a lesson's coach tells it in its own words).
    let recap_shown = !hud.blocking_overlay()
        && !watching
        && hud.lesson.is_none()
        && !hud.recap.lines(engine.log()).is_empty();
    // Popped out, only the log's title row and the notice stay under the
    // table.
    let popped = hud.log.popped_out && !recap_shown;
    let log_panel = egui::Panel::bottom(if popped { "log title" } else { "log" })
        .frame(panel)
        .resizable(!popped)
        .default_size(170.0)
        .show(&mut root, |ui| {
            ui.horizontal(|ui| {
                hud.log.header(ui, table, engine.log());
                if let Some(notice) = &hud.notice {
                    ui.label(RichText::new(notice).color(ONE));
                }
                if let Some(rule) = hud.notice_rule
                    && ui
                        .link(format!("The rule: {rule}"))
                        .on_hover_text("Open the rules reference on it")
                        .clicked()
                {
                    hud.rules.show_rule(rule);
                }
            });
            if recap_shown {
                if let Some(unit) = hud.recap.panel(ui, table, engine.log()) {
                    goal.0 = Some(zone_centre(&table.board, table.units[unit].placement.zone));
                }
            } else if !popped && let Some(rule) = hud.log.rows(ui, state_tick, table, engine.log())
            {
                hud.rules.show_rule(rule);
            }
        });
    point_out(&root, &hud, &PointAt::Log, log_panel.response.rect);
    if popped {
        egui::Window::new("Battle log")
            .default_size([640.0, 380.0])
            .default_pos([310.0, 400.0])
            .resizable(true)
            .show(&ctx, |ui| hud.log.rows(ui, state_tick, table, engine.log()))
            .and_then(|shown| shown.inner.flatten())
            .inspect(|rule| hud.rules.show_rule(rule));
    }
    side_panel(egui::Panel::left("countdown"))
        .frame(panel)
        .show(&mut root, |ui| {
            keep_width(ui);
            ui.label(RichText::new("Countdown").strong());
            let track = ui.scope(|ui| countdown_track(ui, table, &mut hud));
            point_out(ui, &hud, &PointAt::Countdown, track.response.rect);
            ui.separator();
            if let Some(selected) = hud.selected.and_then(|s| table.units.get(s)) {
                let card = ui.scope(|ui| unit_card(ui, table, selected, &mut hud.rules));
                point_out(ui, &hud, &PointAt::Card, card.response.rect);
            } else {
                ui.label("Click a figure to see its card.");
            }
        });
    side_panel(egui::Panel::right("actions"))
        .frame(panel)
        .show(&mut root, |ui| {
            keep_width(ui);
            ui.label(RichText::new("Actions").strong());
            if let Some(Ok((_, command))) = &undoable {
                ui.label(
                    RichText::new(format!(
                        "{} takes back {command}",
                        bindings.keys_of(GameAction::Undo)
                    ))
                    .weak(),
                );
            }
            match hud.selected.filter(|s| mine.contains(s)) {
                _ if watching => {
                    ui.label("Watching a replay: step through it in the Replay window.");
                }
                Some(actor) if !hud.blocking_overlay() => {
                    action_menu(
                        ui, table, state_tick, &mut cache, actor, &mut hud, &mut queue, &bindings,
                    );
                }
                // An overlay (the pause menu, a hand-over, a Pass to confirm)
                // has the player's attention.
                _ if hud.blocking_overlay() => {}
                _ if !mine.is_empty() => {
                    ui.label("Select one of your combatants marked > (Tab).");
                }
                _ => {
                    ui.label("Waiting for the other side.");
                }
            }
        });
    // The panels sit on egui's background layer, which egui does not count
    // as over its areas: the pointer is the table's only inside the free
    // rect they leave.
    let free = root.available_rect_before_wrap();
    viewport.0 = Some(Rect::new(free.min.x, free.min.y, free.max.x, free.max.y));

    if !hud.blocking_overlay() && !hud.help {
        table_tooltip(&ctx, table, state_tick, &mut cache, &hud);
    }
    let mut help = hud.help;
    help_window(&ctx, &bindings, &mut help);
    hud.help = help;
    hud.rules.window(&ctx);

    // A lesson's coach says when it is over.
    if battle.outcome.is_some() && !watching && hud.lesson.is_none() {
        egui::Window::new("The battle is over")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 60.0))
            .show(&ctx, |ui| {
                if let Some(outcome) = battle.outcome_in_words() {
                    ui.label(RichText::new(outcome).size(18.0));
                }
                if ui.button("See the results").clicked() {
                    commands.insert_resource(BattleSummary::new(table, engine.log()));
                    next.set(Screen::Results);
                }
            });
    }
    if let Some(side) = hud.handover {
        // Opaque: the next player sees nothing of the other's board, cards,
        // dice or log until ready.
        egui::Modal::new(egui::Id::new("handover"))
            .backdrop_color(Color32::from_rgb(24, 22, 20))
            .show(&ctx, |ui| {
                ui.heading(format!("Pass the seat to {}", battle.sides[side].name));
                ui.label("The other player looks away. Click or press Enter when ready.");
                if ui.button("Ready").clicked() {
                    hud.handover = None;
                }
            });
    }
    if let Some(actor) = hud.confirm_pass {
        let name = table.units[actor].unit.name.clone();
        egui::Modal::new(egui::Id::new("confirm pass")).show(&ctx, |ui| {
            ui.heading("Pass for the round?");
            ui.label(format!(
                "{name} still has dice to act with. Passing gives them up until the next round."
            ));
            ui.horizontal(|ui| {
                if ui.button("Pass").clicked() {
                    give_order(&mut queue, &mut hud, table, actor, Order::Pass);
                }
                if ui.button("Keep playing").clicked() {
                    hud.confirm_pass = None;
                }
            });
        });
    }
    if hud.paused && keeping.browser.open.is_none() {
        egui::Modal::new(egui::Id::new("pause")).show(&ctx, |ui| {
            ui.heading("Paused");
            if ui.button("Resume").clicked() {
                hud.paused = false;
            }
            if !watching && hud.lesson.is_none() && keeping.campaign.is_none() {
                if ui.button("Save the battle").clicked() {
                    keeping.browser.show(Browse::Save, &keeping.folder);
                }
                if ui.button("Load a saved battle").clicked() {
                    keeping.browser.show(Browse::Load, &keeping.folder);
                }
                // A playtest's level is the editor's draft, not its file.
                if keeping.playtest.is_none()
                    && ui.button("Restart this battle (same seed)").clicked()
                {
                    let again = setup.clone();
                    commands.queue(move |world: &mut World| load_match(world, again));
                }
            }
            if ui.button("Settings").clicked() {
                hud.paused = false;
                commands.queue(|world: &mut World| {
                    world
                        .resource_mut::<crate::game::screens::settings::SettingsScreen>()
                        .show();
                });
            }
            if keeping.playtest.is_some() && ui.button("Back to the editor").clicked() {
                hud.paused = false;
                next.set(Screen::Editor);
            }
            let quit = if hud.lesson.is_some() {
                "Leave the lesson"
            } else if keeping.campaign.is_some() {
                "Leave the campaign (it is saved)"
            } else {
                "Quit to the menu"
            };
            if ui.button(quit).clicked() {
                if keeping.campaign.is_some() {
                    commands.queue(crate::game::session::campaigning::leave_battle);
                }
                next.set(Screen::Title);
            }
        });
    }
    let default_name = format!("{} round {}", battle.level.name, battle.round.max(1));
    let browsing = keeping.browser.open.is_some();
    browser_window(&ctx, &mut keeping.browser, &default_name, &mut commands);
    if browsing && keeping.browser.open.is_none() {
        hud.paused = false;
    }
    notice_window(&ctx, &mut keeping.notice, &keeping.fallback, &mut commands);
    hud.keyboard_taken = ctx.egui_wants_keyboard_input();
    hud.pointer_taken = pointer_taken(&ctx, free);
    Ok(())
}

/// The HUD's root: the whole window, on egui's background layer, where the
/// panels are laid out around the table.
fn hud_root(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "battle hud".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// A side panel of the battle HUD: as wide as the player last dragged it,
/// within [`SIDE_PANEL_WIDTHS`].
fn side_panel(panel: egui::Panel) -> egui::Panel {
    panel
        .resizable(true)
        .size_range(SIDE_PANEL_WIDTHS)
        .default_size(300.0)
}

/// Long lines wrap rather than widen a side panel, and short ones do not
/// narrow it.
fn keep_width(ui: &mut egui::Ui) {
    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
    ui.set_min_width(ui.available_width());
}

/// Whether the pointer is the HUD's rather than the table's: over a panel
/// (the panels sit on egui's background layer, which egui does not count as
/// over its areas, so anywhere outside the rect `free` they leave), over a
/// window, or held by something egui is dragging (a scrollbar). The table's
/// clicks, hover, tooltip and wheel zoom all wait on it.
pub fn pointer_taken(ctx: &egui::Context, free: egui::Rect) -> bool {
    let over_panels = ctx
        .input(|i| i.pointer.latest_pos())
        .is_some_and(|pos| !free.contains(pos));
    ctx.egui_wants_pointer_input() || ctx.is_pointer_over_egui() || over_panels
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

#[cfg(test)]
mod tests {
    use super::*;

    /// One frame of a HUD laid out as the battle's (a top bar, the log
    /// below, the countdown and the action menu at the sides, on the
    /// background layer, and a window over the table) with the pointer at
    /// `at` and the wheel turned there. Returns the free rect and whether
    /// the pointer was the HUD's.
    fn frame(ctx: &egui::Context, at: egui::Pos2) -> bool {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(1280.0, 800.0),
            )),
            events: vec![
                egui::Event::PointerMoved(at),
                egui::Event::MouseWheel {
                    unit: egui::MouseWheelUnit::Line,
                    delta: egui::vec2(0.0, 1.0),
                    phase: egui::TouchPhase::Move,
                    modifiers: egui::Modifiers::NONE,
                },
            ],
            ..Default::default()
        };
        let mut taken = false;
        let mut output = ctx.run_ui(input, |ui| {
            let ctx = ui.ctx().clone();
            let mut root = hud_root(&ctx);
            egui::Panel::top("top bar").show(&mut root, |ui| ui.label("Round 1 of 6"));
            egui::Panel::bottom("log")
                .default_size(170.0)
                .show(&mut root, |ui| {
                    egui::ScrollArea::vertical().show(ui, |ui| {
                        for k in 0..40 {
                            ui.label(format!("line {k}"));
                        }
                    });
                });
            side_panel(egui::Panel::left("countdown")).show(&mut root, |ui| {
                keep_width(ui);
                ui.label("Countdown");
            });
            side_panel(egui::Panel::right("actions")).show(&mut root, |ui| {
                keep_width(ui);
                let _ = ui.button("Move to the road");
            });
            let free = root.available_rect_before_wrap();
            egui::Window::new("Since your last turn")
                .fixed_pos(egui::pos2(600.0, 60.0))
                .show(&ctx, |ui| ui.label("Bandit 2 fumbles"));
            taken = pointer_taken(&ctx, free);
        });
        output.textures_delta.clear();
        taken
    }

    #[test]
    fn hovering_a_figure_lists_its_states_and_marks() {
        let mut table = crate::game::test_engines::roland_to_act().state().clone();
        table.units[1].conditions.stunned = true;
        table.units[1].conditions.shocked = true;
        table.units[1].conditions.exposure = 1;
        let hud = HudState {
            hovered_unit: Some(1),
            ..HudState::default()
        };
        let (lines, _) = tooltip_lines(&table, Tick::new(1), &mut MenuCache::default(), &hud);
        assert_eq!(
            lines.last().map(String::as_str),
            Some("States and marks: Stun, Shock, 1 exposure die")
        );
        table.units[1].conditions = Default::default();
        let (lines, _) = tooltip_lines(&table, Tick::new(1), &mut MenuCache::default(), &hud);
        assert!(lines.iter().all(|l| !l.starts_with("States")), "{lines:?}");
    }

    #[test]
    fn the_pointer_over_any_panel_or_window_is_the_huds_and_over_the_table_is_the_tables() {
        let ctx = egui::Context::default();
        // The first frame lays the panels out; the areas are known from the second.
        frame(&ctx, egui::pos2(640.0, 400.0));
        for (name, at) in [
            ("the top bar", egui::pos2(640.0, 8.0)),
            ("the log", egui::pos2(640.0, 760.0)),
            ("the countdown", egui::pos2(100.0, 400.0)),
            ("the action menu", egui::pos2(1180.0, 400.0)),
            ("a window over the table", egui::pos2(640.0, 75.0)),
        ] {
            assert!(frame(&ctx, at), "{name}");
        }
        assert!(!frame(&ctx, egui::pos2(640.0, 400.0)), "the table");
    }
}
