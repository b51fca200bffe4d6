//! Armour between battles (RULES §43): a piece from the stash takes the
//! place of the member's own, fits only its size and costs a dodger its
//! Dodge dice; it is never taken off for none; a won field leaves the
//! armour its fallen foes wore; the member takes the field in it; the AI
//! commander's choice; and a market that sells it.

use std::path::Path;

use swift_swords::battle::components::Fate;
use swift_swords::battle::events::Outcome;
use swift_swords::battle::state::BattleState;
use swift_swords::campaign::aftermath::EndChoices;
use swift_swords::campaign::check::parse_campaign;
use swift_swords::campaign::events::CampaignEvent;
use swift_swords::campaign::fielding::Field;
use swift_swords::campaign::format::Band;
use swift_swords::campaign::gear::{GearChange, choose_gear};
use swift_swords::campaign::progress::CampaignState;
use swift_swords::campaign::trade::{Deal, choose_deals};
use swift_swords::campaign::warband::Member;
use swift_swords::data::load_aftermath;
use swift_swords::vocabulary::Defence;

use crate::campaigns::{
    CAMPAIGN, after_first_battle, after_first_battle_of, fought_with_fates, member_spec, won,
};
use crate::common::{campaign_problems, ruleset};

fn give(member: &str, item: &str) -> GearChange {
    GearChange::Give {
        band: Band::Warband,
        member: member.into(),
        item: item.into(),
    }
}

/// The test road after its first battle, with `stash` in the stash and
/// Ada, a hero archer (Dodge 4, no armour), in the warband.
fn with_stash(stash: &[&str]) -> CampaignState {
    let (mut state, _) = after_first_battle(won, &[], &EndChoices::default(), &[]);
    *state.set_up().stash = stash.iter().map(|s| s.to_string()).collect();
    let ada = member_spec("ada", "Ada", "hero_archer");
    state.set_up().members.push(Member::new(ada));
    state
}

fn member<'a>(state: &'a CampaignState, id: &str) -> &'a Member {
    state.members().iter().find(|m| m.spec.id == id).expect(id)
}

#[test]
fn armour_from_the_stash_takes_the_place_of_the_members_own_and_costs_a_dodger_its_dice() {
    let ruleset = ruleset();
    let rules = load_aftermath(None).expect("rules").gear;
    let mut state = with_stash(&["mail_shirt", "leather_jerkin"]);
    let events = state
        .change_gear(
            &[give("tristan", "mail_shirt"), give("ada", "leather_jerkin")],
            (&ruleset, &rules),
        )
        .expect("both fit");
    assert_eq!(
        events,
        [
            CampaignEvent::GearGiven {
                member: "tristan".into(),
                item: "Mail shirt".into()
            },
            CampaignEvent::GearGiven {
                member: "ada".into(),
                item: "Leather jerkin".into()
            },
        ]
    );
    // Sir Tristan's own jerkin went to the stash; mail gives 2 in place of
    // its 1, and he does not dodge.
    assert_eq!(state.stash(Band::Warband), ["leather_jerkin"]);
    let tristan = member(&state, "tristan").template(&ruleset).expect("known");
    assert_eq!(tristan.armour, 2);
    assert_eq!(tristan.defences.get(&Defence::Dodge), None);
    // Ada had none: armour 1, and one Dodge die less.
    let ada = member(&state, "ada");
    assert_eq!(ada.worn(&ruleset).as_deref(), Some("leather_jerkin"));
    let ada = ada.template(&ruleset).expect("known");
    assert_eq!(
        (ada.armour, ada.defences.get(&Defence::Dodge)),
        (1, Some(&3))
    );
}

#[test]
fn armour_fits_only_its_size_and_is_never_taken_off_for_none() {
    let ruleset = ruleset();
    let rules = load_aftermath(None).expect("rules").gear;
    let mut state = with_stash(&["leather_jerkin"]);
    let snik = member_spec("snik", "Snik", "goblin");
    state.set_up().members.push(Member::new(snik));
    let before = state.clone();
    assert_eq!(
        state.change_gear(&[give("snik", "leather_jerkin")], (&ruleset, &rules)),
        Err("Snik is too small for the Leather jerkin".into())
    );
    let stow = GearChange::Stow {
        band: Band::Warband,
        member: "tristan".into(),
        item: "leather_jerkin".into(),
    };
    assert_eq!(
        state.change_gear(&[stow], (&ruleset, &rules)),
        Err("Sir Tristan takes off its armour only for another".into())
    );
    assert_eq!(state, before);
}

#[test]
fn the_member_takes_the_field_in_the_armour_it_was_given() {
    let ruleset = ruleset();
    let rules = load_aftermath(None).expect("rules");
    let mut state = with_stash(&["mail_shirt"]);
    state
        .change_gear(&[give("tam", "mail_shirt")], (&ruleset, &rules.gear))
        .expect("it fits");
    state
        .march_on(0, (&ruleset, &rules))
        .expect("on to the green");
    let loaded = parse_campaign(Path::new("campaigns/test.ron"), CAMPAIGN, &ruleset)
        .unwrap_or_else(|e| panic!("{e}"));
    let level = state
        .field(&loaded.levels, &Field::solo(&[1]), &ruleset)
        .expect("fields");
    let tam = level.units.iter().find(|u| u.id == "tam").expect("fielded");
    assert_eq!(
        tam.overrides.armour,
        Some(2),
        "a soldier has none of his own"
    );
}

/// The test road's first battle fought at the ambush, where the Red Hand
/// chief (a veteran in a leather jerkin) and a bandit fall.
fn ambush_fought(end: fn(&mut BattleState)) -> CampaignState {
    let text = CAMPAIGN.replace(
        r#"level: File("../levels/goblin_rabble.ron"), side: "heroes", slots: 2,
            places: ["roland", "wren"]"#,
        r#"level: File("../levels/ambush.ron"), side: "travellers", slots: 2,
            places: ["roland", "brannoc"]"#,
    );
    assert_ne!(text, CAMPAIGN);
    let fates = [("chief", Fate::Killed), ("bandit_1", Fate::OutOfAction)];
    fought_with_fates(&text, end, &fates)
}

fn travellers_won(battle: &mut BattleState) {
    battle.set_up().battle.outcome = Some(Outcome::Victory {
        side: "travellers".into(),
        how: String::new(),
    });
}

fn bandits_won(battle: &mut BattleState) {
    battle.set_up().battle.outcome = Some(Outcome::Victory {
        side: "bandits".into(),
        how: String::new(),
    });
}

#[test]
fn a_won_field_leaves_the_armour_its_fallen_foes_wore_and_a_lost_one_none() {
    let state = ambush_fought(travellers_won);
    assert_eq!(
        state.stash(Band::Warband),
        ["short_sword", "broadsword", "leather_jerkin"],
        "the bandit's sword, then the chief's sword and jerkin, in the battle's order"
    );
    assert!(
        ambush_fought(bandits_won).stash(Band::Warband).is_empty(),
        "a lost field leaves nothing"
    );
}

#[test]
fn the_ai_commander_puts_armour_on_one_who_does_not_dodge_and_not_on_a_dodger() {
    let ruleset = ruleset();
    // Tam (a soldier, no armour) takes the jerkin; Ada would lose a Dodge
    // die for it. The mail goes to Sir Tristan, whose jerkin is left over.
    let state = with_stash(&["leather_jerkin", "mail_shirt"]);
    assert_eq!(
        choose_gear(&state, &ruleset),
        [give("tristan", "mail_shirt"), give("tam", "leather_jerkin")]
    );
}

/// After the ridge, on the road by Ashford, whose market sells armour.
fn at_ashford(coin: u32, stash: &[&str]) -> CampaignState {
    let text = CAMPAIGN.replace(
        r#"recruits: [(id: "osric", name: "Osric", template: "soldier")]),"#,
        r#"recruits: [(id: "osric", name: "Osric", template: "soldier")],
            roads: [
                (name: "the short way", after: (weeks: 1)),
                (name: "the Ashford road", after: (weeks: 2),
                    town: Some((name: "Ashford", at: (0.5, 0.2), market: ["leather_jerkin", "mail_shirt"]))),
            ]),"#,
    );
    let (mut state, _) = after_first_battle_of(&text, won, &[], &EndChoices::default(), &[]);
    state.choose_road(1).expect("the Ashford road");
    *state.set_up().coin = coin;
    *state.set_up().stash = stash.iter().map(|s| s.to_string()).collect();
    state
}

#[test]
fn a_market_sells_armour_by_its_weight_and_the_ai_sells_what_none_would_wear() {
    let ruleset = ruleset();
    let rules = load_aftermath(None).expect("rules");
    // Mail is Large, 20 coins; rusted mail (Medium) sells for 4.
    let mut state = at_ashford(16, &["rusted_mail"]);
    let deals = choose_deals(&state, &ruleset, &rules);
    // Rusted mail gives Tam no more than a jerkin would, at two Dodge dice
    // (he has none to lose): he would wear it, so it is kept; with 16 coins
    // Sir Tristan's mail is out of reach, and the jerkin is no better than
    // his own.
    assert_eq!(deals, []);
    let buy = |item: &str| Deal::Buy {
        band: Band::Warband,
        item: item.into(),
    };
    let sell = Deal::Sell {
        band: Band::Warband,
        item: "rusted_mail".into(),
    };
    let events = state
        .trade(&[sell, buy("mail_shirt")], (&ruleset, &rules))
        .expect("16 and 4 coins pay for the mail");
    assert_eq!(
        events,
        [
            CampaignEvent::Sold {
                item: "Rusted mail".into(),
                coin: 4
            },
            CampaignEvent::Bought {
                item: "Mail shirt".into(),
                coin: 20
            },
        ]
    );
    assert_eq!(state.coin(Band::Warband), 0);
}

#[test]
fn a_campaign_may_sell_armour_and_dress_a_member_in_a_piece_that_fits() {
    let market = CAMPAIGN.replace(
        r#"(id: "tam", name: "Tam", template: "soldier"),"#,
        r#"(id: "tam", name: "Tam", template: "soldier", worn: Some("mail_shirt")),"#,
    );
    assert_eq!(campaign_problems(&market), Vec::<String>::new());
    let wrong = CAMPAIGN.replace(
        r#"(id: "tam", name: "Tam", template: "soldier"),"#,
        r#"(id: "tam", name: "Tam", template: "soldier", worn: Some("chain_of_office")),
        (id: "snik", name: "Snik", template: "goblin", worn: Some("mail_shirt")),"#,
    );
    let problems = campaign_problems(&wrong).join("\n");
    assert!(
        problems.contains("member \"tam\": there is no armour \"chain_of_office\" to wear"),
        "{problems}"
    );
    assert!(
        problems.contains("member \"snik\": the Mail shirt fits size 2, and the member is size 1"),
        "{problems}"
    );
}

#[test]
fn the_armour_data_is_checked_against_the_weapons_and_the_creatures() {
    use swift_swords::data::{DataSources, Ruleset};
    let shipped = ruleset();
    let text = std::fs::read_to_string("assets/data/armour.ron").expect("shipped");
    let broken = text
        .replace(r#""rusted_mail": (name"#, r#""dagger": (name"#)
        .replace(
            r#""skeleton": "rusted_mail""#,
            r#""goblin": "leather_jerkin""#,
        );
    let sources = DataSources {
        armour: ("armour.ron".into(), broken),
        ..shipped.sources.clone()
    };
    let problems: Vec<String> = Ruleset::from_texts(sources)
        .expect_err("refused")
        .0
        .iter()
        .map(|d| format!("{}: {}", d.line, d.message))
        .collect();
    assert_eq!(
        problems,
        [
            "10: armour \"dagger\" has the id of a weapon",
            "20: armour worn by \"goblin\": the Leather jerkin fits size 2, and the Goblin is size 1",
            "20: armour worn by \"goblin\": the Leather jerkin gives 1 armour, more than the Goblin's 0",
        ]
    );
    // A data folder without its own armour takes the shipped pieces.
    let sources = DataSources {
        armour: Default::default(),
        ..shipped.sources.clone()
    };
    let bare = Ruleset::from_texts(sources).expect("the shipped armour");
    assert_eq!(bare.armour, shipped.armour);
}

#[test]
fn a_member_set_below_its_templates_piece_wears_none_to_give_up() {
    let ruleset = ruleset();
    let rules = load_aftermath(None).expect("rules").gear;
    let mut state = with_stash(&["mail_shirt"]);
    // Sir Tristan, set to no armour by the campaign: no jerkin to take off.
    let tristan = state
        .set_up()
        .members
        .iter_mut()
        .find(|m| m.spec.id == "tristan")
        .expect("with the warband");
    tristan.spec.overrides.armour = Some(0);
    assert_eq!(tristan.worn(&ruleset), None);
    state
        .change_gear(&[give("tristan", "mail_shirt")], (&ruleset, &rules))
        .expect("it fits");
    assert!(state.stash(Band::Warband).is_empty(), "nothing came off");
    let tristan = member(&state, "tristan").template(&ruleset).expect("known");
    assert_eq!(tristan.armour, 2);
}
