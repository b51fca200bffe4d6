//! Characteristic rolls (BODY, MIND, SPIRIT): the base dice plus the current
//! rank, succeeding on any die at the standard Superiority Level.

use serde::{Deserialize, Serialize};

use super::dice::DiceSource;
use crate::rules::numbers::CoreNumbers;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CharacteristicRoll {
    pub dice: Vec<u8>,
    pub successes: u32,
}

impl CharacteristicRoll {
    pub fn passed(&self) -> bool {
        self.successes > 0
    }
}

/// The dice showing `superiority_level` or more.
pub fn successes_in(faces: &[u8], superiority_level: u8) -> u32 {
    faces.iter().filter(|&&f| f >= superiority_level).count() as u32
}

/// How many dice a characteristic roll at `rank` uses (never fewer than one).
pub fn characteristic_dice(rules: &impl CoreNumbers, rank: i32, modifier: i32) -> usize {
    (i32::from(rules.characteristic_base_dice()) + rank + modifier).max(1) as usize
}

pub fn characteristic_roll(
    rules: &impl CoreNumbers,
    rank: i32,
    modifier: i32,
    dice: &mut impl DiceSource,
) -> CharacteristicRoll {
    let faces = dice.roll(characteristic_dice(rules, rank, modifier));
    let successes = successes_in(&faces, rules.standard_sl());
    CharacteristicRoll {
        dice: faces,
        successes,
    }
}
