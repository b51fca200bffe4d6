//! Coin and a town's market (RULES section 45): where the road chosen
//! passes a town with a market, the warband buys things for its stash and
//! sells things from it as it marches on, each deal checked first; and the
//! deals an AI commander makes.

use serde::{Deserialize, Serialize};

use super::events::CampaignEvent;
use super::format::{Band, Town};
use super::progress::CampaignState;
use super::warband::{Member, Whereabouts};
use crate::data::{ArmourPiece, Ruleset, Thing};
use crate::rules::aftermath::AftermathRules;
use crate::vocabulary::Defence;

/// A deal at a market, by the thing's id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Deal {
    /// From the market into the stash, for its price.
    Buy {
        #[serde(default, skip_serializing_if = "Band::is_first")]
        band: Band,
        item: String,
    },
    /// From the stash to the market, for its share of the price.
    Sell {
        #[serde(default, skip_serializing_if = "Band::is_first")]
        band: Band,
        item: String,
    },
}

impl Deal {
    fn parts(&self) -> (Band, &str, bool) {
        match self {
            Self::Buy { band, item } => (*band, item, true),
            Self::Sell { band, item } => (*band, item, false),
        }
    }
}

impl CampaignState {
    /// `band`'s coin.
    pub fn coin(&self, band: Band) -> u32 {
        match band {
            Band::Warband => self.coin,
            Band::Rival => self.rival_coin,
        }
    }

    /// The town with a market on the road chosen, if there is one.
    pub fn market(&self) -> Option<&Town> {
        let road = self.roads().get(self.road()?)?;
        road.town.as_ref().filter(|town| !town.market.is_empty())
    }

    /// Makes the `deals`, in order, at the market of the road chosen: all
    /// of them, or none and why.
    pub fn trade(
        &mut self,
        deals: &[Deal],
        (ruleset, rules): (&Ruleset, &AftermathRules),
    ) -> Result<Vec<CampaignEvent>, String> {
        if deals.is_empty() {
            return Ok(Vec::new());
        }
        if !self.battle_ahead() {
            return Err("the campaign is over: there is no battle ahead to trade for".into());
        }
        let town = self
            .market()
            .ok_or("there is no market on the road chosen")?
            .clone();
        let mut purses = [
            (self.stash.clone(), self.coin),
            (self.rival_stash.clone(), self.rival_coin),
        ];
        let mut events = Vec::new();
        for deal in deals {
            let (band, item, buy) = deal.parts();
            let (stash, coin) = &mut purses[usize::from(band == Band::Rival)];
            let thing = ruleset.thing(item).ok_or_else(|| {
                format!("there is no weapon, shield or armour \"{item}\" to trade")
            })?;
            let event = if buy {
                buy_one((item, thing), &town, (stash, coin), rules)?
            } else {
                let at = stash
                    .iter()
                    .position(|s| s == item)
                    .ok_or_else(|| format!("there is no {} in the stash to sell", thing.name))?;
                stash.remove(at);
                let price = rules.trade.sale_price(thing.weight);
                *coin = coin.saturating_add(price).min(rules.trade.most_coin);
                CampaignEvent::Sold {
                    item: thing.name.to_string(),
                    coin: price,
                }
            };
            events.push(event);
        }
        let [(stash, coin), (rival_stash, rival_coin)] = purses;
        (self.stash, self.coin, self.rival_stash, self.rival_coin) =
            (stash, coin, rival_stash, rival_coin);
        if let Some(chapter) = self.chronicle.last_mut() {
            chapter.events.extend(events.iter().cloned());
        }
        Ok(events)
    }
}

/// Buys `item` at `town` into `stash` with `coin`, checked first.
fn buy_one(
    (item, thing): (&str, Thing<'_>),
    town: &Town,
    (stash, coin): (&mut Vec<String>, &mut u32),
    rules: &AftermathRules,
) -> Result<CampaignEvent, String> {
    if !town.market.iter().any(|w| w == item) {
        return Err(format!("{} does not sell the {}", town.name, thing.name));
    }
    let price = rules.trade.price(thing.weight);
    if *coin < price {
        return Err(format!(
            "the {} costs {price} coins, and the warband has {coin}",
            thing.name
        ));
    }
    if stash.len() >= usize::from(rules.gear.most_in_stash) {
        return Err(format!(
            "the stash is full ({} things)",
            rules.gear.most_in_stash
        ));
    }
    *coin -= price;
    stash.push(item.to_string());
    Ok(CampaignEvent::Bought {
        item: thing.name.to_string(),
        coin: price,
    })
}

/// A shield's Block, 0 for none.
pub fn block_of(shield: Option<&String>, ruleset: &Ruleset) -> u8 {
    shield
        .and_then(|id| ruleset.weapons.get(id))
        .and_then(|w| w.shield)
        .map_or(0, |s| s.block)
}

/// A member with the warband, trained to Block: the shield it carries.
pub fn shield_bearer(member: &Member, ruleset: &Ruleset) -> Option<Option<String>> {
    let template = member.template(ruleset)?;
    (member.whereabouts == Whereabouts::WithWarband
        && template.defences.contains_key(&Defence::Block))
    .then_some(template.shield)
}

/// The deals an AI commander makes (and a player's default) at a market:
/// it sells every weapon in the stash that is not a shield, every shield no
/// member trained to Block would take and every piece of armour no member
/// would put on; then, for each such member in warband order, buys the
/// market's best shield it can pay for, where that blocks more than the
/// member's own and the stash holds none better; then, for each member with
/// the warband, the best armour that fits it, in the same way.
pub fn choose_deals(state: &CampaignState, ruleset: &Ruleset, rules: &AftermathRules) -> Vec<Deal> {
    let Some(town) = state.market() else {
        return Vec::new();
    };
    let mut deals = Vec::new();
    for band in state.campaign.bands() {
        let bearers: Vec<u8> = state
            .members_of(band)
            .iter()
            .filter_map(|m| shield_bearer(m, ruleset))
            .map(|own| block_of(own.as_ref(), ruleset))
            .collect();
        let mut coin = state.coin(band);
        // The shields kept for the members to take, best first.
        let mut kept = Vec::new();
        let wearers = wearers(state, band, ruleset);
        let mut kept_armour = Vec::new();
        for item in state.stash(band) {
            let Some(thing) = ruleset.thing(item) else {
                continue;
            };
            let block = ruleset
                .weapons
                .get(item)
                .and_then(|w| w.shield)
                .map(|s| s.block);
            if let Some(piece) = thing
                .armour
                .filter(|p| wearers.iter().any(|w| w.would_wear(p)))
            {
                kept_armour.push(piece);
            } else if let Some(block) = block.filter(|&b| bearers.iter().any(|&own| b > own)) {
                kept.push(block);
            } else {
                coin = coin.saturating_add(rules.trade.sale_price(thing.weight));
                deals.push(Deal::Sell {
                    band,
                    item: item.clone(),
                });
            }
        }
        kept.sort_unstable_by(|a, b| b.cmp(a));
        for own in bearers {
            if kept.first().is_some_and(|&b| b > own) {
                kept.remove(0);
                continue;
            }
            let best = town
                .market
                .iter()
                .filter_map(|id| Some((id, ruleset.weapons.get(id)?)))
                .filter_map(|(id, w)| Some((id, w.shield?.block, rules.trade.price(w.weight))))
                .filter(|&(_, block, price)| block > own && price <= coin)
                .max_by_key(|&(_, block, price)| (block, u32::MAX - price));
            if let Some((id, _, price)) = best {
                coin -= price;
                deals.push(Deal::Buy {
                    band,
                    item: id.clone(),
                });
            }
        }
        kept_armour.sort_by_key(|p| std::cmp::Reverse(p.armour));
        for wearer in wearers {
            if let Some(at) = kept_armour.iter().position(|p| wearer.would_wear(p)) {
                kept_armour.remove(at);
                continue;
            }
            let best = town
                .market
                .iter()
                .filter_map(|id| Some((id, ruleset.armour.pieces.get(id)?)))
                .map(|(id, piece)| (id, piece, rules.trade.price(piece.weight)))
                .filter(|&(_, piece, price)| wearer.would_wear(piece) && price <= coin)
                .max_by_key(|&(_, piece, price)| (piece.armour, u32::MAX - price));
            if let Some((id, _, price)) = best {
                coin -= price;
                deals.push(Deal::Buy {
                    band,
                    item: id.clone(),
                });
            }
        }
    }
    deals
}

/// Each member of `band` with the warband, in warband order, as armour
/// sees it.
fn wearers(state: &CampaignState, band: Band, ruleset: &Ruleset) -> Vec<Wearer> {
    state
        .members_of(band)
        .iter()
        .filter_map(|m| Wearer::of(m, ruleset))
        .collect()
}

/// A member with the warband as armour sees it: its size, whether it
/// dodges, and the armour and hindrance of the piece it wears (0 for none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wearer {
    pub size: u8,
    pub dodges: bool,
    pub armour: u8,
    pub hinders: u8,
}

impl Wearer {
    pub fn of(member: &Member, ruleset: &Ruleset) -> Option<Self> {
        let template = member.template(ruleset)?;
        let own = member.worn(ruleset);
        let own = own.as_ref().and_then(|id| ruleset.armour.pieces.get(id));
        (member.whereabouts == Whereabouts::WithWarband).then(|| Self {
            size: template.size,
            dodges: template.defences.contains_key(&Defence::Dodge),
            armour: own.map_or(0, |p| p.armour),
            hinders: own.map_or(0, |p| p.hinders),
        })
    }

    /// The AI commander's choice: a piece that fits and gives more armour
    /// than its own, at no cost of a Dodge die to one who dodges.
    pub fn would_wear(&self, piece: &ArmourPiece) -> bool {
        piece.size == self.size
            && piece.armour > self.armour
            && (!self.dodges || piece.hinders <= self.hinders)
    }
}
