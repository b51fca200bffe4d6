//! What the movement orders do: Move, Charge, Withdraw, joining and leaving
//! a group, and leaving the table.

use super::free_strikes::{intercept_by_holder, opportunity_attacks};
use super::riding::meet_the_front;
use super::wrestling::leave_inclose;
use crate::battle::components::{Fate, Placement, Status};
use crate::battle::cover::{enter_held_cover, intercept};
use crate::battle::events::BattleEvent;
use crate::battle::inclose::size_edges;
use crate::battle::injury::sized_body_roll;
use crate::battle::sequence::order_finished;
use crate::battle::state::BattleState;
use crate::rules::dice::DiceSource;
use crate::vocabulary::{MapEdge, ZoneCoord};

/// Move: leaving a melee risks a free attack from each enemy in it; a
/// holding enemy, or the defenders of the ground entered, may stop it.
/// False when the free attacks cut it short.
pub(super) fn execute_move(
    table: &mut BattleState,
    actor: usize,
    to: ZoneCoord,
    holders: &[usize],
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) -> bool {
    let from = table.units[actor].placement.zone;
    if table.units[actor].status != Status::Alone
        && !opportunity_attacks(table, actor, dice, events)
    {
        return false;
    }
    let me = &mut table.units[actor];
    me.placement = Placement {
        zone: to,
        group: None,
    };
    me.conditions.moving = me.profile.mount;
    me.conditions.occupies_cover = false;
    me.conditions.held_at = None;
    events.push(BattleEvent::Moved {
        unit: me.unit.id.clone(),
        from,
        to,
    });
    if intercept(table, actor, from, to, None, events).is_none()
        && intercept_by_holder(table, actor, to, holders, events).is_none()
    {
        enter_held_cover(table, actor, events);
    }
    table.regroup(from, events);
    table.regroup(to, events);
    true
}

/// Charge: into the target's melee, unless the charge is intercepted on the
/// way; a chariot's front meets those it reaches.
pub(super) fn execute_charge(
    table: &mut BattleState,
    actor: usize,
    target: usize,
    events: &mut Vec<BattleEvent>,
) -> bool {
    let from = table.units[actor].placement.zone;
    let to = table.units[target].placement.zone;
    table.units[actor].conditions.held_at = None;
    if from != to {
        table.units[actor].conditions.occupies_cover = false;
    }
    events.push(BattleEvent::Charged {
        unit: table.units[actor].unit.id.clone(),
        target: table.units[target].unit.id.clone(),
        to,
    });
    if from == to || intercept(table, actor, from, to, Some(target), events).is_none() {
        table.join_group_of(actor, target);
        table.units[actor].placement.zone = to;
        meet_the_front(table, actor, from, events);
    }
    table.units[actor].conditions.moving = table.units[actor].profile.mount;
    table.regroup(from, events);
    table.regroup(to, events);
    true
}

/// Withdraw: out of InClose, up from the ground, or out of a melee.
pub(super) fn execute_withdraw(
    table: &mut BattleState,
    actor: usize,
    events: &mut Vec<BattleEvent>,
) -> bool {
    if table.units[actor].status == Status::InClose {
        leave_inclose(table, actor, events);
        return true;
    }
    let id = table.units[actor].unit.id.clone();
    if table.units[actor].conditions.prone {
        table.units[actor].conditions.prone = false;
        events.push(BattleEvent::StoodUp { unit: id.clone() });
        if table.units[actor].status != Status::Alone {
            table.units[actor].placement.group = None;
            events.push(BattleEvent::Withdrew { unit: id });
            let zone = table.units[actor].placement.zone;
            table.regroup(zone, events);
        }
        return true;
    }
    table.units[actor].placement.group = None;
    events.push(BattleEvent::Withdrew { unit: id });
    let zone = table.units[actor].placement.zone;
    table.regroup(zone, events);
    true
}

/// Leaving a group, staying in the zone.
pub(super) fn execute_leave_group(
    table: &mut BattleState,
    actor: usize,
    events: &mut Vec<BattleEvent>,
) -> bool {
    table.units[actor].placement.group = None;
    events.push(BattleEvent::LeftGroup {
        unit: table.units[actor].unit.id.clone(),
    });
    let zone = table.units[actor].placement.zone;
    table.regroup(zone, events);
    true
}

/// Joining a friend's group in the zone.
pub(super) fn execute_join_group(
    table: &mut BattleState,
    actor: usize,
    friend: usize,
    events: &mut Vec<BattleEvent>,
) -> bool {
    table.join_group_of(actor, friend);
    events.push(BattleEvent::JoinedGroup {
        unit: table.units[actor].unit.id.clone(),
        with: table.units[friend].unit.id.clone(),
    });
    let zone = table.units[actor].placement.zone;
    table.regroup(zone, events);
    true
}

/// Drag: a BODY roll against the target's, each side a die up for every
/// step of size it has over the other. More successes drag the target
/// into the actor's melee, out of any group it stood in.
pub(super) fn execute_drag(
    table: &mut BattleState,
    actor: usize,
    target: usize,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) -> bool {
    let (mine, theirs) = size_edges(table, actor, target);
    let pull = sized_body_roll(table, actor, mine, dice);
    let resist = sized_body_roll(table, target, theirs, dice);
    let dragged = pull.successes > resist.successes;
    events.push(BattleEvent::DragRolled {
        unit: table.units[actor].unit.id.clone(),
        target: table.units[target].unit.id.clone(),
        dice: pull.dice,
        successes: pull.successes,
        resist_dice: resist.dice,
        resisted: resist.successes,
        dragged,
    });
    if dragged {
        table.units[target].conditions.occupies_cover = false;
        execute_join_group(table, target, actor, events);
    }
    true
}

/// Surrender: the combatant lays down its arms and is out of the fight; its
/// figure stays where it is, out of any melee, to be spared or struck.
pub(super) fn execute_surrender(
    table: &mut BattleState,
    actor: usize,
    events: &mut Vec<BattleEvent>,
) {
    let zone = table.units[actor].placement.zone;
    let them = &mut table.units[actor];
    them.fate = Fate::Surrendered;
    them.placement.group = None;
    them.pool.dice.clear();
    events.push(BattleEvent::Surrendered {
        unit: them.unit.id.clone(),
    });
    table.regroup(zone, events);
    order_finished(table, actor);
}

/// Leaving the table over an edge: the combatant, and its rider with it,
/// escape.
pub(super) fn execute_leave_table(
    table: &mut BattleState,
    actor: usize,
    edge: MapEdge,
    events: &mut Vec<BattleEvent>,
) -> bool {
    let zone = table.units[actor].placement.zone;
    let mut leaving = vec![actor];
    leaving.extend(table.riders_of(actor));
    for unit in leaving {
        let them = &mut table.units[unit];
        them.fate = Fate::Escaped;
        them.placement.group = None;
        them.pool.dice.clear();
        events.push(BattleEvent::LeftTable {
            unit: them.unit.id.clone(),
            edge,
        });
    }
    table.regroup(zone, events);
    true
}
