//! The primitive effects every rule is built from: paying with dice, losing
//! a rank, taking a State, losing a pool, going out of action. They change
//! the state and write events, and decide nothing beyond their own rule.

use super::components::{Conditions, Fate, StateKind};
use super::events::BattleEvent;
use super::state::BattleState;
use crate::rules::damage::{crossover_due, crossovers_caused, out_of_action, unshakeable};
use crate::vocabulary::RankSide;

pub fn pay(table: &mut BattleState, actor: usize, paid: &[usize], events: &mut Vec<BattleEvent>) {
    if paid.is_empty() {
        return;
    }
    let pool = &mut table.units[actor].pool.dice;
    let mut faces = Vec::with_capacity(paid.len());
    let mut sorted = paid.to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    for index in sorted {
        if index < pool.len() {
            faces.push(pool.remove(index));
        }
    }
    faces.reverse();
    events.push(BattleEvent::DicePaid {
        unit: table.units[actor].unit.id.clone(),
        dice: faces,
    });
}

pub fn spend_a_one(table: &mut BattleState, actor: usize) {
    let pool = &mut table.units[actor].pool.dice;
    if let Some(index) = pool.iter().position(|&f| f == 1) {
        pool.remove(index);
    }
}

/// Uses up a pending Effort, returning the extra dice it gives.
pub fn take_effort(table: &mut BattleState, actor: usize) -> i32 {
    let conditions = &mut table.units[actor].conditions;
    if conditions.effort {
        conditions.effort = false;
        1
    } else {
        0
    }
}

/// Marks one real rank lost on a track. A track rated 9 cannot be knocked
/// off it ("Level 9"). Every `crossover_every`th direct loss costs a rank on
/// the other track ("CrossOver Damage"); crossover losses never cross back.
/// With no ranks left (the heroic floor for the Heroic) the combatant is out
/// of action ("OoA and KIA").
pub fn lose_rank(
    table: &mut BattleState,
    unit: usize,
    side: RankSide,
    by_crossover: bool,
    events: &mut Vec<BattleEvent>,
) {
    if !table.units[unit].fighting() {
        return;
    }
    let id = table.units[unit].unit.id.clone();
    let every = table.units[unit].profile.crossover_every;
    let heroic = table.units[unit].profile.heroic;
    let track = table.units[unit].ranks.track_mut(side);
    if unshakeable(track.real) {
        events.push(BattleEvent::RankHeld { unit: id, side });
        return;
    }
    track.lost += 1;
    if by_crossover {
        track.crossover_lost += 1;
    }
    let (remaining, direct) = (track.remaining(), track.direct_losses());
    events.push(match side {
        RankSide::Physical => BattleEvent::RankLost {
            unit: id.clone(),
            remaining,
        },
        RankSide::Mental => BattleEvent::MentalRankLost {
            unit: id.clone(),
            remaining,
        },
    });
    if !by_crossover && crossover_due(direct, every) {
        let other = match side {
            RankSide::Physical => RankSide::Mental,
            RankSide::Mental => RankSide::Physical,
        };
        events.push(BattleEvent::Crossover {
            unit: id,
            to: other,
        });
        lose_rank(table, unit, other, true, events);
    }
    let floor = i32::from(table.ruleset.rules.heroic_ooa_rank);
    if table.units[unit].fighting() && out_of_action(remaining, heroic, floor) {
        take_out_of_action(table, unit, events);
    }
}

/// Heals one physical rank lost to a wound. A mental rank lost by crossover
/// from the wounds comes back too ("Carry over damage is regained if the
/// cause is removed"), so a later wound crosses over only once for its own
/// cause. A physical rank lost only by crossover from mental damage is not a
/// wound: it comes back with its cause. Returns whether a rank came back.
pub fn heal_physical_rank(
    table: &mut BattleState,
    unit: usize,
    events: &mut Vec<BattleEvent>,
) -> bool {
    let id = table.units[unit].unit.id.clone();
    let every = table.units[unit].profile.crossover_every;
    let track = &mut table.units[unit].ranks.physical;
    if track.direct_losses() <= 0 {
        return false;
    }
    track.lost -= 1;
    let (remaining, caused) = (
        track.remaining(),
        crossovers_caused(track.direct_losses(), every),
    );
    events.push(BattleEvent::RankRestored {
        unit: id.clone(),
        remaining,
    });
    let track = &mut table.units[unit].ranks.mental;
    if i32::from(track.crossover_lost) > caused {
        track.crossover_lost -= 1;
        track.lost -= 1;
        events.push(BattleEvent::CrossoverRegained {
            unit: id,
            side: RankSide::Mental,
            remaining: track.remaining(),
        });
    }
    true
}

/// Takes a State ("State"): it is marked, and every pool is lost.
pub fn take_state(
    table: &mut BattleState,
    unit: usize,
    state: StateKind,
    events: &mut Vec<BattleEvent>,
) {
    *table.units[unit].conditions.state_mut(state) = true;
    events.push(BattleEvent::StateTaken {
        unit: table.units[unit].unit.id.clone(),
        state,
    });
    lose_defence_pool(table, unit, events);
    lose_action_pool(table, unit, events);
}

/// An action pool is lost to any other action and to a State.
pub fn lose_action_pool(table: &mut BattleState, unit: usize, events: &mut Vec<BattleEvent>) {
    if table.units[unit].conditions.action_pool.take().is_some() {
        events.push(BattleEvent::ActionPoolLost {
            unit: table.units[unit].unit.id.clone(),
        });
    }
}

/// A defence pool is lost to another action, a State, a Trauma or worse, or a Break.
pub fn lose_defence_pool(table: &mut BattleState, unit: usize, events: &mut Vec<BattleEvent>) {
    if table.units[unit].conditions.defence_pool.take().is_some() {
        events.push(BattleEvent::DefencePoolLost {
            unit: table.units[unit].unit.id.clone(),
        });
    }
}

pub fn take_out_of_action(table: &mut BattleState, target: usize, events: &mut Vec<BattleEvent>) {
    let unit = &mut table.units[target];
    unit.fate = Fate::OutOfAction;
    unit.pool.dice.clear();
    unit.pool.carried = 0;
    unit.conditions = Conditions::default();
    events.push(BattleEvent::OutOfAction {
        unit: unit.unit.id.clone(),
    });
    // A warband with no ranks left is destroyed, not left lying out of action.
    if table.units[target].profile.mob.is_some() {
        table.units[target].fate = Fate::Killed;
        events.push(BattleEvent::Killed {
            unit: table.units[target].unit.id.clone(),
        });
    }
}
