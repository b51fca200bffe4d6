//! The AI: it only issues legal commands, its battles end, it is
//! deterministic, and it plays better than chance.

use std::collections::BTreeMap;
use std::path::Path;

use crate::common::{Fielded, battle_app, foe, submit};
use crate::common::{ruleset, shipped_level, shipped_levels};
use swift_swords::ai::{AiLevel, choose, legal_commands};
use swift_swords::battle::command::Order;
use swift_swords::level::{Level, load_level};
use swift_swords::rules::dice::Dice;
use swift_swords::rules::special::SpecialResult;
use swift_swords::simulate::{SimConfig, run_all, summarise};

/// Plays a battle with the given AI level on every side, checking every
/// command against the rules before it is given. Returns the log.
fn play(level: &Level, ai: AiLevel, seed: u64) -> Vec<swift_swords::battle::events::BattleEvent> {
    let mut app = battle_app(level, ruleset(), seed, Dice::seeded(seed));
    for _ in 0..10_000 {
        let table = app.state().clone();
        if table.battle().outcome.is_some() {
            return app.log().to_vec();
        }
        let command = choose(&table, ai).expect("someone may always act");
        assert!(table.check(&command).is_ok(), "{ai}: illegal {command:?}");
        // A standing choice of wounds is set before the AI acts; the rest
        // come from the legal commands.
        assert!(
            legal_commands(&table).contains(&command)
                || matches!(command.order, Order::ChooseWounds { .. })
        );
        submit(&mut app, command).expect("a checked command is accepted");
    }
    panic!("{} with {ai} and seed {seed} did not end", level.name);
}

#[test]
fn the_ai_never_issues_an_illegal_command_and_every_battle_ends() {
    for level in shipped_levels() {
        for ai in [
            AiLevel::Random,
            AiLevel::Easy,
            AiLevel::Normal,
            AiLevel::Hard,
        ] {
            let seeds = if ai == AiLevel::Hard { 0..1 } else { 0..3 };
            for seed in seeds {
                play(&level, ai, seed);
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_ai_the_same_battle() {
    let level = shipped_level("Goblin");
    for ai in [AiLevel::Easy, AiLevel::Normal, AiLevel::Hard] {
        assert_eq!(play(&level, ai, 9), play(&level, ai, 9), "{ai}");
    }
}

fn skirmish_config(battles: usize, jobs: usize, ai: &[(&str, AiLevel)]) -> SimConfig {
    let ruleset = ruleset();
    let level = load_level(Path::new("levels/skirmish.ron"), &ruleset)
        .unwrap()
        .level;
    SimConfig {
        level,
        ruleset,
        battles,
        seed: 17,
        ai: ai
            .iter()
            .map(|(s, l)| (s.to_string(), *l))
            .collect::<BTreeMap<_, _>>(),
        jobs,
        swap: true,
    }
}

#[test]
fn the_simulation_report_is_the_same_whatever_the_thread_count() {
    let one = skirmish_config(6, 1, &[("west", AiLevel::Easy)]);
    let three = skirmish_config(6, 3, &[("west", AiLevel::Easy)]);
    let a = summarise(&one, &run_all(&one, &|| {}));
    let b = summarise(&three, &run_all(&three, &|| {}));
    assert_eq!(a, b);
    assert_eq!(a.battles, 6);
}

#[test]
fn normal_beats_the_random_player_on_the_mirror_level() {
    let config = skirmish_config(
        40,
        2,
        &[("west", AiLevel::Normal), ("east", AiLevel::Random)],
    );
    let report = summarise(&config, &run_all(&config, &|| {}));
    let normal = &report.wins_by_ai["normal"];
    assert!(normal.share >= 0.9, "{report}");
    assert!(report.wins_by_ai["random"].count <= 2, "{report}");
}

/// docs/AI.md: where the sides play different AI levels, the report gives
/// each level's share of the battles someone won and how it did on each
/// side; where all play one level it gives neither.
#[test]
fn a_run_between_ai_levels_reports_each_level_by_side_and_its_share_of_the_battles_won() {
    let config = skirmish_config(
        12,
        2,
        &[("west", AiLevel::Normal), ("east", AiLevel::Random)],
    );
    let report = summarise(&config, &run_all(&config, &|| {}));
    let seats: Vec<(&str, &str, [usize; 4])> = report
        .seats
        .iter()
        .map(|seat| {
            let counts = [seat.wins, seat.losses, seat.draws, seat.battles];
            (seat.ai.as_str(), seat.side.as_str(), counts)
        })
        .collect();
    assert_eq!(
        seats,
        vec![
            ("normal", "Western warband", [6, 0, 0, 6]),
            ("normal", "Eastern warband", [6, 0, 0, 6]),
            ("random", "Western warband", [0, 6, 0, 6]),
            ("random", "Eastern warband", [0, 6, 0, 6]),
        ]
    );
    // No battle of the twelve was drawn: Normal won them all.
    assert_eq!(report.wins_by_ai["normal"].count, 12);
    let normal = &report.decisive_by_ai["normal"];
    assert_eq!(normal.count, 12);
    assert!((normal.share - 1.0).abs() < 1e-12, "{report}");
    let text = report.to_string();
    assert!(
        text.contains("share of the battles won, by AI level:"),
        "{text}"
    );
    assert!(
        text.contains("normal as Eastern warband won 6, lost 0, drew 0 of 6"),
        "{text}"
    );

    let same = skirmish_config(2, 1, &[]);
    let report = summarise(&same, &run_all(&same, &|| {}));
    assert!(report.seats.is_empty() && report.decisive_by_ai.is_empty());
    assert!(!report.to_string().contains("by AI level and side"));
}

/// RULES §14 and docs/AI.md: the AI takes a rank for a Wound when it has
/// defences to lose and two enemies at hand could strike it stunned, and a
/// State otherwise; it sets the choice before it acts.
#[test]
fn the_ai_takes_a_rank_for_a_wound_when_two_foes_could_strike_it_defenceless() {
    use crate::common::{app, foe, hero, level, units};
    use swift_swords::ai::preferred_wounds;
    use swift_swords::battle::components::WoundChoice;
    let beset = units(&[
        hero("hero", "hero_swordsman"),
        foe("b1", "bandit"),
        foe("b2", "bandit"),
    ]);
    let engine = app(
        &level(r#""g""#, &beset, ""),
        &[5, 5, 5, 5, 3, 3, 3, 3, 3, 3],
    );
    assert_eq!(preferred_wounds(engine.state(), 0), WoundChoice::Rank);
    assert_eq!(
        choose(engine.state(), AiLevel::Normal).map(|c| c.order),
        Some(Order::ChooseWounds {
            take: WoundChoice::Rank,
            whole_side: false
        })
    );
    let one_foe = units(&[hero("hero", "hero_swordsman"), foe("b1", "bandit")]);
    let engine = app(&level(r#""g""#, &one_foe, ""), &[5, 5, 5, 5, 3, 3, 3]);
    assert_eq!(preferred_wounds(engine.state(), 0), WoundChoice::State);
    assert!(!matches!(
        choose(engine.state(), AiLevel::Normal).map(|c| c.order),
        Some(Order::ChooseWounds { .. })
    ));
}

/// The command Normal gives first with a hero beside one bandit, both on
/// fixed action dice, on a one-zone field.
fn first_choice(bandit: Fielded, extra: &str) -> Option<Order> {
    use crate::common::{app, hero, level, units};
    let fielded = units(&[hero("hero", "hero_swordsman").dice(&[4]), bandit.dice(&[1])]);
    let engine = app(&level(r#""g""#, &fielded, extra), &[]);
    choose(engine.state(), AiLevel::Normal).map(|c| c.order)
}

fn specials_of(order: Option<Order>) -> Vec<SpecialResult> {
    match order {
        Some(Order::Attack { specials, .. }) => specials,
        other => panic!("not an attack: {other:?}"),
    }
}

/// docs/AI.md, special results: a bandit that cannot be stunned and has no
/// weapon but its short sword is worth disarming; the odds favour it over
/// the cheaper Lose a die.
#[test]
fn the_ai_disarms_a_foe_with_no_spare_weapon_when_the_odds_favour_it() {
    let bandit = foe("bandit", "bandit").with("stateless: Some(true)");
    assert_eq!(
        specials_of(first_choice(bandit, "")),
        vec![SpecialResult::Disarm, SpecialResult::ExtraDamage]
    );
}

/// docs/AI.md, special results: a soldier with a spare weapon, whose side
/// must get off the table, is hamstrung: every move it makes now needs a
/// footing roll.
#[test]
fn the_ai_hamstrings_a_foe_whose_side_must_escape() {
    let soldier = foe("bandit", "soldier")
        .with("stateless: Some(true)")
        .with(r#"weapons: Some(["short_sword", "dagger"])"#);
    let escapes =
        r#"victory: [Escape(side: "foes", edge: East, count: None), DefeatAll(side: "heroes")],"#;
    assert_eq!(
        specials_of(first_choice(soldier, escapes)),
        vec![SpecialResult::Hamstring, SpecialResult::ExtraDamage]
    );
}

/// docs/AI.md, The clock: against a side that only holds, passes and
/// defends, Normal closes in and wins before the round limit, on every
/// shipped level that sets one, whichever side is passive.
#[test]
fn normal_beats_a_passive_side_before_the_round_limit_on_every_level_that_sets_one() {
    for level in shipped_levels()
        .into_iter()
        .filter(|l| l.round_limit.is_some())
    {
        for passive in &level.sides {
            let ai: BTreeMap<String, AiLevel> = level
                .sides
                .iter()
                .map(|side| {
                    let seat = if side.id == passive.id {
                        AiLevel::Passive
                    } else {
                        AiLevel::Normal
                    };
                    (side.id.clone(), seat)
                })
                .collect();
            let config = SimConfig {
                level: level.clone(),
                ruleset: ruleset(),
                battles: 20,
                seed: 17,
                ai,
                jobs: 2,
                swap: false,
            };
            let report = summarise(&config, &run_all(&config, &|| {}));
            let won = report.wins_by_ai["normal"].count;
            assert!(
                won >= 16,
                "{} with {} passive: Normal won {won} of 20\n{report}",
                level.name,
                passive.name
            );
        }
    }
}

/// The passive seat gives no order but Hold, Pass and an answer to an
/// attack (and the standing choice of wounds every AI sets).
#[test]
fn the_passive_seat_only_holds_passes_and_defends() {
    let level = shipped_level("The Farmstead");
    let farm = level.side_index("farm").expect("the farm");
    let mut engine =
        swift_swords::battle::engine::Engine::start(&level, ruleset(), 5, Dice::seeded(5));
    let mut orders = Vec::new();
    swift_swords::ai::play::play_out(
        &mut engine,
        |side| {
            if side == farm {
                AiLevel::Passive
            } else {
                AiLevel::Normal
            }
        },
        10_000,
        |seat, command, _| {
            if seat == AiLevel::Passive {
                orders.push(command.order.clone());
            }
        },
    )
    .expect("the battle ends");
    assert!(orders.len() > 10, "{orders:?}");
    for order in &orders {
        assert!(
            matches!(
                order,
                Order::Hold | Order::Pass | Order::Defend { .. } | Order::ChooseWounds { .. }
            ),
            "{order:?}"
        );
    }
    assert!(orders.iter().any(|o| matches!(o, Order::Defend { .. })));
}
