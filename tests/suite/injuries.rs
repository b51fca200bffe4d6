//! The injury tables ("General Injury Table") in battle: every test uses
//! fixed action dice and scripted rolls, and asserts the exact events.

use crate::common::submit;
use crate::common::{act, app, attack, level, log, table, unit};
use swift_swords::battle::command::Command;
use swift_swords::battle::command::{Order, RuleError};
use swift_swords::battle::events::BattleEvent;
use swift_swords::rules::injury::{InjuryEffect, Location};
use swift_swords::vocabulary::RankSide;
use swift_swords::vocabulary::ZoneCoord;

/// A hero with three sixes and four attack dice against a bandit of rank 3
/// (and the given action dice), both untrained in defences.
fn duel(bandit_dice: &str, map: &str) -> swift_swords::level::Level {
    let units = format!(
        r#"
        (id: "hero", template: "hero_swordsman", side: "heroes", zone: (0, 0),
            overrides: (defences: Some({{}}), action_dice: Some(Fixed([6, 6, 6])))),
        (id: "bandit", template: "bandit", side: "foes", zone: (0, 0),
            overrides: (defences: Some({{}}), physical: Some(3), action_dice: Some(Fixed({bandit_dice})))),
    "#
    );
    level(map, &units, "")
}

/// The events from the first Trauma on.
fn from_trauma(events: &[BattleEvent]) -> Vec<BattleEvent> {
    let at = events
        .iter()
        .position(|e| matches!(e, BattleEvent::Trauma { .. }))
        .expect("a Trauma");
    events[at..].to_vec()
}

/// The bandit's left-leg bleeder, its BODY roll failed: a rank.
fn left_leg_bleeds() -> [BattleEvent; 2] {
    [
        BattleEvent::Bleeding {
            unit: "bandit".into(),
            location: Location::LeftLeg,
            dice: vec![1, 2, 3, 4, 1, 2],
            passed: false,
        },
        rank_lost(1),
    ]
}

fn rank_lost(remaining: i32) -> BattleEvent {
    BattleEvent::RankLost {
        unit: "bandit".into(),
        remaining,
    }
}

#[test]
fn trauma_rolls_location_and_effect_and_a_triple_of_fours_shifts_the_right_arm_to_the_chest() {
    // The broadsword's four hits are 4 damage against rank 3: a Trauma. The
    // seed's example location roll 4,4,4,6: a triple of 4s is the right
    // arm, and the triple lets the attacker shift one area, to the chest.
    // Effect 4 on the chest: a Flesh Wound, one more rank.
    let level = duel("[2]", r#""g""#);
    let mut app = app(&level, &[6, 6, 6, 5, 4, 4, 4, 6, 4]);
    act(&mut app, "hero", attack("bandit"));
    assert_eq!(
        from_trauma(&log(&app)),
        vec![
            BattleEvent::Trauma {
                unit: "bandit".into()
            },
            rank_lost(2),
            BattleEvent::Injured {
                unit: "bandit".into(),
                location_dice: vec![4, 4, 4, 6],
                location: Location::Chest,
                effect_roll: 4,
                effect: InjuryEffect::FleshWound,
            },
            rank_lost(1),
            BattleEvent::Crossover {
                unit: "bandit".into(),
                to: RankSide::Mental,
            },
            BattleEvent::MentalRankLost {
                unit: "bandit".into(),
                remaining: 1,
            },
        ]
    );
    let t = table(&app);
    assert_eq!(unit(&t, "bandit").wounds.0.len(), 1);
}

#[test]
fn a_bleeder_costs_a_rank_at_the_start_of_a_round_unless_body_is_rolled() {
    // Injury 1,1,2,3: a pair of 1s, the left leg; effect 1: a Bleeder. The
    // round ends; at the start of the next the bandit rolls BODY (4 dice
    // plus its 2 ranks left) and fails.
    let level = duel("[2]", r#""g""#);
    let mut app = app(&level, &[6, 6, 6, 5, 1, 1, 2, 3, 1, 1, 2, 3, 4, 1, 2]);
    act(&mut app, "hero", attack("bandit"));
    act(&mut app, "hero", Order::Pass);
    act(&mut app, "bandit", Order::Pass);
    let events = log(&app);
    let bleeding = events
        .iter()
        .position(|e| matches!(e, BattleEvent::Bleeding { .. }))
        .expect("the bleeder is rolled for");
    assert_eq!(events[bleeding..bleeding + 2], left_leg_bleeds());
    assert!(matches!(
        events[bleeding - 1],
        BattleEvent::RoundStarted { round: 2 }
    ));
}

/// RULES §41.4: under DEX ranks the round's resolution rolls the bleeding,
/// at the round's end rather than the next round's start.
#[test]
fn under_dex_ranks_a_bleeder_bleeds_in_the_rounds_resolution() {
    let units = r#"
        (id: "hero", template: "hero_swordsman", side: "heroes", zone: (0, 0),
            overrides: (defences: Some({}), action_dice: Some(Fixed([6, 6, 6])))),
        (id: "bandit", template: "bandit", side: "foes", zone: (0, 0),
            overrides: (defences: Some({}), physical: Some(3), action_dice: Some(Fixed([2])))),
    "#;
    let level = level(r#""g""#, units, "sequence: DexRanks,");
    let mut app = app(&level, &[6, 6, 6, 5, 1, 1, 2, 3, 1, 1, 2, 3, 4, 1, 2]);
    let stand = Order::Intend {
        moving: false,
        run: false,
    };
    act(&mut app, "hero", stand.clone());
    act(&mut app, "bandit", stand);
    act(&mut app, "hero", attack("bandit"));
    act(&mut app, "hero", Order::Pass);
    act(&mut app, "bandit", Order::Pass);
    let events = log(&app);
    let resolution = events
        .iter()
        .position(|e| {
            *e == BattleEvent::DexStepBegan {
                step: swift_swords::vocabulary::DexStep::Resolution,
            }
        })
        .expect("the round's resolution");
    assert_eq!(events[resolution + 1..resolution + 3], left_leg_bleeds());
    let closed = events
        .iter()
        .position(|e| *e == BattleEvent::RoundClosed { round: 1 })
        .expect("the round closes");
    assert!(
        resolution < closed,
        "the bleeding is the round's, not the next's"
    );
}

#[test]
fn wind_burns_two_action_dice_now_and_at_every_later_roll() {
    // Injury 5,5,1,2: the chest; effect 2: Wind, a mental rank and two
    // action dice burnt, the lowest turned to 1s, again next round.
    let level = duel("[4, 3, 2]", r#""g""#);
    let mut app = app(&level, &[6, 6, 6, 5, 5, 5, 1, 2, 2]);
    act(&mut app, "hero", attack("bandit"));
    let t = table(&app);
    assert_eq!(unit(&t, "bandit").pool.dice, vec![4, 1, 1]);
    assert!(log(&app).contains(&BattleEvent::DiceBurned {
        unit: "bandit".into(),
        dice: 2
    }));
    // The bandit's three dice, 1s included, outnumber the hero's two: the
    // bandit passes, and the hero's last option passes too: round 2.
    act(&mut app, "bandit", Order::Pass);
    act(&mut app, "hero", Order::Pass);
    let t = table(&app);
    assert_eq!(t.battle().round, 2);
    assert_eq!(unit(&t, "bandit").pool.dice, vec![4, 1, 1]);
}

#[test]
fn a_broken_weapon_arm_drops_the_weapon_and_costs_a_rank() {
    // Injury 4,4,1,2: a pair of 4s, the right arm; effect 6: Broken. The
    // bandit drops its short sword and fights on with its fists.
    let level = duel("[2]", r#""g""#);
    let mut app = app(&level, &[6, 6, 6, 5, 4, 4, 1, 2, 6]);
    act(&mut app, "hero", attack("bandit"));
    let events = log(&app);
    assert!(events.contains(&BattleEvent::Dropped {
        unit: "bandit".into(),
        items: vec!["short_sword".into()],
    }));
    let t = table(&app);
    let bandit = unit(&t, "bandit");
    assert_eq!(bandit.profile.weapons, vec!["fists".to_string()]);
    assert_eq!(bandit.ranks.physical.remaining(), 1);
}

#[test]
fn a_foot_wound_knocks_down_and_the_prone_must_withdraw_to_stand() {
    // Injury 2,2,1,3: the right leg; effect 5: Foot. A footing roll at
    // once, BODY with 2 dice off for the foot: 4 dice, no success: prone.
    let level = duel("[5, 4]", r#""gg""#);
    let mut app = app(&level, &[6, 6, 6, 5, 2, 2, 1, 3, 5, 1, 2, 3, 4]);
    act(&mut app, "hero", attack("bandit"));
    assert!(log(&app).contains(&BattleEvent::FellProne {
        unit: "bandit".into()
    }));
    // The Foot burnt the bandit's 4; it still has the 5. The hero holds.
    act(&mut app, "hero", Order::Hold);
    let refused = submit(
        &mut app,
        Command::new(
            "bandit",
            Order::Move {
                to: ZoneCoord(1, 0),
                pay: None,
            },
        ),
    );
    assert_eq!(refused, Err(RuleError::Prone));
    act(&mut app, "bandit", Order::Withdraw { pay: None });
    let events = log(&app);
    assert!(events.contains(&BattleEvent::StoodUp {
        unit: "bandit".into()
    }));
    assert!(!unit(&table(&app), "bandit").conditions.prone);
}

/// The hero's Trauma on a bandit of rank 3 (mental 5), with the injury's
/// location dice, effect die and any rolls the effect calls for.
fn injury_case(
    location: [u8; 4],
    effect: u8,
    rolls: &[u8],
) -> (Vec<BattleEvent>, swift_swords::battle::engine::Engine) {
    let units = r#"
        (id: "hero", template: "hero_swordsman", side: "heroes", zone: (0, 0),
            overrides: (defences: Some({}), action_dice: Some(Fixed([6, 6, 6])))),
        (id: "bandit", template: "bandit", side: "foes", zone: (0, 0),
            overrides: (defences: Some({}), physical: Some(3), mental: Some(5), action_dice: Some(Fixed([3, 2])))),
    "#;
    let level = level(r#""g""#, units, "");
    let mut dice = vec![6, 6, 5, 5];
    dice.extend(location);
    dice.push(effect);
    dice.extend(rolls);
    let mut app = app(&level, &dice);
    act(&mut app, "hero", attack("bandit"));
    (log(&app), app)
}

fn injured(events: &[BattleEvent]) -> (Location, InjuryEffect) {
    events
        .iter()
        .find_map(|e| match e {
            BattleEvent::Injured {
                location, effect, ..
            } => Some((*location, *effect)),
            _ => None,
        })
        .expect("an injury")
}

#[test]
fn every_injury_effect_does_what_the_table_says() {
    use InjuryEffect::*;
    // Head 1: Stun, and a die burnt.
    let (events, _) = injury_case([6, 6, 1, 2], 1, &[]);
    assert_eq!(injured(&events), (Location::Head, Stun));
    assert!(events.contains(&BattleEvent::StateTaken {
        unit: "bandit".into(),
        state: swift_swords::battle::components::StateKind::Stun
    }));
    assert!(events.contains(&BattleEvent::DiceBurned {
        unit: "bandit".into(),
        dice: 1
    }));
    // Head 2: Unconscious -2d: SPIRIT on 4 + 5 - 2 dice, all failed: out of action.
    let (events, app) = injury_case([6, 6, 1, 2], 2, &[1; 7]);
    assert_eq!(
        injured(&events),
        (Location::Head, Unconscious { penalty: 2 })
    );
    assert!(!unit(&table(&app), "bandit").fighting());
    // Head 3: Sight (the bandit casts no spells): a mental rank.
    let (events, _) = injury_case([6, 6, 1, 2], 3, &[]);
    assert_eq!(injured(&events), (Location::Head, Sight));
    assert!(events.contains(&BattleEvent::MentalRankLost {
        unit: "bandit".into(),
        remaining: 4
    }));
    // A triple of 5s (the chest) shifts to the neck; 5: Paralysed, BODY passed.
    let (events, app) = injury_case([5, 5, 5, 1], 5, &[6, 1, 1, 1, 1, 1]);
    assert_eq!(injured(&events), (Location::Neck, Paralysed));
    assert!(unit(&table(&app), "bandit").fighting());
    // Chest 6: Puncture: a rank more, a die burnt, a die off every roll.
    let (events, app) = injury_case([5, 5, 1, 2], 6, &[]);
    assert_eq!(injured(&events), (Location::Chest, Puncture));
    let t = table(&app);
    assert_eq!(unit(&t, "bandit").ranks.physical.lost, 2);
    let bandit = t.unit_index("bandit").unwrap();
    assert_eq!(
        swift_swords::battle::injury::penalty(
            &t,
            bandit,
            swift_swords::rules::injury::RollKind::Body
        ),
        1
    );
    // Right arm 4: Hand: the sword is dropped and a die burnt.
    let (events, _) = injury_case([4, 4, 1, 2], 4, &[]);
    assert_eq!(injured(&events), (Location::RightArm, Hand));
    assert!(events.contains(&BattleEvent::Dropped {
        unit: "bandit".into(),
        items: vec!["short_sword".into()]
    }));
    // A triple of 1s (the left leg) shifts to the groin; 5: Maim, a mental rank.
    let (events, _) = injury_case([1, 1, 1, 6], 5, &[]);
    assert_eq!(injured(&events), (Location::Groin, Maim));
    assert!(events.contains(&BattleEvent::MentalRankLost {
        unit: "bandit".into(),
        remaining: 4
    }));
    // Left leg 2: Balance: a mental rank and two dice burnt.
    let (events, app) = injury_case([1, 1, 2, 3], 2, &[]);
    assert_eq!(injured(&events), (Location::LeftLeg, Balance));
    assert_eq!(unit(&table(&app), "bandit").pool.dice, vec![1, 1]);
}

#[test]
fn a_killing_blow_adds_one_to_the_effect_roll_kill_on_a_level_nine_body() {
    // Massive jaws make any hit a Killing Blow. The bandit at physical 9
    // cannot be knocked off it, so it fights on to suffer the effect: head,
    // 6 + 1 = 7: Kill. BODY at -2 dice (4 + 9 - 2) passes; every die left
    // is lost and two mental ranks go.
    let units = r#"
        (id: "hero", template: "hero_swordsman", side: "heroes", zone: (0, 0),
            overrides: (defences: Some({}), weapons: Some(["dragon_jaws"]), action_dice: Some(Fixed([6, 6, 6])))),
        (id: "bandit", template: "bandit", side: "foes", zone: (0, 0),
            overrides: (defences: Some({}), physical: Some(9), mental: Some(5), action_dice: Some(Fixed([3, 2])))),
    "#;
    let level = level(r#""g""#, units, "");
    let mut dice = vec![6, 2, 2, 2, 6, 6, 1, 2, 6, 6];
    dice.extend([1; 10]);
    let mut app = app(&level, &dice);
    act(&mut app, "hero", attack("bandit"));
    let events = log(&app);
    assert!(events.contains(&BattleEvent::Injured {
        unit: "bandit".into(),
        location_dice: vec![6, 6, 1, 2],
        location: Location::Head,
        effect_roll: 7,
        effect: InjuryEffect::Kill,
    }));
    assert!(events.contains(&BattleEvent::DiceDiscarded {
        unit: "bandit".into()
    }));
    let t = table(&app);
    assert!(unit(&t, "bandit").fighting());
    assert_eq!(unit(&t, "bandit").ranks.mental.lost, 2);
}

#[test]
fn the_attacker_chooses_where_a_triple_shifts_the_injury() {
    // 4,4,4,6 again: the right arm, which a triple may shift to the chest.
    // This attacker keeps the rolled location; effect 2 on the arm: a Flesh Wound.
    let level = duel("[2]", r#""g""#);
    let mut app = app(&level, &[6, 6, 6, 5, 4, 4, 4, 6, 2]);
    act(
        &mut app,
        "hero",
        Order::Attack {
            target: "bandit".into(),
            weapon: None,
            raise_with_one: false,
            specials: Vec::new(),
            tactic: None,
            shift: swift_swords::rules::injury::Shift::Stay,
            pay: None,
        },
    );
    assert!(log(&app).contains(&BattleEvent::Injured {
        unit: "bandit".into(),
        location_dice: vec![4, 4, 4, 6],
        location: Location::RightArm,
        effect_roll: 2,
        effect: InjuryEffect::FleshWound,
    }));
}
