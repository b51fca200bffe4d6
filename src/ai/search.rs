//! Hard: a short look-ahead over determinized dice.
//!
//! Each of the best few commands (by Normal's exact score) is resolved on a
//! copy of the battle against a handful of fixed dice sequences, derived from
//! the battle's seed; the battle then runs on to the next decision, and the
//! position is scored, counting the best command of whoever acts next. The
//! counts are fixed, not timed, so the choice is the same on any machine.

use super::evaluate::{best, ranked};
use super::position::leaf_value;
use super::legal::legal_plans;
use super::splitmix;
use crate::battle::check::Plan;
use crate::battle::command::Command;
use crate::battle::engine::Engine;
use crate::battle::state::BattleState;
use crate::rules::dice::Dice;

/// Commands looked at more closely.
const CANDIDATES: usize = 6;
/// Dice sequences tried for each.
const SAMPLES: u64 = 12;

pub fn choose_hard(table: &BattleState, legal: Vec<(Command, Plan)>) -> Option<Command> {
    let ranked = ranked(table, legal);
    let first = ranked.first()?;
    let side = table.units[table.unit_index(&first.1.unit)?].unit.side;
    let mut chosen: Option<(f64, &Command)> = None;
    for (k, (_, command)) in ranked.iter().take(CANDIDATES).enumerate() {
        let mut total = 0.0;
        for m in 0..SAMPLES {
            let seed = splitmix(
                table.battle.seed ^ (u64::from(table.battle.actions) << 24) ^ ((k as u64) << 8) ^ m,
            );
            let mut copy = Engine::resume(table.clone(), Dice::seeded(seed), Vec::new());
            if copy.submit(command).is_err() {
                continue;
            }
            // A declared attack is answered as the defender would best answer it.
            if copy.state().battle.pending.is_some()
                && let Some(answer) = best(copy.state(), legal_plans(copy.state()))
            {
                let _ = copy.submit(&answer);
            }
            total += leaf_value(copy.state(), side);
        }
        let value = total / SAMPLES as f64;
        if chosen.is_none_or(|(b, _)| value > b) {
            chosen = Some((value, command));
        }
    }
    chosen.map(|(_, command)| command.clone())
}
