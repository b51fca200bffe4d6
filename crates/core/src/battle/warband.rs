//! Warbands ("Warbands" of seed 002, in Swift Swords Tactica terms): a Mob,
//! Crowd, Horde, Company or Unit is one entity for many similar combatants
//! (the same grouping as "Mobs, Crowds and Hordes"). Individuals attacking
//! it are impaired, its attacks on individuals are enhanced; critical damage
//! weakens it by a tier (a Trauma) or routs it (a Killing Blow); it is
//! destroyed when its ranks are gone.

use super::components::Aboard;
use super::effects::lose_rank;
use super::events::BattleEvent;
use super::state::BattleState;
use crate::data::MobTier;
use crate::vocabulary::RankSide;

/// Whether a combatant is a warband (any tier of grouped combatants).
pub fn is_warband(table: &BattleState, unit: usize) -> bool {
    table.units[unit].profile.mob.is_some()
}

/// The attack dice an attack loses (impaired) and gains (enhanced): an
/// individual against a warband, or a rider from the saddle, is impaired;
/// a warband against an individual is enhanced.
pub fn attack_modifiers(table: &BattleState, attacker: usize, target: usize) -> (u32, u32) {
    let rules = &table.ruleset.rules;
    let (me, them) = (is_warband(table, attacker), is_warband(table, target));
    let mut impaired = 0;
    if them && !me {
        impaired += u32::from(rules.impaired_dice);
    }
    if matches!(
        table.units[attacker].conditions.aboard,
        Some(Aboard::Mount(_))
    ) {
        impaired += u32::from(rules.impaired_dice);
    }
    let enhanced = if me && !them {
        u32::from(rules.enhanced_dice)
    } else {
        0
    };
    (impaired, enhanced)
}

/// The tier below, if any.
fn weaker(tier: MobTier) -> Option<MobTier> {
    let index = MobTier::LADDER.iter().position(|&t| t == tier)?;
    index.checked_sub(1).map(|i| MobTier::LADDER[i])
}

/// Critical damage to a warband, in place of an injury: a Killing Blow
/// routs it (it flees and cannot attack); a Trauma weakens it by a tier,
/// losing that tier's ranks and dice (never its last rank).
pub(super) fn critical_damage(
    table: &mut BattleState,
    unit: usize,
    killing_blow: bool,
    events: &mut Vec<BattleEvent>,
) {
    if !table.units[unit].fighting() {
        return;
    }
    let id = table.units[unit].unit.id.clone();
    if killing_blow {
        let conditions = &mut table.units[unit].conditions;
        conditions.panicked = true;
        conditions.past_initial_action = false;
        events.push(BattleEvent::WarbandRouted { unit: id });
        return;
    }
    let Some(tier) = table.units[unit].profile.mob else {
        return;
    };
    // A swarm has no smaller tier: a Trauma thins it by a rank (RULES §38).
    if tier == MobTier::Swarm {
        lose_rank(table, unit, RankSide::Physical, false, events);
        return;
    }
    let tiers = &table.ruleset.rules.mob_tiers;
    let (Some(old), new) = (tiers.get(&tier).copied(), weaker(tier)) else {
        return;
    };
    let new_rule = new.and_then(|t| tiers.get(&t).copied());
    let gone = |f: fn(&crate::data::MobRule) -> i32| f(&old) - new_rule.as_ref().map_or(0, f);
    let me = &mut table.units[unit];
    me.profile.mob = new;
    let attack = gone(|r| i32::from(r.attack_dice));
    me.profile.attack_dice = (i32::from(me.profile.attack_dice) - attack).max(1) as u8;
    for (track, lost) in [
        (&mut me.ranks.physical, gone(|r| i32::from(r.physical))),
        (&mut me.ranks.mental, gone(|r| i32::from(r.mental))),
    ] {
        let floor = i32::from(track.lost) + 1;
        track.real = (i32::from(track.real) - lost)
            .max(floor)
            .min(i32::from(track.real)) as i8;
    }
    events.push(BattleEvent::WarbandWeakened {
        unit: id,
        tier: new,
    });
}
