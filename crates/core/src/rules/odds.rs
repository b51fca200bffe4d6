//! Exact odds of an attack, computed from the dice (never sampled): the odds
//! preview and the AI both read these.

use std::rc::Rc;

use serde::{Deserialize, Serialize};

use super::damage::{
    DamageEffect, DamageRule, Soak, WeaponDamage, damage_effect, severity, weapon_damage,
};
use super::defence::{BlockOutcome, block};
use super::special::{SpecialResult, SpecialRules, buy_specials};

/// What the attack's odds depend on about the target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TargetFacts {
    pub armour: u8,
    /// Real plus bonus ranks: the thresholds for Trauma and worse.
    pub total_rank: i32,
    pub soak: Soak,
    /// Out of action: any hit calls for a BODY roll with this many dice.
    pub fallen_body_dice: Option<u32>,
    /// A Block pool standing against the attack, and the shield's armour
    /// that counts while it holds.
    pub block: Option<(u32, u8)>,
    /// The successes of a Parry answering the attack: each turns a missed
    /// die into a 1, and those 1s stay as exposures even through a Fumble.
    pub parry: u32,
}

/// The chance of each result of one attack. The effect chances add up to one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AttackOdds {
    /// Chance of exactly `k` hits, for `k` from 0 to the pool size.
    pub hits: Vec<f64>,
    pub fumble: f64,
    /// Expected exposure dice left in front of the attacker.
    pub exposure: f64,
    pub nothing: f64,
    pub state: f64,
    pub rank_loss: f64,
    pub trauma: f64,
    pub killing_blow: f64,
    pub massive: f64,
    /// Against a fallen target: the chance it dies.
    pub killed: f64,
    /// The chance each special result named with the attack is bought.
    #[serde(default)]
    pub specials: Vec<(SpecialResult, f64)>,
}

impl AttackOdds {
    pub fn at_least_one_hit(&self) -> f64 {
        1.0 - self.hits.first().copied().unwrap_or(1.0)
    }

    /// Chance of a Killing Blow or Massive damage.
    pub fn killing_blow_or_worse(&self) -> f64 {
        self.killing_blow + self.massive
    }
}

impl AttackOdds {
    /// All chances zero, for `hits` outcomes of hits.
    fn zero(hits: usize) -> Self {
        Self {
            hits: vec![0.0; hits],
            fumble: 0.0,
            exposure: 0.0,
            nothing: 0.0,
            state: 0.0,
            rank_loss: 0.0,
            trauma: 0.0,
            killing_blow: 0.0,
            massive: 0.0,
            killed: 0.0,
            specials: Vec::new(),
        }
    }

    /// The odds of an attack whose circumstances are one of several, each
    /// with its chance (the chances add up to one).
    pub fn blend(parts: &[(f64, AttackOdds)]) -> AttackOdds {
        let longest = parts.iter().map(|(_, o)| o.hits.len()).max().unwrap_or(1);
        let mut blended = AttackOdds::zero(longest);
        for (p, odds) in parts {
            for (k, chance) in odds.hits.iter().enumerate() {
                blended.hits[k] += p * chance;
            }
            blended.fumble += p * odds.fumble;
            blended.exposure += p * odds.exposure;
            blended.nothing += p * odds.nothing;
            blended.state += p * odds.state;
            blended.rank_loss += p * odds.rank_loss;
            blended.trauma += p * odds.trauma;
            blended.killing_blow += p * odds.killing_blow;
            blended.massive += p * odds.massive;
            blended.killed += p * odds.killed;
            for &(special, chance) in &odds.specials {
                match blended.specials.iter_mut().find(|(s, _)| *s == special) {
                    Some((_, total)) => *total += p * chance,
                    None => blended.specials.push((special, p * chance)),
                }
            }
        }
        blended
    }
}

/// The most dice whose joint chances [`hits_and_ones`] keeps for reuse.
const REMEMBERED_DICE: u32 = 24;

thread_local! {
    /// Joint chances already worked out, by dice and superiority level: the
    /// AI's look-ahead asks for the same few thousands of times a decision.
    static JOINT: std::cell::RefCell<std::collections::HashMap<(u32, u8), Rc<[f64]>>> =
        Default::default();
}

/// The joint chance of (hits, ones) for `dice` dice hitting on
/// `superiority_level`+, as rows of hits: the chance of `h` hits and `o`
/// ones is at `h * (dice + 1) + o`.
fn hits_and_ones(dice: u32, superiority_level: u8) -> Rc<[f64]> {
    if dice > REMEMBERED_DICE {
        return work_out_hits_and_ones(dice, superiority_level).into();
    }
    JOINT.with_borrow_mut(|known| {
        known
            .entry((dice, superiority_level))
            .or_insert_with(|| work_out_hits_and_ones(dice, superiority_level).into())
            .clone()
    })
}

fn work_out_hits_and_ones(dice: u32, superiority_level: u8) -> Vec<f64> {
    let n = dice as usize;
    let width = n + 1;
    let hit = f64::from(7 - superiority_level.clamp(2, 6)) / 6.0;
    let one = 1.0 / 6.0;
    let miss = 1.0 - hit - one;
    let mut table = vec![0.0; width * width];
    let mut next = vec![0.0; width * width];
    table[0] = 1.0;
    for rolled in 0..n {
        next.fill(0.0);
        for h in 0..=rolled {
            for o in 0..=(rolled - h) {
                let p = table[h * width + o];
                if p == 0.0 {
                    continue;
                }
                next[(h + 1) * width + o] += p * hit;
                next[h * width + o + 1] += p * one;
                next[h * width + o] += p * miss;
            }
        }
        std::mem::swap(&mut table, &mut next);
    }
    table
}

/// The exact odds of an attack of `dice` dice at `superiority_level` with a
/// weight's damage rule against a target.
pub fn attack_odds(
    dice: u32,
    superiority_level: u8,
    rule: DamageRule,
    target: &TargetFacts,
) -> AttackOdds {
    attack_odds_with_specials(dice, superiority_level, rule, target, &[], None)
}

/// The exact odds of an attack as [`attack_odds`], buying the chosen special
/// results (those that apply to the target now) with the extra successes.
pub fn attack_odds_with_specials(
    dice: u32,
    superiority_level: u8,
    rule: DamageRule,
    target: &TargetFacts,
    chosen: &[SpecialResult],
    special_rules: Option<&SpecialRules>,
) -> AttackOdds {
    let joint = hits_and_ones(dice, superiority_level);
    let n = dice as usize;
    let mut odds = AttackOdds::zero(n + 1);
    odds.specials = chosen.iter().map(|&s| (s, 0.0)).collect();
    for (h, row) in joint.chunks(n + 1).enumerate() {
        // What `h` hits do depends on `h` alone: worked out once per row, and
        // added up cell by cell in the same order as ever.
        let hit = hits_outcome(h as u32, rule, target, chosen, special_rules);
        for (o, &p) in row.iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            odds.hits[h] += p;
            let turned = target.parry.min((n - h - o) as u32) as usize;
            if o + turned > h {
                odds.fumble += p;
                odds.exposure += p * turned as f64;
            } else {
                odds.exposure += p * (o + turned) as f64;
            }
            if let Some(exposures) = hit.block_exposures {
                odds.exposure += p * f64::from(exposures);
            }
            match &hit.effect {
                HitsOutcome::Nothing => odds.nothing += p,
                HitsOutcome::Fallen { dies } => {
                    odds.killed += p * dies;
                    odds.nothing += p * (1.0 - dies);
                }
                HitsOutcome::Damage { effect, bought } => {
                    for (special, chance) in &mut odds.specials {
                        if bought.contains(special) {
                            *chance += p;
                        }
                    }
                    match effect {
                        None => odds.nothing += p,
                        Some(DamageEffect::State) => odds.state += p,
                        Some(DamageEffect::RankLoss) => odds.rank_loss += p,
                        Some(DamageEffect::Trauma) => odds.trauma += p,
                        Some(DamageEffect::KillingBlow) => odds.killing_blow += p,
                        Some(DamageEffect::Massive) => odds.massive += p,
                    }
                }
            }
        }
    }
    odds
}

/// What a number of hits does to the target, before its chance is known.
struct RowOutcome {
    /// Exposures a holding block gives the attacker.
    block_exposures: Option<u32>,
    effect: HitsOutcome,
}

enum HitsOutcome {
    /// No hits, or no effect.
    Nothing,
    /// A fallen target, killed unless its BODY roll saves it.
    Fallen { dies: f64 },
    /// Damage, with the specials it bought.
    Damage {
        effect: Option<DamageEffect>,
        bought: Vec<SpecialResult>,
    },
}

fn hits_outcome(
    hits: u32,
    rule: DamageRule,
    target: &TargetFacts,
    chosen: &[SpecialResult],
    special_rules: Option<&SpecialRules>,
) -> RowOutcome {
    let mut armour = target.armour;
    let mut block_exposures = None;
    if let Some((pool, shield_armour)) = target.block
        && let BlockOutcome::Holds { exposures } = block(hits, pool)
    {
        armour = armour.saturating_add(shield_armour);
        block_exposures = Some(exposures);
    }
    let effect = if hits == 0 {
        HitsOutcome::Nothing
    } else if let Some(body_dice) = target.fallen_body_dice {
        HitsOutcome::Fallen {
            dies: (4.0f64 / 6.0).powi(body_dice as i32),
        }
    } else {
        let mut successes = hits;
        let mut soak = target.soak;
        let mut bought = Vec::new();
        if let Some(special_rules) = special_rules {
            let purchase = buy_specials(successes, chosen, special_rules, |_| true);
            successes = purchase.damage_successes;
            // A Stun lands first: the damage then costs a rank.
            if purchase.bought.contains(&SpecialResult::Stun) {
                soak.already_in_state = true;
            }
            bought = purchase.bought;
        }
        let damage = match weapon_damage(rule, successes) {
            Some(WeaponDamage::Points(points)) => {
                WeaponDamage::Points(points.saturating_sub(u32::from(armour)))
            }
            Some(WeaponDamage::KillingBlow) => WeaponDamage::KillingBlow,
            None => WeaponDamage::Points(0),
        };
        HitsOutcome::Damage {
            effect: severity(damage, target.total_rank).map(|s| damage_effect(s, soak)),
            bought,
        }
    };
    RowOutcome {
        block_exposures,
        effect,
    }
}

/// The chance of exactly `k` successes for `k` from 0 to `dice`, each die
/// succeeding on `superiority_level` or more.
pub fn successes(dice: u32, superiority_level: u8) -> Vec<f64> {
    let hit = f64::from(7 - superiority_level.clamp(2, 6)) / 6.0;
    let mut chances = vec![1.0];
    for _ in 0..dice {
        let mut next = vec![0.0; chances.len() + 1];
        for (k, p) in chances.iter().enumerate() {
            next[k] += p * (1.0 - hit);
            next[k + 1] += p * hit;
        }
        chances = next;
    }
    chances
}

/// The chance a roll of `dice` dice scores more successes than one of
/// `against` dice (a contest of rolls: ties go to the second).
pub fn outrolls(dice: u32, against: u32, superiority_level: u8) -> f64 {
    let (mine, theirs) = (
        successes(dice, superiority_level),
        successes(against, superiority_level),
    );
    let mut below = 0.0;
    let mut chance = 0.0;
    for (k, p) in mine.iter().enumerate() {
        chance += p * below;
        below += theirs.get(k).copied().unwrap_or(0.0);
    }
    chance
}

/// The chance a characteristic roll of `dice` dice gets at least one success.
pub fn roll_passes(dice: u32, superiority_level: u8) -> f64 {
    let fail = f64::from(superiority_level.clamp(2, 6) - 1) / 6.0;
    1.0 - fail.powi(dice as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MEDIUM: DamageRule = DamageRule::Points {
        base: 1,
        successes_per_extra: 1,
    };
    const SOAK: Soak = Soak {
        stateless: false,
        already_in_state: false,
        may_soak: true,
        prefers_state: true,
    };

    fn facts(armour: u8, total_rank: i32) -> TargetFacts {
        TargetFacts {
            armour,
            total_rank,
            soak: SOAK,
            fallen_body_dice: None,
            block: None,
            parry: 0,
        }
    }

    #[test]
    fn a_parrys_turned_misses_raise_the_fumble_and_stay_as_exposures() {
        // One die at SL 5. A hit (1/3) stands; a 1 (1/6) fumbles; a miss
        // (1/2) turned into a 1 fumbles too, and stays as an exposure.
        let parried = attack_odds(
            1,
            5,
            MEDIUM,
            &TargetFacts {
                parry: 1,
                ..facts(0, 3)
            },
        );
        assert!((parried.fumble - 2.0 / 3.0).abs() < 1e-12);
        assert!((parried.exposure - 1.0 / 2.0).abs() < 1e-12);
        let open = attack_odds(1, 5, MEDIUM, &facts(0, 3));
        assert!((open.fumble - 1.0 / 6.0).abs() < 1e-12);
        assert_eq!(open.exposure, 0.0);
    }

    #[test]
    fn a_contest_of_rolls_is_won_only_by_more_successes() {
        // One die against one at SL 5: a success against a miss, 1/3 * 2/3.
        assert!((outrolls(1, 1, 5) - 2.0 / 9.0).abs() < 1e-12);
        assert_eq!(outrolls(0, 3, 5), 0.0);
        assert!(outrolls(7, 6, 5) > outrolls(6, 7, 5));
    }

    #[test]
    fn a_holding_block_adds_the_shield_armour_and_exposes_the_attacker() {
        // One Medium hit is 1 damage: a Block pool of 2 with shield armour 1
        // stops it, and leaves one exposure for each hit fewer than the pool.
        let target = TargetFacts {
            block: Some((2, 1)),
            ..facts(0, 3)
        };
        let odds = attack_odds(1, 5, MEDIUM, &target);
        assert!((odds.nothing - 1.0).abs() < 1e-12);
        // No hit: 2 exposures (and a 1 on the die is a fumble, not exposure);
        // one hit: 1 exposure.
        let expected = (2.0 / 3.0) * 2.0 + (1.0 / 3.0) * 1.0;
        assert!((odds.exposure - expected).abs() < 1e-12);
    }

    #[test]
    fn successes_follow_the_binomial_chances() {
        let chances = successes(2, 5);
        assert!((chances[0] - 4.0 / 9.0).abs() < 1e-12);
        assert!((chances[1] - 4.0 / 9.0).abs() < 1e-12);
        assert!((chances[2] - 1.0 / 9.0).abs() < 1e-12);
    }

    #[test]
    fn one_die_hits_a_third_of_the_time_at_the_standard_sl() {
        let odds = attack_odds(1, 5, MEDIUM, &facts(0, 3));
        assert!((odds.at_least_one_hit() - 1.0 / 3.0).abs() < 1e-12);
        // A lone 1 with no hit is a fumble.
        assert!((odds.fumble - 1.0 / 6.0).abs() < 1e-12);
    }

    #[test]
    fn the_effect_odds_add_up_to_one() {
        for dice in 0..10 {
            let odds = attack_odds(dice, 5, MEDIUM, &facts(1, 2));
            let total = odds.nothing
                + odds.state
                + odds.rank_loss
                + odds.trauma
                + odds.killing_blow
                + odds.massive;
            assert!((total - 1.0).abs() < 1e-9, "{dice}: {total}");
            assert!((odds.hits.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        }
    }

    #[test]
    fn two_dice_against_rank_one_give_a_trauma_on_exactly_two_hits() {
        // Medium: 2 hits are 2 damage, more than rank 1 and not more than 2.
        let odds = attack_odds(2, 5, MEDIUM, &facts(0, 1));
        assert!((odds.trauma - 1.0 / 9.0).abs() < 1e-12);
        assert!((odds.state - 2.0 * (1.0 / 3.0) * (2.0 / 3.0)).abs() < 1e-12);
    }

    #[test]
    fn a_fallen_target_dies_when_its_body_roll_fails() {
        let target = TargetFacts {
            fallen_body_dice: Some(1),
            ..facts(0, 2)
        };
        let odds = attack_odds(1, 5, MEDIUM, &target);
        assert!((odds.killed - (1.0 / 3.0) * (2.0 / 3.0)).abs() < 1e-12);
        assert!((roll_passes(1, 5) - 1.0 / 3.0).abs() < 1e-12);
    }
}
