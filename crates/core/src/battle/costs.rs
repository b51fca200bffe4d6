//! The costs and refusals of each order: what an order costs in pips or
//! dice, and the rule that refuses it.

use super::command::{Order, RuleError};
use super::components::{PoolAction, Status};
use super::flight::out_of_reach;
use super::inclose::close_partner;
use super::pending::PendingAttack;
use super::riding::front_problem;
use super::state::BattleState;
use super::wielding::switch_pips;
use crate::data::{ActionKind, Guard, Shield, Spell, SpellEffect, Tactic, Weapon};
use crate::level::VictoryCondition;
use crate::rules::payment::Cost;
use crate::vocabulary::{Defence, WeightClass};
use crate::vocabulary::{MapEdge, ZoneCoord};

/// What an order costs, with the weapon of an attack, or why the order is
/// refused: the per-order rules of the check.
pub(super) fn order_cost(
    table: &BattleState,
    actor: usize,
    order: &Order,
    at_refresh: bool,
) -> Result<(Cost, Option<String>), RuleError> {
    let me = &table.units[actor];
    let rules = &table.ruleset;
    let mut weapon = None;
    let cost = match order {
        Order::Move { to, .. } => move_cost(table, actor, *to)?,
        Order::Charge { target, .. } => charge_cost(table, actor, target)?,
        Order::Withdraw { .. } => {
            // A Withdraw is also how the prone stand up.
            if me.status == Status::Alone && !me.conditions.prone {
                return Err(RuleError::NotInContact);
            }
            rules.action_cost(ActionKind::Withdraw)
        }
        Order::JoinGroup { friend, .. } => join_cost(table, actor, friend)?,
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
            let (cost, chosen) = attack_cost(table, actor, target, named.as_deref(), *tactic)?;
            weapon = Some(chosen);
            cost
        }
        Order::CloseIn { .. } => rules.action_cost(ActionKind::CloseIn),
        Order::Drag { target, .. } => {
            drag_problem(table, actor, enemy_on_table(table, actor, target)?)?;
            rules.action_cost(ActionKind::Drag)
        }
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
            if !me.conditions.in_state() && !me.conditions.panicked {
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
        Order::Pool { .. } => pool_cost(table, actor)?,
        Order::Aim { .. } => aim_cost(table, actor)?,
        Order::Prepare { spell, .. } => prepare_cost(table, actor, spell)?,
        Order::Cast { target } => cast_cost(table, actor, target)?,
        Order::Break { target, .. } => break_cost(table, actor, target)?,
        Order::ChooseWounds { .. } => Cost::Free,
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
            if !me.conditions.in_state() && !me.conditions.panicked {
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
        Order::Pass | Order::Intend { .. } | Order::Surrender => Cost::Free,
        Order::KeepDie => {
            if !at_refresh {
                return Err(RuleError::OnlyAtRefresh);
            }
            Cost::Free
        }
    };
    Ok((cost, weapon))
}

/// Breaking a defence pool: an enemy fighting in one's own melee, with a
/// pool up.
fn break_cost(table: &BattleState, actor: usize, target: &str) -> Result<Cost, RuleError> {
    let me = &table.units[actor];
    let rules = &table.ruleset;
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
    Ok(rules.action_cost(ActionKind::Break))
}

/// A Move: to a neighbouring zone of the map, at its terrain's and edge's
/// cost.
fn move_cost(table: &BattleState, actor: usize, to: ZoneCoord) -> Result<Cost, RuleError> {
    let me = &table.units[actor];
    if !table.board.contains(to) {
        return Err(RuleError::OffTheMap { zone: to });
    }
    if to == me.placement.zone {
        return Err(RuleError::AlreadyThere { zone: to });
    }
    if !me.placement.zone.orthogonal_to(to) {
        return Err(RuleError::NotAdjacent {
            from: me.placement.zone,
            to,
        });
    }
    movement_cost(table, ActionKind::Move, me.placement.zone, to)
}

/// An attack: the weapon named (or the first that serves) striking the
/// target, its cost with a switch of weapons and a tactic's attacks.
fn attack_cost(
    table: &BattleState,
    actor: usize,
    target: &str,
    named: Option<&str>,
    tactic: Option<Tactic>,
) -> Result<(Cost, String), RuleError> {
    let rules = &table.ruleset;
    let target = enemy_on_table(table, actor, target)?;
    let chosen = choose_weapon(table, actor, target, named)?;
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
            .get(&tactic)
            .map_or(1, |t| t.attacks_paid);
        if let Cost::Pips(pips) = cost {
            cost = Cost::Pips(pips.saturating_mul(times.max(1)));
        }
    }
    Ok((cost, chosen))
}

/// Aiming: a missile weapon, and no pool already started.
fn aim_cost(table: &BattleState, actor: usize) -> Result<Cost, RuleError> {
    let me = &table.units[actor];
    let rules = &table.ruleset;
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
    Ok(rules.action_cost(ActionKind::Aim))
}

/// Raising a pool: a defence pool not yet full, unless an action pool
/// is being raised.
fn pool_cost(table: &BattleState, actor: usize) -> Result<Cost, RuleError> {
    let me = &table.units[actor];
    let rules = &table.ruleset;
    if me.conditions.action_pool.is_none() {
        let pool = me.conditions.defence_pool.ok_or(RuleError::NoDefencePool)?;
        if pool.is_full() {
            return Err(RuleError::DefencePoolFull);
        }
    }
    Ok(rules.action_cost(ActionKind::Pool))
}

/// Preparing a spell the caster knows, with no pool already started.
fn prepare_cost(table: &BattleState, actor: usize, spell: &str) -> Result<Cost, RuleError> {
    let me = &table.units[actor];
    let rules = &table.ruleset;
    if me.conditions.action_pool.is_some() {
        return Err(RuleError::PoolAlreadyStarted);
    }
    if !me.profile.spells.iter().any(|known| known == spell) {
        return Err(RuleError::UnknownSpell {
            spell: spell.into(),
        });
    }
    Ok(rules
        .actions
        .spells
        .get(spell)
        .ok_or_else(|| RuleError::UnknownSpell {
            spell: spell.into(),
        })?
        .cost)
}

/// Casting the prepared spell: on an enemy for a hostile spell, a friend
/// otherwise, fighting and within the spell's range.
fn cast_cost(table: &BattleState, actor: usize, target: &str) -> Result<Cost, RuleError> {
    let me = &table.units[actor];
    let spell = prepared_spell(table, actor).ok_or(RuleError::NoSpellPrepared)?;
    let target = table
        .unit_index(target)
        .ok_or_else(|| RuleError::UnknownUnit {
            unit: target.into(),
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
    Ok(Cost::Free)
}

/// Joining a friend's group: a friend fighting in the zone, in another
/// group, and the joiner alone.
fn join_cost(table: &BattleState, actor: usize, friend: &str) -> Result<Cost, RuleError> {
    let me = &table.units[actor];
    let rules = &table.ruleset;
    let friend = table
        .unit_index(friend)
        .ok_or_else(|| RuleError::UnknownUnit {
            unit: friend.into(),
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
    Ok(rules.action_cost(ActionKind::JoinGroup))
}

/// A Charge: an enemy fighting in the zone, outside one's own group, or in
/// a neighbouring zone.
fn charge_cost(table: &BattleState, actor: usize, target: &str) -> Result<Cost, RuleError> {
    let me = &table.units[actor];
    let rules = &table.ruleset;
    let target = enemy_on_table(table, actor, target)?;
    if !table.units[target].fighting() {
        return Err(RuleError::TargetGone {
            unit: table.units[target].unit.id.clone(),
        });
    }
    let to = table.units[target].placement.zone;
    Ok(if to == me.placement.zone {
        if me.placement.group.is_some() && me.placement.group == table.units[target].placement.group
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
    })
}

/// RULES §10: only a member of a melee drags, and only an enemy standing
/// outside it in the same zone, not wrestling InClose elsewhere and not a
/// swarm.
fn drag_problem(table: &BattleState, actor: usize, target: usize) -> Result<(), RuleError> {
    let (me, them) = (&table.units[actor], &table.units[target]);
    let unit = || them.unit.id.clone();
    if !them.fighting() {
        return Err(RuleError::TargetGone { unit: unit() });
    }
    match me.status {
        Status::Alone => return Err(RuleError::NotInContact),
        Status::InClose => return Err(RuleError::AlreadyInClose),
        Status::InContact => {}
    }
    if them.placement.zone != me.placement.zone {
        return Err(RuleError::NotInSameZone { unit: unit() });
    }
    if them.placement.group == me.placement.group || them.status == Status::InClose {
        return Err(RuleError::NotAnOutsider { unit: unit() });
    }
    if them.profile.is_swarm() {
        return Err(RuleError::Swarm { unit: unit() });
    }
    Ok(())
}

pub(super) fn enemy_on_table(
    table: &BattleState,
    actor: usize,
    target: &str,
) -> Result<usize, RuleError> {
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

pub(super) fn movement_cost(
    table: &BattleState,
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

pub(super) fn may_escape(table: &BattleState, side: usize, edge: MapEdge) -> bool {
    table.victory_conditions_of(side).any(
        |condition| matches!(condition, VictoryCondition::Escape { edge: e, .. } if *e == edge),
    )
}

/// Why the target of a declared attack cannot answer it with `defence`, if
/// it cannot ("Defences": a trained skill, a full die, and for a Block a
/// shield; Parry works against melee only; a State blocks new pools, and a
/// pool already up answers by itself).
pub fn defence_problem(
    table: &BattleState,
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
    if let Some(spell) = &pending.spell {
        let damage = table
            .ruleset
            .actions
            .spells
            .get(spell)
            .is_some_and(|s| matches!(s.effect, SpellEffect::Damage { .. }));
        return match defence {
            Defence::Parry => refuse("a Parry turns a blow, not a spell"),
            Defence::Block if !damage => refuse("a shield does not stop a spell on the mind"),
            Defence::Block if shield_of(table, pending.target).is_none() => refuse("no shield"),
            _ => None,
        };
    }
    let missile = table
        .ruleset
        .weapons
        .get(&pending.weapon)
        .is_some_and(Weapon::is_missile);
    match defence {
        Defence::Block if shield_of(table, pending.target).is_none() => refuse("no shield"),
        Defence::Parry if missile && !them.profile.parries_missiles => {
            refuse("a Parry cannot stop a missile without the skill for it")
        }
        _ => None,
    }
}

/// The spell a combatant's Cast pool is building, if any.
pub(super) fn prepared_spell(table: &BattleState, unit: usize) -> Option<&Spell> {
    table
        .ruleset
        .actions
        .spells
        .get(prepared_spell_id(table, unit)?)
}

/// The id of that spell.
pub(super) fn prepared_spell_id(table: &BattleState, unit: usize) -> Option<&String> {
    let me = &table.units[unit];
    let PoolAction::Cast { spell } = me.conditions.action_pool?.action else {
        return None;
    };
    me.profile.spells.get(usize::from(spell))
}

pub(super) fn shield_of(table: &BattleState, unit: usize) -> Option<Shield> {
    let id = table.units[unit].profile.shield.as_ref()?;
    table.ruleset.weapons.get(id)?.shield
}

/// Why a given weapon cannot strike the target now, if it cannot.
pub(super) fn weapon_problem(
    table: &BattleState,
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
    table: &BattleState,
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
