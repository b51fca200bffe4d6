//! The search's tests: how far it looks, what it weighs, and which
//! candidates it keeps.

use super::*;
use crate::rules::injury::Shift;
use crate::rules::special::SpecialResult;
use crate::vocabulary::Sequence;

fn attack(target: &str, specials: Vec<SpecialResult>) -> Command {
    Command::new(
        "bors",
        Order::Attack {
            target: target.into(),
            weapon: None,
            raise_with_one: false,
            specials,
            tactic: None,
            shift: Shift::Worst,
            pay: None,
        },
    )
}

fn in_rank_order(commands: Vec<Command>) -> Vec<(f64, Command)> {
    commands
        .into_iter()
        .enumerate()
        .map(|(rank, command)| (-(rank as f64), command))
        .collect()
}

fn picked(answers: &[(f64, Command)], n: usize) -> Vec<Command> {
    varied(answers, n)
        .into_iter()
        .map(|(_, command)| command.clone())
        .collect()
}

/// One candidate's totals after playouts that gave these values, one
/// for each of the opponent's three answers.
fn totals_after(playouts: &[[f64; 3]], per_answer: bool) -> (Vec<f64>, f64) {
    let command = attack("orc", vec![]);
    let mut arm = Arm {
        command: &command,
        totals: vec![0.0; if per_answer { 3 } else { 1 }],
    };
    for values in playouts {
        arm.add(values);
    }
    (arm.totals.clone(), arm.total())
}

#[test]
fn work_shared_out_over_threads_comes_back_in_order() {
    let work: Vec<u32> = (0..23).collect();
    let doubled: Vec<u32> = work.iter().map(|n| n * 2).collect();
    for threads in [1, 2, 3, 8, 40] {
        assert_eq!(in_parallel(threads, &work, |n| n * 2), doubled);
    }
}

#[test]
fn a_first_round_that_weighed_few_commands_scales_the_rounds_after_up_to_three_times() {
    let first_round = 12 * EXPERT.first_playouts;
    let weighing = |per_playout: u64| EXPERT.scale(per_playout * first_round, first_round);
    assert_eq!(weighing(2_000), 1);
    assert_eq!(weighing(500), 1);
    assert_eq!(weighing(250), 2);
    assert_eq!(weighing(120), 3);
    assert_eq!(weighing(0), 3);
    assert_eq!(HARD.scale(0, 40), 1);
}

#[test]
fn the_search_chooses_the_same_on_any_number_of_threads() {
    for file in ["chariot_plain.ron", "ambush.ron", "goblin_rabble.ron"] {
        let mut engine =
            Engine::resume(crate::ai::shipped_level(file), Dice::seeded(11), Vec::new());
        for _ in 0..40 {
            if engine.ended() {
                break;
            }
            let table = engine.state().clone();
            let chosen: Vec<Option<Command>> = [1, 2, 5]
                .into_iter()
                .map(|threads| search_on(&table, legal_plans(&table), EXPERT, threads))
                .collect();
            assert_eq!(chosen[0], chosen[1], "{file}");
            assert_eq!(chosen[0], chosen[2], "{file}");
            let Some(command) = &chosen[0] else { break };
            engine.submit(command).unwrap();
        }
    }
}

#[test]
fn where_time_counts_the_worst_answer_of_each_playout_counts() {
    let playouts = [[5.0, 1.0, 4.0], [1.0, 5.0, 4.0]];
    assert_eq!(totals_after(&playouts, false), (vec![2.0], 2.0));
}

#[test]
fn where_only_defeat_counts_the_answer_worst_over_all_playouts_counts() {
    // Neither of the first two answers is worse than the third over
    // both playouts, though each is the worst in one of them.
    let playouts = [[5.0, 1.0, 4.0], [1.0, 5.0, 4.0]];
    assert_eq!(totals_after(&playouts, true), (vec![6.0, 6.0, 8.0], 6.0));
}

#[test]
fn the_answers_count_per_answer_only_where_every_side_must_defeat_the_other() {
    let counts = |file| only_defeat_counts(&crate::ai::shipped_level(file));
    assert!(counts("skirmish.ron"));
    assert!(counts("chariot_plain.ron"));
    assert!(!counts("ambush.ron"));
    assert!(!counts("farmstead_wall.ron"));
    assert!(!counts("goblin_rabble.ron"));
}

#[test]
fn guards_look_few_decisions_on_and_breakers_of_a_hold_look_far() {
    let looks =
        |file, side, budget| horizon(zone_role(&crate::ai::shipped_level(file), side), budget);
    // The farm guards the farmhouse; the bandits take it as any side.
    assert_eq!(looks("farmstead_wall.ron", 0, EXPERT), 3);
    assert_eq!(looks("farmstead_wall.ron", 1, EXPERT), 9);
    // The company must break the goblins' hold on their hill.
    assert_eq!(looks("goblin_rabble.ron", 0, EXPERT), 21);
    assert_eq!(looks("goblin_rabble.ron", 1, EXPERT), 3);
    assert_eq!(looks("skirmish.ron", 0, EXPERT), 9);
    // Hard looks three, but where it must break a hold.
    assert_eq!(looks("goblin_rabble.ron", 0, HARD), 21);
    for (file, side) in [("goblin_rabble.ron", 1), ("farmstead_wall.ron", 1)] {
        assert_eq!(looks(file, side, HARD), 3);
    }
}

#[test]
fn under_a_sister_sequence_hards_playouts_go_on_to_the_round_end() {
    let weighed = AtomicU64::new(0);
    for sequence in [Sequence::SideTurns, Sequence::Alternation, Sequence::Track] {
        let mut engine = crate::ai::shipped_battle("skirmish.ron", Some(sequence));
        let round = engine.state().battle().round;
        assert_eq!(round_to_end(engine.state(), HARD), Some(round));
        assert_eq!(round_to_end(engine.state(), EXPERT), None);
        play_on(&mut engine, 3, Some(round), &weighed);
        assert!(engine.ended() || engine.state().battle().round > round);
    }
    let countdown = crate::ai::shipped_battle("skirmish.ron", Some(Sequence::Countdown));
    assert_eq!(round_to_end(countdown.state(), HARD), None);
}

#[test]
fn waiting_is_searched_on_the_track_even_for_a_side_that_must_escape() {
    let travellers = 0;
    let under = |sequence| crate::ai::shipped_battle("ambush.ron", Some(sequence));
    assert!(waits_only_first(
        under(Sequence::Countdown).state(),
        travellers
    ));
    assert!(!waits_only_first(
        under(Sequence::Track).state(),
        travellers
    ));
    assert!(waits_only_first(
        under(Sequence::DexRanks).state(),
        travellers
    ));
    assert!(waits_only_first(
        under(Sequence::SideTurns).state(),
        travellers
    ));
}

#[test]
fn under_dex_ranks_a_move_is_played_on_to_the_round_end_and_an_action_is_not() {
    let weighed = AtomicU64::new(0);
    let mut engine = crate::ai::shipped_battle("rat_cellar.ron", Some(Sequence::DexRanks));
    let mut steps = Vec::new();
    for _ in 0..100 {
        let step = engine.state().dex_step();
        if steps.last() != Some(&step) {
            steps.push(step);
            let round = engine.state().battle().round;
            let to_end = step != Some(DexStep::Actions);
            assert_eq!(round_to_end(engine.state(), HARD), to_end.then_some(round));
        }
        if step == Some(DexStep::Actions) {
            break;
        }
        assert!(play_normal(&mut engine, &weighed));
    }
    assert_eq!(
        steps,
        [
            Some(DexStep::Intent),
            Some(DexStep::Movement),
            Some(DexStep::Actions)
        ]
    );
}

#[test]
fn the_opponents_answers_take_the_best_of_each_aim_first() {
    let step = Command::new(
        "bors",
        Order::Move {
            to: ZoneCoord(1, 1),
            pay: None,
        },
    );
    let answers = in_rank_order(vec![
        attack("orc", vec![]),
        attack("orc", vec![SpecialResult::ExtraDamage]),
        attack("orc", vec![SpecialResult::Stun]),
        attack("troll", vec![]),
        step.clone(),
    ]);
    assert_eq!(
        picked(&answers, 3),
        vec![attack("orc", vec![]), attack("troll", vec![]), step]
    );
}

#[test]
fn with_one_aim_the_opponents_answers_are_its_best_in_rank_order() {
    let answers = in_rank_order(vec![
        attack("orc", vec![]),
        attack("orc", vec![SpecialResult::ExtraDamage]),
        attack("orc", vec![SpecialResult::Stun]),
        attack("orc", vec![SpecialResult::Knockdown]),
    ]);
    assert_eq!(
        picked(&answers, 3),
        vec![
            attack("orc", vec![]),
            attack("orc", vec![SpecialResult::ExtraDamage]),
            attack("orc", vec![SpecialResult::Stun]),
        ]
    );
}
