//! The battle's state as ECS components and resources.

use std::collections::BTreeMap;

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use crate::data::{ChariotKind, EdgeFeature, FearLevel, Guard, Horses, MobTier, Terrain};

use crate::level::{Controller, SideKind};
use crate::rules::action_dice::ActionDiceSpec;
use crate::rules::defence::DefencePool;
use crate::rules::injury::Injury;
use crate::rules::movement::FlightRating;
use crate::vocabulary::Facing;
use crate::vocabulary::ZoneCoord;
use crate::vocabulary::{Defence, RankSide, WeightClass};

/// Who a combatant is. `index` is its order in the level, used for every
/// deterministic iteration.
#[derive(Component, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    pub index: usize,
    pub id: String,
    pub name: String,
    pub template: String,
    pub side: usize,
}

/// A combatant's fixed fighting numbers (template plus level overrides).
#[derive(Component, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Profile {
    pub action_dice: ActionDiceSpec,
    pub attack_dice: u8,
    /// Skill dice per defence it is trained in.
    pub defences: BTreeMap<Defence, u8>,
    /// The shield it carries, needed to Block.
    pub shield: Option<String>,
    /// Spells it can Cast.
    pub spells: Vec<String>,
    pub armour: u8,
    /// The fear it causes in its enemies.
    pub fear: Option<FearLevel>,
    /// Grouped NPCs fought as one entity.
    #[serde(default)]
    pub mob: Option<MobTier>,
    pub size: u8,
    /// Legs it stands on (stability InClose).
    #[serde(default)]
    pub legs: u8,
    /// Trained to apply holds.
    #[serde(default)]
    pub wrestler: bool,
    /// Trained to fight with a weapon in each hand.
    #[serde(default)]
    pub dual_wield: bool,
    /// Skilled to Parry missiles as well as blows. Written only when set.
    #[serde(default, skip_serializing_if = "is_false")]
    pub parries_missiles: bool,
    /// The weapon in hand.
    #[serde(default)]
    pub ready: Option<String>,
    /// It can carry a rider.
    #[serde(default)]
    pub mount: bool,
    pub stateless: bool,
    /// Immune to fear, and to morale. Written only when set.
    #[serde(default, skip_serializing_if = "is_false")]
    pub fearless: bool,
    pub heroic: bool,
    /// Every how many direct rank losses one crosses over to the other track.
    pub crossover_every: u8,
    pub weapons: Vec<String>,
}

impl Profile {
    /// A swarm of level-0 creatures (RULES §38).
    pub fn is_swarm(&self) -> bool {
        self.mob == Some(MobTier::Swarm)
    }
}

/// A group of combatants inside one zone (a melee, or friends standing together).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct GroupId(pub u32);

/// Where a combatant stands.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    pub zone: ZoneCoord,
    pub group: Option<GroupId>,
}

/// A combatant's standing inside its zone.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// Apart from any enemy (alone, or with friends only).
    Alone,
    /// In a group with at least one enemy: a melee.
    InContact,
    /// Hand to hand inside a melee.
    InClose,
}

impl Status {
    /// The rules' own word for it.
    pub fn words(self) -> &'static str {
        match self {
            Self::Alone => "Alone",
            Self::InContact => "InContact",
            Self::InClose => "InClose",
        }
    }
}

/// A combatant's action dice for the current round.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionPool {
    pub dice: Vec<u8>,
    /// Dice kept at the last refresh, rolled with the next pool.
    pub carried: u8,
    /// Holding its action: skipped by the countdown until someone else acts.
    pub holding: bool,
}

impl ActionPool {
    /// Dice that can pay for an action (not 1s): what the countdown counts.
    pub fn usable(&self) -> usize {
        self.dice.iter().filter(|&&f| f > 1).count()
    }

    pub fn ones(&self) -> usize {
        self.dice.iter().filter(|&&f| f == 1).count()
    }
}

/// One track of ranks (physical or mental).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RankTrack {
    /// Real ranks, heroic rank included: these absorb damage.
    pub real: i8,
    /// Temporary ranks: they count toward thresholds but absorb nothing.
    pub bonus: i8,
    /// Real ranks marked as lost.
    pub lost: i8,
    /// Of those, the ranks lost by crossover from the other track.
    #[serde(default)]
    pub crossover_lost: i8,
}

impl RankTrack {
    pub fn new(real: i8) -> Self {
        Self {
            real,
            bonus: 0,
            lost: 0,
            crossover_lost: 0,
        }
    }

    /// Ranks lost to damage on this track itself, not by crossover.
    pub fn direct_losses(&self) -> i32 {
        i32::from(self.lost) - i32::from(self.crossover_lost)
    }

    /// The rank damage thresholds are measured against (losses do not lower it).
    pub fn total(&self) -> i32 {
        i32::from(self.real) + i32::from(self.bonus)
    }

    /// Real ranks not yet lost.
    pub fn remaining(&self) -> i32 {
        i32::from(self.real) - i32::from(self.lost)
    }
}

#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ranks {
    pub physical: RankTrack,
    pub mental: RankTrack,
}

impl Ranks {
    pub fn track_mut(&mut self, side: RankSide) -> &mut RankTrack {
        match side {
            RankSide::Physical => &mut self.physical,
            RankSide::Mental => &mut self.mental,
        }
    }
}

/// The States, marks and one-shot effects on a combatant.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Conditions {
    /// Physical State.
    pub stunned: bool,
    /// Mental State.
    pub shocked: bool,
    /// Rolled more 1s than hits: attacks on it hit on 4-6 until its next action.
    pub fumbled: bool,
    /// Exposure dice (1s) in front of it until its next action.
    pub exposure: u8,
    /// A 1 spent on Effort: +1 die to its next roll.
    pub effort: bool,
    /// Caught by surprise: no dice in the first round, no soaking.
    pub surprised: bool,
    /// A Dodge or Block roll kept against later attacks.
    pub defence_pool: Option<DefencePool>,
    /// Action dice gathered over several actions for an Aim or a Cast.
    #[serde(default)]
    pub action_pool: Option<ActionPoolState>,
    /// Knocked or fallen down: it cannot Move or Charge until a Withdraw stands it up.
    #[serde(default)]
    pub prone: bool,
    /// Magical State.
    #[serde(default)]
    pub doubt: bool,
    /// Mental damage above its mental rank: it must flee ("Panicked").
    #[serde(default)]
    pub panicked: bool,
    /// Above twice its mental rank: no actions at all, not even defences ("Crushed").
    #[serde(default)]
    pub crushed: bool,
    /// Panicked or Crushed: its initial action (the compulsory flight, or the
    /// first turn after the fall, with no rally roll) is behind it, so each
    /// action now begins with a rally roll.
    /// Written only when set, so saves of battles without a panic read the same.
    /// Saved under its first name, so older saves read the same.
    #[serde(default, rename = "fled_once", skip_serializing_if = "is_false")]
    pub past_initial_action: bool,
    /// Whether a Wound it may soak becomes a State or costs a rank.
    /// Written only when a rank is chosen, so older saves read the same.
    #[serde(default, skip_serializing_if = "WoundChoice::is_state")]
    pub wounds: WoundChoice,
    /// The worst fear it has passed a Spirit test against; no more tests up to it.
    #[serde(default)]
    pub fear_passed: Option<FearLevel>,
    /// It holds the area cover of its zone (it was there before any enemy).
    #[serde(default)]
    pub occupies_cover: bool,
    /// Intercepted crossing a defended edge from this zone: its melee
    /// attacks on the defenders suffer the edge's cover.
    #[serde(default)]
    pub held_at: Option<ZoneCoord>,
    /// After a special tactic: the defences it may still declare, until its next action.
    #[serde(default)]
    pub guard: Option<Guard>,
    /// InClose with this combatant (by level order).
    #[serde(default)]
    pub close_with: Option<usize>,
    /// Held by a wrestler.
    #[serde(default)]
    pub held_by: Option<Grip>,
    /// Riding a mount or a chariot.
    #[serde(default)]
    pub aboard: Option<Aboard>,
    /// A rider carried at full speed: no action and no defence until its
    /// mount's next action.
    #[serde(default)]
    pub at_full_speed: bool,
    /// A mount that moved in its last action: getting on or off needs a roll.
    #[serde(default)]
    pub moving: bool,
}

/// What a combatant rides ("Mounts and vehicles in combat").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Aboard {
    /// A mount, by its level order.
    Mount(usize),
    /// A chariot, by its place in the battle's chariots.
    Chariot(usize),
}

/// Whether a flyer is in the air ("Flying").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum FlightMode {
    /// Moving at least a zone each action (or circling): no melee from the
    /// ground reaches it, save at the moment it attacks.
    Flying,
    /// In the air without moving on: it can be fought like anyone on the ground.
    Hovering,
    /// On the ground: it must take off to fly.
    Landed,
}

/// A flyer's rating, facing and whether it flies.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flight {
    pub rating: FlightRating,
    pub fly_by: bool,
    pub facing: Facing,
    pub mode: FlightMode,
}

impl Flight {
    pub fn flying(&self) -> bool {
        self.mode == FlightMode::Flying
    }

    pub fn airborne(&self) -> bool {
        self.mode != FlightMode::Landed
    }
}

/// A chariot on the table ("Chariots"): its team is a combatant (one
/// target), its crew are combatants riding it. It stands in its team's zone.
#[derive(Component, Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chariot {
    /// Its place in the battle's chariots.
    pub index: usize,
    pub id: String,
    pub name: String,
    pub side: usize,
    pub kind: ChariotKind,
    pub horses: Horses,
    /// A nation id of the chariot presets, if any.
    pub nation: Option<String>,
    /// The team, by level order.
    pub team: usize,
    /// The team is trained for battle: it may attack.
    pub trained: bool,
    pub facing: Facing,
    /// Inches of pace carried from a full drive into the next.
    pub carried_inches: u8,
    /// It moved in its driver's last action.
    pub moving: bool,
    /// Enemies in contact with its front: the team may strike them; the crew
    /// may not, nor they the crew.
    pub front: Vec<usize>,
    /// Overturned by a fumbled Driving roll: it drives no more.
    pub overturned: bool,
}

/// A hold on a combatant ("InClose Combat"): who holds it, and the hold's
/// level as the weight class of the damage it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grip {
    pub by: usize,
    pub level: WeightClass,
}

/// An action pool ("Actions & Refresh": action pools; seed marks them P).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionPoolState {
    pub action: PoolAction,
    pub dice: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PoolAction {
    /// Joins the next missile attack.
    Aim,
    /// A spell, by its place in the caster's spell list.
    Cast { spell: u8 },
}

impl Conditions {
    pub fn in_state(&self) -> bool {
        self.stunned || self.shocked || self.doubt
    }

    /// The flag of one State.
    pub fn state_mut(&mut self, state: StateKind) -> &mut bool {
        match state {
            StateKind::Stun => &mut self.stunned,
            StateKind::Shock => &mut self.shocked,
            StateKind::Doubt => &mut self.doubt,
        }
    }

    /// Panicked or Crushed: only a Spirit roll brings it back.
    pub fn routed(&self) -> bool {
        self.panicked || self.crushed
    }
}

/// The injuries a combatant carries ("General Injury Table"). They last the
/// whole battle.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wounds(pub Vec<Injury>);

fn is_false(flag: &bool) -> bool {
    !flag
}

/// Whether a combatant is still on the table and fighting.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fate {
    Fighting,
    /// Out of action: no dice; a further hit needs a BODY roll or it is killed.
    OutOfAction,
    Killed,
    /// Left the table over an edge.
    Escaped,
    /// Laid down its arms: out of the fight, its figure still on the table;
    /// struck, it fights on.
    Surrendered,
}

impl Fate {
    /// In a player's words.
    pub fn words(self) -> &'static str {
        match self {
            Self::Fighting => "Fighting",
            Self::OutOfAction => "Out of action",
            Self::Killed => "Killed",
            Self::Escaped => "Escaped",
            Self::Surrendered => "Surrendered",
        }
    }
}

/// A zone of the table.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ZoneTile {
    pub coord: ZoneCoord,
    pub terrain: Terrain,
}

/// A side of the battle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SideInfo {
    pub id: String,
    pub name: String,
    pub colour: (f32, f32, f32),
    pub kind: SideKind,
    pub controller: Controller,
}

/// The table: terrain and edge features.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Board {
    pub width: u16,
    pub height: u16,
    pub tile_size: u8,
    /// Row-major terrain.
    pub terrain: Vec<Terrain>,
    /// Features keyed by the two zones in ascending order.
    pub edges: BTreeMap<(ZoneCoord, ZoneCoord), EdgeFeature>,
    /// Defended edges and their choke value: how many attackers each
    /// defender behind it can hold at the edge.
    #[serde(default)]
    pub choke: BTreeMap<(ZoneCoord, ZoneCoord), u8>,
}

impl Board {
    pub fn contains(&self, zone: ZoneCoord) -> bool {
        zone.0 < self.width && zone.1 < self.height
    }

    pub fn terrain(&self, zone: ZoneCoord) -> Option<Terrain> {
        if !self.contains(zone) {
            return None;
        }
        self.terrain
            .get(usize::from(zone.1) * usize::from(self.width) + usize::from(zone.0))
            .copied()
    }

    pub fn edge(&self, a: ZoneCoord, b: ZoneCoord) -> Option<EdgeFeature> {
        self.edges.get(&(a.min(b), a.max(b))).copied()
    }

    /// The choke value of a defended edge.
    pub fn choke(&self, a: ZoneCoord, b: ZoneCoord) -> Option<u8> {
        self.choke.get(&(a.min(b), a.max(b))).copied()
    }

    /// Whether a defended edge borders the zone.
    pub fn defended(&self, zone: ZoneCoord) -> bool {
        self.choke.keys().any(|&(a, b)| a == zone || b == zone)
    }

    /// Whether a zone lies on the given map edge.
    pub fn on_edge(&self, zone: ZoneCoord, edge: crate::vocabulary::MapEdge) -> bool {
        self.zones_to_edge(zone, edge) == 0
    }

    /// How many zones lie between a zone and the given map edge.
    pub fn zones_to_edge(
        &self,
        ZoneCoord(x, y): ZoneCoord,
        edge: crate::vocabulary::MapEdge,
    ) -> u16 {
        use crate::vocabulary::MapEdge;
        match edge {
            MapEdge::North => y,
            MapEdge::West => x,
            MapEdge::South => self.height.saturating_sub(1).saturating_sub(y),
            MapEdge::East => self.width.saturating_sub(1).saturating_sub(x),
        }
    }
}

/// A combatant's standing choice for a Wound it may soak ("You may elect to
/// take a Rank loss instead of a State"): the State (Stun, Shock or Doubt),
/// or a rank.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum WoundChoice {
    #[default]
    State,
    Rank,
}

impl WoundChoice {
    pub const ALL: [WoundChoice; 2] = [WoundChoice::State, WoundChoice::Rank];

    /// What a Wound does under this choice, in a player's words.
    pub fn name(self) -> &'static str {
        match self {
            WoundChoice::State => "take a State",
            WoundChoice::Rank => "lose a rank",
        }
    }

    pub fn is_state(&self) -> bool {
        *self == WoundChoice::State
    }
}

/// Which State.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum StateKind {
    /// Physical.
    Stun,
    /// Mental.
    Shock,
    /// Magical.
    Doubt,
}
