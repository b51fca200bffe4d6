//! Captured foes (RULES §39, "Captured foes"): who is taken, and each fate
//! the player may choose, with its whole list of events.

use std::path::Path;

use swift_swords::battle::components::Fate;
use swift_swords::battle::events::Outcome;
use swift_swords::battle::setup::initial_state;
use swift_swords::battle::state::BattleState;
use swift_swords::campaign::aftermath::{EndChoices, default_choices};
use swift_swords::campaign::check::parse_campaign;
use swift_swords::campaign::end::BattleEnd;
use swift_swords::campaign::events::CampaignEvent;
use swift_swords::campaign::events::Deed;
use swift_swords::campaign::fielding::Field;
use swift_swords::campaign::format::{Band, CaptiveFate};
use swift_swords::campaign::progress::CampaignState;
use swift_swords::campaign::warband::Whereabouts;
use swift_swords::data::load_aftermath;
use swift_swords::rules::aftermath::SideResult;
use swift_swords::rules::injury::{Injury, InjuryEffect, Location};

use crate::campaigns::deed;
use crate::common::{campaign_problems, ruleset, unit_mut};

/// Sir Tristan and Tam take the ridge from the goblins; Wat, a third
/// member, is held by the enemy from an earlier fight. The slinger and
/// one goblin may be taken captive.
const CAMPAIGN: &str = r#"(
    name: "The captives' road",
    warband: (name: "The test band", cap: CAP, roster: [
        (id: "tristan", name: "Sir Tristan", template: "hero_swordsman"),
        (id: "tam", name: "Tam", template: "soldier"),
        (id: "wat", name: "Wat", template: "soldier"),
    ]),
    start: "ridge",
    battles: [
        (id: "ridge", level: File("../levels/goblin_rabble.ron"), side: "heroes", slots: 2,
            places: ["roland", "wren"], victory: Won,
            captives: (fates: [Release, Exchange, Join, Ransom], foes: ["slinger", "gob_1"])),
    ],
)"#;

/// Before the ridge, with Wat held by the enemy: the campaign, and the
/// battle ended won (or lost) with the slinger and the first goblin out of
/// action, the slinger with a fractured arm.
fn ridge_ended(cap: u8, won: bool) -> (CampaignState, BattleState) {
    let ruleset = ruleset();
    let text = CAMPAIGN.replace("CAP", &cap.to_string());
    let loaded = parse_campaign(Path::new("campaigns/test.ron"), &text, &ruleset)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut state = CampaignState::new(loaded.campaign.clone(), 1);
    state.set_up().members[2].whereabouts = Whereabouts::Captured;
    let level = state
        .field(&loaded.levels, &Field::solo(&[0, 1]), &ruleset)
        .expect("both can fight");
    let mut battle = initial_state(&level, ruleset.clone(), 1);
    battle.set_up().battle.outcome = Some(Outcome::Victory {
        side: if won { "heroes" } else { "goblins" }.into(),
        how: String::new(),
    });
    let slinger = unit_mut(&mut battle, "slinger");
    slinger.fate = Fate::OutOfAction;
    slinger.wounds.0 = vec![fracture()];
    unit_mut(&mut battle, "gob_1").fate = Fate::OutOfAction;
    (state, battle)
}

/// The ridge as [`ridge_ended`] ends it, its captives' fates as `fates`
/// chooses.
fn ridge(
    cap: u8,
    won: bool,
    fates: &[CaptiveFate],
) -> (CampaignState, Result<Vec<CampaignEvent>, String>) {
    let (mut state, battle) = ridge_ended(cap, won);
    let end = BattleEnd {
        state: &battle,
        log: &[],
        side: 0,
    };
    let choices = EndChoices {
        captives: fates.to_vec(),
        ..EndChoices::default()
    };
    let rules = load_aftermath(None).expect("shipped aftermath rules");
    let events = state
        .finish_battle(
            &Field::solo(&[0, 1]),
            &end,
            std::slice::from_ref(&choices),
            (&ruleset(), &rules),
        )
        .map(<[CampaignEvent]>::to_vec);
    (state, events)
}

fn fracture() -> Injury {
    Injury {
        location: Location::LeftArm,
        effect: InjuryEffect::Fracture,
    }
}

fn won() -> CampaignEvent {
    CampaignEvent::BattleFought {
        battle: "ridge".into(),
        result: SideResult::Won,
    }
}

#[test]
fn captured_foes_let_go_leave_the_warband_as_it_was() {
    let (state, events) = ridge(3, true, &[CaptiveFate::Release, CaptiveFate::Release]);
    assert_eq!(
        events.expect("the battle ends"),
        vec![
            won(),
            CampaignEvent::CaptiveReleased {
                name: "Goblin 1".into()
            },
            CampaignEvent::CaptiveReleased {
                name: "Goblin slinger".into()
            },
            deed("tristan", Deed::HeldTheField),
            deed("tam", Deed::HeldTheField),
        ]
    );
    assert_eq!(state.members().len(), 3);
}

#[test]
fn a_captive_ransomed_fills_the_warbands_purse_with_the_ransom() {
    let (state, events) = ridge(3, true, &[CaptiveFate::Ransom, CaptiveFate::Release]);
    assert_eq!(
        events.expect("the battle ends"),
        vec![
            won(),
            CampaignEvent::CaptiveRansomed {
                name: "Goblin 1".into(),
                coin: 12
            },
            CampaignEvent::CaptiveReleased {
                name: "Goblin slinger".into()
            },
            deed("tristan", Deed::HeldTheField),
            deed("tam", Deed::HeldTheField),
        ]
    );
    assert_eq!(state.coin(Band::Warband), 12);
    assert_eq!(state.members().len(), 3);
}

#[test]
fn a_captive_exchanged_frees_the_member_the_enemy_held() {
    let (state, events) = ridge(3, true, &[CaptiveFate::Exchange]);
    assert_eq!(
        events.expect("the battle ends"),
        vec![
            won(),
            CampaignEvent::CaptiveExchanged {
                name: "Goblin 1".into(),
                freed: "wat".into()
            },
            // No fate chosen for the second: let go.
            CampaignEvent::CaptiveReleased {
                name: "Goblin slinger".into()
            },
            deed("tristan", Deed::HeldTheField),
            deed("tam", Deed::HeldTheField),
        ]
    );
    assert_eq!(state.members()[2].whereabouts, Whereabouts::WithWarband);
}

#[test]
fn a_captive_who_joins_the_warband_keeps_the_wounds_the_battle_gave_it() {
    let (state, events) = ridge(4, true, &[CaptiveFate::Release, CaptiveFate::Join]);
    assert_eq!(
        events.expect("the battle ends"),
        vec![
            won(),
            CampaignEvent::CaptiveReleased {
                name: "Goblin 1".into()
            },
            CampaignEvent::CaptiveJoined {
                member: "captive_slinger".into()
            },
            CampaignEvent::WoundLasts {
                member: "captive_slinger".into(),
                injury: fracture(),
                lasting: swift_swords::rules::aftermath::Lasting::Heals { weeks: 4 }
            },
            deed("tristan", Deed::HeldTheField),
            deed("tam", Deed::HeldTheField),
        ]
    );
    let joined = &state.members()[3];
    assert_eq!(
        (joined.spec.name.as_str(), joined.spec.template.as_str()),
        ("Goblin slinger", "goblin_slinger")
    );
    assert_eq!((joined.battles, joined.wounds.len()), (1, 1));
}

#[test]
fn a_captive_cannot_join_a_warband_at_its_cap_nor_be_exchanged_twice() {
    let (_, at_cap) = ridge(3, true, &[CaptiveFate::Join]);
    assert_eq!(
        at_cap,
        Err("Goblin 1 cannot join: the warband is at its cap of 3".into())
    );
    let (state, twice) = ridge(3, true, &[CaptiveFate::Exchange, CaptiveFate::Exchange]);
    assert_eq!(
        twice,
        Err("Goblin slinger cannot be exchanged: nobody of the warband is held".into())
    );
    assert!(
        state.chronicle().is_empty(),
        "a refused choice changes nothing"
    );
}

#[test]
fn no_captives_are_taken_on_a_field_lost() {
    let (_, events) = ridge(3, false, &[]);
    let events = events.expect("the battle ends");
    assert!(
        !events.iter().any(|e| matches!(
            e,
            CampaignEvent::CaptiveReleased { .. }
                | CampaignEvent::CaptiveExchanged { .. }
                | CampaignEvent::CaptiveJoined { .. }
        )),
        "{events:?}"
    );
}

/// The fates an AI commander chooses for the ridge's two captives, with
/// Wat held and the warband's cap at `cap`.
fn default_fates_with(cap: u8) -> Vec<CaptiveFate> {
    let (state, battle) = ridge_ended(cap, true);
    let end = BattleEnd {
        state: &battle,
        log: &[],
        side: 0,
    };
    let battle_spec = state.next_battle().expect("before the ridge").clone();
    let rules = load_aftermath(None).expect("rules");
    default_choices(state.members(), &end, &battle_spec, (cap, &rules)).captives
}

#[test]
fn the_default_fate_exchanges_while_members_are_held_then_takes_in_while_there_is_room() {
    assert_eq!(
        default_fates_with(4),
        vec![CaptiveFate::Exchange, CaptiveFate::Join]
    );
}

#[test]
fn the_default_fate_ransoms_a_captive_the_warband_has_no_room_for() {
    assert_eq!(
        default_fates_with(3),
        vec![CaptiveFate::Exchange, CaptiveFate::Ransom]
    );
}

#[test]
fn a_captive_the_level_lacks_or_on_the_warbands_side_is_refused_at_its_place() {
    let text = CAMPAIGN.replace("CAP", "3").replace(
        r#"foes: ["slinger", "gob_1"]"#,
        r#"foes: ["wren", "nobody"]"#,
    );
    let problems = campaign_problems(&text);
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(problems[0].starts_with("12:73:"), "{problems:?}");
    assert!(
        problems[0].contains("unit \"wren\" fights for the warband's side \"heroes\""),
        "{problems:?}"
    );
    assert!(
        problems[1].starts_with("12:81:")
            && problems[1].contains("its level has no unit \"nobody\" to take captive"),
        "{problems:?}"
    );
}
