//! The battle screen's windows over the table between turns: the battle
//! over, the hand-over of a shared table, a Pass to confirm, and the pause
//! menu.

use bevy::prelude::*;
use bevy_egui::egui;
use egui::{Color32, RichText};

use crate::battle::command::Order;
use crate::battle::engine::Engine;
use crate::battle::state::BattleState;
use crate::game::hud::{HudState, give_order};
use crate::game::screens::loading::load_match;
use crate::game::screens::results::BattleSummary;
use crate::game::screens::save_menu::{Browse, Keeping};
use crate::game::session::match_setup::MatchSetup;
use crate::game::stage::Screen;
use crate::game::steps::CommandQueue;
use crate::seat::Seat;

/// The windows between turns: the battle over (a lesson's coach says it
/// itself), the hand-over of a shared table, and a Pass to confirm.
pub(super) fn over_and_between(
    ctx: &egui::Context,
    (engine, watching): (&Engine, bool),
    hud: &mut HudState,
    queue: &mut CommandQueue,
    (commands, next): (&mut Commands, &mut NextState<Screen>),
) {
    let table = engine.state();
    // A lesson's coach says when it is over.
    if table.battle().outcome.is_some() && !watching && hud.lesson.is_none() {
        egui::Window::new("The battle is over")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 60.0))
            .show(ctx, |ui| {
                if let Some(outcome) = table.battle().outcome_in_words() {
                    ui.label(RichText::new(outcome).size(18.0));
                }
                if ui.button("See the results").clicked() {
                    commands.insert_resource(BattleSummary::new(table, engine.log()));
                    next.set(Screen::Results);
                }
            });
    }
    if let Some(side) = hud.overlays.handover {
        // Opaque: the next player sees nothing of the other's board, cards,
        // dice or log until ready.
        egui::Modal::new(egui::Id::new("handover"))
            .backdrop_color(Color32::from_rgb(24, 22, 20))
            .show(ctx, |ui| {
                ui.heading(format!(
                    "Pass the seat to {}",
                    table.battle().sides[side].name
                ));
                ui.label("The other player looks away. Click or press Enter when ready.");
                if ui.button("Ready").clicked() {
                    hud.overlays.handover = None;
                }
            });
    }
    if let Some(actor) = hud.overlays.confirm_surrender {
        let name = table.units()[actor].unit.name.clone();
        egui::Modal::new(egui::Id::new("confirm surrender")).show(ctx, |ui| {
            ui.heading(format!("Surrender {name}?"));
            ui.label(format!(
                "{name} lays down arms, out of the fight for the rest of the battle unless the enemy strikes: struck, {name} fights on. If every fighter of your side is out of the fight, the battle is lost."
            ));
            ui.horizontal(|ui| {
                if ui.button("Surrender").clicked() {
                    give_order(queue, hud, table, actor, Order::Surrender);
                }
                if ui.button("Keep fighting").clicked() {
                    hud.overlays.confirm_surrender = None;
                }
            });
        });
    }
    if let Some(actor) = hud.overlays.confirm_pass {
        let name = table.units()[actor].unit.name.clone();
        egui::Modal::new(egui::Id::new("confirm pass")).show(ctx, |ui| {
            if table.pass_is_the_sides(actor) {
                ui.heading("Pass for the side?");
                ui.label(format!(
                    "Nobody is activated: the next side moves. {name} keeps the dice and may still take a turn this round."
                ));
            } else if table.pass_keeps_dice() {
                ui.heading("End this turn?");
                ui.label(format!(
                    "{name} still has dice to act with. Passing ends the turn; the dice stay for defences this round."
                ));
            } else {
                ui.heading("Pass for the round?");
                ui.label(format!(
                    "{name} still has dice to act with. Passing gives them up until the next round."
                ));
            }
            ui.horizontal(|ui| {
                // Enter confirms too (the battle screen's Confirm key).
                if ui.button("Pass (Enter)").clicked() {
                    give_order(queue, hud, table, actor, Order::Pass);
                }
                if ui.button("Keep playing").clicked() {
                    hud.overlays.confirm_pass = None;
                }
            });
        });
    }
}

/// The pause menu: resume, save, load, restart, handing a side to the AI,
/// settings, back to the editor after a playtest, and leaving.
pub(super) fn pause_menu(
    ctx: &egui::Context,
    (hud, table): (&mut HudState, &BattleState),
    keeping: &mut Keeping,
    (watching, setup): (bool, &MatchSetup),
    (commands, next): (&mut Commands, &mut NextState<Screen>),
) {
    if hud.overlays.paused && keeping.browser.open.is_none() {
        egui::Modal::new(egui::Id::new("pause")).show(ctx, |ui| {
            ui.heading("Paused");
            if ui.button("Resume").clicked() {
                hud.overlays.paused = false;
            }
            // A battle kept elsewhere (a campaign's, by file, online) is
            // saved, loaded and begun only there.
            if !watching
                && hud.lesson.is_none()
                && keeping.separate.is_none()
                && keeping.online.is_none()
            {
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
            // A lesson's side is the learner's; an online side is the
            // player's word to the others.
            if !watching && hud.lesson.is_none() && keeping.online.is_none() {
                stand_in_buttons(ui, hud, table, setup);
            }
            if ui.button("Settings").clicked() {
                hud.overlays.paused = false;
                commands.queue(|world: &mut World| {
                    world
                        .resource_mut::<crate::game::screens::settings::SettingsScreen>()
                        .show();
                });
            }
            if keeping.playtest.is_some() && ui.button("Back to the editor").clicked() {
                hud.overlays.paused = false;
                next.set(Screen::Editor);
            }
            // Where the way out leads, and whether it leaves a campaign.
            let (quit, to, campaign) = if hud.lesson.is_some() {
                ("Leave the lesson", Screen::Title, false)
            } else if keeping.by_file.is_some() {
                let kept = "Back to the games by file (this one is kept)";
                (kept, Screen::ByFile, false)
            } else if keeping.separate.is_some() {
                ("Leave the campaign (it is saved)", Screen::Title, true)
            } else if keeping.online.is_some() {
                ("Leave the game", Screen::Online, false)
            } else {
                ("Quit to the menu", Screen::Title, false)
            };
            if ui.button(quit).clicked() {
                if campaign {
                    commands.queue(crate::game::session::campaigning::leave_battle);
                }
                next.set(to);
            }
        });
    }
}

/// Hands the side whose turn it is (or was last) to the AI, which plays it
/// as Normal until the player takes it back; takes back each side handed.
pub(super) fn stand_in_buttons(
    ui: &mut egui::Ui,
    hud: &mut HudState,
    table: &BattleState,
    setup: &MatchSetup,
) {
    let sides = &table.battle().sides;
    for (side, seat) in setup.seats.iter().enumerate() {
        if *seat != Seat::Human {
            continue;
        }
        let name = &sides[side].name;
        if hud.seats.ai_stands_in.contains(&side) {
            if ui.button(format!("Take back {name} from the AI")).clicked() {
                hud.seats.ai_stands_in.retain(|&s| s != side);
                hud.overlays.paused = false;
            }
        } else if hud.seats.last_human_side == Some(side)
            && table.battle().outcome_in_words().is_none()
            && ui
                .button(format!("Let the AI play {name}"))
                .on_hover_text("It plays as Normal would until you take the side back here.")
                .clicked()
        {
            hud.seats.ai_stands_in.push(side);
            hud.overlays.paused = false;
        }
    }
}
