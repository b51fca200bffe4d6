//! Paying for an action with action dice.
//!
//! Dice other than 1s are discarded until their pips reach the cost; wastage
//! is allowed. 1s never combine toward a cost (they only buy the 1-AD options).

use serde::{Deserialize, Serialize};

/// What an action costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cost {
    /// Dice whose pips total at least this much.
    Pips(u8),
    /// Exactly one die that is not a 1, whatever it shows (defences, Recover).
    FullDie,
    /// Nothing from the pool (holding, passing).
    Free,
}

/// Why a payment does not work.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum PaymentError {
    /// The pool cannot reach the cost at all.
    CannotAfford { cost: Cost, pool: Vec<u8> },
    /// A named die is not in the pool (or named more often than it is there).
    DieNotInPool { face: u8 },
    /// 1s cannot be combined toward a cost.
    OnesCannotPay,
    /// The named dice fall short of the cost.
    ShortOfCost { cost: Cost, paid: u8 },
    /// A die named for an action that costs nothing.
    SuperfluousDie { face: u8 },
    /// A full-die cost takes exactly one die.
    NotOneDie,
}

/// The least wasteful way to pay `cost` from `pool`: fewest pips over the
/// cost, then fewest dice, then the smallest dice. Returns indices into `pool`.
pub fn least_wasteful(pool: &[u8], cost: Cost) -> Option<Vec<usize>> {
    match cost {
        Cost::Free => Some(Vec::new()),
        Cost::FullDie => pool
            .iter()
            .enumerate()
            .filter(|&(_, &face)| face > 1)
            .min_by_key(|&(_, &face)| face)
            .map(|(index, _)| vec![index]),
        Cost::Pips(needed) => {
            // Pools hold a dozen dice or so, so trying every subset is cheap;
            // past 24 usable dice, the rest are left out of the search.
            let usable: Vec<usize> = (0..pool.len()).filter(|&i| pool[i] > 1).take(24).collect();
            let mut best: Option<(u32, u32, u32)> = None;
            for mask in 1u32..(1 << usable.len()) {
                let mut total = 0;
                let mut bits = mask;
                while bits != 0 {
                    total += u32::from(pool[usable[bits.trailing_zeros() as usize]]);
                    bits &= bits - 1;
                }
                if total < u32::from(needed) {
                    continue;
                }
                let key = (total, mask.count_ones());
                if best.is_none_or(|(t, n, _)| key < (t, n)) {
                    best = Some((total, key.1, mask));
                }
            }
            best.map(|(_, _, mask)| {
                usable
                    .iter()
                    .enumerate()
                    .filter(|(bit, _)| mask & (1 << bit) != 0)
                    .map(|(_, &i)| i)
                    .collect()
            })
        }
    }
}

/// Checks a payment named by die faces, returning the indices it takes.
pub fn check_payment(pool: &[u8], cost: Cost, faces: &[u8]) -> Result<Vec<usize>, PaymentError> {
    if faces.contains(&1) {
        return Err(PaymentError::OnesCannotPay);
    }
    let mut taken = vec![false; pool.len()];
    let mut indices = Vec::with_capacity(faces.len());
    for &face in faces {
        let index = (0..pool.len())
            .find(|&i| !taken[i] && pool[i] == face)
            .ok_or(PaymentError::DieNotInPool { face })?;
        taken[index] = true;
        indices.push(index);
    }
    match cost {
        Cost::Free => {
            if let Some(&face) = faces.first() {
                return Err(PaymentError::SuperfluousDie { face });
            }
        }
        Cost::FullDie => {
            if faces.len() != 1 {
                return Err(PaymentError::NotOneDie);
            }
        }
        Cost::Pips(needed) => {
            let total: u32 = faces.iter().map(|&f| u32::from(f)).sum();
            if total < u32::from(needed) {
                return Err(PaymentError::ShortOfCost {
                    cost,
                    paid: total.min(255) as u8,
                });
            }
        }
    }
    Ok(indices)
}

/// Chooses the dice for `cost`: the named faces if given, else the least wasteful.
pub fn choose_payment(
    pool: &[u8],
    cost: Cost,
    faces: Option<&[u8]>,
) -> Result<Vec<usize>, PaymentError> {
    match faces {
        Some(faces) => check_payment(pool, cost, faces),
        None => least_wasteful(pool, cost).ok_or_else(|| PaymentError::CannotAfford {
            cost,
            pool: pool.to_vec(),
        }),
    }
}

/// Whether the pool can pay the cost at all.
pub fn can_afford(pool: &[u8], cost: Cost) -> bool {
    match cost {
        Cost::Free => true,
        Cost::FullDie => pool.iter().any(|&f| f > 1),
        Cost::Pips(needed) => {
            pool.iter()
                .filter(|&&f| f > 1)
                .map(|&f| u32::from(f))
                .sum::<u32>()
                >= u32::from(needed)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn faces(pool: &[u8], indices: &[usize]) -> Vec<u8> {
        indices.iter().map(|&i| pool[i]).collect()
    }

    #[test]
    fn dice_combine_to_reach_a_cost_with_wastage_allowed() {
        let pool = [2, 3, 1];
        let paid = least_wasteful(&pool, Cost::Pips(4)).unwrap();
        assert_eq!(faces(&pool, &paid), vec![2, 3]);
    }

    #[test]
    fn least_wasteful_prefers_exact_then_fewer_dice() {
        let pool = [6, 4, 2, 2];
        assert_eq!(
            faces(&pool, &least_wasteful(&pool, Cost::Pips(4)).unwrap()),
            vec![4]
        );
        let pool = [6, 5];
        assert_eq!(
            faces(&pool, &least_wasteful(&pool, Cost::Pips(4)).unwrap()),
            vec![5]
        );
    }

    #[test]
    fn ones_never_combine_toward_a_cost() {
        assert!(least_wasteful(&[1, 1, 1, 1], Cost::Pips(3)).is_none());
        assert!(!can_afford(&[1, 1, 2], Cost::Pips(3)));
        assert_eq!(
            check_payment(&[1, 3], Cost::Pips(4), &[1, 3]),
            Err(PaymentError::OnesCannotPay)
        );
    }

    #[test]
    fn a_named_payment_must_reach_the_cost_and_may_waste_dice() {
        let pool = [5, 3, 2];
        assert_eq!(check_payment(&pool, Cost::Pips(4), &[3, 2]), Ok(vec![1, 2]));
        assert!(matches!(
            check_payment(&pool, Cost::Pips(4), &[3]),
            Err(PaymentError::ShortOfCost { .. })
        ));
        // Wastage is allowed: a named die beyond the cost is spent too.
        assert_eq!(check_payment(&pool, Cost::Pips(4), &[5, 2]), Ok(vec![0, 2]));
        assert_eq!(
            check_payment(&pool, Cost::Free, &[2]),
            Err(PaymentError::SuperfluousDie { face: 2 })
        );
        assert_eq!(
            check_payment(&pool, Cost::Pips(4), &[6]),
            Err(PaymentError::DieNotInPool { face: 6 })
        );
    }

    #[test]
    fn a_full_die_cost_takes_one_die_that_is_not_a_one() {
        assert_eq!(least_wasteful(&[1, 4, 2], Cost::FullDie), Some(vec![2]));
        assert_eq!(least_wasteful(&[1, 1], Cost::FullDie), None);
        assert_eq!(
            check_payment(&[4, 2], Cost::FullDie, &[4, 2]),
            Err(PaymentError::NotOneDie)
        );
    }
}
