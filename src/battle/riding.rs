//! Mounts and chariots ("Mounts and vehicles in combat" of seed 001, and
//! "Chariots" of seed 004): riders and crews move with what carries them,
//! getting on and off, full speed, the chariot's drive along its facing with
//! its Driving rolls, its front, and its cover.

use super::command::{Order, RuleError};
use super::components::{Aboard, Status};
use super::events::BattleEvent;
use super::flight::fall;
use super::injury::penalty;
use super::opportunity::opportunity_attacks;
use super::state::BattleState;
use crate::data::{Cover, Weapon};
use crate::level::ZoneCoord;
use crate::rules::dice::DiceSource;
use crate::rules::injury::RollKind;
use crate::rules::movement::{Facing, Route, RouteStep, chariot_pace, drive_zones, find_route};
use crate::rules::rolls::characteristic_roll;

/// The driver of a chariot: the first of its crew still aboard and fighting.
pub fn driver(table: &BattleState, chariot: usize) -> Option<usize> {
    (0..table.units.len()).find(|&u| {
        table.units[u].fighting()
            && table.units[u].conditions.aboard == Some(Aboard::Chariot(chariot))
    })
}

/// The crew aboard a chariot now.
pub fn crew(table: &BattleState, chariot: usize) -> Vec<usize> {
    (0..table.units.len())
        .filter(|&u| table.units[u].conditions.aboard == Some(Aboard::Chariot(chariot)))
        .collect()
}

/// Crew beyond those the chariot carries freely: each is -1 to pace
/// (unless the team carries them) and -1 die to Driving rolls.
fn extra_crew(table: &BattleState, chariot: usize) -> u8 {
    let c = &table.chariots[chariot];
    let free = table
        .ruleset
        .rules
        .chariots
        .kinds
        .get(&c.kind)
        .map_or(0, |k| k.free_crew);
    (crew(table, chariot).len() as u8).saturating_sub(free)
}

/// A chariot's pace in inches now ("Chariots").
pub fn pace(table: &BattleState, chariot: usize) -> u8 {
    let rules = &table.ruleset.rules.chariots;
    let c = &table.chariots[chariot];
    let base = rules.kinds.get(&c.kind).map_or(0, |k| k.pace);
    let team = rules.teams.get(&c.horses);
    let bonus = team
        .and_then(|t| t.pace_bonus.get(&c.kind))
        .copied()
        .unwrap_or(0);
    let slows = team
        .and_then(|t| t.crew_slows.get(&c.kind))
        .copied()
        .unwrap_or(true);
    chariot_pace(
        base,
        bonus,
        if slows { extra_crew(table, chariot) } else { 0 },
    )
}

/// Zones the chariot may drive this action, and the inches left over.
pub fn reach(table: &BattleState, chariot: usize) -> (u8, u8) {
    let c = &table.chariots[chariot];
    drive_zones(
        pace(table, chariot),
        c.carried_inches,
        table.board.tile_size,
    )
}

/// Whether a chariot may cross from one zone into the next: no terrain it
/// cannot enter, no edge feature in the way (a diagonal needs one clear way
/// round the corner).
fn chariot_may_enter(table: &BattleState, from: ZoneCoord, to: ZoneCoord) -> bool {
    let open = |zone: ZoneCoord| {
        table
            .board
            .terrain(zone)
            .is_some_and(|t| !table.ruleset.rules.chariots.impassable.contains(&t))
    };
    let clear = |a: ZoneCoord, b: ZoneCoord| table.board.edge(a, b).is_none() && open(b);
    if !open(to) {
        return false;
    }
    if from.orthogonal_to(to) {
        return clear(from, to);
    }
    let corner_x = ZoneCoord(to.0, from.1);
    let corner_y = ZoneCoord(from.0, to.1);
    (clear(from, corner_x) && clear(corner_x, to)) || (clear(from, corner_y) && clear(corner_y, to))
}

/// The route a Drive takes: along the facing within the chariot's reach,
/// at most two 45 degree turns (one when charging). Driving to its own zone
/// wheels it round to any facing.
pub fn drive_route(
    table: &BattleState,
    chariot: usize,
    to: ZoneCoord,
    facing: Option<Facing>,
    charging: bool,
) -> Option<Route> {
    let c = &table.chariots[chariot];
    let from = table.units[c.team].placement.zone;
    if to == from {
        return (!charging).then(|| Route {
            steps: Vec::new(),
            zones: Vec::new(),
            turns: 0,
            facing: facing.unwrap_or(c.facing),
        });
    }
    let route = find_route(
        (from, c.facing),
        (to, facing),
        reach(table, chariot).0,
        (table.board.width, table.board.height),
        |a, b| chariot_may_enter(table, a, b),
    )?;
    (route.turns <= if charging { 1 } else { 2 }).then_some(route)
}

/// Why a rider, crew member, team, mount or would-be rider may not give
/// `order`, if it may not.
pub fn riding_problem(table: &BattleState, actor: usize, order: &Order) -> Option<RuleError> {
    let me = &table.units[actor];
    let team_of = table.chariot_of_team(actor);
    if me.conditions.at_full_speed && !matches!(order, Order::Hold | Order::Pass | Order::KeepDie) {
        return Some(RuleError::AtFullSpeed);
    }
    if let Some(chariot) = team_of {
        return match order {
            Order::Attack { .. } if !table.chariots[chariot].trained => {
                Some(RuleError::UntrainedTeam)
            }
            Order::Attack { .. }
            | Order::Defend { .. }
            | Order::Hold
            | Order::Pass
            | Order::KeepDie
            | Order::Effort
            | Order::Recover { .. }
            | Order::RecoveryRoll => None,
            _ => Some(RuleError::TeamMovesByDriver),
        };
    }
    match order {
        Order::Move { .. }
        | Order::Charge { .. }
        | Order::Withdraw { .. }
        | Order::JoinGroup { .. }
        | Order::LeaveGroup { .. }
        | Order::LeaveTable { .. }
        | Order::CloseIn { .. }
        | Order::Gallop { .. }
            if me.conditions.aboard.is_some() =>
        {
            Some(RuleError::Riding)
        }
        Order::Gallop { to, .. } => {
            if !me.profile.mount {
                return Some(RuleError::NotAMount);
            }
            gallop_route(table, actor, *to)
                .is_none()
                .then_some(RuleError::NoRoute { to: *to })
        }
        Order::Drive {
            to, facing, target, ..
        } => {
            let Some(Aboard::Chariot(chariot)) = me.conditions.aboard else {
                return Some(RuleError::NotTheDriver);
            };
            if driver(table, chariot) != Some(actor) {
                return Some(RuleError::NotTheDriver);
            }
            if table.chariots[chariot].overturned {
                return Some(RuleError::ChariotOverturned);
            }
            if !table.board.contains(*to) {
                return Some(RuleError::OffTheMap { zone: *to });
            }
            if let Some(target) = target {
                let Some(index) = table.unit_index(target) else {
                    return Some(RuleError::UnknownUnit {
                        unit: target.clone(),
                    });
                };
                let them = &table.units[index];
                if them.unit.side == me.unit.side || !them.fighting() {
                    return Some(RuleError::NotAnEnemy {
                        unit: target.clone(),
                    });
                }
                if them.placement.zone != *to {
                    return Some(RuleError::NotInSameZone {
                        unit: target.clone(),
                    });
                }
                if super::flight::flying(table, index) {
                    return Some(RuleError::Airborne {
                        unit: target.clone(),
                    });
                }
            }
            drive_route(table, chariot, *to, *facing, target.is_some())
                .is_none()
                .then_some(RuleError::NoRoute { to: *to })
        }
        Order::Mount { on, .. } => {
            if me.conditions.aboard.is_some() {
                return Some(RuleError::AlreadyAboard);
            }
            if me.status != Status::Alone {
                return Some(RuleError::WithdrawFirst);
            }
            if me.profile.mount || me.profile.mob.is_some() || me.flight.is_some() {
                return Some(RuleError::NotAMount);
            }
            mount_problem(table, actor, on)
        }
        Order::Dismount { .. } => me
            .conditions
            .aboard
            .is_none()
            .then_some(RuleError::NotAboard),
        _ => None,
    }
}

/// What a would-be rider names by `on`: a mount of its side in its zone
/// with no rider, or a chariot (by its id) with room in its crew.
fn mount_problem(table: &BattleState, actor: usize, on: &str) -> Option<RuleError> {
    let me = &table.units[actor];
    let index = table.unit_index(on)?;
    let carrier = &table.units[index];
    if carrier.unit.side != me.unit.side
        || !carrier.fighting()
        || carrier.placement.zone != me.placement.zone
    {
        return Some(RuleError::NotAMount);
    }
    if let Some(chariot) = table.chariot_of_team(index) {
        let c = &table.chariots[chariot];
        if c.overturned {
            return Some(RuleError::ChariotOverturned);
        }
        let room = table
            .ruleset
            .rules
            .chariots
            .kinds
            .get(&c.kind)
            .map_or(0, |k| k.crew);
        return (crew(table, chariot).len() >= usize::from(room)).then_some(RuleError::NoRoom);
    }
    if !carrier.profile.mount {
        return Some(RuleError::NotAMount);
    }
    (!table.riders_of(index).is_empty()).then_some(RuleError::NoRoom)
}

/// A mount's way at full speed: up to the rules' gallop zones, orthogonal
/// steps through ground it can enter.
pub fn gallop_route(table: &BattleState, mount: usize, to: ZoneCoord) -> Option<Vec<ZoneCoord>> {
    let from = table.units[mount].placement.zone;
    if to == from || !table.board.contains(to) {
        return None;
    }
    let most = table.ruleset.rules.gallop_zones;
    let passable = |z: ZoneCoord| {
        table
            .board
            .terrain(z)
            .and_then(|t| table.ruleset.terrain.terrain.get(&t))
            .is_some_and(|i| i.passable)
    };
    let mut paths = vec![vec![from]];
    for _ in 0..most {
        let mut next = Vec::new();
        for path in &paths {
            let here = *path.last()?;
            for (dx, dy) in [(0i32, -1i32), (1, 0), (0, 1), (-1, 0)] {
                let (x, y) = (i32::from(here.0) + dx, i32::from(here.1) + dy);
                if x < 0 || y < 0 {
                    continue;
                }
                let zone = ZoneCoord(x as u16, y as u16);
                if !table.board.contains(zone) || !passable(zone) || path.contains(&zone) {
                    continue;
                }
                let mut longer = path.clone();
                longer.push(zone);
                if zone == to {
                    return Some(longer[1..].to_vec());
                }
                next.push(longer);
            }
        }
        paths = next;
    }
    None
}

/// Whether a crew member and an enemy are kept apart by the chariot's team
/// ("nobody melees through the front"), or the team aims past its front.
pub fn front_problem(
    table: &BattleState,
    attacker: usize,
    target: usize,
    weapon: &Weapon,
) -> Option<RuleError> {
    if weapon.is_missile() || weapon.reach {
        return None;
    }
    if let Some(chariot) = table.chariot_of_team(attacker) {
        return (!table.chariots[chariot].front.contains(&target))
            .then_some(RuleError::NotAtTheFront);
    }
    let at_front = |crewman: usize, enemy: usize| matches!(table.units[crewman].conditions.aboard, Some(Aboard::Chariot(c)) if table.chariots[c].front.contains(&enemy));
    (at_front(attacker, target) || at_front(target, attacker)).then_some(RuleError::ThroughTheFront)
}

/// A chariot's light cover for its crew against missiles, except from the rear.
pub fn chariot_cover(
    table: &BattleState,
    attacker: usize,
    target: usize,
    weapon: Option<&Weapon>,
) -> Option<Cover> {
    let Some(Aboard::Chariot(chariot)) = table.units[target].conditions.aboard else {
        return None;
    };
    if !weapon.is_some_and(Weapon::is_missile) {
        return None;
    }
    let c = &table.chariots[chariot];
    let at = table.units[target].placement.zone;
    (!c.facing.behind(at, table.units[attacker].placement.zone))
        .then_some(table.ruleset.rules.chariots.cover)
}

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
                if !chariot_may_enter(table, zone, ahead) {
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
    table.regroup(from, events);
    table.settle_riders(events);
    table.regroup(zone, events);
}

/// Targets a chariot's team may strike with one attack: two for a heavy
/// chariot or a four-horse team.
pub fn strikes_of_team(table: &BattleState, chariot: usize) -> u8 {
    let rules = &table.ruleset.rules.chariots;
    let c = &table.chariots[chariot];
    let by_kind = rules.kinds.get(&c.kind).map_or(1, |k| k.team_targets);
    let by_team = rules.teams.get(&c.horses).map_or(1, |t| t.targets);
    by_kind.max(by_team)
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
