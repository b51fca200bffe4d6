//! The egui panels of the battle screen.

use bevy::ecs::change_detection::Tick;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use egui::{Color32, RichText};

use super::menu_cache::{MenuCache, NUMBERED, is_numbered};
use super::rules_panel::{RulesPanel, explained, special_term};
use super::{HudState, TableViewport, give_order, human_turn};
use crate::battle::check::Plan;
use crate::battle::command::cost_words;
use crate::battle::command::{CommandQueue, Order};
use crate::battle::components::{RankTrack, WoundChoice};
use crate::battle::describe::Names;
use crate::battle::engine::Engine;
use crate::battle::odds::{answered_attack_odds, attack_preview_with};
use crate::battle::state::{BattleState, Phase, UnitState};
use crate::data::Tactic;
use crate::game::Screen;
use crate::game::ai_driver::AiPace;
use crate::game::callouts::FollowAction;
use crate::game::camera::CameraGoal;
use crate::game::figures::side_paints;
use crate::game::input::{GameAction, KeyBindings};
use crate::game::match_setup::{MatchSetup, Seat};
use crate::game::motion::MotionPace;
use crate::game::orders::{
    Click, MenuEntry, MenuSection, facing_choice, order_label, target_heading,
};
use crate::game::results::BattleSummary;
use crate::game::save_menu::{Browse, Keeping, browser_window, notice_window};
use crate::game::screens::load_match;
use crate::game::undo::{RedoStack, redo, undo, undo_verdict};
use crate::lesson::PointAt;
use crate::replay::command_in_words;
use crate::rules::injury::{Location, Shift};
use crate::rules::odds::AttackOdds;
use crate::rules::special::SpecialResult;

/// The widths the side panels may be dragged to. They keep their width
/// whatever they show, so the table does not jump at a change of turn.
const SIDE_PANEL_WIDTHS: std::ops::RangeInclusive<f32> = 220.0..=520.0;

pub(super) const HIT: Color32 = Color32::from_rgb(70, 160, 70);
pub(super) const ONE: Color32 = Color32::from_rgb(190, 50, 40);
const PLAIN: Color32 = Color32::from_rgb(225, 220, 205);

/// A side's colour as its figures are painted.
fn side_colour(table: &BattleState, side: usize) -> Color32 {
    let [r, g, b, _] = side_paints(table, side).0.to_srgba().to_u8_array();
    Color32::from_rgb(r, g, b)
}

/// A small square in a side's colour.
fn swatch(ui: &mut egui::Ui, colour: Color32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
    ui.painter().rect_filled(rect, 2.0, colour);
}

/// One die face as a small square: hits green, 1s red.
pub fn die(ui: &mut egui::Ui, face: u8, hit_from: u8) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(17.0, 17.0), egui::Sense::hover());
    let (fill, text) = if face == 1 {
        (ONE, Color32::WHITE)
    } else if face >= hit_from {
        (HIT, Color32::WHITE)
    } else {
        (PLAIN, Color32::BLACK)
    };
    ui.painter().rect_filled(rect, 3.0, fill);
    ui.painter().text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        face.to_string(),
        egui::FontId::monospace(12.0),
        text,
    );
}

fn percent(p: f64) -> String {
    format!("{:.0}%", p * 100.0)
}

fn odds_lines(ui: &mut egui::Ui, odds: &AttackOdds) {
    ui.label(format!(
        "At least one hit: {}",
        percent(odds.at_least_one_hit())
    ));
    ui.label(format!(
        "A wound (a State or a rank): {}",
        percent(odds.state + odds.rank_loss)
    ));
    ui.label(format!(
        "Trauma or worse: {}",
        percent(odds.trauma_or_worse())
    ));
    ui.label(format!(
        "Killing Blow or worse: {}",
        percent(odds.killing_blow_or_worse())
    ));
    if odds.killed > 0.0 {
        ui.label(format!("Kills (fallen target): {}", percent(odds.killed)));
    }
    ui.label(format!("Fumble: {}", percent(odds.fumble)));
    if odds.exposure > 0.0 {
        ui.label(format!(
            "Exposure dice left on the attacker: {:.1} on average",
            odds.exposure
        ));
    }
    for &(special, chance) in &odds.specials {
        ui.label(format!("{}: {}", special.name(), percent(chance)));
    }
}

/// The odds of a checked attack, with the weapon the rules chose for it and
/// the same code the rules and AI use.
fn plan_odds(table: &BattleState, plan: &Plan) -> Option<AttackOdds> {
    if let Order::Defend { with, .. } = &plan.order {
        return answered_attack_odds(table, table.battle.pending.as_ref()?, *with);
    }
    let Order::Attack {
        target,
        specials,
        tactic,
        ..
    } = &plan.order
    else {
        return None;
    };
    let target = table.unit_index(target)?;
    attack_preview_with(
        table,
        plan.actor,
        target,
        plan.weapon.as_deref()?,
        table.units[target].conditions.defence_pool,
        specials,
        *tactic,
    )
}

fn rank_line(ui: &mut egui::Ui, name: &str, track: &RankTrack) {
    ui.horizontal(|ui| {
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

/// Where the player's attacks shift an injury when a triple or quadruple
/// on the location dice allows it.
fn shift_picker(ui: &mut egui::Ui, hud: &mut HudState) {
    let label = |shift: Shift| match shift {
        Shift::Worst => "the worst place".to_string(),
        Shift::Stay => "no shift".to_string(),
        Shift::To(location) => format!("toward the {}", location.name()),
    };
    ui.horizontal(|ui| {
        explained(
            ui.label("Injury shift:"),
            "Injury shift",
            "Injury tables",
            &mut hud.rules,
        );
        egui::ComboBox::from_id_salt("injury shift")
            .selected_text(label(hud.attack.shift))
            .show_ui(ui, |ui| {
                let mut options = vec![Shift::Worst, Shift::Stay];
                options.extend(Location::ALL.map(Shift::To));
                for option in options {
                    ui.selectable_value(&mut hud.attack.shift, option, label(option));
                }
            });
    });
}

/// The special results the player's attacks buy, toggled on and off; the
/// order they were picked in is the order they are bought.
fn specials_picker(ui: &mut egui::Ui, table: &BattleState, hud: &mut HudState) {
    let costs = &table.ruleset.actions.special_results.costs;
    egui::CollapsingHeader::new(format!(
        "Special results: {}",
        if hud.attack.specials.is_empty() {
            "none".to_string()
        } else {
            hud.attack
                .specials
                .iter()
                .map(|s| s.name())
                .collect::<Vec<_>>()
                .join(", ")
        }
    ))
    .id_salt("specials")
    .show(ui, |ui| {
        ui.label("Extra successes beyond the first buy these, in the order picked:");
        ui.horizontal_wrapped(|ui| {
            for special in SpecialResult::ALL {
                let picked = hud.attack.specials.iter().position(|&s| s == special);
                let cost = costs.get(&special).copied().unwrap_or(0);
                let text = match picked {
                    Some(k) => format!("{}. {} ({cost})", k + 1, special.name()),
                    None => format!("{} ({cost})", special.name()),
                };
                if explained(
                    ui.selectable_label(picked.is_some(), text),
                    &special_term(special),
                    "Special results",
                    &mut hud.rules,
                )
                .clicked()
                {
                    match picked {
                        Some(k) => {
                            hud.attack.specials.remove(k);
                        }
                        None => hud.attack.specials.push(special),
                    }
                }
            }
        });
    });
}

fn side_name(table: &BattleState, side: usize) -> &str {
    table.battle.sides.get(side).map_or("", |s| s.name.as_str())
}

fn unit_card(ui: &mut egui::Ui, table: &BattleState, unit: &UnitState, rules: &mut RulesPanel) {
    ui.horizontal(|ui| {
        swatch(ui, side_colour(table, unit.unit.side));
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
        marks.push(format!("{} exposure dice", c.exposure));
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
        ui.label(format!("When wounded: {}", c.wounds.name())),
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
        .and_then(|s| table.ruleset.weapons.get(s))
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
                .and_then(|id| table.ruleset.actions.spells.get(id))
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
        if let Some(w) = table.ruleset.weapons.get(weapon) {
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
    ui.horizontal(|ui| {
        ui.label("Action dice:");
        for &face in &unit.pool.dice {
            die(ui, face, 7);
        }
        if unit.pool.carried > 0 {
            ui.label(format!("(+{} kept)", unit.pool.carried));
        }
    });
}

fn countdown_track(ui: &mut egui::Ui, table: &BattleState, hud: &mut HudState) {
    let acting = table.battle.turn_candidates();
    let mut order: Vec<&UnitState> = table.units.iter().filter(|u| u.fighting()).collect();
    order.sort_by_key(|u| (std::cmp::Reverse(u.pool.usable()), u.unit.index));
    for unit in order {
        ui.horizontal(|ui| {
            let now = acting.contains(&unit.unit.index);
            let marker = if now {
                ">"
            } else if unit.pool.holding {
                "H"
            } else {
                " "
            };
            explained(
                ui.label(RichText::new(marker).color(Color32::GOLD).monospace()),
                marker,
                "Countdown",
                &mut hud.rules,
            );
            swatch(ui, side_colour(table, unit.unit.side));
            let name = RichText::new(&unit.unit.name);
            let name = if hud.selected == Some(unit.unit.index) {
                name.strong().underline()
            } else {
                name
            };
            if ui.selectable_label(now, name).clicked() {
                hud.selected = Some(unit.unit.index);
                hud.picked_dice.clear();
            }
            for &face in &unit.pool.dice {
                die(ui, face, 7);
            }
            if unit.pool.holding {
                ui.label("holds");
            }
        });
    }
    let out: Vec<&str> = table
        .units
        .iter()
        .filter(|u| !u.fighting())
        .map(|u| u.unit.name.as_str())
        .collect();
    if !out.is_empty() {
        ui.label(RichText::new(format!("Out: {}", out.join(", "))).weak());
    }
}

fn dice_picker(ui: &mut egui::Ui, unit: &UnitState, hud: &mut HudState) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Pay with:");
        for (k, &face) in unit.pool.dice.iter().enumerate() {
            if face == 1 {
                continue;
            }
            let picked = hud.picked_dice.contains(&k);
            let label = RichText::new(face.to_string()).monospace().strong();
            if ui.selectable_label(picked, label).clicked() {
                if picked {
                    hud.picked_dice.retain(|&d| d != k);
                } else {
                    hud.picked_dice.push(k);
                }
            }
        }
        if hud.picked_dice.is_empty() {
            explained(
                ui.label(RichText::new("least wasteful").weak()),
                "least wasteful",
                "Paying for actions",
                &mut hud.rules,
            );
        } else if ui.small_button("clear").clicked() {
            hud.picked_dice.clear();
        }
    });
}

#[allow(clippy::too_many_arguments)]
fn action_menu(
    ui: &mut egui::Ui,
    table: &BattleState,
    state_tick: Tick,
    cache: &mut MenuCache,
    actor: usize,
    hud: &mut HudState,
    queue: &mut CommandQueue,
    bindings: &KeyBindings,
) {
    let unit = &table.units[actor];
    if let Some(pending) = &table.battle.pending {
        let weapon = table
            .ruleset
            .weapons
            .get(&pending.weapon)
            .map_or(pending.weapon.as_str(), |w| w.name.as_str());
        ui.label(
            RichText::new(format!(
                "{} attacks {} with {weapon}! Answer before the dice are rolled: hover a defence for the odds it leaves the attack.",
                table.units[pending.attacker].unit.name, unit.unit.name
            ))
            .color(Color32::GOLD),
        );
    } else if matches!(table.battle.phase, Phase::Refresh { .. }) {
        ui.label(
            RichText::new(
                "Refresh! Act with what you have left, or keep one die for the next round.",
            )
            .color(Color32::GOLD),
        );
    }
    if table.battle.pending.is_some() {
        ui.checkbox(
            &mut hud.attack.raise_with_one,
            "Raise a die with a 1 after the defence roll",
        );
    } else {
        ui.checkbox(
            &mut hud.attack.raise_with_one,
            "Raise a die with a 1 after the attack roll",
        );
        let tactics = ui.horizontal_wrapped(|ui| {
            ui.label("Tactic:");
            ui.radio_value(&mut hud.attack.tactic, None, "none");
            for tactic in Tactic::ALL {
                let choice = ui.radio_value(&mut hud.attack.tactic, Some(tactic), tactic.name());
                explained(choice, tactic.name(), "Special tactics", &mut hud.rules);
            }
        });
        point_out(ui, hud, &PointAt::Tactics, tactics.response.rect);
        shift_picker(ui, hud);
        let specials = ui.scope(|ui| specials_picker(ui, table, hud));
        point_out(ui, hud, &PointAt::Specials, specials.response.rect);
    }
    wound_choice(ui, table, actor, hud, queue);
    let picker = ui.scope(|ui| dice_picker(ui, unit, hud));
    point_out(ui, hud, &PointAt::PayWith, picker.response.rect);
    let pay = hud.picked_faces(table, actor);
    let entries = cache.menu(state_tick, table, actor, &hud.attack, pay.as_deref());
    let mut chosen = None;
    let mut pointing = None;
    let menu = egui::ScrollArea::vertical().show(ui, |ui| {
        let mut section = None;
        let mut number = 0;
        let mut k = 0;
        while k < entries.len() {
            let entry = &entries[k];
            if section != Some(entry.section) {
                section = Some(entry.section);
                ui.separator();
                let heading = match entry.section {
                    MenuSection::Turn => "This turn".to_string(),
                    MenuSection::Defence => "Defend".to_string(),
                    MenuSection::Target(target) => target_heading(table, actor, target),
                    MenuSection::Move => "Move".to_string(),
                    MenuSection::Other => "Other".to_string(),
                };
                ui.label(RichText::new(heading).strong());
            }
            // The facings of one flight or drive make one row of buttons.
            if let Some((_, free)) = facing_choice(&entry.order) {
                let run = entries[k..]
                    .iter()
                    .take_while(|e| facing_choice(&e.order).is_some_and(|(_, f)| f == free))
                    .count()
                    .max(1);
                ui.horizontal_wrapped(|ui| {
                    let cost = entries[k..k + run]
                        .iter()
                        .find_map(|e| e.verdict.as_ref().ok())
                        .map_or(String::new(), |plan| {
                            format!(" - {}", cost_words(plan.cost))
                        });
                    ui.label(format!("    {}{cost}, facing:", order_label(table, &free)));
                    for entry in &entries[k..k + run] {
                        let facing = facing_choice(&entry.order).map_or("", |(f, _)| f.letters());
                        let button = egui::Button::new(facing).small();
                        let response = ui.add_enabled(entry.verdict.is_ok(), button);
                        if let Some(order) =
                            menu_entry_response(response, entry, table, unit, &mut pointing)
                        {
                            chosen = Some(order);
                        }
                    }
                });
                k += run;
                continue;
            }
            // The number key that chooses it, for the first nine allowed.
            let key = if is_numbered(entry) && number < NUMBERED {
                number += 1;
                format!("{number}  ")
            } else {
                "    ".to_string()
            };
            let shortcut = match entry.order {
                Order::Hold => Some(GameAction::Hold),
                Order::Pass => Some(GameAction::Pass),
                Order::KeepDie => Some(GameAction::KeepDie),
                Order::Recover { .. } => Some(GameAction::Recover),
                Order::Effort => Some(GameAction::Effort),
                _ => None,
            }
            .map(|a| format!("  [{}]", bindings.keys_of(a)))
            .unwrap_or_default();
            let text = match &entry.verdict {
                Ok(plan) => format!("{key}{} - {}{shortcut}", entry.label, cost_words(plan.cost)),
                Err(_) => format!("{key}{}{shortcut}", entry.label),
            };
            let mut button = egui::Button::new(text);
            // The entry a lesson's step asks for.
            if let (Some(gate), Ok(plan)) = (&hud.lesson, &entry.verdict)
                && gate.asks_for_plan(table, plan)
            {
                button = button
                    .stroke(egui::Stroke::new(2.5, Color32::GOLD))
                    .fill(Color32::from_rgb(92, 72, 16));
            }
            let response = ui.add_enabled(entry.verdict.is_ok(), button);
            if let Some(order) = menu_entry_response(response, entry, table, unit, &mut pointing) {
                chosen = Some(order);
            }
            k += 1;
        }
    });
    point_out(ui, hud, &PointAt::Actions, menu.inner_rect);
    hud.pointing = pointing;
    if let Some(order) = chosen {
        give_order(queue, hud, table, actor, order);
    }
}

/// A gold frame around the part of the HUD a lesson's step points at.
fn point_out(ui: &egui::Ui, hud: &HudState, part: &PointAt, rect: egui::Rect) {
    if hud
        .lesson
        .as_ref()
        .is_some_and(|gate| gate.point_at == *part)
    {
        let marks = egui::LayerId::new(egui::Order::Foreground, egui::Id::new("lesson marks"));
        // Kept inside the window: a panel runs to its edges.
        let window = ui.ctx().content_rect().shrink(2.0);
        ui.ctx().layer_painter(marks).rect_stroke(
            rect.expand(3.0).intersect(window),
            4.0,
            egui::Stroke::new(2.5, Color32::GOLD),
            egui::StrokeKind::Outside,
        );
    }
}

/// A menu entry's button: what it points at on the table while under the
/// pointer, its reason or odds when pointed at, and its order when clicked.
fn menu_entry_response(
    response: egui::Response,
    entry: &MenuEntry,
    table: &BattleState,
    unit: &UnitState,
    pointing: &mut Option<Click>,
) -> Option<Order> {
    if response.contains_pointer() {
        *pointing = entry.points_at;
    }
    // The reasons and odds are worked out only for the entry pointed at.
    let response = match &entry.verdict {
        Err(reason) => response.on_disabled_hover_ui(|ui| {
            ui.label(reason.narrate(&Names::of(table)));
            ui.label(RichText::new(format!("The rule: {} (F2)", reason.rule())).weak());
        }),
        Ok(plan) => response.on_hover_ui(|ui| {
            let paid: Vec<u8> = plan.paid.iter().map(|&k| unit.pool.dice[k]).collect();
            ui.label(if paid.is_empty() {
                "Costs no dice".to_string()
            } else {
                let faces: Vec<String> = paid.iter().map(u8::to_string).collect();
                format!("Pays with {}", faces.join(", "))
            });
            if let Some(odds) = &plan_odds(table, plan) {
                odds_lines(ui, odds);
            }
        }),
    };
    response.clicked().then(|| entry.order.clone())
}

/// The acting combatant's standing choice for the Wounds it may soak, and a
/// button that gives the same choice to its whole side.
fn wound_choice(
    ui: &mut egui::Ui,
    table: &BattleState,
    actor: usize,
    hud: &mut HudState,
    queue: &mut CommandQueue,
) {
    let unit = &table.units[actor];
    let current = unit.conditions.wounds;
    let mut chosen = None;
    ui.horizontal_wrapped(|ui| {
        ui.label("When wounded:");
        for take in WoundChoice::ALL {
            let response = ui.radio(current == take, take.name()).on_hover_text(
                "A Wound it may soak becomes a Stun (or Shock), or costs a rank instead. \
                 Stunned, it cannot defend, and each action begins with a BODY roll.",
            );
            if response.clicked() && current != take {
                chosen = Some(Order::ChooseWounds {
                    take,
                    whole_side: false,
                });
            }
        }
        let side_differs = table.units.iter().any(|u| {
            u.unit.side == unit.unit.side && u.fighting() && u.conditions.wounds != current
        });
        if ui
            .add_enabled(
                side_differs,
                egui::Button::new("The same for the whole side"),
            )
            .clicked()
        {
            chosen = Some(Order::ChooseWounds {
                take: current,
                whole_side: true,
            });
        }
    });
    if let Some(order) = chosen {
        give_order(queue, hud, table, actor, order);
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
                    lines.push(format!("Click: {}", order_label(table, &plan.order)));
                    odds = plan_odds(table, plan);
                }
                Err(reason) => lines.push(format!("Cannot: {}", reason.narrate(&Names::of(table)))),
            }
        }
    }
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
                        odds_lines(ui, odds);
                    }
                });
        });
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
            ui.label(RichText::new("Keys can be changed in assets/input.ron.").weak());
        });
}

/// The whole battle HUD, every frame on the battle screen.
pub(super) fn draw_battle_hud(
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
    let mut root = hud_root(&ctx);
    let battle = &table.battle;
    let mine = human_turn(table);
    // The table camera clears the window to the panels' colour, so egui need
    // not fill half the window again (the camera's `panel_colour`).
    let panel = egui::Frame::side_top_panel(&ctx.global_style()).fill(Color32::TRANSPARENT);

    egui::Panel::top("top bar")
        .frame(panel)
        .show(&mut root, |ui| {
            ui.horizontal(|ui| {
                ui.label(RichText::new(&battle.level.name).strong().size(16.0));
                ui.separator();
                ui.label(format!(
                    "Round {} of {}",
                    battle.round.max(1),
                    battle.round_limit
                ));
                ui.separator();
                // A lesson's dice are its own, not a seed's.
                if hud.lesson.is_none() {
                    ui.label(format!("Seed {}", battle.seed));
                    ui.separator();
                }
                let turn_text = match (battle.outcome_in_words(), mine.is_empty()) {
                    (Some(outcome), _) => format!("Battle over. {outcome}"),
                    (None, false) => format!(
                        "Your turn: {}",
                        table.battle.sides[table.units[mine[0]].unit.side].name
                    ),
                    (None, true) => match table.acting_unit() {
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
                ui.label(RichText::new(turn_text).color(Color32::GOLD));
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
                });
            });
        });
    // Popped out, only the log's title row and the notice stay under the
    // table.
    let popped = hud.log.popped_out;
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
            if !popped && let Some(rule) = hud.log.rows(ui, state_tick, table, engine.log()) {
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
    // A lesson's coach tells what happened in its own words.
    if !hud.blocking_overlay() && !watching && hud.lesson.is_none() {
        hud.recap.window(&ctx, table, engine.log(), &mut goal);
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
            if !watching && hud.lesson.is_none() {
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
                        .resource_mut::<crate::game::settings::SettingsScreen>()
                        .show();
                });
            }
            if keeping.playtest.is_some() && ui.button("Back to the editor").clicked() {
                hud.paused = false;
                next.set(Screen::Editor);
            }
            let quit = if hud.lesson.is_some() {
                "Leave the lesson"
            } else {
                "Quit to the menu"
            };
            if ui.button(quit).clicked() {
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
pub(super) fn take_back(world: &mut World) {
    if let Err(reason) = undo(world) {
        world.resource_mut::<HudState>().tell(reason);
    }
}

/// Redoes the command last undone, or says why it cannot be.
pub(super) fn give_again(world: &mut World) {
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
