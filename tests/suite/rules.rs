//! Headless tests of the battle engine, each named after the rule it pins,
//! with fixed dice. They run the real ECS app (MinimalPlugins + StatesPlugin)
//! and assert the outcome. Their combatants are untrained in defences
//! (`defences: Some({})`) unless the test is about defences, so each attack
//! is rolled at once.

use crate::common::submit;
use crate::common::{
    act, app, attack, attack_with, foe, hero, level, log, ruleset, table, unit, units,
};
use bevy::prelude::*;
use swift_swords::battle::command::{Command, Order, RuleError};
use swift_swords::battle::components::{Fate, Status, WoundChoice};
use swift_swords::battle::events::{BattleEvent, Outcome};
use swift_swords::battle::state::Turn;
use swift_swords::rules::dice::Dice;
use swift_swords::rules::injury::{InjuryEffect, Location};
use swift_swords::rules::payment::PaymentError;
use swift_swords::vocabulary::Sequence;
use swift_swords::vocabulary::ZoneCoord;

const HERO_AND_BANDIT: &str = r#"
    (id: "hero", template: "hero_swordsman", side: "heroes", zone: (0, 0), overrides: (defences: Some({}))),
    (id: "bandit", template: "bandit", side: "foes", zone: (0, 0), overrides: (defences: Some({}))),
"#;

#[test]
fn action_dice_sixes_add_one_extra_die_each() {
    let level = level(r#""g""#, HERO_AND_BANDIT, "");
    let app = app(&level, &[6, 6, 2, 2, 6, 1, 3, 3, 3]);
    let t = table(&app);
    assert_eq!(unit(&t, "hero").pool.dice, vec![6, 6, 2, 2, 6, 1]);
    assert_eq!(unit(&t, "bandit").pool.dice, vec![3, 3, 3]);
}

/// RULES §4: the countdown counts action dice, 1s included, not pips.
#[test]
fn countdown_counts_dice_with_ones_not_pips() {
    // The hero holds 1, 1, 1, 5: four dice against the bandit's 5, 3, 2.
    let level = level(r#""g""#, HERO_AND_BANDIT, "");
    let app = app(&level, &[1, 1, 1, 5, 5, 3, 2]);
    assert_eq!(table(&app).turn_units(), vec!["hero"]);
}

/// RULES §4: 1s cannot pay for an action, so a combatant holding only 1s
/// takes no turn, however many it holds.
#[test]
fn countdown_skips_a_combatant_holding_only_ones() {
    let level = level(r#""g""#, HERO_AND_BANDIT, "");
    let app = app(&level, &[1, 1, 1, 1, 2, 2, 2]);
    assert_eq!(table(&app).turn_units(), vec!["bandit"]);
}

/// "Actions & Refresh": the refresh comes when a combatant uses its last
/// action die, and a 1 is an action die. A hero left holding a 1 is passed
/// over; the bandit goes on acting as usual, and its own last die calls the
/// refresh that gives the hero its last option.
#[test]
fn a_combatant_left_with_only_ones_calls_no_refresh() {
    let units = units(&[
        hero("hero", "hero_swordsman").untrained().dice(&[5, 5, 1]),
        foe("bandit", "bandit").untrained().at(2, 0).dice(&[3, 3]),
    ]);
    let level = level(r#""ggg""#, &units, "");
    let mut app = app(&level, &[]);
    let step = |x| Order::Move {
        to: ZoneCoord(x, 0),
        pay: None,
    };
    act(&mut app, "hero", step(1));
    act(&mut app, "hero", step(0));
    assert_eq!(unit(&table(&app), "hero").pool.dice, vec![1]);
    assert!(
        !log(&app)
            .iter()
            .any(|e| matches!(e, BattleEvent::RefreshCalled { .. }))
    );
    assert_eq!(
        table(&app).battle().turn,
        Turn::Act {
            candidates: vec![1]
        }
    );
    act(&mut app, "bandit", step(1));
    act(&mut app, "bandit", step(2));
    assert!(log(&app).contains(&BattleEvent::RefreshCalled {
        by: Some("bandit".into())
    }));
    assert_eq!(table(&app).battle().turn, Turn::LastOption { unit: 0 });
}

#[test]
fn countdown_tie_goes_to_the_heroes_side() {
    let level = level(r#""g""#, HERO_AND_BANDIT, "");
    let app = app(&level, &[2, 2, 2, 1, 3, 3, 3]);
    assert_eq!(table(&app).turn_units(), vec!["hero"]);
}

#[test]
fn holding_passes_the_turn_until_someone_acts() {
    let level = level(r#""g""#, HERO_AND_BANDIT, "");
    let mut app = app(&level, &[4, 4, 4, 4, 3, 3, 3, 1, 1, 1]);
    act(&mut app, "hero", Order::Hold);
    assert_eq!(table(&app).turn_units(), vec!["bandit"]);
    assert_eq!(
        submit(&mut app, Command::new("hero", Order::Pass)),
        Err(RuleError::NotYourTurn {
            unit: "hero".into(),
            may_act: vec!["bandit".into()],
            sequence: Sequence::Countdown,
        })
    );
    act(&mut app, "bandit", attack("hero"));
    // The bandit acted, so the hero is back in the countdown with the most dice.
    assert_eq!(table(&app).turn_units(), vec!["hero"]);
}

#[test]
fn everyone_holding_closes_the_round_with_a_refresh() {
    let level = level(r#""g""#, HERO_AND_BANDIT, "");
    let mut app = app(&level, &[4, 4, 4, 4, 3, 3, 3]);
    act(&mut app, "hero", Order::Hold);
    act(&mut app, "bandit", Order::Hold);
    assert!(log(&app).contains(&BattleEvent::RefreshCalled { by: None }));
    // Both get a last option, in countdown order.
    assert_eq!(table(&app).turn_units(), vec!["hero"]);
    act(&mut app, "hero", Order::KeepDie);
    assert_eq!(table(&app).turn_units(), vec!["bandit"]);
}

#[test]
fn refresh_gives_a_last_option_and_a_kept_die_is_rolled_into_the_next_pool() {
    let level = level(r#""g""#, HERO_AND_BANDIT, "");
    // Round 1: hero 5,4,3,2; bandit 2,2,2. Round 2: hero 4 dice, bandit 3 + 1 kept.
    let mut app = app(&level, &[5, 4, 3, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4]);
    act(&mut app, "hero", Order::Pass);
    assert!(log(&app).contains(&BattleEvent::RefreshCalled {
        by: Some("hero".into())
    }));
    assert_eq!(table(&app).turn_units(), vec!["bandit"]);
    act(&mut app, "bandit", Order::KeepDie);
    let t = table(&app);
    assert_eq!(t.battle().round, 2);
    assert_eq!(unit(&t, "hero").pool.dice, vec![3, 3, 3, 3]);
    assert_eq!(unit(&t, "bandit").pool.dice, vec![4, 4, 4, 4]);
}

#[test]
fn a_last_option_may_be_an_action_and_then_its_dice_are_set_aside() {
    let level = level(r#""g""#, HERO_AND_BANDIT, "");
    let mut app = app(
        &level,
        &[
            5, 4, 3, 2, 5, 5, 2, 1, 1, 2, 2, 3, 3, 1, 3, 1, 6, 6, 2, 1, 2, 1,
        ],
    );
    act(&mut app, "hero", Order::Pass);
    act(&mut app, "bandit", attack("hero"));
    let t = table(&app);
    assert_eq!(
        t.battle().round,
        2,
        "the refresh closed once the bandit had acted"
    );
    assert!(log(&app).contains(&BattleEvent::DicePaid {
        unit: "bandit".into(),
        dice: vec![5]
    }));
}

#[test]
fn paying_refuses_dice_not_in_the_pool_and_ones() {
    let level = level(r#""gg""#, HERO_AND_BANDIT, "");
    let mut app = app(&level, &[5, 1, 3, 2, 2, 2, 2]);
    let move_paying = |faces: &[u8]| Order::Move {
        to: ZoneCoord(1, 0),
        pay: Some(faces.to_vec()),
    };
    assert_eq!(
        submit(&mut app, Command::new("hero", move_paying(&[6]))),
        Err(RuleError::CannotPay(PaymentError::DieNotInPool { face: 6 }))
    );
    assert_eq!(
        submit(&mut app, Command::new("hero", move_paying(&[1, 3]))),
        Err(RuleError::CannotPay(PaymentError::OnesCannotPay))
    );
    assert_eq!(
        submit(
            &mut app,
            Command::new("hero", Order::Withdraw { pay: None })
        ),
        Err(RuleError::NotInContact)
    );
    act(&mut app, "hero", move_paying(&[3]));
    assert_eq!(unit(&table(&app), "hero").pool.dice, vec![5, 1, 2]);
}

/// RULES §5: wastage is allowed. Named dice are all spent, even beyond the
/// cost, so a player may drop down the countdown on purpose.
#[test]
fn a_named_payment_may_waste_dice_beyond_the_cost() {
    let level = level(r#""gg""#, HERO_AND_BANDIT, "");
    let mut app = app(&level, &[5, 1, 3, 2, 2, 2, 2]);
    act(
        &mut app,
        "hero",
        Order::Move {
            to: ZoneCoord(1, 0),
            pay: Some(vec![5, 2]),
        },
    );
    assert_eq!(unit(&table(&app), "hero").pool.dice, vec![1, 3]);
    assert!(log(&app).contains(&BattleEvent::DicePaid {
        unit: "hero".into(),
        dice: vec![5, 2],
    }));
}

/// The bandit's armour stops a single Medium hit, so it is not stunned.
const HERO_AND_ARMOURED_BANDIT: &str = r#"
    (id: "hero", template: "hero_swordsman", side: "heroes", zone: (0, 0), overrides: (defences: Some({}))),
    (id: "bandit", template: "bandit", side: "foes", zone: (0, 0), overrides: (defences: Some({}), armour: Some(1))),
"#;

#[test]
fn exposure_dice_join_the_next_attack_on_the_exposed_and_clear_at_its_next_action() {
    let level = level(r#""g""#, HERO_AND_ARMOURED_BANDIT, "");
    // Hero 5,4,4,4; bandit 3,3,3. Hero attacks: 6,1,2,2 (one hit, one 1: exposure).
    // Bandit attacks with 3 + 1 dice: 2,2,2,2. Hero acts again: exposure cleared.
    let mut app = app(
        &level,
        &[5, 4, 4, 4, 3, 3, 3, 6, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3],
    );
    act(&mut app, "hero", attack("bandit"));
    assert_eq!(unit(&table(&app), "hero").conditions.exposure, 1);
    act(&mut app, "hero", attack("bandit"));
    assert_eq!(
        unit(&table(&app), "hero").conditions.exposure,
        0,
        "cleared by the hero's own action"
    );
    act(&mut app, "bandit", attack("hero"));
    let rolled = log(&app)
        .into_iter()
        .filter_map(|e| match e {
            BattleEvent::AttackRolled {
                attacker,
                exposure_used,
                dice,
                ..
            } if attacker == "bandit" => Some((exposure_used, dice.len())),
            _ => None,
        })
        .collect::<Vec<_>>();
    assert_eq!(rolled, vec![(0, 3)]);
}

#[test]
fn fumble_makes_the_fumbler_easier_to_hit_until_its_next_action() {
    let level = level(r#""g""#, HERO_AND_ARMOURED_BANDIT, "");
    // Hero 5,5,5,5 attacks: 1,1,5,2 (fumble). Bandit attacks at SL 4: 4,4,2 = 2 hits.
    let mut app = app(&level, &[5, 5, 5, 5, 3, 3, 3, 1, 1, 5, 2, 4, 4, 2]);
    act(&mut app, "hero", attack("bandit"));
    assert!(unit(&table(&app), "hero").conditions.fumbled);
    act(&mut app, "hero", Order::Hold);
    act(&mut app, "bandit", attack("hero"));
    assert!(log(&app).iter().any(|e| matches!(e, BattleEvent::AttackRolled { attacker, superiority_level: 4, hits: 2, .. } if attacker == "bandit")));
}

#[test]
fn effort_spends_a_one_for_one_more_attack_die() {
    let level = level(r#""g""#, HERO_AND_BANDIT, "");
    let mut app = app(&level, &[1, 5, 5, 5, 3, 3, 3, 2, 2, 2, 2, 2]);
    act(&mut app, "hero", Order::Effort);
    assert_eq!(
        submit(&mut app, Command::new("hero", Order::Effort)),
        Err(RuleError::NoOneToSpend)
    );
    act(&mut app, "hero", attack("bandit"));
    let dice = log(&app).into_iter().find_map(|e| match e {
        BattleEvent::AttackRolled { dice, .. } => Some(dice),
        _ => None,
    });
    assert_eq!(dice, Some(vec![2, 2, 2, 2, 2]));
}

#[test]
fn a_one_raises_a_die_just_short_of_a_hit_after_the_roll() {
    let level = level(r#""g""#, HERO_AND_BANDIT, "");
    let mut app = app(&level, &[1, 5, 5, 5, 3, 3, 3, 4, 2, 2, 2]);
    act(
        &mut app,
        "hero",
        Order::Attack {
            target: "bandit".into(),
            weapon: None,
            raise_with_one: true,
            specials: Vec::new(),
            tactic: None,
            shift: Default::default(),
            pay: None,
        },
    );
    let events = log(&app);
    assert!(events.contains(&BattleEvent::DieRaised {
        unit: "hero".into(),
        from: 4,
        to: 5
    }));
    assert!(events.iter().any(|e| matches!(e, BattleEvent::AttackRolled { hits: 1, dice, .. } if dice == &vec![5, 2, 2, 2])));
    assert_eq!(
        unit(&table(&app), "hero").pool.dice,
        vec![5, 5],
        "the 1 was spent"
    );
}

/// "Modifiers ToHit": advantage counts the attacker's allies InContact, not
/// the attacker itself. Two against one is even; three against one is
/// twice as many friends, major advantage (+2 dice).
#[test]
fn advantage_counts_the_allies_with_the_attacker_not_the_attacker() {
    let units = units(&[
        hero("hero", "hero_swordsman")
            .untrained()
            .dice(&[5, 5, 5, 5]),
        hero("ally", "veteran").untrained().dice(&[4, 4, 4, 4]),
        hero("squire", "veteran").untrained().dice(&[4, 4, 4]),
        foe("bandit", "bandit").untrained().dice(&[2, 2]),
    ]);
    let level = level(r#""g""#, &units, "");
    // Every attack die misses.
    let mut app = app(&level, &[2; 40]);
    act(&mut app, "hero", attack("bandit"));
    act(&mut app, "ally", attack("bandit"));
    act(&mut app, "squire", attack("bandit"));
    let advantage: Vec<u32> = log(&app)
        .into_iter()
        .filter_map(|e| match e {
            BattleEvent::AttackRolled { advantage_dice, .. } => Some(advantage_dice),
            _ => None,
        })
        .collect();
    assert_eq!(advantage, vec![0, 0, 2]);
}

#[test]
fn reach_weapons_strike_from_alone_but_not_in_contact() {
    let units = units(&[
        hero("spearman", "soldier")
            .untrained()
            .with(r#"weapons: Some(["spear"])"#),
        foe("bandit", "bandit").untrained().dice(&[2]),
    ]);
    let level = level(r#""g""#, &units, "");
    let mut app = app(&level, &[5, 5, 5, 2, 2, 2]);
    act(&mut app, "spearman", attack("bandit"));
    assert_eq!(
        unit(&table(&app), "spearman").status,
        Status::Alone,
        "a reach attack does not close in"
    );
    act(
        &mut app,
        "spearman",
        Order::Charge {
            target: "bandit".into(),
            pay: None,
        },
    );
    assert_eq!(
        submit(&mut app, Command::new("spearman", attack("bandit"))),
        Err(RuleError::ReachWeaponInContact)
    );
}

#[test]
fn missile_fire_reaches_only_its_range_in_zones() {
    let units = units(&[
        hero("archer", "hero_archer").untrained(),
        foe("bandit", "bandit").at(4, 0).untrained(),
        foe("near", "bandit").at(3, 0).untrained(),
    ]);
    let level = level(r#""ggggg""#, &units, "");
    let mut app = app(&level, &[5, 5, 5, 5, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
    assert_eq!(
        submit(
            &mut app,
            Command::new("archer", attack_with("bandit", "bow"))
        ),
        Err(RuleError::OutOfRange {
            distance: 4,
            range: 3
        })
    );
    act(&mut app, "archer", attack_with("near", "bow"));
    assert!(log(&app).iter().any(|e| matches!(e, BattleEvent::AttackRolled { weapon, target, .. } if weapon == "bow" && target == "near")));
    assert_eq!(unit(&table(&app), "archer").status, Status::Alone);
}

#[test]
fn no_missile_fire_from_inside_a_melee() {
    let units = units(&[
        hero("archer", "hero_archer").untrained(),
        foe("bandit", "bandit").untrained().dice(&[2]),
    ]);
    let level = level(r#""g""#, &units, "");
    let mut app = app(&level, &[5, 5, 5, 5, 2, 2, 2, 2]);
    act(&mut app, "archer", attack_with("bandit", "short_sword"));
    assert_eq!(unit(&table(&app), "archer").status, Status::InContact);
    assert_eq!(
        submit(
            &mut app,
            Command::new("archer", attack_with("bandit", "bow"))
        ),
        Err(RuleError::MissileWhileInContact)
    );
}

#[test]
fn a_stunned_combatant_rolls_body_before_acting_and_a_one_buys_an_extra_roll() {
    let units = units(&[
        hero("hero", "hero_swordsman").untrained(),
        foe("brute", "veteran").untrained(),
    ]);
    let level = level(r#""g""#, &units, "");
    // Hero 1,4,4,2, who holds; brute 5,5,5,5 attacks first: 5,5,2,2 is
    // 2 damage less 1 armour: a Stun. Then the hero's extra recovery roll
    // with a 1: 7 dice, one success.
    let mut app = app(
        &level,
        &[1, 4, 4, 2, 5, 5, 5, 5, 5, 5, 2, 2, 2, 2, 2, 2, 2, 2, 6],
    );
    act(&mut app, "hero", Order::Hold);
    act(&mut app, "brute", attack("hero"));
    assert!(unit(&table(&app), "hero").conditions.stunned);
    act(&mut app, "hero", Order::RecoveryRoll);
    let t = table(&app);
    assert!(!unit(&t, "hero").conditions.stunned);
    assert_eq!(unit(&t, "hero").pool.dice, vec![4, 4, 2]);
}

/// RULES §14: a combatant may take a rank loss instead of a State. The
/// choice stands until changed, and costs nothing: the turn stays.
#[test]
fn a_standing_choice_of_a_rank_takes_the_wound_as_a_rank_not_a_stun() {
    let units = units(&[
        hero("hero", "hero_swordsman").untrained(),
        foe("brute", "veteran").untrained(),
    ]);
    let level = level(r#""g""#, &units, "");
    // Hero 1,4,4,2; brute 5,5,5,5 attacks: 5,5,2,2 is 2 damage less 1
    // armour, a Wound.
    let mut app = app(&level, &[1, 4, 4, 2, 5, 5, 5, 5, 5, 5, 2, 2]);
    let choose = Order::ChooseWounds {
        take: WoundChoice::Rank,
        whole_side: false,
    };
    act(&mut app, "hero", choose);
    assert_eq!(
        log(&app).last(),
        Some(&BattleEvent::WoundsChosen {
            units: vec!["hero".into()],
            take: WoundChoice::Rank,
        })
    );
    assert_eq!(table(&app).turn_units(), vec!["hero"]);
    assert_eq!(unit(&table(&app), "hero").pool.dice, vec![1, 4, 4, 2]);
    act(&mut app, "hero", Order::Hold);
    act(&mut app, "brute", attack("hero"));
    let events = log(&app);
    let at = events
        .iter()
        .position(|e| matches!(e, BattleEvent::Damaged { .. }))
        .expect("damage");
    assert_eq!(
        events[at..at + 2],
        [
            BattleEvent::Damaged {
                unit: "hero".into(),
                damage: 1,
                armour: 1,
            },
            BattleEvent::RankLost {
                unit: "hero".into(),
                remaining: 2,
            },
        ]
    );
    assert!(!unit(&table(&app), "hero").conditions.stunned);
}

/// RULES §14: the choice may be set for the whole side at once, and while
/// answering an attack.
#[test]
fn the_choice_of_wounds_may_be_set_for_the_whole_side_while_answering_an_attack() {
    let units = units(&[
        hero("hero", "hero_swordsman"),
        hero("squire", "hero_swordsman").untrained(),
        foe("brute", "veteran").untrained().dice(&[5, 5, 5, 5, 5]),
    ]);
    let level = level(r#""g""#, &units, "");
    let mut app = app(&level, &[2, 2, 2, 2, 2, 2, 2, 2]);
    act(&mut app, "brute", attack("hero"));
    assert_eq!(table(&app).turn_units(), vec!["hero"]);
    act(
        &mut app,
        "hero",
        Order::ChooseWounds {
            take: WoundChoice::Rank,
            whole_side: true,
        },
    );
    assert!(log(&app).contains(&BattleEvent::WoundsChosen {
        units: vec!["hero".into(), "squire".into()],
        take: WoundChoice::Rank,
    }));
    let t = table(&app);
    assert_eq!(unit(&t, "squire").conditions.wounds, WoundChoice::Rank);
    assert_eq!(unit(&t, "brute").conditions.wounds, WoundChoice::State);
    // Still the hero's answer to give.
    assert_eq!(t.turn_units(), vec!["hero"]);
}

#[test]
fn a_killing_blow_puts_out_of_action_and_massive_damage_kills() {
    let units = units(&[
        hero("giant", "ogre")
            .untrained()
            .with(r#"weapons: Some(["giant_club"])"#)
            .with("attack_dice: Some(6)"),
        foe("b1", "bandit").untrained(),
        foe("b2", "bandit").untrained(),
    ]);
    let level = level(r#""g""#, &units, "");
    // Giant 6,6,6 (+3 extra: 5,5,5); bandits 2,2,2 each. Giant hits b1 with
    // two successes: Huge 5 damage against rank 2 is more than twice: a
    // Killing Blow, and an injury roll: 1,2,3,3 is the left arm, effect
    // 2+1 a Bleeder. Then b2 with four: 7 damage, more than three times: Massive.
    let mut app = app(
        &level,
        &[
            6, 6, 6, 5, 5, 5, 2, 2, 2, 2, 2, 2, 5, 5, 2, 2, 2, 2, 1, 2, 3, 3, 2, 6, 6, 6, 6, 2, 2,
            2, 3, 3, 1, 3, 1, 6, 6, 2, 1, 2, 1,
        ],
    );
    act(&mut app, "giant", attack("b1"));
    act(&mut app, "giant", attack("b2"));
    let t = table(&app);
    assert_eq!(unit(&t, "b1").fate, Fate::OutOfAction);
    assert_eq!(unit(&t, "b2").fate, Fate::Killed);
    let events = log(&app);
    assert!(events.contains(&BattleEvent::KillingBlow { unit: "b1".into() }));
    assert!(events.contains(&BattleEvent::MassiveDamage { unit: "b2".into() }));
    assert!(events.contains(&BattleEvent::Injured {
        unit: "b1".into(),
        location_dice: vec![1, 2, 3, 3],
        location: Location::LeftArm,
        effect_roll: 3,
        effect: InjuryEffect::Bleeder { penalty: 0 },
    }));
    assert!(matches!(&t.battle().outcome, Some(Outcome::Victory { side, .. }) if side == "heroes"));
}

#[test]
fn heroes_stay_in_action_until_minus_three_ranks() {
    let units = units(&[
        hero("hero", "hero_swordsman")
            .untrained()
            .with("armour: Some(0)")
            .with("physical: Some(0)"),
        foe("bandit", "bandit")
            .untrained()
            .with("attack_dice: Some(1)")
            .dice(&[3, 3, 3, 3, 3]),
    ]);
    // The hero has 1 real rank (0 + heroic), is stunned first, then loses a
    // rank per hit: at 0, -1, -2 it still fights; at -3 it is out. It holds
    // whenever the countdown comes to it.
    let level = level(r#""g""#, &units, "");
    let mut app = app(
        &level,
        &[
            2, 2, 2, 2, 5, 5, 5, 5, 5, 2, 3, 3, 1, 3, 1, 6, 6, 2, 1, 2, 1,
        ],
    );
    let mut attacks = 0;
    while attacks < 5 {
        if table(&app).turn_units() == vec!["hero"] {
            act(&mut app, "hero", Order::Hold);
        } else {
            act(&mut app, "bandit", attack("hero"));
            attacks += 1;
        }
    }
    let events = log(&app);
    let remaining: Vec<i32> = events
        .iter()
        .filter_map(|e| match e {
            BattleEvent::RankLost { unit, remaining } if unit == "hero" => Some(*remaining),
            _ => None,
        })
        .collect();
    assert_eq!(remaining, vec![0, -1, -2, -3]);
    assert_eq!(unit(&table(&app), "hero").fate, Fate::OutOfAction);
}

/// The countdown's order, as the HUD's track shows it, puts first whoever
/// the countdown gives the turn to, at every decision of whole battles: one
/// order for the engine and the track, 1s counted as the dice they are.
#[test]
fn the_countdown_track_lists_first_whoever_the_countdown_gives_the_turn() {
    use swift_swords::ai::{AiLevel, choose};
    use swift_swords::battle::engine::Engine;
    use swift_swords::rules::dice::Dice;
    let ruleset = ruleset();
    let mut checked = 0;
    for file in ["skirmish.ron", "chariot_plain.ron", "goblin_rabble.ron"] {
        let path = std::path::Path::new("levels").join(file);
        let level = swift_swords::level::load_level(&path, &ruleset)
            .expect("a shipped level")
            .level;
        let mut engine = Engine::start(&level, ruleset.clone(), 3, Dice::seeded(3));
        // A 1-AD option keeps the turn whatever the count (RULES §7).
        let mut kept = false;
        for _ in 0..5_000 {
            if engine.ended() {
                break;
            }
            let table = engine.state();
            if let Turn::Act { candidates } = &table.battle().turn
                && table.battle().partner_due.is_none()
                && !kept
            {
                let mut first: Vec<usize> = table
                    .countdown()
                    .into_iter()
                    .filter(|&u| {
                        table.units()[u].pool.usable() > 0 && !table.units()[u].pool.holding
                    })
                    .take(candidates.len())
                    .collect();
                let mut acting = candidates.clone();
                first.sort_unstable();
                acting.sort_unstable();
                assert_eq!(first, acting, "{file}, round {}", table.battle().round);
                checked += 1;
            }
            let command = choose(table, AiLevel::Normal).expect("someone may act");
            kept = matches!(command.order, Order::Effort | Order::RecoveryRoll);
            engine.submit(&command).expect("the AI's command is legal");
        }
        assert!(engine.ended(), "{file} ended");
    }
    assert!(checked > 100, "{checked} turns checked");
}

/// "AD = 1": the 1-AD options are free and do not end the turn. A foe that
/// spends Effort and so falls level with the hero in the countdown still
/// takes its action; the same for a recovery roll paid with a 1.
#[test]
fn a_one_ad_option_never_moves_the_turn() {
    let units = units(&[
        hero("hero", "hero_swordsman")
            .untrained()
            .dice(&[5, 5, 5, 5]),
        foe("bandit", "bandit")
            .untrained()
            .at(2, 0)
            .dice(&[1, 3, 3]),
    ]);
    let level = level(r#""ggg""#, &units, "");
    let mut app = app(&level, &[]);
    let step = |x| Order::Move {
        to: ZoneCoord(x, 0),
        pay: None,
    };
    act(&mut app, "hero", step(1));
    act(&mut app, "hero", step(0));
    assert_eq!(unit(&table(&app), "hero").pool.dice.len(), 2);
    assert_eq!(
        table(&app).battle().turn_candidates(),
        vec![1],
        "three dice to two"
    );
    act(&mut app, "bandit", Order::Effort);
    assert_eq!(unit(&table(&app), "bandit").pool.dice, vec![3, 3]);
    assert_eq!(
        table(&app).battle().turn_candidates(),
        vec![1],
        "level with the hero at two dice, the bandit still has its turn"
    );
    act(&mut app, "bandit", step(1));
    assert_eq!(table(&app).battle().turn_candidates(), vec![0]);
}

#[test]
fn body_roll_uses_four_plus_rank_dice_and_needs_one_success() {
    use swift_swords::rules::rolls::{characteristic_dice, characteristic_roll};
    let rules = ruleset().rules.clone();
    assert_eq!(characteristic_dice(&rules, 3, 0), 7);
    assert_eq!(characteristic_dice(&rules, -3, 0), 1);
    assert_eq!(characteristic_dice(&rules, -9, 0), 1);
    let roll = characteristic_roll(&rules, 0, 0, &mut Dice::scripted([1, 2, 3, 5]));
    assert!(roll.passed());
    let roll = characteristic_roll(&rules, 0, 0, &mut Dice::scripted([1, 2, 3, 4]));
    assert!(!roll.passed());
}
