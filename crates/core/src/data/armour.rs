//! `armour.ron`: the armour a warband carries between battles (RULES
//! section 43, the game's own). A battle never reads it: a member's piece
//! goes into the battle as its armour number, so it is not part of the
//! battle's content hash.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{CreatureTemplate, Weapon};
use crate::unique_keys::unique_keys;
use crate::vocabulary::WeightClass;

/// The most armour a piece gives.
pub const MOST_PIECE_ARMOUR: u8 = 4;

/// `armour.ron`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmourCatalogue {
    /// Each piece by id.
    #[serde(deserialize_with = "unique_keys")]
    pub pieces: BTreeMap<String, ArmourPiece>,
    /// The piece a template wears, as part of its armour (template id to
    /// piece id). A template not named wears none: its armour is its own.
    #[serde(deserialize_with = "unique_keys")]
    pub worn: BTreeMap<String, String>,
}

/// One piece of armour.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmourPiece {
    pub name: String,
    /// Taken off the damage of every hit, as a template's armour is.
    pub armour: u8,
    /// Sets its price at a market, as a weapon's does.
    pub weight: WeightClass,
    /// The size of creature it fits (a man is 2).
    pub size: u8,
    /// Dodge dice it costs the wearer (heavy armour hinders).
    #[serde(default)]
    pub hinders: u8,
}

impl ArmourCatalogue {
    /// The piece a combatant of `template` wears by the data, (id, piece),
    /// when its `armour` (the template's, or as a level or a campaign set
    /// it) holds it: a combatant set below what the piece gives wears none.
    pub fn worn_by(&self, template: &str, armour: u8) -> Option<(&String, &ArmourPiece)> {
        let id = self.worn.get(template)?;
        self.pieces
            .get_key_value(id)
            .filter(|(_, piece)| armour >= piece.armour)
    }

    /// Why the catalogue cannot be the game's, each with the id it names:
    /// a piece that shares a weapon's id, gives no armour or too much, or
    /// fits no size; a wearer the creatures do not have, a piece it does
    /// not fit, or one worth more than the wearer's whole armour.
    pub fn problems(
        &self,
        weapons: &BTreeMap<String, Weapon>,
        creatures: &BTreeMap<String, CreatureTemplate>,
    ) -> Vec<String> {
        let mut problems = Vec::new();
        for (id, piece) in &self.pieces {
            if weapons.contains_key(id) {
                problems.push(format!("armour \"{id}\" has the id of a weapon"));
            }
            if piece.name.trim().is_empty() {
                problems.push(format!("armour \"{id}\" has no name"));
            }
            if !(1..=MOST_PIECE_ARMOUR).contains(&piece.armour) {
                problems.push(format!(
                    "armour \"{id}\" gives {} armour, expected 1 to {MOST_PIECE_ARMOUR}",
                    piece.armour
                ));
            }
            if piece.hinders > MOST_PIECE_ARMOUR {
                problems.push(format!(
                    "armour \"{id}\" costs {} Dodge dice, expected at most {MOST_PIECE_ARMOUR}",
                    piece.hinders
                ));
            }
            if !(1..=super::MOST_SIZE).contains(&i32::from(piece.size)) {
                problems.push(format!(
                    "armour \"{id}\" fits size {}, expected 1 to {}",
                    piece.size,
                    super::MOST_SIZE
                ));
            }
        }
        for (template, id) in &self.worn {
            let Some(wearer) = creatures.get(template) else {
                problems.push(format!(
                    "armour worn by \"{template}\": there is no such creature"
                ));
                continue;
            };
            let Some(piece) = self.pieces.get(id) else {
                problems.push(format!(
                    "armour worn by \"{template}\": there is no piece \"{id}\""
                ));
                continue;
            };
            if piece.size != wearer.size {
                problems.push(format!(
                    "armour worn by \"{template}\": the {} fits size {}, and the {} is size {}",
                    piece.name, piece.size, wearer.name, wearer.size
                ));
            }
            if piece.armour > wearer.armour {
                problems.push(format!(
                    "armour worn by \"{template}\": the {} gives {} armour, more than the {}'s {}",
                    piece.name, piece.armour, wearer.name, wearer.armour
                ));
            }
        }
        problems
    }
}

/// A thing a warband carries, takes as spoils and trades: a weapon or a
/// shield that is not natural, or a piece of armour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Thing<'a> {
    pub name: &'a str,
    pub weight: WeightClass,
    /// A piece of armour, not a weapon or a shield.
    pub armour: Option<&'a ArmourPiece>,
}

impl super::Ruleset {
    /// The thing `id` names, if a warband may carry it.
    pub fn thing(&self, id: &str) -> Option<Thing<'_>> {
        if let Some(piece) = self.armour.pieces.get(id) {
            return Some(Thing {
                name: &piece.name,
                weight: piece.weight,
                armour: Some(piece),
            });
        }
        let weapon = self.weapons.get(id).filter(|w| !w.natural)?;
        Some(Thing {
            name: &weapon.name,
            weight: weapon.weight,
            armour: None,
        })
    }

    /// The display name of the thing `id` names (the id itself if none).
    pub fn thing_name(&self, id: &str) -> String {
        self.thing(id)
            .map_or_else(|| id.to_string(), |thing| thing.name.to_string())
    }
}
