//! What each order does, one file per family of orders. [`resolve`] checks a
//! command and carries it out; the engine then runs the sequence of play on.
//!
//! - the orders about the action dice that are not actions: [`dice`];
//! - moving, charging, groups, leaving the table: [`movement`];
//! - the attack sequence: [`attack`], with the blows landing in [`landing`];
//! - action and defence pools, and spells: [`pools`];
//! - States, the Recover order and the choice between a State and a rank:
//!   [`recovery`];
//! - flyers: [`flight`]; mounts and chariots: [`riding`];
//!   InClose: [`wrestling`];
//! - the free strikes of opportunity and of held actions: [`free_strikes`].
//!
//! This is the top of the rules: only the engine calls in here, and nothing
//! here is called from below.

mod attack;
mod dice;
mod flight;
mod free_strikes;
mod landing;
mod movement;
mod pools;
mod recovery;
mod riding;
mod wrestling;

use crate::battle::check::{Plan, check};
use crate::battle::command::{Command, Order, RuleError};
use crate::battle::components::{Aboard, ActionPoolState, PoolAction};
use crate::battle::cover::update_cover;
use crate::battle::effects::{lose_action_pool, lose_defence_pool, pay};
use crate::battle::events::BattleEvent;
use crate::battle::injury::footing_roll;
use crate::battle::mental::{fear_test, rally_roll, worst_fear, worst_fear_at};
use crate::battle::sequence;
use crate::battle::state::BattleState;
use crate::data::Weapon;
use crate::rules::dice::DiceSource;
use crate::rules::injury::needs_footing;
use crate::vocabulary::ZoneCoord;

/// Checks and resolves one command, adding what happened to `events`. The
/// sequence of play is not run on: that is the engine's.
pub(super) fn resolve(
    table: &mut BattleState,
    command: &Command,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) -> Result<(), RuleError> {
    let plan = check(table, command)?;
    let turn = table.battle.turn.clone();
    if !sequence::begin_order(table, plan.actor, &plan.order, dice, events) {
        return Ok(());
    }
    execute(table, &plan, dice, events);
    if table.battle.pending.is_none() {
        table.battle.turn = sequence::turn_after(table, plan.actor, &plan.order, turn);
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
    match &plan.order {
        Order::Effort => dice::execute_effort(table, actor, events),
        Order::ChooseWounds { take, whole_side } => {
            recovery::execute_choose_wounds(table, actor, *take, *whole_side, events);
        }
        Order::RecoveryRoll => recovery::execute_recovery_roll(table, actor, dice, events),
        Order::Hold => dice::execute_hold(table, actor, events),
        // An answer to an attack is not the defender's action.
        Order::Defend {
            with,
            riposte,
            raise_with_one,
            ..
        } => {
            let answer = attack::Answer {
                with: *with,
                riposte: *riposte,
                raise_with_one: *raise_with_one,
            };
            attack::answer_attack(table, plan, answer, dice, events);
        }
        // Passing and keeping a die end the combatant's round without being
        // actions: what lasts "until its next action" stays.
        Order::Pass => dice::execute_pass(table, actor, events),
        Order::KeepDie => dice::execute_keep_die(table, actor, events),
        // A declaration is the sequence's own note: nothing on the table moves.
        Order::Intend { .. } => {}
        Order::Surrender => movement::execute_surrender(table, actor, events),
        _ => execute_action(table, plan, dice, events),
    }
    // A Crushed combatant's first turn after the fall, held or passed, is
    // its initial action: from its next one on, it may try to rally.
    if matches!(plan.order, Order::Hold | Order::Pass | Order::KeepDie) {
        let conditions = &mut table.units[actor].conditions;
        if conditions.crushed {
            conditions.past_initial_action = true;
        }
    }
}

/// An action: it starts, is paid for, and goes ahead if the combatant is fit
/// to act; then the order is carried out and the table settles. An order
/// cut short (a free strike that takes the mover down, say) skips the
/// settling.
fn execute_action(
    table: &mut BattleState,
    plan: &Plan,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    let actor = plan.actor;
    let mut holders = start_action(table, plan, events);
    pay(table, actor, &plan.paid, events);
    if !fit_to_act(table, plan, dice, events) {
        sequence::order_finished(table, actor);
        return;
    }
    if !carry_out(table, plan, &mut holders, dice, events) {
        update_cover(table, events);
        sequence::order_finished(table, actor);
        return;
    }
    flight::settle_flight(table, actor, &plan.order, events);
    table.settle_riders(events);
    riding::tidy_fronts(table);
    update_cover(table, events);
    // An attack waiting for its answer finishes the last option once answered.
    if table.battle.pending.is_none() {
        sequence::order_finished(table, actor);
    }
}

/// Taking an action ends what lasted "until its next action", and brings
/// every holding combatant back into the countdown. Returns those who were
/// holding: they may still Intercept during this action.
fn start_action(table: &mut BattleState, plan: &Plan, events: &mut Vec<BattleEvent>) -> Vec<usize> {
    let actor = plan.actor;
    {
        let me = &mut table.units[actor];
        me.conditions.fumbled = false;
        me.conditions.exposure = 0;
        me.conditions.guard = None;
    }
    if !matches!(plan.order, Order::Pool { .. }) {
        lose_defence_pool(table, actor, events);
    }
    wrestling::let_go_unless_working(table, actor, &plan.order, events);
    riding::start_of_action(table, actor, &plan.order);
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
    let holders: Vec<usize> = (0..table.units.len())
        .filter(|&u| table.units[u].pool.holding)
        .collect();
    for unit in &mut table.units {
        unit.pool.holding = false;
    }
    table.battle.actions = table.battle.actions.saturating_add(1);
    table.battle.round_actions = table.battle.round_actions.saturating_add(1);
    table.battle.last_actor = Some(actor);
    table.battle.last_side = Some(table.units[actor].unit.side);
    holders
}

/// Whether the combatant can go ahead with its action: the Crushed must
/// rally first, one in a State must shake it off (unless the order is to
/// Recover), the Panicked try to rally from their second action on (their
/// flight goes ahead either way), fear is faced, and a mover with injured
/// legs must keep its footing.
fn fit_to_act(
    table: &mut BattleState,
    plan: &Plan,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) -> bool {
    let actor = plan.actor;
    // A Crushed combatant's action (never its initial one: the check holds
    // that back) begins with a free rally roll, and goes ahead only if it
    // rallies.
    if table.units[actor].conditions.crushed && !rally_roll(table, actor, dice, events) {
        events.push(BattleEvent::ActionLost {
            unit: table.units[actor].unit.id.clone(),
        });
        return false;
    }
    let recovering = matches!(plan.order, Order::Recover { .. });
    if !recovering
        && table.units[actor].conditions.in_state()
        && !recovery::recovery_roll(table, actor, dice, events)
    {
        events.push(BattleEvent::ActionLost {
            unit: table.units[actor].unit.id.clone(),
        });
        return false;
    }
    // The initial action of a panic is the flight itself, with no roll.
    let conditions = &mut table.units[actor].conditions;
    if !recovering && conditions.panicked {
        if conditions.past_initial_action {
            rally_roll(table, actor, dice, events);
        } else {
            conditions.past_initial_action = true;
        }
    }
    if !fear_test(table, actor, None, dice, events) {
        update_cover(table, events);
        return false;
    }
    // About to enter the reach of a fear not faced where it stands, it tests
    // at once: a failure that costs the action stops it short.
    if let Some(to) = destination(table, plan)
        && worst_fear_at(table, actor, to) != worst_fear(table, actor)
        && !fear_test(table, actor, Some(to), dice, events)
    {
        update_cover(table, events);
        return false;
    }
    let moving = matches!(plan.order, Order::Move { .. } | Order::Charge { .. });
    !(moving
        && needs_footing(&table.ruleset.injuries, &table.units[actor].wounds.0)
        && !footing_roll(table, actor, 0, dice, events))
}

/// The zone a moving order takes the actor to, if it takes it anywhere.
fn destination(table: &BattleState, plan: &Plan) -> Option<ZoneCoord> {
    match &plan.order {
        Order::Move { to, .. } | Order::Fly { to, .. } | Order::Gallop { to, .. } => Some(*to),
        Order::Charge { .. } => plan.other.map(|target| table.units[target].placement.zone),
        _ => None,
    }
}

/// Carries out the order itself. False when it was cut short (or, never
/// after a passed check, names nobody it needs).
fn carry_out(
    table: &mut BattleState,
    plan: &Plan,
    holders: &mut Vec<usize>,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) -> bool {
    let (actor, other) = (plan.actor, plan.other);
    match &plan.order {
        Order::Move { to, .. } => movement::execute_move(table, actor, *to, holders, dice, events),
        Order::Charge { .. } => {
            other.is_some_and(|target| movement::execute_charge(table, actor, target, events))
        }
        Order::Withdraw { .. } => movement::execute_withdraw(table, actor, events),
        Order::LeaveGroup { .. } => movement::execute_leave_group(table, actor, events),
        Order::JoinGroup { .. } => {
            other.is_some_and(|friend| movement::execute_join_group(table, actor, friend, events))
        }
        Order::LeaveTable { edge, .. } => {
            movement::execute_leave_table(table, actor, *edge, events)
        }
        Order::Recover { .. } => recovery::execute_recover(table, actor, dice, events),
        Order::Attack { .. } => attack::execute_attack(table, plan, holders, dice, events),
        Order::Pool { .. } => pools::execute_pool(table, actor, events),
        Order::Aim { .. } => pools::execute_aim(table, actor, events),
        Order::Prepare { spell, .. } => pools::execute_prepare(table, actor, spell, events),
        Order::Cast { .. } => {
            other.is_some_and(|target| pools::execute_cast(table, actor, target, dice, events))
        }
        Order::Break { .. } => {
            other.is_some_and(|target| pools::execute_break(table, target, events))
        }
        Order::CloseIn { .. } => {
            other.is_some_and(|target| wrestling::execute_close_in(table, actor, target, events))
        }
        Order::Drag { .. } => {
            other.is_some_and(|target| movement::execute_drag(table, actor, target, dice, events))
        }
        Order::Wrestle { with, .. } => {
            wrestling::wrestle(table, actor, *with, dice, events);
            true
        }
        Order::Fly { to, facing, .. } => {
            flight::fly(table, actor, (*to, *facing), holders, dice, events);
            true
        }
        Order::TakeOff { .. } => {
            flight::take_off_or_land(table, actor, true, dice, events);
            true
        }
        Order::Land { .. } => {
            flight::take_off_or_land(table, actor, false, dice, events);
            true
        }
        Order::Drive { to, facing, .. } => {
            riding::drive(table, actor, (*to, *facing, plan.other), dice, events);
            true
        }
        Order::Gallop { to, .. } => {
            riding::gallop(table, actor, *to, dice, events);
            true
        }
        Order::Mount { .. } => {
            riding::mount_or_dismount(table, actor, plan.other, dice, events);
            true
        }
        Order::Dismount { .. } => {
            riding::mount_or_dismount(table, actor, None, dice, events);
            true
        }
        // Not actions: `execute` carries these out.
        Order::Effort
        | Order::ChooseWounds { .. }
        | Order::RecoveryRoll
        | Order::Hold
        | Order::Pass
        | Order::KeepDie
        | Order::Intend { .. }
        | Order::Surrender
        | Order::Defend { .. } => true,
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
