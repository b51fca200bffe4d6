//! Spells: releasing a prepared spell's pool.

use super::effects::take_effort;
use super::events::{BattleEvent, StateKind};
use super::injury::penalty;
use super::mental::mental_hit;
use super::state::BattleState;
use crate::data::SpellEffect;
use crate::rules::attack::superiority_level;
use crate::rules::damage::{WeaponDamage, weapon_damage};
use crate::rules::dice::DiceSource;
use crate::rules::injury::{RollKind, Shift};
use crate::rules::rolls::successes_in;

use super::{costs::*, landing::*};

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
