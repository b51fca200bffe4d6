//! Action and defence pools, and the spells an action pool releases.

use crate::battle::components::StateKind;
use crate::battle::components::{ActionPoolState, PoolAction};
use crate::battle::effects::{heal_physical_rank, lose_defence_pool, take_effort};
use crate::battle::events::BattleEvent;
use crate::battle::injury::penalty;
use crate::battle::mental::mental_hit;
use crate::battle::state::BattleState;
use crate::data::SpellEffect;
use crate::rules::attack::superiority_level;
use crate::rules::damage::{WeaponDamage, weapon_damage};
use crate::rules::dice::DiceSource;
use crate::rules::injury::{RollKind, Shift};
use crate::rules::rolls::successes_in;

use super::landing::hit;
use crate::battle::costs::prepared_spell;

/// Releases a prepared spell: the pool's dice (and a pending Effort) are
/// rolled at the standard SL (one better against a Fumbled enemy); the
/// successes become damage to an enemy or bonus ranks for a friend.
pub(super) fn cast(
    table: &mut BattleState,
    caster: usize,
    target: usize,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    let Some(spell) = prepared_spell(table, caster).cloned() else {
        return;
    };
    let pool = table.units[caster]
        .conditions
        .action_pool
        .take()
        .map_or(0, |p| p.dice);
    let effort = take_effort(table, caster);
    let enemy = table.units[target].unit.side != table.units[caster].unit.side;
    // A damage spell strikes a level-0 enemy as any attack does.
    if enemy
        && matches!(spell.effect, SpellEffect::Damage { .. })
        && super::landing::squash(table, caster, target, events)
    {
        return;
    }
    let sl = superiority_level(
        &table.ruleset.rules,
        enemy && table.units[target].conditions.fumbled,
    );
    let wounds = penalty(table, caster, RollKind::Cast);
    let faces = dice.roll((u32::from(pool) + effort as u32).saturating_sub(wounds) as usize);
    let successes = successes_in(&faces, sl);
    let target_id = table.units[target].unit.id.clone();
    events.push(BattleEvent::SpellCast {
        unit: table.units[caster].unit.id.clone(),
        spell: spell.name.clone(),
        target: target_id.clone(),
        dice: faces,
        successes,
    });
    match spell.effect {
        SpellEffect::Damage { weight } if successes > 0 => {
            let rule = table.ruleset.rules.damage_rule(weight);
            hit(
                table,
                target,
                rule,
                successes,
                (0, Shift::Worst),
                dice,
                events,
            );
        }
        SpellEffect::Mental { weight } | SpellEffect::Hex { weight } if successes > 0 => {
            let state = if matches!(spell.effect, SpellEffect::Hex { .. }) {
                StateKind::Doubt
            } else {
                StateKind::Shock
            };
            let rule = table.ruleset.rules.damage_rule(weight);
            let zone = table.units[target].placement.zone;
            match weapon_damage(rule, successes) {
                Some(WeaponDamage::Points(points)) => {
                    mental_hit(table, target, points, state, events);
                }
                Some(WeaponDamage::KillingBlow) => {
                    let crushing = 2 * table.units[target].ranks.mental.total().max(0) as u32 + 1;
                    mental_hit(table, target, crushing, state, events);
                }
                None => {}
            }
            table.regroup(zone, events);
        }
        SpellEffect::Heal => heal(table, target, successes, events),
        SpellEffect::BonusRanks { side, most } if successes > 0 => {
            let track = table.units[target].ranks.track_mut(side);
            let before = track.bonus;
            track.bonus = (track.bonus + successes.min(127) as i8).min(most.max(before));
            events.push(BattleEvent::BonusRanks {
                unit: target_id,
                side,
                bonus: track.bonus,
            });
        }
        _ => {}
    }
}

/// A healing spell's successes: the first clears a Stun, if there is one;
/// the next (or the first, on one not stunned) restores one lost physical
/// rank. No more than one rank a cast, and never above the real rank; the
/// fallen are past healing in combat.
fn heal(table: &mut BattleState, target: usize, successes: u32, events: &mut Vec<BattleEvent>) {
    if !table.units[target].fighting() {
        return;
    }
    let mut left = successes;
    let id = table.units[target].unit.id.clone();
    if left > 0 && table.units[target].conditions.stunned {
        table.units[target].conditions.stunned = false;
        events.push(BattleEvent::StateCleared {
            unit: id.clone(),
            state: StateKind::Stun,
        });
        left -= 1;
    }
    if left > 0 {
        heal_physical_rank(table, target, events);
    }
}

/// Pool: a die added to the action pool being built, or the defence pool
/// topped up.
pub(super) fn execute_pool(
    table: &mut BattleState,
    actor: usize,
    events: &mut Vec<BattleEvent>,
) -> bool {
    let id = table.units[actor].unit.id.clone();
    let cap = table.ruleset.rules.max_action_dice;
    let conditions = &mut table.units[actor].conditions;
    if let Some(pool) = &mut conditions.action_pool {
        pool.dice = pool.dice.saturating_add(1).min(cap);
        events.push(BattleEvent::ActionPoolBuilt {
            unit: id,
            dice: pool.dice,
        });
    } else if let Some(pool) = conditions.defence_pool {
        let pool = pool.topped_up();
        conditions.defence_pool = Some(pool);
        events.push(BattleEvent::DefencePool {
            unit: id,
            defence: pool.defence,
            dice: pool.dice,
        });
    }
    true
}

/// Aim: an action pool started for a missile shot.
pub(super) fn execute_aim(
    table: &mut BattleState,
    actor: usize,
    events: &mut Vec<BattleEvent>,
) -> bool {
    start_action_pool(table, actor, PoolAction::Aim, events);
    true
}

/// Prepare: an action pool started for one of the caster's spells.
pub(super) fn execute_prepare(
    table: &mut BattleState,
    actor: usize,
    spell: &str,
    events: &mut Vec<BattleEvent>,
) -> bool {
    let index = table.units[actor]
        .profile
        .spells
        .iter()
        .position(|s| s == spell)
        .unwrap_or(0);
    let action = PoolAction::Cast {
        spell: index.min(usize::from(u8::MAX)) as u8,
    };
    start_action_pool(table, actor, action, events);
    true
}

fn start_action_pool(
    table: &mut BattleState,
    actor: usize,
    action: PoolAction,
    events: &mut Vec<BattleEvent>,
) {
    table.units[actor].conditions.action_pool = Some(ActionPoolState { action, dice: 0 });
    events.push(BattleEvent::ActionPoolBuilt {
        unit: table.units[actor].unit.id.clone(),
        dice: 0,
    });
}

/// Cast: the prepared spell released at its target.
pub(super) fn execute_cast(
    table: &mut BattleState,
    actor: usize,
    target: usize,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) -> bool {
    cast(table, actor, target, dice, events);
    true
}

/// Break: the target's defence pool is lost.
pub(super) fn execute_break(
    table: &mut BattleState,
    target: usize,
    events: &mut Vec<BattleEvent>,
) -> bool {
    lose_defence_pool(table, target, events);
    true
}
