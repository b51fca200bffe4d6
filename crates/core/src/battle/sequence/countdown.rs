//! The countdown (Swift Swords' own sequence, RULES §4 and §8): the turn goes to
//! the combatants with the most dice left; when the last actor has used its
//! last die a refresh is called, everyone left gets a last option, and the
//! round closes.

use super::close_round;
use super::round::Phase;
use crate::battle::events::BattleEvent;
use crate::battle::state::{BattleState, Turn, UnitState};
use crate::level::SideKind;
use crate::rules::countdown::{CountdownEntry, countdown_order, next_to_act};

impl BattleState {
    /// Every combatant still fighting, in the countdown's order: the one
    /// the turn goes to first (holders and those left with only 1s keep
    /// their place but take no turn).
    pub fn countdown(&self) -> Vec<usize> {
        countdown_order(&countdown_entries(self, |_| true))
    }
}

/// The order the turns will come in: the countdown's, but at a refresh
/// those still to have their last option first, in the refresh's order.
pub(super) fn order(table: &BattleState) -> Vec<usize> {
    let countdown = table.countdown();
    let Phase::Refresh { queue } = &table.battle.phase else {
        return countdown;
    };
    let waiting: Vec<usize> = queue
        .iter()
        .copied()
        .filter(|&u| table.units[u].fighting() && !table.units[u].pool.dice.is_empty())
        .collect();
    let rest = countdown.into_iter().filter(|u| !waiting.contains(u));
    waiting.iter().copied().chain(rest).collect()
}

fn countdown_entries(
    table: &BattleState,
    include: impl Fn(&UnitState) -> bool,
) -> Vec<CountdownEntry> {
    table
        .units
        .iter()
        .filter(|u| u.fighting() && include(u))
        .map(|u| CountdownEntry {
            unit: u.unit.index,
            dice: u.pool.dice.len(),
            can_act: u.pool.usable() > 0,
            heroes: table.side_kind(u.unit.side) == SideKind::Heroes,
            side: u.unit.side,
            side_acted_last: table.battle.last_side == Some(u.unit.side),
        })
        .collect()
}

/// Sequence of play (d): the countdown opens the turn to the combatants with
/// the most dice left; at a refresh, to the next combatant's last option.
/// When nobody can act (all dry, or every one left is holding) the round
/// closes with a refresh.
pub(super) fn open_turn(table: &mut BattleState, events: &mut Vec<BattleEvent>) {
    match &table.battle.phase {
        Phase::Countdown => {
            // A mount's rider (or a rider's mount) that has just acted hands
            // the turn to its partner, if it can still act.
            if let Some(partner) = table.battle.partner_due {
                if super::can_act(table, partner) {
                    table.battle.turn = Turn::Act {
                        candidates: vec![partner],
                    };
                    return;
                }
                table.battle.partner_due = None;
            }
            let candidates = next_to_act(&countdown_entries(table, |u| !u.pool.holding));
            if candidates.is_empty() {
                call_refresh(table, None, events);
                open_turn(table, events);
            } else {
                table.battle.turn = Turn::Act { candidates };
            }
        }
        Phase::Refresh { queue } => {
            let next = queue
                .iter()
                .copied()
                .find(|&i| table.units[i].fighting() && !table.units[i].pool.dice.is_empty());
            table.battle.turn = match next {
                Some(unit) => Turn::LastOption { unit },
                None => Turn::Closed,
            };
        }
        _ => table.battle.turn = Turn::Closed,
    }
}

fn call_refresh(table: &mut BattleState, by: Option<usize>, events: &mut Vec<BattleEvent>) {
    let entries = countdown_entries(table, |u| {
        Some(u.unit.index) != by && !u.pool.dice.is_empty()
    });
    let queue = countdown_order(&entries);
    events.push(BattleEvent::RefreshCalled {
        by: by.map(|i| table.units[i].unit.id.clone()),
    });
    table.battle.phase = Phase::Refresh { queue };
    table.battle.turn = Turn::Closed;
    table.battle.partner_due = None;
}

/// The refresh: called when the last actor has used its last action die (a
/// 1 is one: holding only 1s it is passed over, and the round closes when
/// nobody can act); closed, and the round with it, once everyone had a last
/// option.
pub(super) fn refresh(table: &mut BattleState, events: &mut Vec<BattleEvent>) {
    if table.battle.pending.is_some() || table.battle.turn != Turn::Closed {
        return;
    }
    if table.battle.phase == Phase::Countdown
        && let Some(actor) = table.battle.last_actor.take()
        && table.units[actor].fighting()
        && table.units[actor].pool.dice.is_empty()
    {
        call_refresh(table, Some(actor), events);
    }
    if let Phase::Refresh { queue } = &table.battle.phase {
        let waiting = queue
            .iter()
            .any(|&i| table.units[i].fighting() && !table.units[i].pool.dice.is_empty());
        if !waiting {
            close_round(table, events);
        }
    }
}
