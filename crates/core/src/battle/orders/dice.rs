//! The orders about the action dice that are not actions: Effort, Hold,
//! Pass, and keeping a die for the next round.

use crate::battle::effects::spend_a_one;
use crate::battle::events::BattleEvent;
use crate::battle::sequence::order_finished;
use crate::battle::state::BattleState;

/// Effort: a one spent for a bonus on the next roll.
pub(super) fn execute_effort(table: &mut BattleState, actor: usize, events: &mut Vec<BattleEvent>) {
    spend_a_one(table, actor);
    table.units[actor].conditions.effort = true;
    events.push(BattleEvent::EffortSpent {
        unit: table.units[actor].unit.id.clone(),
    });
}

/// Hold: the combatant waits, ready to Intercept.
pub(super) fn execute_hold(table: &mut BattleState, actor: usize, events: &mut Vec<BattleEvent>) {
    table.units[actor].pool.holding = true;
    if table.battle.partner_due == Some(actor) {
        table.battle.partner_due = None;
    }
    events.push(BattleEvent::Held {
        unit: table.units[actor].unit.id.clone(),
    });
}

/// Pass: the combatant's dice are given up for the round (where a pass
/// ends a turn that comes once a round, they stay for its defences).
pub(super) fn execute_pass(table: &mut BattleState, actor: usize, events: &mut Vec<BattleEvent>) {
    if table.battle.partner_due == Some(actor) {
        table.battle.partner_due = None;
    }
    if !table.pass_keeps_dice() {
        table.units[actor].pool.dice.clear();
    }
    table.battle.last_actor = Some(actor);
    events.push(BattleEvent::Passed {
        unit: table.units[actor].unit.id.clone(),
    });
    order_finished(table, actor);
}

/// Keeping a die: the rest are given up, one is carried to the next round.
pub(super) fn execute_keep_die(
    table: &mut BattleState,
    actor: usize,
    events: &mut Vec<BattleEvent>,
) {
    let me = &mut table.units[actor];
    me.pool.dice.clear();
    me.pool.carried = 1;
    events.push(BattleEvent::DieKept {
        unit: me.unit.id.clone(),
    });
    order_finished(table, actor);
}
