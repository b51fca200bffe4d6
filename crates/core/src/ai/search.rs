//! Hard and Expert: Monte Carlo search over determinized dice, a few
//! commands deep.
//!
//! Normal's exact-odds scores rank the legal commands; the best few become
//! the candidates (the prior does the widening: a command Normal scores
//! poorly is never searched). For a side that must escape, or that faces
//! an enemy for whom time counts (escaping, holding a zone, surviving),
//! holding or passing is a candidate only where Normal puts it first,
//! unless the searcher's side wins by surviving. Each candidate is played
//! on a copy of the battle with dice sampled from a generator of the AI's
//! own, seeded from the battle's seed and how far it has gone, never from
//! the battle's dice.
//! Both sides then play on as Normal would for a fixed number of decisions
//! (for a side guarding a zone, Hard's few at either level; for one that
//! must break an enemy's hold, at Expert, more than twice as many),
//! and the position that results is scored ([`leaf_value`]). Expert does
//! not trust the opponent to answer as Normal: at the opponent's first
//! decision after the candidate (once the searcher's own follow-ups are
//! played; on a level a side wins by surviving, only if it answers at
//! once), its three best answers, each aimed differently where it can,
//! are played out and the worst for the searcher counts. Where every side
//! wins only by defeating the other, the worst answer is the one worst
//! over all the playouts, as if the opponent chose it before its dice fell;
//! where time counts, the worst in each playout.
//!
//! The samples are shared out by successive halving: every candidate gets a
//! few playouts, the worse half is dropped, the rest get twice as many, and
//! so on until one is left. Where the first round's playouts weighed few
//! legal commands (a small fight, a short look-ahead), the rounds after
//! it get up to a few times more ([`Budget::work_per_playout`]). Playout
//! `m` of every candidate uses the same dice sequence, so candidates are
//! compared on the same luck. All counts are fixed, never timed: the same
//! battle gives the same choice on any machine. Each round's playouts are
//! shared out over the machine's threads and added up in the order they
//! would be played one by one, so the choice is the same on any number of
//! threads too. docs/AI.md gives the reasoning.

use super::evaluate::{best, clock_press, ranked};
use super::legal::legal_plans;
use super::position::leaf_value;
use super::splitmix;
use super::zones::{ZoneRole, zone_role};
use crate::battle::check::Plan;
use crate::battle::command::{Command, Order};
use crate::battle::engine::Engine;
use crate::battle::state::BattleState;
use crate::level::VictoryCondition;
use crate::rules::dice::Dice;
use crate::vocabulary::{DexStep, ZoneCoord};
use std::mem::{Discriminant, discriminant};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// How much searching one decision gets.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    /// Candidates searched: Normal's best this many.
    pub width: usize,
    /// Playouts each candidate gets in the first halving round (doubled in
    /// each round after).
    pub first_playouts: u64,
    /// Decisions played on, both sides as Normal, after the candidate.
    pub horizon: usize,
    /// The horizon for a side guarding a zone: one that wins by holding it
    /// (but not one that must take it from an enemy who wins by
    /// surviving), or by surviving an enemy that must hold it. Expert
    /// looking six decisions on played such a side worse than Hard looking
    /// three: with three, its goblins on the Goblin Rabble won 35 of 40
    /// against Hard's company, not 25, and its farm on the Farmstead Wall
    /// 85 of 100 against Hard's bandits (two seeds), not 68. The bandits,
    /// who must take the farmhouse, look the whole horizon: with three,
    /// Expert's won 19 of 200 against Hard's farm, with nine 46
    /// (docs/AI.md).
    pub holding_horizon: usize,
    /// The horizon for a side that must break an enemy's hold on a zone
    /// (the company on the Goblin Rabble, which wins only by defeating
    /// goblins who win by holding their hill). Against eight goblins
    /// acting, nine decisions reach a short way into the round; looking
    /// 21, Expert's company against Hard's goblins won 161 of 500 (five
    /// seeds, swapped), not 145. Hard's company looking 21, not three,
    /// beat Normal's goblins in 23 of 50 battles, not 9 (seed 17; 73% of
    /// the level's decisive battles, not 59%; docs/AI.md).
    pub breaking_horizon: usize,
    /// Whether a side that must break an enemy's hold searches Normal's
    /// best of each aim first (who acts, the kind of order, and the foe or
    /// zone it aims at), as the doubted answers are chosen, not Normal's
    /// best alone, which can be several ways to make the same attack.
    /// Expert's company on the
    /// Goblin Rabble won 206 of 500 against Hard's goblins (five seeds,
    /// swapped), not 161 (docs/AI.md).
    pub breakers_vary_candidates: bool,
    /// At the opponent's first decision after the candidate, its best this
    /// many answers (by Normal's scores, each aimed differently where it
    /// can) are each played out, and the candidate counts the worst for it:
    /// 1 trusts the opponent to play as Normal.
    pub replies: usize,
    /// The legal commands a playout of the first halving round may weigh,
    /// on average, for the rounds after it to get more playouts: as many
    /// times more as it weighed fewer, up to `most_scale` times. A
    /// position that is cheap to play out is searched further, by counts
    /// and never by the clock, so the choice is the same on any machine.
    pub work_per_playout: u64,
    /// The most the rounds after the first are scaled up: 1 never.
    pub most_scale: u64,
    /// Whether, under a sister sequence of play, a playout goes on past
    /// the horizon to the end of the round the decision is taken in
    /// ([`round_to_end`]). Expert's horizon of nine and its doubted
    /// answers reach the enemy on their own; to the round's end each of its
    /// up to 528 playouts would play on against three answers.
    pub to_round_end: bool,
}

impl Budget {
    /// How many of the opponent's answers each playout values: one where
    /// the opponent is trusted.
    fn answers(self) -> usize {
        self.replies.max(1)
    }

    /// How many times more playouts the rounds after the first get, once
    /// the first round's `playouts` weighed `weighed` legal commands.
    fn scale(self, weighed: u64, playouts: u64) -> u64 {
        (self.work_per_playout.saturating_mul(playouts) / weighed.max(1))
            .clamp(1, self.most_scale.max(1))
    }
}

/// Hard's budget: 40 playouts of 4 decisions (22 for a side that must
/// break a hold; under a sister sequence, on to the round's end).
pub const HARD: Budget = Budget {
    width: 6,
    first_playouts: 2,
    horizon: 3,
    holding_horizon: 3,
    breaking_horizon: 21,
    breakers_vary_candidates: false,
    replies: 1,
    work_per_playout: 0,
    most_scale: 1,
    to_round_end: true,
};

/// Expert's budget: 208 playouts of 10 decisions, each against the worst
/// of the opponent's three best answers; up to 528 where a playout weighs
/// few commands (docs/AI.md).
pub const EXPERT: Budget = Budget {
    width: 12,
    first_playouts: 4,
    horizon: 9,
    holding_horizon: 3,
    breaking_horizon: 21,
    breakers_vary_candidates: true,
    replies: 3,
    work_per_playout: 500,
    most_scale: 3,
    to_round_end: false,
};

/// One candidate and the playouts it has had: a total for each of the
/// opponent's doubted answers where they count per answer, else one total.
struct Arm<'a> {
    command: &'a Command,
    totals: Vec<f64>,
}

impl Arm<'_> {
    /// Adds one playout's values, one for each doubted answer: each to its
    /// answer's total, or the playout's worst to the one total.
    fn add(&mut self, values: &[f64]) {
        if let [total] = self.totals.as_mut_slice() {
            *total += values.iter().copied().fold(f64::INFINITY, f64::min);
        } else {
            for (total, value) in self.totals.iter_mut().zip(values) {
                *total += value;
            }
        }
    }

    /// What the candidate is worth so far: its total under the answer that
    /// did it most harm.
    fn total(&self) -> f64 {
        self.totals.iter().copied().fold(f64::INFINITY, f64::min)
    }
}

/// The command the search picks among `legal` on this budget.
pub fn search(table: &BattleState, legal: Vec<(Command, Plan)>, budget: Budget) -> Option<Command> {
    search_on(table, legal, budget, search_threads())
}

/// [`search`], its playouts shared out over `threads` threads.
fn search_on(
    table: &BattleState,
    legal: Vec<(Command, Plan)>,
    budget: Budget,
    threads: usize,
) -> Option<Command> {
    let ranked = ranked(table, legal);
    let first = ranked.first()?;
    // A statement of intent (DEX ranks) changes nothing on the table a few
    // decisions can see: the search would choose on noise, so Normal's
    // reading of the position decides it.
    if ranked.len() == 1 || matches!(first.1.order, Order::Intend { .. }) {
        return Some(first.1.clone());
    }
    let side = table.units()[table.unit_index(&first.1.unit)?].unit.side;
    let role = zone_role(table, side);
    // Once the clock presses (a quarter of the side's rounds gone), a draw
    // or the enemy's survival nears: a search that doubts its opponent
    // (Expert) trusts it to play as Normal instead, weighs waiting only
    // where Normal puts it first, and looks as far as Hard. Doubting, Expert
    // held back from blows a side that only waited never struck, and drew
    // (docs/AI.md, The clock).
    let pressed = budget.replies > 1 && (clock_press(table, side) >= 0.5 || escapes(table, side));
    let budget = Budget {
        horizon: if pressed {
            horizon(role, budget).min(HARD.horizon)
        } else {
            horizon(role, budget)
        },
        replies: if pressed { 1 } else { budget.replies },
        width: if pressed {
            budget.width.min(HARD.width)
        } else {
            budget.width
        },
        ..budget
    };
    let waiting_loses = pressed || waits_only_first(table, side);
    let follow_ups_first = !survival_counts(table);
    // Totals kept per candidate: one per answer, or one for the worst.
    let totals_kept = if only_defeat_counts(table) && !pressed {
        budget.answers()
    } else {
        1
    };
    let allowed: Vec<(f64, Command)> = ranked
        .into_iter()
        .enumerate()
        .filter(|(rank, (_, command))| *rank == 0 || !waiting_loses || !waits(command))
        .map(|(_, candidate)| candidate)
        .collect();
    let candidates = if role == ZoneRole::Breaker && budget.breakers_vary_candidates {
        varied(&allowed, budget.width)
    } else {
        allowed.iter().take(budget.width).collect()
    };
    let mut arms: Vec<Arm> = candidates
        .into_iter()
        .map(|(_, command)| Arm {
            command,
            totals: vec![0.0; totals_kept],
        })
        .collect();
    let weighed = AtomicU64::new(0);
    let mut played = 0;
    let mut playouts = budget.first_playouts;
    while arms.len() > 1 {
        let work: Vec<(&Command, u64)> = arms
            .iter()
            .flat_map(|arm| (played..played + playouts).map(move |m| (arm.command, m)))
            .collect();
        let values = in_parallel(threads, &work, |&(command, m)| {
            playout(
                table,
                command,
                side,
                dice_seed(table, m),
                budget,
                follow_ups_first,
                &weighed,
            )
        });
        // Added in the order played one by one: the totals, and so the
        // choice, are the same to the bit on any number of threads.
        for (arm, values) in arms.iter_mut().zip(values.chunks(playouts as usize)) {
            for playout_values in values {
                arm.add(playout_values);
            }
        }
        // Every playout of the round is counted whole by now, so the count
        // is the same on any number of threads.
        let scale = if played == 0 {
            budget.scale(weighed.load(Ordering::Relaxed), work.len() as u64)
        } else {
            1
        };
        played += playouts;
        playouts *= 2 * scale;
        // Every arm left has had the same playouts: totals compare as means.
        // The sort is stable, so a tie goes to Normal's favourite.
        arms.sort_by(|a, b| b.total().total_cmp(&a.total()));
        arms.truncate(arms.len().div_ceil(2));
    }
    arms.first().map(|arm| arm.command.clone())
}

/// How many threads a search plays its playouts on; 0 until set: as many
/// as the machine has, up to [`MOST_SEARCH_THREADS`].
static SEARCH_THREADS: AtomicUsize = AtomicUsize::new(0);

/// Past this many threads a decision's few hundred playouts gain little.
const MOST_SEARCH_THREADS: usize = 8;

/// Sets how many threads each search plays its playouts on (at least
/// one): fewer where several battles are played at once. The choices are
/// the same on any number.
pub fn set_search_threads(threads: usize) {
    SEARCH_THREADS.store(threads.clamp(1, MOST_SEARCH_THREADS), Ordering::Relaxed);
}

/// The threads set, or on first use the machine's, kept: asking the
/// system each decision costs more than a small playout.
fn search_threads() -> usize {
    match SEARCH_THREADS.load(Ordering::Relaxed) {
        0 => {
            let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
            set_search_threads(threads);
            SEARCH_THREADS.load(Ordering::Relaxed)
        }
        threads => threads,
    }
}

/// `each` of `work`, shared out over up to `threads` threads, the results
/// in `work`'s order.
fn in_parallel<T: Sync, R: Send>(
    threads: usize,
    work: &[T],
    each: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let threads = threads.min(work.len());
    if threads <= 1 {
        return work.iter().map(each).collect();
    }
    let each = &each;
    std::thread::scope(|scope| {
        let parts: Vec<_> = work
            .chunks(work.len().div_ceil(threads))
            .map(|part| scope.spawn(move || part.iter().map(each).collect::<Vec<R>>()))
            .collect();
        parts
            .into_iter()
            .flat_map(|part| {
                part.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    })
}

/// Whether a command lets the turn go by without acting: Hold or Pass.
fn waits(command: &Command) -> bool {
    matches!(command.order, Order::Hold | Order::Pass)
}

/// Whether waiting costs `side` more than a few decisions can show. Within
/// a few decisions, waiting escapes the risks of acting; its cost comes
/// later, when an enemy that wins by escaping, holding a zone or surviving
/// has had the time it needed, or, for a side that wins only by leaving
/// the table, when the round limit ends the battle in a draw. Such a side
/// weighs waiting only where Normal puts it first. A side that wins by
/// surviving never counts: waiting is its plan.
fn waiting_loses(table: &BattleState, side: usize) -> bool {
    let enemy_needs_time = table.battle().level.victory.iter().any(|c| {
        table.battle().level.side_index(c.side()) != Some(side)
            && !matches!(c, VictoryCondition::DefeatAll { .. })
    });
    !table
        .victory_conditions_of(side)
        .any(|c| matches!(c, VictoryCondition::Survive { .. }))
        && (enemy_needs_time || escapes(table, side))
}

/// Whether waiting is searched only where Normal puts it first. Under DEX
/// ranks and side turns a pass keeps the dice: a few decisions see the dice
/// kept and not the actions given up. Elsewhere, where waiting loses; but
/// on the initiative track Hold is a delayed action, worth searching even
/// there (docs/AI.md).
fn waits_only_first(table: &BattleState, side: usize) -> bool {
    if table.hold_is_a_delayed_action() {
        false
    } else if table.pass_keeps_dice() {
        true
    } else {
        waiting_loses(table, side)
    }
}

/// Whether `side` wins by taking its people off the table: a race
/// against the clock from the first round.
fn escapes(table: &BattleState, side: usize) -> bool {
    table
        .victory_conditions_of(side)
        .any(|c| matches!(c, VictoryCondition::Escape { .. }))
}

/// How many decisions a side's playouts look on: a zone's guards look few,
/// a side that must break an enemy's hold looks far.
fn horizon(role: ZoneRole, budget: Budget) -> usize {
    match role {
        ZoneRole::Guard => budget.holding_horizon,
        ZoneRole::Breaker => budget.breaking_horizon,
        ZoneRole::Neither => budget.horizon,
    }
}

/// Whether a side of this level wins by surviving. There the opponent is
/// doubted only where it answers the candidate at once: doubted after the
/// searcher's own follow-ups, Expert beat Normal on the Last Stand in 65%
/// of 40 battles, not 82.5% (docs/AI.md).
fn survival_counts(table: &BattleState) -> bool {
    table
        .battle()
        .level
        .victory
        .iter()
        .any(|c| matches!(c, VictoryCondition::Survive { .. }))
}

/// Whether every side of this level wins only by defeating the other. There
/// the opponent's doubted answers count per answer over all the playouts:
/// the worst in each playout is the answer whose own dice fell best for the
/// opponent, and counting it marked down every step into reach, so that
/// Expert stood off (against Hard on the skirmish, 400 battles: 74 drawn,
/// and 51 counted per answer, with Expert's wins up from 207 to 230 and
/// Hard's at 119 either way; on a second seed the draws fell and the share
/// held). Where time counts, the worst in each playout played better on
/// two seeds (docs/AI.md).
fn only_defeat_counts(table: &BattleState) -> bool {
    table
        .battle()
        .level
        .victory
        .iter()
        .all(|c| matches!(c, VictoryCondition::DefeatAll { .. }))
}

/// The seed of playout `m`'s dice: from the battle's seed and how far it has
/// gone, the same for every candidate.
fn dice_seed(table: &BattleState, m: u64) -> u64 {
    splitmix(
        table.battle().seed
            ^ (u64::from(table.battle().actions) << 24)
            ^ (u64::from(table.battle().round) << 44)
            ^ (m << 4)
            ^ 0xE4_9E27,
    )
}

/// `command` played on a copy of the battle with sampled dice, then both
/// sides as Normal for the budget's horizon: the position for `side`, once
/// for each of the budget's replies. With more than one reply in the
/// budget, `side`'s own follow-ups are played as Normal up to the
/// opponent's first decision (if `follow_ups_first`; else only an answer at
/// once counts); there each of the opponent's best few answers is played
/// out on the same dice, in rank order. Short of answers, or with none to
/// doubt, the opponent's favourite stands in.
fn playout(
    table: &BattleState,
    command: &Command,
    side: usize,
    seed: u64,
    budget: Budget,
    follow_ups_first: bool,
    weighed: &AtomicU64,
) -> Vec<f64> {
    let replies = budget.answers();
    let mut copy = Engine::resume(table.clone(), Dice::seeded(seed), Vec::new());
    if copy.submit(command).is_err() {
        return vec![f64::NEG_INFINITY; replies];
    }
    let mut left = budget.horizon;
    let round = round_to_end(table, budget);
    if budget.replies > 1 && follow_ups_first {
        while left > 0 && !copy.ended() && !opponent_decides(copy.state(), side) {
            if !play_normal(&mut copy, weighed) {
                break;
            }
            left -= 1;
        }
    }
    if budget.replies > 1 && left > 0 && !copy.ended() && opponent_decides(copy.state(), side) {
        let answers = ranked(copy.state(), legal_plans(copy.state()));
        weighed.fetch_add(answers.len() as u64, Ordering::Relaxed);
        let values: Vec<f64> = varied(&answers, replies)
            .into_iter()
            .filter_map(|(_, answer)| {
                let mut branch = copy.clone();
                branch.submit(answer).ok()?;
                play_on(&mut branch, left - 1, round, weighed);
                Some(leaf_value(branch.state(), side))
            })
            .collect();
        let favourite = values
            .first()
            .copied()
            .unwrap_or_else(|| leaf_value(copy.state(), side));
        return (0..replies)
            .map(|k| values.get(k).copied().unwrap_or(favourite))
            .collect();
    }
    play_on(&mut copy, left, round, weighed);
    vec![leaf_value(copy.state(), side); replies]
}

/// The round a playout goes on to the end of, where it does: under a
/// sister sequence of play, on a budget that asks it. There a few
/// decisions seldom reach the enemy's answer: a side's turn, a combatant's
/// three actions on the track, or the whole movement step under DEX ranks
/// come before it, and a move judged before the blows it leads to was
/// judged on noise (docs/AI.md). The countdown interleaves the sides
/// closely enough for the horizon alone, and so does the action step of
/// DEX ranks, where every blow is answered at once.
fn round_to_end(table: &BattleState, budget: Budget) -> Option<u32> {
    let answered_at_once = table.dex_step() == Some(DexStep::Actions);
    (budget.to_round_end && !table.sides_answer_action_by_action() && !answered_at_once)
        .then_some(table.battle().round)
}

/// Whether the combatant to act now fights against `side`.
fn opponent_decides(table: &BattleState, side: usize) -> bool {
    table
        .acting_unit()
        .is_some_and(|actor| table.units()[actor].unit.side != side)
}

/// Up to `n` of the `ranked` answers, in rank order: the best of each aim
/// first (so that three ways to make the same attack do not crowd out a
/// charge or a move), then the next best of any aim.
fn varied(ranked: &[(f64, Command)], n: usize) -> Vec<&(f64, Command)> {
    let mut aims = Vec::new();
    let mut firsts = Vec::new();
    let mut repeats = Vec::new();
    for (index, (_, command)) in ranked.iter().enumerate() {
        let aim = aim(command);
        if aims.contains(&aim) {
            repeats.push(index);
        } else {
            aims.push(aim);
            firsts.push(index);
        }
    }
    let mut picked: Vec<usize> = firsts.into_iter().chain(repeats).take(n).collect();
    picked.sort_unstable();
    picked.into_iter().map(|index| &ranked[index]).collect()
}

/// What a command aims at: who acts, the kind of order, and the foe an
/// attack or a charge is made on or the zone a move steps to.
fn aim(command: &Command) -> (&str, Discriminant<Order>, Option<&str>, Option<ZoneCoord>) {
    let (foe, zone) = match &command.order {
        Order::Attack { target, .. } | Order::Charge { target, .. } => {
            (Some(target.as_str()), None)
        }
        Order::Move { to, .. } => (None, Some(*to)),
        _ => (None, None),
    };
    (&command.unit, discriminant(&command.order), foe, zone)
}

/// Past this many decisions a playout stops, whatever it is waiting for.
const MOST_PLAYED_ON: usize = 400;

/// Both sides play on as Normal for up to `decisions` decisions, and on to
/// the end of `round` if given.
fn play_on(engine: &mut Engine, decisions: usize, round: Option<u32>, weighed: &AtomicU64) {
    for played in 0..MOST_PLAYED_ON {
        let round_over = round.is_none_or(|round| engine.state().battle().round != round);
        if engine.ended() || (played >= decisions && round_over) {
            break;
        }
        if !play_normal(engine, weighed) {
            break;
        }
    }
}

/// The next decision played as Normal would; false if none could be.
fn play_normal(engine: &mut Engine, weighed: &AtomicU64) -> bool {
    let legal = legal_plans(engine.state());
    weighed.fetch_add(legal.len() as u64, Ordering::Relaxed);
    best(engine.state(), legal).is_some_and(|next| engine.submit(&next).is_ok())
}

#[cfg(test)]
mod tests;
