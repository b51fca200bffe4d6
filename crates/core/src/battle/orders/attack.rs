//! The attack sequence: an attack declared and paid for, the target's
//! answer, the defence and attack rolls, and what follows (a mob's next
//! target, a follow-up).

use super::flight::strikes_as_it_attacks;
use crate::battle::command::Order;
use crate::battle::effects::{pay, spend_a_one, take_effort};
use crate::battle::events::BattleEvent;
use crate::battle::flight::flying;
use crate::battle::injury::penalty;
use crate::battle::pending::PendingAttack;
use crate::battle::riding::strikes_of_team;
use crate::battle::sequence::order_finished;
use crate::battle::state::{BattleState, Turn};
use crate::battle::wielding::parry_bonus;
use crate::data::Tactic;
use crate::rules::attack::{evaluate_attack, raise_one_die};
use crate::rules::defence::{BlockOutcome, block, dodge, parry, pool_from_roll};
use crate::rules::dice::DiceSource;
use crate::rules::injury::RollKind;
use crate::rules::rolls::successes_in;
use crate::vocabulary::Defence;

use super::landing::{land_attack, squash, strike_back};
use crate::battle::check::{Plan, available_defences};
use crate::battle::costs::{choose_weapon, shield_of};
use crate::battle::odds::{attack_setup, tactic_dice};

/// Declares an attack: a plain melee attack on a fighting target in another
/// group closes in first. If the target may answer with a defence, the
/// attack waits for it ("Defences": declared before the attack is rolled);
/// otherwise it is rolled at once.
pub(super) fn declare_attack(
    table: &mut BattleState,
    pending: PendingAttack,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    let (actor, target) = (pending.attacker, pending.target);
    let weapon = table.ruleset.weapons[&pending.weapon].clone();
    let melee = !weapon.is_missile() && !weapon.reach;
    // A flyer strikes from the air without joining the melee.
    let from_the_air = flying(table, actor) || flying(table, target);
    if melee && table.units[target].fighting() && !from_the_air {
        let same_group = table.units[actor].placement.group.is_some()
            && table.units[actor].placement.group == table.units[target].placement.group;
        if !same_group {
            table.join_group_of(actor, target);
            events.push(BattleEvent::JoinedGroup {
                unit: table.units[actor].unit.id.clone(),
                with: table.units[target].unit.id.clone(),
            });
            let zone = table.units[actor].placement.zone;
            table.regroup(zone, events);
        }
    }
    if squash(table, actor, target, events) {
        return;
    }
    if available_defences(table, &pending).is_empty() {
        roll_attack(table, &pending, Answer::default(), dice, events);
        return;
    }
    events.push(BattleEvent::AttackDeclared {
        attacker: table.units[actor].unit.id.clone(),
        target: table.units[target].unit.id.clone(),
        weapon: pending.weapon.clone(),
    });
    table.battle.turn = Turn::Respond { unit: target };
    table.battle.pending = Some(pending);
}

/// How the target answers a declared attack: the defence it rolls, whether a
/// Parry's successes go to a riposte, and whether a 1 lifts a defence die.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Answer {
    pub with: Option<Defence>,
    pub riposte: bool,
    pub raise_with_one: bool,
}

/// The target's answer to a declared attack: its defence is paid and rolled,
/// then the attack is rolled against it.
pub(super) fn answer_attack(
    table: &mut BattleState,
    plan: &Plan,
    answer: Answer,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    let Some(pending) = table.battle.pending.take() else {
        return;
    };
    pay(table, plan.actor, &plan.paid, events);
    if pending.spell.is_some() {
        if let Some(defence) = answer.with {
            roll_defence(
                table,
                pending.target,
                (defence, answer.raise_with_one),
                dice,
                events,
            );
        }
        super::pools::release(table, pending.attacker, pending.target, dice, events);
    } else {
        roll_attack(table, &pending, answer, dice, events);
    }
    if table.battle.pending.is_none() {
        order_finished(table, pending.attacker);
    }
}

/// A defence roll: the skill dice (and a pending Effort) at the standard SL,
/// with a die lifted by a 1 if the defender asked. Dodge and Block leave a
/// defence pool; a Parry's successes are returned.
pub(super) fn roll_defence(
    table: &mut BattleState,
    defender: usize,
    (defence, raise_with_one): (Defence, bool),
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) -> u32 {
    let mut skill = table.units[defender]
        .profile
        .defences
        .get(&defence)
        .copied()
        .unwrap_or(0);
    if defence == Defence::Parry {
        skill += parry_bonus(table, defender);
    }
    let effort = take_effort(table, defender);
    let wounds = penalty(table, defender, RollKind::Defence(defence));
    let mut faces = dice.roll((u32::from(skill) + effort as u32).saturating_sub(wounds) as usize);
    let sl = table.ruleset.rules.standard_sl;
    if raise_with_one && let Some(index) = raise_one_die(&mut faces, sl) {
        spend_a_one(table, defender);
        events.push(BattleEvent::DieRaised {
            unit: table.units[defender].unit.id.clone(),
            from: faces[index] - 1,
            to: faces[index],
        });
    }
    let successes = successes_in(&faces, sl);
    events.push(BattleEvent::DefenceRolled {
        unit: table.units[defender].unit.id.clone(),
        defence,
        dice: faces,
        successes,
    });
    if defence == Defence::Parry {
        return successes;
    }
    let shield_block = shield_of(table, defender).map_or(0, |s| s.block);
    let pool = pool_from_roll(defence, successes, skill, shield_block);
    if pool.is_some() {
        table.units[defender].conditions.defence_pool = pool;
    }
    0
}

/// Rolls a declared attack against whatever defence answers it: a new
/// defence roll, or the target's defence pool.
pub(super) fn roll_attack(
    table: &mut BattleState,
    pending: &PendingAttack,
    answer: Answer,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    let declared = answer.with;
    let (actor, target) = (pending.attacker, pending.target);
    let ruleset = table.ruleset.clone();
    let weapon = &ruleset.weapons[&pending.weapon];
    let attacker_id = table.units[actor].unit.id.clone();
    let target_id = table.units[target].unit.id.clone();

    let setup = attack_setup(table, actor, target, weapon);
    table.units[target].conditions.exposure = 0;
    table.units[actor].conditions.effort = false;
    if setup.aim_dice > 0 {
        table.units[actor].conditions.action_pool = None;
        events.push(BattleEvent::AimUsed {
            unit: attacker_id.clone(),
            dice: setup.aim_dice,
        });
    }
    let parry_successes = match declared {
        Some(defence) => roll_defence(
            table,
            target,
            (defence, answer.raise_with_one),
            dice,
            events,
        ),
        None => 0,
    };
    let pool = table.units[target].conditions.defence_pool;
    let mut attack_dice = setup.dice + tactic_dice(table, actor, pending.tactic);
    let mut defence_exposures = 0;
    if let Some(pool) = pool.filter(|p| p.defence == Defence::Dodge) {
        let effect = dodge(attack_dice, u32::from(pool.dice), weapon.is_missile());
        attack_dice -= effect.dice_removed;
        defence_exposures += effect.exposures;
        events.push(BattleEvent::Dodged {
            unit: target_id.clone(),
            dice_removed: effect.dice_removed,
            exposures: effect.exposures,
        });
    }

    let sl = setup.superiority_level;
    let mut faces = dice.roll(attack_dice as usize);
    if pending.raise_with_one
        && !setup.cover.no_raise
        && let Some(index) = raise_one_die(&mut faces, sl)
    {
        spend_a_one(table, actor);
        events.push(BattleEvent::DieRaised {
            unit: attacker_id.clone(),
            from: faces[index] - 1,
            to: faces[index],
        });
    }
    let mut turned = 0;
    if parry_successes > 0 {
        turned = parry(&mut faces, sl, parry_successes);
        events.push(BattleEvent::Parried {
            unit: target_id.clone(),
            turned,
        });
    }
    let roll = evaluate_attack(&faces, sl);
    // The dice a Parry turns into 1s stay in front of the attacker as
    // exposure dice for the riposte, even when they make the attack a Fumble
    // (which discards only the attacker's own 1s).
    if roll.fumble {
        defence_exposures += turned;
    }
    events.push(BattleEvent::AttackRolled {
        attacker: attacker_id.clone(),
        target: target_id.clone(),
        weapon: pending.weapon.clone(),
        dice: roll.dice.clone(),
        superiority_level: sl,
        hits: roll.hits,
        exposure_used: setup.exposure_used,
        advantage_dice: setup.advantage_dice,
    });
    let mut shield_armour = 0;
    if let Some(pool) = pool.filter(|p| p.defence == Defence::Block) {
        match block(roll.hits, u32::from(pool.dice)) {
            BlockOutcome::Holds { exposures } => {
                shield_armour = shield_of(table, target).map_or(0, |s| s.armour);
                defence_exposures += exposures;
                events.push(BattleEvent::Blocked {
                    unit: target_id.clone(),
                    shield_armour,
                    exposures,
                });
            }
            BlockOutcome::Overwhelmed => events.push(BattleEvent::BlockOverwhelmed {
                unit: target_id.clone(),
            }),
        }
    }
    if let Some(pool) = pool {
        let left = pool.after_use();
        table.units[target].conditions.defence_pool = left;
        events.push(BattleEvent::DefencePool {
            unit: target_id.clone(),
            defence: pool.defence,
            dice: left.map_or(0, |p| p.dice),
        });
    }
    land_attack(
        table,
        (actor, target),
        &roll,
        (defence_exposures, &pending.specials, pending.shift),
        weapon,
        shield_armour,
        dice,
        events,
    );
    if answer.riposte && declared == Some(Defence::Parry) {
        strike_back(table, target, actor, dice, events);
    }
    follow_up(table, pending, dice, events);
}

/// The second attack of a Double Strike (on the same target), or of a
/// Follow On once the first took its target out (on another enemy in the
/// melee), or a mob's next strike at a separate target: declared at once,
/// paid already.
pub(super) fn follow_up(
    table: &mut BattleState,
    first: &PendingAttack,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    let attacker = first.attacker;
    if !table.units[attacker].fighting() {
        return;
    }
    let mut struck = Vec::new();
    let target = match first.tactic {
        None => match next_mob_target(table, first) {
            Some((next, so_far)) => {
                struck = so_far;
                next
            }
            None => return,
        },
        Some(Tactic::DoubleStrike) if table.units[first.target].fighting() => first.target,
        Some(Tactic::FollowOn) if !table.units[first.target].fighting() => {
            let Some(group) = table.units[attacker].placement.group else {
                return;
            };
            let side = table.units[attacker].unit.side;
            let Some(next) = table
                .group_members(group)
                .into_iter()
                .find(|&u| table.units[u].unit.side != side && table.units[u].fighting())
            else {
                return;
            };
            next
        }
        _ => return,
    };
    let Ok(weapon) = choose_weapon(table, attacker, target, Some(&first.weapon))
        .or_else(|_| choose_weapon(table, attacker, target, None))
    else {
        return;
    };
    events.push(BattleEvent::FollowUp {
        unit: table.units[attacker].unit.id.clone(),
        target: table.units[target].unit.id.clone(),
    });
    let second = PendingAttack {
        attacker,
        target,
        weapon,
        raise_with_one: false,
        specials: first.specials.clone(),
        tactic: None,
        shift: first.shift,
        struck,
        spell: None,
    };
    declare_attack(table, second, dice, events);
}

/// A mob's next separate target ("Mobs, Crowds and Hordes"): the first
/// enemy not yet struck this action that the same weapon can reach, while
/// the tier's attacks last. Returns it with the targets struck so far.
pub(super) fn next_mob_target(
    table: &BattleState,
    last: &PendingAttack,
) -> Option<(usize, Vec<usize>)> {
    let me = &table.units[last.attacker];
    let attacks = match table.chariot_of_team(last.attacker) {
        Some(chariot) => strikes_of_team(table, chariot),
        None => table.ruleset.rules.mob_tiers.get(&me.profile.mob?)?.attacks,
    };
    let mut struck = last.struck.clone();
    struck.push(last.target);
    if struck.len() >= usize::from(attacks) {
        return None;
    }
    let next = (0..table.units.len()).find(|&u| {
        let them = &table.units[u];
        them.fighting()
            && them.unit.side != me.unit.side
            && !struck.contains(&u)
            && choose_weapon(table, last.attacker, u, Some(&last.weapon)).is_ok()
    })?;
    Some((next, struck))
}

/// Attack: the weapon used is the one in hand now, a tactic sets the guard,
/// and a flyer attacking from the air first takes the strikes of those
/// holding beside its target. False when those strikes stop it.
pub(super) fn execute_attack(
    table: &mut BattleState,
    plan: &Plan,
    holders: &mut Vec<usize>,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) -> bool {
    let actor = plan.actor;
    let Order::Attack {
        raise_with_one,
        specials,
        tactic,
        shift,
        ..
    } = &plan.order
    else {
        return false;
    };
    if let Some(weapon) = &plan.weapon
        && table
            .ruleset
            .weapons
            .get(weapon)
            .is_some_and(|w| !w.natural)
    {
        table.units[actor].profile.ready = Some(weapon.clone());
    }
    table.units[actor].conditions.guard = tactic
        .and_then(|t| table.ruleset.actions.tactics.get(&t))
        .map(|rule| rule.guard);
    let Some(target) = plan.other else {
        return false;
    };
    if !strikes_as_it_attacks(table, actor, target, holders, dice, events) {
        return false;
    }
    let pending = PendingAttack {
        attacker: actor,
        target,
        weapon: plan.weapon.clone().unwrap_or_default(),
        raise_with_one: *raise_with_one,
        specials: specials.clone(),
        tactic: *tactic,
        shift: *shift,
        struck: Vec::new(),
        spell: None,
    };
    declare_attack(table, pending, dice, events);
    true
}
