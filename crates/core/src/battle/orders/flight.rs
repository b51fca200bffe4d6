//! What a flyer's orders do ("Flying"): a Fly along its route with the
//! strikes of those holding as it passes, taking off and landing, the
//! strikes at a flyer as it attacks, and falls.

use super::free_strikes::{opportunity_attacks, spend_held_die, strike_in_turn};
use super::landing::hit;
use crate::battle::command::Order;
use crate::battle::components::{FlightMode, Status};
use crate::battle::events::BattleEvent;
use crate::battle::flight::{flight_route, flying};
use crate::battle::state::BattleState;
use crate::rules::dice::DiceSource;
use crate::rules::injury::Shift;
use crate::rules::movement::FlightKind;
use crate::rules::rolls::successes_in;
use crate::vocabulary::Facing;
use crate::vocabulary::ZoneCoord;

/// A Fly order: leaving a melee (from a hover) draws the usual free
/// attacks; every zone it leaves, an enemy there holding its action may
/// strike at it unless it has Fly-by Attack; then it flies on along its
/// route. A fall beyond the dive lands it prone, hurt.
pub(super) fn fly(
    table: &mut BattleState,
    flyer: usize,
    (to, facing): (ZoneCoord, Option<Facing>),
    holders: &mut Vec<usize>,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    let Some(route) = flight_route(table, flyer, to, facing) else {
        return;
    };
    let from = table.units[flyer].placement.zone;
    if table.units[flyer].status != Status::Alone
        && !opportunity_attacks(table, flyer, dice, events)
    {
        return;
    }
    let fly_by = table.units[flyer].flight.is_some_and(|f| f.fly_by);
    if !fly_by {
        let mut left = vec![from];
        left.extend(route.zones.iter().take(route.zones.len().saturating_sub(1)));
        for zone in left {
            table.units[flyer].placement.zone = zone;
            if !strikes_at_flyer(
                table,
                flyer,
                holders,
                |t, u| t.units[u].placement.zone == zone,
                dice,
                events,
            ) {
                return;
            }
        }
    }
    let Some(mut flight) = table.units[flyer].flight else {
        return;
    };
    if !table.units[flyer].fighting() {
        return;
    }
    let kind = flight.rating.kind_of(route.length());
    flight.facing = route.facing;
    flight.mode = FlightMode::Flying;
    let me = &mut table.units[flyer];
    me.placement.zone = to;
    me.placement.group = None;
    me.conditions.occupies_cover = false;
    me.conditions.held_at = None;
    me.flight = Some(flight);
    events.push(BattleEvent::Flew {
        unit: me.unit.id.clone(),
        from,
        to,
        facing: route.facing,
        kind,
    });
    if let FlightKind::Fall { beyond_control } = kind {
        if let Some(f) = &mut table.units[flyer].flight {
            f.mode = FlightMode::Landed;
        }
        fall(table, flyer, beyond_control, dice, events);
    }
    table.regroup(from, events);
    table.regroup(to, events);
}

/// The moment a flyer attacks: each enemy of the flyer in contact with its
/// target and holding its action may strike at it. Returns whether the
/// flyer is still fighting.
pub(super) fn strikes_as_it_attacks(
    table: &mut BattleState,
    flyer: usize,
    target: usize,
    holders: &mut Vec<usize>,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) -> bool {
    let Some(group) = table.units[target].placement.group else {
        return true;
    };
    if !flying(table, flyer) {
        return true;
    }
    strikes_at_flyer(
        table,
        flyer,
        holders,
        |t, u| u != target && t.units[u].placement.group == Some(group),
        dice,
        events,
    )
}

/// Each holder chosen by `near` that can strike the flyer spends its hold
/// and its lowest usable die to strike once. Returns whether the flyer is
/// still fighting.
fn strikes_at_flyer(
    table: &mut BattleState,
    flyer: usize,
    holders: &mut Vec<usize>,
    near: impl Fn(&BattleState, usize) -> bool,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) -> bool {
    let side = table.units[flyer].unit.side;
    let strikers: Vec<usize> = holders
        .iter()
        .copied()
        .filter(|&h| {
            let u = &table.units[h];
            u.fighting()
                && u.unit.side != side
                && u.pool.usable() > 0
                && !u.conditions.routed()
                && !u.conditions.in_state()
                && !u.conditions.at_full_speed
                && near(table, h)
        })
        .collect();
    strike_in_turn(
        table,
        flyer,
        strikers,
        |table, striker, events| {
            let struck = spend_held_die(table, striker, events).is_some();
            if struck {
                holders.retain(|&h| h != striker);
            }
            struck
        },
        |unit, flyer| BattleEvent::StruckFlyer { unit, flyer },
        dice,
        events,
    )
}

/// A flying flyer that acts without moving a zone hovers, unless its turn
/// rate lets it circle in its zone.
pub(super) fn settle_flight(
    table: &mut BattleState,
    actor: usize,
    order: &Order,
    events: &mut Vec<BattleEvent>,
) {
    let circles = table.ruleset.rules.circling_turn_rate;
    let Some(flight) = &mut table.units[actor].flight else {
        return;
    };
    let stays = matches!(
        order,
        Order::Fly { .. } | Order::Attack { .. } | Order::Land { .. } | Order::TakeOff { .. }
    );
    if flight.flying() && !stays && !flight.rating.circles(circles) {
        flight.mode = FlightMode::Hovering;
        events.push(BattleEvent::Hovering {
            unit: table.units[actor].unit.id.clone(),
        });
    }
}

/// Takes off (to a hover) or lands, in the flyer's zone. Taking off from a
/// melee draws the free attacks of leaving it.
pub(super) fn take_off_or_land(
    table: &mut BattleState,
    flyer: usize,
    rise: bool,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    let id = table.units[flyer].unit.id.clone();
    if rise {
        if table.units[flyer].status != Status::Alone
            && !opportunity_attacks(table, flyer, dice, events)
        {
            return;
        }
        table.units[flyer].placement.group = None;
        table.units[flyer].conditions.prone = false;
        if let Some(f) = &mut table.units[flyer].flight {
            f.mode = FlightMode::Hovering;
        }
        events.push(BattleEvent::TookOff { unit: id });
    } else {
        if let Some(f) = &mut table.units[flyer].flight {
            f.mode = FlightMode::Landed;
        }
        events.push(BattleEvent::Landed { unit: id });
    }
    let zone = table.units[flyer].placement.zone;
    table.regroup(zone, events);
}

/// A fall of `zones` zones ("Flying": beyond the dive is falling): the
/// rules' falling dice per zone are rolled at the standard SL, and their
/// successes are damage of the falling weight class. A faller still
/// fighting lies prone.
pub(super) fn fall(
    table: &mut BattleState,
    unit: usize,
    zones: u8,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    let rule = table.ruleset.rules.falling;
    let faces = dice.roll(usize::from(rule.dice_per_zone) * usize::from(zones));
    let successes = successes_in(&faces, table.ruleset.rules.standard_sl);
    events.push(BattleEvent::Fell {
        unit: table.units[unit].unit.id.clone(),
        zones,
        dice: faces,
        successes,
    });
    if successes > 0 {
        let damage = table.ruleset.rules.damage_rule(rule.weight);
        hit(
            table,
            unit,
            damage,
            successes,
            (0, Shift::Worst),
            dice,
            events,
        );
    }
    if table.units[unit].fighting() && !table.units[unit].conditions.prone {
        table.units[unit].conditions.prone = true;
        events.push(BattleEvent::FellProne {
            unit: table.units[unit].unit.id.clone(),
        });
    }
}
