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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::RuleNumbers;
    use crate::rules::dice::Dice;

    #[test]
    fn body_roll_uses_four_plus_rank_dice_and_needs_one_success() {
        let rules = RuleNumbers::standard();
        assert_eq!(characteristic_dice(&rules, 3, 0), 7);
        assert_eq!(characteristic_dice(&rules, -3, 0), 1);
        assert_eq!(characteristic_dice(&rules, -9, 0), 1);
        let roll = characteristic_roll(&rules, 0, 0, &mut Dice::scripted([1, 2, 3, 5]));
        assert!(roll.passed());
        let roll = characteristic_roll(&rules, 0, 0, &mut Dice::scripted([1, 2, 3, 4]));
        assert!(!roll.passed());
    }
}
