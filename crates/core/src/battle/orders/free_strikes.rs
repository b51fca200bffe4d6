//! Opportunity actions ("Opportunity actions", "Held Actions"): the free
//! attacks on a combatant that leaves a melee by Move, and the Intercept of
//! a holding combatant that stops an enemy entering its zone.

use super::landing::land_attack;
use crate::battle::events::BattleEvent;
use crate::battle::odds::{attack_setup, in_the_melee_left, may_intercept, strike_weapon};
use crate::battle::state::BattleState;
use crate::rules::attack::evaluate_attack;
use crate::rules::dice::DiceSource;
use crate::rules::injury::Shift;
use crate::vocabulary::ZoneCoord;

/// Each enemy in the melee a combatant leaves by Move strikes at it once,
/// free, as it goes: the attacks are rolled at once, with no defence
/// declared. Returns whether the leaver is still on its feet to go.
pub(super) fn opportunity_attacks(
    table: &mut BattleState,
    leaver: usize,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) -> bool {
    let Some(group) = table.units[leaver].placement.group else {
        return true;
    };
    let strikers = in_the_melee_left(table, leaver, group);
    strike_in_turn(
        table,
        leaver,
        strikers,
        |table, striker, _| strike_weapon(table, striker, leaver).is_some(),
        |unit, target| BattleEvent::OpportunityAttack { unit, target },
        dice,
        events,
    )
}

/// Each striker in turn strikes `target` freely, while it still fights:
/// `ready` says whether a striker may strike (and pays what it costs), and
/// `told` is the event that says it strikes, given the striker's id and the
/// target's. Returns whether the target still fights.
pub(super) fn strike_in_turn(
    table: &mut BattleState,
    target: usize,
    strikers: Vec<usize>,
    mut ready: impl FnMut(&mut BattleState, usize, &mut Vec<BattleEvent>) -> bool,
    told: impl Fn(String, String) -> BattleEvent,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) -> bool {
    for striker in strikers {
        if !table.units[target].fighting() {
            break;
        }
        if !ready(table, striker, events) {
            continue;
        }
        events.push(told(
            table.units[striker].unit.id.clone(),
            table.units[target].unit.id.clone(),
        ));
        free_strike(table, striker, target, dice, events);
    }
    table.units[target].fighting()
}

/// One free attack, rolled at once with no defence declared: the striker's
/// attack dice as set up now, without its Effort or Aim.
pub(super) fn free_strike(
    table: &mut BattleState,
    striker: usize,
    target: usize,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    let Some(weapon_id) = strike_weapon(table, striker, target) else {
        return;
    };
    if super::landing::squash(table, striker, target, events) {
        return;
    }
    let weapon = table.ruleset.weapons[&weapon_id].clone();
    let setup = attack_setup(table, striker, target, &weapon);
    // Wounds may already have taken the dice to none, Effort and Aim included.
    let count = setup
        .dice
        .saturating_sub(u32::from(setup.effort) + setup.aim_dice);
    table.units[target].conditions.exposure = 0;
    let roll = evaluate_attack(&dice.roll(count as usize), setup.superiority_level);
    events.push(BattleEvent::AttackRolled {
        attacker: table.units[striker].unit.id.clone(),
        target: table.units[target].unit.id.clone(),
        weapon: weapon_id,
        dice: roll.dice.clone(),
        superiority_level: setup.superiority_level,
        hits: roll.hits,
        exposure_used: setup.exposure_used,
        advantage_dice: setup.advantage_dice,
    });
    land_attack(
        table,
        (striker, target),
        &roll,
        (0, &[], Shift::Worst),
        &weapon,
        0,
        dice,
        events,
    );
}

/// Intercept: an enemy holding its action, Alone in the zone a combatant
/// moves into, spends its lowest usable die to stop it there, InContact.
/// Returns the interceptor.
pub(super) fn intercept_by_holder(
    table: &mut BattleState,
    mover: usize,
    zone: ZoneCoord,
    holders: &[usize],
    events: &mut Vec<BattleEvent>,
) -> Option<usize> {
    let holder = holders
        .iter()
        .copied()
        .find(|&h| may_intercept(table, h, mover, zone))?;
    spend_held_die(table, holder, events)?;
    table.join_group_of(mover, holder);
    events.push(BattleEvent::Intercepted {
        unit: table.units[mover].unit.id.clone(),
        by: table.units[holder].unit.id.clone(),
    });
    Some(holder)
}

/// A held action spent: the holder pays its lowest usable die. `None` if it
/// has none.
pub(super) fn spend_held_die(
    table: &mut BattleState,
    holder: usize,
    events: &mut Vec<BattleEvent>,
) -> Option<u8> {
    let pool = &mut table.units[holder].pool.dice;
    let lowest = (0..pool.len())
        .filter(|&k| pool[k] > 1)
        .min_by_key(|&k| (pool[k], k))?;
    let face = pool.remove(lowest);
    events.push(BattleEvent::DicePaid {
        unit: table.units[holder].unit.id.clone(),
        dice: vec![face],
    });
    Some(face)
}
