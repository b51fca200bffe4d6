//! What follows a battle ("OoA and KIA", "What It All Means", "NPCs",
//! "Healing"): the fate of each combatant once the fighting stops, the dying
//! and their death roll, the wounds that last, and natural healing over the
//! weeks between battles. The numbers are in `aftermath.ron`; the decisions
//! are in docs/RULES.md section 39.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::dice::DiceSource;
use super::injury::{Injury, InjuryEffect};
use super::numbers::CoreNumbers;
use super::rolls::{CharacteristicRoll, characteristic_roll, successes_in};
use crate::unique_keys::unique_keys;

/// How an injury fares once the battle is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Lasting {
    /// It ends with the battle; the ranks it cost heal like any others.
    Passes,
    /// Open until first aid and a week of complete rest (or magic) stop it;
    /// a week of travel while it is open costs a BODY roll or a rank.
    Bleeds,
    /// Heals after this many healing weeks.
    Heals { weeks: u8 },
    /// Only magic heals it.
    Permanent,
}

/// `aftermath.ron`: the numbers of the aftermath and of slow healing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AftermathRules {
    /// Wounds (physical ranks) the first week after a battle heals, by how
    /// many of its three needs (food, water, no travel) it meets: 0 to 3.
    pub first_week: [u8; 4],
    /// Wounds each later week heals, by needs met.
    pub later_weeks: [u8; 4],
    /// Extra ranks a trained healer's successful Healing roll adds to a week.
    pub healer_bonus: u8,
    /// Dice off the death roll of the dying (a BODY roll at the full rank).
    pub death_roll_penalty: u8,
    /// Dice off the BODY roll to wake from a coma, made each week of rest.
    pub wake_roll_penalty: u8,
    /// A captured member's escape, tried each week: a BODY roll at the full
    /// rank with these dice off, needing `escape_successes` successes.
    pub escape_roll_penalty: u8,
    pub escape_successes: u8,
    /// How each injury fares after the battle, by [`InjuryEffect::kind`].
    #[serde(deserialize_with = "unique_keys")]
    pub lasting: BTreeMap<InjuryEffect, Lasting>,
    /// Deeds and the advances they buy (RULES section 42).
    pub advancement: super::advancement::Advancement,
    /// What a won field leaves and what a member may carry (RULES
    /// section 43).
    pub gear: super::gear::GearRules,
    /// Coin, ransom and a market's prices (RULES section 45).
    pub trade: super::gear::TradeRules,
}

impl AftermathRules {
    /// How `injury` fares after the battle; effects not listed pass.
    pub fn lasting(&self, injury: Injury) -> Lasting {
        self.lasting
            .get(&injury.effect.kind())
            .copied()
            .unwrap_or(Lasting::Passes)
    }

    /// Wounds a week heals: the first after a battle, or a later one.
    pub fn wounds_healed(&self, first: bool, needs_met: u8) -> u8 {
        let table = if first {
            &self.first_week
        } else {
            &self.later_weeks
        };
        table[usize::from(needs_met.min(3))]
    }
}

/// How the side a combatant fought for came out of the battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SideResult {
    Won,
    Drew,
    Lost,
}

/// Where a combatant was when the battle ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndedAs {
    /// Still on the table and fighting.
    Standing,
    /// Left the table over an edge.
    Escaped,
    OutOfAction,
    /// Laid down its arms (faction alternation's surrender).
    Surrendered,
    /// Killed in action; `massive` when Massive damage did it.
    Killed {
        massive: bool,
    },
}

/// What becomes of a combatant once the battle is over, before the dying roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fallen {
    /// Stays with its side (it stood, escaped, or fled a lost field).
    Safe,
    /// Out of action, carried off by its own side.
    Recovered,
    /// A hero out of action on a lost field: in the enemy's hands.
    Captured,
    /// A follower out of action on a lost field: scattered and gone.
    LeftBehind,
    /// Killed in action: dying. `lost_field` when its side lost the field
    /// (a hero is then captured, a follower left behind); `certain` when a
    /// failed death roll is death rather than a coma.
    Dying { lost_field: bool, certain: bool },
}

/// The fate of one combatant ("OoA and KIA", "What It All Means", "NPCs").
/// Heroes are the Heroic; everyone else is a follower.
pub fn fate_after_battle(ended: EndedAs, heroic: bool, side: SideResult) -> Fallen {
    // Followers are recovered "as long as your side wins": a drawn field is
    // lost to them. A hero is defeated only with a lost field.
    let lost = side == SideResult::Lost || (side == SideResult::Drew && !heroic);
    match ended {
        EndedAs::Standing | EndedAs::Escaped => Fallen::Safe,
        EndedAs::OutOfAction if !lost => Fallen::Recovered,
        EndedAs::OutOfAction if heroic => Fallen::Captured,
        EndedAs::OutOfAction => Fallen::LeftBehind,
        // Released by the victors; taken by them if its side lost.
        EndedAs::Surrendered if !lost => Fallen::Safe,
        EndedAs::Surrendered if heroic => Fallen::Captured,
        EndedAs::Surrendered => Fallen::LeftBehind,
        // A follower killed on a lost field has no one to tend it.
        EndedAs::Killed { .. } if lost && !heroic => Fallen::Dying {
            lost_field: true,
            certain: true,
        },
        EndedAs::Killed { massive } => Fallen::Dying {
            lost_field: lost,
            certain: massive && lost,
        },
    }
}

/// The death roll of the dying: BODY at the full physical rank.
pub fn death_roll(
    rules: &impl CoreNumbers,
    aftermath: &AftermathRules,
    rank: i32,
    dice: &mut impl DiceSource,
) -> CharacteristicRoll {
    characteristic_roll(rules, rank, -i32::from(aftermath.death_roll_penalty), dice)
}

/// The weekly BODY roll to wake from a coma.
pub fn wake_roll(
    rules: &impl CoreNumbers,
    aftermath: &AftermathRules,
    rank: i32,
    dice: &mut impl DiceSource,
) -> CharacteristicRoll {
    characteristic_roll(rules, rank, -i32::from(aftermath.wake_roll_penalty), dice)
}

/// A captured member's try to escape: BODY at its full rank, with the rule's
/// dice off, needing the rule's successes.
pub fn escape_roll(
    rules: &impl CoreNumbers,
    aftermath: &AftermathRules,
    rank: i32,
    dice: &mut impl DiceSource,
) -> (CharacteristicRoll, bool) {
    let roll = characteristic_roll(rules, rank, -i32::from(aftermath.escape_roll_penalty), dice);
    let escaped = roll.successes >= u32::from(aftermath.escape_successes.max(1));
    (roll, escaped)
}

/// A trained healer's Healing roll: `dice` dice, a success at the standard
/// Superiority Level.
pub fn healing_roll(
    rules: &impl CoreNumbers,
    healer_dice: u8,
    dice: &mut impl DiceSource,
) -> CharacteristicRoll {
    let faces = dice.roll(usize::from(healer_dice.max(1)));
    let successes = successes_in(&faces, rules.standard_sl());
    CharacteristicRoll {
        dice: faces,
        successes,
    }
}

/// A week between battles: which of the three needs it meets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Week {
    pub food: bool,
    pub water: bool,
    pub travel: bool,
}

impl Week {
    /// Good food, water and no travel, counted.
    pub fn needs_met(self) -> u8 {
        u8::from(self.food) + u8::from(self.water) + u8::from(!self.travel)
    }

    /// Complete rest: what stops a bleeder once first aid is given, and
    /// what a coma needs to wake.
    pub fn rest(self) -> bool {
        !self.travel
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn killed_by_massive_damage_on_a_lost_field_is_certain_death_on_a_failed_roll() {
        assert_eq!(
            fate_after_battle(EndedAs::Killed { massive: true }, true, SideResult::Lost),
            Fallen::Dying {
                lost_field: true,
                certain: true
            }
        );
        // The same blow on a field held is a coma on a failure.
        assert_eq!(
            fate_after_battle(EndedAs::Killed { massive: true }, true, SideResult::Won),
            Fallen::Dying {
                lost_field: false,
                certain: false
            }
        );
    }

    #[test]
    fn followers_are_recovered_only_when_their_side_wins_and_heroes_unless_it_loses() {
        use {EndedAs::OutOfAction, Fallen::*, SideResult::*};
        let alone = Dying {
            lost_field: true,
            certain: true,
        };
        let dying = EndedAs::Killed { massive: false };
        for (ended, heroic, side, fallen) in [
            (OutOfAction, false, Won, Recovered),
            (OutOfAction, false, Drew, LeftBehind),
            (OutOfAction, true, Drew, Recovered),
            (dying, false, Drew, alone),
            (OutOfAction, false, Lost, LeftBehind),
            (OutOfAction, true, Lost, Captured),
        ] {
            assert_eq!(
                fate_after_battle(ended, heroic, side),
                fallen,
                "{ended:?}, heroic {heroic}, {side:?}"
            );
        }
    }

    #[test]
    fn a_week_with_food_water_and_rest_meets_three_needs() {
        let week = Week {
            food: true,
            water: true,
            travel: false,
        };
        assert_eq!(week.needs_met(), 3);
        assert_eq!(
            Week {
                travel: true,
                ..week
            }
            .needs_met(),
            2
        );
    }
}
