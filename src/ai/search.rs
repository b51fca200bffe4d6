//! Hard and Expert: Monte Carlo search over determinized dice, a few
//! commands deep.
//!
//! Normal's exact-odds scores rank the legal commands; the best few become
//! the candidates (the prior does the widening: a command Normal scores
//! poorly is never searched). Each candidate is played on a copy of the
//! battle with dice sampled from a generator of the AI's own, seeded from
//! the battle's seed and how far it has gone, never from the battle's dice.
//! Both sides then play on as Normal would for a fixed number of decisions,
//! and the position that results is scored ([`leaf_value`]).
//!
//! The samples are shared out by successive halving: every candidate gets a
//! few playouts, the worse half is dropped, the rest get twice as many, and
//! so on until one is left. Playout `m` of every candidate uses the same
//! dice sequence, so candidates are compared on the same luck. All counts
//! are fixed, never timed: the same battle gives the same choice on any
//! machine. docs/AI.md gives the reasoning.

use super::evaluate::{best, ranked};
use super::legal::legal_plans;
use super::position::leaf_value;
use super::splitmix;
use crate::battle::check::Plan;
use crate::battle::command::Command;
use crate::battle::engine::Engine;
use crate::battle::state::BattleState;
use crate::rules::dice::Dice;

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
}

/// Hard's budget: 40 playouts of 4 decisions.
pub const HARD: Budget = Budget {
    width: 6,
    first_playouts: 2,
    horizon: 3,
};

/// Expert's budget: 72 playouts of 7 decisions.
pub const EXPERT: Budget = Budget {
    width: 8,
    first_playouts: 3,
    horizon: 6,
};

/// One candidate and the playouts it has had.
struct Arm<'a> {
    command: &'a Command,
    total: f64,
}

/// The command the search picks among `legal` on this budget.
pub fn search(table: &BattleState, legal: Vec<(Command, Plan)>, budget: Budget) -> Option<Command> {
    let ranked = ranked(table, legal);
    let first = ranked.first()?;
    if ranked.len() == 1 {
        return Some(first.1.clone());
    }
    let side = table.units[table.unit_index(&first.1.unit)?].unit.side;
    let mut arms: Vec<Arm> = ranked
        .iter()
        .take(budget.width)
        .map(|(_, command)| Arm {
            command,
            total: 0.0,
        })
        .collect();
    let mut played = 0;
    let mut playouts = budget.first_playouts;
    while arms.len() > 1 {
        for arm in &mut arms {
            for m in played..played + playouts {
                arm.total += playout(
                    table,
                    arm.command,
                    side,
                    dice_seed(table, m),
                    budget.horizon,
                );
            }
        }
        played += playouts;
        playouts *= 2;
        // Every arm left has had the same playouts: totals compare as means.
        // The sort is stable, so a tie goes to Normal's favourite.
        arms.sort_by(|a, b| b.total.total_cmp(&a.total));
        arms.truncate(arms.len().div_ceil(2));
    }
    arms.first().map(|arm| arm.command.clone())
}

/// The seed of playout `m`'s dice: from the battle's seed and how far it has
/// gone, the same for every candidate.
fn dice_seed(table: &BattleState, m: u64) -> u64 {
    splitmix(
        table.battle.seed
            ^ (u64::from(table.battle.actions) << 24)
            ^ (u64::from(table.battle.round) << 44)
            ^ (m << 4)
            ^ 0xE4_9E27,
    )
}

/// `command` played on a copy of the battle with sampled dice, then both
/// sides as Normal for `horizon` decisions: the position for `side`.
fn playout(table: &BattleState, command: &Command, side: usize, seed: u64, horizon: usize) -> f64 {
    let mut copy = Engine::resume(table.clone(), Dice::seeded(seed), Vec::new());
    if copy.submit(command).is_err() {
        return f64::NEG_INFINITY;
    }
    for _ in 0..horizon {
        if copy.ended() {
            break;
        }
        let Some(next) = best(copy.state(), legal_plans(copy.state())) else {
            break;
        };
        if copy.submit(&next).is_err() {
            break;
        }
    }
    leaf_value(copy.state(), side)
}
