//! Deeds and advances between battles (RULES §42): the deeds the log
//! earns, the advances they pay for, each limit and what closes an
//! advance, and the advance on the member when it takes the field.

use std::path::Path;

use swift_swords::battle::components::Fate;
use swift_swords::battle::events::BattleEvent;
use swift_swords::campaign::advance::{ChosenAdvance, advances_due, choose_advances, on_offer};
use swift_swords::campaign::aftermath::EndChoices;
use swift_swords::campaign::check::parse_campaign;
use swift_swords::campaign::events::CampaignEvent;
use swift_swords::campaign::events::Deed;
use swift_swords::campaign::fielding::Field;
use swift_swords::campaign::format::Band;
use swift_swords::campaign::history::member_history;
use swift_swords::campaign::progress::CampaignState;
use swift_swords::campaign::warband::LastingWound;
use swift_swords::campaign::words::event_lines;
use swift_swords::data::{load_aftermath, parse_aftermath};
use swift_swords::rules::advancement::{Advancement, Closed, Gain};
use swift_swords::rules::injury::{Injury, InjuryEffect, Location};
use swift_swords::vocabulary::Defence;

use crate::campaigns::{CAMPAIGN, after_first_battle, deed, id, won};
use crate::common::{ruleset, unit_mut};

fn advancement() -> Advancement {
    load_aftermath(None)
        .expect("shipped aftermath rules")
        .advancement
}

fn advance(member: &str, advance: &str) -> ChosenAdvance {
    ChosenAdvance {
        band: Band::Warband,
        member: id(member),
        advance: advance.into(),
    }
}

#[test]
fn a_foe_put_down_a_field_held_and_a_fall_survived_each_earn_their_deeds() {
    let log = [
        BattleEvent::Squashed {
            attacker: id("tristan"),
            unit: id("gob_1"),
        },
        BattleEvent::OutOfAction { unit: id("gob_1") },
    ];
    let (state, events) = after_first_battle(
        |b| {
            won(b);
            unit_mut(b, "tam").fate = Fate::OutOfAction;
        },
        &log,
        &EndChoices::default(),
        &[],
    );
    let deeds: Vec<&CampaignEvent> = events
        .iter()
        .filter(|e| matches!(e, CampaignEvent::DeedDone { .. }))
        .collect();
    assert_eq!(
        deeds,
        vec![
            &deed(
                "tristan",
                Deed::PutDown {
                    foe: "Goblin 1".into()
                }
            ),
            &deed("tristan", Deed::HeldTheField),
            &deed("tam", Deed::WoundsSurvived),
        ]
    );
    assert_eq!((state.members()[0].deeds, state.members()[1].deeds), (2, 1));
    // The aftermath tells each member's deeds in one line.
    let name = |id: &str| {
        state
            .member(id)
            .map_or_else(|| id.to_string(), |m| m.spec.name.clone())
    };
    let lines: Vec<String> = event_lines(&events, &name, &|b: &str| b.to_string())
        .into_iter()
        .map(|(_, line)| line)
        .filter(|line| line.contains("deed"))
        .collect();
    assert_eq!(
        lines,
        [
            "Sir Tristan put down Goblin 1 and held the field: 2 deeds.",
            "Tam fell and lived: 1 deed.",
        ]
    );
    // Each member's card tells its story, a line a battle.
    let battle = |b: &str| format!("The {b}");
    assert_eq!(
        member_history(state.chronicle(), "tristan", &battle),
        ["The ridge, won: put down Goblin 1."]
    );
    assert_eq!(
        member_history(state.chronicle(), "tam", &battle),
        ["The ridge, won: carried off the field."]
    );
}

#[test]
fn a_lost_field_earns_no_deed_for_holding_it() {
    let (state, events) =
        after_first_battle(crate::campaigns::lost, &[], &EndChoices::default(), &[]);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, CampaignEvent::DeedDone { .. })),
        "{events:?}"
    );
    assert_eq!(state.members()[0].deeds, 0);
}

/// The test road just after its first battle, its members with `deeds`.
fn after_a_battle_with(deeds: [u32; 2]) -> CampaignState {
    let (mut state, _) = after_first_battle(won, &[], &EndChoices::default(), &[]);
    for (member, deeds) in state.set_up().members.iter_mut().zip(deeds) {
        member.deeds = deeds;
    }
    state
}

#[test]
fn an_advance_is_taken_only_when_deeds_have_paid_for_it() {
    let ruleset = ruleset();
    let advancement = advancement();
    // Eight deeds pay for a hero's advance.
    let mut state = after_a_battle_with([7, 0]);
    let refused = state
        .take_advances(
            &[advance("tristan", "weapon_skill")],
            (&ruleset, &advancement),
        )
        .expect_err("not paid for");
    assert_eq!(refused, "Sir Tristan has no advance to take");
    let mut state = after_a_battle_with([8, 0]);
    let events = state
        .take_advances(
            &[advance("tristan", "weapon_skill")],
            (&ruleset, &advancement),
        )
        .expect("paid for")
        .to_vec();
    assert_eq!(
        events,
        vec![CampaignEvent::Advanced {
            member: id("tristan"),
            advance: "Weapon skill".into()
        }]
    );
    let tristan = &state.members()[0];
    assert_eq!(tristan.template(&ruleset).expect("known").attack_dice, 5);
    assert_eq!(advances_due(tristan, &ruleset, &advancement), 0);
}

#[test]
fn a_follower_stops_at_its_limit_where_a_hero_goes_on() {
    let ruleset = ruleset();
    let advancement = advancement();
    // Tam, a soldier of 3 physical ranks: a follower's toughness stops at 4.
    let mut state = after_a_battle_with([24, 10]);
    let refused = state
        .take_advances(
            &[advance("tam", "toughness"), advance("tam", "toughness")],
            (&ruleset, &advancement),
        )
        .expect_err("past the follower's limit");
    assert_eq!(
        refused,
        "Tam cannot take Toughness: already at 4, the most it may reach"
    );
    // Refused whole: the first was not taken either.
    assert!(state.members()[1].advances.is_empty());
    // Sir Tristan, a hero of 2 physical ranks, goes to 5.
    state
        .take_advances(
            &[
                advance("tristan", "toughness"),
                advance("tristan", "toughness"),
                advance("tristan", "toughness"),
            ],
            (&ruleset, &advancement),
        )
        .expect("a hero's limit is 5");
    assert_eq!(
        state.members()[0]
            .template(&ruleset)
            .expect("known")
            .physical,
        5
    );
}

#[test]
fn a_follower_may_rise_to_a_hero_and_a_hero_may_not_take_it_again() {
    let ruleset = ruleset();
    let advancement = advancement();
    let state = after_a_battle_with([8, 5]);
    let open = |member: usize, advance: &str| {
        on_offer(&state.members()[member], &ruleset, &advancement)
            .into_iter()
            .find(|(rule, _)| rule.id == advance)
            .map(|(_, open)| open)
            .expect("listed")
    };
    assert_eq!(open(0, "risen_hero"), Err(Closed::NotFor { hero: true }));
    assert_eq!(open(1, "risen_hero"), Ok(()));
    // Two weapons is for heroes alone.
    assert_eq!(open(1, "two_weapons"), Err(Closed::NotFor { hero: false }));
}

#[test]
fn a_maimed_arm_closes_the_parry_and_a_missing_shield_the_block() {
    let ruleset = ruleset();
    let advancement = advancement();
    let mut state = after_a_battle_with([8, 5]);
    state.set_up().members[0].wounds.push(LastingWound {
        injury: Injury {
            location: Location::RightArm,
            effect: InjuryEffect::Maim,
        },
        weeks_left: None,
        bleeding: false,
    });
    let tristan = &state.members()[0];
    let parry = on_offer(tristan, &ruleset, &advancement)
        .into_iter()
        .find(|(rule, _)| rule.gain == Gain::Defence(Defence::Parry))
        .map(|(_, open)| open)
        .expect("listed");
    assert_eq!(
        parry.map_err(|why| why.words()),
        Err("closed by a lasting injury: Maim (right arm)".to_string())
    );
    // The hero archer carries no shield.
    let archer = ruleset.creatures.get("hero_archer").expect("known");
    let block = advancement
        .advances
        .iter()
        .find(|a| a.id == "block")
        .expect("listed");
    assert_eq!(
        swift_swords::campaign::gains::check_advance(archer, true, &[], block),
        Err(Closed::CannotUse)
    );
}

#[test]
fn an_advance_taken_goes_with_the_member_onto_the_next_field() {
    let ruleset = ruleset();
    let advancement = advancement();
    let loaded = parse_campaign(Path::new("campaigns/test.ron"), CAMPAIGN, &ruleset)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut state = after_a_battle_with([8, 0]);
    state
        .take_advances(&[advance("tristan", "parry")], (&ruleset, &advancement))
        .expect("paid for");
    state
        .march_on(0, (&ruleset, &load_aftermath(None).expect("rules")))
        .expect("on to the green");
    let level = state
        .field(&loaded.levels, &Field::solo(&[0]), &ruleset)
        .expect("fields");
    let tristan = level
        .units
        .iter()
        .find(|u| u.id == "tristan")
        .expect("on the field");
    let parry = tristan
        .overrides
        .defences
        .as_ref()
        .and_then(|d| d.get(&Defence::Parry));
    assert_eq!(parry, Some(&5));
}

#[test]
fn the_ai_commander_takes_the_first_advance_on_offer_for_each_one_due() {
    let ruleset = ruleset();
    let advancement = advancement();
    // Sir Tristan has two due, Tam one.
    let state = after_a_battle_with([16, 5]);
    assert_eq!(
        choose_advances(&state, &ruleset, &advancement),
        vec![
            advance("tristan", "weapon_skill"),
            advance("tristan", "weapon_skill"),
            advance("tam", "weapon_skill"),
        ]
    );
}

#[test]
fn an_advance_past_the_seeds_ranks_in_the_data_is_refused_at_its_line() {
    let shipped = std::fs::read_to_string("assets/data/aftermath.ron").expect("shipped");
    let text = shipped.replace(
        "gain: Physical, limit: (hero: 5, follower: 4)",
        "gain: Physical, limit: (hero: 10, follower: 4)",
    );
    assert_ne!(text, shipped);
    let problem = parse_aftermath(Path::new("aftermath.ron"), &text).expect_err("refused");
    let line = text
        .lines()
        .position(|l| l.contains("\"toughness\""))
        .expect("listed")
        + 1;
    assert_eq!(
        problem.to_string(),
        format!(
            "aftermath.ron:{line}:1: advance \"toughness\": its limit 10 is over 9, the most the rules allow"
        )
    );
}

#[test]
fn after_the_last_battle_no_advance_or_gear_is_taken_for_a_battle_ahead() {
    let ruleset = ruleset();
    let rules = load_aftermath(None).expect("rules");
    let mut state = after_a_battle_with([8, 0]);
    // The ridge's result leads on to the campaign's end instead.
    *state.set_up().stage = swift_swords::campaign::progress::Stage::After {
        battle: "ridge".into(),
        next: swift_swords::campaign::format::WayOn::Won,
    };
    *state.set_up().stash = vec!["dagger".into()];
    assert!(!state.battle_ahead());
    assert_eq!(
        state
            .take_advances(
                &[advance("tristan", "weapon_skill")],
                (&ruleset, &rules.advancement)
            )
            .map(<[CampaignEvent]>::to_vec),
        Err("the campaign ends with this battle: there is none ahead to advance for".into())
    );
    let give = swift_swords::campaign::gear::GearChange::Give {
        band: Band::Warband,
        member: id("tam"),
        item: "dagger".into(),
    };
    assert_eq!(
        state.change_gear(&[give], (&ruleset, &rules.gear)),
        Err("the campaign is over: there is no battle ahead to arm for".into())
    );
    let events = state
        .march_on(0, (&ruleset, &rules))
        .expect("to its end")
        .to_vec();
    assert!(
        events.contains(&CampaignEvent::CampaignEnded { won: true }),
        "{events:?}"
    );
}
