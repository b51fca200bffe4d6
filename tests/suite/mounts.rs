//! Mounts ("Mounts and vehicles in combat", seed 001): mount and rider take
//! their turn together, are targeted separately, the rider strikes impaired,
//! at full speed the rider can neither act nor react, and getting on or off
//! a moving mount needs a roll not to fall.

use crate::common::submit;
use crate::common::{act, app, attack, level, log, table, unit};
use swift_swords::battle::command::{Command, Order, RuleError};
use swift_swords::battle::events::BattleEvent;
use swift_swords::vocabulary::ZoneCoord;

const RIDER: &str = r#"
    (id: "aldric", template: "hero_swordsman", side: "heroes", zone: (0, 0), rides: Some("destrier"),
        overrides: (action_dice: Some(Fixed([6, 6, 6, 6])), defences: Some({}))),
    (id: "destrier", template: "warhorse", side: "heroes", zone: (0, 0),
        overrides: (action_dice: Some(Fixed([6, 6, 6])))),
"#;

#[test]
fn mount_and_rider_take_their_turn_together_and_the_rider_strikes_impaired() {
    let units = format!(
        r#"{RIDER}
        (id: "b1", template: "bandit", side: "foes", zone: (0, 0), group: Some("pair"),
            overrides: (action_dice: Some(Fixed([5, 5, 5])), defences: Some({{}}))),
        (id: "b2", template: "bandit", side: "foes", zone: (0, 0), group: Some("pair"),
            overrides: (action_dice: Some(Fixed([2])), defences: Some({{}}))),"#
    );
    let mut app = app(&level(r#""g""#, &units, ""), &[2; 12]);
    act(&mut app, "aldric", attack("b1"));
    // Four attack dice, one off from the saddle; two on two, no advantage.
    let dice = log(&app).into_iter().find_map(|e| match e {
        BattleEvent::AttackRolled { attacker, dice, .. } if attacker == "aldric" => Some(dice),
        _ => None,
    });
    assert_eq!(dice.map(|d| d.len()), Some(3));
    // The bandit has three dice to the horse's three, yet the horse goes next.
    let t = table(&app);
    assert_eq!(t.turn_units(), vec!["destrier".to_string()]);
    // Mount and rider are separate targets: the mount is in the melee too.
    assert_eq!(
        unit(&t, "destrier").placement.group,
        unit(&t, "b1").placement.group
    );
}

#[test]
fn at_full_speed_the_rider_can_neither_act_nor_defend_until_the_mount_acts_again() {
    let units = format!(
        r#"{RIDER}
        (id: "foe", template: "bandit", side: "foes", zone: (2, 0),
            overrides: (action_dice: Some(Fixed([2])))),"#
    );
    let mut app = app(&level(r#""ggg""#, &units, ""), &[]);
    act(&mut app, "aldric", Order::Hold);
    act(
        &mut app,
        "destrier",
        Order::Gallop {
            to: ZoneCoord(2, 0),
            pay: None,
        },
    );
    let t = table(&app);
    assert_eq!(unit(&t, "aldric").placement.zone, ZoneCoord(2, 0));
    assert!(unit(&t, "aldric").conditions.at_full_speed);
    // Its partner's turn comes, but it can only hold.
    assert_eq!(t.turn_units(), vec!["aldric".to_string()]);
    assert_eq!(
        submit(&mut app, Command::new("aldric", attack("foe"))),
        Err(RuleError::AtFullSpeed)
    );
    act(&mut app, "aldric", Order::Hold);
    act(
        &mut app,
        "destrier",
        Order::Move {
            to: ZoneCoord(1, 0),
            pay: None,
        },
    );
    let t = table(&app);
    assert!(!unit(&t, "aldric").conditions.at_full_speed);
    assert_eq!(unit(&t, "aldric").placement.zone, ZoneCoord(1, 0));
}

#[test]
fn getting_off_a_moving_mount_needs_a_body_roll_not_to_fall() {
    let units = format!(
        r#"{RIDER}
        (id: "foe", template: "bandit", side: "foes", zone: (2, 0),
            overrides: (action_dice: Some(Fixed([2])))),"#
    );
    // BODY: 4 dice + 3 ranks (2 and the heroic one): all miss; the fall's three dice too.
    let mut app = app(&level(r#""ggg""#, &units, ""), &[2; 10]);
    act(&mut app, "aldric", Order::Hold);
    act(
        &mut app,
        "destrier",
        Order::Move {
            to: ZoneCoord(1, 0),
            pay: None,
        },
    );
    act(&mut app, "aldric", Order::Dismount { pay: None });
    assert!(log(&app).contains(&BattleEvent::RidingRoll {
        unit: "aldric".into(),
        dice: vec![2; 7],
        passed: false,
    }));
    let t = table(&app);
    let aldric = unit(&t, "aldric");
    assert!(aldric.conditions.aboard.is_none());
    assert!(aldric.conditions.prone);
    // Getting back on a mount standing still needs no roll (after standing up).
    assert_eq!(
        submit(
            &mut app,
            Command::new(
                "aldric",
                Order::Move {
                    to: ZoneCoord(0, 0),
                    pay: None
                }
            )
        ),
        Err(RuleError::Prone)
    );
}
