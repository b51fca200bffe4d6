//! Flyers as the AI weighs them: the held strikes a flyer draws as it
//! passes or attacks, the worth of holding an action, or standing beside a
//! comrade, against an enemy flyer, and landing where a side that must
//! escape can leave the table.

use super::gain::threat_against;
use crate::battle::state::{BattleState, UnitState};
use crate::level::VictoryCondition;
use crate::rules::movement::Route;

/// The share of a held strike's worth that holding is worth: the flyer may
/// not come before the hold is over.
const HOLD_PAYS_OFF: f64 = 0.5;

/// Enemies of `flyer` holding their action now who could strike at it,
/// chosen by `near`, as the engine picks them.
fn holders_near<'a>(
    table: &'a BattleState,
    flyer: usize,
    near: impl Fn(&UnitState) -> bool + 'a,
) -> impl Iterator<Item = usize> + 'a {
    let side = table.units()[flyer].unit.side;
    table
        .units()
        .iter()
        .filter(move |u| {
            u.fighting()
                && u.unit.side != side
                && u.pool.holding
                && u.pool.usable() > 0
                && !u.conditions.routed()
                && !u.conditions.in_state()
                && !u.conditions.at_full_speed
                && near(u)
        })
        .map(|u| u.unit.index)
}

/// What the held strikes a Fly along `route` draws are expected to cost
/// the flyer: one from each holder in a zone it leaves, unless it has
/// Fly-by Attack.
pub(super) fn strikes_on_passing(table: &BattleState, flyer: usize, route: &Route) -> f64 {
    let me = &table.units()[flyer];
    if me.flight.is_none_or(|f| f.fly_by) {
        return 0.0;
    }
    let mut left = vec![me.placement.zone];
    left.extend(route.zones.iter().take(route.zones.len().saturating_sub(1)));
    holders_near(table, flyer, move |u| left.contains(&u.placement.zone))
        .map(|holder| threat_against(table, holder, flyer, None))
        .sum()
}

/// What attacking `target` from the air is expected to cost the flyer: one
/// strike from each holder in the target's melee.
pub(super) fn strikes_on_attacking(table: &BattleState, flyer: usize, target: usize) -> f64 {
    let Some(group) = table.units()[target].placement.group else {
        return 0.0;
    };
    if !table.units()[flyer].flight.is_some_and(|f| f.flying()) {
        return 0.0;
    }
    holders_near(table, flyer, move |u| {
        u.unit.index != target && u.placement.group == Some(group)
    })
    .map(|holder| threat_against(table, holder, flyer, None))
    .sum()
}

/// The enemy flyers in the air that could reach `unit`'s zone with their
/// next Fly.
fn flyers_in_reach<'a>(table: &'a BattleState, unit: usize) -> impl Iterator<Item = usize> + 'a {
    let me = &table.units()[unit];
    table
        .units()
        .iter()
        .filter(move |u| {
            u.fighting()
                && u.unit.side != me.unit.side
                && u.flight.is_some_and(|f| {
                    f.flying()
                        && u.placement.zone.distance(me.placement.zone)
                            <= u16::from(f.rating.most_zones())
                })
        })
        .map(|u| u.unit.index)
}

/// What holding is worth to `unit` against enemy flyers: a strike at one
/// that attacks a comrade in its melee, if one is in reach and comes first.
pub(super) fn hold_against_flyers(table: &BattleState, unit: usize) -> f64 {
    let me = &table.units()[unit];
    let Some(group) = me.placement.group else {
        return 0.0;
    };
    let comrade = table.units().iter().any(|u| {
        u.fighting()
            && u.unit.side == me.unit.side
            && u.unit.index != unit
            && u.placement.group == Some(group)
    });
    if !comrade || me.pool.usable() == 0 {
        return 0.0;
    }
    flyers_in_reach(table, unit)
        .map(|flyer| HOLD_PAYS_OFF * threat_against(table, unit, flyer, None))
        .fold(0.0, f64::max)
}

/// Whether an enemy flyer in the air could reach `unit`: then a comrade
/// beside it is a guard.
pub(super) fn flyer_threatens(table: &BattleState, unit: usize) -> bool {
    flyers_in_reach(table, unit).next().is_some()
}

/// Whether landing here lets the flyer leave the table next, as its side
/// must: a flyer in the air cannot.
pub(super) fn lands_to_escape(table: &BattleState, flyer: usize) -> bool {
    let me = &table.units()[flyer];
    table.victory_conditions_of(me.unit.side).any(|c| {
        matches!(c, VictoryCondition::Escape { edge, .. }
            if table.board().on_edge(me.placement.zone, *edge))
    })
}
