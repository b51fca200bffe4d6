//! The legality check and the resolution of commands.
//!
//! [`check`] is the one legality check: the UI greys out what it refuses, the
//! AI only picks what it allows, and [`resolve`] runs it before every command.

use super::command::{Command, Order, RuleError};
use super::components::*;
use super::cover::{enter_held_cover, intercept, update_cover};
use super::effects::{finish_last_option, lose_action_pool, lose_defence_pool, pay, spend_a_one};
use super::events::BattleEvent;
use super::flight::{fly, settle_flight, strikes_as_it_attacks, take_off_or_land};
use super::inclose::{close_in, leave_inclose, let_go_unless_working, wrestle};
use super::injury::footing_roll;
use super::mental::{fear_test, rally_roll};
use super::opportunity::{intercept_by_holder, opportunity_attacks};
use super::riding::{
    drive, gallop, meet_the_front, mount_or_dismount, start_of_action, tidy_fronts,
};
use super::state::{BattleState, PendingAttack, Phase, Turn};
use crate::data::Weapon;
use crate::rules::dice::DiceSource;
use crate::rules::injury::needs_footing;

use super::{attack::*, check::*, recovery::*, spells::*};
/// Checks and resolves one command, adding what happened to `events`. The
/// sequence of play is not run on: that is the engine's.
pub(super) fn resolve(
    table: &mut BattleState,
    command: &Command,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) -> Result<(), RuleError> {
    let plan = check(table, command)?;
    execute(table, &plan, dice, events);
    if table.battle.pending.is_none() {
        table.battle.turn = Turn::Closed;
    }
    Ok(())
}

/// Carries out a checked plan.
fn execute(
    table: &mut BattleState,
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
        Order::Charge { .. } => {
            let Some(target) = plan.other else { return };
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
        Order::JoinGroup { .. } => {
            let Some(friend) = plan.other else { return };
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
            target: _,
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
            let Some(target_index) = plan.other else {
                return;
            };
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
        Order::Cast { .. } => {
            let Some(target) = plan.other else { return };
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
        Order::Break { .. } => {
            let Some(target) = plan.other else { return };
            lose_defence_pool(table, target, events);
        }
        Order::CloseIn { .. } => {
            let Some(target) = plan.other else { return };
            close_in(table, actor, target, events);
        }
        Order::Wrestle { with, .. } => wrestle(table, actor, *with, dice, events),
        Order::Fly { to, facing, .. } => {
            fly(table, actor, (*to, *facing), &mut holders, dice, events);
        }
        Order::TakeOff { .. } => take_off_or_land(table, actor, true, dice, events),
        Order::Land { .. } => take_off_or_land(table, actor, false, dice, events),
        Order::Drive { to, facing, .. } => {
            drive(table, actor, (*to, *facing, plan.other), dice, events);
        }
        Order::Gallop { to, .. } => gallop(table, actor, *to, dice, events),
        Order::Mount { .. } => {
            mount_or_dismount(table, actor, plan.other, dice, events);
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

/// The other half of a mount and its rider.
fn mount_partner(table: &BattleState, unit: usize) -> Option<usize> {
    match table.units[unit].conditions.aboard {
        Some(Aboard::Mount(mount)) => Some(mount),
        Some(Aboard::Chariot(_)) => None,
        None if table.units[unit].profile.mount => table.riders_of(unit).first().copied(),
        None => None,
    }
}
