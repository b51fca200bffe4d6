//! The sequences of play (RULES §41): random legal play under each sequence
//! on every shipped level, and the orders each one gives.

use std::sync::Arc;

use proptest::prelude::*;
use swift_swords::battle::command::{Command, Order};
use swift_swords::battle::engine::Engine;
use swift_swords::battle::events::BattleEvent;
use swift_swords::level::Level;
use swift_swords::rules::dice::Dice;
use swift_swords::vocabulary::Sequence;

use crate::common::{
    act, app, foe, hero, level, ruleset, shipped_level, shipped_levels, unit_mut, units,
};
use crate::properties::legal_step;

/// Commands per battle tried before the case stops.
const COMMANDS: usize = 300;

fn under(level: &Level, sequence: Sequence) -> Level {
    Level {
        sequence,
        ..level.clone()
    }
}

fn start(level: &Level, sequence: Sequence, seed: u64) -> Engine {
    Engine::start(&under(level, sequence), ruleset(), seed, Dice::seeded(seed))
}

/// The ids of the combatants the turn is open to.
fn turn(engine: &Engine) -> Vec<String> {
    engine.state().turn_units()
}

fn side_of(engine: &Engine, id: &str) -> usize {
    let table = engine.state();
    table.units()[table.unit_index(id).expect("on the roll")]
        .unit
        .side
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 100,
        rng_seed: proptest::test_runner::RngSeed::Fixed(52),
        ..ProptestConfig::default()
    })]

    /// Under every sequence, on every shipped level: the battle never waits
    /// with nothing legal to do, the legal list is exactly the menu's orders
    /// the check accepts, and every listed command is accepted.
    #[test]
    fn random_legal_play_under_every_sequence_never_sticks(
        level_pick in 0usize..64,
        sequence_pick in 0usize..5,
        seed in any::<u64>(),
        choices in proptest::collection::vec(any::<u16>(), COMMANDS),
    ) {
        let levels = shipped_levels();
        let level = &levels[level_pick % levels.len()];
        let sequence = Sequence::ALL[sequence_pick % Sequence::ALL.len()];
        let mut engine = start(level, sequence, seed);
        for choice in &choices {
            if engine.ended() {
                break;
            }
            legal_step(&mut engine, *choice)?;
        }
    }
}

/// §41.1: a round is a turn for each side in turn; the turn is
/// open to every one of the side's combatants that can act (and passed its
/// readiness roll), and passes to the other side only when none can.
#[test]
fn side_turns_give_each_side_its_whole_turn_heroes_first() {
    let level = shipped_level("Skirmish");
    let mut engine = start(&level, Sequence::SideTurns, 3);
    // Two warbands of one kind: the level's first side goes first.
    let heroes = side_of(&engine, &turn(&engine)[0]);
    assert_eq!(heroes, 0);
    let mut sides_seen = vec![heroes];
    let mut guard = 0;
    while engine.state().battle().round == 1 && !engine.ended() && guard < 200 {
        guard += 1;
        let now = turn(&engine);
        let side = side_of(&engine, &now[0]);
        assert!(
            now.iter().all(|id| side_of(&engine, id) == side),
            "one side at a time: {now:?}"
        );
        if *sides_seen.last().expect("a side") != side {
            sides_seen.push(side);
        }
        // Each combatant passes: the side's turn goes on while anyone is left.
        let command = Command::new(now[0].clone(), Order::Pass);
        engine
            .submit(&command)
            .expect("Pass is always legal in one's turn");
    }
    assert_eq!(
        sides_seen.len(),
        2,
        "the heroes' turn, then the other side's: {sides_seen:?}"
    );
    let log = engine.log();
    let readiness = log
        .iter()
        .filter(|e| matches!(e, BattleEvent::ReadinessRoll { .. }))
        .count();
    let heroes_count = engine
        .state()
        .units()
        .iter()
        .filter(|u| u.unit.side == heroes)
        .count();
    assert_eq!(
        readiness, heroes_count,
        "each of the first side rolls to act in round 1"
    );
}

/// §41.1: Keep a die belongs to the refresh, which side turns do not have.
#[test]
fn side_turns_have_no_refresh_so_no_die_is_kept() {
    let level = shipped_level("Skirmish");
    let engine = start(&level, Sequence::SideTurns, 3);
    let unit = turn(&engine)[0].clone();
    let refused = engine.check(&Command::new(unit, Order::KeepDie));
    assert!(refused.is_err());
    assert!(!engine.state().at_refresh());
}

/// §41.2: the side holding the initiative activates first; the activated
/// combatant keeps the turn while it acts; when it is done the other side
/// activates one of its own.
#[test]
fn alternation_activates_one_combatant_at_a_time_side_by_side() {
    let level = shipped_level("Skirmish");
    let mut engine = start(&level, Sequence::Alternation, 3);
    let first = turn(&engine);
    let first_side = side_of(&engine, &first[0]);
    assert_eq!(first_side, 0, "the level's first side holds the initiative");
    let actor = first[0].clone();
    engine
        .submit(&Command::new(actor.clone(), Order::Hold))
        .expect("Hold ends the activation at once");
    let next = turn(&engine);
    assert!(
        next.iter().all(|id| side_of(&engine, id) != first_side),
        "the other side activates next: {next:?}"
    );
    assert!(
        engine
            .state()
            .has_had_its_turn(engine.state().unit_index(&actor).expect("unit"))
    );
}

/// §41.2: every side passing in a row ends the round; the log says who passed.
#[test]
fn alternation_ends_the_round_when_every_side_has_passed() {
    let level = shipped_level("Skirmish");
    let mut engine = start(&level, Sequence::Alternation, 5);
    let mut guard = 0;
    while engine.state().battle().round == 1 && guard < 200 {
        guard += 1;
        let unit = turn(&engine)[0].clone();
        engine
            .submit(&Command::new(unit, Order::Pass))
            .expect("Pass is legal");
    }
    let log = engine.log();
    let closed = log
        .iter()
        .position(|e| matches!(e, BattleEvent::RoundClosed { round: 1 }))
        .expect("round 1 closed");
    let passes: Vec<_> = log[..closed]
        .iter()
        .filter(|e| matches!(e, BattleEvent::SidePassed { .. }))
        .collect();
    assert_eq!(passes.len(), 2, "both sides passed in a row: {passes:?}");
}

/// The HUD's track is the order the rules use: under every sequence, on
/// every shipped level, the combatants the turn is open to head the track.
#[test]
fn the_track_leads_with_whoever_the_engine_gives_the_turn() {
    for level in shipped_levels() {
        for sequence in Sequence::ALL {
            let mut engine = start(&level, sequence, 11);
            // A free 1-AD option (Effort, a recovery roll) keeps the turn
            // with the one who took it, wherever the track puts it now.
            let mut kept_by = None;
            for step in 0..120 {
                if engine.ended() {
                    break;
                }
                let table = engine.state();
                let candidates = table.battle().turn_candidates();
                let order = table.turn_order();
                if !matches!(
                    table.battle().turn,
                    swift_swords::battle::state::Turn::Respond { .. }
                ) {
                    let first = order
                        .iter()
                        .position(|u| candidates.contains(u))
                        .expect("the one to act is on the track");
                    // Before it, only those who cannot take a turn now; a
                    // mount's partner takes its turn out of the order.
                    let out_of_order = table.battle().partner_due == Some(order[first])
                        || kept_by == Some(order[first]);
                    for &before in order[..first].iter().filter(|_| !out_of_order) {
                        let unit = &table.units()[before];
                        assert!(
                            unit.pool.usable() == 0 || unit.pool.holding,
                            "{} ({:?}, step {step}): {} {:?} is ahead of {} {:?} ({:?}, {:?})",
                            level.name,
                            sequence,
                            unit.unit.name,
                            unit.pool,
                            table.units()[order[first]].unit.name,
                            table.units()[order[first]].pool,
                            table.battle().turn,
                            table.battle().phase,
                        );
                    }
                }
                let legal = engine.legal_commands();
                let pick = legal[step * 7 % legal.len()].clone();
                kept_by = matches!(pick.order, Order::Effort | Order::RecoveryRoll)
                    .then(|| engine.state().unit_index(&pick.unit))
                    .flatten();
                engine.submit(&pick).expect("legal");
            }
        }
    }
}

/// A level file may name its sequence; a level that does not is the countdown's.
#[test]
fn a_level_names_its_sequence_and_the_countdown_is_the_default() {
    let level = shipped_level("Skirmish");
    assert_eq!(level.sequence, Sequence::Countdown);
    let engine = start(&level, Sequence::SideTurns, 1);
    assert_eq!(engine.state().sequence(), Sequence::SideTurns);
    let _: Arc<_> = ruleset();
}

/// `simulate --compare-sequences`: one report a sequence, on the same
/// battles; the countdown's is the plain run's, to the figure.
#[test]
fn compare_sequences_reports_each_sequence_and_the_countdown_as_a_plain_run() {
    use swift_swords::simulate::{SimConfig, compare, run_all, summarise};
    let config = SimConfig {
        level: shipped_level("The Duel"),
        ruleset: ruleset(),
        battles: 6,
        seed: 3,
        ai: Default::default(),
        jobs: 1,
        swap: true,
    };
    let reports = compare::reports(&config);
    let sequences: Vec<Sequence> = reports.iter().map(|(s, _)| *s).collect();
    assert_eq!(sequences, Sequence::ALL.to_vec());
    let plain = summarise(&config, &run_all(&config, &|| {}));
    assert_eq!(reports[0].1, plain);
    let table = compare::compare_sequences(&config);
    for sequence in Sequence::ALL {
        assert!(table.contains(sequence.name()), "{table}");
    }
}

/// §41.4: at one DEX rank, the weapon in hand decides: missile, long,
/// medium, short. The four heroes roll the same four dice.
#[test]
fn dex_ties_go_by_weapon_length_missile_long_medium_short() {
    let armed = |id: &str, weapon: &str| {
        hero(id, "hero_swordsman")
            .with(&format!("weapons: Some([{weapon:?}])"))
            .dice(&[5, 4, 3, 2])
    };
    let fielded = [
        armed("knife", "dagger"),
        armed("sword", "broadsword"),
        armed("spear", "spear"),
        armed("bow", "bow"),
        foe("g1", "goblin").at(2, 0),
    ];
    let level = level(r#""ggg""#, &units(&fielded), "sequence: DexRanks,");
    let engine = app(&level, &[]);
    let table = engine.state();
    let order: Vec<&str> = table
        .turn_order()
        .into_iter()
        .map(|u| table.units()[u].unit.id.as_str())
        .collect();
    assert_eq!(order, ["bow", "spear", "sword", "knife", "g1"]);
    assert_eq!(turn(&engine), ["bow"]);
}

/// §41.4: a move of two zones or more (a harpy's flight) quarters the
/// mover's DEX rank for the actions; one who stood keeps its full rank.
#[test]
fn a_long_move_quarters_the_dex_rank_and_standing_keeps_it() {
    let level = shipped_level("Harpies over the Ford");
    let mut engine = start(&level, Sequence::DexRanks, 7);
    let mut flew = None;
    let mut stood = Vec::new();
    for _ in 0..200 {
        let table = engine.state();
        let Some(head) = table.acting_unit() else {
            break;
        };
        let id = table.units()[head].unit.id.clone();
        let legal = engine.legal_commands();
        if legal
            .iter()
            .any(|c| matches!(c.order, Order::Intend { .. }))
        {
            // Harpies declare a move; the others stand.
            let moving = id.contains("harpy");
            if !moving {
                stood.push(head);
            }
            act(&mut engine, &id, Order::Intend { moving, run: false });
            continue;
        }
        let far = legal.iter().find(|c| match c.order {
            Order::Fly { to, .. } => to.distance(table.units()[head].placement.zone) >= 2,
            _ => false,
        });
        match far {
            Some(command) if flew.is_none() => {
                flew = Some(head);
                let command = command.clone();
                engine.submit(&command).expect("legal");
            }
            _ if legal.iter().any(|c| c.order == Order::Hold) => act(&mut engine, &id, Order::Hold),
            _ => break,
        }
        if engine
            .state()
            .sequence_in_words()
            .is_some_and(|w| w.starts_with("Actions"))
        {
            break;
        }
    }
    let flyer = flew.expect("a harpy flew two zones");
    let table = engine.state();
    let full = |u: usize| u16::from(table.units()[u].profile.action_dice.entitled()) * 4;
    assert_eq!(table.dex_rank(flyer), Some(full(flyer) / 4));
    let standing = stood[0];
    assert_eq!(table.dex_rank(standing), Some(full(standing)));
}

/// §41.2: any fighter may surrender under alternation, as its whole turn
/// (out of the fight, its figure left on the table); nobody may under
/// another sequence, broken or not.
#[test]
fn anyone_may_surrender_but_only_under_alternation() {
    let fielded = [
        hero("roland", "hero_swordsman")
            .untrained()
            .dice(&[5, 5, 4]),
        foe("g1", "goblin").untrained().at(1, 0),
    ];
    let alternation = level(r#""gg""#, &units(&fielded), "sequence: Alternation,");
    let mut engine = app(&alternation, &[]);
    act(&mut engine, "roland", Order::Surrender);
    let table = engine.state();
    assert_eq!(
        table.units()[0].fate,
        swift_swords::battle::components::Fate::Surrendered
    );
    assert!(table.units()[0].on_table(), "its figure stays on the table");
    assert!(log_has(
        &engine,
        |e| matches!(e, BattleEvent::Surrendered { unit } if unit == "roland")
    ));
    assert!(engine.ended(), "the goblins are the last side fighting");

    let countdown = level(r#""gg""#, &units(&fielded), "");
    let engine = broken(app(&countdown, &[]), "roland");
    assert_eq!(
        engine
            .check(&Command::new("roland", Order::Surrender))
            .map(|_| ()),
        Err(swift_swords::battle::command::RuleError::NoCauseToSurrender)
    );
}

/// The battle with `id` Panicked.
fn broken(engine: Engine, id: &str) -> Engine {
    let (mut state, dice, log) = engine.into_parts();
    unit_mut(&mut state, id).conditions.panicked = true;
    Engine::resume(state, dice, log)
}

fn log_has(engine: &Engine, found: impl Fn(&BattleEvent) -> bool) -> bool {
    engine.log().iter().any(found)
}

/// §41.3: a failed attempt to act out of turn that takes the fighter out of
/// the fight (a goblin's one mental rank) leaves no answer to give: the
/// attack is spent, and the attacker's turn goes on.
#[test]
fn stress_that_fells_the_target_spends_the_attack_and_the_turn_goes_on() {
    let fielded = [
        hero("roland", "hero_swordsman").untrained(),
        foe("g1", "goblin"),
        foe("g2", "goblin").at(1, 0),
    ];
    let level = level(r#""gg""#, &units(&fielded), "sequence: Track,");
    // Roland 5,5,4,3; initiative Roland 6, the goblins 1; g1's awareness
    // roll fails.
    let mut engine = app(&level, &[5, 5, 4, 3, 6, 1, 1, 1, 1, 1, 1, 1]);
    assert_eq!(turn(&engine), ["roland"]);
    act(&mut engine, "roland", crate::common::attack("g1"));
    assert_eq!(turn(&engine), ["g1"], "g1 is asked to answer");
    act(&mut engine, "g1", crate::common::attack("roland"));
    let table = engine.state();
    assert_eq!(
        table.units()[1].fate,
        swift_swords::battle::components::Fate::OutOfAction
    );
    assert!(table.battle().pending.is_none());
    assert_eq!(turn(&engine), ["roland"]);
}

/// Issue #76: a refusal out of turn named the countdown under every
/// sequence. It names the sequence in force, and its rule: the countdown's
/// own section, or the sequences of play.
#[test]
fn a_refusal_out_of_turn_names_the_sequence_of_play_in_force() {
    use swift_swords::battle::command::RuleError;
    let level = shipped_level("Skirmish");
    for sequence in Sequence::ALL {
        let engine = start(&level, sequence, 11);
        let table = engine.state();
        let open = turn(&engine);
        let waiting = table
            .units()
            .iter()
            .map(|u| u.unit.id.clone())
            .find(|id| !open.contains(id))
            .expect("someone waits");
        let refusal = engine
            .check(&Command::new(waiting.clone(), Order::Hold))
            .expect_err("out of turn");
        let RuleError::NotYourTurn {
            sequence: named, ..
        } = &refusal
        else {
            panic!("{refusal:?}");
        };
        assert_eq!(*named, sequence);
        let words = refusal.to_string();
        let (by, rule) = match sequence {
            Sequence::Countdown => ("under the countdown,", "Countdown"),
            Sequence::SideTurns => ("under side turns,", "Sequences of play"),
            Sequence::Alternation => ("under faction alternation,", "Sequences of play"),
            Sequence::Track => ("under the initiative track,", "Sequences of play"),
            Sequence::DexRanks => ("under DEX ranks,", "Sequences of play"),
        };
        assert!(words.contains(by), "{sequence:?}: {words}");
        assert_eq!(refusal.rule(), rule, "{sequence:?}");
    }
}
