//! Where every die in a battle comes from: one seeded portable generator kept
//! with the battle, or a scripted list of results for tests and rules scripts.

use std::collections::VecDeque;

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{Rng, RngExt};
use serde::{Deserialize, Serialize};

/// Anything that can roll a six-sided die.
pub trait DiceSource {
    fn d6(&mut self) -> u8;

    fn roll(&mut self, count: usize) -> Vec<u8> {
        (0..count).map(|_| self.d6()).collect()
    }
}

/// The battle's dice. Saved with the battle, so a loaded game rolls on exactly
/// as the original would have.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Dice {
    Seeded(Xoshiro256PlusPlus),
    /// Results taken in order. Once they run out the generator takes over and
    /// `overrun` counts the extra rolls, so a script can report it.
    Scripted {
        results: VecDeque<u8>,
        overrun: usize,
        fallback: Xoshiro256PlusPlus,
    },
}

impl Dice {
    pub fn seeded(seed: u64) -> Self {
        Self::Seeded(Xoshiro256PlusPlus::seed_from_u64(seed))
    }

    pub fn scripted(results: impl IntoIterator<Item = u8>) -> Self {
        Self::Scripted {
            results: results.into_iter().collect(),
            overrun: 0,
            fallback: Xoshiro256PlusPlus::seed_from_u64(0),
        }
    }

    /// How many rolls a scripted source had to invent after its list ran out.
    pub fn overrun(&self) -> usize {
        match self {
            Self::Seeded(_) => 0,
            Self::Scripted { overrun, .. } => *overrun,
        }
    }

    /// Mixes randomness from outside the battle into the seeded dice, so that
    /// nobody who knows the battle's seed can foresee the rolls that follow
    /// (network play: the server stirs after each command it accepts).
    /// Scripted dice keep their list.
    pub fn stir(&mut self, salt: u64) {
        if let Self::Seeded(rng) = self {
            let mut seed = [0u8; 32];
            rng.fill_bytes(&mut seed);
            for (byte, salt_byte) in seed.iter_mut().zip(salt.to_le_bytes()) {
                *byte ^= salt_byte;
            }
            *rng = Xoshiro256PlusPlus::from_seed(seed);
        }
    }

    /// Scripted results not yet used.
    pub fn remaining(&self) -> usize {
        match self {
            Self::Seeded(_) => 0,
            Self::Scripted { results, .. } => results.len(),
        }
    }
}

impl DiceSource for Dice {
    fn d6(&mut self) -> u8 {
        match self {
            Self::Seeded(rng) => rng.random_range(1..=6),
            Self::Scripted {
                results,
                overrun,
                fallback,
            } => match results.pop_front() {
                Some(face) => face,
                None => {
                    *overrun += 1;
                    fallback.random_range(1..=6)
                }
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_dice_repeat_for_the_same_seed() {
        let a = Dice::seeded(7).roll(50);
        let b = Dice::seeded(7).roll(50);
        assert_eq!(a, b);
        assert!(a.iter().all(|face| (1..=6).contains(face)));
        assert_ne!(a, Dice::seeded(8).roll(50));
    }

    #[test]
    fn seeded_dice_survive_a_save_round_trip() {
        let mut dice = Dice::seeded(3);
        dice.roll(5);
        let saved = ron::to_string(&dice).unwrap();
        let mut loaded: Dice = ron::from_str(&saved).unwrap();
        assert_eq!(dice.roll(20), loaded.roll(20));
    }

    #[test]
    fn stirred_dice_part_from_the_seed_alone_and_repeat_for_the_same_salt() {
        let mut plain = Dice::seeded(7);
        let mut stirred = Dice::seeded(7);
        let mut again = Dice::seeded(7);
        stirred.stir(99);
        again.stir(99);
        let rolls = stirred.roll(50);
        assert_ne!(rolls, plain.roll(50));
        assert_eq!(rolls, again.roll(50));
        let mut scripted = Dice::scripted([3, 4]);
        scripted.stir(99);
        assert_eq!(scripted.roll(2), vec![3, 4]);
    }

    #[test]
    fn scripted_dice_come_in_order_then_count_the_overrun() {
        let mut dice = Dice::scripted([6, 1, 4]);
        assert_eq!(dice.roll(3), vec![6, 1, 4]);
        assert_eq!(dice.overrun(), 0);
        dice.d6();
        assert_eq!(dice.overrun(), 1);
    }
}
