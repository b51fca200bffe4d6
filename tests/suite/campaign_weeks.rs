//! The weeks between a campaign's battles (RULES §39): rest, the healer,
//! wounds that heal and those that do not, a coma that wakes. Fixed dice
//! and the whole list of events.

use swift_swords::campaign::aftermath::EndChoices;
use swift_swords::campaign::events::CampaignEvent;
use swift_swords::campaign::progress::CampaignState;
use swift_swords::campaign::warband::Whereabouts;
use swift_swords::rules::aftermath::Week;
use swift_swords::rules::dice::Dice;
use swift_swords::rules::injury::{InjuryEffect, Location};

use crate::campaigns::{
    after_first_battle, id, march, tam_standing_with, tristan_captured, tristan_killed, won, wound,
};
use crate::common::unit_mut;

/// Tam comes out of a won battle with `ranks` lost, then the two weeks of
/// the campaign pass (food, water, rest; a healer rolling 4 dice).
fn two_weeks_for_tam(ranks: i8, dice: &[u8]) -> (CampaignState, Vec<CampaignEvent>) {
    let (mut state, _) = tam_standing_with(ranks);
    *state.set_up().dice = Dice::scripted(dice.iter().copied());
    let events = march(&mut state);
    assert_eq!(state.dice().overrun(), 0, "the scripted dice ran out");
    assert_eq!(state.dice().remaining(), 0, "scripted dice left unused");
    (state, events)
}

fn week(n: u32) -> CampaignEvent {
    CampaignEvent::WeekBegan {
        week: n,
        conditions: Week {
            food: true,
            water: true,
            travel: false,
        },
        chosen: false,
    }
}

#[test]
fn a_first_week_of_rest_heals_two_wounds_and_the_healer_one_more() {
    // Week 1: 2 wounds, and the healer's [5, 1, 1, 1] passes: 3 in all.
    let (state, events) = two_weeks_for_tam(3, &[5, 1, 1, 1]);
    assert_eq!(
        events,
        vec![
            week(1),
            CampaignEvent::HealingRoll {
                member: id("tam"),
                dice: vec![5, 1, 1, 1],
                passed: true
            },
            CampaignEvent::Healed {
                member: id("tam"),
                ranks: 3
            },
            week(2),
        ]
    );
    assert_eq!(state.members()[1].ranks_lost, 0);
}

#[test]
fn after_the_first_week_one_wound_a_week_when_the_healer_fails() {
    let (state, events) = two_weeks_for_tam(3, &[1, 2, 3, 4, 4, 4, 4, 4]);
    assert_eq!(
        events,
        vec![
            week(1),
            CampaignEvent::HealingRoll {
                member: id("tam"),
                dice: vec![1, 2, 3, 4],
                passed: false
            },
            CampaignEvent::Healed {
                member: id("tam"),
                ranks: 2
            },
            week(2),
            CampaignEvent::HealingRoll {
                member: id("tam"),
                dice: vec![4, 4, 4, 4],
                passed: false
            },
            CampaignEvent::Healed {
                member: id("tam"),
                ranks: 1
            },
        ]
    );
    assert_eq!(state.members()[1].ranks_lost, 0);
    assert_eq!(state.members()[1].weeks_healing, 2);
}

#[test]
fn a_permanent_wound_does_not_heal_naturally() {
    let (mut state, _) = after_first_battle(
        |b| {
            won(b);
            unit_mut(b, "tam").wounds.0 = vec![
                wound(InjuryEffect::Maim, Location::Groin),
                wound(InjuryEffect::Bleeder { penalty: 0 }, Location::Chest),
            ];
        },
        &[],
        &EndChoices::default(),
        &[],
    );
    let events = march(&mut state);
    assert_eq!(
        events,
        vec![
            week(1),
            // First aid at the battle's end, then a week of complete rest.
            CampaignEvent::BleedingStopped {
                member: id("tam"),
                injury: wound(InjuryEffect::Bleeder { penalty: 0 }, Location::Chest)
            },
            week(2),
        ]
    );
    assert_eq!(
        state.members()[1].injuries(),
        vec![wound(InjuryEffect::Maim, Location::Groin)]
    );
}

#[test]
fn a_coma_wakes_with_a_body_roll_in_a_week_of_rest() {
    // Tristan falls into a coma (healer [1,1,1,1], death roll all 1s), then
    // wakes on week 2's BODY roll; week 1's roll fails.
    let mut dice = vec![1, 1, 1, 1];
    dice.extend([1; 7]);
    let (mut state, _) = tristan_killed(&EndChoices::default(), &dice);
    assert!(state.members()[0].coma);
    let mut week_dice = vec![1, 2, 3, 4, 4, 4, 4];
    week_dice.extend([6, 1, 1, 1, 1, 1, 1]);
    *state.set_up().dice = Dice::scripted(week_dice);
    let events = march(&mut state);
    assert_eq!(
        events,
        vec![
            week(1),
            CampaignEvent::WakeRoll {
                member: id("tristan"),
                dice: vec![1, 2, 3, 4, 4, 4, 4],
                woke: false
            },
            week(2),
            CampaignEvent::WakeRoll {
                member: id("tristan"),
                dice: vec![6, 1, 1, 1, 1, 1, 1],
                woke: true
            },
        ]
    );
    assert!(!state.members()[0].coma);
    assert_eq!(state.dice().remaining(), 0);
}

/// RULES §39: the captured "must now escape or be rescued": each week a
/// captured member rolls BODY at its full rank, two dice off, and three
/// successes free it; it comes back with the wounds it was taken with.
#[test]
fn a_captured_hero_escapes_on_three_successes_of_its_weekly_roll() {
    let mut state = tristan_captured();
    assert_eq!(state.members()[0].whereabouts, Whereabouts::Captured);
    *state.set_up().dice = Dice::scripted(vec![6, 6, 1, 1, 1, 6, 6, 5, 1, 1]);
    let events = march(&mut state);
    assert_eq!(
        events,
        vec![
            week(1),
            CampaignEvent::EscapeRoll {
                member: id("tristan"),
                dice: vec![6, 6, 1, 1, 1],
                escaped: false
            },
            week(2),
            CampaignEvent::EscapeRoll {
                member: id("tristan"),
                dice: vec![6, 6, 5, 1, 1],
                escaped: true
            },
        ]
    );
    assert_eq!(state.members()[0].whereabouts, Whereabouts::WithWarband);
    assert_eq!(state.dice().remaining(), 0);
}
