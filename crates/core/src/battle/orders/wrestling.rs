//! What InClose orders do ("InClose Combat"): closing in, dropping heavy
//! weapons, leaving, letting go, and the wrestling moves with their rolls.

use super::landing::hit;
use crate::battle::command::Order;
use crate::battle::components::{Grip, Status};
use crate::battle::effects::take_out_of_action;
use crate::battle::events::BattleEvent;
use crate::battle::inclose::{close_partner, holds, stable_size, stands_against};
use crate::battle::injury::sized_body_roll;
use crate::battle::state::BattleState;
use crate::battle::wielding::arm_if_unarmed;
use crate::data::WrestleMove;
use crate::rules::damage::subdual_damage;
use crate::rules::dice::DiceSource;
use crate::rules::injury::{RollKind, Shift};
use crate::rules::rolls::successes_in;
use crate::vocabulary::WeightClass;

/// Closing in: both go InClose. Each falls prone unless three times the
/// other's size, and drops any weapon heavier than Medium.
pub(super) fn close_in(
    table: &mut BattleState,
    actor: usize,
    target: usize,
    events: &mut Vec<BattleEvent>,
) {
    events.push(BattleEvent::ClosedIn {
        unit: table.units[actor].unit.id.clone(),
        with: table.units[target].unit.id.clone(),
    });
    for (unit, other) in [(actor, target), (target, actor)] {
        table.units[unit].conditions.close_with = Some(other);
        table.units[unit].status = Status::InClose;
        events.push(BattleEvent::StatusChanged {
            unit: table.units[unit].unit.id.clone(),
            status: Status::InClose,
        });
        if !stands_against(table, unit, other) && !table.units[unit].conditions.prone {
            table.units[unit].conditions.prone = true;
            events.push(BattleEvent::FellProne {
                unit: table.units[unit].unit.id.clone(),
            });
        }
        drop_heavy_weapons(table, unit, events);
    }
}

/// InClose only Light, Medium and natural weapons serve: heavier ones are dropped.
fn drop_heavy_weapons(table: &mut BattleState, unit: usize, events: &mut Vec<BattleEvent>) {
    let ruleset = table.ruleset.clone();
    let mut dropped = Vec::new();
    table.units[unit].profile.weapons.retain(|id| {
        let heavy = ruleset
            .weapons
            .get(id)
            .is_some_and(|w| !w.natural && w.shield.is_none() && w.weight >= WeightClass::Heavy);
        if heavy {
            dropped.push(id.clone());
        }
        !heavy
    });
    if dropped.is_empty() {
        return;
    }
    arm_if_unarmed(table, unit);
    events.push(BattleEvent::Dropped {
        unit: table.units[unit].unit.id.clone(),
        items: dropped,
    });
}

/// Leaving InClose (a Withdraw): back to InContact in the melee, standing;
/// the close opponent is free too.
pub(super) fn leave_inclose(table: &mut BattleState, actor: usize, events: &mut Vec<BattleEvent>) {
    let partner = table.units[actor].conditions.close_with.take();
    for unit in std::iter::once(actor).chain(partner) {
        table.units[unit].conditions.close_with = None;
        if table.units[unit].fighting() && table.units[unit].status == Status::InClose {
            table.units[unit].status = Status::InContact;
            events.push(BattleEvent::StatusChanged {
                unit: table.units[unit].unit.id.clone(),
                status: Status::InContact,
            });
        }
    }
    if let Some(held) = holds(table, actor) {
        table.units[held].conditions.held_by = None;
    }
    if table.units[actor].conditions.prone {
        table.units[actor].conditions.prone = false;
        events.push(BattleEvent::StoodUp {
            unit: table.units[actor].unit.id.clone(),
        });
    }
}

/// A holder that does anything but work its hold lets go.
pub(super) fn let_go_unless_working(
    table: &mut BattleState,
    actor: usize,
    order: &Order,
    events: &mut Vec<BattleEvent>,
) {
    let working = matches!(order, Order::Wrestle { with, .. } if with.by_the_holder());
    if working {
        return;
    }
    if let Some(held) = holds(table, actor) {
        table.units[held].conditions.held_by = None;
        events.push(BattleEvent::HoldReleased {
            unit: table.units[held].unit.id.clone(),
        });
    }
}

/// A combatant's attack dice as a plain roll (a pending Effort included).
fn attack_roll(
    table: &mut BattleState,
    unit: usize,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) -> u32 {
    let effort = crate::battle::effects::take_effort(table, unit);
    let count = (i32::from(table.units[unit].profile.attack_dice) + effort
        - crate::battle::injury::penalty(table, unit, RollKind::Attack) as i32)
        .max(0);
    let faces = dice.roll(count as usize);
    let successes = successes_in(&faces, table.ruleset.rules.standard_sl);
    events.push(BattleEvent::WrestleRoll {
        unit: table.units[unit].unit.id.clone(),
        dice: faces,
        successes,
    });
    successes
}

/// A BODY roll with `extra` dice (for size), its successes.
fn body_roll(
    table: &BattleState,
    unit: usize,
    extra: u32,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) -> u32 {
    let roll = sized_body_roll(table, unit, extra, dice);
    events.push(BattleEvent::WrestleRoll {
        unit: table.units[unit].unit.id.clone(),
        dice: roll.dice,
        successes: roll.successes,
    });
    roll.successes
}

/// The next heavier hold.
fn tighter(level: WeightClass) -> WeightClass {
    match level {
        WeightClass::Light => WeightClass::Medium,
        WeightClass::Medium => WeightClass::Heavy,
        WeightClass::Heavy => WeightClass::Large,
        _ => WeightClass::Huge,
    }
}

fn weight_rank(level: WeightClass) -> u32 {
    WeightClass::ALL
        .iter()
        .position(|&w| w == level)
        .unwrap_or(0) as u32
        + 1
}

/// A wrestling move against the close opponent.
pub(super) fn wrestle(
    table: &mut BattleState,
    actor: usize,
    with: WrestleMove,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    let Some(partner) = close_partner(table, actor) else {
        return;
    };
    let id = table.units[actor].unit.id.clone();
    let them = table.units[partner].unit.id.clone();
    let bigger = |table: &BattleState, a: usize, b: usize| {
        stable_size(table, a).saturating_sub(stable_size(table, b))
    };
    match with {
        WrestleMove::Grapple => {
            if attack_roll(table, actor, dice, events) > 0 {
                table.units[partner].conditions.held_by = Some(Grip {
                    by: actor,
                    level: WeightClass::Light,
                });
                events.push(BattleEvent::HoldTaken {
                    unit: id,
                    target: them,
                    level: WeightClass::Light,
                });
            }
        }
        WrestleMove::Squeeze => {
            let Some(grip) = table.units[partner].conditions.held_by else {
                return;
            };
            let successes = attack_roll(table, actor, dice, events);
            if successes > 0 {
                let rule = table.ruleset.rules.damage_rule(grip.level);
                let zone = table.units[partner].placement.zone;
                hit(
                    table,
                    partner,
                    rule,
                    successes,
                    (0, Shift::Worst),
                    dice,
                    events,
                );
                table.regroup(zone, events);
            }
        }
        WrestleMove::Improve => {
            if attack_roll(table, actor, dice, events) > 0
                && let Some(grip) = &mut table.units[partner].conditions.held_by
            {
                grip.level = tighter(grip.level);
                let level = grip.level;
                events.push(BattleEvent::HoldTaken {
                    unit: id,
                    target: them,
                    level,
                });
            }
        }
        WrestleMove::Subdue => {
            let Some(grip) = table.units[partner].conditions.held_by else {
                return;
            };
            let successes = attack_roll(table, actor, dice, events);
            let rule = table.ruleset.rules.damage_rule(grip.level);
            let damage = subdual_damage(rule, successes);
            events.push(BattleEvent::SubdualDamage {
                unit: them.clone(),
                damage,
            });
            let extra = bigger(table, partner, actor);
            let theirs = body_roll(table, partner, extra, dice, events);
            if damage > theirs {
                events.push(BattleEvent::Subdued { unit: them });
                let zone = table.units[partner].placement.zone;
                take_out_of_action(table, partner, events);
                table.regroup(zone, events);
            }
        }
        WrestleMove::Knockdown => {
            let mine = body_roll(table, actor, 0, dice, events);
            let extra = bigger(table, partner, actor);
            let theirs = body_roll(table, partner, extra, dice, events);
            if mine > theirs {
                table.units[partner].conditions.prone = true;
                events.push(BattleEvent::FellProne { unit: them });
            }
        }
        WrestleMove::Break | WrestleMove::Reverse => {
            let Some(grip) = table.units[actor].conditions.held_by else {
                return;
            };
            let mine = body_roll(table, actor, 0, dice, events);
            let theirs = body_roll(table, grip.by, 0, dice, events);
            let holder = table.units[grip.by].unit.id.clone();
            // "Break the Hold": the held who wins weakens the hold a level
            // for each success it rolled, not only those above the holder's.
            let weakened = if mine > theirs { mine } else { 0 };
            if with == WrestleMove::Reverse {
                if mine >= theirs.saturating_add(2) {
                    table.units[actor].conditions.held_by = None;
                    table.units[grip.by].conditions.held_by = Some(Grip {
                        by: actor,
                        level: grip.level,
                    });
                    events.push(BattleEvent::HoldTaken {
                        unit: id,
                        target: holder,
                        level: grip.level,
                    });
                }
            } else if weakened >= weight_rank(grip.level) {
                table.units[actor].conditions.held_by = None;
                events.push(BattleEvent::HoldReleased { unit: id });
            } else if weakened > 0 {
                let level = WeightClass::ALL[(weight_rank(grip.level) - weakened - 1) as usize];
                table.units[actor].conditions.held_by = Some(Grip { by: grip.by, level });
                events.push(BattleEvent::HoldTaken {
                    unit: holder,
                    target: id,
                    level,
                });
            }
        }
        WrestleMove::Yield => {
            events.push(BattleEvent::Yielded { unit: id });
            let zone = table.units[actor].placement.zone;
            take_out_of_action(table, actor, events);
            table.regroup(zone, events);
        }
    }
}

/// CloseIn: to hand-to-hand with the target.
pub(super) fn execute_close_in(
    table: &mut BattleState,
    actor: usize,
    target: usize,
    events: &mut Vec<BattleEvent>,
) -> bool {
    close_in(table, actor, target, events);
    true
}
