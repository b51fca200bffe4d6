//! The shapes of `actions.ron` (what every action costs, the spells) and
//! `rules.ron` (the numbers of the core rules).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::types::*;
use crate::rules::damage::DamageRule;
use crate::rules::payment::Cost;
use crate::unique_keys::unique_keys;
use crate::vocabulary::{RankSide, WeightClass};

/// The actions with a fixed cost. Attacks cost by weight class instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ActionKind {
    /// To an adjacent zone (or off the map edge to escape), arriving Alone.
    Move,
    /// Into an adjacent zone, arriving InContact with the target's group.
    Charge,
    /// From InContact to Alone in the same zone, with no free attack.
    Withdraw,
    /// Join a friend's group in the same zone.
    JoinGroup,
    /// Step out of a group of friends to stand Alone.
    LeaveGroup,
    /// Spend a die to clear one State without a roll.
    Recover,
    /// Build up a pool by one die.
    Pool,
    /// Knock away an enemy's defence pool.
    Break,
    /// Start an Aim pool for the next missile attack.
    Aim,
    /// From InContact to InClose with an enemy in the same melee.
    CloseIn,
    /// From InContact, drag an enemy outsider in the zone into the melee.
    Drag,
    /// A flyer's move along its facing ("Flying").
    Fly,
    /// A landed flyer rises to hover.
    TakeOff,
    /// A flyer comes down to the ground.
    Land,
    /// A chariot's move along its facing, by its driver ("Chariot Movement").
    Drive,
    /// A mount's move at full speed: its rider cannot act meanwhile.
    Gallop,
    /// Getting onto a mount or a chariot.
    Mount,
    /// Getting off a mount or a chariot.
    Dismount,
}

impl ActionKind {
    pub const ALL: [Self; 18] = [
        Self::Move,
        Self::Charge,
        Self::Withdraw,
        Self::JoinGroup,
        Self::LeaveGroup,
        Self::Recover,
        Self::Pool,
        Self::Break,
        Self::Aim,
        Self::CloseIn,
        Self::Drag,
        Self::Fly,
        Self::TakeOff,
        Self::Land,
        Self::Drive,
        Self::Gallop,
        Self::Mount,
        Self::Dismount,
    ];
}

/// One entry of the action catalogue.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionInfo {
    pub cost: Cost,
    /// Whether the action can build an action pool (none of the basic ones can yet).
    #[serde(default)]
    pub poolable: bool,
    pub about: String,
}

/// `actions.ron`: what every action costs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionCatalogue {
    #[serde(deserialize_with = "unique_keys")]
    pub actions: BTreeMap<ActionKind, ActionInfo>,
    /// Pips for a melee attack by the weapon's weight class.
    #[serde(deserialize_with = "unique_keys")]
    pub melee_attack: BTreeMap<WeightClass, u8>,
    /// Pips for a missile attack by the weapon's weight class.
    #[serde(deserialize_with = "unique_keys")]
    pub ranged_attack: BTreeMap<WeightClass, u8>,
    /// Spells by id: each is an action pool, Cast when the caster chooses.
    #[serde(default)]
    #[serde(deserialize_with = "unique_keys")]
    pub spells: BTreeMap<String, Spell>,
    /// What the extra successes of an attack can buy.
    pub special_results: crate::rules::special::SpecialRules,
    /// The special tactics of melee attacks.
    #[serde(deserialize_with = "unique_keys")]
    pub tactics: BTreeMap<Tactic, TacticRule>,
    /// Pips for each wrestling move InClose.
    #[serde(deserialize_with = "unique_keys")]
    pub wrestling: BTreeMap<WrestleMove, u8>,
}

/// One spell of `actions.ron`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spell {
    pub name: String,
    /// The base cost, paid to start the pool.
    pub cost: Cost,
    /// In zones; 0 is the caster's own zone.
    pub range: u8,
    pub effect: SpellEffect,
}

/// What a spell's successes do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SpellEffect {
    /// Damage to an enemy as a weapon of this weight.
    Damage { weight: WeightClass },
    /// Bonus ranks to a friend (or the caster): one per success, up to `most`.
    BonusRanks { side: RankSide, most: i8 },
    /// Mental damage to an enemy as a weapon of this weight: Shock, Panicked, Crushed.
    Mental { weight: WeightClass },
    /// Magical damage to an enemy's mental ranks, soaked as Doubt.
    Hex { weight: WeightClass },
    /// Healing in combat for a friend (or the caster): the first success
    /// clears a Stun, the next restores one lost physical rank.
    Heal,
}

impl SpellEffect {
    /// Whether the spell is cast at an enemy.
    pub fn hostile(self) -> bool {
        !matches!(self, Self::BonusRanks { .. } | Self::Heal)
    }
}

impl ActionCatalogue {
    pub fn attack_cost(&self, weapon: &Weapon) -> Cost {
        let table = if weapon.range.is_some() {
            &self.ranged_attack
        } else {
            &self.melee_attack
        };
        Cost::Pips(table.get(&weapon.weight).copied().unwrap_or(u8::MAX))
    }
}

/// `rules.ron`: the numbers of the core rules.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleNumbers {
    /// The lowest face that hits at the standard Superiority Level.
    pub standard_sl: u8,
    /// The lowest face that hits a Fumbled target.
    pub fumbled_target_sl: u8,
    /// The most action dice rolled, before carried and extra dice.
    pub max_action_dice: u8,
    /// The face of the single die given to a combatant reduced below one die.
    pub floor_die_face: u8,
    /// Extra attack dice for minor advantage in a melee group.
    pub minor_advantage_dice: u8,
    /// Extra attack dice for major advantage in a melee group.
    pub major_advantage_dice: u8,
    /// BODY, MIND and SPIRIT rolls use this many dice plus the current rank.
    pub characteristic_base_dice: u8,
    /// Crossover: every this many direct rank losses on one track cost a
    /// rank on the other.
    pub crossover_every: u8,
    /// The rank at which heroic combatants go out of action.
    pub heroic_ooa_rank: i8,
    /// Damage per weight class.
    #[serde(deserialize_with = "unique_keys")]
    pub damage: BTreeMap<WeightClass, DamageRule>,
    /// The round limit of a level that sets none.
    pub default_round_limit: u32,
    /// The most actions a round may hold, for each combatant fielded: a
    /// round that reaches it ends the battle as a draw (RULES §15).
    pub most_actions_per_round_each: u32,
    /// Each fear level's test ("Fear").
    #[serde(deserialize_with = "unique_keys")]
    pub fear: BTreeMap<FearLevel, FearRule>,
    /// Attack dice lost to each kind of cover ("Cover").
    #[serde(deserialize_with = "unique_keys")]
    pub cover_dice: BTreeMap<Cover, u8>,
    /// Ranks lost to fatigue at each level of it a level may set ("Fatigue").
    #[serde(deserialize_with = "unique_keys")]
    pub fatigue_ranks: BTreeMap<Fatigue, u8>,
    /// What each tier of grouped NPCs gains ("Mobs, Crowds and Hordes").
    #[serde(deserialize_with = "unique_keys")]
    pub mob_tiers: BTreeMap<MobTier, MobRule>,
    /// Size added for stability InClose, by number of legs.
    #[serde(deserialize_with = "unique_keys")]
    pub stability: BTreeMap<u8, u8>,
    /// InClose, a combatant this many times the size of its opponent stays standing.
    pub inclose_size_ratio: u8,
    /// Pips added to an attack with a weapon other than the one in hand.
    pub switch_weapon_pips: u8,
    /// Parry dice a dual wielder gains from its second one-handed weapon.
    pub dual_wield_parry_dice: u8,
    /// Attack dice lost by an impaired attack (an individual against a
    /// warband, a rider from its mount) and gained by an enhanced one (a
    /// warband against an individual): seed 002's 2d6-lower and 2d6-higher.
    pub impaired_dice: u8,
    pub enhanced_dice: u8,
    /// A flyer with this turn rate or more circles in its zone and still flies.
    pub circling_turn_rate: u8,
    /// A fall: attack dice per zone fallen, at a weight class's damage.
    pub falling: FallingRule,
    /// Zones a mount covers at full speed.
    pub gallop_zones: u8,
    /// Chariots: kinds, teams, terrain and the nations' chariots.
    pub chariots: ChariotRules,
    /// The sister sequences' numbers (RULES §41).
    pub sequences: SequenceNumbers,
}

/// The numbers of the sister sequences of play (RULES §41.3, §41.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SequenceNumbers {
    /// Initiative track: actions a combatant takes in a round.
    pub track_actions: u8,
    /// Initiative track: defences a round are the action dice it is
    /// entitled to, less this many (never fewer than one).
    pub track_reactions_below_dice: u8,
    /// DEX ranks: a combatant's rank for each action die it is entitled to.
    pub dex_per_action_die: u8,
    /// DEX ranks: the rank is divided by this after a move of one zone,
    /// and by `dex_far_divisor` after a longer one.
    pub dex_near_divisor: u8,
    pub dex_far_divisor: u8,
}

/// The damage of a fall ("Flying": beyond the dive; a fall from a moving
/// mount or an overturned chariot counts as one zone).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FallingRule {
    pub dice_per_zone: u8,
    pub weight: WeightClass,
}

/// Light or heavy ("Chariots").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ChariotKind {
    Light,
    Heavy,
}

impl ChariotKind {
    pub const ALL: [Self; 2] = [Self::Light, Self::Heavy];

    pub fn name(self) -> &'static str {
        match self {
            Self::Light => "Light",
            Self::Heavy => "Heavy",
        }
    }
}

/// A two- or four-horse team.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Horses {
    Two,
    Four,
}

impl Horses {
    pub const ALL: [Self; 2] = [Self::Two, Self::Four];
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChariotKindRule {
    /// Crew it carries at most.
    pub crew: u8,
    /// Base pace in inches.
    pub pace: u8,
    /// Crew carried without a penalty; each beyond is -1 to pace and driving.
    pub free_crew: u8,
    /// Dice off the Driving roll for a second 45 degree turn in one move.
    pub second_turn_penalty: u8,
    /// Targets its team may strike with one attack, at its front.
    pub team_targets: u8,
    /// Its base on the table in inches (width, length), drawn to scale.
    pub footprint: (u8, u8),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamRule {
    /// The creature template of the team: one target, as one horse.
    pub template: String,
    /// Inches of pace added, by chariot kind.
    #[serde(deserialize_with = "unique_keys")]
    pub pace_bonus: BTreeMap<ChariotKind, u8>,
    /// Whether extra crew slow the chariot, by chariot kind.
    #[serde(deserialize_with = "unique_keys")]
    pub crew_slows: BTreeMap<ChariotKind, bool>,
    /// Targets it may strike with one attack (the larger of this and the kind's).
    pub targets: u8,
    /// Its base on the table in inches (width, length), drawn to scale.
    pub footprint: (u8, u8),
}

impl ChariotRules {
    /// A chariot's base on the table in inches (width, length): the larger
    /// of its kind's and its team's.
    pub fn footprint(&self, kind: ChariotKind, horses: Horses) -> (u8, u8) {
        let by_kind = self.kinds.get(&kind).map(|k| k.footprint);
        let by_team = self.teams.get(&horses).map(|t| t.footprint);
        match (by_kind, by_team) {
            (Some(k), Some(t)) => (k.0.max(t.0), k.1.max(t.1)),
            (k, t) => k.or(t).unwrap_or((2, 3)),
        }
    }
}

/// The chariots a nation fielded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Nation {
    pub name: String,
    pub horses: Vec<Horses>,
    pub kinds: Vec<ChariotKind>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChariotRules {
    #[serde(deserialize_with = "unique_keys")]
    pub kinds: BTreeMap<ChariotKind, ChariotKindRule>,
    #[serde(deserialize_with = "unique_keys")]
    pub teams: BTreeMap<Horses, TeamRule>,
    /// Dice off the Driving roll to enter each kind of terrain; terrain not
    /// listed is easy going.
    #[serde(deserialize_with = "unique_keys")]
    pub driving_penalty: BTreeMap<Terrain, u8>,
    /// Terrain no chariot can enter. Edge features (walls, hedges, fences)
    /// stop chariots too.
    pub impassable: Vec<Terrain>,
    /// The cover a chariot gives its crew, except from the rear.
    pub cover: Cover,
    /// The chariots of each nation, by id.
    #[serde(deserialize_with = "unique_keys")]
    pub nations: BTreeMap<String, Nation>,
}

/// How tired the combatants start a battle ("Fatigue"), set per level.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Fatigue {
    #[default]
    Fresh,
    Tired,
    Severe,
    /// Fatigue is in doubt: each combatant rolls BODY at the start of the
    /// battle, and only those who fail lose the ranks.
    Doubtful,
}

impl Fatigue {
    pub const ALL: [Self; 4] = [Self::Fresh, Self::Tired, Self::Severe, Self::Doubtful];
}

impl RuleNumbers {
    /// The shipped rule numbers, for unit tests of the rule arithmetic.
    #[cfg(test)]
    pub fn standard() -> Self {
        ron::from_str(include_str!("../../../../assets/data/rules.ron"))
            .expect("shipped rules.ron parses")
    }

    pub fn damage_rule(&self, weight: WeightClass) -> DamageRule {
        self.damage
            .get(&weight)
            .copied()
            .unwrap_or(DamageRule::Points {
                base: 1,
                successes_per_extra: 1,
            })
    }
}

impl crate::rules::numbers::CoreNumbers for RuleNumbers {
    fn standard_sl(&self) -> u8 {
        self.standard_sl
    }

    fn fumbled_target_sl(&self) -> u8 {
        self.fumbled_target_sl
    }

    fn max_action_dice(&self) -> u8 {
        self.max_action_dice
    }

    fn floor_die_face(&self) -> u8 {
        self.floor_die_face
    }

    fn minor_advantage_dice(&self) -> u8 {
        self.minor_advantage_dice
    }

    fn major_advantage_dice(&self) -> u8 {
        self.major_advantage_dice
    }

    fn characteristic_base_dice(&self) -> u8 {
        self.characteristic_base_dice
    }
}

/// The dominant terrain of a zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Terrain {
    Grass,
    Woods,
    Rough,
    Rocky,
    Hill,
    Water,
    Marsh,
    Road,
    Building,
}

impl Terrain {
    pub const ALL: [Self; 9] = [
        Self::Grass,
        Self::Woods,
        Self::Rough,
        Self::Rocky,
        Self::Hill,
        Self::Water,
        Self::Marsh,
        Self::Road,
        Self::Building,
    ];
}

/// A feature on the edge between two zones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum EdgeFeature {
    Wall,
    Hedge,
    Fence,
}

impl EdgeFeature {
    pub const ALL: [Self; 3] = [Self::Wall, Self::Hedge, Self::Fence];
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainInfo {
    pub name: String,
    /// Whether figures on foot may enter.
    pub passable: bool,
    /// Pips added to a Move or Charge into this terrain.
    #[serde(default)]
    pub extra_move_cost: u8,
    /// Area cover for those who hold the zone.
    #[serde(default)]
    pub cover: Option<Cover>,
    /// Base colour for the view, as sRGB from 0 to 1.
    pub colour: (f32, f32, f32),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EdgeInfo {
    pub name: String,
    /// Pips added to a Move or Charge across this edge.
    pub crossing_cost: u8,
    /// Linear cover against attacks across the edge, both ways.
    #[serde(default)]
    pub cover: Option<Cover>,
    pub colour: (f32, f32, f32),
}

/// `terrain.ron`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainTable {
    #[serde(deserialize_with = "unique_keys")]
    pub terrain: BTreeMap<Terrain, TerrainInfo>,
    #[serde(deserialize_with = "unique_keys")]
    pub edges: BTreeMap<EdgeFeature, EdgeInfo>,
}
