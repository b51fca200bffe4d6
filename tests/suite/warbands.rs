//! Warbands (seed 002's "Warbands" in Tactica terms, one mechanism with
//! "Mobs, Crowds and Hordes"): impaired attacks on a warband, enhanced
//! attacks by one, critical damage that weakens or routs it, and its end
//! when its ranks are gone.

use crate::common::submit;
use crate::common::{act, app, attack, level, log, table, unit};
use swift_swords::battle::command::{Command, RuleError};
use swift_swords::battle::components::Fate;
use swift_swords::battle::events::BattleEvent;
use swift_swords::data::MobTier;

fn attack_dice(app: &swift_swords::battle::engine::Engine, by: &str) -> Vec<usize> {
    log(app)
        .into_iter()
        .filter_map(|e| match e {
            BattleEvent::AttackRolled { attacker, dice, .. } if attacker == by => Some(dice.len()),
            _ => None,
        })
        .collect()
}

#[test]
fn an_individual_attacking_a_warband_is_impaired() {
    let units = r#"
        (id: "roland", template: "hero_swordsman", side: "heroes", zone: (0, 0),
            overrides: (action_dice: Some(Fixed([6, 6])))),
        (id: "crowd", template: "bandit", side: "foes", zone: (0, 0), mob: Some(Crowd),
            overrides: (action_dice: Some(Fixed([2])), defences: Some({}))),
    "#;
    let mut app = app(&level(r#""g""#, units, ""), &[2; 8]);
    act(&mut app, "roland", attack("crowd"));
    // Four attack dice, one off for striking at a warband.
    assert_eq!(attack_dice(&app, "roland"), vec![3]);
}

#[test]
fn a_trauma_weakens_a_warband_by_a_tier_instead_of_an_injury() {
    let units = r#"
        (id: "ogre", template: "ogre", side: "heroes", zone: (0, 0),
            overrides: (action_dice: Some(Fixed([6, 6])))),
        (id: "crowd", template: "bandit", side: "foes", zone: (0, 0), mob: Some(Crowd),
            overrides: (action_dice: Some(Fixed([2])), defences: Some({}))),
    "#;
    // Three dice (4, one impaired): two hits of a Large club, 4 points
    // against the Crowd's rank 3: a Trauma.
    let mut app = app(&level(r#""g""#, units, ""), &[6, 6, 2]);
    act(&mut app, "ogre", attack("crowd"));
    assert!(log(&app).contains(&BattleEvent::WarbandWeakened {
        unit: "crowd".into(),
        tier: Some(MobTier::Mob)
    }));
    assert!(
        !log(&app)
            .iter()
            .any(|e| matches!(e, BattleEvent::InjuryRoll { .. }))
    );
    let t = table(&app);
    let crowd = unit(&t, "crowd");
    assert_eq!(crowd.profile.mob, Some(MobTier::Mob));
    // A Crowd adds 2 attack dice and a mental rank; a Mob 1 and none.
    assert_eq!(crowd.profile.attack_dice, 4);
    assert_eq!(crowd.ranks.mental.real, 2);
    assert_eq!(crowd.ranks.physical.remaining(), 2);
}

#[test]
fn a_killing_blow_routs_a_warband_and_a_routed_warband_cannot_attack() {
    let units = r#"
        (id: "dragon", template: "ogre", side: "heroes", zone: (0, 0),
            overrides: (action_dice: Some(Fixed([6, 6])), weapons: Some(["dragon_jaws"]))),
        (id: "mob", template: "bandit", side: "foes", zone: (0, 0), mob: Some(Mob),
            overrides: (action_dice: Some(Fixed([3, 3])), defences: Some({}))),
    "#;
    let mut app = app(&level(r#""gg""#, units, ""), &[6, 2, 2]);
    act(&mut app, "dragon", attack("mob"));
    assert!(log(&app).contains(&BattleEvent::WarbandRouted { unit: "mob".into() }));
    let t = table(&app);
    assert!(unit(&t, "mob").conditions.panicked);
    assert_eq!(unit(&t, "mob").fate, Fate::Fighting);
    assert!(matches!(
        submit(&mut app, Command::new("mob", attack("dragon"))),
        Err(RuleError::MustFlee { .. })
    ));
}

#[test]
fn a_warband_whose_ranks_are_gone_is_destroyed() {
    let units = r#"
        (id: "roland", template: "hero_swordsman", side: "heroes", zone: (0, 0),
            overrides: (action_dice: Some(Fixed([6, 6, 6])))),
        (id: "mob", template: "goblin", side: "foes", zone: (0, 0), mob: Some(Mob),
            overrides: (action_dice: Some(Fixed([2])), defences: Some({}), physical: Some(1))),
    "#;
    // Each attack: three dice, one hit, a Wound the stateless goblins take as a rank.
    let mut app = app(&level(r#""g""#, units, ""), &[5, 2, 2, 5, 2, 2]);
    act(&mut app, "roland", attack("mob"));
    act(&mut app, "roland", attack("mob"));
    let t = table(&app);
    assert_eq!(unit(&t, "mob").fate, Fate::Killed);
    assert!(log(&app).contains(&BattleEvent::Killed { unit: "mob".into() }));
}

#[test]
fn a_warband_attacking_an_individual_is_enhanced() {
    let units = r#"
        (id: "wren", template: "hero_archer", side: "heroes", zone: (0, 0),
            overrides: (action_dice: Some(Fixed([2])), defences: Some({}))),
        (id: "mob", template: "bandit", side: "foes", zone: (0, 0), mob: Some(Mob),
            overrides: (action_dice: Some(Fixed([6, 6])))),
    "#;
    let mut app = app(&level(r#""g""#, units, ""), &[2; 8]);
    act(&mut app, "mob", attack("wren"));
    // A bandit's 3 dice, +1 for the Mob tier, +1 enhanced.
    assert_eq!(attack_dice(&app, "mob"), vec![5]);
}
