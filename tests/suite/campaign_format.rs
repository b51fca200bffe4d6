//! The campaign format's check: each mistake refused at its place, and the
//! shipped campaigns passing.

use crate::campaigns::CAMPAIGN;
use crate::common::{campaign_problems, ruleset};

#[test]
fn a_campaign_with_an_unknown_template_is_refused_at_the_member() {
    let text = CAMPAIGN.replacen("template: \"soldier\")", "template: \"soldeir\")", 1);
    let found = campaign_problems(&text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("5:14: member \"tam\": unknown template \"soldeir\""),
        "{found:?}"
    );
}

#[test]
fn a_way_on_to_a_battle_the_campaign_lacks_is_refused_where_it_is_named() {
    let text = CAMPAIGN.replace("defeat: Battle(\"green\")", "defeat: Battle(\"grene\")");
    assert_eq!(
        campaign_problems(&text),
        vec![
            "10:82: battle \"ridge\": its defeat leads to battle \"grene\", which the campaign does not have"
        ]
    );
}

#[test]
fn slots_beyond_the_places_named_are_refused() {
    let text = CAMPAIGN.replace("slots: 1,", "slots: 2,");
    assert_eq!(
        campaign_problems(&text),
        vec![
            "13:81: battle \"green\": slots is 2, but only 1 places are named for the warband (the side has 1 units)"
        ]
    );
}

#[test]
fn a_loop_with_no_way_to_the_end_is_refused() {
    let text = CAMPAIGN.replace(
        "victory: Won",
        "victory: Battle(\"ridge\"), defeat: Battle(\"ridge\"), draw: Battle(\"ridge\")",
    );
    let text = text.replace(
        "victory: Battle(\"green\"), defeat",
        "victory: Battle(\"green\"), draw: Battle(\"green\"), defeat",
    );
    let found = campaign_problems(&text);
    assert!(
        found
            .iter()
            .any(|p| p.contains("battle \"green\" can never lead to the campaign's end")),
        "{found:?}"
    );
}

#[test]
fn a_roster_over_the_cap_is_refused() {
    let text = CAMPAIGN.replace("cap: 3", "cap: 1");
    assert_eq!(
        campaign_problems(&text),
        vec!["3:54: the roster has 2 members, over the warband's cap of 1"]
    );
}

#[test]
fn the_shipped_campaigns_pass_their_check() {
    let ruleset = ruleset();
    for entry in std::fs::read_dir("campaigns").unwrap().flatten() {
        let path = entry.path();
        if let Err(found) = swift_swords::campaign::check::load_campaign(&path, &ruleset) {
            panic!("{found}");
        }
    }
}
