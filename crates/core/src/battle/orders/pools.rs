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
use crate::battle::check::available_defences;
use crate::battle::costs::{prepared_spell, prepared_spell_id, shield_of};
use crate::battle::pending::PendingAttack;
use crate::battle::state::Turn;
use crate::data::Spell;
use crate::rules::defence::{BlockOutcome, block, dodge};
use crate::vocabulary::Defence;

/// Casts a prepared spell. A spell attack on an enemy is answered as any
/// attack is ("Attacks": melee, spell or ranged, "all are resolved
/// essentially the same way"): if the target may defend, it is declared
/// and waits for the answer; otherwise it is released at once.
pub(super) fn cast(
    table: &mut BattleState,
    caster: usize,
    target: usize,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    let Some((id, spell)) = prepared(table, caster) else {
        return;
    };
    let enemy = table.units[target].unit.side != table.units[caster].unit.side;
    // A damage spell strikes a level-0 enemy as any attack does.
    if enemy
        && matches!(spell.effect, SpellEffect::Damage { .. })
        && super::landing::squash(table, caster, target, events)
    {
        table.units[caster].conditions.action_pool = None;
        return;
    }
    let spell_name = spell.name.clone();
    let pending = PendingAttack {
        attacker: caster,
        target,
        weapon: String::new(),
        raise_with_one: false,
        specials: Vec::new(),
        tactic: None,
        struck: Vec::new(),
        shift: Shift::Worst,
        spell: Some(id),
    };
    if enemy && spell.effect.hostile() && !available_defences(table, &pending).is_empty() {
        events.push(BattleEvent::SpellDeclared {
            unit: table.units[caster].unit.id.clone(),
            spell: spell_name,
            target: table.units[target].unit.id.clone(),
        });
        table.battle.turn = Turn::Respond { unit: target };
        table.battle.pending = Some(pending);
        return;
    }
    release(table, caster, target, dice, events);
}

/// The spell the caster's pool is building, with its id.
fn prepared(table: &BattleState, caster: usize) -> Option<(String, Spell)> {
    let id = prepared_spell_id(table, caster)?;
    Some((id.clone(), prepared_spell(table, caster)?.clone()))
}

/// Releases a prepared spell: the pool's dice (and a pending Effort) are
/// rolled at the standard SL (one better against a Fumbled enemy), less
/// what an enemy's Dodge takes away; the successes become damage to an
/// enemy, against a Block as a missile's hits are, or help for a friend.
pub(super) fn release(
    table: &mut BattleState,
    caster: usize,
    target: usize,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    let Some((_, spell)) = prepared(table, caster) else {
        return;
    };
    let pool = table.units[caster]
        .conditions
        .action_pool
        .take()
        .map_or(0, |p| p.dice);
    let effort = take_effort(table, caster);
    let enemy = table.units[target].unit.side != table.units[caster].unit.side;
    let sl = superiority_level(
        &table.ruleset.rules,
        enemy && table.units[target].conditions.fumbled,
    );
    let wounds = penalty(table, caster, RollKind::Cast);
    let mut spell_dice = (u32::from(pool) + effort as u32).saturating_sub(wounds);
    let target_id = table.units[target].unit.id.clone();
    let defence_pool = if enemy && spell.effect.hostile() {
        table.units[target].conditions.defence_pool
    } else {
        None
    };
    if let Some(pool) = defence_pool.filter(|p| p.defence == Defence::Dodge) {
        let effect = dodge(spell_dice, u32::from(pool.dice), true);
        spell_dice -= effect.dice_removed;
        events.push(BattleEvent::Dodged {
            unit: target_id.clone(),
            dice_removed: effect.dice_removed,
            exposures: 0,
        });
    }
    let faces = dice.roll(spell_dice as usize);
    let successes = successes_in(&faces, sl);
    events.push(BattleEvent::SpellCast {
        unit: table.units[caster].unit.id.clone(),
        spell: spell.name.clone(),
        target: target_id.clone(),
        dice: faces,
        successes,
    });
    let mut shield_armour = 0;
    if let Some(pool) = defence_pool {
        if pool.defence == Defence::Block {
            match block(successes, u32::from(pool.dice)) {
                BlockOutcome::Holds { .. } => {
                    shield_armour = shield_of(table, target).map_or(0, |s| s.armour);
                    events.push(BattleEvent::Blocked {
                        unit: target_id.clone(),
                        shield_armour,
                        exposures: 0,
                    });
                }
                BlockOutcome::Overwhelmed => events.push(BattleEvent::BlockOverwhelmed {
                    unit: target_id.clone(),
                }),
            }
        }
        let left = pool.after_use();
        table.units[target].conditions.defence_pool = left;
        events.push(BattleEvent::DefencePool {
            unit: target_id.clone(),
            defence: pool.defence,
            dice: left.map_or(0, |p| p.dice),
        });
    }
    match spell.effect {
        SpellEffect::Damage { weight } if successes > 0 => {
            let rule = table.ruleset.rules.damage_rule(weight);
            hit(
                table,
                target,
                rule,
                successes,
                (shield_armour, Shift::Worst),
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
