//! Facing and routes on the square zone grid, for the figures whose movement
//! depends on where they face: flyers ("Flying") and chariots ("Chariot
//! Movement"). A step forward enters the zone the figure faces (diagonals
//! included); a turn is one step of facing, 45 degrees.

use serde::{Deserialize, Serialize};

use crate::vocabulary::Facing;
use crate::vocabulary::ZoneCoord;

/// One step of a route.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RouteStep {
    Forward,
    /// One facing clockwise (+1) or anticlockwise (-1).
    Turn(i8),
}

/// A way from one zone and facing to another.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Route {
    pub steps: Vec<RouteStep>,
    /// The zones entered, in order.
    pub zones: Vec<ZoneCoord>,
    pub turns: u8,
    pub facing: Facing,
}

impl Route {
    pub fn length(&self) -> u8 {
        self.zones.len() as u8
    }
}

/// A position on the grid: a zone and a facing.
type Key = (ZoneCoord, Facing);

/// Every route from one zone and facing, each the one with the fewest
/// zones, then the fewest turns, entering no more than a number of zones
/// and only zones a rule allows: Dijkstra over (zone, facing) by (zones
/// entered, turns made), ties going to the lower (zone, facing), run to the
/// end once so that every destination reads off the same search. The tables
/// are flat, one slot per zone and facing.
#[derive(Debug)]
pub struct RouteSearch {
    start: Key,
    width: u16,
    height: u16,
    /// The cost of the best way to each position.
    best: Vec<Option<(u8, u8)>>,
    /// The position each best way came from, and the step it took.
    back: Vec<Option<(Key, RouteStep)>>,
}

impl RouteSearch {
    /// Searches every route from `start`, or `None` if it is off the map.
    pub fn explore(
        start: Key,
        most_zones: u8,
        (width, height): (u16, u16),
        enter: impl Fn(ZoneCoord, ZoneCoord) -> bool,
    ) -> Option<Self> {
        let slots = usize::from(width) * usize::from(height) * Facing::ALL.len();
        let mut search = Self {
            start,
            width,
            height,
            best: vec![None; slots],
            back: vec![None; slots],
        };
        let first = search.slot(start)?;
        let mut frontier = std::collections::BinaryHeap::with_capacity(slots);
        search.best[first] = Some((0, 0));
        frontier.push(std::cmp::Reverse(((0u8, 0u8), start)));
        while let Some(std::cmp::Reverse((cost, key))) = frontier.pop() {
            let here = search.slot(key)?;
            if search.best[here].is_some_and(|b| b < cost) {
                continue;
            }
            let (zone, face) = key;
            let turn = |by: i8| {
                (
                    (zone, face.turned(i32::from(by))),
                    RouteStep::Turn(by),
                    (cost.0, cost.1 + 1),
                )
            };
            let forward = (cost.0 < most_zones)
                .then(|| face.ahead(zone, width, height))
                .flatten()
                .filter(|&ahead| enter(zone, ahead))
                .map(|ahead| ((ahead, face), RouteStep::Forward, (cost.0 + 1, cost.1)));
            for (next, step, next_cost) in [Some(turn(1)), Some(turn(-1)), forward]
                .into_iter()
                .flatten()
            {
                if next_cost.1 > 8 {
                    continue;
                }
                let Some(there) = search.slot(next) else {
                    continue;
                };
                if search.best[there].is_none_or(|b| next_cost < b) {
                    search.best[there] = Some(next_cost);
                    search.back[there] = Some((key, step));
                    frontier.push(std::cmp::Reverse((next_cost, next)));
                }
            }
        }
        Some(search)
    }

    /// The route to `to` (ending facing `end`, if given): the fewest zones,
    /// then the fewest turns, then the lowest facing at the end.
    pub fn route_to(&self, to: ZoneCoord, end: Option<Facing>) -> Option<Route> {
        let (arrival, (_, turns)) = Facing::ALL
            .into_iter()
            .filter(|&face| end.is_none_or(|e| e == face))
            .filter_map(|face| Some(((to, face), self.best[self.slot((to, face))?]?)))
            .min_by_key(|&(key, cost)| (cost, key))?;
        let mut steps = Vec::new();
        let mut at = self.slot(arrival);
        while let Some((previous, step)) = at.and_then(|slot| self.back[slot]) {
            steps.push(step);
            at = self.slot(previous);
        }
        steps.reverse();
        Some(Route {
            zones: follow(self.start, &steps, (self.width, self.height)).0,
            turns,
            facing: arrival.1,
            steps,
        })
    }

    fn slot(&self, (zone, face): Key) -> Option<usize> {
        (zone.0 < self.width && zone.1 < self.height).then(|| {
            (usize::from(zone.1) * usize::from(self.width) + usize::from(zone.0))
                * Facing::ALL.len()
                + face as usize
        })
    }
}

/// The zones entered and the final facing of a list of steps (steps off the
/// map are skipped).
pub fn follow(
    (from, facing): (ZoneCoord, Facing),
    steps: &[RouteStep],
    (width, height): (u16, u16),
) -> (Vec<ZoneCoord>, Facing) {
    let (mut zone, mut face) = (from, facing);
    let mut zones = Vec::new();
    for step in steps {
        match step {
            RouteStep::Turn(t) => face = face.turned(i32::from(*t)),
            RouteStep::Forward => {
                if let Some(ahead) = face.ahead(zone, width, height) {
                    zone = ahead;
                    zones.push(zone);
                }
            }
        }
    }
    (zones, face)
}

/// A flyer's rating `~speed/turn/dive` ("Flying"): zones per action, turns
/// per action, and the most zones an action may cover in a dive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlightRating {
    pub speed: u8,
    pub turn: u8,
    pub dive: u8,
}

impl std::fmt::Display for FlightRating {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "~{}/{}/{}", self.speed, self.turn, self.dive)
    }
}

impl FlightRating {
    /// A turn rate of 6 or more circles inside a zone and still flies.
    pub fn circles(self, circling_turn_rate: u8) -> bool {
        self.turn >= circling_turn_rate
    }

    /// What flying `zones` zones in one action is.
    pub fn kind_of(self, zones: u8) -> FlightKind {
        if zones <= self.speed {
            FlightKind::Cruise
        } else if zones <= self.dive.max(self.speed) {
            FlightKind::Dive
        } else {
            FlightKind::Fall {
                beyond_control: zones - self.dive.max(self.speed),
            }
        }
    }

    /// The most zones one action may cover: the dive, and as far again as
    /// the speed in an uncontrolled fall.
    pub fn most_zones(self) -> u8 {
        self.dive.max(self.speed).saturating_add(self.speed)
    }
}

/// How fast a flight was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum FlightKind {
    /// Within its speed.
    Cruise,
    /// Beyond its speed, within its dive: still in control.
    Dive,
    /// Beyond its dive: it falls, landing hard.
    Fall { beyond_control: u8 },
}

/// A chariot's pace in inches ("Chariots"): the kind's base pace, a
/// four-horse team's bonus, less one for each crew member beyond those the
/// kind carries freely (a light chariot's four-horse team carries them all).
pub fn chariot_pace(base: u8, team_bonus: u8, crew_penalty: u8) -> u8 {
    (base + team_bonus).saturating_sub(crew_penalty)
}

/// Zones a chariot may drive this action: its pace in inches plus the inches
/// carried from its last drive, in whole tiles ("Chariot Movement": pace
/// converted to zones for the level's tile size). Returns the zones and the
/// inches left over, carried if the chariot drives its full distance.
pub fn drive_zones(pace: u8, carried: u8, tile_size: u8) -> (u8, u8) {
    let inches = u16::from(pace) + u16::from(carried);
    let tile = u16::from(tile_size.max(1));
    ((inches / tile) as u8, (inches % tile) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facing_turns_and_directions() {
        assert_eq!(Facing::N.turned(1), Facing::NE);
        assert_eq!(Facing::N.turned(-1), Facing::NW);
        assert_eq!(Facing::E.turns_to(Facing::W), 4);
        assert_eq!(Facing::NE.turns_to(Facing::NW), 2);
        assert_eq!(
            Facing::toward(ZoneCoord(2, 2), ZoneCoord(4, 2)),
            Some(Facing::E)
        );
        assert_eq!(
            Facing::toward(ZoneCoord(2, 2), ZoneCoord(1, 1)),
            Some(Facing::NW)
        );
        assert!(Facing::E.behind(ZoneCoord(2, 2), ZoneCoord(0, 2)));
        assert!(Facing::E.behind(ZoneCoord(2, 2), ZoneCoord(1, 3)));
        assert!(!Facing::E.behind(ZoneCoord(2, 2), ZoneCoord(2, 4)));
    }

    #[test]
    fn route_takes_fewest_zones_then_fewest_turns() {
        let route = RouteSearch::explore((ZoneCoord(0, 0), Facing::E), 4, (5, 5), |_, _| true)
            .and_then(|search| search.route_to(ZoneCoord(2, 2), None))
            .unwrap();
        assert_eq!(route.length(), 2);
        assert_eq!(route.turns, 1);
        assert_eq!(route.facing, Facing::SE);
        assert_eq!(route.zones, vec![ZoneCoord(1, 1), ZoneCoord(2, 2)]);
    }

    #[test]
    fn route_to_an_end_facing_turns_at_the_end() {
        let search =
            RouteSearch::explore((ZoneCoord(0, 0), Facing::E), 4, (5, 5), |_, _| true).unwrap();
        let route = search.route_to(ZoneCoord(2, 2), Some(Facing::S)).unwrap();
        assert_eq!(route.zones, vec![ZoneCoord(1, 1), ZoneCoord(2, 2)]);
        assert_eq!(route.turns, 2);
        assert_eq!(route.facing, Facing::S);
    }

    #[test]
    fn no_route_beyond_the_zones_allowed_or_through_a_closed_zone() {
        let search =
            RouteSearch::explore((ZoneCoord(0, 0), Facing::E), 1, (5, 5), |_, _| true).unwrap();
        assert_eq!(search.route_to(ZoneCoord(2, 0), None), None);
        let walled =
            RouteSearch::explore((ZoneCoord(0, 0), Facing::E), 4, (5, 5), |_, to| to.0 != 1)
                .unwrap();
        assert_eq!(walled.route_to(ZoneCoord(2, 0), None), None);
        assert!(
            RouteSearch::explore((ZoneCoord(5, 0), Facing::E), 4, (5, 5), |_, _| true).is_none()
        );
    }

    #[test]
    fn chariot_pace_converts_to_zones_with_inches_carried() {
        // Pace 9 on 6" tiles: one zone, then two with the 3" carried.
        assert_eq!(drive_zones(9, 0, 6), (1, 3));
        assert_eq!(drive_zones(9, 3, 6), (2, 0));
        assert_eq!(drive_zones(7, 0, 9), (0, 7));
        assert_eq!(chariot_pace(7, 2, 1), 8);
    }

    #[test]
    fn flight_kind_by_zones() {
        let rating = FlightRating {
            speed: 2,
            turn: 2,
            dive: 3,
        };
        assert_eq!(rating.kind_of(2), FlightKind::Cruise);
        assert_eq!(rating.kind_of(3), FlightKind::Dive);
        assert_eq!(rating.kind_of(5), FlightKind::Fall { beyond_control: 2 });
        assert_eq!(rating.most_zones(), 5);
        assert_eq!(rating.to_string(), "~2/2/3");
    }
}
