//! The AI with flyers and cover (docs/AI.md, "Flyers and cover"): a shooter
//! takes cover from enemy bows, a flyer weighs the held strikes it would
//! draw, a guard holds against a flyer over its melee, and a flyer that must
//! escape lands at the edge to leave.

use crate::common::{act, app, foe, hero, level, table, units};
use swift_swords::ai::{AiLevel, choose};
use swift_swords::battle::command::Order;
use swift_swords::vocabulary::{MapEdge, ZoneCoord};

fn normal_choice(engine: &swift_swords::battle::engine::Engine) -> Option<(String, Order)> {
    choose(engine.state(), AiLevel::Normal).map(|c| (c.unit, c.order))
}

/// Out of range of anything to shoot, an archer with an enemy bow one move
/// from range steps into the woods beside it, whose cover it will hold.
#[test]
fn a_shooter_out_of_range_steps_into_cover_from_enemy_bows() {
    let fielded = units(&[
        hero("archer", "hero_archer").dice(&[6, 6]).untrained(),
        foe("bowman", "bandit_archer").at(4, 0).dice(&[1]),
    ]);
    let engine = app(&level(r#""ggggg", "wgggg""#, &fielded, ""), &[]);
    assert_eq!(
        normal_choice(&engine),
        Some((
            "archer".to_string(),
            Order::Move {
                to: ZoneCoord(0, 1),
                pay: None
            }
        ))
    );
}

/// Two pairs of soldiers lie under an eagle. With nobody holding, it takes
/// the first listed; once the first's comrade holds its action, it leaves
/// the first alone and takes that comrade, whose hold cannot strike for
/// itself.
#[test]
fn a_flyer_attacks_where_no_comrade_holds_a_strike_for_it() {
    let soldier = |id: &str, group: &str| hero(id, "soldier").dice(&[2]).untrained().grouped(group);
    let fielded = units(&[
        soldier("first", "a"),
        soldier("guard", "a"),
        soldier("second", "b"),
        soldier("mate", "b"),
        foe("eagle", "giant_eagle").dice(&[6, 6, 6]).untrained(),
    ]);
    let engine = app(&level(r#""g""#, &fielded, ""), &[]);
    let mut held = engine.state().clone();
    let guard = held.unit_index("guard").unwrap();
    held.set_up().units[guard].pool.holding = true;
    let target_of = |table| match choose(table, AiLevel::Normal).map(|c| c.order) {
        Some(Order::Attack { target, .. }) => target,
        other => panic!("not an attack: {other:?}"),
    };
    assert_eq!(target_of(engine.state()), "first");
    assert_eq!(target_of(&held), "guard");
}

/// A soldier beside a comrade, under an eagle in the air that its spear
/// cannot reach, holds its action to strike the eagle when it attacks.
#[test]
fn a_guard_beside_a_comrade_holds_against_a_flyer_overhead() {
    let fielded = units(&[
        hero("guard", "soldier").dice(&[4, 4]).grouped("pair"),
        hero("squire", "soldier").dice(&[2]).grouped("pair"),
        foe("eagle", "giant_eagle").dice(&[3]),
    ]);
    let engine = app(&level(r#""g""#, &fielded, ""), &[]);
    assert_eq!(
        normal_choice(&engine),
        Some(("guard".to_string(), Order::Hold))
    );
}

/// A harpy whose flock must leave by the east edge, flying over that edge's
/// zone, lands there, then leaves the table: in the air it cannot.
#[test]
fn a_flyer_that_must_escape_lands_at_the_edge_then_leaves() {
    let fielded = units(&[
        hero("guard", "soldier").dice(&[1]),
        foe("harpy", "harpy").at(1, 0).dice(&[6, 6, 6]),
    ]);
    let escapes =
        r#"victory: [Escape(side: "foes", edge: East, count: None), DefeatAll(side: "heroes")],"#;
    let mut engine = app(&level(r#""gg""#, &fielded, escapes), &[]);
    let landing = normal_choice(&engine);
    assert!(
        matches!(&landing, Some((unit, Order::Land { .. })) if unit == "harpy"),
        "{landing:?}"
    );
    let (unit, order) = landing.unwrap();
    act(&mut engine, &unit, order);
    assert_eq!(
        normal_choice(&engine),
        Some((
            "harpy".to_string(),
            Order::LeaveTable {
                edge: MapEdge::East,
                pay: None
            }
        ))
    );
    let _ = table(&engine);
}

/// An eagle whose side must leave by the east edge flies for it, two zones
/// on, past a warrior. Once the warrior holds its action, the eagle stops
/// short: the strike as it passed would cost more than the zone gains.
#[test]
fn a_flyer_does_not_fly_over_a_holder_when_the_strike_costs_more_than_the_zone() {
    let fielded = units(&[
        hero("warrior", "hero_warrior").at(1, 0).dice(&[2]),
        foe("eagle", "giant_eagle")
            .dice(&[6, 6, 6])
            .field("facing: Some(E)"),
    ]);
    let escapes =
        r#"victory: [Escape(side: "foes", edge: East, count: None), DefeatAll(side: "heroes")],"#;
    let engine = app(&level(r#""ggg""#, &fielded, escapes), &[]);
    let mut held = engine.state().clone();
    let warrior = held.unit_index("warrior").unwrap();
    held.set_up().units[warrior].pool.holding = true;
    let flight_of = |table| match choose(table, AiLevel::Normal).map(|c| c.order) {
        Some(Order::Fly { to, .. }) => to,
        other => panic!("not a flight: {other:?}"),
    };
    assert_eq!(flight_of(engine.state()), ZoneCoord(2, 0));
    assert_eq!(flight_of(&held), ZoneCoord(1, 0));
}
