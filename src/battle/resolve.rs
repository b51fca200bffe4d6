//! The legality check and the resolution of commands.
//!
//! [`check`] is the one legality check: the UI greys out what it refuses, the
//! AI only picks what it allows, and [`resolve`] runs it before every command.

use super::command::{Command, Order, RuleError};
use super::components::*;
use super::cover::{cover_against, enter_held_cover, intercept, update_cover};
use super::events::{BattleEvent, StateKind};
use super::flight::{
    fly, flying, missile_penalty, out_of_reach, settle_flight, strikes_as_it_attacks,
    take_off_or_land,
};
use super::inclose::{
    close_in, close_partner, inclose_problem, leave_inclose, let_go_unless_working, wrestle,
};
use super::injury::{footing_roll, injure, penalty};
use super::mental::{fear_test, mental_hit, rally_roll, routed_problem};
use super::opportunity::{intercept_by_holder, opportunity_attacks};
use super::riding::{
    drive, front_problem, gallop, meet_the_front, mount_or_dismount, riding_problem,
    start_of_action, strikes_of_team, tidy_fronts,
};
use super::special::{applicable_specials, apply_special};
use super::table::{PendingAttack, Phase, Table, Turn};
use super::warband::{attack_modifiers, critical_damage, destroyed, is_warband};
use super::wielding::{parry_bonus, switch_pips};
use crate::data::{
    ActionKind, Defence, Guard, RankSide, Shield, Spell, SpellEffect, Tactic, Weapon, WeightClass,
};
use crate::level::{MapEdge, VictoryCondition, ZoneCoord};
use crate::rules::attack::{
    advantage, advantage_dice, evaluate_attack, raise_one_die, superiority_level,
};
use crate::rules::damage::{
    DamageEffect, Soak, WeaponDamage, crossover_due, damage_effect, out_of_action, severity,
    unshakeable, weapon_damage,
};
use crate::rules::defence::{BlockOutcome, DefencePool, block, dodge, parry, pool_from_roll};
use crate::rules::dice::DiceSource;
use crate::rules::injury::{RollKind, Shift, needs_footing};
use crate::rules::odds::{AttackOdds, TargetFacts, attack_odds_with_specials, successes};
use crate::rules::payment::{Cost, choose_payment};
use crate::rules::rolls::{characteristic_dice, characteristic_roll, successes_in};
use crate::rules::special::{SpecialResult, buy_specials};

/// A checked command, ready to resolve.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    pub actor: usize,
    pub order: Order,
    pub cost: Cost,
    /// Indices into the actor's pool of the dice that pay.
    pub paid: Vec<usize>,
    /// The weapon of an attack.
    pub weapon: Option<String>,
}

/// Whether `command` is legal now, and if so how it would be paid.
pub fn check(table: &Table, command: &Command) -> Result<Plan, RuleError> {
    if table.battle.outcome.is_some() || table.battle.phase == Phase::Ended {
        return Err(RuleError::BattleOver);
    }
    let actor = table
        .unit_index(&command.unit)
        .ok_or_else(|| RuleError::UnknownUnit {
            unit: command.unit.clone(),
        })?;
    let me = &table.units[actor];
    if !me.fighting() {
        return Err(RuleError::NotInAction {
            unit: command.unit.clone(),
        });
    }
    let at_refresh = match (&table.battle.phase, &table.battle.turn) {
        (Phase::Countdown, Turn::Act { candidates }) => {
            if !candidates.contains(&actor) {
                return Err(not_your_turn(table, command));
            }
            false
        }
        (Phase::Refresh { .. }, Turn::LastOption { unit }) => {
            if *unit != actor {
                return Err(not_your_turn(table, command));
            }
            true
        }
        (_, Turn::Respond { unit }) => {
            if *unit != actor {
                return Err(not_your_turn(table, command));
            }
            if !matches!(command.order, Order::Defend { .. }) {
                return Err(RuleError::AnswerTheAttack {
                    unit: command.unit.clone(),
                });
            }
            false
        }
        _ => return Err(RuleError::NoTurnOpen),
    };

    if let Some(problem) = routed_problem(table, actor, &command.order) {
        return Err(problem);
    }
    if let Some(problem) = inclose_problem(table, actor, &command.order) {
        return Err(problem);
    }
    if let Some(problem) = super::flight::flight_problem(table, actor, &command.order) {
        return Err(problem);
    }
    if let Some(problem) = riding_problem(table, actor, &command.order) {
        return Err(problem);
    }
    if me.conditions.prone
        && matches!(
            command.order,
            Order::Move { .. }
                | Order::Charge { .. }
                | Order::LeaveTable { .. }
                | Order::JoinGroup { .. }
                | Order::LeaveGroup { .. }
        )
    {
        return Err(RuleError::Prone);
    }

    let rules = &table.ruleset;
    let mut weapon = None;
    let cost = match &command.order {
        Order::Move { to, .. } => {
            if !table.board.contains(*to) {
                return Err(RuleError::OffTheMap { zone: *to });
            }
            if !me.placement.zone.orthogonal_to(*to) {
                return Err(RuleError::NotAdjacent {
                    from: me.placement.zone,
                    to: *to,
                });
            }
            movement_cost(table, ActionKind::Move, me.placement.zone, *to)?
        }
        Order::Charge { target, .. } => {
            let target = enemy_on_table(table, actor, target)?;
            if !table.units[target].fighting() {
                return Err(RuleError::TargetGone {
                    unit: table.units[target].unit.id.clone(),
                });
            }
            let to = table.units[target].placement.zone;
            if to == me.placement.zone {
                if me.placement.group.is_some()
                    && me.placement.group == table.units[target].placement.group
                {
                    return Err(RuleError::AlreadyInGroup);
                }
                if me.status != Status::Alone {
                    return Err(RuleError::WithdrawFirst);
                }
                rules.action_cost(ActionKind::Charge)
            } else if me.placement.zone.orthogonal_to(to) {
                movement_cost(table, ActionKind::Charge, me.placement.zone, to)?
            } else {
                return Err(RuleError::NotAdjacent {
                    from: me.placement.zone,
                    to,
                });
            }
        }
        Order::Withdraw { .. } => {
            // A Withdraw is also how the prone stand up.
            if me.status == Status::Alone && !me.conditions.prone {
                return Err(RuleError::NotInContact);
            }
            rules.action_cost(ActionKind::Withdraw)
        }
        Order::JoinGroup { friend, .. } => {
            let friend = table
                .unit_index(friend)
                .ok_or_else(|| RuleError::UnknownUnit {
                    unit: friend.clone(),
                })?;
            let them = &table.units[friend];
            if them.unit.side != me.unit.side || friend == actor {
                return Err(RuleError::NotAFriend {
                    unit: them.unit.id.clone(),
                });
            }
            if !them.fighting() {
                return Err(RuleError::TargetGone {
                    unit: them.unit.id.clone(),
                });
            }
            if them.placement.zone != me.placement.zone {
                return Err(RuleError::NotInSameZone {
                    unit: them.unit.id.clone(),
                });
            }
            if me.placement.group.is_some() && me.placement.group == them.placement.group {
                return Err(RuleError::AlreadyInGroup);
            }
            if me.status != Status::Alone {
                return Err(RuleError::WithdrawFirst);
            }
            rules.action_cost(ActionKind::JoinGroup)
        }
        Order::LeaveGroup { .. } => {
            if me.placement.group.is_none() {
                return Err(RuleError::NotInFriendlyGroup);
            }
            if me.status != Status::Alone {
                return Err(RuleError::WithdrawFirst);
            }
            rules.action_cost(ActionKind::LeaveGroup)
        }
        Order::LeaveTable { edge, .. } => {
            if !table.board.on_edge(me.placement.zone, *edge) {
                return Err(RuleError::NotAtEdge { edge: *edge });
            }
            if !may_escape(table, me.unit.side, *edge) {
                return Err(RuleError::NoEscapeOverEdge { edge: *edge });
            }
            rules.action_cost(ActionKind::Move)
        }
        Order::Attack {
            target,
            weapon: named,
            tactic,
            ..
        } => {
            let target = enemy_on_table(table, actor, target)?;
            let chosen = choose_weapon(table, actor, target, named.as_deref())?;
            if !rules.weapons[&chosen].is_missile() && out_of_reach(table, actor, target) {
                return Err(RuleError::Airborne {
                    unit: table.units[target].unit.id.clone(),
                });
            }
            let mut cost = rules.actions.attack_cost(&rules.weapons[&chosen]);
            if let Cost::Pips(pips) = cost {
                cost = Cost::Pips(pips.saturating_add(switch_pips(table, actor, &chosen)));
            }
            if let Some(tactic) = tactic {
                let weapon = &rules.weapons[&chosen];
                if weapon.is_missile() || weapon.reach {
                    return Err(RuleError::TacticNeedsMelee);
                }
                let times = rules
                    .actions
                    .tactics
                    .get(tactic)
                    .map_or(1, |t| t.attacks_paid);
                if let Cost::Pips(pips) = cost {
                    cost = Cost::Pips(pips.saturating_mul(times.max(1)));
                }
            }
            weapon = Some(chosen);
            cost
        }
        Order::CloseIn { .. } => rules.action_cost(ActionKind::CloseIn),
        Order::Fly { .. } => rules.action_cost(ActionKind::Fly),
        Order::TakeOff { .. } => rules.action_cost(ActionKind::TakeOff),
        Order::Land { .. } => rules.action_cost(ActionKind::Land),
        Order::Drive { .. } => rules.action_cost(ActionKind::Drive),
        Order::Gallop { .. } => rules.action_cost(ActionKind::Gallop),
        Order::Mount { on, .. } => {
            // A chariot is named by its id, which is its team's.
            if table.unit_index(on).is_none() {
                return Err(RuleError::UnknownUnit { unit: on.clone() });
            }
            rules.action_cost(ActionKind::Mount)
        }
        Order::Dismount { .. } => rules.action_cost(ActionKind::Dismount),
        Order::Wrestle { with, .. } => Cost::Pips(
            rules
                .actions
                .wrestling
                .get(with)
                .copied()
                .unwrap_or(u8::MAX),
        ),
        Order::Recover { .. } => {
            if !me.conditions.in_state() && !me.conditions.routed() {
                return Err(RuleError::NothingToRecover);
            }
            rules.action_cost(ActionKind::Recover)
        }
        Order::Defend { with, .. } => {
            let Some(pending) = &table.battle.pending else {
                return Err(RuleError::NoAttackToAnswer);
            };
            match with {
                None => Cost::Free,
                Some(defence) => {
                    defence_problem(table, pending, *defence).map_or(Ok(()), Err)?;
                    Cost::FullDie
                }
            }
        }
        Order::Pool { .. } => {
            if me.conditions.action_pool.is_none() {
                let pool = me.conditions.defence_pool.ok_or(RuleError::NoDefencePool)?;
                if pool.is_full() {
                    return Err(RuleError::DefencePoolFull);
                }
            }
            rules.action_cost(ActionKind::Pool)
        }
        Order::Aim { .. } => {
            if me.conditions.action_pool.is_some() {
                return Err(RuleError::PoolAlreadyStarted);
            }
            let shooter = me
                .profile
                .weapons
                .iter()
                .any(|w| rules.weapons.get(w).is_some_and(Weapon::is_missile));
            if !shooter {
                return Err(RuleError::NoMissileWeapon);
            }
            rules.action_cost(ActionKind::Aim)
        }
        Order::Prepare { spell, .. } => {
            if me.conditions.action_pool.is_some() {
                return Err(RuleError::PoolAlreadyStarted);
            }
            if !me.profile.spells.contains(spell) {
                return Err(RuleError::UnknownSpell {
                    spell: spell.clone(),
                });
            }
            rules
                .actions
                .spells
                .get(spell)
                .ok_or_else(|| RuleError::UnknownSpell {
                    spell: spell.clone(),
                })?
                .cost
        }
        Order::Cast { target } => {
            let spell = prepared_spell(table, actor).ok_or(RuleError::NoSpellPrepared)?;
            let target = table
                .unit_index(target)
                .ok_or_else(|| RuleError::UnknownUnit {
                    unit: target.clone(),
                })?;
            let them = &table.units[target];
            let friendly = them.unit.side == me.unit.side;
            if spell.effect.hostile() && friendly {
                return Err(RuleError::NotAnEnemy {
                    unit: them.unit.id.clone(),
                });
            }
            if !spell.effect.hostile() && !friendly {
                return Err(RuleError::NotAFriend {
                    unit: them.unit.id.clone(),
                });
            }
            if !them.fighting() {
                return Err(RuleError::TargetGone {
                    unit: them.unit.id.clone(),
                });
            }
            let distance = me.placement.zone.distance(them.placement.zone);
            if distance > u16::from(spell.range) {
                return Err(RuleError::OutOfRange {
                    distance,
                    range: spell.range,
                });
            }
            Cost::Free
        }
        Order::Break { target, .. } => {
            let target = enemy_on_table(table, actor, target)?;
            let them = &table.units[target];
            if me.placement.group.is_none()
                || me.placement.group != them.placement.group
                || !them.fighting()
            {
                return Err(RuleError::NotInSameMelee {
                    unit: them.unit.id.clone(),
                });
            }
            if them.conditions.defence_pool.is_none() {
                return Err(RuleError::NoDefencePool);
            }
            rules.action_cost(ActionKind::Break)
        }
        Order::Effort => {
            if me.pool.ones() == 0 {
                return Err(RuleError::NoOneToSpend);
            }
            if me.conditions.effort {
                return Err(RuleError::EffortAlreadySpent);
            }
            Cost::Free
        }
        Order::RecoveryRoll => {
            if me.pool.ones() == 0 {
                return Err(RuleError::NoOneToSpend);
            }
            if !me.conditions.in_state() && !me.conditions.routed() {
                return Err(RuleError::NothingToRecover);
            }
            Cost::Free
        }
        Order::Hold => {
            if at_refresh {
                return Err(RuleError::LastOptionNow);
            }
            if me.pool.holding {
                return Err(RuleError::AlreadyHolding);
            }
            Cost::Free
        }
        Order::Pass => Cost::Free,
        Order::KeepDie => {
            if !at_refresh {
                return Err(RuleError::OnlyAtRefresh);
            }
            Cost::Free
        }
    };
    if let Order::Attack {
        raise_with_one: true,
        ..
    } = &command.order
        && me.pool.ones() == 0
    {
        return Err(RuleError::NoOneToSpend);
    }
    let paid = choose_payment(&me.pool.dice, cost, command.order.payment())
        .map_err(RuleError::CannotPay)?;
    Ok(Plan {
        actor,
        order: command.order.clone(),
        cost,
        paid,
        weapon,
    })
}

fn not_your_turn(table: &Table, command: &Command) -> RuleError {
    RuleError::NotYourTurn {
        unit: command.unit.clone(),
        may_act: table.turn_units(),
    }
}

fn enemy_on_table(table: &Table, actor: usize, target: &str) -> Result<usize, RuleError> {
    let index = table
        .unit_index(target)
        .ok_or_else(|| RuleError::UnknownUnit {
            unit: target.into(),
        })?;
    let them = &table.units[index];
    if them.unit.side == table.units[actor].unit.side {
        return Err(RuleError::NotAnEnemy {
            unit: target.into(),
        });
    }
    if !them.on_table() {
        return Err(RuleError::TargetGone {
            unit: target.into(),
        });
    }
    Ok(index)
}

fn movement_cost(
    table: &Table,
    kind: ActionKind,
    from: ZoneCoord,
    to: ZoneCoord,
) -> Result<Cost, RuleError> {
    let terrain = table
        .board
        .terrain(to)
        .ok_or(RuleError::OffTheMap { zone: to })?;
    let info = &table.ruleset.terrain.terrain[&terrain];
    if !info.passable {
        return Err(RuleError::Impassable { zone: to });
    }
    let crossing = table.board.edge(from, to).map_or(0, |feature| {
        table.ruleset.terrain.edges[&feature].crossing_cost
    });
    Ok(match table.ruleset.action_cost(kind) {
        Cost::Pips(base) => Cost::Pips(
            base.saturating_add(info.extra_move_cost)
                .saturating_add(crossing),
        ),
        other => other,
    })
}

fn may_escape(table: &Table, side: usize, edge: MapEdge) -> bool {
    table.victory_conditions_of(side).any(
        |condition| matches!(condition, VictoryCondition::Escape { edge: e, .. } if *e == edge),
    )
}

/// Why the target of a declared attack cannot answer it with `defence`, if
/// it cannot ("Defences": a trained skill, a full die, and for a Block a
/// shield; Parry works against melee only; a State blocks new pools, and a
/// pool already up answers by itself).
pub fn defence_problem(
    table: &Table,
    pending: &PendingAttack,
    defence: Defence,
) -> Option<RuleError> {
    let them = &table.units[pending.target];
    let refuse = |reason: &str| {
        Some(RuleError::CannotDefend {
            defence,
            reason: reason.into(),
        })
    };
    if !them.fighting() {
        return refuse("out of the fight");
    }
    if them.profile.defences.get(&defence).copied().unwrap_or(0) == 0 {
        return refuse("not trained in it");
    }
    if them.conditions.surprised {
        return refuse("surprised: no defence dice");
    }
    if them.conditions.in_state() {
        return refuse("in a State");
    }
    if them.conditions.crushed {
        return refuse("crushed: not even a defence");
    }
    if them.conditions.at_full_speed {
        return refuse("carried at full speed");
    }
    match them.conditions.guard {
        Some(Guard::NoDefence) => return refuse("no defence after an All Out Attack"),
        Some(Guard::DodgeOnly) if defence != Defence::Dodge => {
            return refuse("only Dodge after a Double Strike or Follow On");
        }
        _ => {}
    }
    if them.conditions.defence_pool.is_some() {
        return refuse("its defence pool already answers the attack");
    }
    if them.pool.usable() == 0 {
        return refuse("no full action die to spend");
    }
    let missile = table
        .ruleset
        .weapons
        .get(&pending.weapon)
        .is_some_and(Weapon::is_missile);
    match defence {
        Defence::Block if shield_of(table, pending.target).is_none() => refuse("no shield"),
        Defence::Parry if missile => refuse("a Parry cannot stop a missile"),
        _ => None,
    }
}

/// The spell a combatant's Cast pool is building, if any.
fn prepared_spell(table: &Table, unit: usize) -> Option<&Spell> {
    let me = &table.units[unit];
    let PoolAction::Cast { spell } = me.conditions.action_pool?.action else {
        return None;
    };
    let id = me.profile.spells.get(usize::from(spell))?;
    table.ruleset.actions.spells.get(id)
}

/// The defences the target of a declared attack may answer it with.
pub fn available_defences(table: &Table, pending: &PendingAttack) -> Vec<Defence> {
    Defence::ALL
        .into_iter()
        .filter(|&defence| defence_problem(table, pending, defence).is_none())
        .collect()
}

fn shield_of(table: &Table, unit: usize) -> Option<Shield> {
    let id = table.units[unit].profile.shield.as_ref()?;
    table.ruleset.weapons.get(id)?.shield
}

/// Why a given weapon cannot strike the target now, if it cannot.
fn weapon_problem(
    table: &Table,
    actor: usize,
    target: usize,
    weapon: &Weapon,
) -> Option<RuleError> {
    let me = &table.units[actor];
    let them = &table.units[target];
    let (from, to) = (me.placement.zone, them.placement.zone);
    if weapon.shield.is_some() {
        return Some(RuleError::ShieldDoesNotStrike);
    }
    if me.status == Status::InClose {
        if close_partner(table, actor) != Some(target) {
            return Some(RuleError::OnlyTheCloseOpponent);
        }
        let serves = !weapon.is_missile()
            && !weapon.reach
            && (weapon.natural || weapon.weight <= WeightClass::Medium);
        return (!serves).then_some(RuleError::NotAnInCloseWeapon);
    }
    if let Some(range) = weapon.range {
        if me.status != Status::Alone {
            return Some(RuleError::MissileWhileInContact);
        }
        let distance = from.distance(to);
        if distance > u16::from(range) {
            return Some(RuleError::OutOfRange { distance, range });
        }
        return None;
    }
    if from != to {
        return Some(RuleError::NotInSameZone {
            unit: them.unit.id.clone(),
        });
    }
    if weapon.reach {
        if me.status != Status::Alone {
            return Some(RuleError::ReachWeaponInContact);
        }
        return None;
    }
    if let Some(problem) = front_problem(table, actor, target, weapon) {
        return Some(problem);
    }
    // Closing in on a target in another group means leaving one's own melee.
    let same_group = me.placement.group.is_some() && me.placement.group == them.placement.group;
    if !same_group && them.fighting() && me.status != Status::Alone {
        return Some(RuleError::WithdrawFirst);
    }
    None
}

pub(super) fn choose_weapon(
    table: &Table,
    actor: usize,
    target: usize,
    named: Option<&str>,
) -> Result<String, RuleError> {
    let me = &table.units[actor];
    let weapons = &table.ruleset.weapons;
    if let Some(name) = named {
        if !me.profile.weapons.iter().any(|w| w == name) {
            return Err(RuleError::NoSuchWeapon {
                weapon: name.into(),
            });
        }
        let weapon = weapons.get(name).ok_or_else(|| RuleError::NoSuchWeapon {
            weapon: name.into(),
        })?;
        return match weapon_problem(table, actor, target, weapon) {
            Some(problem) => Err(problem),
            None => Ok(name.into()),
        };
    }
    let mut first_problem = None;
    for name in &me.profile.weapons {
        let Some(weapon) = weapons.get(name) else {
            continue;
        };
        match weapon_problem(table, actor, target, weapon) {
            None => return Ok(name.clone()),
            Some(problem) => {
                first_problem.get_or_insert(problem);
            }
        }
    }
    Err(first_problem.unwrap_or(RuleError::NoUsableWeapon {
        reason: "it carries none".into(),
    }))
}

/// Checks and resolves one command, returning what happened.
pub fn resolve(
    table: &mut Table,
    command: &Command,
    dice: &mut impl DiceSource,
) -> Result<Vec<BattleEvent>, RuleError> {
    let plan = check(table, command)?;
    let mut events = Vec::new();
    execute(table, &plan, dice, &mut events);
    if table.battle.pending.is_none() {
        table.battle.turn = Turn::Closed;
    }
    Ok(events)
}

/// Carries out a checked plan.
fn execute(
    table: &mut Table,
    plan: &Plan,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    let actor = plan.actor;
    let id = table.units[actor].unit.id.clone();
    let at_refresh = matches!(table.battle.phase, Phase::Refresh { .. });

    match &plan.order {
        Order::Effort => {
            spend_a_one(table, actor);
            table.units[actor].conditions.effort = true;
            events.push(BattleEvent::EffortSpent { unit: id });
            return;
        }
        Order::RecoveryRoll => {
            spend_a_one(table, actor);
            if table.units[actor].conditions.in_state() {
                recovery_roll(table, actor, dice, events);
            } else {
                rally_roll(table, actor, dice, events);
            }
            return;
        }
        Order::Hold => {
            table.units[actor].pool.holding = true;
            if table.battle.partner_due == Some(actor) {
                table.battle.partner_due = None;
            }
            events.push(BattleEvent::Held { unit: id });
            return;
        }
        // An answer to an attack is not the defender's action.
        Order::Defend { with, riposte, .. } => {
            answer_attack(table, plan, *with, *riposte, dice, events);
            return;
        }
        _ => {}
    }

    // Passing and keeping a die end the combatant's round without being
    // actions: what lasts "until its next action" stays.
    match &plan.order {
        Order::Pass => {
            if table.battle.partner_due == Some(actor) {
                table.battle.partner_due = None;
            }
            table.units[actor].pool.dice.clear();
            table.battle.last_actor = Some(actor);
            events.push(BattleEvent::Passed { unit: id });
            finish_last_option(table, actor, at_refresh);
            return;
        }
        Order::KeepDie => {
            let me = &mut table.units[actor];
            me.pool.dice.clear();
            me.pool.carried = 1;
            events.push(BattleEvent::DieKept { unit: id });
            finish_last_option(table, actor, at_refresh);
            return;
        }
        _ => {}
    }

    // Taking an action ends what lasted "until its next action", and brings
    // every holding combatant back into the countdown.
    {
        let me = &mut table.units[actor];
        me.conditions.fumbled = false;
        me.conditions.exposure = 0;
        me.conditions.guard = None;
    }
    if !matches!(plan.order, Order::Pool { .. }) {
        lose_defence_pool(table, actor, events);
    }
    let_go_unless_working(table, actor, &plan.order, events);
    start_of_action(table, actor, &plan.order);
    // A mount and its rider take their turn together: after one acts, the
    // other has the turn next.
    table.battle.partner_due = match table.battle.partner_due {
        Some(due) if due == actor => None,
        _ => mount_partner(table, actor),
    };
    // An action pool is lost on any other action, save the one that releases it.
    let aimed_shot = matches!(plan.order, Order::Attack { .. })
        && plan
            .weapon
            .as_ref()
            .and_then(|w| table.ruleset.weapons.get(w))
            .is_some_and(Weapon::is_missile)
        && matches!(
            table.units[actor].conditions.action_pool,
            Some(ActionPoolState {
                action: PoolAction::Aim,
                ..
            })
        );
    if !matches!(plan.order, Order::Pool { .. } | Order::Cast { .. }) && !aimed_shot {
        lose_action_pool(table, actor, events);
    }
    // Those holding may still Intercept during this action.
    let mut holders: Vec<usize> = (0..table.units.len())
        .filter(|&u| table.units[u].pool.holding)
        .collect();
    for unit in &mut table.units {
        unit.pool.holding = false;
    }
    table.battle.actions += 1;
    table.battle.last_actor = Some(actor);
    table.battle.last_side = Some(table.units[actor].unit.side);

    pay(table, actor, &plan.paid, events);

    if !matches!(plan.order, Order::Recover { .. }) && table.units[actor].conditions.in_state() {
        let cleared = recovery_roll(table, actor, dice, events);
        if !cleared {
            events.push(BattleEvent::ActionLost { unit: id });
            finish_last_option(table, actor, at_refresh);
            return;
        }
    }
    // The Panicked try to rally at the start of every action (their flight
    // goes ahead either way).
    if !matches!(plan.order, Order::Recover { .. }) && table.units[actor].conditions.panicked {
        rally_roll(table, actor, dice, events);
    }
    if !fear_test(table, actor, dice, events) {
        update_cover(table, events);
        finish_last_option(table, actor, at_refresh);
        return;
    }
    let moving = matches!(plan.order, Order::Move { .. } | Order::Charge { .. });
    if moving
        && needs_footing(&table.ruleset.injuries, &table.units[actor].wounds.0)
        && !footing_roll(table, actor, 0, dice, events)
    {
        finish_last_option(table, actor, at_refresh);
        return;
    }

    match &plan.order {
        Order::Move { to, .. } => {
            let from = table.units[actor].placement.zone;
            // Leaving a melee by Move risks a free attack from each enemy in it.
            if table.units[actor].status != Status::Alone
                && !opportunity_attacks(table, actor, dice, events)
            {
                update_cover(table, events);
                finish_last_option(table, actor, at_refresh);
                return;
            }
            table.units[actor].placement = Placement {
                zone: *to,
                group: None,
            };
            table.units[actor].conditions.moving = table.units[actor].profile.mount;
            table.units[actor].conditions.occupies_cover = false;
            table.units[actor].conditions.held_at = None;
            events.push(BattleEvent::Moved {
                unit: id,
                from,
                to: *to,
            });
            if intercept(table, actor, from, *to, None, events).is_none()
                && intercept_by_holder(table, actor, *to, &holders, events).is_none()
            {
                enter_held_cover(table, actor, events);
            }
            table.regroup(from, events);
            table.regroup(*to, events);
        }
        Order::Charge { target, .. } => {
            let target = table.unit_index(target).unwrap_or(actor);
            let from = table.units[actor].placement.zone;
            let to = table.units[target].placement.zone;
            table.units[actor].conditions.held_at = None;
            if from != to {
                table.units[actor].conditions.occupies_cover = false;
            }
            events.push(BattleEvent::Charged {
                unit: id,
                target: table.units[target].unit.id.clone(),
                to,
            });
            if from == to || intercept(table, actor, from, to, Some(target), events).is_none() {
                table.join_group_of(actor, target);
                table.units[actor].placement.zone = to;
                meet_the_front(table, actor, from, events);
            }
            table.units[actor].conditions.moving = table.units[actor].profile.mount;
            table.regroup(from, events);
            table.regroup(to, events);
        }
        Order::Withdraw { .. } if table.units[actor].status == Status::InClose => {
            leave_inclose(table, actor, events);
        }
        Order::Withdraw { .. } if table.units[actor].conditions.prone => {
            table.units[actor].conditions.prone = false;
            events.push(BattleEvent::StoodUp { unit: id.clone() });
            if table.units[actor].status != Status::Alone {
                table.units[actor].placement.group = None;
                events.push(BattleEvent::Withdrew { unit: id });
                let zone = table.units[actor].placement.zone;
                table.regroup(zone, events);
            }
        }
        Order::Withdraw { .. } | Order::LeaveGroup { .. } => {
            table.units[actor].placement.group = None;
            events.push(if matches!(plan.order, Order::Withdraw { .. }) {
                BattleEvent::Withdrew { unit: id }
            } else {
                BattleEvent::LeftGroup { unit: id }
            });
            let zone = table.units[actor].placement.zone;
            table.regroup(zone, events);
        }
        Order::JoinGroup { friend, .. } => {
            let friend = table.unit_index(friend).unwrap_or(actor);
            table.join_group_of(actor, friend);
            events.push(BattleEvent::JoinedGroup {
                unit: id,
                with: table.units[friend].unit.id.clone(),
            });
            let zone = table.units[actor].placement.zone;
            table.regroup(zone, events);
        }
        Order::LeaveTable { edge, .. } => {
            let zone = table.units[actor].placement.zone;
            let me = &mut table.units[actor];
            me.fate = Fate::Escaped;
            me.placement.group = None;
            me.pool.dice.clear();
            events.push(BattleEvent::LeftTable {
                unit: id,
                edge: *edge,
            });
            // Its rider goes with it.
            for rider in table.riders_of(actor) {
                let them = &mut table.units[rider];
                them.fate = Fate::Escaped;
                them.placement.group = None;
                them.pool.dice.clear();
                events.push(BattleEvent::LeftTable {
                    unit: them.unit.id.clone(),
                    edge: *edge,
                });
            }
            table.regroup(zone, events);
        }
        Order::Recover { .. } if !table.units[actor].conditions.in_state() => {
            rally_roll(table, actor, dice, events);
        }
        Order::Recover { .. } => {
            let state = clear_one_state(table, actor);
            events.push(BattleEvent::StateCleared { unit: id, state });
        }
        Order::Attack {
            target,
            raise_with_one,
            specials,
            tactic,
            shift,
            ..
        } => {
            // The weapon used is the one in hand now.
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
            let target_index = table.unit_index(target).unwrap_or(actor);
            // A flyer attacking from the air: those holding beside its
            // target strike at it first.
            if !strikes_as_it_attacks(table, actor, target_index, &mut holders, dice, events) {
                update_cover(table, events);
                finish_last_option(table, actor, at_refresh);
                return;
            }
            let pending = PendingAttack {
                attacker: actor,
                target: target_index,
                weapon: plan.weapon.clone().unwrap_or_default(),
                raise_with_one: *raise_with_one,
                specials: specials.clone(),
                tactic: *tactic,
                shift: *shift,
                struck: Vec::new(),
            };
            declare_attack(table, pending, dice, events);
        }
        Order::Pool { .. } if table.units[actor].conditions.action_pool.is_some() => {
            let cap = table.ruleset.rules.max_action_dice;
            let conditions = &mut table.units[actor].conditions;
            if let Some(pool) = &mut conditions.action_pool {
                pool.dice = (pool.dice + 1).min(cap);
                events.push(BattleEvent::ActionPoolBuilt {
                    unit: id,
                    dice: pool.dice,
                });
            }
        }
        Order::Aim { .. } => {
            table.units[actor].conditions.action_pool = Some(ActionPoolState {
                action: PoolAction::Aim,
                dice: 0,
            });
            events.push(BattleEvent::ActionPoolBuilt { unit: id, dice: 0 });
        }
        Order::Prepare { spell, .. } => {
            let index = table.units[actor]
                .profile
                .spells
                .iter()
                .position(|s| s == spell)
                .unwrap_or(0);
            table.units[actor].conditions.action_pool = Some(ActionPoolState {
                action: PoolAction::Cast {
                    spell: index.min(usize::from(u8::MAX)) as u8,
                },
                dice: 0,
            });
            events.push(BattleEvent::ActionPoolBuilt { unit: id, dice: 0 });
        }
        Order::Cast { target } => {
            let target = table.unit_index(target).unwrap_or(actor);
            cast(table, actor, target, dice, events);
        }
        Order::Pool { .. } => {
            if let Some(pool) = table.units[actor].conditions.defence_pool {
                let pool = pool.topped_up();
                table.units[actor].conditions.defence_pool = Some(pool);
                events.push(BattleEvent::DefencePool {
                    unit: id,
                    defence: pool.defence,
                    dice: pool.dice,
                });
            }
        }
        Order::Break { target, .. } => {
            let target = table.unit_index(target).unwrap_or(actor);
            lose_defence_pool(table, target, events);
        }
        Order::CloseIn { target, .. } => {
            let target = table.unit_index(target).unwrap_or(actor);
            close_in(table, actor, target, events);
        }
        Order::Wrestle { with, .. } => wrestle(table, actor, *with, dice, events),
        Order::Fly { to, facing, .. } => {
            fly(table, actor, (*to, *facing), &mut holders, dice, events);
        }
        Order::TakeOff { .. } => take_off_or_land(table, actor, true, dice, events),
        Order::Land { .. } => take_off_or_land(table, actor, false, dice, events),
        Order::Drive {
            to, facing, target, ..
        } => {
            let target = target.as_deref().and_then(|t| table.unit_index(t));
            drive(table, actor, (*to, *facing, target), dice, events);
        }
        Order::Gallop { to, .. } => gallop(table, actor, *to, dice, events),
        Order::Mount { on, .. } => {
            let carrier = table.unit_index(on);
            mount_or_dismount(table, actor, carrier, dice, events);
        }
        Order::Dismount { .. } => mount_or_dismount(table, actor, None, dice, events),
        Order::Effort
        | Order::RecoveryRoll
        | Order::Hold
        | Order::Pass
        | Order::KeepDie
        | Order::Defend { .. } => {}
    }
    settle_flight(table, actor, &plan.order, events);
    table.settle_riders(events);
    tidy_fronts(table);
    update_cover(table, events);
    // An attack waiting for its answer finishes the last option once answered.
    if table.battle.pending.is_none() {
        finish_last_option(table, actor, at_refresh);
    }
}

/// After a combatant's last option at a refresh, its remaining dice are set aside.
fn finish_last_option(table: &mut Table, actor: usize, at_refresh: bool) {
    if !at_refresh {
        return;
    }
    table.units[actor].pool.dice.clear();
    if let Phase::Refresh { queue } = &mut table.battle.phase {
        queue.retain(|&unit| unit != actor);
    }
    table.battle.turn = Turn::Closed;
}

/// The other half of a mount and its rider.
fn mount_partner(table: &Table, unit: usize) -> Option<usize> {
    match table.units[unit].conditions.aboard {
        Some(Aboard::Mount(mount)) => Some(mount),
        Some(Aboard::Chariot(_)) => None,
        None if table.units[unit].profile.mount => table.riders_of(unit).first().copied(),
        None => None,
    }
}

fn pay(table: &mut Table, actor: usize, paid: &[usize], events: &mut Vec<BattleEvent>) {
    if paid.is_empty() {
        return;
    }
    let pool = &mut table.units[actor].pool.dice;
    let mut faces = Vec::with_capacity(paid.len());
    let mut sorted = paid.to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    for index in sorted {
        if index < pool.len() {
            faces.push(pool.remove(index));
        }
    }
    faces.reverse();
    events.push(BattleEvent::DicePaid {
        unit: table.units[actor].unit.id.clone(),
        dice: faces,
    });
}

fn spend_a_one(table: &mut Table, actor: usize) {
    let pool = &mut table.units[actor].pool.dice;
    if let Some(index) = pool.iter().position(|&f| f == 1) {
        pool.remove(index);
    }
}

/// Clears the first State present (Stun before Shock) and says which.
fn clear_one_state(table: &mut Table, actor: usize) -> StateKind {
    let conditions = &mut table.units[actor].conditions;
    if conditions.stunned {
        conditions.stunned = false;
        StateKind::Stun
    } else if conditions.shocked {
        conditions.shocked = false;
        StateKind::Shock
    } else {
        conditions.doubt = false;
        StateKind::Doubt
    }
}

/// A roll to clear one State: BODY for Stun, MIND for Shock. Returns whether
/// the combatant is now free of that State.
fn recovery_roll(
    table: &mut Table,
    actor: usize,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) -> bool {
    let me = &table.units[actor];
    let (state, rank, kind) = if me.conditions.stunned {
        (
            StateKind::Stun,
            me.ranks.physical.remaining(),
            RollKind::Body,
        )
    } else if me.conditions.shocked {
        (
            StateKind::Shock,
            me.ranks.mental.remaining(),
            RollKind::Spirit,
        )
    } else {
        (
            StateKind::Doubt,
            me.ranks.mental.remaining(),
            RollKind::Spirit,
        )
    };
    let modifier = take_effort(table, actor) - penalty(table, actor, kind) as i32;
    let roll = characteristic_roll(&table.ruleset.rules, rank, modifier, dice);
    let id = table.units[actor].unit.id.clone();
    events.push(BattleEvent::RecoveryRoll {
        unit: id.clone(),
        state,
        dice: roll.dice.clone(),
        passed: roll.passed(),
    });
    if roll.passed() {
        let cleared = clear_one_state(table, actor);
        events.push(BattleEvent::StateCleared {
            unit: id,
            state: cleared,
        });
    }
    roll.passed()
}

/// Uses up a pending Effort, returning the extra dice it gives.
pub(super) fn take_effort(table: &mut Table, actor: usize) -> i32 {
    let conditions = &mut table.units[actor].conditions;
    if conditions.effort {
        conditions.effort = false;
        1
    } else {
        0
    }
}

/// The dice and Superiority Level of an attack about to be rolled: the same
/// numbers for the resolution, the odds preview and the AI.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AttackSetup {
    pub dice: u32,
    pub superiority_level: u8,
    pub advantage_dice: u32,
    /// The target's exposure dice the attacker picks up.
    pub exposure_used: u8,
    /// A pending Effort adds a die.
    pub effort: bool,
    /// An Aim pool's dice join a missile attack.
    pub aim_dice: u32,
    /// Dice lost to the attacker's wounds.
    pub wound_penalty: u32,
    /// Dice lost to the target's cover.
    pub cover: super::cover::CoverEffect,
    /// Missile dice lost against a flying flyer (its speed).
    pub flight_penalty: u32,
    /// Dice lost to an impaired attack (an individual on a warband, a rider).
    pub impaired: u32,
    /// Dice gained by an enhanced attack (a warband on an individual).
    pub enhanced: u32,
}

/// Sets up an attack as it would be rolled now, counting advantage in the
/// melee the attacker fights in once it has closed in on the target.
pub fn attack_setup(table: &Table, actor: usize, target: usize, weapon: &Weapon) -> AttackSetup {
    let me = &table.units[actor];
    let them = &table.units[target];
    let melee = weapon.range.is_none() && !weapon.reach;
    let advantage_dice = if melee {
        let group = if them.fighting() {
            them.placement.group
        } else {
            me.placement.group
        };
        let mut members: Vec<usize> = group.map(|g| table.group_members(g)).unwrap_or_default();
        for unit in [actor, target] {
            if table.units[unit].fighting() && !members.contains(&unit) {
                members.push(unit);
            }
        }
        let friends = members
            .iter()
            .filter(|&&m| table.units[m].unit.side == me.unit.side)
            .count();
        advantage_dice(
            &table.ruleset.rules,
            advantage(friends, members.len() - friends),
        )
    } else {
        0
    };
    let effort = me.conditions.effort;
    let exposure_used = them.conditions.exposure;
    let aim_dice = match me.conditions.action_pool {
        Some(ActionPoolState {
            action: PoolAction::Aim,
            dice,
        }) if weapon.is_missile() => u32::from(dice),
        _ => 0,
    };
    let wound_penalty = penalty(table, actor, RollKind::Attack);
    let cover = cover_against(table, actor, target, Some(weapon));
    let flight_penalty = missile_penalty(table, target, weapon);
    let (impaired, enhanced) = attack_modifiers(table, actor, target);
    AttackSetup {
        dice: (u32::from(me.profile.attack_dice)
            + u32::from(effort)
            + u32::from(exposure_used)
            + advantage_dice
            + aim_dice
            + enhanced)
            .saturating_sub(wound_penalty + cover.dice + flight_penalty + impaired),
        aim_dice,
        wound_penalty,
        cover,
        flight_penalty,
        impaired,
        enhanced,
        superiority_level: superiority_level(&table.ruleset.rules, them.conditions.fumbled)
            .saturating_sub(u8::from(close_weapon_bonus(me, weapon)))
            .max(2),
        advantage_dice,
        exposure_used,
        effort,
    }
}

/// InClose, Light weapons and natural weapons built for combat hit one
/// better (hands and feet do not).
fn close_weapon_bonus(me: &super::table::UnitState, weapon: &Weapon) -> bool {
    me.status == Status::InClose
        && if weapon.natural {
            weapon.built_for_combat
        } else {
            weapon.weight == WeightClass::Light
        }
}

/// The exact odds of `actor` attacking `target` with a weapon now, against
/// the target's defence pool if it has one: the odds preview and the AI both
/// read this.
pub fn attack_preview(
    table: &Table,
    actor: usize,
    target: usize,
    weapon: &str,
) -> Option<AttackOdds> {
    let pool = table.units[target].conditions.defence_pool;
    attack_preview_against(table, actor, target, weapon, pool)
}

/// The exact odds of an attack as [`attack_preview`], against a given
/// defence pool instead of the target's own (to weigh a defence before
/// declaring it).
pub fn attack_preview_against(
    table: &Table,
    actor: usize,
    target: usize,
    weapon: &str,
    pool: Option<DefencePool>,
) -> Option<AttackOdds> {
    attack_preview_with(table, actor, target, weapon, pool, &[], None)
}

/// The exact odds of an attack as [`attack_preview_against`], buying the
/// chosen special results that can work on the target now.
#[allow(clippy::too_many_arguments)]
pub fn attack_preview_with(
    table: &Table,
    actor: usize,
    target: usize,
    weapon: &str,
    pool: Option<DefencePool>,
    specials: &[SpecialResult],
    tactic: Option<Tactic>,
) -> Option<AttackOdds> {
    let weapon = table.ruleset.weapons.get(weapon)?;
    let setup = attack_setup(table, actor, target, weapon);
    let mut dice = setup.dice + tactic_dice(table, actor, tactic);
    let mut facts = target_facts(table, target);
    match pool {
        Some(pool) if pool.defence == Defence::Dodge => {
            dice -= dodge(dice, u32::from(pool.dice), weapon.is_missile()).dice_removed;
        }
        Some(pool) if pool.defence == Defence::Block => {
            let shield_armour = shield_of(table, target).map_or(0, |s| s.armour);
            facts.block = Some((u32::from(pool.dice), shield_armour));
        }
        _ => {}
    }
    let specials = applicable_specials(table, actor, target, specials);
    Some(attack_odds_with_specials(
        dice,
        setup.superiority_level,
        table.ruleset.rules.damage_rule(weapon.weight),
        &facts,
        &specials,
        Some(&table.ruleset.actions.special_results),
    ))
}

/// The defence pools a defence roll could leave, each with its exact chance
/// (`None`: no pool, as after a Parry or a roll without a success).
pub fn defence_outcomes(
    table: &Table,
    defender: usize,
    defence: Defence,
) -> Vec<(f64, Option<DefencePool>)> {
    let me = &table.units[defender];
    let mut skill = me.profile.defences.get(&defence).copied().unwrap_or(0);
    if defence == Defence::Parry {
        skill += parry_bonus(table, defender);
    }
    let dice = (u32::from(skill) + u32::from(me.conditions.effort)).saturating_sub(penalty(
        table,
        defender,
        RollKind::Defence(defence),
    ));
    let shield_block = shield_of(table, defender).map_or(0, |s| s.block);
    successes(dice, table.ruleset.rules.standard_sl)
        .into_iter()
        .enumerate()
        .map(|(k, p)| (p, pool_from_roll(defence, k as u32, skill, shield_block)))
        .collect()
}

/// The exact odds of the declared attack if its target answers it `with` a
/// defence (or none): the defence prompt and the AI both read this. A Parry
/// changes no hit, so its odds are those of no defence.
pub fn answered_attack_odds(
    table: &Table,
    pending: &PendingAttack,
    with: Option<Defence>,
) -> Option<AttackOdds> {
    let odds = |pool| {
        attack_preview_with(
            table,
            pending.attacker,
            pending.target,
            &pending.weapon,
            pool,
            &pending.specials,
            pending.tactic,
        )
    };
    match with {
        None | Some(Defence::Parry) => odds(None),
        Some(defence) => {
            let parts: Option<Vec<(f64, AttackOdds)>> =
                defence_outcomes(table, pending.target, defence)
                    .into_iter()
                    .map(|(p, pool)| odds(pool).map(|o| (p, o)))
                    .collect();
            Some(AttackOdds::blend(&parts?))
        }
    }
}

/// What an attack's odds depend on about its target.
pub fn target_facts(table: &Table, target: usize) -> TargetFacts {
    let them = &table.units[target];
    TargetFacts {
        armour: them.profile.armour,
        total_rank: them.ranks.physical.total(),
        soak: Soak {
            stateless: them.profile.stateless,
            already_in_state: them.conditions.stunned,
            may_soak: !them.conditions.surprised,
            prefers_state: true,
        },
        fallen_body_dice: (them.fate == Fate::OutOfAction).then(|| {
            characteristic_dice(&table.ruleset.rules, them.ranks.physical.remaining(), 0) as u32
        }),
        block: None,
    }
}

/// Declares an attack: a plain melee attack on a fighting target in another
/// group closes in first. If the target may answer with a defence, the
/// attack waits for it ("Defences": declared before the attack is rolled);
/// otherwise it is rolled at once.
fn declare_attack(
    table: &mut Table,
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
    // Level 0: the mere effort of an attack defeats it, without a roll.
    if table.units[target].fighting() && table.units[target].ranks.physical.real <= 0 {
        events.push(BattleEvent::Squashed {
            unit: table.units[target].unit.id.clone(),
        });
        let zone = table.units[target].placement.zone;
        take_out_of_action(table, target, events);
        table.regroup(zone, events);
        return;
    }
    if available_defences(table, &pending).is_empty() {
        roll_attack(table, &pending, None, false, dice, events);
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

/// The target's answer to a declared attack: its defence is paid and rolled,
/// then the attack is rolled against it.
fn answer_attack(
    table: &mut Table,
    plan: &Plan,
    with: Option<Defence>,
    riposte: bool,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    let Some(pending) = table.battle.pending.take() else {
        return;
    };
    pay(table, plan.actor, &plan.paid, events);
    roll_attack(table, &pending, with, riposte, dice, events);
    if table.battle.pending.is_none() {
        let at_refresh = matches!(table.battle.phase, Phase::Refresh { .. });
        finish_last_option(table, pending.attacker, at_refresh);
    }
}

/// A defence roll: the skill dice (and a pending Effort) at the standard SL.
/// Dodge and Block leave a defence pool; a Parry's successes are returned.
fn roll_defence(
    table: &mut Table,
    defender: usize,
    defence: Defence,
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
    let faces = dice.roll((u32::from(skill) + effort as u32).saturating_sub(wounds) as usize);
    let successes = successes_in(&faces, table.ruleset.rules.standard_sl);
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
fn roll_attack(
    table: &mut Table,
    pending: &PendingAttack,
    declared: Option<Defence>,
    riposte: bool,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
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
        Some(defence) => roll_defence(table, target, defence, dice, events),
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
    if parry_successes > 0 {
        let turned = parry(&mut faces, sl, parry_successes);
        events.push(BattleEvent::Parried {
            unit: target_id.clone(),
            turned,
        });
    }
    let roll = evaluate_attack(&faces, sl);
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
    if riposte && declared == Some(Defence::Parry) {
        strike_back(table, target, actor, dice, events);
    }
    follow_up(table, pending, dice, events);
}

/// The extra skill dice of an All Out Attack: the attacks paid for are
/// rolled as one.
pub fn tactic_dice(table: &Table, actor: usize, tactic: Option<Tactic>) -> u32 {
    match tactic.and_then(|t| table.ruleset.actions.tactics.get(&t)) {
        Some(rule) if rule.combined => {
            u32::from(table.units[actor].profile.attack_dice)
                * u32::from(rule.attacks_paid.saturating_sub(1))
        }
        _ => 0,
    }
}

/// The second attack of a Double Strike (on the same target), or of a
/// Follow On once the first took its target out (on another enemy in the
/// melee), or a mob's next strike at a separate target: declared at once,
/// paid already.
fn follow_up(
    table: &mut Table,
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
    };
    declare_attack(table, second, dice, events);
}

/// A mob's next separate target ("Mobs, Crowds and Hordes"): the first
/// enemy not yet struck this action that the same weapon can reach, while
/// the tier's attacks last. Returns it with the targets struck so far.
fn next_mob_target(table: &Table, last: &PendingAttack) -> Option<(usize, Vec<usize>)> {
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

/// The attacker's marks from its roll (a Fumble, or exposure dice, plus any
/// a defence laid on it), then the special results its extra successes buy,
/// and the damage of the rest.
#[allow(clippy::too_many_arguments)]
pub(super) fn land_attack(
    table: &mut Table,
    (actor, target): (usize, usize),
    roll: &crate::rules::attack::AttackRoll,
    (defence_exposures, specials, shift): (u32, &[SpecialResult], Shift),
    weapon: &Weapon,
    extra_armour: u8,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    let attacker_id = table.units[actor].unit.id.clone();
    if roll.fumble {
        table.units[actor].conditions.fumbled = true;
        events.push(BattleEvent::Fumbled {
            unit: attacker_id.clone(),
        });
    }
    let exposures = if roll.fumble { 0 } else { roll.exposures } + defence_exposures;
    if exposures > 0 {
        let conditions = &mut table.units[actor].conditions;
        conditions.exposure = conditions.exposure.saturating_add(exposures as u8);
        events.push(BattleEvent::Exposed {
            unit: attacker_id.clone(),
            dice: conditions.exposure,
        });
    }
    if roll.hits == 0 {
        events.push(BattleEvent::Missed {
            attacker: attacker_id,
            target: table.units[target].unit.id.clone(),
        });
        return;
    }
    let rule = table.ruleset.rules.damage_rule(weapon.weight);
    let applicable = applicable_specials(table, actor, target, specials);
    let bought = buy_specials(
        roll.hits,
        &applicable,
        &table.ruleset.actions.special_results,
        |_| true,
    );
    // The specials land with the blow: a Stun bought first leaves the
    // damage to cost a rank.
    for special in bought.bought {
        apply_special(table, (actor, target), special, dice, events);
    }
    hit(
        table,
        target,
        rule,
        bought.damage_successes,
        (extra_armour, shift),
        dice,
        events,
    );
}

/// After a Parry: the defender takes every exposure die in front of the
/// attacker and strikes at once with them, using its first weapon that can.
fn strike_back(
    table: &mut Table,
    defender: usize,
    attacker: usize,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    let taken = table.units[attacker].conditions.exposure;
    if taken == 0 || !table.units[defender].fighting() || !table.units[attacker].fighting() {
        return;
    }
    let Ok(weapon_id) = choose_weapon(table, defender, attacker, None) else {
        return;
    };
    let weapon = table.ruleset.weapons[&weapon_id].clone();
    table.units[attacker].conditions.exposure = 0;
    events.push(BattleEvent::Riposte {
        unit: table.units[defender].unit.id.clone(),
        dice: taken,
    });
    let sl = superiority_level(
        &table.ruleset.rules,
        table.units[attacker].conditions.fumbled,
    );
    let roll = evaluate_attack(&dice.roll(usize::from(taken)), sl);
    events.push(BattleEvent::AttackRolled {
        attacker: table.units[defender].unit.id.clone(),
        target: table.units[attacker].unit.id.clone(),
        weapon: weapon_id,
        dice: roll.dice.clone(),
        superiority_level: sl,
        hits: roll.hits,
        exposure_used: taken,
        advantage_dice: 0,
    });
    land_attack(
        table,
        (defender, attacker),
        &roll,
        (0, &[], Shift::Worst),
        &weapon,
        0,
        dice,
        events,
    );
}

/// Applies a hit of `successes` with a weight's damage rule to `target`.
pub(super) fn hit(
    table: &mut Table,
    target: usize,
    rule: crate::rules::damage::DamageRule,
    successes: u32,
    (extra_armour, shift): (u8, Shift),
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    let id = table.units[target].unit.id.clone();
    let rules = table.ruleset.rules.clone();
    if table.units[target].fate == Fate::OutOfAction {
        let rank = table.units[target].ranks.physical.remaining();
        let roll = characteristic_roll(&rules, rank, 0, dice);
        events.push(BattleEvent::BodyRoll {
            unit: id.clone(),
            dice: roll.dice.clone(),
            survived: roll.passed(),
        });
        if !roll.passed() {
            table.units[target].fate = Fate::Killed;
            events.push(BattleEvent::Killed { unit: id });
        }
        return;
    }
    let Some(raw) = weapon_damage(rule, successes) else {
        return;
    };
    let armour = table.units[target]
        .profile
        .armour
        .saturating_add(extra_armour);
    let damage = match raw {
        WeaponDamage::Points(points) => {
            WeaponDamage::Points(points.saturating_sub(u32::from(armour)))
        }
        WeaponDamage::KillingBlow => WeaponDamage::KillingBlow,
    };
    let Some(severity) = severity(damage, table.units[target].ranks.physical.total()) else {
        events.push(BattleEvent::DamageStopped { unit: id });
        return;
    };
    if let WeaponDamage::Points(points) = damage {
        events.push(BattleEvent::Damaged {
            unit: id.clone(),
            damage: points,
            armour,
        });
    }
    let target_state = &table.units[target];
    let soak = Soak {
        stateless: target_state.profile.stateless,
        already_in_state: target_state.conditions.stunned,
        may_soak: !target_state.conditions.surprised,
        prefers_state: true,
    };
    let zone = table.units[target].placement.zone;
    match damage_effect(severity, soak) {
        DamageEffect::State => take_state(table, target, StateKind::Stun, events),
        DamageEffect::RankLoss | DamageEffect::Trauma => {
            let trauma = matches!(damage_effect(severity, soak), DamageEffect::Trauma);
            if trauma {
                events.push(BattleEvent::Trauma { unit: id.clone() });
                lose_defence_pool(table, target, events);
            }
            lose_rank(table, target, RankSide::Physical, false, events);
            // A Trauma, or a wound that takes it out of action, is an
            // injury; a warband is weakened instead.
            if is_warband(table, target) {
                if trauma {
                    critical_damage(table, target, false, events);
                }
            } else if trauma || !table.units[target].fighting() {
                injure(table, target, (false, shift), dice, events);
            }
        }
        DamageEffect::KillingBlow if is_warband(table, target) => {
            events.push(BattleEvent::KillingBlow { unit: id.clone() });
            lose_rank(table, target, RankSide::Physical, false, events);
            critical_damage(table, target, true, events);
        }
        DamageEffect::KillingBlow => {
            events.push(BattleEvent::KillingBlow { unit: id.clone() });
            if unshakeable(table.units[target].ranks.physical.real) {
                events.push(BattleEvent::RankHeld {
                    unit: id,
                    side: RankSide::Physical,
                });
            } else {
                take_out_of_action(table, target, events);
            }
            injure(table, target, (true, shift), dice, events);
        }
        DamageEffect::Massive => {
            events.push(BattleEvent::MassiveDamage { unit: id.clone() });
            let unit = &mut table.units[target];
            unit.fate = Fate::Killed;
            unit.pool.dice.clear();
            events.push(BattleEvent::Killed { unit: id });
            if !is_warband(table, target) {
                injure(table, target, (true, shift), dice, events);
            }
        }
    }
    table.regroup(zone, events);
}

/// Marks one real rank lost on a track. A track rated 9 cannot be knocked
/// off it ("Level 9"). Every `crossover_every`th direct loss costs a rank on
/// the other track ("CrossOver Damage"); crossover losses never cross back.
/// With no ranks left (the heroic floor for the Heroic) the combatant is out
/// of action ("OoA and KIA").
pub(super) fn lose_rank(
    table: &mut Table,
    unit: usize,
    side: RankSide,
    by_crossover: bool,
    events: &mut Vec<BattleEvent>,
) {
    if !table.units[unit].fighting() {
        return;
    }
    let id = table.units[unit].unit.id.clone();
    let every = table.units[unit].profile.crossover_every;
    let heroic = table.units[unit].profile.heroic;
    let track = table.units[unit].ranks.track_mut(side);
    if unshakeable(track.real) {
        events.push(BattleEvent::RankHeld { unit: id, side });
        return;
    }
    track.lost += 1;
    if by_crossover {
        track.crossover_lost += 1;
    }
    let (remaining, direct) = (track.remaining(), track.direct_losses());
    events.push(match side {
        RankSide::Physical => BattleEvent::RankLost {
            unit: id.clone(),
            remaining,
        },
        RankSide::Mental => BattleEvent::MentalRankLost {
            unit: id.clone(),
            remaining,
        },
    });
    if !by_crossover && crossover_due(direct, every) {
        let other = match side {
            RankSide::Physical => RankSide::Mental,
            RankSide::Mental => RankSide::Physical,
        };
        events.push(BattleEvent::Crossover {
            unit: id,
            to: other,
        });
        lose_rank(table, unit, other, true, events);
    }
    let floor = i32::from(table.ruleset.rules.heroic_ooa_rank);
    if table.units[unit].fighting() && out_of_action(remaining, heroic, floor) {
        take_out_of_action(table, unit, events);
    }
}

/// Takes a State ("State"): it is marked, and every pool is lost.
pub(super) fn take_state(
    table: &mut Table,
    unit: usize,
    state: StateKind,
    events: &mut Vec<BattleEvent>,
) {
    *table.units[unit].conditions.state_mut(state) = true;
    events.push(BattleEvent::StateTaken {
        unit: table.units[unit].unit.id.clone(),
        state,
    });
    lose_defence_pool(table, unit, events);
    lose_action_pool(table, unit, events);
}

/// An action pool is lost to any other action and to a State.
pub(super) fn lose_action_pool(table: &mut Table, unit: usize, events: &mut Vec<BattleEvent>) {
    if table.units[unit].conditions.action_pool.take().is_some() {
        events.push(BattleEvent::ActionPoolLost {
            unit: table.units[unit].unit.id.clone(),
        });
    }
}

/// Releases a prepared spell: the pool's dice (and a pending Effort) are
/// rolled at the standard SL (one better against a Fumbled enemy); the
/// successes become damage to an enemy or bonus ranks for a friend.
fn cast(
    table: &mut Table,
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

/// A defence pool is lost to another action, a State, a Trauma or worse, or a Break.
pub(super) fn lose_defence_pool(table: &mut Table, unit: usize, events: &mut Vec<BattleEvent>) {
    if table.units[unit].conditions.defence_pool.take().is_some() {
        events.push(BattleEvent::DefencePoolLost {
            unit: table.units[unit].unit.id.clone(),
        });
    }
}

pub(super) fn take_out_of_action(table: &mut Table, target: usize, events: &mut Vec<BattleEvent>) {
    let unit = &mut table.units[target];
    unit.fate = Fate::OutOfAction;
    unit.pool.dice.clear();
    unit.pool.carried = 0;
    unit.conditions = Conditions::default();
    events.push(BattleEvent::OutOfAction {
        unit: unit.unit.id.clone(),
    });
    destroyed(table, target, events);
}
