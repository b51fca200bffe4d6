//! The roads after a battle (RULES §44): the one chosen gives its weeks and
//! leads where it goes, the first is taken when none is chosen, the AI
//! commander's choice, and the campaign check of roads and the map.

use std::path::Path;

use swift_swords::campaign::aftermath::EndChoices;
use swift_swords::campaign::check::parse_campaign;
use swift_swords::campaign::events::CampaignEvent;
use swift_swords::campaign::progress::{CampaignState, Stage};
use swift_swords::campaign::roads::choose_road;
use swift_swords::data::load_aftermath;

use crate::campaigns::{CAMPAIGN, after_first_battle_of, tam_standing_with, won};
use crate::common::{campaign_problems, ruleset};

/// The test road with two roads after the ridge: straight to the green in
/// a week, or two weeks by the town of Ashford with a healer.
fn with_roads() -> String {
    CAMPAIGN.replace(
        r#"recruits: [(id: "osric", name: "Osric", template: "soldier")]),"#,
        r#"recruits: [(id: "osric", name: "Osric", template: "soldier")],
            at: Some((0.2, 0.5)),
            roads: [
                (name: "the short way", after: (weeks: 1)),
                (name: "the Ashford road", briefing: "Rest at Ashford.",
                    after: (weeks: 2, week: (food: true, water: true, travel: false), healer: Some(4)),
                    town: Some((name: "Ashford", at: (0.5, 0.2)))),
            ]),"#,
    )
}

fn after_the_ridge(text: &str) -> CampaignState {
    after_first_battle_of(text, won, &[], &EndChoices::default(), &[]).0
}

#[test]
fn the_road_chosen_gives_its_weeks_and_names_its_town() {
    let ruleset = ruleset();
    let rules = load_aftermath(None).expect("rules");
    let mut state = after_the_ridge(&with_roads());
    assert_eq!(state.roads().len(), 2);
    assert_eq!(state.road(), Some(0), "the first until one is chosen");
    state.choose_road(1).expect("a road on offer");
    let events = state
        .march_on(0, (&ruleset, &rules))
        .expect("marches on")
        .to_vec();
    assert_eq!(
        events[0],
        CampaignEvent::RoadTaken {
            road: "the Ashford road".into(),
            town: Some("Ashford".into())
        }
    );
    assert_eq!(state.week(), 2);
    assert_eq!(
        *state.stage(),
        Stage::Before {
            battle: "green".into()
        }
    );
}

#[test]
fn a_road_not_on_offer_is_refused_and_none_chosen_takes_the_first() {
    let ruleset = ruleset();
    let rules = load_aftermath(None).expect("rules");
    let mut state = after_the_ridge(&with_roads());
    assert_eq!(
        state.choose_road(2),
        Err("road 3 chosen, but there are 2".into())
    );
    state.march_on(0, (&ruleset, &rules)).expect("marches on");
    assert_eq!(state.week(), 1, "the short way's one week");
    let mut plain = after_the_ridge(CAMPAIGN);
    assert_eq!(
        plain.choose_road(0),
        Err("there is no road to choose here".into())
    );
}

#[test]
fn the_ai_commander_takes_the_healers_road_with_anyone_hurt_else_the_shortest() {
    let hurt = {
        let (mut state, _) = tam_standing_with(2);
        *state.set_up().campaign =
            parse_campaign(Path::new("campaigns/test.ron"), &with_roads(), &ruleset())
                .expect("loads")
                .campaign;
        state
    };
    assert_eq!(choose_road(&hurt), Some(1));
    assert_eq!(choose_road(&after_the_ridge(&with_roads())), Some(0));
}

#[test]
fn a_road_to_a_battle_the_campaign_lacks_or_a_town_off_the_map_is_refused() {
    let text = with_roads()
        .replace(
            r#"(name: "the short way","#,
            r#"(name: "the short way", to: Some("moon"),"#,
        )
        .replace("at: (0.5, 0.2)", "at: (1.5, 0.2)");
    let problems = campaign_problems(&text);
    assert!(
        problems.iter().any(|p| p.contains(
            "battle \"ridge\": the road \"the short way\" leads to battle \"moon\", which the campaign does not have"
        )),
        "{problems:?}"
    );
    assert!(
        problems
            .iter()
            .any(|p| p
                .contains("the town of the road \"the Ashford road\" is outside the map's 0 to 1")),
        "{problems:?}"
    );
}
