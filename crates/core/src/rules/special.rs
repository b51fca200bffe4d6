//! Special results ("Special Results"): the successes of an attack beyond
//! the one needed buy extra effects, at costs set in `actions.ron`. The
//! attacker names them with the attack, in the order it wants them; after
//! the roll each is bought while enough extra successes are left, and what
//! is spent no longer counts toward the damage.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// One special result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum SpecialResult {
    /// More successes toward the damage.
    ExtraDamage,
    /// The target makes a BODY roll or drops its weapon.
    Disarm,
    /// The target loses its best action die.
    LoseActionDie,
    /// The target is Stunned.
    Stun,
    /// The target's weapon (or, unarmed, its shield) breaks.
    BreakWeapon,
    /// Exposure dice are laid in front of the target.
    Expose,
    /// The target's armour is one less for the rest of the battle.
    RemoveArmour,
    /// The attacker steps out of the melee after the blow.
    MoveOutOfContact,
    /// A reach-armed target in the zone is drawn into the attacker's melee.
    DrawIntoContact,
    /// The target is thrown out of its melee.
    Knockback,
    /// The target falls prone, unless it is far bigger than the attacker.
    Knockdown,
    /// The target is hamstrung: every move needs a footing roll.
    Hamstring,
    /// The target's defence pool loses a die.
    ReduceDefencePool,
}

impl SpecialResult {
    pub const ALL: [Self; 13] = [
        Self::ExtraDamage,
        Self::Disarm,
        Self::LoseActionDie,
        Self::Stun,
        Self::BreakWeapon,
        Self::Expose,
        Self::RemoveArmour,
        Self::MoveOutOfContact,
        Self::DrawIntoContact,
        Self::Knockback,
        Self::Knockdown,
        Self::Hamstring,
        Self::ReduceDefencePool,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Self::ExtraDamage => "+damage",
            Self::Disarm => "Disarm",
            Self::LoseActionDie => "Lose a die",
            Self::Stun => "Stun",
            Self::BreakWeapon => "Break weapon",
            Self::Expose => "Expose",
            Self::RemoveArmour => "Remove armour",
            Self::MoveOutOfContact => "Step out",
            Self::DrawIntoContact => "Draw in",
            Self::Knockback => "Knockback",
            Self::Knockdown => "Knockdown",
            Self::Hamstring => "Hamstring",
            Self::ReduceDefencePool => "Reduce pool",
        }
    }
}

/// `special_results` in `actions.ron`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecialRules {
    /// Extra successes each special costs.
    pub costs: BTreeMap<SpecialResult, u8>,
    /// Successes toward the damage that ExtraDamage adds.
    pub extra_damage: u8,
    /// Exposure dice that Expose lays on the target.
    pub exposure_dice: u8,
    /// A target this many times the attacker's size cannot be knocked down.
    pub knockdown_size_ratio: u8,
}

/// What an attack's hits buy: the specials, and the successes left for damage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpecialsBought {
    pub bought: Vec<SpecialResult>,
    pub damage_successes: u32,
}

/// Buys the chosen specials in order from the successes beyond the first;
/// those not `applicable` now, and those the successes left cannot pay
/// for, are passed over.
pub fn buy_specials(
    hits: u32,
    chosen: &[SpecialResult],
    rules: &SpecialRules,
    applicable: impl Fn(SpecialResult) -> bool,
) -> SpecialsBought {
    if hits == 0 {
        return SpecialsBought {
            bought: Vec::new(),
            damage_successes: 0,
        };
    }
    let mut extra = hits - 1;
    let mut bonus = 0;
    let mut bought = Vec::new();
    for &special in chosen {
        let cost = u32::from(rules.costs.get(&special).copied().unwrap_or(u8::MAX));
        if cost > extra || bought.contains(&special) || !applicable(special) {
            continue;
        }
        extra -= cost;
        if special == SpecialResult::ExtraDamage {
            bonus += u32::from(rules.extra_damage);
        }
        bought.push(special);
    }
    SpecialsBought {
        bought,
        damage_successes: 1 + extra + bonus,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> SpecialRules {
        let catalogue: crate::data::ActionCatalogue =
            ron::from_str(include_str!("../../../../assets/data/actions.ron")).expect("parses");
        catalogue.special_results
    }

    #[test]
    fn extra_successes_buy_specials_in_order_and_the_rest_is_damage() {
        let rules = rules();
        // Four hits: three extra. Stun (2) then Expose (1); nothing left.
        let bought = buy_specials(
            4,
            &[SpecialResult::Stun, SpecialResult::Expose],
            &rules,
            |_| true,
        );
        assert_eq!(
            bought.bought,
            vec![SpecialResult::Stun, SpecialResult::Expose]
        );
        assert_eq!(bought.damage_successes, 1);
    }

    #[test]
    fn a_special_the_successes_cannot_pay_for_is_passed_over() {
        let rules = rules();
        let bought = buy_specials(
            2,
            &[SpecialResult::BreakWeapon, SpecialResult::ExtraDamage],
            &rules,
            |_| true,
        );
        // Break weapon costs 3; the one extra success buys +2 damage successes.
        assert_eq!(bought.bought, vec![SpecialResult::ExtraDamage]);
        assert_eq!(bought.damage_successes, 3);
    }

    #[test]
    fn a_single_hit_buys_nothing() {
        let bought = buy_specials(1, &[SpecialResult::Expose], &rules(), |_| true);
        assert!(bought.bought.is_empty());
        assert_eq!(bought.damage_successes, 1);
    }
}
