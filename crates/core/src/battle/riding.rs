//! Mounts and chariots ("Mounts and vehicles in combat" of seed 001, and
//! "Chariots" of seed 004): riders and crews move with what carries them,
//! getting on and off, full speed, the chariot's drive along its facing with
//! its Driving rolls, its front, and its cover.

use super::command::{Order, RuleError};
use super::components::{Aboard, Status};
use super::state::{BattleState, Mover};
use crate::data::{Cover, Weapon};
use crate::rules::movement::{Route, chariot_pace, drive_zones};
use crate::vocabulary::Facing;
use crate::vocabulary::ZoneCoord;

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
pub(super) fn extra_crew(table: &BattleState, chariot: usize) -> u8 {
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
    let route = table
        .routes_from(Mover::Chariot, (from, c.facing), reach(table, chariot).0)?
        .route_to(to, facing)?;
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
        | Order::Drag { .. }
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
            for zone in here.orthogonal_neighbours() {
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

/// Targets a chariot's team may strike with one attack: two for a heavy
/// chariot or a four-horse team.
pub fn strikes_of_team(table: &BattleState, chariot: usize) -> u8 {
    let rules = &table.ruleset.rules.chariots;
    let c = &table.chariots[chariot];
    let by_kind = rules.kinds.get(&c.kind).map_or(1, |k| k.team_targets);
    let by_team = rules.teams.get(&c.horses).map_or(1, |t| t.targets);
    by_kind.max(by_team)
}
