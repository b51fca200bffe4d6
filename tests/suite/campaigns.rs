//! The campaign's aftermath and healing (RULES §39), each rule with fixed
//! dice and its whole list of events, and the campaign format's check.

use std::path::Path;

use swift_swords::battle::components::Fate;
use swift_swords::battle::events::{BattleEvent, Outcome};
use swift_swords::battle::setup::initial_state;
use swift_swords::battle::state::BattleState;
use swift_swords::campaign::aftermath::EndChoices;
use swift_swords::campaign::check::{LoadedCampaign, parse_campaign};
use swift_swords::campaign::end::BattleEnd;
use swift_swords::campaign::events::Deed;
use swift_swords::campaign::events::{CampaignEvent, MagicUse};
use swift_swords::campaign::fielding::Field;
use swift_swords::campaign::format::MemberSpec;
use swift_swords::campaign::progress::{CampaignState, Stage};
use swift_swords::campaign::warband::Whereabouts;
use swift_swords::data::{AftermathRules, load_aftermath};
use swift_swords::rules::aftermath::{Lasting, SideResult, Week};
use swift_swords::rules::dice::Dice;
use swift_swords::rules::injury::{Injury, InjuryEffect, Location};

use crate::common::{ruleset, unit_mut};

/// Two members, Sir Tristan (a Heroic swordsman: 3 physical ranks with the
/// Heroic one) and Tam (a soldier follower: 3), in the Goblin Rabble's
/// places, then a rescue on the Duel's green.
pub(crate) const CAMPAIGN: &str = r#"(
    name: "The test road",
    warband: (name: "The test band", cap: 3, roster: [
        (id: "tristan", name: "Sir Tristan", template: "hero_swordsman"),
        (id: "tam", name: "Tam", template: "soldier"),
    ]),
    start: "ridge",
    battles: [
        (id: "ridge", level: File("../levels/goblin_rabble.ron"), side: "heroes", slots: 2,
            places: ["roland", "wren"], victory: Battle("green"), defeat: Battle("green"),
            after: (weeks: 2, week: (food: true, water: true, travel: false), healer: Some(4), magic: 1),
            recruits: [(id: "osric", name: "Osric", template: "soldier")]),
        (id: "green", level: File("../levels/duel.ron"), side: "heroes", slots: 1,
            places: ["roland"], victory: Won, rescue: true),
    ],
)"#;

fn loaded(text: &str) -> LoadedCampaign {
    parse_campaign(Path::new("campaigns/test.ron"), text, &ruleset())
        .unwrap_or_else(|e| panic!("{e}"))
}

fn rules() -> AftermathRules {
    load_aftermath(None).expect("shipped aftermath rules")
}

/// The first battle fought by both members and ended as `end` sets it, its
/// aftermath played with `dice` (which must all be used).
pub(crate) fn after_first_battle(
    end: impl Fn(&mut BattleState),
    log: &[BattleEvent],
    choices: &EndChoices,
    dice: &[u8],
) -> (CampaignState, Vec<CampaignEvent>) {
    after_first_battle_of(CAMPAIGN, end, log, choices, dice)
}

/// [`after_first_battle`] on the campaign `text`.
pub(crate) fn after_first_battle_of(
    text: &str,
    end: impl Fn(&mut BattleState),
    log: &[BattleEvent],
    choices: &EndChoices,
    dice: &[u8],
) -> (CampaignState, Vec<CampaignEvent>) {
    let ruleset = ruleset();
    let loaded = loaded(text);
    let mut state = CampaignState::new(loaded.campaign.clone(), 1);
    let level = state
        .field(&loaded.levels, &Field::solo(&[0, 1]), &ruleset)
        .expect("both can fight");
    let mut battle = initial_state(&level, ruleset.clone(), 1);
    end(&mut battle);
    *state.set_up().dice = Dice::scripted(dice.iter().copied());
    let battle_end = BattleEnd {
        state: &battle,
        log,
        side: 0,
    };
    let events = state
        .finish_battle(
            &Field::solo(&[0, 1]),
            &battle_end,
            std::slice::from_ref(choices),
            (&ruleset, &rules()),
        )
        .expect("the battle ends")
        .to_vec();
    assert_eq!(state.dice().overrun(), 0, "the scripted dice ran out");
    assert_eq!(state.dice().remaining(), 0, "scripted dice left unused");
    (state, events)
}

/// A member of `template`, as the campaign's roster writes one.
pub(crate) fn member_spec(id: &str, name: &str, template: &str) -> MemberSpec {
    MemberSpec {
        id: id.into(),
        name: name.into(),
        template: template.into(),
        overrides: Default::default(),
        mount: None,
        worn: None,
    }
}

/// The first battle of the campaign `text` ended as `end` sets it, with
/// each unit named in `fates` so fallen, and no die in its aftermath.
pub(crate) fn fought_with_fates(
    text: &str,
    end: fn(&mut BattleState),
    fates: &[(&str, Fate)],
) -> CampaignState {
    let (state, _) = after_first_battle_of(
        text,
        |b| {
            end(b);
            for &(unit, fate) in fates {
                unit_mut(b, unit).fate = fate;
            }
        },
        &[],
        &EndChoices::default(),
        &[],
    );
    state
}

/// Sir Tristan killed on a field his side won, the aftermath played with `dice`.
pub(crate) fn tristan_killed(
    choices: &EndChoices,
    dice: &[u8],
) -> (CampaignState, Vec<CampaignEvent>) {
    after_first_battle(
        |b| {
            won(b);
            unit_mut(b, "tristan").fate = Fate::Killed;
        },
        &[],
        choices,
        dice,
    )
}

pub(crate) fn won(battle: &mut BattleState) {
    battle.set_up().battle.outcome = Some(Outcome::Victory {
        side: "heroes".into(),
        how: String::new(),
    });
}

pub(crate) fn lost(battle: &mut BattleState) {
    battle.set_up().battle.outcome = Some(Outcome::Victory {
        side: "goblins".into(),
        how: String::new(),
    });
}

/// `members` out of action with three ranks lost, on a field `end` decides.
fn out_of_action(
    end: fn(&mut BattleState),
    members: &'static [&'static str],
) -> (CampaignState, Vec<CampaignEvent>) {
    after_first_battle(
        move |b| {
            end(b);
            for member in members {
                let fallen = unit_mut(b, member);
                fallen.fate = Fate::OutOfAction;
                fallen.ranks.physical.lost = 3;
            }
        },
        &[],
        &EndChoices::default(),
        &[],
    )
}

fn drew(battle: &mut BattleState) {
    battle.set_up().battle.outcome = Some(Outcome::Draw {
        reason: String::new(),
    });
}

#[test]
fn a_drawn_field_keeps_its_heroes_and_leaves_its_followers_behind() {
    let (state, events) = out_of_action(drew, &["tristan", "tam"]);
    assert_eq!(
        events,
        vec![
            fought(SideResult::Drew),
            CampaignEvent::Recovered {
                member: id("tristan")
            },
            CampaignEvent::RanksLost {
                member: id("tristan"),
                ranks: 3
            },
            CampaignEvent::LeftBehind { member: id("tam") },
            CampaignEvent::RanksLost {
                member: id("tam"),
                ranks: 3
            },
            deed("tristan", Deed::WoundsSurvived),
            deed("tam", Deed::WoundsSurvived),
        ]
    );
    assert_eq!(state.members()[0].whereabouts, Whereabouts::WithWarband);
    assert_eq!(state.members()[1].whereabouts, Whereabouts::LeftBehind);
}

fn fought(result: SideResult) -> CampaignEvent {
    CampaignEvent::BattleFought {
        battle: "ridge".into(),
        result,
    }
}

pub(crate) fn id(member: &str) -> String {
    member.to_string()
}

/// A deed done by `member`, worth what the shipped data says (RULES §42).
pub(crate) fn deed(member: &str, deed: Deed) -> CampaignEvent {
    let worth = deed.worth(&rules().advancement.deeds);
    CampaignEvent::DeedDone {
        member: id(member),
        deed,
        worth,
    }
}

#[test]
fn the_winners_recover_their_out_of_action_with_the_ranks_they_lost() {
    let (state, events) = out_of_action(won, &["tam"]);
    assert_eq!(
        events,
        vec![
            fought(SideResult::Won),
            CampaignEvent::Recovered { member: id("tam") },
            CampaignEvent::RanksLost {
                member: id("tam"),
                ranks: 3
            },
            deed("tristan", Deed::HeldTheField),
            deed("tam", Deed::WoundsSurvived),
        ]
    );
    assert_eq!(state.members()[1].whereabouts, Whereabouts::WithWarband);
    assert_eq!(state.members()[1].ranks_lost, 3);
}

/// Tam comes out of a won battle with `ranks` lost and still standing.
pub(crate) fn tam_standing_with(ranks: i8) -> (CampaignState, Vec<CampaignEvent>) {
    after_first_battle(
        |b| {
            won(b);
            unit_mut(b, "tam").ranks.physical.lost = ranks;
        },
        &[],
        &EndChoices::default(),
        &[],
    )
}

#[test]
fn first_aid_at_the_battles_end_makes_whole_a_member_who_lost_only_one_rank() {
    let (state, events) = tam_standing_with(1);
    assert_eq!(
        events,
        vec![
            fought(SideResult::Won),
            CampaignEvent::FirstAid { member: id("tam") },
            deed("tristan", Deed::HeldTheField),
            deed("tam", Deed::HeldTheField),
        ]
    );
    assert_eq!(state.members()[1].ranks_lost, 0);
    // Two ranks lost are past first aid: they go into the weeks.
    let (state, events) = tam_standing_with(2);
    assert_eq!(
        events,
        vec![
            fought(SideResult::Won),
            CampaignEvent::RanksLost {
                member: id("tam"),
                ranks: 2
            },
            deed("tristan", Deed::HeldTheField),
            deed("tam", Deed::HeldTheField),
        ]
    );
    assert_eq!(state.members()[1].ranks_lost, 2);
}

/// The first battle lost, Sir Tristan and Tam both out of action.
fn both_fall_on_a_lost_field() -> (CampaignState, Vec<CampaignEvent>) {
    after_first_battle(
        |b| {
            lost(b);
            unit_mut(b, "tristan").fate = Fate::OutOfAction;
            unit_mut(b, "tam").fate = Fate::OutOfAction;
        },
        &[],
        &EndChoices::default(),
        &[],
    )
}

#[test]
fn on_a_lost_field_a_hero_out_of_action_is_captured_and_a_follower_left_behind() {
    let (state, events) = both_fall_on_a_lost_field();
    assert_eq!(
        events,
        vec![
            fought(SideResult::Lost),
            CampaignEvent::Captured {
                member: id("tristan")
            },
            CampaignEvent::LeftBehind { member: id("tam") },
            deed("tristan", Deed::WoundsSurvived),
            deed("tam", Deed::WoundsSurvived),
        ]
    );
    assert_eq!(state.members()[0].whereabouts, Whereabouts::Captured);
    assert_eq!(state.members()[1].whereabouts, Whereabouts::LeftBehind);
}

#[test]
fn a_dying_hero_tended_by_a_healer_is_saved_with_every_rank_to_heal() {
    // The healer rolls 4 dice and needs a 5: [2, 5, 1, 1] saves him.
    let (state, events) = tristan_killed(&EndChoices::default(), &[2, 5, 1, 1]);
    assert_eq!(
        events,
        vec![
            fought(SideResult::Won),
            CampaignEvent::Dying {
                member: id("tristan")
            },
            CampaignEvent::Tended {
                member: id("tristan"),
                dice: vec![2, 5, 1, 1],
                saved: true
            },
            CampaignEvent::RanksLost {
                member: id("tristan"),
                ranks: 3
            },
            deed("tristan", Deed::WoundsSurvived),
            deed("tam", Deed::HeldTheField),
        ]
    );
    assert!(!state.members()[0].coma);
}

#[test]
fn a_failed_death_roll_on_a_field_held_is_a_coma() {
    // The healer fails [1, 2, 3, 4]; the death roll (BODY, 4 + 3 dice) fails too.
    let (state, events) =
        tristan_killed(&EndChoices::default(), &[1, 2, 3, 4, 1, 1, 2, 2, 3, 3, 4]);
    assert_eq!(
        events[3..],
        [
            CampaignEvent::DeathRoll {
                member: id("tristan"),
                dice: vec![1, 1, 2, 2, 3, 3, 4],
                survived: false
            },
            CampaignEvent::FellIntoComa {
                member: id("tristan")
            },
            CampaignEvent::RanksLost {
                member: id("tristan"),
                ranks: 3
            },
            deed("tristan", Deed::WoundsSurvived),
            deed("tam", Deed::HeldTheField),
        ]
    );
    assert!(state.members()[0].coma);
    assert_eq!(state.members()[0].whereabouts, Whereabouts::WithWarband);
}

#[test]
fn massive_damage_on_a_lost_field_and_a_failed_death_roll_is_death() {
    let log = [
        BattleEvent::MassiveDamage {
            unit: id("tristan"),
        },
        BattleEvent::Killed {
            unit: id("tristan"),
        },
    ];
    let (state, events) = after_first_battle(
        |b| {
            lost(b);
            unit_mut(b, "tristan").fate = Fate::Killed;
        },
        &log,
        &EndChoices::default(),
        &[1, 1, 2, 2, 3, 3, 4],
    );
    assert_eq!(
        events,
        vec![
            fought(SideResult::Lost),
            CampaignEvent::Dying {
                member: id("tristan")
            },
            CampaignEvent::DeathRoll {
                member: id("tristan"),
                dice: vec![1, 1, 2, 2, 3, 3, 4],
                survived: false
            },
            CampaignEvent::Died {
                member: id("tristan")
            },
        ]
    );
    assert_eq!(state.members()[0].whereabouts, Whereabouts::Dead);
}

#[test]
fn magic_at_the_battles_end_saves_the_dying_without_a_roll() {
    let choices = EndChoices {
        magic_on: vec![0],
        ..EndChoices::default()
    };
    let (_, events) = tristan_killed(&choices, &[]);
    assert_eq!(
        events[2],
        CampaignEvent::MagicSpent {
            member: id("tristan"),
            on: MagicUse::SavedTheDying
        }
    );
}

pub(crate) fn wound(effect: InjuryEffect, location: Location) -> Injury {
    Injury { location, effect }
}

#[test]
fn injuries_that_last_go_with_the_member_and_those_that_pass_do_not() {
    let (state, events) = after_first_battle(
        |b| {
            won(b);
            unit_mut(b, "tam").wounds.0 = vec![
                wound(InjuryEffect::Stun, Location::Chest),
                wound(InjuryEffect::Fracture, Location::LeftArm),
                wound(InjuryEffect::Sever, Location::LeftLeg),
            ];
        },
        &[],
        &EndChoices::default(),
        &[],
    );
    assert_eq!(
        events[1..],
        [
            CampaignEvent::WoundLasts {
                member: id("tam"),
                injury: wound(InjuryEffect::Fracture, Location::LeftArm),
                lasting: Lasting::Heals { weeks: 4 }
            },
            CampaignEvent::WoundLasts {
                member: id("tam"),
                injury: wound(InjuryEffect::Sever, Location::LeftLeg),
                lasting: Lasting::Permanent
            },
            deed("tristan", Deed::HeldTheField),
            deed("tam", Deed::HeldTheField),
        ]
    );
    // In force in the next battle: the fielded level carries them in.
    let ruleset = ruleset();
    let loaded = loaded(CAMPAIGN);
    let mut state = state;
    *state.set_up().stage = Stage::Before {
        battle: "green".into(),
    };
    let level = state
        .field(&loaded.levels, &Field::solo(&[1]), &ruleset)
        .expect("Tam can fight");
    let battle = initial_state(&level, ruleset, 1);
    let tam = &battle.units()[battle.unit_index("tam").expect("Tam fields")];
    assert_eq!(
        tam.wounds.0,
        vec![
            wound(InjuryEffect::Fracture, Location::LeftArm),
            wound(InjuryEffect::Sever, Location::LeftLeg)
        ]
    );
}

/// RULES §39: magic heals a wound only magic heals and stops a bleeder,
/// taken in the battle just fought as much as carried into it. Tam comes
/// off a won field with a severed leg and a bleeding chest: he is named
/// for each, the default spends the one healing on the leg, and the
/// bleeder goes into the weeks.
#[test]
fn magic_reaches_a_permanent_wound_and_a_bleeder_taken_in_the_battle_just_fought() {
    let ruleset = ruleset();
    let loaded = loaded(CAMPAIGN);
    let state = CampaignState::new(loaded.campaign.clone(), 1);
    let level = state
        .field(&loaded.levels, &Field::solo(&[0, 1]), &ruleset)
        .expect("both can fight");
    let mut battle = initial_state(&level, ruleset, 1);
    won(&mut battle);
    let (sever, bleeder) = (
        wound(InjuryEffect::Sever, Location::LeftLeg),
        wound(InjuryEffect::Bleeder { penalty: 0 }, Location::Chest),
    );
    unit_mut(&mut battle, "tam").wounds.0 = vec![sever, bleeder];
    let end = BattleEnd {
        state: &battle,
        log: &[],
        side: 0,
    };
    let choices = state.default_choices(&end, &rules());
    assert_eq!(choices[0].magic_on, [1, 1]);
    let (state, events) = after_first_battle(
        |b| {
            won(b);
            unit_mut(b, "tam").wounds.0 = vec![sever, bleeder];
        },
        &[],
        &choices[0],
        &[],
    );
    assert!(
        events.contains(&CampaignEvent::MagicSpent {
            member: id("tam"),
            on: MagicUse::HealedWound(sever),
        }),
        "{events:?}"
    );
    let tam = &state.members()[1];
    assert_eq!(tam.wounds.len(), 1);
    assert!(tam.wounds[0].bleeding && tam.wounds[0].injury == bleeder);
}

/// Tam, left on a lost field before with a wound only magic heals, is gone
/// from the warband: Sir Tristan's victory spends no magic on him.
#[test]
fn magic_never_reaches_a_member_lost_to_the_warband_before_the_battle() {
    let ruleset = ruleset();
    let loaded = loaded(CAMPAIGN);
    let mut state = CampaignState::new(loaded.campaign.clone(), 1);
    state.set_up().members[1].whereabouts = Whereabouts::LeftBehind;
    state.set_up().members[1].wounds = vec![swift_swords::campaign::warband::LastingWound {
        injury: wound(InjuryEffect::Sever, Location::LeftLeg),
        weeks_left: None,
        bleeding: true,
    }];
    let level = state
        .field(&loaded.levels, &Field::solo(&[0]), &ruleset)
        .expect("Sir Tristan fights");
    let mut battle = initial_state(&level, ruleset, 1);
    won(&mut battle);
    let end = BattleEnd {
        state: &battle,
        log: &[],
        side: 0,
    };
    assert_eq!(
        state.default_choices(&end, &rules())[0].magic_on,
        Vec::<usize>::new()
    );
    state.set_up().members[1].whereabouts = Whereabouts::WithWarband;
    assert_eq!(state.default_choices(&end, &rules())[0].magic_on, [1, 1]);
}

/// The weeks after the battle pass: what they did.
pub(crate) fn march(state: &mut CampaignState) -> Vec<CampaignEvent> {
    state
        .march_on(0, (&ruleset(), &rules()))
        .expect("weeks pass")
        .to_vec()
}

/// The first battle lost, with Tristan out of action: captured.
pub(crate) fn tristan_captured() -> CampaignState {
    let (state, _) = after_first_battle(
        |b| {
            lost(b);
            unit_mut(b, "tristan").fate = Fate::OutOfAction;
        },
        &[],
        &EndChoices::default(),
        &[],
    );
    state
}

#[test]
fn a_rescue_won_frees_the_captured() {
    let ruleset = ruleset();
    let mut state = tristan_captured();
    state.march_on(0, (&ruleset, &rules())).expect("weeks pass");
    assert_eq!(
        *state.stage(),
        Stage::Before {
            battle: "green".into()
        }
    );
    let loaded = loaded(CAMPAIGN);
    let level = state
        .field(&loaded.levels, &Field::solo(&[1]), &ruleset)
        .expect("Tam can fight");
    let mut battle = initial_state(&level, ruleset.clone(), 1);
    won(&mut battle);
    let end = BattleEnd {
        state: &battle,
        log: &[],
        side: 0,
    };
    let events = state
        .finish_battle(&Field::solo(&[1]), &end, &[], (&ruleset, &rules()))
        .expect("the rescue ends")
        .to_vec();
    assert!(events.contains(&CampaignEvent::Freed {
        member: id("tristan")
    }));
    assert_eq!(state.members()[0].whereabouts, Whereabouts::WithWarband);
}

#[test]
fn with_nobody_left_free_the_campaign_ends_at_once_and_no_weeks_pass() {
    let ruleset = ruleset();
    let (mut state, _) = both_fall_on_a_lost_field();
    let events = state
        .march_on(0, (&ruleset, &rules()))
        .expect("the campaign ends")
        .to_vec();
    assert_eq!(events, vec![CampaignEvent::CampaignEnded { won: false }]);
    assert_eq!(state.week(), 0);
    assert_eq!(*state.stage(), Stage::Ended { won: false });
}

#[test]
fn a_member_captured_or_in_a_coma_cannot_take_the_field() {
    let ruleset = ruleset();
    let (state, _) = after_first_battle(
        |b| {
            lost(b);
            unit_mut(b, "tristan").fate = Fate::OutOfAction;
        },
        &[],
        &EndChoices::default(),
        &[],
    );
    let loaded = loaded(CAMPAIGN);
    let mut state = state;
    *state.set_up().stage = Stage::Before {
        battle: "green".into(),
    };
    assert_eq!(
        state.field(&loaded.levels, &Field::solo(&[0]), &ruleset),
        Err("Sir Tristan cannot fight: captured".into())
    );
}

#[test]
fn campaign_simulate_reports_the_same_on_one_thread_and_on_two() {
    use swift_swords::ai::AiLevel;
    use swift_swords::campaign::check::load_campaign;
    use swift_swords::campaign::run::RunLevels;
    use swift_swords::simulate::campaign::{CampaignSim, run_campaigns, summarise_campaigns};
    let ruleset = ruleset();
    let loaded = load_campaign(Path::new("campaigns/barrow_road.ron"), &ruleset)
        .unwrap_or_else(|e| panic!("{e}"));
    let report = |jobs| {
        let sim = CampaignSim {
            loaded: loaded.clone(),
            ruleset: ruleset.clone(),
            rules: rules(),
            runs: 6,
            seed: 3,
            levels: RunLevels {
                warband: AiLevel::Easy,
                foes: AiLevel::Easy,
            },
            jobs,
        };
        let runs = run_campaigns(&sim, &|| {});
        assert!(runs.iter().all(Result::is_ok), "every run plays");
        summarise_campaigns(&sim, &runs)
    };
    let one = report(1);
    assert_eq!(one, report(2));
    assert_eq!(one.runs, 6);
    assert!(one.battles_per_run >= 1.0);
}

#[test]
fn a_member_who_shares_a_places_id_stands_in_the_place_chosen_for_it() {
    // Sir Tristan takes Wren's place, so the place named "roland" is empty:
    // it must not take the member called roland with it.
    let text = CAMPAIGN.replace("id: \"tristan\"", "id: \"roland\"");
    let loaded = loaded(&text);
    let ruleset = ruleset();
    let state = CampaignState::new(loaded.campaign.clone(), 1);
    let level = state
        .field(&loaded.levels, &Field::solo(&[1, 0]), &ruleset)
        .expect("fields");
    let heroes: Vec<(&str, &str)> = level
        .units
        .iter()
        .filter(|u| u.side == "heroes")
        .map(|u| (u.id.as_str(), u.template.as_str()))
        .collect();
    assert_eq!(
        heroes,
        vec![("tam", "soldier"), ("roland", "hero_swordsman")]
    );
}

#[test]
fn an_open_bleeder_on_the_road_costs_a_rank_on_a_failed_body_roll() {
    let (mut state, _) = after_first_battle(
        |b| {
            won(b);
            unit_mut(b, "tam").wounds.0 =
                vec![wound(InjuryEffect::Bleeder { penalty: 0 }, Location::Chest)];
        },
        &[],
        &EndChoices::default(),
        &[],
    );
    let after = &mut state.set_up().campaign.battles[0].after;
    after.week.travel = true;
    after.healer = None;
    // Week 1: BODY (4 + 3 dice) fails and a rank is lost, which the week's
    // food and water then heal; week 2: the roll holds. Still bleeding.
    *state.set_up().dice = Dice::scripted([1, 1, 2, 2, 3, 3, 4, 5, 1, 1, 1, 1, 1, 1]);
    let events = march(&mut state);
    let on_the_road = |n| CampaignEvent::WeekBegan {
        week: n,
        conditions: Week {
            food: true,
            water: true,
            travel: true,
        },
        chosen: false,
    };
    assert_eq!(
        events,
        vec![
            on_the_road(1),
            CampaignEvent::Bled {
                member: id("tam"),
                dice: vec![1, 1, 2, 2, 3, 3, 4],
                held: false
            },
            CampaignEvent::Healed {
                member: id("tam"),
                ranks: 1
            },
            on_the_road(2),
            CampaignEvent::Bled {
                member: id("tam"),
                dice: vec![5, 1, 1, 1, 1, 1, 1],
                held: true
            },
        ]
    );
    assert_eq!(state.dice().remaining(), 0);
    assert!(state.members()[1].wounds.iter().any(|w| w.bleeding));
}

/// Issue #74: the briefing's default fielding ticked a wounded hero over a
/// fit veteran. A fit member takes a wounded one's place; the wounded
/// fights only where nobody fit is left.
#[test]
fn the_default_fielding_prefers_the_fit_to_the_wounded_of_the_places_own_kind() {
    use swift_swords::campaign::check::load_campaign;
    use swift_swords::campaign::format::Band;
    use swift_swords::campaign::run::choose_field;
    let ruleset = ruleset();
    let loaded = load_campaign(Path::new("campaigns/barrow_road.ron"), &ruleset)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut state = CampaignState::new(loaded.campaign.clone(), 7);
    let fit = choose_field(&state, &loaded, &ruleset);
    assert!(fit.of(Band::Warband).contains(&0), "Sir Roland, fit, leads");
    state.set_up().members[0].ranks_lost = 2;
    let field = choose_field(&state, &loaded, &ruleset);
    let chosen = field.of(Band::Warband);
    assert_eq!(chosen.len(), 4, "{chosen:?}");
    assert!(
        !chosen.contains(&0),
        "Sir Roland, wounded, waits: {chosen:?}"
    );
    assert!(chosen.iter().all(|&i| !state.members()[i].hurt()));
}

#[test]
fn a_recruit_chosen_when_the_warband_is_at_its_cap_does_not_join_and_the_aftermath_says_why() {
    let full = CAMPAIGN.replace("cap: 3", "cap: 2");
    let choices = EndChoices {
        recruits: vec![0],
        ..EndChoices::default()
    };
    let (state, events) = after_first_battle_of(&full, won, &[], &choices, &[]);
    assert_eq!(
        events,
        vec![
            fought(SideResult::Won),
            CampaignEvent::NoRoom {
                member: "Osric".into(),
                cap: 2
            },
            deed("tristan", Deed::HeldTheField),
            deed("tam", Deed::HeldTheField),
        ]
    );
    assert_eq!(state.members().len(), 2);
    let (state, events) = after_first_battle(won, &[], &choices, &[]);
    assert_eq!(
        events,
        vec![
            fought(SideResult::Won),
            CampaignEvent::Recruited {
                member: id("osric")
            },
            deed("tristan", Deed::HeldTheField),
            deed("tam", Deed::HeldTheField),
        ]
    );
    assert_eq!(state.members().len(), 3);
}
