//! What orders do to mounts and chariots: the start of a rider's or a
//! crew's action, a chariot's drive with its Driving rolls and its front,
//! overturning, getting on and off, and the gallop.

use super::flight::fall;
use super::free_strikes::opportunity_attacks;
use crate::battle::command::Order;
use crate::battle::components::{Aboard, Status};
use crate::battle::events::BattleEvent;
use crate::battle::injury::penalty;
use crate::battle::riding::{
    crew, drive_route, driver, extra_crew, gallop_route, reach, strikes_of_team,
};
use crate::battle::state::{BattleState, Mover};
use crate::rules::dice::DiceSource;
use crate::rules::injury::RollKind;
use crate::rules::movement::RouteStep;
use crate::rules::rolls::characteristic_roll;
use crate::vocabulary::Facing;
use crate::vocabulary::ZoneCoord;

/// At the start of an action: a mount's rider is no longer carried at full
/// speed, and a mount or chariot that does something else stops moving.
pub(super) fn start_of_action(table: &mut BattleState, actor: usize, order: &Order) {
    for rider in table.riders_of(actor) {
        table.units[rider].conditions.at_full_speed = false;
    }
    if !matches!(
        order,
        Order::Move { .. } | Order::Charge { .. } | Order::Gallop { .. }
    ) {
        table.units[actor].conditions.moving = false;
    }
    if let Some(Aboard::Chariot(chariot)) = table.units[actor].conditions.aboard
        && driver(table, chariot) == Some(actor)
        && !matches!(order, Order::Drive { .. })
    {
        table.chariots[chariot].moving = false;
    }
}

/// The Driving roll: the driver's BODY dice, less the penalty, the extra
/// crew and the team's wounds. It fumbles when no die succeeds and a 1 shows.
fn driving_roll(
    table: &mut BattleState,
    chariot: usize,
    drv: usize,
    penalty_dice: u8,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) -> (bool, bool) {
    let team = table.chariots[chariot].team;
    let total = penalty_dice
        .saturating_add(extra_crew(table, chariot))
        .saturating_add(penalty(table, team, RollKind::Body).min(255) as u8);
    let rank = table.units[drv].ranks.physical.remaining();
    let roll = characteristic_roll(&table.ruleset.rules, rank, -i32::from(total), dice);
    let fumble = !roll.passed() && roll.dice.contains(&1);
    events.push(BattleEvent::DrivingRoll {
        unit: table.units[drv].unit.id.clone(),
        dice: roll.dice.clone(),
        penalty: total,
        passed: roll.passed(),
        fumble,
    });
    (roll.passed(), fumble)
}

/// The Drive: leaving a melee draws the free attacks on the team; then the
/// chariot goes along its route. A second turn needs a Driving roll (failed,
/// it runs on straight); rough ground needs one to enter (failed, it stops
/// short). A fumble overturns it. Driving into its target's zone charges:
/// the target (and for a chariot that strikes two, a second enemy in that
/// melee) is at its front.
pub(super) fn drive(
    table: &mut BattleState,
    drv: usize,
    (to, facing, target): (ZoneCoord, Option<Facing>, Option<usize>),
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    let Some(Aboard::Chariot(chariot)) = table.units[drv].conditions.aboard else {
        return;
    };
    let Some(route) = drive_route(table, chariot, to, facing, target.is_some()) else {
        return;
    };
    let team = table.chariots[chariot].team;
    let from = table.units[team].placement.zone;
    if table.units[team].status != Status::Alone {
        if !opportunity_attacks(table, team, dice, events) {
            table.settle_riders(events);
            return;
        }
        table.chariots[chariot].front.clear();
    }
    let rules = table.ruleset.rules.chariots.clone();
    let second_turn = rules
        .kinds
        .get(&table.chariots[chariot].kind)
        .map_or(0, |k| k.second_turn_penalty);
    let mut steps = route.steps.clone();
    let mut face = table.chariots[chariot].facing;
    let mut zone = from;
    let mut turns = 0;
    let mut entered = 0u8;
    let mut k = 0;
    let mut stopped = false;
    while k < steps.len() {
        match steps[k] {
            RouteStep::Turn(t) => {
                turns += 1;
                if turns == 2 {
                    let (passed, fumble) =
                        driving_roll(table, chariot, drv, second_turn, dice, events);
                    if fumble {
                        overturn(table, chariot, dice, events);
                        stopped = true;
                        break;
                    }
                    if !passed {
                        events.push(BattleEvent::TurnMissed {
                            chariot: table.chariots[chariot].id.clone(),
                        });
                        // It runs on straight for the rest of its distance.
                        let remaining = usize::from(route.length().saturating_sub(entered));
                        steps = vec![RouteStep::Forward; remaining];
                        k = 0;
                        continue;
                    }
                }
                face = face.turned(i32::from(t));
            }
            RouteStep::Forward => {
                let Some(ahead) = face.ahead(zone, table.board.width, table.board.height) else {
                    break;
                };
                if !Mover::Chariot.may_enter(table, zone, ahead) {
                    events.push(BattleEvent::Balked {
                        chariot: table.chariots[chariot].id.clone(),
                        at: ahead,
                    });
                    stopped = true;
                    break;
                }
                let rough = table
                    .board
                    .terrain(ahead)
                    .and_then(|t| rules.driving_penalty.get(&t).copied())
                    .unwrap_or(0);
                if rough > 0 {
                    let (passed, fumble) = driving_roll(table, chariot, drv, rough, dice, events);
                    if fumble {
                        overturn(table, chariot, dice, events);
                        stopped = true;
                        break;
                    }
                    if !passed {
                        events.push(BattleEvent::Balked {
                            chariot: table.chariots[chariot].id.clone(),
                            at: ahead,
                        });
                        stopped = true;
                        break;
                    }
                }
                zone = ahead;
                entered += 1;
            }
        }
        k += 1;
    }
    if route.zones.is_empty() {
        face = route.facing;
    }
    let (most, left_over) = reach(table, chariot);
    let c = &mut table.chariots[chariot];
    c.facing = face;
    c.moving = entered > 0;
    c.carried_inches = if entered == most && entered > 0 && !stopped {
        left_over
    } else {
        0
    };
    table.units[team].placement.zone = zone;
    if zone != from {
        table.units[team].placement.group = None;
        table.units[team].conditions.occupies_cover = false;
    }
    events.push(BattleEvent::Drove {
        chariot: table.chariots[chariot].id.clone(),
        from,
        to: zone,
        facing: face,
    });
    if let Some(target) = target
        && zone == table.units[target].placement.zone
        && !table.chariots[chariot].overturned
        && table.units[target].fighting()
    {
        charge_from_the_drive(table, chariot, target, zone, events);
    }
    table.regroup(from, events);
    table.settle_riders(events);
    table.regroup(zone, events);
}

/// A drive that ends in its target's zone charges it: the target, and for a
/// chariot that strikes more than one the enemies beside it in its melee,
/// are at the chariot's front.
fn charge_from_the_drive(
    table: &mut BattleState,
    chariot: usize,
    target: usize,
    zone: ZoneCoord,
    events: &mut Vec<BattleEvent>,
) {
    let team = table.chariots[chariot].team;
    table.join_group_of(team, target);
    events.push(BattleEvent::Charged {
        unit: table.chariots[chariot].id.clone(),
        target: table.units[target].unit.id.clone(),
        to: zone,
    });
    let strikes = strikes_of_team(table, chariot);
    let side = table.units[team].unit.side;
    let mut front = vec![target];
    if let Some(group) = table.units[target].placement.group {
        front.extend(
            table
                .group_members(group)
                .into_iter()
                .filter(|&u| u != target && table.units[u].unit.side != side)
                .take(usize::from(strikes.saturating_sub(1))),
        );
    }
    for &enemy in &front {
        events.push(BattleEvent::AtTheFront {
            chariot: table.chariots[chariot].id.clone(),
            unit: table.units[enemy].unit.id.clone(),
        });
    }
    table.chariots[chariot].front = front;
}

/// An enemy charging into a chariot's melee from the zone ahead of it meets
/// its front.
pub(super) fn meet_the_front(
    table: &mut BattleState,
    charger: usize,
    from: ZoneCoord,
    events: &mut Vec<BattleEvent>,
) {
    let Some(group) = table.units[charger].placement.group else {
        return;
    };
    for chariot in 0..table.chariots.len() {
        let team = table.chariots[chariot].team;
        if table.units[team].placement.group != Some(group)
            || table.units[team].unit.side == table.units[charger].unit.side
        {
            continue;
        }
        let zone = table.units[team].placement.zone;
        let ahead =
            table.chariots[chariot]
                .facing
                .ahead(zone, table.board.width, table.board.height);
        if ahead == Some(from) && !table.chariots[chariot].front.contains(&charger) {
            table.chariots[chariot].front.push(charger);
            events.push(BattleEvent::AtTheFront {
                chariot: table.chariots[chariot].id.clone(),
                unit: table.units[charger].unit.id.clone(),
            });
        }
    }
}

/// Enemies leave a chariot's front when they leave its melee or fall.
pub(super) fn tidy_fronts(table: &mut BattleState) {
    for chariot in 0..table.chariots.len() {
        let team = table.chariots[chariot].team;
        let group = table.units[team].placement.group;
        let front: Vec<usize> = table.chariots[chariot]
            .front
            .iter()
            .copied()
            .filter(|&u| {
                group.is_some()
                    && table.units[u].fighting()
                    && table.units[u].placement.group == group
            })
            .collect();
        table.chariots[chariot].front = front;
    }
}

/// The chariot flips: it drives no more, and its crew are thrown off, each
/// taking a fall of one zone.
fn overturn(
    table: &mut BattleState,
    chariot: usize,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    table.chariots[chariot].overturned = true;
    table.chariots[chariot].moving = false;
    events.push(BattleEvent::Overturned {
        chariot: table.chariots[chariot].id.clone(),
    });
    for member in crew(table, chariot) {
        table.get_off(member, events);
        fall(table, member, 1, dice, events);
    }
}

/// Getting on or off: a move's worth of pips, and off a mount or chariot
/// that moved in its last action a BODY roll not to be thrown (a fall).
pub(super) fn mount_or_dismount(
    table: &mut BattleState,
    actor: usize,
    on: Option<usize>,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    let carrier = on.or_else(|| table.carrier_of(actor));
    let Some(carrier) = carrier else {
        return;
    };
    let moving = match table.chariot_of_team(carrier) {
        Some(chariot) => table.chariots[chariot].moving,
        None => table.units[carrier].conditions.moving,
    };
    let id = table.units[actor].unit.id.clone();
    let carrier_id = table.units[carrier].unit.id.clone();
    if moving {
        let rank = table.units[actor].ranks.physical.remaining();
        let modifier = -(penalty(table, actor, RollKind::Footing) as i32);
        let roll = characteristic_roll(&table.ruleset.rules, rank, modifier, dice);
        events.push(BattleEvent::RidingRoll {
            unit: id.clone(),
            dice: roll.dice.clone(),
            passed: roll.passed(),
        });
        if !roll.passed() {
            if on.is_none() {
                table.get_off(actor, events);
            }
            fall(table, actor, 1, dice, events);
            let zone = table.units[actor].placement.zone;
            table.regroup(zone, events);
            return;
        }
    }
    match on {
        Some(carrier) => {
            table.units[actor].conditions.aboard = Some(match table.chariot_of_team(carrier) {
                Some(chariot) => Aboard::Chariot(chariot),
                None => Aboard::Mount(carrier),
            });
            table.join_group_of(actor, carrier);
            events.push(BattleEvent::Mounted {
                unit: id,
                on: carrier_id,
            });
        }
        None => table.get_off(actor, events),
    }
    let zone = table.units[actor].placement.zone;
    table.regroup(zone, events);
}

/// A mount at full speed: leaving a melee draws the free attacks; it moves
/// up to the gallop zones, and its rider can neither act nor react until
/// the mount's next action.
pub(super) fn gallop(
    table: &mut BattleState,
    mount: usize,
    to: ZoneCoord,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    if gallop_route(table, mount, to).is_none() {
        return;
    }
    let from = table.units[mount].placement.zone;
    if table.units[mount].status != Status::Alone
        && !opportunity_attacks(table, mount, dice, events)
    {
        table.settle_riders(events);
        return;
    }
    let me = &mut table.units[mount];
    me.placement.zone = to;
    me.placement.group = None;
    me.conditions.moving = true;
    me.conditions.occupies_cover = false;
    events.push(BattleEvent::Galloped {
        unit: me.unit.id.clone(),
        from,
        to,
    });
    for rider in table.riders_of(mount) {
        table.units[rider].conditions.at_full_speed = true;
    }
    table.regroup(from, events);
    table.settle_riders(events);
    table.regroup(to, events);
}
