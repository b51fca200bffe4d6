//! Flyers ("Flying"): flight along a facing within the `~speed/turn/dive`
//! rating, hovering and landing, immunity to melee from the ground while
//! flying, held actions that strike a flyer as it attacks or passes, the
//! missile penalty, and falls.

use super::command::{Order, RuleError};
use super::state::{BattleState, Mover};
use crate::data::Weapon;
use crate::rules::movement::Route;
use crate::vocabulary::Facing;
use crate::vocabulary::ZoneCoord;

/// Whether `unit` is a flyer flying now.
pub fn flying(table: &BattleState, unit: usize) -> bool {
    table.units[unit].flight.is_some_and(|f| f.flying())
}

pub(super) fn airborne(table: &BattleState, unit: usize) -> bool {
    table.units[unit].flight.is_some_and(|f| f.airborne())
}

/// A flying flyer is immune to melee from the ground: only another flyer in
/// the air reaches it.
pub fn out_of_reach(table: &BattleState, attacker: usize, target: usize) -> bool {
    flying(table, target) && !airborne(table, attacker)
}

/// The route a Fly order takes, if the flyer can take it: within its turn
/// rate, and no farther than its dive plus a fall as far again as its speed.
pub fn flight_route(
    table: &BattleState,
    unit: usize,
    to: ZoneCoord,
    facing: Option<Facing>,
) -> Option<Route> {
    let flight = table.units[unit].flight?;
    let from = table.units[unit].placement.zone;
    let most = if flight.flying() {
        flight.rating.most_zones()
    } else {
        // From a hover it climbs back to its speed: no dive.
        flight.rating.speed
    };
    let route = table
        .routes_from(Mover::Flyer, (from, flight.facing), most)?
        .route_to(to, facing)?;
    (route.turns <= flight.rating.turn).then_some(route)
}

/// Why a flyer (or anyone against one) may not give `order`, if it may not.
pub fn flight_problem(table: &BattleState, actor: usize, order: &Order) -> Option<RuleError> {
    let me = &table.units[actor];
    let flyer = me.flight;
    let target_id = match order {
        Order::Charge { target, .. }
        | Order::Break { target, .. }
        | Order::CloseIn { target, .. }
        | Order::Drag { target, .. } => Some(target),
        _ => None,
    };
    if let Some(target) = target_id.and_then(|t| table.unit_index(t))
        && out_of_reach(table, actor, target)
    {
        return Some(RuleError::Airborne {
            unit: table.units[target].unit.id.clone(),
        });
    }
    match order {
        Order::Fly { to, facing, .. } => {
            let Some(flight) = flyer else {
                return Some(RuleError::NotAFlyer);
            };
            if !flight.airborne() {
                return Some(RuleError::NotInTheAir);
            }
            if !table.board.contains(*to) {
                return Some(RuleError::OffTheMap { zone: *to });
            }
            if *to == me.placement.zone
                && !flight
                    .rating
                    .circles(table.ruleset.rules.circling_turn_rate)
            {
                return Some(RuleError::MustMoveToFly);
            }
            flight_route(table, actor, *to, *facing)
                .is_none()
                .then_some(RuleError::NoRoute { to: *to })
        }
        Order::TakeOff { .. } => match flyer {
            None => Some(RuleError::NotAFlyer),
            Some(f) if f.airborne() => Some(RuleError::UseFly),
            _ => None,
        },
        Order::Land { .. } => match flyer {
            None => Some(RuleError::NotAFlyer),
            Some(f) if !f.airborne() => Some(RuleError::AlreadyLanded),
            _ => {
                let zone = me.placement.zone;
                let passable = table
                    .board
                    .terrain(zone)
                    .and_then(|t| table.ruleset.terrain.terrain.get(&t))
                    .is_some_and(|info| info.passable);
                (!passable).then_some(RuleError::Impassable { zone })
            }
        },
        Order::Move { .. } | Order::Charge { .. } | Order::LeaveTable { .. }
            if airborne(table, actor) =>
        {
            Some(RuleError::UseFly)
        }
        Order::JoinGroup { .. } | Order::CloseIn { .. } | Order::Drag { .. }
            if flying(table, actor) =>
        {
            Some(RuleError::UseFly)
        }
        _ => None,
    }
}

/// Dice a missile attack loses against a flying flyer: its speed.
pub fn missile_penalty(table: &BattleState, target: usize, weapon: &Weapon) -> u32 {
    match table.units[target].flight {
        Some(flight) if flight.flying() && weapon.is_missile() => u32::from(flight.rating.speed),
        _ => 0,
    }
}
