//! Special results in a battle ("Special Results"): whether each can work
//! on a target now, and what it does once the extra successes bought it.

use super::components::StateKind;
use super::components::Status;
use super::effects::take_state;
use super::events::BattleEvent;
use super::injury::wounded_roll;
use super::state::BattleState;
use super::wielding::arm_if_unarmed;
use crate::rules::dice::DiceSource;
use crate::rules::injury::{Injury, InjuryEffect, Location, RollKind};
use crate::rules::special::SpecialResult;

/// The first weapon the combatant holds in a hand (not natural, not a shield).
fn held_weapon(table: &BattleState, unit: usize) -> Option<String> {
    table.units[unit]
        .profile
        .weapons
        .iter()
        .find(|id| {
            table
                .ruleset
                .weapons
                .get(*id)
                .is_some_and(|w| !w.natural && w.shield.is_none() && w.hands > 0)
        })
        .cloned()
}

/// Whether a special result can work on `target` now.
pub fn special_applicable(
    table: &BattleState,
    attacker: usize,
    target: usize,
    special: SpecialResult,
) -> bool {
    let me = &table.units[attacker];
    let them = &table.units[target];
    if !them.fighting() {
        return false;
    }
    let ratio = table.ruleset.actions.special_results.knockdown_size_ratio;
    match special {
        SpecialResult::ExtraDamage | SpecialResult::Expose | SpecialResult::LoseActionDie => true,
        SpecialResult::Disarm => held_weapon(table, target).is_some(),
        SpecialResult::BreakWeapon => {
            held_weapon(table, target).is_some() || them.profile.shield.is_some()
        }
        SpecialResult::Stun => !them.profile.stateless && !them.conditions.stunned,
        SpecialResult::RemoveArmour => them.profile.armour > 0,
        SpecialResult::MoveOutOfContact => me.status != Status::Alone,
        SpecialResult::DrawIntoContact => {
            me.placement.zone == them.placement.zone
                && (me.placement.group.is_none() || me.placement.group != them.placement.group)
                && them
                    .profile
                    .weapons
                    .iter()
                    .any(|w| table.ruleset.weapons.get(w).is_some_and(|w| w.reach))
        }
        SpecialResult::Knockback => them.status != Status::Alone,
        SpecialResult::Knockdown => {
            !them.conditions.prone
                && u32::from(them.profile.size) < u32::from(ratio) * u32::from(me.profile.size)
        }
        SpecialResult::Hamstring => !them
            .wounds
            .0
            .iter()
            .any(|w| w.effect == InjuryEffect::Hamstrung),
        SpecialResult::ReduceDefencePool => them.conditions.defence_pool.is_some(),
    }
}

/// The chosen specials that can work on the target now, in order.
pub fn applicable_specials(
    table: &BattleState,
    attacker: usize,
    target: usize,
    chosen: &[SpecialResult],
) -> Vec<SpecialResult> {
    chosen
        .iter()
        .copied()
        .filter(|&s| special_applicable(table, attacker, target, s))
        .collect()
}

/// Drops (or breaks) the weapon the target holds; a shield breaks only when
/// no weapon is held. With nothing left to strike with, it fights unarmed.
fn lose_weapon(table: &mut BattleState, unit: usize, broken: bool, events: &mut Vec<BattleEvent>) {
    let id = table.units[unit].unit.id.clone();
    let item = match held_weapon(table, unit) {
        Some(weapon) => {
            table.units[unit].profile.weapons.retain(|w| *w != weapon);
            weapon
        }
        None if broken => match table.units[unit].profile.shield.take() {
            Some(shield) => shield,
            None => return,
        },
        None => return,
    };
    arm_if_unarmed(table, unit);
    events.push(if broken {
        BattleEvent::WeaponBroken { unit: id, item }
    } else {
        BattleEvent::Dropped {
            unit: id,
            items: vec![item],
        }
    });
}

/// What a bought special result does.
pub(super) fn apply_special(
    table: &mut BattleState,
    (attacker, target): (usize, usize),
    special: SpecialResult,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    events.push(BattleEvent::Special {
        attacker: table.units[attacker].unit.id.clone(),
        target: table.units[target].unit.id.clone(),
        special,
    });
    let id = table.units[target].unit.id.clone();
    let zone = table.units[target].placement.zone;
    match special {
        SpecialResult::ExtraDamage => {}
        SpecialResult::Disarm => {
            let roll = wounded_roll(table, target, RollKind::Body, 0, dice);
            events.push(BattleEvent::Resisted {
                unit: id,
                dice: roll.dice.clone(),
                passed: roll.passed(),
            });
            if !roll.passed() {
                lose_weapon(table, target, false, events);
            }
        }
        SpecialResult::BreakWeapon => lose_weapon(table, target, true, events),
        SpecialResult::LoseActionDie => {
            let pool = &mut table.units[target].pool.dice;
            if let Some(best) = (0..pool.len()).max_by_key(|&k| (pool[k], std::cmp::Reverse(k))) {
                let face = pool.remove(best);
                events.push(BattleEvent::ActionDieLost { unit: id, face });
            }
        }
        SpecialResult::Stun => take_state(table, target, StateKind::Stun, events),
        SpecialResult::Expose => {
            let more = table.ruleset.actions.special_results.exposure_dice;
            let conditions = &mut table.units[target].conditions;
            conditions.exposure = conditions.exposure.saturating_add(more);
            events.push(BattleEvent::Exposed {
                unit: id,
                dice: conditions.exposure,
            });
        }
        SpecialResult::RemoveArmour => {
            let profile = &mut table.units[target].profile;
            profile.armour = profile.armour.saturating_sub(1);
            events.push(BattleEvent::ArmourRemoved {
                unit: id,
                armour: profile.armour,
            });
        }
        SpecialResult::MoveOutOfContact => {
            table.units[attacker].placement.group = None;
            events.push(BattleEvent::Withdrew {
                unit: table.units[attacker].unit.id.clone(),
            });
        }
        SpecialResult::DrawIntoContact => {
            table.join_group_of(target, attacker);
            events.push(BattleEvent::JoinedGroup {
                unit: id,
                with: table.units[attacker].unit.id.clone(),
            });
        }
        SpecialResult::Knockback => {
            table.units[target].placement.group = None;
            events.push(BattleEvent::KnockedBack { unit: id });
        }
        SpecialResult::Knockdown => {
            table.units[target].conditions.prone = true;
            events.push(BattleEvent::FellProne { unit: id });
        }
        SpecialResult::Hamstring => {
            table.units[target].wounds.0.push(Injury {
                location: Location::RightLeg,
                effect: InjuryEffect::Hamstrung,
            });
            events.push(BattleEvent::Hamstrung { unit: id });
        }
        SpecialResult::ReduceDefencePool => {
            if let Some(pool) = table.units[target].conditions.defence_pool {
                let left = pool.after_use();
                table.units[target].conditions.defence_pool = left;
                events.push(BattleEvent::DefencePool {
                    unit: id,
                    defence: pool.defence,
                    dice: left.map_or(0, |p| p.dice),
                });
            }
        }
    }
    table.regroup(zone, events);
}
