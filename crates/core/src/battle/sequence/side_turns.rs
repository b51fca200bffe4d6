//! Side turns (seed 002's sequence; RULES §41.1): a round is a turn for each
//! side, the player's side first. In its turn a side's combatants act as it
//! chooses, one order at a time, each making one move and taking one action
//! (in either order), until none of them can or will act. In the first
//! round each combatant of the first side makes a readiness roll (WILL):
//! one that fails does not act in that turn.

use super::round::Phase;
use super::{Worth, can_act, close_round, sides_in_turn_order, will_roll, worth};
use crate::battle::command::{Order, RuleError};
use crate::battle::events::BattleEvent;
use crate::battle::state::{BattleState, Turn};
use crate::rules::dice::DiceSource;

/// The round's first phase: the first side's turn, after its readiness
/// rolls in the first round.
pub(super) fn first_phase(
    table: &mut BattleState,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) -> Phase {
    let side = sides_in_turn_order(table).first().copied().unwrap_or(0);
    events.push(BattleEvent::SideTurnBegan {
        side: table.side_id(side),
    });
    let mut unready = Vec::new();
    if table.battle.round == 1 {
        for unit in 0..table.units.len() {
            if table.units[unit].unit.side != side || !can_act(table, unit) {
                continue;
            }
            let ready = will_roll(table, unit, dice, events, |unit, dice, passed| {
                BattleEvent::ReadinessRoll { unit, dice, passed }
            });
            if !ready {
                unready.push(unit);
            }
        }
    }
    Phase::SideTurn {
        side,
        done: Vec::new(),
        unready,
        moved: Vec::new(),
        acted: Vec::new(),
        finished: Vec::new(),
    }
}

/// The turn's limits: one move and one action (RULES §41.1).
pub(super) fn act_problem(table: &BattleState, actor: usize, order: &Order) -> Option<RuleError> {
    let Phase::SideTurn { moved, acted, .. } = &table.battle.phase else {
        return None;
    };
    match worth(order) {
        Worth::Movement if moved.contains(&actor) => Some(RuleError::AlreadyMoved),
        Worth::Main | Worth::Bonus if acted.contains(&actor) => Some(RuleError::ActionTaken),
        _ => None,
    }
}

/// Before an order is carried out: its move or its action is counted; a
/// pass ends the combatant's turn, its dice kept for defences.
pub(super) fn begin_order(table: &mut BattleState, actor: usize, order: &Order) {
    let Phase::SideTurn {
        moved,
        acted,
        finished,
        ..
    } = &mut table.battle.phase
    else {
        return;
    };
    let list = match (order, worth(order)) {
        (Order::Pass, _) => finished,
        (_, Worth::Movement) => moved,
        (_, Worth::Main | Worth::Bonus) => acted,
        _ => return,
    };
    list.push(actor);
}

/// Whether `unit`'s turn is still open in its side's turn: it can act, is
/// ready, has not passed, and has its move or its action still to make.
fn turn_left(table: &BattleState, side: usize, unit: usize) -> bool {
    let Phase::SideTurn {
        unready,
        moved,
        acted,
        finished,
        ..
    } = &table.battle.phase
    else {
        return false;
    };
    table.units[unit].unit.side == side
        && can_act(table, unit)
        && !unready.contains(&unit)
        && !finished.contains(&unit)
        && !(moved.contains(&unit) && acted.contains(&unit))
}

/// Opens the turn to the side's combatants that can act; when there are
/// none, the next side's turn begins, and after the last side's the round
/// closes. A mount and its rider act together: after one acts the other
/// has the turn, if it can still act.
pub(super) fn open_turn(table: &mut BattleState, events: &mut Vec<BattleEvent>) {
    loop {
        let Phase::SideTurn { side, .. } = &table.battle.phase else {
            table.battle.turn = Turn::Closed;
            return;
        };
        let side = *side;
        if let Some(partner) = table.battle.partner_due {
            if turn_left(table, side, partner) {
                table.battle.turn = Turn::Act {
                    candidates: vec![partner],
                };
                return;
            }
            table.battle.partner_due = None;
        }
        let candidates: Vec<usize> = (0..table.units.len())
            .filter(|&unit| turn_left(table, side, unit))
            .collect();
        if !candidates.is_empty() {
            table.battle.turn = Turn::Act { candidates };
            return;
        }
        let next = {
            let Phase::SideTurn { done, .. } = &mut table.battle.phase else {
                return;
            };
            done.push(side);
            let done = done.clone();
            sides_in_turn_order(table).into_iter().find(|s| {
                !done.contains(s)
                    && (0..table.units.len())
                        .any(|u| table.units[u].unit.side == *s && can_act(table, u))
            })
        };
        let Some(next) = next else {
            close_round(table, events);
            return;
        };
        if let Phase::SideTurn { side, .. } = &mut table.battle.phase {
            *side = next;
        }
        events.push(BattleEvent::SideTurnBegan {
            side: table.side_id(next),
        });
    }
}

/// The order the turns go in: the side whose turn it is, then the sides
/// still to come, then those whose turn is over; each side's combatants in
/// the level's order.
pub(super) fn order(table: &BattleState) -> Vec<usize> {
    let (now, done, unready) = match &table.battle.phase {
        Phase::SideTurn {
            side,
            done,
            unready,
            ..
        } => (Some(*side), done.clone(), unready.clone()),
        _ => (None, Vec::new(), Vec::new()),
    };
    let mut sides = sides_in_turn_order(table);
    sides.sort_by_key(|s| (Some(*s) != now, done.contains(s)));
    let mut order = Vec::new();
    for side in sides {
        let mut members: Vec<usize> = table
            .units
            .iter()
            .filter(|u| u.unit.side == side && u.fighting())
            .map(|u| u.unit.index)
            .collect();
        // Those who failed the readiness roll, or whose turn is over, wait
        // at their side's end.
        members.sort_by_key(|&u| {
            unready.contains(&u) || (Some(side) == now && !turn_left(table, side, u))
        });
        order.extend(members);
    }
    order
}
