//! The legality check and the resolution of commands.
//!
//! [`check`] is the one legality check: the UI greys out what it refuses, the
//! AI only picks what it allows, and [`resolve`] runs it before every command.

use super::command::{Command, Order, RuleError};
use super::components::*;
use super::events::{BattleEvent, StateKind};
use super::table::{Phase, Table, Turn};
use crate::data::{ActionKind, Weapon};
use crate::level::{MapEdge, VictoryCondition, ZoneCoord};
use crate::rules::attack::{
    advantage, advantage_dice, evaluate_attack, raise_one_die, superiority_level,
};
use crate::rules::damage::{
    DamageEffect, Soak, WeaponDamage, damage_effect, out_of_action, severity, weapon_damage,
};
use crate::rules::dice::DiceSource;
use crate::rules::odds::{AttackOdds, TargetFacts, attack_odds};
use crate::rules::payment::{Cost, choose_payment};
use crate::rules::rolls::{characteristic_dice, characteristic_roll};

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
        _ => return Err(RuleError::NoTurnOpen),
    };

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
            if me.status == Status::Alone {
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
            ..
        } => {
            let target = enemy_on_table(table, actor, target)?;
            let chosen = choose_weapon(table, actor, target, named.as_deref())?;
            let cost = rules.actions.attack_cost(&rules.weapons[&chosen]);
            weapon = Some(chosen);
            cost
        }
        Order::Recover { .. } => {
            if !me.conditions.in_state() {
                return Err(RuleError::NotInState);
            }
            rules.action_cost(ActionKind::Recover)
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
            if !me.conditions.in_state() {
                return Err(RuleError::NotInState);
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
    // Closing in on a target in another group means leaving one's own melee.
    let same_group = me.placement.group.is_some() && me.placement.group == them.placement.group;
    if !same_group && them.fighting() && me.status != Status::Alone {
        return Some(RuleError::WithdrawFirst);
    }
    None
}

fn choose_weapon(
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
            recovery_roll(table, actor, dice, events);
            return;
        }
        Order::Hold => {
            table.units[actor].pool.holding = true;
            events.push(BattleEvent::Held { unit: id });
            return;
        }
        _ => {}
    }

    // Passing and keeping a die end the combatant's round without being
    // actions: what lasts "until its next action" stays.
    match &plan.order {
        Order::Pass => {
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
    }
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

    match &plan.order {
        Order::Move { to, .. } => {
            let from = table.units[actor].placement.zone;
            table.units[actor].placement = Placement {
                zone: *to,
                group: None,
            };
            events.push(BattleEvent::Moved {
                unit: id,
                from,
                to: *to,
            });
            table.regroup(from, events);
            table.regroup(*to, events);
        }
        Order::Charge { target, .. } => {
            let target = table.unit_index(target).unwrap_or(actor);
            let from = table.units[actor].placement.zone;
            let to = table.units[target].placement.zone;
            table.join_group_of(actor, target);
            table.units[actor].placement.zone = to;
            events.push(BattleEvent::Charged {
                unit: id,
                target: table.units[target].unit.id.clone(),
                to,
            });
            table.regroup(from, events);
            table.regroup(to, events);
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
            table.regroup(zone, events);
        }
        Order::Recover { .. } => {
            let state = clear_one_state(table, actor);
            events.push(BattleEvent::StateCleared { unit: id, state });
        }
        Order::Attack {
            target,
            raise_with_one,
            ..
        } => {
            let target = table.unit_index(target).unwrap_or(actor);
            let weapon = plan.weapon.clone().unwrap_or_default();
            attack(table, actor, target, &weapon, *raise_with_one, dice, events);
        }
        Order::Effort | Order::RecoveryRoll | Order::Hold | Order::Pass | Order::KeepDie => {}
    }
    finish_last_option(table, actor, at_refresh);
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
    } else {
        conditions.shocked = false;
        StateKind::Shock
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
    let (state, rank) = if me.conditions.stunned {
        (StateKind::Stun, me.ranks.physical.remaining())
    } else {
        (StateKind::Shock, me.ranks.mental.remaining())
    };
    let effort = take_effort(table, actor);
    let roll = characteristic_roll(&table.ruleset.rules, rank, effort, dice);
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
fn take_effort(table: &mut Table, actor: usize) -> i32 {
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
    AttackSetup {
        dice: u32::from(me.profile.attack_dice)
            + u32::from(effort)
            + u32::from(exposure_used)
            + advantage_dice,
        superiority_level: superiority_level(&table.ruleset.rules, them.conditions.fumbled),
        advantage_dice,
        exposure_used,
        effort,
    }
}

/// The exact odds of `actor` attacking `target` with a weapon now: the odds
/// preview and the AI both read this.
pub fn attack_preview(
    table: &Table,
    actor: usize,
    target: usize,
    weapon: &str,
) -> Option<AttackOdds> {
    let weapon = table.ruleset.weapons.get(weapon)?;
    let setup = attack_setup(table, actor, target, weapon);
    Some(attack_odds(
        setup.dice,
        setup.superiority_level,
        table.ruleset.rules.damage_rule(weapon.weight),
        &target_facts(table, target),
    ))
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
    }
}

fn attack(
    table: &mut Table,
    actor: usize,
    target: usize,
    weapon_id: &str,
    raise_with_one: bool,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    let ruleset = table.ruleset.clone();
    let weapon = &ruleset.weapons[weapon_id];
    let attacker_id = table.units[actor].unit.id.clone();
    let target_id = table.units[target].unit.id.clone();

    let setup = attack_setup(table, actor, target, weapon);
    // A plain melee attack on a fighting target in another group closes in first.
    let melee = weapon.range.is_none() && !weapon.reach;
    if melee && table.units[target].fighting() {
        let same_group = table.units[actor].placement.group.is_some()
            && table.units[actor].placement.group == table.units[target].placement.group;
        if !same_group {
            table.join_group_of(actor, target);
            events.push(BattleEvent::JoinedGroup {
                unit: attacker_id.clone(),
                with: target_id.clone(),
            });
            let zone = table.units[actor].placement.zone;
            table.regroup(zone, events);
        }
    }

    table.units[target].conditions.exposure = 0;
    table.units[actor].conditions.effort = false;
    let sl = setup.superiority_level;
    let mut faces = dice.roll(setup.dice as usize);
    if raise_with_one && let Some(index) = raise_one_die(&mut faces, sl) {
        spend_a_one(table, actor);
        events.push(BattleEvent::DieRaised {
            unit: attacker_id.clone(),
            from: faces[index] - 1,
            to: faces[index],
        });
    }
    let roll = evaluate_attack(&faces, sl);
    events.push(BattleEvent::AttackRolled {
        attacker: attacker_id.clone(),
        target: target_id.clone(),
        weapon: weapon_id.into(),
        dice: roll.dice.clone(),
        superiority_level: sl,
        hits: roll.hits,
        exposure_used: setup.exposure_used,
        advantage_dice: setup.advantage_dice,
    });
    if roll.fumble {
        table.units[actor].conditions.fumbled = true;
        events.push(BattleEvent::Fumbled {
            unit: attacker_id.clone(),
        });
    } else if roll.exposures > 0 {
        let conditions = &mut table.units[actor].conditions;
        conditions.exposure = conditions.exposure.saturating_add(roll.exposures as u8);
        events.push(BattleEvent::Exposed {
            unit: attacker_id.clone(),
            dice: conditions.exposure,
        });
    }
    if roll.hits == 0 {
        events.push(BattleEvent::Missed {
            attacker: attacker_id,
            target: target_id,
        });
        return;
    }
    hit(
        table,
        target,
        ruleset.rules.damage_rule(weapon.weight),
        roll.hits,
        dice,
        events,
    );
}

/// Applies a hit of `successes` with a weight's damage rule to `target`.
fn hit(
    table: &mut Table,
    target: usize,
    rule: crate::rules::damage::DamageRule,
    successes: u32,
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
    let armour = table.units[target].profile.armour;
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
        DamageEffect::State => {
            table.units[target].conditions.stunned = true;
            events.push(BattleEvent::StateTaken {
                unit: id,
                state: StateKind::Stun,
            });
        }
        DamageEffect::RankLoss | DamageEffect::Trauma => {
            if matches!(damage_effect(severity, soak), DamageEffect::Trauma) {
                events.push(BattleEvent::Trauma { unit: id.clone() });
            }
            let unit = &mut table.units[target];
            unit.ranks.physical.lost += 1;
            let remaining = unit.ranks.physical.remaining();
            events.push(BattleEvent::RankLost {
                unit: id.clone(),
                remaining,
            });
            if out_of_action(
                remaining,
                unit.profile.heroic,
                i32::from(rules.heroic_ooa_rank),
            ) {
                take_out_of_action(table, target, events);
            }
        }
        DamageEffect::KillingBlow => {
            events.push(BattleEvent::KillingBlow { unit: id });
            take_out_of_action(table, target, events);
        }
        DamageEffect::Massive => {
            events.push(BattleEvent::MassiveDamage { unit: id.clone() });
            let unit = &mut table.units[target];
            unit.fate = Fate::Killed;
            unit.pool.dice.clear();
            events.push(BattleEvent::Killed { unit: id });
        }
    }
    table.regroup(zone, events);
}

fn take_out_of_action(table: &mut Table, target: usize, events: &mut Vec<BattleEvent>) {
    let unit = &mut table.units[target];
    unit.fate = Fate::OutOfAction;
    unit.pool.dice.clear();
    unit.pool.carried = 0;
    unit.conditions = Conditions::default();
    events.push(BattleEvent::OutOfAction {
        unit: unit.unit.id.clone(),
    });
}
