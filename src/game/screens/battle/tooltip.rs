//! The tooltip over the table: the zone or figure under the pointer, what
//! a click there would order and at what odds, the cover it gives and the
//! foes' draws on a mover, a figure's States and marks.

use bevy::ecs::change_detection::Tick;
use bevy_egui::egui;

use crate::battle::command::Order;
use crate::battle::command::cost_words;
use crate::battle::cover::{area_cover, dice_off};
use crate::battle::describe::Names;
use crate::battle::describe::orders::order_label;
use crate::battle::odds::move_draws;
use crate::battle::state::BattleState;
use crate::data::Cover;
use crate::game::hud::HudState;
use crate::game::hud::menu_cache::MenuCache;
use crate::game::orders::Click;
use crate::rules::odds::AttackOdds;
use crate::vocabulary::ZoneCoord;

use super::actions::*;
use super::card::*;

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
pub(super) fn table_tooltip(
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
    if let Some(zone) = hud.pick.hovered_zone {
        let terrain = table
            .board()
            .terrain(zone)
            .and_then(|t| table.ruleset().terrain.terrain.get(&t))
            .map_or("?", |t| t.name.as_str());
        lines.push(format!("Zone {zone}: {terrain}"));
    }
    let actor = hud
        .pick
        .selected
        .filter(|s| hud.seats.mine(table).contains(s));
    let mut odds = None;
    if let Some(unit) = hud.pick.hovered_unit {
        let u = &table.units()[unit];
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
        let click = match (hud.pick.hovered_unit, hud.pick.hovered_zone) {
            (Some(unit), _) if table.units()[unit].unit.side != table.units()[actor].unit.side => {
                Some(Click::Unit(unit))
            }
            (None, Some(zone)) => Some(Click::Zone(zone)),
            _ => None,
        };
        if let Some(click) = click {
            match cache.click(state_tick, table, actor, click, &hud.choices.attack) {
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
    let name = |u: usize| table.units()[u].unit.name.clone();
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

#[cfg(test)]
mod tests {
    use bevy::prelude::default;

    use super::*;

    #[test]
    fn hovering_a_figure_lists_its_states_and_marks() {
        let mut table = crate::game::test_engines::roland_to_act().state().clone();
        table.set_up().units[1].conditions.stunned = true;
        table.set_up().units[1].conditions.shocked = true;
        table.set_up().units[1].conditions.exposure = 1;
        let hud = HudState {
            pick: crate::game::hud::Pick {
                hovered_unit: Some(1),
                ..default()
            },
            ..HudState::default()
        };
        let (lines, _) = tooltip_lines(&table, Tick::new(1), &mut MenuCache::default(), &hud);
        assert_eq!(
            lines.last().map(String::as_str),
            Some("States and marks: Stun, Shock, 1 exposure die")
        );
        table.set_up().units[1].conditions = Default::default();
        let (lines, _) = tooltip_lines(&table, Tick::new(1), &mut MenuCache::default(), &hud);
        assert!(lines.iter().all(|l| !l.starts_with("States")), "{lines:?}");
    }
}
