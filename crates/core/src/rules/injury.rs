//! The injury tables ("General Injury Table"): where a Trauma, Killing Blow
//! or fall out of action lands (4d6 for the location, with shifts for a
//! triple or a quadruple), the location's effect roll, and what the wounds a
//! combatant carries do to its rolls and its action dice.

use crate::unique_keys::unique_keys;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::vocabulary::Defence;

/// A hit location.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Location {
    Head,
    Neck,
    Chest,
    LeftArm,
    RightArm,
    Groin,
    LeftLeg,
    RightLeg,
}

impl Location {
    pub const ALL: [Self; 8] = [
        Self::Head,
        Self::Neck,
        Self::Chest,
        Self::LeftArm,
        Self::RightArm,
        Self::Groin,
        Self::LeftLeg,
        Self::RightLeg,
    ];

    /// Neck and groin are the optional locations a level may leave out.
    pub fn optional(self) -> bool {
        matches!(self, Self::Neck | Self::Groin)
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Head => "head",
            Self::Neck => "neck",
            Self::Chest => "chest",
            Self::LeftArm => "left arm",
            Self::RightArm => "right arm",
            Self::Groin => "groin",
            Self::LeftLeg => "left leg",
            Self::RightLeg => "right leg",
        }
    }

    pub fn is_arm(self) -> bool {
        matches!(self, Self::LeftArm | Self::RightArm)
    }

    pub fn is_leg(self) -> bool {
        matches!(self, Self::LeftLeg | Self::RightLeg)
    }

    /// The rolls that use this part of the body, hampered by a Fracture.
    pub fn used_by(self, roll: RollKind) -> bool {
        match self {
            Self::Head | Self::Neck => matches!(roll, RollKind::Spirit | RollKind::Cast),
            Self::Chest | Self::Groin => matches!(roll, RollKind::Body),
            Self::LeftArm | Self::RightArm => matches!(
                roll,
                RollKind::Attack | RollKind::Defence(Defence::Block | Defence::Parry)
            ),
            Self::LeftLeg | Self::RightLeg => {
                matches!(roll, RollKind::Defence(Defence::Dodge) | RollKind::Footing)
            }
        }
    }
}

/// An entry of a location's effect table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum InjuryEffect {
    /// A BODY roll each round or a rank lost; `penalty` dice off that roll.
    Bleeder {
        penalty: u8,
    },
    Stun,
    /// A SPIRIT (Will) roll with `penalty` dice off, or out of action.
    Unconscious {
        penalty: u8,
    },
    /// The table's "Sight or Sound": Sound for a spellcaster, Sight otherwise.
    SightOrSound,
    Sight,
    Sound,
    Balance,
    Paralysed,
    Broken,
    Wind,
    Kill,
    Hand,
    Foot,
    FleshWound,
    Fracture,
    /// The table's "Sever/Maim" on a limb.
    Sever,
    Puncture,
    Maim,
    /// Not on the tables: the special result Hamstring.
    Hamstrung,
}

impl InjuryEffect {
    /// The effect's name as the tables print it.
    pub fn name(self) -> String {
        match self {
            Self::Bleeder { penalty: 0 } => "Bleeder".into(),
            Self::Bleeder { penalty } => format!("Bleeder -{penalty}d"),
            Self::Unconscious { penalty: 0 } => "Unconscious".into(),
            Self::Unconscious { penalty } => format!("Unconscious -{penalty}d"),
            Self::SightOrSound => "Sight or Sound".into(),
            Self::FleshWound => "Flesh Wound".into(),
            Self::Stun => "Stun".into(),
            Self::Sight => "Sight".into(),
            Self::Sound => "Sound".into(),
            Self::Balance => "Balance".into(),
            Self::Paralysed => "Paralysed".into(),
            Self::Broken => "Broken".into(),
            Self::Wind => "Wind".into(),
            Self::Kill => "Kill".into(),
            Self::Hand => "Hand".into(),
            Self::Foot => "Foot".into(),
            Self::Fracture => "Fracture".into(),
            Self::Sever => "Sever".into(),
            Self::Puncture => "Puncture".into(),
            Self::Maim => "Maim".into(),
            Self::Hamstrung => "Hamstrung".into(),
        }
    }

    /// The name the effect rules are keyed by (Bleeder and Unconscious
    /// without their penalty).
    pub fn kind(self) -> InjuryEffect {
        match self {
            Self::Bleeder { .. } => Self::Bleeder { penalty: 0 },
            Self::Unconscious { .. } => Self::Unconscious { penalty: 0 },
            other => other,
        }
    }
}

/// The kinds of roll a wound can hamper.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RollKind {
    Attack,
    Defence(Defence),
    Body,
    /// MIND and SPIRIT rolls (both read the mental rank).
    Spirit,
    Cast,
    /// The BODY roll to stay on one's feet when moving with a bad leg or balance.
    Footing,
}

impl RollKind {
    /// Rolls that need the eyes.
    fn needs_sight(self) -> bool {
        matches!(self, Self::Attack | Self::Defence(_) | Self::Cast)
    }
}

/// What one effect does, from `injuries.ron`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct EffectRule {
    /// Extra real physical ranks lost at once.
    pub physical_ranks: u8,
    /// Mental ranks lost at once.
    pub mental_ranks: u8,
    /// Action dice turned to 1s at once and at every later roll while the wound lasts.
    pub burn_dice: u8,
    /// Takes the Stun State (if not already Stunned).
    pub stun: bool,
    /// An immediate BODY roll (this many dice off) or out of action.
    pub body_or_out: Option<u8>,
    /// An immediate SPIRIT roll (the effect's own penalty off) or out of action.
    pub spirit_or_out: bool,
    /// Every action die left this round is discarded.
    pub discard_dice: bool,
    /// Dice off every roll.
    pub all_rolls: u8,
    /// Dice off the rolls that use the wounded part.
    pub area_rolls: u8,
    /// Dice off rolls that need sight.
    pub sight_rolls: u8,
    /// Dice off spellcasting.
    pub cast_rolls: u8,
    /// An immediate footing roll (BODY, this many dice off) or fall prone.
    pub falls: Option<u8>,
    /// Every Move or Charge needs a footing roll (this many dice off) or the
    /// mover falls prone instead.
    pub footing_on_move: Option<u8>,
    /// A wounded arm lets go of what it holds.
    pub drops_held: bool,
    /// Bleeds each round (the penalty comes with the table entry).
    pub bleeds: bool,
    /// Dropping applies only to an arm, falling and footing only to a leg.
    pub limb_only: bool,
}

impl EffectRule {
    /// The rule as it applies at a location.
    pub fn at(mut self, location: Location) -> Self {
        if self.limb_only {
            if !location.is_arm() {
                self.drops_held = false;
            }
            if !location.is_leg() {
                self.falls = None;
                self.footing_on_move = None;
            }
        }
        self
    }
}

/// `injuries.ron`: the location and effect tables.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InjuryTables {
    /// The location each face of the 4d6 names.
    #[serde(deserialize_with = "unique_keys")]
    pub location_faces: BTreeMap<u8, Location>,
    /// Pairs of connected locations, along which a triple or quadruple shifts.
    pub connections: Vec<(Location, Location)>,
    /// When the attacker may shift, it takes the first location in this list it can reach.
    pub shift_preference: Vec<Location>,
    /// Added to the effect roll for a Killing Blow or Massive damage.
    pub killing_blow_bonus: u8,
    /// Each location's effect table: entry 1 to 6, then 7 and up.
    #[serde(deserialize_with = "unique_keys")]
    pub effects: BTreeMap<Location, Vec<InjuryEffect>>,
    /// What each effect does, keyed by [`InjuryEffect::kind`].
    #[serde(deserialize_with = "unique_keys")]
    pub rules: BTreeMap<InjuryEffect, EffectRule>,
    /// The weapon a combatant fights with when it has dropped every other.
    pub unarmed: String,
}

impl InjuryTables {
    /// What an injury does, where it landed.
    pub fn rule(&self, injury: Injury) -> EffectRule {
        self.rules
            .get(&injury.effect.kind())
            .copied()
            .unwrap_or_default()
            .at(injury.location)
    }

    /// The effect for an effect roll of `total` at a location (7 and up is the last entry).
    pub fn effect(&self, location: Location, total: u8) -> Option<InjuryEffect> {
        let table = self.effects.get(&location)?;
        let index = usize::from(total.clamp(1, 7)) - 1;
        table.get(index.min(table.len().saturating_sub(1))).copied()
    }
}

/// The 4d6 location roll read: the location named and how far it may shift.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LocationRoll {
    pub face: u8,
    /// 1 for a triple, 2 for a quadruple.
    pub shift: u8,
}

/// Reads 4d6: the most common face; on a draw (two pairs, four singles) the
/// highest of those tied. A triple may shift one area, a quadruple two.
pub fn read_location_dice(faces: &[u8]) -> LocationRoll {
    let count = |face: u8| faces.iter().filter(|&&f| f == face).count();
    let face = (1..=6u8)
        .max_by_key(|&face| (count(face), face))
        .unwrap_or(6);
    let shift = match count(face) {
        0..=2 => 0,
        3 => 1,
        _ => 2,
    };
    LocationRoll { face, shift }
}

/// The locations within `steps` connected areas of `from`. Left-out
/// optional locations are passed through as if they were not there.
pub fn reachable(
    tables: &InjuryTables,
    from: Location,
    steps: u8,
    optional_locations: bool,
) -> Vec<Location> {
    let present = |l: Location| optional_locations || !l.optional();
    let neighbours = |l: Location| -> Vec<Location> {
        let mut out = Vec::new();
        let mut frontier = vec![l];
        let mut seen = vec![l];
        while let Some(at) = frontier.pop() {
            for &(a, b) in &tables.connections {
                let next = if a == at {
                    b
                } else if b == at {
                    a
                } else {
                    continue;
                };
                if seen.contains(&next) {
                    continue;
                }
                seen.push(next);
                if present(next) {
                    out.push(next);
                } else {
                    frontier.push(next);
                }
            }
        }
        out
    };
    let mut found = vec![from];
    let mut edge = vec![from];
    for _ in 0..steps {
        let mut next = Vec::new();
        for at in edge {
            for n in neighbours(at) {
                if !found.contains(&n) {
                    found.push(n);
                    next.push(n);
                }
            }
        }
        edge = next;
    }
    found.sort();
    found
}

/// Where the attacker shifts an injury when a triple or quadruple lets it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Shift {
    /// To the most dangerous place it can reach (`shift_preference`).
    #[default]
    Worst,
    /// Keep the rolled location.
    Stay,
    /// To this location if it can be reached, else the most dangerous.
    To(Location),
}

/// The location an attacker settles on: the rolled one, or where its shift
/// choice takes it among the locations the roll lets it reach.
pub fn choose_location(
    tables: &InjuryTables,
    roll: LocationRoll,
    optional_locations: bool,
    shift: Shift,
) -> Option<Location> {
    let rolled = *tables.location_faces.get(&roll.face)?;
    let options = reachable(tables, rolled, roll.shift, optional_locations);
    let worst = || {
        tables
            .shift_preference
            .iter()
            .copied()
            .find(|l| options.contains(l))
            .unwrap_or(rolled)
    };
    Some(match shift {
        Shift::Stay => rolled,
        Shift::To(wanted) if options.contains(&wanted) => wanted,
        Shift::To(_) | Shift::Worst => worst(),
    })
}

/// One injury a combatant carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Injury {
    pub location: Location,
    pub effect: InjuryEffect,
}

/// Dice off a roll of `kind` for the wounds carried.
pub fn wound_penalty(tables: &InjuryTables, wounds: &[Injury], kind: RollKind) -> u32 {
    wounds
        .iter()
        .map(|injury| {
            let rule = tables.rule(*injury);
            let mut dice = u32::from(rule.all_rolls);
            if injury.location.used_by(kind) {
                dice += u32::from(rule.area_rolls);
            }
            if kind.needs_sight() {
                dice += u32::from(rule.sight_rolls);
            }
            if kind == RollKind::Cast {
                dice += u32::from(rule.cast_rolls);
            }
            if kind == RollKind::Footing {
                dice += u32::from(rule.footing_on_move.unwrap_or(0));
            }
            dice
        })
        .sum()
}

/// Action dice turned to 1s at every roll while the wounds last.
pub fn burned_dice(tables: &InjuryTables, wounds: &[Injury]) -> u32 {
    wounds
        .iter()
        .map(|injury| u32::from(tables.rule(*injury).burn_dice))
        .sum()
}

/// Whether moving calls for a footing roll.
pub fn needs_footing(tables: &InjuryTables, wounds: &[Injury]) -> bool {
    wounds
        .iter()
        .any(|injury| tables.rule(*injury).footing_on_move.is_some())
}

/// Burns `count` action dice: the owner turns its lowest dice that are not
/// already 1s into 1s (the choice that costs it least). Returns how many burned.
pub fn burn_dice(pool: &mut [u8], count: u32) -> u32 {
    let mut burned = 0;
    for _ in 0..count {
        let lowest = pool
            .iter()
            .enumerate()
            .filter(|(_, f)| **f > 1)
            .min_by_key(|(i, f)| (**f, *i))
            .map(|(i, _)| i);
        match lowest {
            Some(index) => {
                pool[index] = 1;
                burned += 1;
            }
            None => break,
        }
    }
    burned
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tables() -> InjuryTables {
        ron::from_str(include_str!("../../../../assets/data/injuries.ron"))
            .expect("injuries.ron parses")
    }

    #[test]
    fn location_is_the_most_common_face_and_a_triple_shifts_one_area() {
        let tables = tables();
        let roll = read_location_dice(&[4, 4, 4, 6]);
        assert_eq!(roll, LocationRoll { face: 4, shift: 1 });
        assert_eq!(tables.location_faces[&4], Location::RightArm);
        assert_eq!(
            reachable(&tables, Location::RightArm, 1, true),
            vec![Location::Chest, Location::RightArm]
        );
        assert_eq!(
            choose_location(&tables, roll, true, Shift::Worst),
            Some(Location::Chest)
        );
        assert_eq!(
            choose_location(&tables, roll, true, Shift::Stay),
            Some(Location::RightArm)
        );
        // The head is out of a single shift's reach: the worst reachable instead.
        assert_eq!(
            choose_location(&tables, roll, true, Shift::To(Location::Head)),
            Some(Location::Chest)
        );
    }

    #[test]
    fn location_draws_go_to_the_highest_face() {
        assert_eq!(read_location_dice(&[3, 3, 5, 5]).face, 5);
        assert_eq!(read_location_dice(&[1, 2, 3, 6]).face, 6);
        assert_eq!(read_location_dice(&[2, 2, 1, 6]).face, 2);
        assert_eq!(read_location_dice(&[2, 2, 2, 2]).shift, 2);
    }

    #[test]
    fn left_out_neck_and_groin_are_passed_through_by_shifts() {
        let tables = tables();
        assert!(reachable(&tables, Location::Head, 1, true).contains(&Location::Neck));
        let without = reachable(&tables, Location::Head, 1, false);
        assert!(without.contains(&Location::Chest) && !without.contains(&Location::Neck));
    }

    #[test]
    fn effect_rolls_of_seven_and_up_take_the_last_entry() {
        let tables = tables();
        assert_eq!(tables.effect(Location::Head, 9), Some(InjuryEffect::Kill));
        assert_eq!(
            tables.effect(Location::Neck, 1),
            Some(InjuryEffect::Bleeder { penalty: 2 })
        );
    }

    #[test]
    fn burning_turns_the_lowest_dice_to_ones() {
        let mut pool = [5, 2, 1, 4];
        assert_eq!(burn_dice(&mut pool, 2), 2);
        assert_eq!(pool, [5, 1, 1, 1]);
    }

    #[test]
    fn a_fractured_arm_hampers_attacks_but_not_dodges() {
        let tables = tables();
        let wounds = [Injury {
            location: Location::RightArm,
            effect: InjuryEffect::Fracture,
        }];
        assert_eq!(wound_penalty(&tables, &wounds, RollKind::Attack), 2);
        assert_eq!(
            wound_penalty(&tables, &wounds, RollKind::Defence(Defence::Dodge)),
            0
        );
    }
}
