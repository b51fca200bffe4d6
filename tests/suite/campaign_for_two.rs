//! Campaigns for two at one table (RULES §39, "A campaign for two"): each
//! warband's aftermath by the same rules, the way on after the first's
//! result, and the format's check of the rival's part.

use std::path::Path;

use swift_swords::battle::components::Fate;
use swift_swords::battle::events::Outcome;
use swift_swords::battle::setup::initial_state;
use swift_swords::campaign::check::load_campaign;
use swift_swords::campaign::end::BattleEnd;
use swift_swords::campaign::events::CampaignEvent;
use swift_swords::campaign::events::Deed;
use swift_swords::campaign::fielding::Field;
use swift_swords::campaign::format::WayOn;
use swift_swords::campaign::progress::{CampaignState, Stage};
use swift_swords::campaign::warband::Whereabouts;
use swift_swords::data::load_aftermath;
use swift_swords::rules::aftermath::SideResult;

use crate::campaigns::deed;
use crate::common::{campaign_problems, ruleset};

const FEUD: &str = "campaigns/crossroads_feud.ron";

#[test]
fn in_a_campaign_for_two_each_warband_has_its_own_aftermath_and_the_way_on_follows_the_first() {
    let ruleset = ruleset();
    let loaded = load_campaign(Path::new(FEUD), &ruleset).expect("the shipped feud");
    let mut state = CampaignState::new(loaded.campaign.clone(), 1);
    // Bors, Cole, Dunn and Edric against Hrolf, Jory, Kell and Olaf.
    let field = Field {
        warband: vec![1, 2, 3, 4],
        rival: vec![0, 2, 3, 4],
    };
    let level = state
        .field(&loaded.levels, &field, &ruleset)
        .expect("both take the field");
    let mut battle = initial_state(&level, ruleset.clone(), 1);
    battle.set_up().battle.outcome = Some(Outcome::Victory {
        side: "west".into(),
        how: String::new(),
    });
    for (id, fate) in [
        ("cole", Fate::OutOfAction),
        ("hrolf", Fate::OutOfAction),
        ("kell", Fate::OutOfAction),
    ] {
        let index = battle.unit_index(id).expect("on the field");
        battle.set_up().units[index].fate = fate;
    }
    let end = BattleEnd {
        state: &battle,
        log: &[],
        side: 0,
    };
    let rules = load_aftermath(None).expect("the aftermath's numbers");
    let events = state
        .finish_battle(&field, &end, &[], (&ruleset, &rules))
        .expect("the battle ends")
        .to_vec();
    assert_eq!(
        events,
        vec![
            CampaignEvent::FoughtFor {
                battle: "crossroads".into(),
                warband: "The Western Company".into(),
                result: SideResult::Won
            },
            CampaignEvent::Recovered {
                member: "cole".into()
            },
            deed("bors", Deed::HeldTheField),
            deed("cole", Deed::WoundsSurvived),
            deed("dunn", Deed::HeldTheField),
            deed("edric", Deed::HeldTheField),
            CampaignEvent::FoughtFor {
                battle: "crossroads".into(),
                warband: "The Eastern Company".into(),
                result: SideResult::Lost
            },
            CampaignEvent::Captured {
                member: "hrolf".into()
            },
            CampaignEvent::LeftBehind {
                member: "kell".into()
            },
            deed("hrolf", Deed::WoundsSurvived),
            deed("kell", Deed::WoundsSurvived),
        ]
    );
    assert_eq!(
        *state.stage(),
        Stage::After {
            battle: "crossroads".into(),
            next: WayOn::Battle("champions".into())
        }
    );
    assert_eq!(state.rival()[0].whereabouts, Whereabouts::Captured);
    assert_eq!(
        state.chronicle()[0].rival_fielded,
        ["hrolf", "jory", "kell", "olaf"]
    );
}

#[test]
fn a_campaign_for_two_ends_won_when_the_rival_has_nobody_left_free() {
    let ruleset = ruleset();
    let loaded = load_campaign(Path::new(FEUD), &ruleset).expect("the shipped feud");
    let mut state = CampaignState::new(loaded.campaign.clone(), 1);
    *state.set_up().stage = Stage::After {
        battle: "crossroads".into(),
        next: WayOn::Battle("champions".into()),
    };
    for member in state.set_up().rival.iter_mut() {
        member.whereabouts = Whereabouts::Captured;
    }
    let rules = load_aftermath(None).expect("the aftermath's numbers");
    let events = state
        .march_on(0, (&ruleset, &rules))
        .map(<[CampaignEvent]>::to_vec);
    // No chapter to add the events to: the state is set by hand.
    assert!(events.is_err());
    assert_eq!(*state.stage(), Stage::Ended { won: true });
}

const TWO: &str = r#"(
    name: "Two",
    warband: (name: "West", cap: 2, roster: [(id: "a", name: "A", template: "veteran")]),
    rival: Some((name: "East", cap: 2, roster: [(id: "b", name: "B", template: "veteran")])),
    start: "one",
    battles: [
        (id: "one", level: File("../levels/skirmish.ron"), side: "west", slots: 1,
            places: ["west_captain"], RIVAL victory: Won),
    ],
)"#;

#[test]
fn a_battle_of_a_campaign_for_two_with_no_place_for_the_rival_is_refused() {
    assert_eq!(
        campaign_problems(&TWO.replace("RIVAL", "")),
        [
            "7:14: battle \"one\": the campaign has a rival warband, but this battle names no place for it (rival: Some((side, slots, places)))"
        ]
    );
}

#[test]
fn a_rival_on_the_warbands_own_side_or_in_anothers_place_is_refused() {
    let found = campaign_problems(&TWO.replace(
        "RIVAL",
        r#"rival: Some((side: "west", slots: 1, places: ["east_captain"])),"#,
    ));
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(
        found[0].starts_with("8:46:")
            && found[0].contains("the rival warband fights for \"west\", the warband's own side"),
        "{found:?}"
    );
    assert!(
        found[1].starts_with("8:85:")
            && found[1].contains(
                "unit \"east_captain\" fights for \"east\", not the rival warband's side \"west\""
            ),
        "{found:?}"
    );
}
