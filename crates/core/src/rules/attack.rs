//! The attack roll: Superiority Level, hits, exposure and fumbles.

use serde::{Deserialize, Serialize};

use crate::rules::numbers::CoreNumbers;

/// What one attack roll came to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackRoll {
    pub dice: Vec<u8>,
    /// The lowest face that hits.
    pub superiority_level: u8,
    pub hits: u32,
    pub ones: u32,
    /// More 1s than hits: the attacker is Fumbled until its next action.
    pub fumble: bool,
    /// 1s left in front of the attacker when it did not fumble.
    pub exposures: u32,
}

/// Reads a rolled attack at the given Superiority Level.
pub fn evaluate_attack(dice: &[u8], superiority_level: u8) -> AttackRoll {
    let hits = dice.iter().filter(|&&f| f >= superiority_level).count() as u32;
    let ones = dice.iter().filter(|&&f| f == 1).count() as u32;
    let fumble = ones > hits;
    AttackRoll {
        dice: dice.to_vec(),
        superiority_level,
        hits,
        ones,
        fumble,
        exposures: if fumble { 0 } else { ones },
    }
}

/// The Superiority Level an attacker needs: the standard one, one better
/// against a Fumbled target.
pub fn superiority_level(rules: &impl CoreNumbers, target_fumbled: bool) -> u8 {
    if target_fumbled {
        rules.fumbled_target_sl()
    } else {
        rules.standard_sl()
    }
}

/// Spends a 1-AD after the roll: raises one die that is just short of a hit,
/// turning it into a hit. Returns the index raised, or `None` when no die is
/// one short (the 1 is then not spent).
pub fn raise_one_die(dice: &mut [u8], superiority_level: u8) -> Option<usize> {
    let index = dice.iter().position(|&f| f + 1 == superiority_level)?;
    dice[index] += 1;
    Some(index)
}

/// Outnumbering in a melee group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Advantage {
    None,
    /// More allies with the attacker (not counting it) than enemies.
    Minor,
    /// At least twice as many.
    Major,
}

/// Advantage ("Modifiers ToHit"): the attacker's `allies` in its melee
/// group, itself not counted, against the `enemies` there.
pub fn advantage(allies: usize, enemies: usize) -> Advantage {
    if enemies == 0 || allies <= enemies {
        Advantage::None
    } else if allies >= 2 * enemies {
        Advantage::Major
    } else {
        Advantage::Minor
    }
}

pub fn advantage_dice(rules: &impl CoreNumbers, advantage: Advantage) -> u32 {
    match advantage {
        Advantage::None => 0,
        Advantage::Minor => u32::from(rules.minor_advantage_dice()),
        Advantage::Major => u32::from(rules.major_advantage_dice()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::RuleNumbers;

    #[test]
    fn standard_superiority_level_hits_on_five_and_six() {
        let roll = evaluate_attack(&[6, 5, 4, 2], 5);
        assert_eq!(roll.hits, 2);
        assert!(!roll.fumble);
        assert_eq!(roll.exposures, 0);
    }

    #[test]
    fn ones_up_to_the_hits_are_exposures() {
        let roll = evaluate_attack(&[6, 1, 3], 5);
        assert_eq!((roll.hits, roll.exposures, roll.fumble), (1, 1, false));
    }

    #[test]
    fn more_ones_than_hits_is_a_fumble() {
        let roll = evaluate_attack(&[6, 1, 1], 5);
        assert!(roll.fumble);
        assert_eq!(roll.exposures, 0);
    }

    #[test]
    fn a_fumbled_target_is_hit_on_four_to_six() {
        let rules = RuleNumbers::standard();
        assert_eq!(superiority_level(&rules, true), 4);
        assert_eq!(evaluate_attack(&[4, 3], 4).hits, 1);
    }

    #[test]
    fn a_one_raises_a_die_just_short_of_a_hit() {
        let mut dice = [3, 4, 2];
        assert_eq!(raise_one_die(&mut dice, 5), Some(1));
        assert_eq!(dice, [3, 5, 2]);
        assert_eq!(raise_one_die(&mut [2, 3], 5), None);
    }

    #[test]
    fn advantage_counts_the_attackers_allies_against_enemies() {
        assert_eq!(advantage(1, 1), Advantage::None);
        assert_eq!(advantage(3, 2), Advantage::Minor);
        assert_eq!(advantage(2, 1), Advantage::Major);
        assert_eq!(advantage(4, 2), Advantage::Major);
    }
}
