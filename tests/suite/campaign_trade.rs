//! Coin and a town's market (RULES §45): deals made at the market of the
//! road chosen for their price, those the purse, the market or the road
//! cannot make refused whole, the AI commander's deals, and the campaign
//! check of a market.

use swift_swords::campaign::aftermath::EndChoices;
use swift_swords::campaign::events::CampaignEvent;
use swift_swords::campaign::format::Band;
use swift_swords::campaign::gear::choose_gear;
use swift_swords::campaign::progress::CampaignState;
use swift_swords::campaign::trade::{Deal, choose_deals};
use swift_swords::campaign::words::event_lines;
use swift_swords::data::load_aftermath;

use crate::campaigns::{CAMPAIGN, after_first_battle_of, won};
use crate::common::{campaign_problems, ruleset};

/// The test road with two roads after the ridge: straight to the green, or
/// by the town of Ashford, whose market sells spears and large shields.
fn with_market(market: &str) -> String {
    CAMPAIGN.replace(
        r#"recruits: [(id: "osric", name: "Osric", template: "soldier")]),"#,
        &format!(
            r#"recruits: [(id: "osric", name: "Osric", template: "soldier")],
            roads: [
                (name: "the short way", after: (weeks: 1)),
                (name: "the Ashford road", after: (weeks: 2),
                    town: Some((name: "Ashford", at: (0.5, 0.2), market: {market}))),
            ]),"#
        ),
    )
}

/// After the ridge, on the road to Ashford, with `coin` and `stash`.
fn at_ashford(coin: u32, stash: &[&str]) -> CampaignState {
    let text = with_market(r#"["spear", "large_shield"]"#);
    let (mut state, _) = after_first_battle_of(&text, won, &[], &EndChoices::default(), &[]);
    state.choose_road(1).expect("the Ashford road");
    *state.set_up().coin = coin;
    *state.set_up().stash = stash.iter().map(|s| s.to_string()).collect();
    state
}

fn buy(item: &str) -> Deal {
    Deal::Buy {
        band: Band::Warband,
        item: item.into(),
    }
}

fn sell(item: &str) -> Deal {
    Deal::Sell {
        band: Band::Warband,
        item: item.into(),
    }
}

#[test]
fn a_market_sells_at_its_price_and_buys_at_half() {
    let rules = load_aftermath(None).expect("rules");
    // A short sword is Light, sold for 2 of its 4 coins; a large shield is
    // Heavy, 14 coins.
    let mut state = at_ashford(12, &["short_sword"]);
    assert_eq!(state.market().map(|t| t.name.as_str()), Some("Ashford"));
    let events = state
        .trade(
            &[sell("short_sword"), buy("large_shield")],
            (&ruleset(), &rules),
        )
        .expect("12 coins and 2 for the sword pay for the shield");
    assert_eq!(
        events,
        [
            CampaignEvent::Sold {
                item: "Short sword".into(),
                coin: 2
            },
            CampaignEvent::Bought {
                item: "Large shield".into(),
                coin: 14
            },
        ]
    );
    assert_eq!(state.coin(Band::Warband), 0);
    assert_eq!(state.stash(Band::Warband), ["large_shield"]);
    let chapter = state.chronicle().last().expect("the ridge");
    assert!(
        chapter.events.ends_with(&events),
        "the chronicle keeps the deals"
    );
}

#[test]
fn a_deal_the_purse_the_market_or_the_stash_cannot_make_refuses_them_all() {
    let rules = load_aftermath(None).expect("rules");
    let ruleset = ruleset();
    let mut state = at_ashford(10, &["dagger"]);
    let before = state.clone();
    for (deals, why) in [
        (
            vec![buy("spear"), buy("spear")],
            "the Spear costs 8 coins, and the warband has 2",
        ),
        (
            vec![buy("great_sword")],
            "Ashford does not sell the Great sword",
        ),
        (vec![sell("mace")], "there is no Mace in the stash to sell"),
        (
            vec![buy("dragon_jaws")],
            "there is no weapon, shield or armour \"dragon_jaws\" to trade",
        ),
    ] {
        assert_eq!(
            state.trade(&deals, (&ruleset, &rules)),
            Err(why.to_string())
        );
        assert_eq!(state, before, "nothing changes: {why}");
    }
    let mut straight_on = before.clone();
    straight_on.choose_road(0).expect("the short way");
    assert_eq!(
        straight_on.trade(&[sell("dagger")], (&ruleset, &rules)),
        Err("there is no market on the road chosen".to_string())
    );
}

#[test]
fn the_ai_sells_the_spoils_and_buys_its_shield_bearer_a_better_shield() {
    let rules = load_aftermath(None).expect("rules");
    let ruleset = ruleset();
    // Sir Tristan blocks with a medium shield (Block 2): the large one blocks 3.
    let mut state = at_ashford(10, &["short_sword", "short_sword", "small_shield"]);
    let deals = choose_deals(&state, &ruleset, &rules);
    assert_eq!(
        deals,
        [
            sell("short_sword"),
            sell("short_sword"),
            sell("small_shield"),
            buy("large_shield")
        ]
    );
    let events = state
        .trade(&deals, (&ruleset, &rules))
        .expect("10 + 2 + 2 + 2 = 16 coins");
    let plain = |id: &str| id.to_string();
    let lines: Vec<String> = event_lines(&events, &plain, &plain)
        .into_iter()
        .map(|(_, line)| line)
        .collect();
    assert_eq!(
        lines,
        [
            "Sold Short sword (2) and Small shield for 6 coins.",
            "Bought a Large shield for 14 coins."
        ]
    );
    assert_eq!(state.coin(Band::Warband), 2);
    let gear = choose_gear(&state, &ruleset);
    let events = state
        .change_gear(&gear, (&ruleset, &rules.gear))
        .expect("Sir Tristan takes it");
    assert_eq!(
        events,
        [CampaignEvent::GearGiven {
            member: "tristan".into(),
            item: "Large shield".into()
        }]
    );
    assert_eq!(state.stash(Band::Warband), ["medium_shield"]);
    // Too poor for a better shield: it only sells.
    let poor = at_ashford(0, &["dagger"]);
    assert_eq!(choose_deals(&poor, &ruleset, &rules), [sell("dagger")]);
}

#[test]
fn a_market_selling_what_the_data_lacks_or_twice_is_refused_at_its_battle() {
    let problems = campaign_problems(&with_market(r#"["spear", "spear", "fangs", "wand"]"#));
    assert_eq!(
        problems,
        [
            "9:14: battle \"ridge\": the market of Ashford lists \"spear\" twice",
            "9:14: battle \"ridge\": the market of Ashford sells \"fangs\", which is no weapon, shield or armour in the data",
            "9:14: battle \"ridge\": the market of Ashford sells \"wand\", which is no weapon, shield or armour in the data",
        ]
    );
}

#[test]
fn the_spoils_tell_what_was_taken_what_was_left_and_the_coin() {
    let plain = |id: &str| id.to_string();
    let line = |taken: &[&str], left: u32, coin: u32| {
        let spoils = [CampaignEvent::Spoils {
            taken: taken.iter().map(|s| s.to_string()).collect(),
            left,
            coin,
        }];
        event_lines(&spoils, &plain, &plain)[0].1.clone()
    };
    assert_eq!(
        line(&["Dagger", "Dagger"], 0, 3),
        "Spoils for the stash: Dagger (2); 3 coins in the foes' purses."
    );
    assert_eq!(
        line(&[], 2, 1),
        "2 more left on the field, the stash being full; 1 coin in the foes' purses."
    );
    assert_eq!(line(&["Bow"], 0, 0), "Spoils for the stash: Bow.");
}
