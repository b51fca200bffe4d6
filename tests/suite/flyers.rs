//! Flyers ("Flying"): the `~speed/turn/dive` rating, facing, hovering and
//! landing, immunity to melee from the ground, held strikes as a flyer
//! attacks or passes, Fly-by Attack, the missile penalty, and falls.

use crate::common::submit;
use crate::common::{act, app, attack, level, log, table, unit};
use swift_swords::battle::command::{Command, Order, RuleError};
use swift_swords::battle::components::{Fate, FlightMode};
use swift_swords::battle::events::BattleEvent;
use swift_swords::rules::movement::FlightKind;
use swift_swords::vocabulary::Facing;
use swift_swords::vocabulary::ZoneCoord;

fn fly(x: u16, y: u16) -> Order {
    Order::Fly {
        to: ZoneCoord(x, y),
        facing: None,
        pay: None,
    }
}

fn refused(app: &mut swift_swords::battle::engine::Engine, unit: &str, order: Order) -> RuleError {
    submit(app, Command::new(unit, order)).expect_err("the rules refuse it")
}

fn flew(app: &swift_swords::battle::engine::Engine) -> Vec<(ZoneCoord, Facing, FlightKind)> {
    log(app)
        .into_iter()
        .filter_map(|e| match e {
            BattleEvent::Flew {
                to, facing, kind, ..
            } => Some((to, facing, kind)),
            _ => None,
        })
        .collect()
}

#[test]
fn flight_follows_the_facing_within_speed_turns_and_dive_and_beyond_the_dive_is_a_fall() {
    // A giant eagle is ~2/2/3: two zones, two turns, three in a dive.
    let units = r#"
        (id: "eagle", template: "giant_eagle", side: "foes", zone: (1, 1), facing: Some(E),
            overrides: (action_dice: Some(Fixed([6, 6, 6, 6])))),
        (id: "wren", template: "hero_archer", side: "heroes", zone: (9, 2),
            overrides: (action_dice: Some(Fixed([2])))),
    "#;
    let row = r#""gggggggggg""#;
    let level = level(&[row, row, row].join(", "), units, "");
    let mut app = app(&level, &[]);
    // Facing east, two turns never bring it round to the west.
    assert_eq!(
        refused(&mut app, "eagle", fly(0, 1)),
        RuleError::NoRoute {
            to: ZoneCoord(0, 1)
        }
    );
    // Its turn rate cannot circle: it must move a zone to fly on.
    assert_eq!(
        refused(&mut app, "eagle", fly(1, 1)),
        RuleError::MustMoveToFly
    );
    act(&mut app, "eagle", fly(3, 1));
    act(&mut app, "eagle", fly(6, 1));
    assert_eq!(
        flew(&app),
        vec![
            (ZoneCoord(3, 1), Facing::E, FlightKind::Cruise),
            (ZoneCoord(6, 1), Facing::E, FlightKind::Dive),
        ]
    );
    assert!(unit(&table(&app), "eagle").flight.unwrap().flying());

    // Five zones is two beyond its dive: a fall, three dice a zone.
    let mut app = self::app(&level, &[2, 2, 2, 5, 2, 2]);
    act(&mut app, "eagle", fly(6, 1));
    assert_eq!(
        flew(&app),
        vec![(
            ZoneCoord(6, 1),
            Facing::E,
            FlightKind::Fall { beyond_control: 2 }
        )]
    );
    assert!(log(&app).contains(&BattleEvent::Fell {
        unit: "eagle".into(),
        zones: 2,
        dice: vec![2, 2, 2, 5, 2, 2],
        successes: 1,
    }));
    let t = table(&app);
    let eagle = unit(&t, "eagle");
    assert_eq!(eagle.flight.unwrap().mode, FlightMode::Landed);
    assert!(eagle.conditions.prone);
    // One success of Heavy damage (2 points) against rank 3: a Wound, taken as a Stun.
    assert!(eagle.conditions.stunned);
}

#[test]
fn a_flying_flyer_is_out_of_reach_of_melee_and_missiles_lose_its_speed_in_dice() {
    let units = r#"
        (id: "wren", template: "hero_archer", side: "heroes", zone: (1, 0),
            overrides: (action_dice: Some(Fixed([6, 6, 6])), defences: Some({}))),
        (id: "soldier", template: "soldier", side: "heroes", zone: (0, 0),
            overrides: (action_dice: Some(Fixed([6, 6, 6])), defences: Some({}))),
        (id: "eagle", template: "giant_eagle", side: "foes", zone: (0, 0),
            overrides: (action_dice: Some(Fixed([2])), defences: Some({}))),
    "#;
    let level = level(r#""gg""#, units, "");
    let mut app = app(&level, &[2, 2]);
    assert_eq!(
        refused(&mut app, "soldier", attack("eagle")),
        RuleError::Airborne {
            unit: "eagle".into()
        }
    );
    assert_eq!(
        refused(
            &mut app,
            "soldier",
            Order::Charge {
                target: "eagle".into(),
                pay: None
            }
        ),
        RuleError::Airborne {
            unit: "eagle".into()
        }
    );
    // Wren's bow: 4 attack dice, less the eagle's speed of 2.
    act(&mut app, "wren", attack("eagle"));
    let dice = log(&app).into_iter().find_map(|e| match e {
        BattleEvent::AttackRolled { dice, .. } => Some(dice),
        _ => None,
    });
    assert_eq!(dice, Some(vec![2, 2]));
}

#[test]
fn a_flyer_acting_in_place_hovers_and_can_then_be_fought_unless_it_circles() {
    let units = r#"
        (id: "eagle", template: "giant_eagle", side: "foes", zone: (0, 0),
            overrides: (action_dice: Some(Fixed([6, 6, 6])), spells: Some(["firebolt"]))),
        (id: "harpy", template: "harpy", side: "foes", zone: (1, 0),
            overrides: (action_dice: Some(Fixed([6, 6, 6])), spells: Some(["firebolt"]))),
        (id: "soldier", template: "soldier", side: "heroes", zone: (0, 0),
            overrides: (action_dice: Some(Fixed([5, 5, 5, 5])), defences: Some({}))),
    "#;
    let level = level(r#""gg""#, units, "");
    let mut app = app(&level, &[]);
    let prepare = Order::Prepare {
        spell: "firebolt".into(),
        pay: None,
    };
    // The soldier waits while the flyers act.
    act(&mut app, "soldier", Order::Hold);
    // A harpy (~1/6/2) circles in its zone and flies on.
    act(&mut app, "harpy", fly(1, 0));
    act(&mut app, "soldier", Order::Hold);
    act(&mut app, "eagle", prepare.clone());
    act(&mut app, "soldier", Order::Hold);
    act(&mut app, "harpy", prepare);
    let t = table(&app);
    assert_eq!(unit(&t, "harpy").flight.unwrap().mode, FlightMode::Flying);
    assert_eq!(unit(&t, "eagle").flight.unwrap().mode, FlightMode::Hovering);
    assert!(log(&app).contains(&BattleEvent::Hovering {
        unit: "eagle".into()
    }));
    assert!(!log(&app).contains(&BattleEvent::Hovering {
        unit: "harpy".into()
    }));
    // Hovering, the eagle is within reach of the soldier's spear.
    act(&mut app, "soldier", attack("eagle"));
}

#[test]
fn a_held_action_strikes_a_flyer_at_the_moment_it_attacks_a_comrade() {
    let units = r#"
        (id: "guard", template: "soldier", side: "heroes", zone: (0, 0), group: Some("pair"),
            overrides: (action_dice: Some(Fixed([6, 4])), defences: Some({}))),
        (id: "squire", template: "soldier", side: "heroes", zone: (0, 0), group: Some("pair"),
            overrides: (action_dice: Some(Fixed([2])), defences: Some({}))),
        (id: "eagle", template: "giant_eagle", side: "foes", zone: (0, 0),
            overrides: (action_dice: Some(Fixed([5, 5])), defences: Some({}))),
    "#;
    let level = level(r#""g""#, units, "");
    // The guard's strike (3 dice), then the eagle's talons (4 dice).
    let mut app = app(&level, &[2, 2, 3, 2, 2, 2, 2]);
    act(&mut app, "guard", Order::Hold);
    act(&mut app, "eagle", attack("squire"));
    let attacks: Vec<(String, String)> = log(&app)
        .into_iter()
        .filter_map(|e| match e {
            BattleEvent::AttackRolled {
                attacker, target, ..
            } => Some((attacker, target)),
            _ => None,
        })
        .collect();
    assert_eq!(
        attacks,
        vec![
            ("guard".to_string(), "eagle".to_string()),
            ("eagle".to_string(), "squire".to_string()),
        ]
    );
    assert!(log(&app).contains(&BattleEvent::StruckFlyer {
        unit: "guard".into(),
        flyer: "eagle".into()
    }));
    let t = table(&app);
    // The hold spent its lowest die; the eagle flies on, out of the melee.
    assert_eq!(unit(&t, "guard").pool.dice, vec![6]);
    assert!(unit(&t, "eagle").placement.group.is_none());
    assert!(unit(&t, "eagle").flight.unwrap().flying());
}

#[test]
fn passing_flyers_draw_held_strikes_unless_they_fly_by() {
    let units = r#"
        (id: "guard", template: "soldier", side: "heroes", zone: (1, 0),
            overrides: (action_dice: Some(Fixed([6, 4, 4])), defences: Some({}))),
        (id: "harpy", template: "harpy", side: "foes", zone: (0, 0), facing: Some(E),
            overrides: (action_dice: Some(Fixed([5, 5])))),
        (id: "eagle", template: "giant_eagle", side: "foes", zone: (0, 0), facing: Some(E),
            overrides: (action_dice: Some(Fixed([5, 5])))),
    "#;
    let level = level(r#""ggg""#, units, "");
    let mut app = app(&level, &[2, 2, 2]);
    act(&mut app, "guard", Order::Hold);
    // The harpy has Fly-by Attack: nobody strikes as it passes.
    act(
        &mut app,
        "harpy",
        Order::Fly {
            to: ZoneCoord(2, 0),
            facing: None,
            pay: None,
        },
    );
    assert!(
        !log(&app)
            .iter()
            .any(|e| matches!(e, BattleEvent::StruckFlyer { .. }))
    );
    act(&mut app, "guard", Order::Hold);
    act(&mut app, "eagle", fly(2, 0));
    assert!(log(&app).contains(&BattleEvent::StruckFlyer {
        unit: "guard".into(),
        flyer: "eagle".into()
    }));
    let t = table(&app);
    assert_eq!(unit(&t, "eagle").placement.zone, ZoneCoord(2, 0));
    assert_eq!(unit(&t, "eagle").fate, Fate::Fighting);
}

#[test]
fn a_landed_flyer_takes_off_to_hover_and_lands_only_where_one_can_stand() {
    let units = r#"
        (id: "eagle", template: "giant_eagle", side: "foes", zone: (0, 0), landed: true, facing: Some(E),
            overrides: (action_dice: Some(Fixed([6, 6, 6, 6, 6])))),
        (id: "wren", template: "hero_archer", side: "heroes", zone: (2, 0),
            overrides: (action_dice: Some(Fixed([2])))),
    "#;
    let level = level(r#""g~g""#, units, "");
    let mut app = app(&level, &[]);
    assert_eq!(
        refused(&mut app, "eagle", fly(1, 0)),
        RuleError::NotInTheAir
    );
    act(&mut app, "eagle", Order::TakeOff { pay: None });
    // From a hover it climbs back to its speed, no dive: over the water.
    act(&mut app, "eagle", fly(1, 0));
    assert_eq!(
        refused(&mut app, "eagle", Order::Land { pay: None }),
        RuleError::Impassable {
            zone: ZoneCoord(1, 0)
        }
    );
    act(&mut app, "eagle", fly(2, 0));
    act(&mut app, "eagle", Order::Land { pay: None });
    let t = table(&app);
    assert_eq!(unit(&t, "eagle").flight.unwrap().mode, FlightMode::Landed);
}
