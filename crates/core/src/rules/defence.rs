//! Defences ("Defences", "Pools"): Dodge, Block and Parry, and the defence
//! pools that Dodge and Block leave behind.

use serde::{Deserialize, Serialize};

use crate::vocabulary::Defence;

/// A Dodge or Block roll kept in front of the defender.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DefencePool {
    pub defence: Defence,
    /// Dice in the pool, each counting as a success.
    pub dice: u8,
    /// The most the Pool action may build it to: the dice normally rolled.
    pub cap: u8,
}

impl DefencePool {
    /// After each use against an attack, the first included, one die goes.
    pub fn after_use(self) -> Option<Self> {
        (self.dice > 1).then_some(Self {
            dice: self.dice - 1,
            ..self
        })
    }

    /// The Pool action adds one die, up to the dice normally rolled.
    pub fn topped_up(self) -> Self {
        Self {
            dice: (self.dice + 1).min(self.cap.max(self.dice)),
            ..self
        }
    }

    pub fn is_full(self) -> bool {
        self.dice >= self.cap
    }
}

/// What a Dodge pool does to an attack before it is rolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DodgeEffect {
    /// Attack dice taken away.
    pub dice_removed: u32,
    /// Successes left once every attack die is gone: exposures on the attacker.
    pub exposures: u32,
}

/// Dodge: each success removes one attack die; against a fired missile one
/// success fewer counts.
pub fn dodge(attack_dice: u32, dodge_successes: u32, fired_missile: bool) -> DodgeEffect {
    let counting = if fired_missile {
        dodge_successes.saturating_sub(1)
    } else {
        dodge_successes
    };
    let dice_removed = counting.min(attack_dice);
    DodgeEffect {
        dice_removed,
        exposures: counting - dice_removed,
    }
}

/// The Block pool a block roll forms: its successes plus the shield's block
/// value, or nothing when the roll has no success (the block failed).
pub fn block_pool(block_successes: u32, shield_block: u8) -> u32 {
    if block_successes == 0 {
        0
    } else {
        block_successes + u32::from(shield_block)
    }
}

/// The pool a defence roll of `successes` leaves: a Dodge keeps its
/// successes; a Block adds the shield's block value (and fails with no
/// success); a Parry leaves none. The cap is the dice the defence normally
/// rolls.
pub fn pool_from_roll(
    defence: Defence,
    successes: u32,
    skill: u8,
    shield_block: u8,
) -> Option<DefencePool> {
    let (dice, cap) = match defence {
        Defence::Dodge => (successes, skill),
        Defence::Block => (
            block_pool(successes, shield_block),
            skill.saturating_add(shield_block),
        ),
        Defence::Parry => return None,
    };
    (dice > 0).then(|| DefencePool {
        defence,
        dice: dice.min(u32::from(u8::MAX)) as u8,
        cap,
    })
}

/// How an attack fares against a Block pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BlockOutcome {
    /// The hits do not outnumber the pool: the shield's armour counts, and
    /// the pool's surplus over the hits is exposures on the attacker.
    Holds { exposures: u32 },
    /// More hits than the pool: the block is swept aside and every hit counts.
    Overwhelmed,
}

pub fn block(attack_hits: u32, pool: u32) -> BlockOutcome {
    if attack_hits > pool {
        BlockOutcome::Overwhelmed
    } else {
        BlockOutcome::Holds {
            exposures: pool - attack_hits,
        }
    }
}

/// Parry: each success turns one missed die (above 1, below the Superiority
/// Level) into a 1, an exposure. Returns how many dice were turned; the
/// highest misses go first, the ones nearest to a hit.
pub fn parry(dice: &mut [u8], superiority_level: u8, parry_successes: u32) -> u32 {
    let mut order: Vec<usize> = (0..dice.len())
        .filter(|&i| dice[i] > 1 && dice[i] < superiority_level)
        .collect();
    order.sort_by_key(|&i| std::cmp::Reverse(dice[i]));
    let mut turned = 0;
    for index in order.into_iter().take(parry_successes as usize) {
        dice[index] = 1;
        turned += 1;
    }
    turned
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dodge_removes_one_attack_die_per_success() {
        assert_eq!(
            dodge(4, 4, false),
            DodgeEffect {
                dice_removed: 4,
                exposures: 0
            }
        );
        assert_eq!(
            dodge(4, 3, false),
            DodgeEffect {
                dice_removed: 3,
                exposures: 0
            }
        );
    }

    #[test]
    fn dodge_successes_left_over_become_exposures() {
        assert_eq!(
            dodge(2, 5, false),
            DodgeEffect {
                dice_removed: 2,
                exposures: 3
            }
        );
    }

    #[test]
    fn dodge_against_a_fired_missile_counts_one_success_fewer() {
        assert_eq!(
            dodge(4, 3, true),
            DodgeEffect {
                dice_removed: 2,
                exposures: 0
            }
        );
        assert_eq!(dodge(4, 0, true).dice_removed, 0);
    }

    #[test]
    fn block_pool_is_successes_plus_shield_and_fails_without_a_success() {
        assert_eq!(block_pool(2, 2), 4);
        assert_eq!(block_pool(0, 2), 0);
    }

    #[test]
    fn a_defence_roll_leaves_a_pool_capped_at_its_normal_dice() {
        let block = pool_from_roll(Defence::Block, 2, 5, 2).unwrap();
        assert_eq!((block.dice, block.cap), (4, 7));
        assert_eq!(pool_from_roll(Defence::Block, 0, 5, 2), None);
        assert_eq!(
            pool_from_roll(Defence::Dodge, 3, 4, 2).map(|p| p.dice),
            Some(3)
        );
        assert_eq!(pool_from_roll(Defence::Parry, 3, 4, 0), None);
    }

    #[test]
    fn block_holds_unless_the_hits_outnumber_the_pool() {
        assert_eq!(block(2, 4), BlockOutcome::Holds { exposures: 2 });
        assert_eq!(block(3, 3), BlockOutcome::Holds { exposures: 0 });
        assert_eq!(block(4, 3), BlockOutcome::Overwhelmed);
    }

    #[test]
    fn parry_turns_misses_into_ones_but_never_hits() {
        let mut dice = [6, 4, 2, 3, 1];
        assert_eq!(parry(&mut dice, 5, 2), 2);
        assert_eq!(dice, [6, 1, 2, 1, 1]);
        let mut all_hits = [5, 6];
        assert_eq!(parry(&mut all_hits, 5, 3), 0);
    }

    #[test]
    fn a_pool_loses_a_die_per_use_and_tops_up_to_its_cap() {
        let pool = DefencePool {
            defence: Defence::Dodge,
            dice: 2,
            cap: 3,
        };
        assert_eq!(pool.after_use().map(|p| p.dice), Some(1));
        assert_eq!(pool.after_use().and_then(|p| p.after_use()), None);
        assert_eq!(pool.topped_up().dice, 3);
        assert_eq!(pool.topped_up().topped_up().dice, 3);
    }
}
