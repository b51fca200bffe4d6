//! States: the recovery roll at the start of an action, the Recover order,
//! and the standing choice between taking a State and losing a rank.

use crate::battle::components::{StateKind, WoundChoice};
use crate::battle::effects::{spend_a_one, take_effort};
use crate::battle::events::BattleEvent;
use crate::battle::injury::penalty;
use crate::battle::mental::rally_roll;
use crate::battle::state::BattleState;
use crate::rules::dice::DiceSource;
use crate::rules::injury::RollKind;
use crate::rules::rolls::characteristic_roll;

/// Clears the first State present (Stun before Shock) and says which.
pub(super) fn clear_one_state(table: &mut BattleState, actor: usize) -> StateKind {
    let conditions = &mut table.units[actor].conditions;
    if conditions.stunned {
        conditions.stunned = false;
        StateKind::Stun
    } else if conditions.shocked {
        conditions.shocked = false;
        StateKind::Shock
    } else {
        conditions.doubt = false;
        StateKind::Doubt
    }
}

/// A roll to clear one State: BODY for Stun, MIND for Shock. Returns whether
/// the combatant is now free of that State.
pub(super) fn recovery_roll(
    table: &mut BattleState,
    actor: usize,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) -> bool {
    let me = &table.units[actor];
    let (state, rank, kind) = if me.conditions.stunned {
        (
            StateKind::Stun,
            me.ranks.physical.remaining(),
            RollKind::Body,
        )
    } else if me.conditions.shocked {
        (
            StateKind::Shock,
            me.ranks.mental.remaining(),
            RollKind::Spirit,
        )
    } else {
        (
            StateKind::Doubt,
            me.ranks.mental.remaining(),
            RollKind::Spirit,
        )
    };
    let modifier = take_effort(table, actor) - penalty(table, actor, kind) as i32;
    let roll = characteristic_roll(&table.ruleset.rules, rank, modifier, dice);
    let id = table.units[actor].unit.id.clone();
    events.push(BattleEvent::RecoveryRoll {
        unit: id.clone(),
        state,
        dice: roll.dice.clone(),
        passed: roll.passed(),
    });
    if roll.passed() {
        let cleared = clear_one_state(table, actor);
        events.push(BattleEvent::StateCleared {
            unit: id,
            state: cleared,
        });
    }
    roll.passed()
}

/// A recovery roll paid with a one: the Stated shake off a State, the
/// Panicked try to rally.
pub(super) fn execute_recovery_roll(
    table: &mut BattleState,
    actor: usize,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    spend_a_one(table, actor);
    if table.units[actor].conditions.in_state() {
        recovery_roll(table, actor, dice, events);
    } else {
        rally_roll(table, actor, dice, events);
    }
}

/// Recover: one State cleared, or a rally roll for the merely Panicked.
pub(super) fn execute_recover(
    table: &mut BattleState,
    actor: usize,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) -> bool {
    if table.units[actor].conditions.in_state() {
        let state = clear_one_state(table, actor);
        events.push(BattleEvent::StateCleared {
            unit: table.units[actor].unit.id.clone(),
            state,
        });
    } else {
        rally_roll(table, actor, dice, events);
    }
    true
}

/// The standing choice for the Wounds the combatant, or its whole side, may
/// soak from now on.
pub(super) fn execute_choose_wounds(
    table: &mut BattleState,
    actor: usize,
    take: WoundChoice,
    whole_side: bool,
    events: &mut Vec<BattleEvent>,
) {
    let side = table.units[actor].unit.side;
    let mut units = Vec::new();
    for unit in &mut table.units {
        let chosen = if whole_side {
            unit.unit.side == side && unit.fighting()
        } else {
            unit.unit.index == actor
        };
        if chosen && unit.conditions.wounds != take {
            unit.conditions.wounds = take;
            units.push(unit.unit.id.clone());
        }
    }
    events.push(BattleEvent::WoundsChosen { units, take });
}
