//! The battle screen's left panel: the countdown track and the selected
//! combatant's card, and the side colours they show.

use bevy::prelude::*;
use bevy_egui::egui;
use egui::{Color32, RichText};

use crate::battle::components::{Fate, RankTrack};
use crate::battle::state::{BattleState, UnitState};
use crate::game::hud::HudState;
use crate::game::hud::dice::{HIT, ONE, die};
use crate::game::hud::rules_panel::{RulesPanel, explained};
use crate::game::level_preview::swatch;
use crate::game::table::side_paint::side_paints;

/// A side's colour as its figures are painted.
pub(super) fn side_colour(table: &BattleState, side: usize) -> Color32 {
    let [r, g, b, _] = side_paints(table, side).0.to_srgba().to_u8_array();
    Color32::from_rgb(r, g, b)
}

/// A small square in a side's colour.
pub(super) fn rank_line(ui: &mut egui::Ui, name: &str, track: &RankTrack) {
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("{name}:"));
        for k in 0..track.real {
            let lost = k >= track.real - track.lost;
            let colour = if lost { ONE } else { HIT };
            ui.label(
                RichText::new(if lost { "x" } else { "o" })
                    .color(colour)
                    .strong(),
            );
        }
        for _ in 0..track.bonus {
            ui.label(RichText::new("+").color(Color32::LIGHT_BLUE).strong());
        }
        // A Heroic combatant fights on below zero (RULES §20).
        let left = match track.remaining() {
            below if below < 0 => format!("none left, {} below zero", -below),
            left => format!("{left} of {} left", track.real),
        };
        ui.label(format!(
            "{left}{}",
            if track.bonus > 0 {
                format!(", +{} bonus", track.bonus)
            } else {
                String::new()
            }
        ));
    });
}

pub(super) fn side_name(table: &BattleState, side: usize) -> &str {
    table
        .battle()
        .sides
        .get(side)
        .map_or("", |s| s.name.as_str())
}

pub(super) fn unit_card(
    ui: &mut egui::Ui,
    table: &BattleState,
    unit: &UnitState,
    rules: &mut RulesPanel,
) {
    ui.horizontal_wrapped(|ui| {
        swatch(ui, side_colour(table, unit.unit.side), 10.0);
        ui.label(RichText::new(&unit.unit.name).strong().size(16.0));
        // A side of one is often named after him: "Roland (Roland)" says nothing.
        let side = side_name(table, unit.unit.side);
        if side != unit.unit.name {
            ui.label(format!("({side})"));
        }
    });
    ui.label(format!(
        "{} in zone {}, {}",
        unit.fate.words(),
        unit.placement.zone,
        unit.status.words()
    ));
    rank_line(ui, "Physical", &unit.ranks.physical);
    rank_line(ui, "Mental", &unit.ranks.mental);
    let marks = marks(unit);
    if marks.is_empty() {
        ui.label("No States or marks");
    } else {
        // Each State names itself on hover.
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing.x = 0.0;
            for (k, mark) in marks.iter().enumerate() {
                let separator = if k + 1 < marks.len() { ", " } else { "" };
                explained(
                    ui.label(format!("{mark}{separator}")),
                    mark,
                    "States",
                    rules,
                );
            }
        });
    }
    explained(
        ui.label(format!("When wounded: {}", unit.conditions.wounds.name())),
        "When wounded",
        "States",
        rules,
    );
    let mut numbers = format!(
        "Attack {}d, armour {}, size {}",
        unit.profile.attack_dice, unit.profile.armour, unit.profile.size
    );
    if let Some(fear) = unit.profile.fear {
        numbers.push_str(&format!(", {}", fear.name()));
    }
    ui.label(numbers);
    for injury in &unit.wounds.0 {
        ui.colored_label(
            Color32::from_rgb(230, 110, 90),
            format!(
                "Wound: {} ({})",
                injury.effect.name(),
                injury.location.name()
            ),
        );
    }
    let defences: Vec<String> = unit
        .profile
        .defences
        .iter()
        .map(|(defence, dice)| format!("{} {dice}d", defence.name()))
        .collect();
    let mut defence_line = if defences.is_empty() {
        "No defence skills".to_string()
    } else {
        format!("Defences: {}", defences.join(", "))
    };
    if let Some(shield) = unit
        .profile
        .shield
        .as_ref()
        .and_then(|s| table.ruleset().weapons.get(s))
    {
        defence_line.push_str(&format!(" ({})", shield.name));
    }
    ui.label(defence_line);
    if let Some(pool) = unit.conditions.action_pool {
        let what = match pool.action {
            crate::battle::components::PoolAction::Aim => "Aim".to_string(),
            crate::battle::components::PoolAction::Cast { spell } => unit
                .profile
                .spells
                .get(usize::from(spell))
                .and_then(|id| table.ruleset().actions.spells.get(id))
                .map_or_else(|| "Cast".to_string(), |s| s.name.clone()),
        };
        ui.colored_label(
            Color32::from_rgb(200, 160, 255),
            format!("{what} pool: {} dice", pool.dice),
        );
    }
    if let Some(pool) = unit.conditions.defence_pool {
        ui.colored_label(
            Color32::from_rgb(120, 190, 255),
            format!(
                "{} pool: {} of {} dice",
                pool.defence.name(),
                pool.dice,
                pool.cap
            ),
        );
    }
    for weapon in &unit.profile.weapons {
        if let Some(w) = table.ruleset().weapons.get(weapon) {
            let mut notes = format!("{} ({}", w.name, w.weight.name());
            if w.reach {
                notes.push_str(", reach");
            }
            if let Some(range) = w.range {
                notes.push_str(&format!(", range {range}"));
            }
            notes.push(')');
            ui.label(notes);
        }
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("Action dice:");
        for &face in &unit.pool.dice {
            die(ui, face, 7);
        }
        if unit.pool.dice.is_empty() {
            ui.label(RichText::new("none left this round").weak());
        }
        if unit.pool.carried > 0 {
            ui.label(format!("(+{} kept)", unit.pool.carried));
        }
    });
}

pub(super) fn countdown_track(ui: &mut egui::Ui, table: &BattleState, hud: &mut HudState) {
    let acting = table.battle().turn_candidates();
    let rule = if table.sequence().is_countdown() {
        "Countdown"
    } else {
        "Sequences of play"
    };
    for unit in table.turn_order().into_iter().map(|i| &table.units()[i]) {
        ui.horizontal_wrapped(|ui| {
            let now = acting.contains(&unit.unit.index);
            let marker = if now {
                ">"
            } else if unit.pool.holding {
                "H"
            } else if table.delays(unit.unit.index) {
                "D"
            } else if table.hesitates(unit.unit.index) {
                "W"
            } else if table.has_had_its_turn(unit.unit.index) {
                "·"
            } else {
                " "
            };
            explained(
                ui.label(RichText::new(marker).color(Color32::GOLD).monospace()),
                marker,
                rule,
                &mut hud.overlays.rules,
            );
            swatch(ui, side_colour(table, unit.unit.side), 10.0);
            let name = RichText::new(&unit.unit.name);
            let name = if hud.pick.selected == Some(unit.unit.index) {
                name.strong().underline()
            } else {
                name
            };
            if ui.selectable_label(now, name).clicked() {
                hud.pick.selected = Some(unit.unit.index);
                hud.choices.picked_dice.clear();
            }
            if let Some(rank) = table.dex_rank(unit.unit.index) {
                explained(
                    ui.label(format!("DEX {rank}")),
                    "DEX rank",
                    "Sequences of play",
                    &mut hud.overlays.rules,
                );
            }
            if let Some(moving) = table.intent(unit.unit.index) {
                let intent = match (moving, table.runs(unit.unit.index)) {
                    (_, true) => "runs",
                    (true, false) => "moves",
                    (false, false) => "stands",
                };
                explained(
                    ui.label(RichText::new(intent).italics()),
                    intent,
                    "Sequences of play",
                    &mut hud.overlays.rules,
                );
            }
            for &face in &unit.pool.dice {
                die(ui, face, 7);
            }
            if unit.pool.holding {
                ui.label("holds");
            }
        });
    }
    let gone = table.units().iter().map(|u| (u.unit.name.as_str(), u.fate));
    for line in gone_lines(gone) {
        ui.label(RichText::new(line).weak());
    }
}

/// Who is no longer fighting, under the countdown: those out of the fight
/// (out of action, killed, surrendered), and apart from them those who
/// escaped over an edge, who are no casualties.
fn gone_lines<'a>(units: impl Iterator<Item = (&'a str, Fate)>) -> Vec<String> {
    let (mut out, mut escaped) = (Vec::new(), Vec::new());
    for (name, fate) in units {
        match fate {
            Fate::Fighting => {}
            Fate::Escaped => escaped.push(name),
            _ => out.push(name),
        }
    }
    [("Out", out), ("Escaped", escaped)]
        .into_iter()
        .filter(|(_, names)| !names.is_empty())
        .map(|(heading, names)| format!("{heading}: {}", names.join(", ")))
        .collect()
}

/// A combatant's States and marks in a player's words, as its card and the
/// table's tooltip list them.
pub(super) fn marks(unit: &UnitState) -> Vec<String> {
    let c = &unit.conditions;
    let mut marks = Vec::new();
    if c.stunned {
        marks.push("Stun".to_string());
    }
    if c.shocked {
        marks.push("Shock".to_string());
    }
    if c.fumbled {
        marks.push("Fumbled (hit on 4+)".to_string());
    }
    if c.exposure > 0 {
        marks.push(crate::battle::describe::exposure_dice(c.exposure));
    }
    if c.effort {
        marks.push("Effort ready".to_string());
    }
    if c.surprised {
        marks.push("Surprised".to_string());
    }
    if unit.pool.holding {
        marks.push("Holding".to_string());
    }
    for (on, mark) in [
        (c.doubt, "Doubt"),
        (c.panicked, "Panicked: must flee"),
        (c.crushed, "Crushed: cannot act"),
        (c.prone, "Prone"),
        (c.occupies_cover, "In cover"),
        (c.held_at.is_some(), "Held at the wall"),
    ] {
        if on {
            marks.push(mark.to_string());
        }
    }
    if let Some(level) = c.fear_passed {
        marks.push(format!("Unafraid of {} creatures", level.name()));
    }
    marks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaped_figures_are_listed_apart_from_those_out_of_the_fight() {
        let units = [
            ("Roland", Fate::Fighting),
            ("Bandit 1", Fate::OutOfAction),
            ("Wren", Fate::Escaped),
            ("Bandit 2", Fate::Killed),
        ];
        assert_eq!(
            gone_lines(units.into_iter()),
            vec![
                "Out: Bandit 1, Bandit 2".to_string(),
                "Escaped: Wren".to_string()
            ]
        );
        assert!(gone_lines([("Roland", Fate::Fighting)].into_iter()).is_empty());
    }
}
