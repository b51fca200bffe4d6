//! The sound of the table: each family of battle events makes its own
//! sound, one at most per event, from the same events the log reads.

use swift_swords::battle::components::StateKind;
use swift_swords::battle::engine::Engine;
use swift_swords::battle::events::{BattleEvent, Outcome};
use swift_swords::rules::dice::Dice;
use swift_swords::sound::cue::{Ground, Weight};
use swift_swords::sound::voices::render;
use swift_swords::sound::{Cue, Listener};
use swift_swords::vocabulary::{Defence, ZoneCoord};

use crate::common::{level, ruleset};

fn table() -> Engine {
    let level = level(
        r#""gw~""#,
        r#"(id: "hero", template: "hero_swordsman", side: "heroes", zone: (0, 0)),
           (id: "brute", template: "hero_swordsman", side: "foes", zone: (1, 0))"#,
        "",
    );
    Engine::start(&level, ruleset(), 3, Dice::seeded(3))
}

fn heard(events: &[BattleEvent]) -> Vec<Option<Cue>> {
    let engine = table();
    let mut listener = Listener::default();
    events
        .iter()
        .map(|event| listener.hear(event, engine.state()))
        .collect()
}

fn moved(to: (u16, u16)) -> BattleEvent {
    BattleEvent::Moved {
        unit: "hero".into(),
        from: ZoneCoord(0, 0),
        to: ZoneCoord(to.0, to.1),
    }
}

#[test]
fn a_step_sounds_of_the_ground_it_lands_on() {
    assert_eq!(
        heard(&[moved((0, 0)), moved((1, 0)), moved((2, 0))]),
        [
            Some(Cue::Step(Ground::Grass)),
            Some(Cue::Step(Ground::Woods)),
            Some(Cue::Step(Ground::Water)),
        ]
    );
}

#[test]
fn a_roll_sounds_as_many_dice_with_a_note_for_a_six_extra_and_for_a_one() {
    let rolled = BattleEvent::ActionDiceRolled {
        unit: "hero".into(),
        rolled: vec![6, 3, 1],
        extra: vec![4],
    };
    let defence = BattleEvent::DefenceRolled {
        unit: "brute".into(),
        defence: Defence::Parry,
        dice: vec![5, 5],
        successes: 2,
    };
    assert_eq!(
        heard(&[rolled, defence]),
        [
            Some(Cue::Dice {
                count: 4,
                extra: true,
                ones: true
            }),
            Some(Cue::Dice {
                count: 2,
                extra: false,
                ones: false
            }),
        ]
    );
}

#[test]
fn a_blow_lands_as_heavy_as_the_weapon_that_struck_it() {
    let attack = |weapon: &str| BattleEvent::AttackRolled {
        attacker: "hero".into(),
        target: "brute".into(),
        weapon: weapon.into(),
        dice: vec![6, 5],
        superiority_level: 5,
        hits: 2,
        exposure_used: 0,
        advantage_dice: 0,
    };
    let damaged = BattleEvent::Damaged {
        unit: "brute".into(),
        damage: 1,
        armour: 1,
    };
    let paid = BattleEvent::DicePaid {
        unit: "brute".into(),
        dice: vec![4],
    };
    let big = BattleEvent::Damaged {
        unit: "brute".into(),
        damage: 3,
        armour: 0,
    };
    let heard = heard(&[
        attack("dagger"),
        damaged.clone(),
        attack("great_sword"),
        damaged.clone(),
        attack("dragon_jaws"),
        damaged,
        // The next command strikes with no weapon: weighed by its damage.
        paid,
        big,
    ]);
    let blows: Vec<_> = heard.into_iter().skip(1).step_by(2).collect();
    assert_eq!(
        blows,
        [
            Some(Cue::Blow(Weight::Light)),
            Some(Cue::Blow(Weight::Heavy)),
            Some(Cue::Blow(Weight::Massive)),
            Some(Cue::Blow(Weight::Heavy)),
        ]
    );
}

#[test]
fn each_event_family_makes_its_own_sound() {
    let unit = || "brute".to_string();
    let events = [
        BattleEvent::Blocked {
            unit: unit(),
            shield_armour: 1,
            exposures: 0,
        },
        BattleEvent::Parried {
            unit: unit(),
            turned: 1,
        },
        BattleEvent::Dodged {
            unit: unit(),
            dice_removed: 1,
            exposures: 0,
        },
        BattleEvent::Missed {
            attacker: "hero".into(),
            target: unit(),
        },
        BattleEvent::StateTaken {
            unit: unit(),
            state: StateKind::Stun,
        },
        BattleEvent::FellProne { unit: unit() },
        BattleEvent::OutOfAction { unit: unit() },
        BattleEvent::Panicked { unit: unit() },
        BattleEvent::RefreshCalled { by: None },
        BattleEvent::Charged {
            unit: "hero".into(),
            target: unit(),
            to: ZoneCoord(1, 0),
        },
        BattleEvent::TookOff { unit: unit() },
        BattleEvent::BattleEnded {
            outcome: Outcome::Victory {
                side: "heroes".into(),
                how: "the foes fled".into(),
            },
        },
        BattleEvent::Held { unit: unit() },
    ];
    assert_eq!(
        heard(&events),
        [
            Some(Cue::ShieldBlock),
            Some(Cue::Parry),
            Some(Cue::Dodge),
            Some(Cue::Miss),
            Some(Cue::Stun),
            Some(Cue::Fall),
            Some(Cue::OutOfAction),
            Some(Cue::Fear),
            Some(Cue::Refresh),
            Some(Cue::Charge),
            Some(Cue::Wings),
            // Only the AI plays this test's table: a victory sounds won.
            Some(Cue::Won),
            // Holding makes no sound.
            None,
        ]
    );
}

#[test]
fn every_sound_is_made_the_same_every_time_short_and_within_full_scale() {
    for cue in Cue::every() {
        let samples = render(cue);
        assert_eq!(samples, render(cue), "{cue:?} changed between two makings");
        let seconds = samples.len() as f32 / 44_100.0;
        assert!((0.01..=2.5).contains(&seconds), "{cue:?} lasts {seconds} s");
        let peak = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
        assert!(peak > 0.2 && peak <= 0.8, "{cue:?} peaks at {peak}");
    }
}

#[test]
fn a_battle_played_to_its_end_is_heard_from_its_own_events() {
    let mut engine = table();
    let mut listener = Listener::default();
    let mut sounds = 0;
    let mut events = 0;
    for _ in 0..200 {
        if engine.state().battle().outcome.is_some() {
            break;
        }
        let legal = engine.legal_commands();
        let Some(command) = legal.into_iter().next() else {
            break;
        };
        let caused = engine.submit(&command).expect("legal").to_vec();
        events += caused.len();
        sounds += caused
            .iter()
            .filter_map(|event| listener.hear(event, engine.state()))
            .count();
    }
    assert!(events > 0);
    assert!(
        sounds > 0 && sounds <= events,
        "{sounds} sounds of {events} events"
    );
}
