//! The level format (`levels/*.ron`) and its semantic check.
//!
//! A level parses with serde (unknown or missing fields are errors with their
//! position), then [`validate`] checks it against the data and reports every
//! problem it finds, each placed at the line and column it comes from.

pub mod colour_sight;
pub mod edit;
pub mod validate;
pub mod write;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::data::{
    ChariotKind, EdgeFeature, Fatigue, Horses, Ruleset, Terrain, parse_ron, unique_keys,
};
use crate::diagnostics::Diagnostics;
use crate::rules::action_dice::ActionDiceSpec;
use crate::vocabulary::Facing;

/// The level format speaks of zones and edges in the table's vocabulary.
use crate::vocabulary::{MapEdge, Sequence, ZoneCoord};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SideKind {
    /// Player-side heroes: they win countdown ties.
    Heroes,
    Npcs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Controller {
    Human,
    Ai,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideSpec {
    pub id: String,
    pub name: String,
    /// sRGB, each 0 to 1.
    pub colour: (f32, f32, f32),
    pub kind: SideKind,
    #[serde(default = "human")]
    pub controller: Controller,
}

fn human() -> Controller {
    Controller::Human
}

/// Per-unit changes to its template.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitOverrides {
    #[serde(default)]
    pub action_dice: Option<ActionDiceSpec>,
    /// The fear this combatant causes.
    #[serde(default)]
    pub fear: Option<crate::data::FearLevel>,
    /// Trained to wrestle (apply holds InClose).
    #[serde(default)]
    pub wrestler: Option<bool>,
    /// Trained to fight with a weapon in each hand.
    #[serde(default)]
    pub dual_wield: Option<bool>,
    /// Skilled to Parry missiles.
    #[serde(default)]
    pub parries_missiles: Option<bool>,
    #[serde(default)]
    pub physical: Option<i8>,
    #[serde(default)]
    pub mental: Option<i8>,
    #[serde(default)]
    pub heroic: Option<bool>,
    /// The track this battle's Heroic rank goes to.
    #[serde(default)]
    pub heroic_side: Option<crate::vocabulary::RankSide>,
    #[serde(default)]
    pub crossover_every: Option<u8>,
    #[serde(default)]
    pub bonus_physical: Option<i8>,
    #[serde(default)]
    pub bonus_mental: Option<i8>,
    #[serde(default)]
    pub stateless: Option<bool>,
    #[serde(default)]
    pub fearless: Option<bool>,
    #[serde(default)]
    pub attack_dice: Option<u8>,
    #[serde(default, deserialize_with = "crate::unique_keys::some_unique_keys")]
    pub defences: Option<BTreeMap<crate::vocabulary::Defence, u8>>,
    #[serde(default)]
    pub shield: Option<String>,
    #[serde(default)]
    pub spells: Option<Vec<String>>,
    #[serde(default)]
    pub armour: Option<u8>,
    #[serde(default)]
    pub size: Option<u8>,
    #[serde(default)]
    pub weapons: Option<Vec<String>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    /// Unique within the level; scripts and commands name units by it.
    pub id: String,
    pub template: String,
    pub side: String,
    pub zone: ZoneCoord,
    /// Shown instead of the template's name.
    #[serde(default)]
    pub name: Option<String>,
    /// Units of one zone with the same label start in one group (a melee
    /// when it holds enemies).
    #[serde(default)]
    pub group: Option<String>,
    /// Many of the template fought as one entity: `Mob`, `Crowd`, `Horde`,
    /// `Company` or `Unit`.
    #[serde(default)]
    pub mob: Option<crate::data::MobTier>,
    /// The id of the mount it starts riding (in the same zone).
    #[serde(default)]
    pub rides: Option<String>,
    /// A flyer's facing at the start (north unless set).
    #[serde(default)]
    pub facing: Option<Facing>,
    /// A flyer that starts on the ground instead of flying.
    #[serde(default)]
    pub landed: bool,
    #[serde(default)]
    pub overrides: UnitOverrides,
    /// Wounds it carries into the battle (a campaign's warband member).
    #[serde(default, skip_serializing_if = "Carried::is_none")]
    pub carried: Carried,
}

/// Wounds a combatant brings into a battle from an earlier one.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Carried {
    /// Physical ranks already lost.
    #[serde(default)]
    pub ranks_lost: u8,
    /// Injuries still in force.
    #[serde(default)]
    pub injuries: Vec<crate::rules::injury::Injury>,
}

impl Carried {
    pub fn is_none(&self) -> bool {
        self.ranks_lost == 0 && self.injuries.is_empty()
    }
}

/// A chariot: its team is added to the units with the chariot's id; its
/// crew are units of the level standing in its zone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChariotSpec {
    /// Unique among units and chariots: the team is named by it.
    pub id: String,
    #[serde(default)]
    pub name: Option<String>,
    pub side: String,
    pub zone: ZoneCoord,
    pub facing: Facing,
    /// A nation of the presets in `rules.ron`: it sets the kind and team
    /// when they are left out, and must allow them when given.
    #[serde(default)]
    pub nation: Option<String>,
    #[serde(default)]
    pub kind: Option<ChariotKind>,
    #[serde(default)]
    pub horses: Option<Horses>,
    /// Unit ids, the driver first.
    pub crew: Vec<String>,
    /// The team is trained for battle and may attack.
    #[serde(default = "yes")]
    pub trained: bool,
}

impl ChariotSpec {
    /// The kind and team, from the spec or else its nation's first choice.
    pub fn resolved(&self, ruleset: &Ruleset) -> (ChariotKind, Horses) {
        let nation = self
            .nation
            .as_ref()
            .and_then(|n| ruleset.rules.chariots.nations.get(n));
        let kind = self
            .kind
            .or_else(|| nation.and_then(|n| n.kinds.first().copied()))
            .unwrap_or(ChariotKind::Light);
        let horses = self
            .horses
            .or_else(|| nation.and_then(|n| n.horses.first().copied()))
            .unwrap_or(Horses::Two);
        (kind, horses)
    }

    /// The team as a unit of the level.
    pub fn team_unit(&self, ruleset: &Ruleset) -> UnitSpec {
        let (kind, horses) = self.resolved(ruleset);
        let template = ruleset
            .rules
            .chariots
            .teams
            .get(&horses)
            .map_or_else(String::new, |t| t.template.clone());
        let nation = self
            .nation
            .as_ref()
            .and_then(|n| ruleset.rules.chariots.nations.get(n))
            .map_or(String::new(), |n| format!("{} ", n.name));
        UnitSpec {
            id: self.id.clone(),
            template,
            side: self.side.clone(),
            zone: self.zone,
            name: Some(self.name.clone().unwrap_or_else(|| {
                format!("{nation}{} chariot team", kind.name())
                    .trim()
                    .to_string()
            })),
            group: None,
            mob: None,
            rides: None,
            facing: Some(self.facing),
            landed: false,
            overrides: UnitOverrides::default(),
            carried: Carried::default(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EdgeSpec {
    /// Two orthogonally adjacent zones.
    pub between: (ZoneCoord, ZoneCoord),
    pub feature: EdgeFeature,
    /// Defended linear cover: each defender behind the edge holds up to this
    /// many attackers crossing it; the rest get past.
    #[serde(default)]
    pub choke: Option<u8>,
}

/// How a side wins.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum VictoryCondition {
    /// Every enemy out of action, killed, or off the table.
    DefeatAll { side: String },
    /// The side alone holds the zone (it has a combatant there and no enemy
    /// does) at the end of this many rounds in a row.
    HoldZone {
        side: String,
        zone: ZoneCoord,
        rounds: u32,
    },
    /// This many of the side's combatants (all that started, if `None`)
    /// leave the table over the edge.
    Escape {
        side: String,
        edge: MapEdge,
        count: Option<u32>,
    },
    /// The side still has a combatant in action at the end of this round.
    Survive { side: String, rounds: u32 },
}

impl VictoryCondition {
    pub fn side(&self) -> &str {
        match self {
            Self::DefeatAll { side }
            | Self::HoldZone { side, .. }
            | Self::Escape { side, .. }
            | Self::Survive { side, .. } => side,
        }
    }
}

fn six() -> u8 {
    6
}

/// One level file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Level {
    pub name: String,
    #[serde(default)]
    pub briefing: String,
    /// Inches on a tile's side: 6 or 9.
    #[serde(default = "six")]
    pub tile_size: u8,
    /// Which terrain each map character stands for.
    #[serde(deserialize_with = "unique_keys")]
    pub legend: BTreeMap<char, Terrain>,
    /// Rows from north to south, one character per zone.
    pub map: Vec<String>,
    #[serde(default)]
    pub edges: Vec<EdgeSpec>,
    pub sides: Vec<SideSpec>,
    pub units: Vec<UnitSpec>,
    /// The side that surprises the others in the first round.
    #[serde(default)]
    pub surprise: Option<String>,
    #[serde(default)]
    pub victory: Vec<VictoryCondition>,
    /// Rounds before the battle ends as a draw; the rules' default if unset.
    #[serde(default)]
    pub round_limit: Option<u32>,
    /// The battle's seed, unless the player gives one.
    #[serde(default)]
    pub seed: Option<u64>,
    /// Whether injuries may land on the neck and groin (the optional locations).
    #[serde(default = "yes")]
    pub neck_and_groin: bool,
    /// A more severe surprise: the surprising side rolls this many extra
    /// action dice in the first round.
    #[serde(default)]
    pub surprise_extra_dice: u8,
    /// Sides that start the battle tired, by side id.
    #[serde(default)]
    #[serde(deserialize_with = "unique_keys")]
    pub fatigue: BTreeMap<String, Fatigue>,
    /// Chariots, each with its team and crew.
    #[serde(default)]
    pub chariots: Vec<ChariotSpec>,
    /// The sequence of play; the countdown unless the level names another
    /// (left out when it is the countdown, so older fingerprints hold).
    #[serde(default, skip_serializing_if = "Sequence::is_countdown")]
    pub sequence: Sequence,
}

fn yes() -> bool {
    true
}

impl Level {
    /// The first row's zones; a map past [`validate::MOST_MAP_SIDE`] is refused, and
    /// one past `u16` reads as the most rather than wrapping.
    pub fn width(&self) -> u16 {
        self.map.first().map_or(0, |row| {
            u16::try_from(row.chars().count()).unwrap_or(u16::MAX)
        })
    }

    pub fn height(&self) -> u16 {
        u16::try_from(self.map.len()).unwrap_or(u16::MAX)
    }

    pub fn contains(&self, zone: ZoneCoord) -> bool {
        zone.0 < self.width() && zone.1 < self.height()
    }

    pub fn terrain(&self, zone: ZoneCoord) -> Option<Terrain> {
        let code = self
            .map
            .get(usize::from(zone.1))?
            .chars()
            .nth(usize::from(zone.0))?;
        self.legend.get(&code).copied()
    }

    pub fn side_index(&self, id: &str) -> Option<usize> {
        self.sides.iter().position(|side| side.id == id)
    }

    /// The level with each chariot's team added to its units, after the
    /// level's own: the battle fights with these.
    pub fn with_chariot_teams(&self, ruleset: &Ruleset) -> Level {
        let mut level = self.clone();
        for chariot in &self.chariots {
            if !level.units.iter().any(|u| u.id == chariot.id) {
                level.units.push(chariot.team_unit(ruleset));
            }
        }
        level
    }
}

/// A level that parsed and passed its semantic check, with its path.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadedLevel {
    pub path: PathBuf,
    pub level: Level,
}

/// Parses and checks a level's text.
pub fn parse_level(path: &Path, text: &str, ruleset: &Ruleset) -> Result<Level, Diagnostics> {
    let level: Level = parse_ron(path, text).map_err(|e| Diagnostics(vec![e]))?;
    let problems = validate::validate(path, text, &level, ruleset);
    if problems.is_empty() {
        Ok(level)
    } else {
        Err(Diagnostics(problems))
    }
}

/// Reads, parses and checks a level file.
pub fn load_level(path: &Path, ruleset: &Ruleset) -> Result<LoadedLevel, Diagnostics> {
    let text = crate::files::read_text(path, crate::files::FileKind::Level)
        .map_err(|problem| Diagnostics(vec![problem]))?;
    parse_level(path, &text, ruleset).map(|level| LoadedLevel {
        path: path.to_path_buf(),
        level,
    })
}

/// The real ranks a unit is fielded with, (physical, mental): its template
/// after overrides, plus its mob tier's ranks and its Heroic rank. The level
/// check and the battle's setup both read them here.
pub fn fielded_ranks(
    spec: &UnitSpec,
    merged: &crate::data::CreatureTemplate,
    ruleset: &Ruleset,
) -> (i8, i8) {
    let tier = spec.mob.and_then(|tier| ruleset.rules.mob_tiers.get(&tier));
    let heroic = |side| i8::from(merged.heroic && merged.heroic_side == side);
    let physical = merged
        .physical
        .saturating_add(tier.map_or(0, |t| t.physical))
        .saturating_add(heroic(crate::vocabulary::RankSide::Physical));
    let mental = merged
        .mental
        .saturating_add(tier.map_or(0, |t| t.mental))
        .saturating_add(heroic(crate::vocabulary::RankSide::Mental));
    (physical, mental)
}

/// Applies a unit's overrides to a copy of its template.
pub fn apply_overrides(template: &mut crate::data::CreatureTemplate, overrides: &UnitOverrides) {
    let o = overrides.clone();
    if let Some(v) = o.action_dice {
        template.action_dice = v;
    }
    if let Some(v) = o.physical {
        template.physical = v;
    }
    if let Some(v) = o.mental {
        template.mental = v;
    }
    if let Some(v) = o.heroic {
        template.heroic = v;
    }
    if let Some(v) = o.heroic_side {
        template.heroic_side = v;
    }
    if let Some(v) = o.crossover_every {
        template.crossover_every = Some(v);
    }
    if let Some(v) = o.bonus_physical {
        template.bonus_physical = v;
    }
    if let Some(v) = o.bonus_mental {
        template.bonus_mental = v;
    }
    if let Some(v) = o.stateless {
        template.stateless = v;
    }
    if let Some(v) = o.fearless {
        template.fearless = v;
    }
    if let Some(v) = o.attack_dice {
        template.attack_dice = v;
    }
    if let Some(v) = o.defences {
        template.defences = v;
    }
    if let Some(v) = o.shield {
        template.shield = Some(v);
    }
    if let Some(v) = o.spells {
        template.spells = v;
    }
    if let Some(v) = o.armour {
        template.armour = v;
    }
    if let Some(v) = o.size {
        template.size = v;
    }
    if let Some(v) = o.weapons {
        template.weapons = v;
    }
    if let Some(v) = o.fear {
        template.fear = Some(v);
    }
    if let Some(v) = o.wrestler {
        template.wrestler = v;
    }
    if let Some(v) = o.dual_wield {
        template.dual_wield = v;
    }
    if let Some(v) = o.parries_missiles {
        template.parries_missiles = v;
    }
}

#[cfg(test)]
mod tests;
