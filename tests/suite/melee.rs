//! Melees and groups ("Status", "Contact example"): dragging an outsider in
//! the zone into a melee as an ordinary action, friends who stand alone
//! together, and leaving a group. Fixed action dice, scripted rolls.

use crate::common::{act, app, attack, foe, hero, level, log, submit, table, unit, units};
use swift_swords::battle::command::{Command, Order, RuleError};
use swift_swords::battle::components::Status;
use swift_swords::battle::events::BattleEvent;
use swift_swords::vocabulary::ZoneCoord;

/// A veteran and a bandit in one melee; two bandit archers standing Alone
/// in the same zone, outside it; a bandit alone in the next zone.
const MELEE_AND_OUTSIDERS: &str = r#"
    (id: "veteran", template: "veteran", side: "heroes", zone: (0, 0), group: Some("m"),
        overrides: (defences: Some({}), action_dice: Some(Fixed([6, 6, 6])))),
    (id: "bandit", template: "bandit", side: "foes", zone: (0, 0), group: Some("m"),
        overrides: (defences: Some({}), action_dice: Some(Fixed([2])))),
    (id: "archer", template: "bandit_archer", side: "foes", zone: (0, 0),
        overrides: (defences: Some({}), action_dice: Some(Fixed([2])))),
    (id: "archer_2", template: "bandit_archer", side: "foes", zone: (0, 0),
        overrides: (defences: Some({}), action_dice: Some(Fixed([2])))),
    (id: "lookout", template: "bandit", side: "foes", zone: (1, 0),
        overrides: (defences: Some({}), action_dice: Some(Fixed([2])))),
"#;

fn drag(target: &str) -> Order {
    Order::Drag {
        target: target.into(),
        pay: None,
    }
}

/// The events from the first roll of the drag on.
fn from_the_drag(events: &[BattleEvent], nth: usize) -> Vec<BattleEvent> {
    let at = events
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e, BattleEvent::DragRolled { .. }))
        .nth(nth)
        .map(|(at, _)| at)
        .expect("a drag roll");
    events[at..].to_vec()
}

#[test]
fn a_member_of_a_melee_drags_an_outsider_in_with_a_better_body_roll() {
    let level = level(r#""gg""#, MELEE_AND_OUTSIDERS, "");
    // The veteran's BODY (4 + rank 3): two successes. The archer's
    // (4 + rank 2): one. Then a second try, a tie: one success each.
    let mut app = app(
        &level,
        &[
            5, 6, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1, // first drag
            5, 1, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1, // second drag
        ],
    );
    act(&mut app, "veteran", drag("archer"));
    assert_eq!(
        from_the_drag(&log(&app), 0),
        [
            BattleEvent::DragRolled {
                unit: "veteran".into(),
                target: "archer".into(),
                dice: vec![5, 6, 1, 1, 1, 1, 1],
                successes: 2,
                resist_dice: vec![6, 1, 1, 1, 1, 1],
                resisted: 1,
                dragged: true,
            },
            BattleEvent::JoinedGroup {
                unit: "archer".into(),
                with: "veteran".into(),
            },
            BattleEvent::StatusChanged {
                unit: "archer".into(),
                status: Status::InContact,
            },
        ]
    );
    let t = table(&app);
    assert_eq!(unit(&t, "archer").status, Status::InContact);
    assert_eq!(
        unit(&t, "archer").placement.group,
        unit(&t, "veteran").placement.group
    );
    // A tie is resisted: the second archer stays outside.
    act(&mut app, "veteran", drag("archer_2"));
    assert_eq!(
        from_the_drag(&log(&app), 1),
        [BattleEvent::DragRolled {
            unit: "veteran".into(),
            target: "archer_2".into(),
            dice: vec![5, 1, 1, 1, 1, 1, 1],
            successes: 1,
            resist_dice: vec![6, 1, 1, 1, 1, 1],
            resisted: 1,
            dragged: false,
        }]
    );
    assert_eq!(unit(&table(&app), "archer_2").status, Status::Alone);
}

#[test]
fn only_an_enemy_outside_the_melee_in_the_same_zone_can_be_dragged_in() {
    let level = level(r#""gg""#, MELEE_AND_OUTSIDERS, "");
    let mut app = app(&level, &[]);
    let refused = |app: &mut _, target: &str| submit(app, Command::new("veteran", drag(target)));
    assert_eq!(
        refused(&mut app, "bandit"),
        Err(RuleError::NotAnOutsider {
            unit: "bandit".into()
        })
    );
    assert_eq!(
        refused(&mut app, "lookout"),
        Err(RuleError::NotInSameZone {
            unit: "lookout".into()
        })
    );
    // Out of the melee, there is nothing to drag anyone into.
    act(&mut app, "veteran", Order::Withdraw { pay: None });
    assert_eq!(refused(&mut app, "archer"), Err(RuleError::NotInContact));
}

#[test]
fn an_enemy_charging_friends_who_stand_alone_together_puts_them_all_in_contact() {
    let units = units(&[
        hero("hero", "hero_swordsman").untrained(),
        hero("ally", "veteran").untrained(),
        foe("bandit", "bandit").at(1, 0).untrained(),
    ]);
    let level = level(r#""gg""#, &units, "");
    // Hero 5,5,4,4; ally 3,3,3,2; bandit 6,5,4 (+ extra 2).
    let mut app = app(&level, &[5, 5, 4, 4, 3, 3, 3, 2, 6, 5, 4, 2]);
    act(
        &mut app,
        "hero",
        Order::JoinGroup {
            friend: "ally".into(),
            pay: None,
        },
    );
    let t = table(&app);
    assert_eq!(
        unit(&t, "hero").placement.group,
        unit(&t, "ally").placement.group
    );
    assert_eq!(
        unit(&t, "hero").status,
        Status::Alone,
        "friends together are still Alone"
    );
    act(&mut app, "ally", Order::Hold);
    act(
        &mut app,
        "bandit",
        Order::Charge {
            target: "ally".into(),
            pay: None,
        },
    );
    let t = table(&app);
    for id in ["hero", "ally", "bandit"] {
        assert_eq!(unit(&t, id).status, Status::InContact, "{id}");
    }
    assert_eq!(unit(&t, "bandit").placement.zone, ZoneCoord(0, 0));
}

#[test]
fn leaving_a_group_of_friends_stands_alone_and_a_melee_needs_a_withdraw() {
    let units = units(&[
        hero("hero", "hero_swordsman").untrained(),
        hero("ally", "veteran").untrained(),
        foe("bandit", "bandit").untrained(),
    ]);
    let level = level(r#""g""#, &units, "");
    let mut app = app(&level, &[5, 5, 4, 4, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2]);
    act(
        &mut app,
        "hero",
        Order::JoinGroup {
            friend: "ally".into(),
            pay: None,
        },
    );
    act(&mut app, "ally", Order::Hold);
    act(&mut app, "hero", Order::LeaveGroup { pay: None });
    let t = table(&app);
    assert_eq!(unit(&t, "hero").placement.group, None);
    assert_eq!(
        unit(&t, "ally").placement.group,
        None,
        "a group of one dissolves"
    );
    act(&mut app, "ally", attack("bandit"));
    act(&mut app, "bandit", Order::Hold);
    assert_eq!(
        submit(
            &mut app,
            Command::new("hero", Order::LeaveGroup { pay: None })
        ),
        Err(RuleError::NotInFriendlyGroup)
    );
    act(
        &mut app,
        "hero",
        Order::JoinGroup {
            friend: "ally".into(),
            pay: None,
        },
    );
    assert_eq!(
        unit(&table(&app), "hero").status,
        Status::InContact,
        "joining a friend's melee"
    );
    act(&mut app, "bandit", Order::Hold);
    act(&mut app, "ally", Order::Hold);
    assert_eq!(
        submit(
            &mut app,
            Command::new("hero", Order::LeaveGroup { pay: None })
        ),
        Err(RuleError::WithdrawFirst)
    );
}
