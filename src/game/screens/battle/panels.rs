//! The egui panels of the battle screen.

use bevy::ecs::change_detection::Tick;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use egui::{Color32, RichText};

use super::folding::{FOLDED_WIDTH, FoldedPanels, fold_button, folded_strip};
use crate::battle::engine::Engine;
use crate::battle::state::BattleState;
use crate::game::hud::dice::ONE;
use crate::game::hud::menu_cache::MenuCache;
use crate::game::hud::{HudState, TableUnderPanels, TableViewport};
use crate::game::input::{GameAction, KeyBindings};
use crate::game::screens::save_menu::{Keeping, browser_window, notice_window};
use crate::game::session::match_setup::MatchSetup;
use crate::game::session::preferences::{Settings, SettingsFile};
use crate::game::session::undo::undo_verdict;
use crate::game::stage::Screen;
use crate::game::steps::CommandQueue;
use crate::game::table::callouts::FollowAction;
use crate::game::table::camera::CameraGoal;
use crate::game::table::geometry::zone_centre;
use crate::lesson::PointAt;

use super::actions::*;
use super::card::*;
use super::tooltip::table_tooltip;
use super::top_bar::top_bar;
use super::windows::{over_and_between, pause_menu};
/// The widths the side panels may be dragged to. They keep their width
/// whatever they show, so the table does not jump at a change of turn.
const SIDE_PANEL_WIDTHS: std::ops::RangeInclusive<f32> = 220.0..=520.0;

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
                    ("1 - 9", "Choose the numbered entry of the action menu: a defence, or an order on a figure, nearest foe first"),
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
            ui.label(RichText::new("Keys can be changed in Settings. The pause menu can let the AI play your side for a while, and give it back.").weak());
        });
}

/// The whole battle HUD, every frame on the battle screen.
pub(crate) fn draw_battle_hud(
    mut contexts: EguiContexts,
    engine: Option<Res<Engine>>,
    setup: Res<MatchSetup>,
    bindings: Res<KeyBindings>,
    mut hud: ResMut<HudState>,
    (mut viewport, under_panels, mut folded): (
        ResMut<TableViewport>,
        Res<TableUnderPanels>,
        ResMut<FoldedPanels>,
    ),
    mut queue: ResMut<CommandQueue>,
    (mut preferences, settings_file): (ResMut<Settings>, Res<SettingsFile>),
    mut follow: ResMut<FollowAction>,
    mut goal: ResMut<CameraGoal>,
    mut next: ResMut<NextState<Screen>>,
    mut keeping: Keeping,
    mut cache: ResMut<MenuCache>,
    mut commands: Commands,
    settings: Option<Res<crate::game::screens::settings::SettingsScreen>>,
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
    hud.pick.pointing = None;
    hud.pick.pointed_odds = None;
    let mut root = hud_root(&ctx);
    let battle = &table.battle();
    let mine = hud.seats.mine(table);
    // Where the table goes on under the panels (the camera draws the whole
    // window, framed on the part they leave), they are see-through, so the
    // table is seen whole and the panels read over it. Elsewhere the table
    // camera clears the window to the panels' colour, so egui need not fill
    // half the window again (the camera's `panel_colour`).
    let fill = if under_panels.0 {
        see_through(ctx.global_style().visuals.panel_fill)
    } else {
        Color32::TRANSPARENT
    };
    let panel = egui::Frame::side_top_panel(&ctx.global_style()).fill(fill);
    // A lesson's coach may point at any panel: all are open for it.
    folded.follow(under_panels.0);
    let lesson = hud.lesson.is_some();
    let mut fold = *folded;

    egui::Panel::top("top bar")
        .frame(panel)
        .show(&mut root, |ui| {
            top_bar(
                ui,
                (&engine, &setup, &mine, watching),
                &mut hud,
                (&undoable, &keeping.redo, &bindings, &mut commands),
                (&mut preferences.reborrow(), &settings_file, &mut follow),
            )
        });
    // When the turn comes back, what happened since stands in the log's
    // place (a lesson's coach tells it in its own words).
    let recap_shown = !hud.overlays.blocking()
        && !watching
        && hud.lesson.is_none()
        && !hud.recap.lines(engine.log()).is_empty();
    // Popped out or folded, only the log's title row and the notice stay
    // under the table. Only the player folds or opens it: the panels keep
    // their size in play, so the table never jumps as a recap comes and goes.
    let popped_out = hud.log.popped_out;
    let title_only = popped_out || (fold.log && !lesson);
    let log_panel = egui::Panel::bottom(if title_only { "log title" } else { "log" })
        .frame(panel)
        .resizable(!title_only)
        .default_size(150.0)
        .show(&mut root, |ui| {
            log_and_recap(
                ui,
                (&engine, state_tick),
                &mut hud,
                (recap_shown && !title_only, title_only),
                (&mut goal, (!lesson).then_some(&mut fold.log)),
            )
        });
    point_out(&root, &hud, &PointAt::Log, log_panel.response.rect);
    if popped_out {
        egui::Window::new("Battle log")
            .default_size([640.0, 380.0])
            .default_pos([310.0, 400.0])
            .resizable(true)
            .show(&ctx, |ui| {
                if recap_shown {
                    recap_in(ui, &engine, &mut hud, &mut goal, true);
                    None
                } else {
                    hud.log.rows(ui, state_tick, table, engine.log())
                }
            })
            .and_then(|shown| shown.inner.flatten())
            .inspect(|rule| hud.overlays.rules.show_rule(rule));
    }
    // The left panel's title names the order it shows.
    let order_title = if table.sequence().is_countdown() {
        "Countdown"
    } else {
        "Turn order"
    };
    folding_side_panel(
        &mut root,
        (panel, true, "countdown", order_title),
        (&mut fold.countdown, !lesson),
        |ui| countdown_and_card(ui, table, &mut hud),
    );
    folding_side_panel(
        &mut root,
        (panel, false, "actions", "Actions"),
        (&mut fold.actions, !lesson),
        |ui| {
            let takes_back = undoable.as_ref().map(|verdict| {
                verdict
                    .as_ref()
                    .map(|(_, command)| {
                        format!(
                            "{} takes back {command}",
                            bindings.keys_of(GameAction::Undo)
                        )
                    })
                    .map_err(String::clone)
            });
            actions_panel(
                ui,
                (table, state_tick),
                &mut cache,
                &mut hud,
                &mut queue,
                &bindings,
                (takes_back, &mine, watching),
            );
        },
    );
    if fold != *folded {
        fold.chosen = true;
        *folded = fold;
    }
    // The panels sit on egui's background layer, which egui does not count
    // as over its areas: the pointer is the table's only inside the free
    // rect they leave.
    let free = root.available_rect_before_wrap();
    viewport.0 = Some(Rect::new(free.min.x, free.min.y, free.max.x, free.max.y));
    // The log folded, the recap stands over the table's lower edge.
    if recap_shown && title_only && !popped_out {
        egui::Area::new(egui::Id::new("recap over the table"))
            .pivot(egui::Align2::LEFT_BOTTOM)
            .fixed_pos(free.left_bottom() + egui::vec2(8.0, -8.0))
            .show(&ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.set_max_width((free.width() - 40.0).max(200.0));
                    ui.set_max_height((free.height() * 0.4).max(80.0));
                    recap_in(ui, &engine, &mut hud, &mut goal, false);
                });
            });
    }

    if !hud.overlays.blocking() && !hud.overlays.help {
        table_tooltip(&ctx, table, state_tick, &mut cache, &hud);
    }
    let mut help = hud.overlays.help;
    help_window(&ctx, &bindings, &mut help);
    hud.overlays.help = help;
    hud.overlays.rules.window(&ctx);

    over_and_between(
        &ctx,
        (&engine, watching),
        &mut hud,
        &mut queue,
        (&mut commands, &mut next),
    );
    pause_menu(
        &ctx,
        (&mut hud, table),
        &mut keeping,
        (watching, &setup),
        (&mut commands, &mut next),
    );
    let default_name = format!("{} round {}", battle.level.name, battle.round.max(1));
    let browsing = keeping.browser.open.is_some();
    browser_window(&ctx, &mut keeping.browser, &default_name, &mut commands);
    if browsing && keeping.browser.open.is_none() {
        hud.overlays.paused = false;
    }
    notice_window(&ctx, &mut keeping.notice, &keeping.fallback, &mut commands);
    // A key pressed for a new binding goes to the binding alone.
    hud.focus.keyboard_taken = ctx.egui_wants_keyboard_input()
        || settings.is_some_and(|settings| settings.binding_a_key());
    hud.focus.pointer_taken = pointer_taken(&ctx, free);
    Ok(())
}

/// The HUD's root: the whole window, on egui's background layer, where the
/// The left panel: the countdown track, then the selected figure's card.
fn countdown_and_card(ui: &mut egui::Ui, table: &BattleState, hud: &mut HudState) {
    keep_width(ui);
    ui.label(RichText::new(table.sequence().name()).strong());
    if let Some(now) = table.sequence_in_words() {
        ui.label(RichText::new(now).color(Color32::GOLD));
    }
    let track = ui.scope(|ui| countdown_track(ui, table, hud));
    point_out(ui, hud, &PointAt::Countdown, track.response.rect);
    ui.separator();
    if let Some(selected) = hud.pick.selected.and_then(|s| table.units().get(s)) {
        let card = ui.scope(|ui| unit_card(ui, table, selected, &mut hud.overlays.rules));
        point_out(ui, hud, &PointAt::Card, card.response.rect);
    } else {
        ui.label("Click a figure to see its card.");
    }
}

/// Under the table: the log's title row with the latest notice and its
/// rule, then the log, or "Since your last turn" in its place.
fn log_and_recap(
    ui: &mut egui::Ui,
    (engine, state_tick): (&Engine, Tick),
    hud: &mut HudState,
    (recap_shown, popped): (bool, bool),
    (goal, folded): (&mut CameraGoal, Option<&mut bool>),
) {
    let table = engine.state();
    ui.horizontal(|ui| {
        if let Some(folded) = folded {
            let (word, hint) = if *folded {
                ("Open", "Open the log under the table")
            } else {
                ("Fold", "Fold the log to this row, for more of the table")
            };
            *folded ^= fold_button(ui, word, hint);
        }
        hud.log.header(ui, table, engine.log());
        if let Some(notice) = &hud.notices.text {
            ui.label(RichText::new(notice).color(ONE));
        }
        if let Some(rule) = hud.notices.rule
            && ui
                .link(format!("The rule: {rule}"))
                .on_hover_text("Open the rules reference on it")
                .clicked()
        {
            hud.overlays.rules.show_rule(rule);
        }
    });
    if recap_shown {
        recap_in(ui, engine, hud, goal, true);
    } else if !popped && let Some(rule) = hud.log.rows(ui, state_tick, table, engine.log()) {
        hud.overlays.rules.show_rule(rule);
    }
}

/// What happened since the player's last turn, wherever the log is; a
/// line clicked sends the camera to the combatant it names.
fn recap_in(
    ui: &mut egui::Ui,
    engine: &Engine,
    hud: &mut HudState,
    goal: &mut CameraGoal,
    fill: bool,
) {
    let table = engine.state();
    if let Some(unit) = hud.recap.panel(ui, table, engine.log(), fill) {
        goal.0 = Some(zone_centre(
            table.board(),
            table.units()[unit].placement.zone,
        ));
    }
}

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

/// How much of a HUD panel's colour covers the table under it.
const PANEL_COVER: f32 = 0.8;

/// A panel's fill, see-through over the table.
fn see_through(fill: Color32) -> Color32 {
    fill.gamma_multiply(PANEL_COVER)
}

/// A side panel of the battle HUD (`id` is the panel's): as wide as the
/// player last dragged it, within [`SIDE_PANEL_WIDTHS`]. In play it keeps
/// that width: what it holds wraps to it, and anything wider is cut rather
/// than narrowing the table. Only dragging its edge changes it.
fn side_panel(ctx: &egui::Context, panel: egui::Panel, id: &str) -> egui::Panel {
    let id = egui::Id::new(id);
    // egui 0.36 names a panel's edge handle so; the frame a drag ends on
    // still takes the width dragged to.
    let resizing = ctx.is_being_dragged(id.with("__resize"))
        || ctx.input(|input| input.pointer.any_released());
    let (least, most) = (*SIDE_PANEL_WIDTHS.start(), *SIDE_PANEL_WIDTHS.end());
    let widths = match egui::containers::panel::PanelState::load(ctx, id) {
        Some(kept) if !resizing => least..=kept.size().x.clamp(least, most),
        _ => SIDE_PANEL_WIDTHS,
    };
    // The countdown starts wide enough for a name and four dice on a row.
    let first_width = if id == egui::Id::new("countdown") {
        280.0
    } else {
        240.0
    };
    panel
        .resizable(true)
        .size_range(widths)
        .default_size(first_width)
}

/// A side panel that folds (on the left, or else the right): open, with a
/// button in its heading that folds it unless it may not fold now (a
/// lesson's coach may point into it); folded, a slim strip with its name
/// down it that opens it on a click.
fn folding_side_panel(
    root: &mut egui::Ui,
    (frame, left, id, name): (egui::Frame, bool, &'static str, &'static str),
    (folded, may_fold): (&mut bool, bool),
    content: impl FnOnce(&mut egui::Ui),
) {
    let placed = |id: String| {
        if left {
            egui::Panel::left(id)
        } else {
            egui::Panel::right(id)
        }
    };
    // The arrow points the way the panel goes.
    let (opens, folds) = if left { ("▶", "◀") } else { ("◀", "▶") };
    let lower = name.to_lowercase();
    if *folded && may_fold {
        placed(format!("{id} folded"))
            .frame(frame)
            .resizable(false)
            .exact_size(FOLDED_WIDTH)
            .show(root, |ui| {
                let hint = format!("Open the {lower}");
                *folded &= !folded_strip(ui, opens, name, &hint);
            });
        return;
    }
    side_panel(&root.ctx().clone(), placed(id.to_string()), id)
        .frame(frame)
        .show(root, |ui| {
            if may_fold {
                ui.with_layout(egui::Layout::right_to_left(egui::Align::TOP), |ui| {
                    let hint = format!("Fold the {lower} away, for more of the table");
                    *folded |= fold_button(ui, folds, &hint);
                });
            }
            content(ui);
        });
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

/// The Actions panel: what undo takes back, then the menu of the selected
/// combatant, or why there is none.
pub(super) fn actions_panel(
    ui: &mut egui::Ui,
    (table, state_tick): (&BattleState, Tick),
    cache: &mut MenuCache,
    hud: &mut HudState,
    queue: &mut CommandQueue,
    bindings: &KeyBindings,
    (takes_back, mine, watching): (Option<Result<String, String>>, &[usize], bool),
) {
    keep_width(ui);
    ui.label(RichText::new("Actions").strong());
    if let Some(line) = takes_back {
        undo_line(ui, line);
    }
    match hud.pick.selected.filter(|s| mine.contains(s)) {
        _ if watching => {
            ui.label("Watching a replay: step through it in the Replay window.");
        }
        Some(actor) if !hud.overlays.blocking() => {
            action_menu(ui, table, state_tick, cache, actor, hud, queue, bindings);
        }
        // An overlay (the pause menu, a hand-over, a Pass to confirm)
        // has the player's attention.
        _ if hud.overlays.blocking() => {}
        _ if !mine.is_empty() => {
            ui.label("Select one of your combatants marked > (Tab).");
        }
        _ if !hud.seats.ai_stands_in.is_empty() => {
            ui.label("The AI plays your side: take it back in the pause menu (Esc).");
        }
        _ => {
            ui.label("Waiting for the other side.");
        }
    }
}

/// What undo would take back, or why nothing, on one row whichever it is:
/// the menu below never moves as undo comes and goes (an Effort opens it, a
/// roll closes it). The whole line shows under the pointer.
fn undo_line(ui: &mut egui::Ui, line: Result<String, String>) {
    let (shown, whole) = match line {
        Ok(takes_back) => (takes_back.clone(), takes_back),
        Err(why) => ("Nothing to take back".to_string(), why),
    };
    ui.add(egui::Label::new(RichText::new(shown).weak()).truncate())
        .on_hover_text(whole);
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
            side_panel(&ctx, egui::Panel::left("countdown"), "countdown").show(&mut root, |ui| {
                keep_width(ui);
                ui.label("Countdown");
            });
            side_panel(&ctx, egui::Panel::right("actions"), "actions").show(&mut root, |ui| {
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

    /// One frame of a side panel alone, holding a line `wide` points wide,
    /// with the given input. Returns the panel's rect.
    fn side_panel_frame(ctx: &egui::Context, events: Vec<egui::Event>, wide: f32) -> egui::Rect {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(1280.0, 800.0),
            )),
            events,
            ..Default::default()
        };
        let mut rect = egui::Rect::NOTHING;
        let mut output = ctx.run_ui(input, |ui| {
            let ctx = ui.ctx().clone();
            let mut root = hud_root(&ctx);
            rect = side_panel(&ctx, egui::Panel::left("countdown"), "countdown")
                .show(&mut root, |ui| {
                    keep_width(ui);
                    ui.add_sized([wide, 20.0], egui::Label::new("Bandit archer 1"));
                })
                .response
                .rect;
        });
        output.textures_delta.clear();
        rect
    }

    /// Issue #74: the table narrowed as what the side panels held widened
    /// them. They keep the width the player gives them.
    #[test]
    fn a_side_panel_keeps_its_width_whatever_it_holds_until_its_edge_is_dragged() {
        let ctx = egui::Context::default();
        let kept = side_panel_frame(&ctx, Vec::new(), 100.0).width();
        for wide in [400.0, 600.0, 100.0] {
            let width = side_panel_frame(&ctx, Vec::new(), wide).width();
            assert_eq!(width, kept, "holding a line {wide} wide");
        }
        // Dragging its edge out to 330 widens it, and it keeps that width.
        let edge = egui::pos2(kept, 400.0);
        let to = egui::pos2(330.0, 400.0);
        let button = |pos, pressed| egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        };
        for events in [
            vec![egui::Event::PointerMoved(edge)],
            vec![button(edge, true)],
            vec![egui::Event::PointerMoved(edge + egui::vec2(20.0, 0.0))],
            vec![egui::Event::PointerMoved(to)],
            vec![button(to, false)],
            Vec::new(),
        ] {
            side_panel_frame(&ctx, events, 100.0);
        }
        let dragged = side_panel_frame(&ctx, Vec::new(), 600.0).width();
        assert!((dragged - 330.0).abs() < 3.0, "{kept} dragged to {dragged}");
        assert_eq!(side_panel_frame(&ctx, Vec::new(), 100.0).width(), dragged);
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
