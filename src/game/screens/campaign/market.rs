//! A town's market on the aftermath's page, where the road chosen passes
//! one: the warband's coin, what the market sells and what it pays for the
//! things in the stash, each deal a button (those the purse or the stash
//! cannot make greyed with why). The deals wait in `choices.deals` (the AI
//! commander's to start) and are made as the warband marches on, before the
//! gear.

use bevy_egui::egui;

use super::Choices;
use super::gear::{about, after_deals, on_road};
use crate::campaign::events::CampaignEvent;
use crate::campaign::format::{Band, Town};
use crate::campaign::gear::{GearChange, choose_gear};
use crate::campaign::progress::CampaignState;
use crate::campaign::trade::{Deal, choose_deals};
use crate::campaign::words::event_lines;
use crate::game::session::campaigning::Campaigning;

/// The AI commander's deals at the market of `road`, and then its gear:
/// the page's defaults when it opens or the road changes.
pub fn chosen_by_default(
    campaigning: &Campaigning,
    road: Option<usize>,
) -> (Vec<Deal>, Vec<GearChange>) {
    let (ruleset, rules) = (&campaigning.ruleset, &campaigning.rules);
    let mut state = on_road(campaigning.state(), road);
    let deals = choose_deals(&state, ruleset, rules);
    if state.trade(&deals, (ruleset, rules)).is_err() {
        return (Vec::new(), choose_gear(campaigning.state(), ruleset));
    }
    (deals, choose_gear(&state, ruleset))
}

/// The section, where the road chosen passes a town with a market.
pub fn market_section(ui: &mut egui::Ui, campaigning: &Campaigning, choices: &mut Choices) {
    let before = on_road(campaigning.state(), choices.road);
    let Some(town) = before.market().cloned() else {
        return;
    };
    let (after, problem) = after_deals(campaigning, choices);
    let (ruleset, rules) = (&campaigning.ruleset, &campaigning.rules);
    ui.add_space(8.0);
    ui.label(egui::RichText::new(format!("The market at {}", town.name)).strong());
    if let Some(why) = problem {
        ui.colored_label(egui::Color32::LIGHT_RED, why);
    }
    let mut chosen = None;
    let campaign = before.campaign();
    for band in campaign.bands() {
        if let (Band::Rival, Some(rival)) = (band, campaign.warband_of(band)) {
            ui.label(egui::RichText::new(&rival.name).strong());
        }
        chosen = band_market(ui, band, &town, (&before, &after), choices, campaigning).or(chosen);
    }
    if let Some(deal) = chosen {
        choices.deals.push(deal);
    }
    if !choices.deals.is_empty() {
        let events = deal_events(&before, choices, campaigning);
        let plain = |id: &str| id.to_string();
        let lines: Vec<String> = event_lines(&events, &plain, &plain)
            .into_iter()
            .map(|(_, words)| words)
            .collect();
        ui.label(lines.join(" "));
        if ui.button("Undo the deals").clicked() {
            choices.deals.clear();
            // Gear that gave out what was bought goes back to the AI
            // commander's for the stash as it stands.
            let mut trial = before.clone();
            if trial
                .change_gear(&choices.gear, (ruleset, &rules.gear))
                .is_err()
            {
                choices.gear = choose_gear(&before, ruleset);
            }
        }
    }
}

/// One warband's coin, the market's wares and the stash's things for sale;
/// the deal clicked, if one was.
fn band_market(
    ui: &mut egui::Ui,
    band: Band,
    town: &Town,
    (before, after): (&CampaignState, &CampaignState),
    choices: &Choices,
    campaigning: &Campaigning,
) -> Option<Deal> {
    let (ruleset, rules) = (&campaigning.ruleset, &campaigning.rules);
    let mut chosen = None;
    ui.label(coin_words(before.coin(band), after.coin(band)));
    // A deal is open if the deals so far and it can all be made.
    let open = |deal: Deal| {
        let mut trial = before.clone();
        let mut deals = choices.deals.clone();
        deals.push(deal);
        trial.trade(&deals, (ruleset, rules)).map(|_| ())
    };
    ui.horizontal_wrapped(|ui| {
        ui.label("Buy:");
        for item in &town.market {
            let Some(thing) = ruleset.thing(item) else {
                continue;
            };
            let deal = Deal::Buy {
                band,
                item: item.clone(),
            };
            let price = rules.trade.price(thing.weight);
            let allowed = open(deal.clone());
            let words = format!("{}: {price} coins", thing.name);
            let button = ui
                .add_enabled(allowed.is_ok(), egui::Button::new(words))
                .on_hover_text(about(item, ruleset));
            let button = match &allowed {
                Err(why) => button.on_disabled_hover_text(why),
                Ok(()) => button,
            };
            if button.clicked() {
                chosen = Some(deal);
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Sell:");
        let sellable = sellable(band, (before, after), choices, campaigning);
        let mut stash: Vec<&String> = sellable.iter().collect();
        stash.sort();
        stash.dedup();
        if stash.is_empty() {
            ui.label("Nothing in the stash to sell.");
        }
        for item in stash {
            let Some(thing) = ruleset.thing(item) else {
                continue;
            };
            let held = sellable.iter().filter(|s| *s == item).count();
            let count = if held > 1 {
                format!(" ({held})")
            } else {
                String::new()
            };
            let words = format!(
                "{}{count}: {} coins",
                thing.name,
                rules.trade.sale_price(thing.weight)
            );
            if ui
                .button(words)
                .on_hover_text(about(item, ruleset))
                .clicked()
            {
                chosen = Some(Deal::Sell {
                    band,
                    item: item.clone(),
                });
            }
        }
    });
    chosen
}

/// What the warband may still sell: what the stash held before the deals,
/// less what is sold and what the gear chosen gives out (a thing bought is
/// taken back with the deals' undo).
fn sellable(
    band: Band,
    (before, after): (&CampaignState, &CampaignState),
    choices: &Choices,
    campaigning: &Campaigning,
) -> Vec<String> {
    let mut left = before.stash(band).to_vec();
    for deal in &choices.deals {
        if let Deal::Sell { item, .. } = deal
            && let Some(at) = left.iter().position(|s| s == item)
        {
            left.remove(at);
        }
    }
    let mut geared = after.clone();
    let rules = (&*campaigning.ruleset, &campaigning.rules.gear);
    if geared.change_gear(&choices.gear, rules).is_err() {
        return left;
    }
    let mut remaining = geared.stash(band).to_vec();
    left.retain(|item| match remaining.iter().position(|s| s == item) {
        Some(at) => {
            remaining.remove(at);
            true
        }
        None => false,
    });
    left
}

/// The deals chosen, as the events they would make.
fn deal_events(
    before: &CampaignState,
    choices: &Choices,
    campaigning: &Campaigning,
) -> Vec<CampaignEvent> {
    let mut trial = before.clone();
    trial
        .trade(&choices.deals, (&campaigning.ruleset, &campaigning.rules))
        .unwrap_or_default()
}

/// "The warband has 25 coins; after these deals, 11."
fn coin_words(now: u32, after: u32) -> String {
    match now == after {
        true => format!("The warband has {now} coins."),
        false => format!("The warband has {now} coins; after these deals, {after}."),
    }
}
