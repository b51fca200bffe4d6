//! Gear between battles (docs/RULES.md section 43, the game's own
//! extension): what a won field leaves and what a member may carry. The
//! numbers are the `gear` part of `aftermath.ron`; coin and trade
//! (section 45) are its `trade` part.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::vocabulary::WeightClass;

/// `gear` in `aftermath.ron`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GearRules {
    /// The most weapons a member carries (natural weapons and its shield
    /// not counted).
    pub most_weapons: u8,
    /// Weapons of this class and heavier need a member of `big_size` or
    /// more.
    pub big_class: WeightClass,
    pub big_size: u8,
    /// The most things the stash holds; spoils past it are left on the
    /// field.
    pub most_in_stash: u8,
}

/// `trade` in `aftermath.ron` (RULES section 45, the game's own): the coin
/// a won field and a ransom bring, and what a town's market asks and pays.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TradeRules {
    /// Coin in the purse of each foe out of action on a field won.
    pub coin_per_foe: u16,
    /// More in a foe hero's.
    pub coin_per_hero: u16,
    /// A captive hero given back for coin.
    pub ransom: u16,
    /// A thing's price at a market, by its weight class.
    pub prices: BTreeMap<WeightClass, u16>,
    /// What a market pays for a thing, as a share of its price in percent.
    pub sell_percent: u8,
    /// The most coin a warband holds; more is left behind.
    pub most_coin: u32,
}

impl TradeRules {
    /// What a market asks for a thing of `weight`.
    pub fn price(&self, weight: WeightClass) -> u32 {
        self.prices.get(&weight).copied().map_or(0, u32::from)
    }

    /// What a market pays for a thing of `weight`: its share, rounded down.
    pub fn sale_price(&self, weight: WeightClass) -> u32 {
        self.price(weight) * u32::from(self.sell_percent) / 100
    }
}

/// Why `trade` cannot be the game's, if it cannot: a weight class with no
/// price, a market that pays more than it asks.
pub fn check_trade(trade: &TradeRules) -> Vec<String> {
    let mut problems = Vec::new();
    for weight in WeightClass::ALL {
        if !trade.prices.contains_key(&weight) {
            problems.push(format!("trade: \"{}\" things have no price", weight.name()));
        }
    }
    if trade.sell_percent > 100 {
        problems.push(format!(
            "trade: a market pays {}% of a price, more than it asks",
            trade.sell_percent
        ));
    }
    problems
}
