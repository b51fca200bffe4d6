//! Headless tests of the rank rules (seed 004, "Ranks", "Total Ranks",
//! "Level 9", "Level 0", "CrossOver Damage"), each named after the rule it
//! pins, with fixed dice.

use crate::common::{act, app, attack_with, level, log, table, unit};
use swift_swords::battle::components::Fate;
use swift_swords::battle::events::BattleEvent;
use swift_swords::vocabulary::RankSide;

/// A hero with a dagger and four 5s against a stateless bandit with the given
/// overrides, who has one die and no defence.
fn hero_against(bandit_overrides: &str, dice: &[u8]) -> swift_swords::battle::engine::Engine {
    let level = level(
        r#""g""#,
        &format!(
            r#"
            (id: "hero", template: "hero_swordsman", side: "heroes", zone: (0, 0), group: Some("m"),
                overrides: (defences: Some({{}}))),
            (id: "bandit", template: "bandit", side: "foes", zone: (0, 0), group: Some("m"),
                overrides: (defences: Some({{}}), stateless: Some(true), action_dice: Some(Fixed([2])), {bandit_overrides})),
            "#
        ),
        "",
    );
    app(&level, dice)
}

#[test]
fn crossover_every_second_physical_rank_lost_costs_a_mental_rank() {
    // Two dagger strikes, one hit each: two physical ranks lost.
    let mut app = hero_against(
        "physical: Some(4), mental: Some(3)",
        &[5, 5, 5, 5, 5, 2, 2, 2, 5, 2, 2, 2],
    );
    act(&mut app, "hero", attack_with("bandit", "dagger"));
    assert!(
        !log(&app)
            .iter()
            .any(|e| matches!(e, BattleEvent::Crossover { .. }))
    );
    act(&mut app, "hero", attack_with("bandit", "dagger"));
    let t = table(&app);
    assert_eq!(unit(&t, "bandit").ranks.physical.remaining(), 2);
    // One mental rank, by crossover, which does not cross back.
    assert_eq!(unit(&t, "bandit").ranks.mental.remaining(), 2);
    let crossovers: Vec<BattleEvent> = log(&app)
        .into_iter()
        .filter(|e| matches!(e, BattleEvent::Crossover { .. }))
        .collect();
    assert_eq!(
        crossovers,
        vec![BattleEvent::Crossover {
            unit: "bandit".into(),
            to: RankSide::Mental
        }]
    );
}

#[test]
fn crossover_can_be_set_to_every_third_loss() {
    let mut app = hero_against(
        "physical: Some(4), mental: Some(3), crossover_every: Some(3)",
        &[5, 5, 5, 5, 5, 2, 2, 2, 5, 2, 2, 2],
    );
    act(&mut app, "hero", attack_with("bandit", "dagger"));
    act(&mut app, "hero", attack_with("bandit", "dagger"));
    assert_eq!(unit(&table(&app), "bandit").ranks.mental.remaining(), 3);
}

/// RULES §20: `crossover_every: 0` is a creature that never crosses over
/// (a golem's body, a zealot's mind).
#[test]
fn crossover_every_zero_never_crosses_over() {
    let mut app = hero_against(
        "physical: Some(4), mental: Some(3), crossover_every: Some(0)",
        &[5, 5, 5, 5, 5, 2, 2, 2, 5, 2, 2, 2],
    );
    act(&mut app, "hero", attack_with("bandit", "dagger"));
    act(&mut app, "hero", attack_with("bandit", "dagger"));
    let bandit = unit(&table(&app), "bandit").ranks;
    assert_eq!((bandit.physical.lost, bandit.mental.lost), (2, 0));
    assert!(
        !log(&app)
            .iter()
            .any(|e| matches!(e, BattleEvent::Crossover { .. }))
    );
}

#[test]
fn level_nine_cannot_be_knocked_off() {
    let mut app = hero_against("physical: Some(9)", &[5, 5, 5, 5, 5, 2, 2, 2]);
    act(&mut app, "hero", attack_with("bandit", "dagger"));
    assert!(log(&app).contains(&BattleEvent::RankHeld {
        unit: "bandit".into(),
        side: RankSide::Physical
    }));
    assert_eq!(unit(&table(&app), "bandit").ranks.physical.remaining(), 9);
}

/// "Level 9": nothing knocks it off but a story's special event; Massive
/// damage (here a dagger made to strike for 30) is held like a Killing Blow,
/// and still injures.
#[test]
fn level_nine_is_not_knocked_off_even_by_massive_damage() {
    use swift_swords::rules::damage::DamageRule;
    let mut ruleset = (*crate::common::ruleset()).clone();
    ruleset.rules.damage.insert(
        swift_swords::vocabulary::WeightClass::Light,
        DamageRule::Points {
            base: 30,
            successes_per_extra: 1,
        },
    );
    let level = level(
        r#""g""#,
        r#"
        (id: "hero", template: "hero_swordsman", side: "heroes", zone: (0, 0), group: Some("m"),
            overrides: (defences: Some({}))),
        (id: "bandit", template: "bandit", side: "foes", zone: (0, 0), group: Some("m"),
            overrides: (defences: Some({}), action_dice: Some(Fixed([2])), physical: Some(9))),
        "#,
        "",
    );
    let dice = [5, 5, 5, 5, 5, 2, 2, 2, 1, 2, 3, 3, 2];
    let mut app = crate::common::battle_app(
        &level,
        std::sync::Arc::new(ruleset),
        0,
        swift_swords::rules::dice::Dice::scripted(dice),
    );
    act(&mut app, "hero", attack_with("bandit", "dagger"));
    let events = log(&app);
    let massive = events
        .iter()
        .position(|e| {
            e == &BattleEvent::MassiveDamage {
                unit: "bandit".into(),
            }
        })
        .expect("Massive damage");
    assert_eq!(
        events[massive + 1],
        BattleEvent::RankHeld {
            unit: "bandit".into(),
            side: RankSide::Physical
        }
    );
    assert!(matches!(events[massive + 2], BattleEvent::Injured { .. }));
    let t = table(&app);
    assert_eq!(unit(&t, "bandit").fate, Fate::Fighting);
    assert_eq!(unit(&t, "bandit").ranks.physical.remaining(), 9);
}

#[test]
fn level_zero_is_defeated_by_an_attack_without_a_roll() {
    // Only the action dice are scripted: no attack die is rolled.
    let mut app = hero_against("physical: Some(0)", &[5, 5, 5, 5]);
    act(&mut app, "hero", attack_with("bandit", "dagger"));
    assert!(log(&app).contains(&BattleEvent::Squashed {
        attacker: "hero".into(),
        unit: "bandit".into()
    }));
    assert!(
        !log(&app)
            .iter()
            .any(|e| matches!(e, BattleEvent::AttackRolled { .. }))
    );
    assert_eq!(unit(&table(&app), "bandit").fate, Fate::OutOfAction);
}

#[test]
fn bonus_ranks_count_toward_thresholds_but_absorb_nothing() {
    // Broadsword, three hits: 3 damage. Rank 2 plus a bonus rank is 3, so
    // that is a plain rank loss, not a Trauma; and the loss comes off the
    // real ranks.
    let mut app = hero_against(
        "physical: Some(2), bonus_physical: Some(1)",
        &[5, 5, 5, 5, 5, 5, 5, 2, 2, 3, 3, 1, 3, 1, 6, 6, 2, 1, 2, 1],
    );
    act(&mut app, "hero", attack_with("bandit", "broadsword"));
    assert!(
        !log(&app)
            .iter()
            .any(|e| matches!(e, BattleEvent::Trauma { .. }))
    );
    let t = table(&app);
    assert_eq!(unit(&t, "bandit").ranks.physical.remaining(), 1);
    assert_eq!(unit(&t, "bandit").ranks.physical.total(), 3);

    // Without the bonus rank the same hit is a Trauma.
    let mut bare = hero_against(
        "physical: Some(2)",
        &[5, 5, 5, 5, 5, 5, 5, 2, 2, 3, 3, 1, 3, 1, 6, 6, 2, 1, 2, 1],
    );
    act(&mut bare, "hero", attack_with("bandit", "broadsword"));
    assert!(log(&bare).contains(&BattleEvent::Trauma {
        unit: "bandit".into()
    }));
}

#[test]
fn the_heroic_rank_may_go_to_the_mental_side() {
    let level = level(
        r#""g""#,
        r#"
        (id: "body", template: "hero_swordsman", side: "heroes", zone: (0, 0)),
        (id: "mind", template: "hero_swordsman", side: "heroes", zone: (0, 0), overrides: (heroic_side: Some(Mental))),
        (id: "bandit", template: "bandit", side: "foes", zone: (0, 0)),
        "#,
        "",
    );
    let app = app(&level, &[5, 5, 5, 5, 5, 5, 5, 5, 3, 3, 3]);
    let t = table(&app);
    let ranks = |id| {
        let u = unit(&t, id);
        (u.ranks.physical.real, u.ranks.mental.real)
    };
    assert_eq!(ranks("body"), (3, 2));
    assert_eq!(ranks("mind"), (2, 3));
}

/// "CrossOver Damage" is regained only when its cause heals: wounds carried
/// in from an earlier battle start the next with their crossover still
/// marked (every second rank a mental one), and count on toward the next.
#[test]
fn carried_wounds_start_the_battle_with_their_crossover() {
    let level = level(
        r#""g""#,
        r#"
        (id: "hero", template: "hero_swordsman", side: "heroes", zone: (0, 0),
            carried: (ranks_lost: 2)),
        (id: "bandit", template: "bandit", side: "foes", zone: (0, 0)),
        "#,
        "",
    );
    let app = app(&level, &[5, 5, 4, 3, 5, 4, 3]);
    let t = table(&app);
    let hero = unit(&t, "hero");
    assert_eq!(hero.ranks.physical.lost, 2);
    assert_eq!(hero.ranks.physical.crossover_lost, 0);
    assert_eq!(hero.ranks.mental.lost, 1);
    assert_eq!(hero.ranks.mental.crossover_lost, 1);
}
