//! Rolling action dice (AD) at the start of each round.

use serde::{Deserialize, Serialize};

use super::dice::DiceSource;
use crate::rules::numbers::CoreNumbers;

/// How a combatant gets its action dice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ActionDiceSpec {
    /// Roll this many dice (before the cap and floor of the rules).
    Rolled(u8),
    /// A minor NPC's set list of faces, taken instead of rolling.
    Fixed(Vec<u8>),
}

impl ActionDiceSpec {
    /// The action dice it is entitled to: the count rolled, or the number
    /// of faces of a fixed list.
    pub fn entitled(&self) -> u8 {
        match self {
            Self::Rolled(count) => *count,
            Self::Fixed(faces) => u8::try_from(faces.len()).unwrap_or(u8::MAX),
        }
    }
}

/// The result of one combatant's AD roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdRoll {
    /// The dice rolled for the entitlement and any carried die (or the fixed list).
    pub rolled: Vec<u8>,
    /// Extra dice earned by sixes in `rolled`, each rolled once with no further extras.
    pub extra: Vec<u8>,
}

impl AdRoll {
    pub fn pool(&self) -> Vec<u8> {
        self.rolled.iter().chain(&self.extra).copied().collect()
    }
}

/// Rolls a combatant's action dice for a new round.
///
/// `modifier` adjusts the number of dice (wounds and the like); `carried` is
/// the number of dice kept over from the last refresh, rolled with the rest.
/// The cap applies to the entitlement only: carried and extra dice go beyond it.
pub fn roll_action_dice(
    spec: &ActionDiceSpec,
    modifier: i32,
    carried: u8,
    rules: &impl CoreNumbers,
    dice: &mut impl DiceSource,
) -> AdRoll {
    let mut rolled = match spec {
        ActionDiceSpec::Fixed(faces) => faces.clone(),
        ActionDiceSpec::Rolled(count) => {
            let entitled = (i32::from(*count) + modifier).min(i32::from(rules.max_action_dice()));
            if entitled < 1 {
                vec![rules.floor_die_face()]
            } else {
                dice.roll(entitled as usize)
            }
        }
    };
    rolled.extend(dice.roll(usize::from(carried)));
    let sixes = match spec {
        // A fixed list is given, not rolled, so only a carried die can earn an extra.
        ActionDiceSpec::Fixed(faces) => rolled[faces.len()..].iter().filter(|&&f| f == 6).count(),
        ActionDiceSpec::Rolled(_) => rolled.iter().filter(|&&f| f == 6).count(),
    };
    let extra = dice.roll(sixes);
    AdRoll { rolled, extra }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::RuleNumbers;
    use crate::rules::dice::Dice;

    fn rules() -> RuleNumbers {
        RuleNumbers::standard()
    }

    #[test]
    fn each_six_adds_one_extra_die_that_never_explodes() {
        let mut dice = Dice::scripted([6, 6, 3, 2, 6, 6]);
        let roll = roll_action_dice(&ActionDiceSpec::Rolled(4), 0, 0, &rules(), &mut dice);
        assert_eq!(roll.rolled, vec![6, 6, 3, 2]);
        assert_eq!(roll.extra, vec![6, 6]);
        assert_eq!(dice.remaining(), 0);
    }

    #[test]
    fn pool_is_capped_at_six_before_extra_dice() {
        let mut dice = Dice::scripted([2; 8]);
        let roll = roll_action_dice(&ActionDiceSpec::Rolled(8), 0, 0, &rules(), &mut dice);
        assert_eq!(roll.rolled.len(), 6);
    }

    #[test]
    fn below_one_die_gives_a_single_die_set_at_three() {
        let mut dice = Dice::scripted([]);
        let roll = roll_action_dice(&ActionDiceSpec::Rolled(2), -3, 0, &rules(), &mut dice);
        assert_eq!(roll.pool(), vec![3]);
        assert_eq!(dice.overrun(), 0);
    }

    #[test]
    fn minor_npcs_take_their_fixed_list_without_rolling() {
        let mut dice = Dice::scripted([]);
        let roll = roll_action_dice(
            &ActionDiceSpec::Fixed(vec![5, 3, 2]),
            0,
            0,
            &rules(),
            &mut dice,
        );
        assert_eq!(roll.pool(), vec![5, 3, 2]);
        assert_eq!(dice.overrun(), 0);
    }

    #[test]
    fn a_carried_die_is_rolled_with_the_new_pool() {
        let mut dice = Dice::scripted([4, 4, 5]);
        let roll = roll_action_dice(&ActionDiceSpec::Rolled(2), 0, 1, &rules(), &mut dice);
        assert_eq!(roll.pool(), vec![4, 4, 5]);
    }
}
