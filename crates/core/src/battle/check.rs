//! What is allowed: the legality check of every order, with its costs and
//! refusals. Nothing here changes the battle.

use super::command::{Command, Order, RuleError};
use super::inclose::inclose_problem;
use super::mental::{greatest_danger, routed_problem};
use super::pending::PendingAttack;
use super::riding::riding_problem;
use super::sequence::Phase;
use super::sequence::{Decision, turn_problem};
use super::state::BattleState;
use crate::rules::payment::{Cost, choose_payment};
use crate::vocabulary::Defence;
use crate::vocabulary::MapEdge;

use super::costs::{defence_problem, order_cost};

/// A checked command, ready to resolve.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    pub actor: usize,
    pub order: Order,
    /// The other combatant the order names, as the check found it.
    pub other: Option<usize>,
    pub cost: Cost,
    /// Indices into the actor's pool of the dice that pay.
    pub paid: Vec<usize>,
    /// The weapon of an attack.
    pub weapon: Option<String>,
}

/// RULES §23: the Panicked must flee. Holding, passing or withdrawing in
/// place of the flight is refused while a flight is open to it: a Move
/// farther from the greatest danger, or leaving the table.
fn flight_refused(table: &BattleState, actor: usize, order: &Order) -> Option<RuleError> {
    let me = &table.units[actor];
    let staying = matches!(order, Order::Hold | Order::Pass | Order::Withdraw { .. });
    if !staying || !me.conditions.panicked || me.conditions.crushed {
        return None;
    }
    let danger = greatest_danger(table, actor)?;
    let steps = me
        .placement
        .zone
        .orthogonal_neighbours()
        .map(|to| Order::Move { to, pay: None });
    let edges = [MapEdge::North, MapEdge::East, MapEdge::South, MapEdge::West]
        .into_iter()
        .map(|edge| Order::LeaveTable { edge, pay: None });
    let mut flights = steps.chain(edges);
    flights
        .any(|flight| check(table, &Command::new(me.unit.id.clone(), flight)).is_ok())
        .then(|| RuleError::MustFlee {
            danger: table.units[danger].unit.id.clone(),
        })
}

impl BattleState {
    /// Whether `command` is legal now, and if so how it would be paid: the
    /// one check, for the engine, the HUD, the lessons and the AI alike.
    pub fn check(&self, command: &Command) -> Result<Plan, RuleError> {
        check(self, command)
    }
}

/// [`BattleState::check`], for the engine's own modules.
pub(super) fn check(table: &BattleState, command: &Command) -> Result<Plan, RuleError> {
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
    let at_refresh = turn_problem(table, actor, command)? == Decision::LastOption;
    // A standing choice or a declaration, not an action: nothing else about
    // the combatant bears on it.
    if let Order::ChooseWounds { .. } | Order::Intend { .. } = command.order {
        return Ok(Plan {
            actor,
            order: command.order.clone(),
            other: None,
            cost: Cost::Free,
            paid: Vec::new(),
            weapon: None,
        });
    }

    if let Some(problem) = routed_problem(table, actor, &command.order)
        .or_else(|| flight_refused(table, actor, &command.order))
    {
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
                | Order::Drag { .. }
        )
    {
        return Err(RuleError::Prone);
    }

    let (cost, weapon) = order_cost(table, actor, &command.order, at_refresh)?;
    if let Order::Attack {
        raise_with_one: true,
        ..
    }
    | Order::Defend {
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
        other: command.order.other().and_then(|id| table.unit_index(id)),
        cost,
        paid,
        weapon,
    })
}

/// The defences the target of a declared attack may answer it with.
pub fn available_defences(table: &BattleState, pending: &PendingAttack) -> Vec<Defence> {
    Defence::ALL
        .into_iter()
        .filter(|&defence| defence_problem(table, pending, defence).is_none())
        .collect()
}
