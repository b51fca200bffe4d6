//! The battle screen's action panel: the action menu first, with each
//! order's cost and odds, then the standing options folded in a drawer (the
//! choices for attacks, the choice for Wounds, the dice to pay with).

use bevy::ecs::change_detection::Tick;
use bevy::prelude::*;
use bevy_egui::egui;
use egui::{Color32, RichText};

use crate::battle::check::Plan;
use crate::battle::command::Order;
use crate::battle::command::cost_words;
use crate::battle::components::WoundChoice;
use crate::battle::describe::Names;
use crate::battle::describe::orders::order_label;
use crate::battle::odds::{answered_attack_odds, answered_spell_successes, attack_preview_with};
use crate::battle::state::{BattleState, UnitState};
use crate::data::Tactic;
use crate::game::hud::menu_cache::{MenuCache, NUMBERED, is_numbered};
use crate::game::hud::rules_panel::{explained, special_term};
use crate::game::hud::{HudState, give_order, outcome_shares, percent};
use crate::game::input::{GameAction, KeyBindings};
use crate::game::orders::{Click, MenuEntry, MenuSection, facing_choice, target_heading};
use crate::game::steps::CommandQueue;
use crate::lesson::PointAt;
use crate::rules::injury::{Location, Shift};
use crate::rules::odds::AttackOdds;
use crate::rules::special::SpecialResult;

/// The odds of an attack: what it does to the target, as outcomes that add
/// up to the whole, then what it risks for the attacker and the special
/// results it may buy. For a defence, `unanswered` is the same attack with
/// no defence, beside each figure: what the defence buys, in the same terms.
pub(super) fn odds_lines(ui: &mut egui::Ui, odds: &AttackOdds, unanswered: Option<&AttackOdds>) {
    let beside = |now: String, before: Option<String>| match before {
        Some(before) if before != now => format!("{now} (no defence: {before})"),
        _ => now,
    };
    ui.label(RichText::new("To the target (adding up to 100%):").strong());
    let before = unanswered.map(outcome_shares).unwrap_or_default();
    let mut outcomes = outcome_shares(odds);
    // An outcome the defence rules out still shows, at none.
    for &(outcome, _) in &before {
        if !outcomes.iter().any(|&(o, _)| o == outcome) {
            outcomes.push((outcome, 0.0));
        }
    }
    for (outcome, chance) in outcomes {
        let was = before
            .iter()
            .find(|&&(o, _)| o == outcome)
            .map(|&(_, p)| percent(p))
            .or(unanswered.map(|_| percent(0.0)));
        ui.label(format!("  {outcome}: {}", beside(percent(chance), was)));
    }
    ui.label(RichText::new("To the attacker:").strong());
    ui.label(format!(
        "  A fumble: {}",
        beside(percent(odds.fumble), unanswered.map(|u| percent(u.fumble)))
    ));
    if odds.exposure > 0.0 {
        let dice = |e: f64| format!("{e:.1}");
        ui.label(format!(
            "  Exposure dice left on it, on average: {}",
            beside(dice(odds.exposure), unanswered.map(|u| dice(u.exposure)))
        ));
    }
    if !odds.specials.is_empty() {
        ui.label(RichText::new("Special results bought:").strong());
    }
    for &(special, chance) in &odds.specials {
        ui.label(format!("  {}: {}", special.name(), percent(chance)));
    }
}

/// The odds of a checked attack, with the weapon the rules chose for it and
/// the same code the rules and AI use.
pub(super) fn plan_odds(table: &BattleState, plan: &Plan) -> Option<AttackOdds> {
    if let Order::Defend { with, .. } = &plan.order {
        return answered_attack_odds(table, table.battle().pending.as_ref()?, *with);
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
        table.units()[target].conditions.defence_pool,
        specials,
        *tactic,
    )
}

/// Where the player's attacks shift an injury when a triple or quadruple
/// on the location dice allows it.
pub(super) fn shift_picker(ui: &mut egui::Ui, hud: &mut HudState) {
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
            &mut hud.overlays.rules,
        );
        egui::ComboBox::from_id_salt("injury shift")
            .selected_text(label(hud.choices.attack.shift))
            .show_ui(ui, |ui| {
                let mut options = vec![Shift::Worst, Shift::Stay];
                options.extend(Location::ALL.map(Shift::To));
                for option in options {
                    ui.selectable_value(&mut hud.choices.attack.shift, option, label(option));
                }
            });
    });
}

/// The special results the player's attacks buy, toggled on and off; the
/// order they were picked in is the order they are bought.
pub(super) fn specials_picker(ui: &mut egui::Ui, table: &BattleState, hud: &mut HudState) {
    let costs = &table.ruleset().actions.special_results.costs;
    egui::CollapsingHeader::new(format!(
        "Special results: {}",
        if hud.choices.attack.specials.is_empty() {
            "none".to_string()
        } else {
            hud.choices
                .attack
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
                let picked = hud
                    .choices
                    .attack
                    .specials
                    .iter()
                    .position(|&s| s == special);
                let cost = costs.get(&special).copied().unwrap_or(0);
                let text = match picked {
                    Some(k) => format!("{}. {} ({cost})", k + 1, special.name()),
                    None => format!("{} ({cost})", special.name()),
                };
                if explained(
                    ui.selectable_label(picked.is_some(), text),
                    &special_term(special),
                    "Special results",
                    &mut hud.overlays.rules,
                )
                .clicked()
                {
                    match picked {
                        Some(k) => {
                            hud.choices.attack.specials.remove(k);
                        }
                        None => hud.choices.attack.specials.push(special),
                    }
                }
            }
        });
    });
}

pub(super) fn dice_picker(ui: &mut egui::Ui, unit: &UnitState, hud: &mut HudState) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Pay with:");
        for (k, &face) in unit.pool.dice.iter().enumerate() {
            if face == 1 {
                continue;
            }
            let picked = hud.choices.picked_dice.contains(&k);
            let label = RichText::new(face.to_string()).monospace().strong();
            if ui.selectable_label(picked, label).clicked() {
                if picked {
                    hud.choices.picked_dice.retain(|&d| d != k);
                } else {
                    hud.choices.picked_dice.push(k);
                }
            }
        }
        if hud.choices.picked_dice.is_empty() {
            explained(
                ui.label(RichText::new("least wasteful").weak()),
                "least wasteful",
                "Paying for actions",
                &mut hud.overlays.rules,
            );
        } else if ui.small_button("clear").clicked() {
            hud.choices.picked_dice.clear();
        }
    });
}

/// What the turn asks of the player before the menu: to answer an attack
/// or a spell, or to act at a refresh.
fn turn_prompt(table: &BattleState, actor: usize) -> Option<String> {
    let unit = &table.units()[actor];
    if let Some(pending) = &table.battle().pending {
        let attacker = &table.units()[pending.attacker].unit.name;
        let prompt = match &pending.spell {
            Some(spell) => {
                let spell = table
                    .ruleset()
                    .actions
                    .spells
                    .get(spell)
                    .map_or("a spell", |s| s.name.as_str());
                format!(
                    "{attacker} casts {spell} at {}! Answer before the dice are rolled: a Dodge takes dice from the spell; hover a defence for what it leaves.",
                    unit.unit.name
                )
            }
            None => {
                let weapon = table
                    .ruleset()
                    .weapons
                    .get(&pending.weapon)
                    .map_or("a weapon", |w| w.name.as_str());
                format!(
                    "{attacker} attacks {} with {weapon}! Answer before the dice are rolled: hover a defence for the odds it leaves the attack.",
                    unit.unit.name
                )
            }
        };
        Some(prompt)
    } else if table.at_refresh() {
        Some("Refresh! Act with what you have left, or keep one die for the next round.".into())
    } else {
        None
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn action_menu(
    ui: &mut egui::Ui,
    table: &BattleState,
    state_tick: Tick,
    cache: &mut MenuCache,
    actor: usize,
    hud: &mut HudState,
    queue: &mut CommandQueue,
    bindings: &KeyBindings,
) {
    let unit = &table.units()[actor];
    if let Some(prompt) = turn_prompt(table, actor) {
        ui.label(RichText::new(prompt).color(Color32::GOLD));
    }
    let pay = hud.choices.picked_faces(table, actor);
    let entries = cache.menu(
        state_tick,
        table,
        actor,
        &hud.choices.attack,
        pay.as_deref(),
    );
    let mut chosen = None;
    let mut pointing = Pointing::default();
    // The actions come first; the standing options wait folded below them,
    // with room kept for the drawer as it was last drawn.
    let mut actions = egui::ScrollArea::vertical()
        .id_salt("actions")
        .max_height((ui.available_height() - hud.menu.options_height).max(120.0));
    // A new combatant's menu starts at its top.
    if hud.menu.actor != Some(actor) {
        hud.menu.actor = Some(actor);
        actions = actions.vertical_scroll_offset(0.0);
    }
    let menu = actions.show(ui, |ui| {
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
            // The entry a lesson's step asks for, kept in sight.
            let asked = matches!((&hud.lesson, &entry.verdict),
                (Some(gate), Ok(plan)) if gate.asks_for_plan(table, plan));
            if asked {
                button = button
                    .stroke(egui::Stroke::new(2.5, Color32::GOLD))
                    .fill(Color32::from_rgb(92, 72, 16));
            }
            let response = ui.add_enabled(entry.verdict.is_ok(), button);
            if asked {
                response.scroll_to_me(None);
            }
            if let Some(order) = menu_entry_response(response, entry, table, unit, &mut pointing) {
                chosen = Some(order);
            }
            k += 1;
        }
    });
    point_out(ui, hud, &PointAt::Actions, menu.inner_rect);
    let drawer = ui.scope(|ui| options_drawer(ui, table, actor, hud, queue));
    hud.menu.options_height = drawer.response.rect.height() + ui.spacing().item_spacing.y;
    hud.pick.pointing = pointing.at;
    hud.pick.pointed_odds = pointing.odds;
    if let Some(order) = chosen {
        give_order(queue, hud, table, actor, order);
    }
}

/// The standing options, folded under one line that says what is set:
/// raise a die with a 1, the tactic, the injury shift, the special results,
/// the choice for Wounds and the dice to pay with. Closed until opened (each
/// side's player keeps it as they left it), and open while a lesson points
/// into it. None of them blocks an action: one that cannot apply is left
/// out, and the action's entry says so.
fn options_drawer(
    ui: &mut egui::Ui,
    table: &BattleState,
    actor: usize,
    hud: &mut HudState,
    queue: &mut CommandQueue,
) {
    let unit = &table.units()[actor];
    let pointed = hud.lesson.as_ref().is_some_and(|gate| {
        matches!(
            gate.point_at,
            PointAt::PayWith | PointAt::Tactics | PointAt::Specials
        )
    });
    // In a lesson the drawer opens while a step points into it and folds
    // again when the steps move on, so the menu keeps its room; the player
    // may still open it.
    let was_pointed = ui.ctx().data_mut(|d| {
        let id = egui::Id::new("options pointed");
        let was = d.get_temp::<bool>(id).unwrap_or(false);
        d.insert_temp(id, pointed);
        was
    });
    let open = match (pointed, was_pointed) {
        (true, _) => Some(true),
        (false, true) => Some(false),
        (false, false) => None,
    };
    ui.separator();
    let summary = options_summary(table, actor, hud);
    let drawer = egui::CollapsingHeader::new(RichText::new("Options").strong())
        .id_salt(("options", unit.unit.side))
        .default_open(false)
        .open(open)
        .show(ui, |ui| {
            if table.battle().pending.is_some() {
                ui.checkbox(
                    &mut hud.choices.attack.raise_with_one,
                    "Raise a die with a 1 after the defence roll",
                );
            } else {
                ui.checkbox(
                    &mut hud.choices.attack.raise_with_one,
                    "Raise a die with a 1 after the attack roll",
                );
                let tactics = ui.horizontal_wrapped(|ui| {
                    ui.label("Tactic:");
                    ui.radio_value(&mut hud.choices.attack.tactic, None, "none");
                    for tactic in Tactic::ALL {
                        let choice = ui.radio_value(
                            &mut hud.choices.attack.tactic,
                            Some(tactic),
                            tactic.name(),
                        );
                        explained(
                            choice,
                            tactic.name(),
                            "Special tactics",
                            &mut hud.overlays.rules,
                        );
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
        });
    // Folded, a line says what is set (wrapped, so the panel keeps its width).
    if drawer.body_returned.is_none() {
        ui.add(egui::Label::new(RichText::new(summary).weak()).wrap());
    }
}

/// What the folded drawer says is set: what differs from the rules' own way.
pub(super) fn options_summary(table: &BattleState, actor: usize, hud: &HudState) -> String {
    let mut set = Vec::new();
    if hud.choices.attack.raise_with_one {
        set.push("raise with a 1".to_string());
    }
    if let Some(tactic) = hud.choices.attack.tactic {
        set.push(tactic.name().to_string());
    }
    if !hud.choices.attack.specials.is_empty() {
        let names: Vec<&str> = hud
            .choices
            .attack
            .specials
            .iter()
            .map(|s| s.name())
            .collect();
        set.push(names.join(", "));
    }
    match hud.choices.attack.shift {
        Shift::Worst => {}
        Shift::Stay => set.push("no injury shift".to_string()),
        Shift::To(location) => set.push(format!("shift toward the {}", location.name())),
    }
    if table.units()[actor].conditions.wounds == WoundChoice::Rank {
        set.push("a rank for a Wound".to_string());
    }
    if let Some(faces) = hud.choices.picked_faces(table, actor) {
        let faces: Vec<String> = faces.iter().map(u8::to_string).collect();
        set.push(format!("pay with {}", faces.join(" ")));
    }
    if set.is_empty() {
        "None set: the rules' own way, paying with the least wasteful dice.".to_string()
    } else {
        format!("Set: {}.", set.join("; "))
    }
}

/// What the menu entry under the pointer points at on the table, and its
/// odds with the figure that shows them.
#[derive(Debug, Default)]
pub(super) struct Pointing {
    pub at: Option<Click>,
    pub odds: Option<(usize, AttackOdds)>,
}

/// A gold frame around the part of the HUD a lesson's step points at.
pub(super) fn point_out(ui: &egui::Ui, hud: &HudState, part: &PointAt, rect: egui::Rect) {
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
pub(super) fn menu_entry_response(
    response: egui::Response,
    entry: &MenuEntry,
    table: &BattleState,
    unit: &UnitState,
    pointing: &mut Pointing,
) -> Option<Order> {
    // The odds are worked out only for the entry under the pointer, once
    // for its tooltip and the table.
    let odds = match &entry.verdict {
        Ok(plan) if response.contains_pointer() => plan_odds(table, plan),
        _ => None,
    };
    if response.contains_pointer() {
        pointing.at = entry.points_at;
        if let (Some(odds), Ok(plan)) = (&odds, &entry.verdict) {
            let shown_at = match &plan.order {
                Order::Defend { .. } => table.battle().pending.as_ref().map(|p| p.target),
                _ => plan.other,
            };
            pointing.odds = shown_at.map(|unit| (unit, odds.clone()));
        }
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
            if entry.choices_ignored {
                ui.label(
                    RichText::new(
                        "Your standing choices cannot apply to this now: given without them.",
                    )
                    .weak(),
                );
            }
            if let Some(odds) = &odds {
                // A defence says what it buys against taking the blow.
                let unanswered = match &plan.order {
                    Order::Defend { with: Some(_), .. } => table
                        .battle()
                        .pending
                        .as_ref()
                        .and_then(|pending| answered_attack_odds(table, pending, None)),
                    _ => None,
                };
                odds_lines(ui, odds, unanswered.as_ref());
            }
            if let Order::Defend { with, .. } = &plan.order
                && let Some(pending) = &table.battle().pending
                && let Some(landed) = answered_spell_successes(table, pending, *with)
            {
                ui.label(format!("Successes the spell lands: {landed:.1} on average"));
            }
        }),
    };
    response.clicked().then(|| entry.order.clone())
}

/// The acting combatant's standing choice for the Wounds it may soak, and a
/// button that gives the same choice to its whole side.
pub(super) fn wound_choice(
    ui: &mut egui::Ui,
    table: &BattleState,
    actor: usize,
    hud: &mut HudState,
    queue: &mut CommandQueue,
) {
    let unit = &table.units()[actor];
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
        let side_differs = table.units().iter().any(|u| {
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
