//! Damage by weapon weight, and what damage does to a combatant.

use serde::{Deserialize, Serialize};

/// How a weight class turns successes into damage (from the rules data).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DamageRule {
    /// `base` damage on the first success, one more for every
    /// `successes_per_extra` successes after it (Light is 1+2d, Medium 1+1d).
    Points { base: u8, successes_per_extra: u8 },
    /// Any hit is a Killing Blow (Massive weapons).
    KillingBlow,
}

/// The damage of one attack before armour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum WeaponDamage {
    Points(u32),
    KillingBlow,
}

/// Damage for a number of successes; `None` for no successes.
pub fn weapon_damage(rule: DamageRule, successes: u32) -> Option<WeaponDamage> {
    if successes == 0 {
        return None;
    }
    Some(match rule {
        DamageRule::Points {
            base,
            successes_per_extra,
        } => WeaponDamage::Points(
            u32::from(base) + (successes - 1) / u32::from(successes_per_extra.max(1)),
        ),
        DamageRule::KillingBlow => WeaponDamage::KillingBlow,
    })
}

/// The damage of a subdual attack ("InClose Combat"): the hold's weight class
/// turns the holder's successes into damage, as a weapon's would; a Massive
/// hold beats any resistance. It puts the held out of action if it is more
/// than the held's BODY successes.
pub fn subdual_damage(rule: DamageRule, successes: u32) -> u32 {
    match weapon_damage(rule, successes) {
        None => 0,
        Some(WeaponDamage::Points(points)) => points,
        Some(WeaponDamage::KillingBlow) => u32::MAX,
    }
}

/// How bad a single attack's damage is against a total rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Severity {
    /// A State or one rank lost.
    Wound,
    /// More than the total rank: a rank lost and an injury.
    Trauma,
    /// More than twice the total rank (or a Massive weapon): out of action.
    KillingBlow,
    /// More than three times the total rank: killed in action.
    Massive,
}

/// The severity of `damage` against a total rank (real plus bonus ranks).
pub fn severity(damage: WeaponDamage, total_rank: i32) -> Option<Severity> {
    let points = match damage {
        WeaponDamage::KillingBlow => return Some(Severity::KillingBlow),
        WeaponDamage::Points(0) => return None,
        WeaponDamage::Points(points) => i64::from(points),
    };
    // A creature of rank 0 or less is overwhelmed by any damage.
    let total = i64::from(total_rank.max(0));
    Some(if points > 3 * total {
        Severity::Massive
    } else if points > 2 * total {
        Severity::KillingBlow
    } else if points > total {
        Severity::Trauma
    } else {
        Severity::Wound
    })
}

/// The facts about a target that decide how it takes a Wound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Soak {
    /// Minor NPCs flagged stateless always lose ranks.
    pub stateless: bool,
    /// Already in the State this damage would give.
    pub already_in_state: bool,
    /// False when surprised: no soaking into a State.
    pub may_soak: bool,
    /// The target's standing choice to take a State when it may.
    pub prefers_state: bool,
}

/// What one attack's damage does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DamageEffect {
    /// Stun (physical) or Shock (mental) instead of a rank.
    State,
    /// One rank lost.
    RankLoss,
    /// One rank lost and a Trauma.
    Trauma,
    KillingBlow,
    Massive,
}

pub fn damage_effect(severity: Severity, soak: Soak) -> DamageEffect {
    match severity {
        Severity::Wound => {
            if !soak.stateless && !soak.already_in_state && soak.may_soak && soak.prefers_state {
                DamageEffect::State
            } else {
                DamageEffect::RankLoss
            }
        }
        Severity::Trauma => DamageEffect::Trauma,
        Severity::KillingBlow => DamageEffect::KillingBlow,
        Severity::Massive => DamageEffect::Massive,
    }
}

/// Whether a combatant with `remaining` real ranks is out of action.
/// Heroic combatants go on into negative ranks down to `heroic_floor`.
/// Crossover ("CrossOver Damage"): whether the `direct_losses`th rank lost
/// on one side costs a rank on the other, at one crossover every `every`
/// direct losses (0: never). Crossover losses themselves never count.
pub fn crossover_due(direct_losses: i32, every: u8) -> bool {
    every > 0 && direct_losses > 0 && direct_losses % i32::from(every) == 0
}

/// How many ranks of the other track `direct_losses` on one track have cost
/// by crossover, at one every `every` (0: never).
pub fn crossovers_caused(direct_losses: i32, every: u8) -> i32 {
    if every == 0 {
        0
    } else {
        direct_losses.max(0) / i32::from(every)
    }
}

/// Level 9 ("Level 9"): a track rated 9 cannot be knocked off it.
pub fn unshakeable(real_rank: i8) -> bool {
    real_rank >= 9
}

pub fn out_of_action(remaining: i32, heroic: bool, heroic_floor: i32) -> bool {
    if heroic {
        remaining <= heroic_floor
    } else {
        remaining <= 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIGHT: DamageRule = DamageRule::Points {
        base: 1,
        successes_per_extra: 2,
    };
    const MEDIUM: DamageRule = DamageRule::Points {
        base: 1,
        successes_per_extra: 1,
    };
    const HEAVY: DamageRule = DamageRule::Points {
        base: 2,
        successes_per_extra: 1,
    };

    #[test]
    fn light_weapons_damage_on_one_three_five_seven_successes() {
        let damage: Vec<_> = (1..=7).map(|s| weapon_damage(LIGHT, s)).collect();
        use WeaponDamage::Points;
        assert_eq!(
            damage,
            [
                Points(1),
                Points(1),
                Points(2),
                Points(2),
                Points(3),
                Points(3),
                Points(4)
            ]
            .map(Some)
        );
    }

    #[test]
    fn medium_is_one_plus_one_per_success_and_heavy_two_plus_one() {
        assert_eq!(weapon_damage(MEDIUM, 3), Some(WeaponDamage::Points(3)));
        assert_eq!(weapon_damage(HEAVY, 1), Some(WeaponDamage::Points(2)));
        assert_eq!(weapon_damage(HEAVY, 3), Some(WeaponDamage::Points(4)));
        assert_eq!(weapon_damage(HEAVY, 0), None);
    }

    #[test]
    fn a_rank_three_hero_takes_trauma_from_four_and_a_killing_blow_from_seven() {
        assert_eq!(severity(WeaponDamage::Points(3), 3), Some(Severity::Wound));
        assert_eq!(severity(WeaponDamage::Points(4), 3), Some(Severity::Trauma));
        assert_eq!(severity(WeaponDamage::Points(6), 3), Some(Severity::Trauma));
        assert_eq!(
            severity(WeaponDamage::Points(7), 3),
            Some(Severity::KillingBlow)
        );
        assert_eq!(
            severity(WeaponDamage::Points(10), 3),
            Some(Severity::Massive)
        );
    }

    #[test]
    fn a_massive_weapon_hit_is_a_killing_blow() {
        assert_eq!(
            weapon_damage(DamageRule::KillingBlow, 1),
            Some(WeaponDamage::KillingBlow)
        );
        assert_eq!(
            severity(WeaponDamage::KillingBlow, 8),
            Some(Severity::KillingBlow)
        );
    }

    #[test]
    fn a_wound_becomes_a_state_only_when_the_target_may_soak() {
        let soak = Soak {
            stateless: false,
            already_in_state: false,
            may_soak: true,
            prefers_state: true,
        };
        assert_eq!(damage_effect(Severity::Wound, soak), DamageEffect::State);
        assert_eq!(
            damage_effect(
                Severity::Wound,
                Soak {
                    stateless: true,
                    ..soak
                }
            ),
            DamageEffect::RankLoss
        );
        assert_eq!(
            damage_effect(
                Severity::Wound,
                Soak {
                    already_in_state: true,
                    ..soak
                }
            ),
            DamageEffect::RankLoss
        );
        assert_eq!(
            damage_effect(
                Severity::Wound,
                Soak {
                    may_soak: false,
                    ..soak
                }
            ),
            DamageEffect::RankLoss
        );
    }

    #[test]
    fn heroes_stay_in_action_down_to_minus_three() {
        assert!(out_of_action(0, false, -3));
        assert!(crossover_due(2, 2) && crossover_due(4, 2));
        assert!(!crossover_due(1, 2) && !crossover_due(3, 2));
        assert!(crossover_due(3, 3) && !crossover_due(2, 3));
        assert!(!crossover_due(2, 0));
        assert!(unshakeable(9) && !unshakeable(8));
        assert!(!out_of_action(0, true, -3));
        assert!(!out_of_action(-2, true, -3));
        assert!(out_of_action(-3, true, -3));
    }
}
