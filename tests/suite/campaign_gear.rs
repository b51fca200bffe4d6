//! Spoils and gear between battles (RULES §43): what a won field leaves
//! for the stash and a lost one does not, what a member may carry, a
//! shield changed for a better one, and the gear on the member when it
//! takes the field.

use std::path::Path;

use swift_swords::battle::components::Fate;
use swift_swords::campaign::aftermath::EndChoices;
use swift_swords::campaign::check::parse_campaign;
use swift_swords::campaign::events::CampaignEvent;
use swift_swords::campaign::fielding::Field;
use swift_swords::campaign::format::Band;
use swift_swords::campaign::gear::{GearChange, carried, choose_gear};
use swift_swords::campaign::progress::CampaignState;
use swift_swords::campaign::warband::Member;
use swift_swords::data::load_aftermath;
use swift_swords::rules::gear::GearRules;
use swift_swords::vocabulary::Defence;

use crate::campaigns::{
    CAMPAIGN, after_first_battle, fought_with_fates, id, lost, member_spec, won,
};
use crate::common::ruleset;

fn gear_rules() -> GearRules {
    load_aftermath(None).expect("shipped aftermath rules").gear
}

fn give(member: &str, item: &str) -> GearChange {
    GearChange::Give {
        band: Band::Warband,
        member: id(member),
        item: item.into(),
    }
}

fn stow(member: &str, item: &str) -> GearChange {
    GearChange::Stow {
        band: Band::Warband,
        member: id(member),
        item: item.into(),
    }
}

/// The ridge won (or lost) with two goblins out of action.
fn two_goblins_down(end: fn(&mut swift_swords::battle::state::BattleState)) -> CampaignState {
    let fates = [("gob_1", Fate::OutOfAction), ("gob_2", Fate::Killed)];
    fought_with_fates(CAMPAIGN, end, &fates)
}

#[test]
fn a_won_field_leaves_the_fallen_foes_weapons_for_the_stash() {
    let state = two_goblins_down(won);
    assert_eq!(state.stash(Band::Warband), ["short_sword", "short_sword"]);
    let spoils = state
        .chronicle()
        .last()
        .and_then(|c| {
            c.events
                .iter()
                .find(|e| matches!(e, CampaignEvent::Spoils { .. }))
        })
        .cloned();
    assert_eq!(
        spoils,
        Some(CampaignEvent::Spoils {
            taken: vec!["Short sword".into(), "Short sword".into()],
            left: 0,
            coin: 2
        })
    );
    assert_eq!(
        state.coin(Band::Warband),
        2,
        "a coin in each goblin's purse"
    );
}

#[test]
fn a_lost_field_leaves_no_spoils() {
    let state = two_goblins_down(lost);
    assert!(state.stash(Band::Warband).is_empty());
    assert_eq!(state.coin(Band::Warband), 0);
}

/// The test road after its first battle, with `stash` in the stash.
fn with_stash(stash: &[&str]) -> CampaignState {
    let (mut state, _) = after_first_battle(won, &[], &EndChoices::default(), &[]);
    *state.set_up().stash = stash.iter().map(|s| s.to_string()).collect();
    state
}

#[test]
fn a_member_carries_at_most_three_weapons_and_none_too_big_for_it() {
    let ruleset = ruleset();
    let rules = gear_rules();
    // Tam, a soldier, carries a spear and a short sword.
    let mut state = with_stash(&["dagger", "mace", "ogre_club"]);
    let events = state
        .change_gear(&[give("tam", "dagger")], (&ruleset, &rules))
        .expect("a third weapon");
    assert_eq!(
        events,
        [CampaignEvent::GearGiven {
            member: id("tam"),
            item: "Dagger".into()
        }]
    );
    assert_eq!(
        carried(&state.members()[1], &ruleset).0,
        ["spear", "short_sword", "dagger"]
    );
    assert_eq!(
        state.change_gear(&[give("tam", "mace")], (&ruleset, &rules)),
        Err("Tam already carries 3 weapons, the most".into())
    );
    assert_eq!(
        state.change_gear(&[give("tristan", "ogre_club")], (&ruleset, &rules)),
        Err("Sir Tristan is too small to wield the Ogre's club".into())
    );
    assert_eq!(state.stash(Band::Warband), ["mace", "ogre_club"]);
}

#[test]
fn a_shield_from_the_stash_takes_the_place_of_the_members_own() {
    let ruleset = ruleset();
    let rules = gear_rules();
    let mut state = with_stash(&["large_shield"]);
    state
        .change_gear(&[give("tam", "large_shield")], (&ruleset, &rules))
        .expect("a better shield");
    assert_eq!(state.stash(Band::Warband), ["medium_shield"]);
    // It is his on the next field.
    let loaded = parse_campaign(Path::new("campaigns/test.ron"), CAMPAIGN, &ruleset)
        .unwrap_or_else(|e| panic!("{e}"));
    state
        .march_on(0, (&ruleset, &load_aftermath(None).expect("rules")))
        .expect("on to the green");
    let level = state
        .field(&loaded.levels, &Field::solo(&[1]), &ruleset)
        .expect("fields");
    let tam = level.units.iter().find(|u| u.id == "tam").expect("fielded");
    assert_eq!(tam.overrides.shield.as_deref(), Some("large_shield"));
}

#[test]
fn a_weapon_put_back_goes_to_the_stash_but_never_the_last_and_changes_are_all_or_none() {
    let ruleset = ruleset();
    let rules = gear_rules();
    let mut state = with_stash(&[]);
    let refused = state.change_gear(
        &[stow("tam", "spear"), stow("tam", "short_sword")],
        (&ruleset, &rules),
    );
    assert_eq!(refused, Err("Tam keeps its last weapon".into()));
    assert!(state.stash(Band::Warband).is_empty(), "none was made");
    state
        .change_gear(&[stow("tam", "spear")], (&ruleset, &rules))
        .expect("one of two");
    assert_eq!(state.stash(Band::Warband), ["spear"]);
    assert_eq!(carried(&state.members()[1], &ruleset).0, ["short_sword"]);
}

#[test]
fn the_ai_commander_gives_a_shield_to_one_trained_to_block_without_one() {
    let ruleset = ruleset();
    let mut state = with_stash(&["dagger", "small_shield"]);
    let mut spec = member_spec("ada", "Ada", "hero_archer");
    spec.overrides.defences = Some([(Defence::Dodge, 4), (Defence::Block, 2)].into());
    state.set_up().members.push(Member::new(spec));
    assert_eq!(choose_gear(&state, &ruleset), [give("ada", "small_shield")]);
}

#[test]
fn a_heavier_weapon_or_a_bigger_shield_shows_its_odds_as_the_battle_counts_them() {
    use swift_swords::campaign::gear::{blocked_blow_odds, blow_odds};
    let ruleset = ruleset();
    let creature = |id: &str| ruleset.creatures.get(id).expect(id).clone();
    let weapon = |id: &str| ruleset.weapons.get(id).expect(id).clone();
    let (tristan, bandit) = (creature("hero_swordsman"), creature("bandit"));
    let hurts: Vec<u32> = ["dagger", "broadsword", "great_sword"]
        .map(|w| {
            let odds = blow_odds(&tristan, &weapon(w), &bandit, &ruleset);
            ((odds.trauma + odds.killing_blow + odds.massive) * 1000.0).round() as u32
        })
        .to_vec();
    assert_eq!(hurts, [0, 111, 407], "a Trauma or worse, in thousandths");
    let sword = weapon("broadsword");
    let blocked: Vec<u32> = ["small_shield", "medium_shield", "large_shield"]
        .map(|s| {
            let shield = weapon(s);
            let odds = blocked_blow_odds(&bandit, &sword, (&tristan, Some(&shield)), &ruleset);
            ((1.0 - odds.nothing) * 1000.0).round() as u32
        })
        .to_vec();
    // Against a Bandit's three or four dice, a small shield's pool holds as
    // often as a medium one's, with the same armour; a large one adds one.
    assert_eq!(blocked, [103, 103, 77], "harmed, in thousandths");
}
