//! The battle state: everything the rules read and change, as plain data.
//! The [`Engine`](super::engine::Engine) owns the one authoritative copy;
//! the ECS components the view draws are mirrored from it, never the reverse.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

use super::components::{
    Aboard, ActionPool, Board, Chariot, Conditions, Fate, Flight, GroupId, Placement, Profile,
    Ranks, SideInfo, Status, Unit, Wounds,
};
use super::events::{BattleEvent, Outcome};
use super::pending::PendingAttack;
use super::sequence::round::Phase;
use crate::data::Ruleset;
use crate::level::{Level, SideKind};
use crate::rules::movement::RouteSearch;
use crate::vocabulary::{Facing, ZoneCoord};

/// Who may give a command now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Turn {
    /// Nobody: the engine is between steps.
    Closed,
    /// Any of these (all of one side) may act; the side chooses which.
    Act { candidates: Vec<usize> },
    /// This combatant's last option before the reroll.
    LastOption { unit: usize },
    /// The target of a declared attack answers it (a defence, or none).
    Respond { unit: usize },
}

/// Serde for a value shared behind an `Arc`, written as the value itself.
mod shared {
    use std::sync::Arc;

    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<T: Serialize, S: Serializer>(
        value: &Arc<T>,
        to: S,
    ) -> Result<S::Ok, S::Error> {
        T::serialize(value, to)
    }

    pub fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
        from: D,
    ) -> Result<Arc<T>, D::Error> {
        T::deserialize(from).map(Arc::new)
    }
}

/// The battle as a whole.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Battle {
    /// Shared by every copy: the level never changes during a battle.
    #[serde(with = "shared")]
    pub level: Arc<Level>,
    pub sides: Vec<SideInfo>,
    pub seed: u64,
    pub round: u32,
    pub round_limit: u32,
    pub phase: Phase,
    pub turn: Turn,
    /// The side that has surprise in round 1.
    pub surprise: Option<usize>,
    pub next_group: u32,
    /// The combatant whose action was resolved last, if it may call a refresh.
    pub last_actor: Option<usize>,
    /// The side that took the last action (countdown ties between sides of
    /// one kind go to the other side).
    pub last_side: Option<usize>,
    /// Set when a round has just closed, for the end-of-round checks.
    pub round_closed: bool,
    /// Consecutive closed rounds each victory condition has been held.
    pub hold_streaks: Vec<u32>,
    pub outcome: Option<Outcome>,
    /// Actions resolved so far.
    pub actions: u32,
    /// Actions resolved in this round.
    #[serde(default)]
    pub round_actions: u32,
    /// An attack waiting for its target's answer.
    #[serde(default)]
    pub pending: Option<PendingAttack>,
    /// A mount or rider whose partner has just acted: it gets the turn next
    /// ("Mounts and vehicles": they take their turn together).
    #[serde(default)]
    pub partner_due: Option<usize>,
    /// Faction alternation: those who passed a morale roll, steady for the
    /// rest of the fight.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steady: Vec<usize>,
    /// The initiative track, set in the first round and kept for the fight.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub track: Vec<usize>,
}

impl Battle {
    /// How the battle ended, in a player's words with the side's name
    /// ("Victory: The Company (every enemy is out of the fight)"), if it has.
    /// The phrasing needs no verb, so plural names read right too.
    pub fn outcome_in_words(&self) -> Option<String> {
        Some(match self.outcome.as_ref()? {
            Outcome::Victory { side, how } => {
                let name = self
                    .sides
                    .iter()
                    .find(|s| &s.id == side)
                    .map_or(side.as_str(), |s| s.name.as_str());
                format!("Victory: {name} ({how})")
            }
            Outcome::Draw { reason } => format!("A draw ({reason})"),
        })
    }

    /// The combatant the AI or a player acts with first now.
    pub fn acting_unit(&self) -> Option<usize> {
        self.turn_candidates().first().copied()
    }

    /// Who gives the orders of the unit at `index` (in level order).
    pub fn controller_of(&self, index: usize) -> Option<crate::level::Controller> {
        let spec = self.level.units.get(index)?;
        let side = self.level.side_index(&spec.side)?;
        self.sides.get(side).map(|s| s.controller)
    }
}

/// One combatant's whole state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UnitState {
    pub unit: Unit,
    pub profile: Profile,
    pub placement: Placement,
    pub status: Status,
    pub pool: ActionPool,
    pub ranks: Ranks,
    pub conditions: Conditions,
    pub fate: Fate,
    pub wounds: Wounds,
    /// A flyer's flight.
    #[serde(default)]
    pub flight: Option<Flight>,
}

impl UnitState {
    pub fn fighting(&self) -> bool {
        self.fate == Fate::Fighting
    }

    /// Still a figure on the table (fighting, out of action, or
    /// surrendered and waiting to be spared).
    pub fn on_table(&self) -> bool {
        matches!(
            self.fate,
            Fate::Fighting | Fate::OutOfAction | Fate::Surrendered
        )
    }

    pub fn id(&self) -> &str {
        &self.unit.id
    }
}

/// The battle as plain data: the data it is fought with, the board, the
/// sequence of play's position, and every combatant and chariot. Only the
/// battle's own modules change it (its effects and orders); everyone else
/// reads it through the accessors below, and a test sets up a position as
/// a [`BattleSave`](super::save::BattleSave).
#[derive(Debug, Clone)]
pub struct BattleState {
    pub(in crate::battle) ruleset: Arc<Ruleset>,
    /// Shared by every copy: the board never changes during a battle.
    pub(in crate::battle) board: Arc<Board>,
    pub(in crate::battle) battle: Battle,
    /// In level order: `units[i].unit.index == i`.
    pub(in crate::battle) units: Vec<UnitState>,
    /// In the level's order: `chariots[i].index == i`.
    pub(in crate::battle) chariots: Vec<Chariot>,
    /// Each unit's index by its id: commands name units by id, and a linear
    /// search per lookup made the AI's work grow with the cube of the units.
    unit_ids: Arc<HashMap<String, usize, BuildHasherDefault<Fnv1a>>>,
    /// Route searches already made, shared by every copy of the battle.
    routes: Arc<Mutex<RouteMemo>>,
}

/// Whose route a search finds: each enters different zones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mover {
    Chariot,
    Flyer,
}

impl Mover {
    /// Whether the mover may cross from one zone into the next. A chariot
    /// enters no terrain it cannot, crosses no edge feature, and takes a
    /// diagonal only with one clear way round the corner; a flyer goes
    /// anywhere.
    pub fn may_enter(self, table: &BattleState, from: ZoneCoord, to: ZoneCoord) -> bool {
        if self == Self::Flyer {
            return true;
        }
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
        (clear(from, corner_x) && clear(corner_x, to))
            || (clear(from, corner_y) && clear(corner_y, to))
    }
}

/// The most searches a battle keeps: past it, they are forgotten and made
/// again as needed.
const REMEMBERED_ROUTE_SEARCHES: usize = 1024;

/// Every route search made, by mover, start and most zones allowed, for
/// the board and data it was made on. The AI's look-ahead asks the same
/// chariot and flyer routes thousands of times a decision.
#[derive(Debug)]
struct RouteMemo {
    board: Arc<Board>,
    ruleset: Arc<Ruleset>,
    searches: HashMap<(Mover, (ZoneCoord, Facing), u8), Arc<RouteSearch>>,
}

/// FNV-1a: the ids are short and trusted, and the AI looks them up millions
/// of times a battle, where the default hasher's defence against flooding
/// costs more than the lookup.
struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv1a {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// A position set up by hand: what a test (or a puzzle being written) may
/// change before the battle goes on. The rules never use it, and the
/// suite's layer test holds every other module of the crate to using it
/// only in its tests.
pub struct SetUp<'a> {
    pub battle: &'a mut Battle,
    pub units: &'a mut [UnitState],
}

impl BattleState {
    /// The data the battle is fought with.
    pub fn ruleset(&self) -> &Arc<Ruleset> {
        &self.ruleset
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Where the sequence of play stands, and the outcome once decided.
    pub fn battle(&self) -> &Battle {
        &self.battle
    }

    /// Every combatant, in level order: `units()[i].unit.index == i`.
    pub fn units(&self) -> &[UnitState] {
        &self.units
    }

    /// Every chariot, in the level's order.
    pub fn chariots(&self) -> &[Chariot] {
        &self.chariots
    }

    /// The door for setting up a position by hand ([`SetUp`]).
    pub fn set_up(&mut self) -> SetUp<'_> {
        SetUp {
            battle: &mut self.battle,
            units: &mut self.units,
        }
    }

    /// Builds a state from parts (for setup, saves and tests).
    pub fn from_parts(
        ruleset: Arc<Ruleset>,
        board: Board,
        battle: Battle,
        (units, chariots): (Vec<UnitState>, Vec<Chariot>),
    ) -> Self {
        let unit_ids = units
            .iter()
            .enumerate()
            .map(|(index, unit)| (unit.unit.id.clone(), index))
            .collect();
        let board = Arc::new(board);
        let routes = RouteMemo {
            board: board.clone(),
            ruleset: ruleset.clone(),
            searches: HashMap::new(),
        };
        Self {
            ruleset,
            board,
            battle,
            units,
            chariots,
            unit_ids: Arc::new(unit_ids),
            routes: Arc::new(Mutex::new(routes)),
        }
    }

    /// Every route `mover` may take from `start` into at most `most_zones`
    /// zones ([`Mover::may_enter`]). Searched once per battle.
    pub fn routes_from(
        &self,
        mover: Mover,
        start: (ZoneCoord, Facing),
        most_zones: u8,
    ) -> Option<Arc<RouteSearch>> {
        let key = (mover, start, most_zones);
        let mut memo = self
            .routes
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if !Arc::ptr_eq(&memo.board, &self.board) || !Arc::ptr_eq(&memo.ruleset, &self.ruleset) {
            *memo = RouteMemo {
                board: self.board.clone(),
                ruleset: self.ruleset.clone(),
                searches: HashMap::new(),
            };
        }
        if let Some(search) = memo.searches.get(&key) {
            return Some(search.clone());
        }
        let search = Arc::new(RouteSearch::explore(
            start,
            most_zones,
            (self.board.width, self.board.height),
            |from, to| mover.may_enter(self, from, to),
        )?);
        if memo.searches.len() >= REMEMBERED_ROUTE_SEARCHES {
            memo.searches.clear();
        }
        memo.searches.insert(key, search.clone());
        Some(search)
    }

    pub fn unit_index(&self, id: &str) -> Option<usize> {
        self.unit_ids.get(id).copied()
    }

    pub fn side_kind(&self, side: usize) -> SideKind {
        self.battle
            .sides
            .get(side)
            .map_or(SideKind::Npcs, |s| s.kind)
    }

    /// How many of `side`'s combatants have left the table.
    pub fn escaped(&self, side: usize) -> usize {
        self.units
            .iter()
            .filter(|u| u.unit.side == side && u.fate == Fate::Escaped)
            .count()
    }

    /// The level's victory conditions that belong to `side`.
    pub fn victory_conditions_of(
        &self,
        side: usize,
    ) -> impl Iterator<Item = &crate::level::VictoryCondition> {
        let id = self.side_id(side);
        self.battle
            .level
            .victory
            .iter()
            .filter(move |c| c.side() == id)
    }

    pub fn side_id(&self, side: usize) -> String {
        self.battle
            .sides
            .get(side)
            .map_or_else(String::new, |s| s.id.clone())
    }

    /// The ids of the combatants the current turn belongs to.
    pub fn turn_units(&self) -> Vec<String> {
        self.battle
            .turn_candidates()
            .into_iter()
            .map(|i| self.units[i].unit.id.clone())
            .collect()
    }

    /// The combatant the AI or a player acts with first now: the first of
    /// the combatants the turn belongs to.
    pub fn acting_unit(&self) -> Option<usize> {
        self.battle.acting_unit()
    }

    pub fn new_group(&mut self) -> GroupId {
        self.battle.next_group += 1;
        GroupId(self.battle.next_group)
    }

    /// Puts `unit` into `other`'s group, forming one if `other` stands apart.
    /// Those who ride together go together: a mount with its rider, a
    /// chariot's team with its crew.
    pub fn join_group_of(&mut self, unit: usize, other: usize) {
        let group = match self.units[other].placement.group {
            Some(group) => group,
            None => {
                let group = self.new_group();
                for member in self.party(other) {
                    self.units[member].placement.group = Some(group);
                }
                group
            }
        };
        for member in self.party(unit) {
            self.units[member].placement.group = Some(group);
        }
    }

    /// The combatant that carries `unit` (its mount, or its chariot's team).
    pub fn carrier_of(&self, unit: usize) -> Option<usize> {
        match self.units[unit].conditions.aboard? {
            Aboard::Mount(mount) => Some(mount),
            Aboard::Chariot(chariot) => self.chariots.get(chariot).map(|c| c.team),
        }
    }

    /// The combatants riding the carrier `unit` (a mount or a chariot team).
    pub fn riders_of(&self, unit: usize) -> Vec<usize> {
        let chariot = self.chariot_of_team(unit);
        (0..self.units.len())
            .filter(|&r| match self.units[r].conditions.aboard {
                Some(Aboard::Mount(m)) => m == unit,
                Some(Aboard::Chariot(c)) => Some(c) == chariot,
                None => false,
            })
            .collect()
    }

    /// The chariot whose team `unit` is.
    pub fn chariot_of_team(&self, unit: usize) -> Option<usize> {
        self.chariots.iter().position(|c| c.team == unit)
    }

    /// The chariot `unit` belongs to, as its team or its crew.
    pub fn chariot_of(&self, unit: usize) -> Option<usize> {
        match self.units[unit].conditions.aboard {
            Some(Aboard::Chariot(c)) => Some(c),
            _ => self.chariot_of_team(unit),
        }
    }

    /// Everyone who moves with `unit`: its carrier and all it carries.
    pub fn party(&self, unit: usize) -> Vec<usize> {
        let carrier = self.carrier_of(unit).unwrap_or(unit);
        let mut party = vec![carrier];
        party.extend(self.riders_of(carrier));
        if !party.contains(&unit) {
            party.push(unit);
        }
        party
    }

    /// A rider leaves what it rides, standing apart in its zone (the caller
    /// regroups the zone).
    pub fn get_off(&mut self, rider: usize, events: &mut Vec<BattleEvent>) {
        let Some(carrier) = self.carrier_of(rider) else {
            return;
        };
        let from = self.units[carrier].unit.id.clone();
        let me = &mut self.units[rider];
        me.conditions.aboard = None;
        me.conditions.at_full_speed = false;
        me.placement.group = None;
        events.push(BattleEvent::Dismounted {
            unit: me.unit.id.clone(),
            from,
        });
    }

    /// Riders stand where their carriers stand, in the same group. A carrier
    /// out of the fight drops its riders. Regroups every zone touched.
    pub fn settle_riders(&mut self, events: &mut Vec<BattleEvent>) {
        let mut zones = Vec::new();
        for rider in 0..self.units.len() {
            let Some(carrier) = self.carrier_of(rider) else {
                continue;
            };
            if !self.units[rider].fighting() {
                continue;
            }
            let wrecked = self
                .chariot_of(rider)
                .is_some_and(|c| self.chariots[c].overturned);
            if !self.units[carrier].fighting() || wrecked {
                self.get_off(rider, events);
                zones.push(self.units[rider].placement.zone);
                continue;
            }
            let placement = self.units[carrier].placement;
            if self.units[rider].placement != placement {
                zones.push(self.units[rider].placement.zone);
                zones.push(placement.zone);
                self.units[rider].placement = placement;
            }
        }
        zones.sort();
        zones.dedup();
        for zone in zones {
            self.regroup(zone, events);
        }
    }

    /// Fighting members of a group.
    pub fn group_members(&self, group: GroupId) -> Vec<usize> {
        (0..self.units.len())
            .filter(|&i| self.units[i].fighting() && self.units[i].placement.group == Some(group))
            .collect()
    }

    /// Settles the groups of one zone after someone moved: a group with an
    /// enemy in it is a melee (InContact); a group of friends only stands Alone;
    /// a group of one dissolves. Writes a StatusChanged for every change.
    pub fn regroup(&mut self, zone: ZoneCoord, events: &mut Vec<BattleEvent>) {
        let in_zone: Vec<usize> = (0..self.units.len())
            .filter(|&i| self.units[i].on_table() && self.units[i].placement.zone == zone)
            .collect();
        for &i in &in_zone {
            if !self.units[i].fighting() {
                self.units[i].placement.group = None;
            }
        }
        for &i in &in_zone {
            if !self.units[i].fighting() {
                continue;
            }
            let status = match self.units[i].placement.group {
                None => {
                    self.units[i].conditions.close_with = None;
                    self.units[i].conditions.held_by = None;
                    Status::Alone
                }
                Some(group) => {
                    let members = self.group_members(group);
                    if members.len() < 2 {
                        self.units[i].placement.group = None;
                        Status::Alone
                    } else if members
                        .iter()
                        .any(|&m| self.units[m].unit.side != self.units[i].unit.side)
                    {
                        // InClose lasts while the close opponent fights on in the melee.
                        let partner = self.units[i].conditions.close_with.filter(|&p| {
                            self.units[p].fighting() && self.units[p].placement.group == Some(group)
                        });
                        if self.units[i].status == Status::InClose && partner.is_some() {
                            Status::InClose
                        } else {
                            self.units[i].conditions.close_with = None;
                            self.units[i].conditions.held_by = None;
                            Status::InContact
                        }
                    } else {
                        Status::Alone
                    }
                }
            };
            if self.units[i].status != status {
                self.units[i].status = status;
                events.push(BattleEvent::StatusChanged {
                    unit: self.units[i].unit.id.clone(),
                    status,
                });
            }
        }
    }
}
