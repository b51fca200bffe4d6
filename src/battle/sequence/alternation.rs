//! Faction alternation (seed 001's sequence; RULES §41.2): the sides take
//! turns, each activating one combatant that has not yet been activated this
//! round, or passing when it has none; the round ends when every side has
//! passed in a row. An activated combatant acts until it has no die that
//! pays for an action, or it holds or passes. The side holding the
//! initiative starts every round. At the round's end comes morale.

use super::{can_act, close_round, will_roll};
use crate::battle::events::BattleEvent;
use crate::battle::mental::panic;
use crate::battle::state::{BattleState, Phase, Turn};
use crate::rules::dice::DiceSource;

/// The round's first phase: the side holding the initiative (the one that
/// has surprise, else the level's first side) is to activate; each
/// combatant's standing is noted for the morale check.
pub(super) fn first_phase(table: &BattleState) -> Phase {
    Phase::Alternation {
        side: table.battle.surprise.unwrap_or(0),
        active: None,
        activated: Vec::new(),
        passes: 0,
        standing: table
            .units
            .iter()
            .map(|u| (u.ranks.physical.remaining(), u.fighting()))
            .collect(),
    }
}

/// An order given in the turn begins the combatant's activation, if none
/// is running.
pub(super) fn activate(table: &mut BattleState, actor: usize) {
    if let Phase::Alternation {
        active, activated, ..
    } = &mut table.battle.phase
        && active.is_none()
    {
        *active = Some(actor);
        activated.push(actor);
    }
}

/// The next side in the level's order with anyone still fighting.
fn next_side(table: &BattleState, side: usize) -> usize {
    let sides = table.battle.sides.len().max(1);
    (1..=sides)
        .map(|step| (side + step) % sides)
        .find(|&s| table.units.iter().any(|u| u.unit.side == s && u.fighting()))
        .unwrap_or(side)
}

/// Opens the turn: the active combatant goes on while it can; else the
/// side to move activates one of its own, or passes. When every side still
/// fighting has passed in a row, morale is checked and the round closes.
pub(super) fn open_turn(
    table: &mut BattleState,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    let sides_fighting = (0..table.battle.sides.len())
        .filter(|&s| table.units.iter().any(|u| u.unit.side == s && u.fighting()))
        .count();
    // Each pass round the loop either opens a turn, ends an activation or
    // counts a pass: a bound well above what a round can need.
    for _ in 0..(table.units.len() + 2) * (sides_fighting + 2) {
        let Phase::Alternation {
            side,
            active,
            activated,
            passes,
            ..
        } = &table.battle.phase
        else {
            table.battle.turn = Turn::Closed;
            return;
        };
        let (side, active, activated, passes) = (*side, *active, activated.clone(), *passes);
        if let Some(unit) = active {
            if can_act(table, unit) {
                table.battle.turn = Turn::Act {
                    candidates: vec![unit],
                };
                return;
            }
            // A mount and its rider take their turn together: the partner's
            // activation follows at once.
            let partner = table.battle.partner_due.take().filter(|&p| {
                !activated.contains(&p) && can_act(table, p) && table.units[p].unit.side == side
            });
            let next = if partner.is_some() {
                side
            } else {
                next_side(table, side)
            };
            if let Phase::Alternation {
                side,
                active,
                activated,
                ..
            } = &mut table.battle.phase
            {
                *active = partner;
                *side = next;
                activated.extend(partner);
            }
            continue;
        }
        let candidates: Vec<usize> = (0..table.units.len())
            .filter(|&u| {
                table.units[u].unit.side == side && !activated.contains(&u) && can_act(table, u)
            })
            .collect();
        if !candidates.is_empty() {
            if let Phase::Alternation { passes, .. } = &mut table.battle.phase {
                *passes = 0;
            }
            table.battle.turn = Turn::Act { candidates };
            return;
        }
        events.push(BattleEvent::SidePassed {
            side: table.side_id(side),
        });
        if passes + 1 >= sides_fighting {
            morale(table, dice, events);
            close_round(table, events);
            return;
        }
        let next = next_side(table, side);
        if let Phase::Alternation { side, passes, .. } = &mut table.battle.phase {
            *side = next;
            *passes += 1;
        }
    }
    close_round(table, events);
}

/// Morale at the round's end: a side brought in this round to half its
/// number or fewer, or further below (a lone combatant: to half its physical
/// ranks or fewer)
/// makes a group WILL roll, each member who is not yet steady rolling for
/// itself. Those who fail break (Panicked: they must flee); those who pass
/// are steady for the rest of the fight. Combatants that cause fear are
/// immune, as they are to fear itself.
fn morale(table: &mut BattleState, dice: &mut impl DiceSource, events: &mut Vec<BattleEvent>) {
    let Phase::Alternation { standing, .. } = &table.battle.phase else {
        return;
    };
    let standing = standing.clone();
    for side in 0..table.battle.sides.len() {
        let members: Vec<usize> = (0..table.units.len())
            .filter(|&u| table.units[u].unit.side == side)
            .collect();
        if !brought_low(table, &members, &standing) {
            continue;
        }
        for unit in members {
            let me = &table.units[unit];
            if !me.fighting()
                || me.conditions.routed()
                || me.profile.fear.is_some()
                || table.battle.steady.contains(&unit)
            {
                continue;
            }
            let steady = will_roll(table, unit, dice, events, |unit, dice, passed| {
                BattleEvent::MoraleRoll { unit, dice, passed }
            });
            if steady {
                table.battle.steady.push(unit);
            } else {
                panic(table, unit, events);
            }
        }
    }
}

/// Whether the side of `members` was brought to half or less in this round:
/// it lost someone in the round and is left with half its starting number
/// or fewer fighting; a lone combatant, it lost ranks in the round and is
/// left with half its physical ranks or fewer.
fn brought_low(table: &BattleState, members: &[usize], standing: &[(i32, bool)]) -> bool {
    let was = |u: usize| standing.get(u).copied().unwrap_or((0, false));
    if let [lone] = members {
        let me = &table.units[*lone];
        let full = i32::from(me.ranks.physical.real);
        let left = me.ranks.physical.remaining();
        return me.fighting() && 2 * left <= full && left < was(*lone).0;
    }
    let original = members.len();
    let now = members
        .iter()
        .filter(|&&u| table.units[u].fighting())
        .count();
    let then = members.iter().filter(|&&u| was(u).1).count();
    2 * now <= original && now < then
}

/// The order of the round: the active combatant, then those the side to
/// move may activate, then the other sides' not yet activated (in turn),
/// then those whose activation is over.
pub(super) fn order(table: &BattleState) -> Vec<usize> {
    let Phase::Alternation {
        side,
        active,
        activated,
        ..
    } = &table.battle.phase
    else {
        return table
            .units
            .iter()
            .filter(|u| u.fighting())
            .map(|u| u.unit.index)
            .collect();
    };
    let sides = table.battle.sides.len().max(1);
    let mut order: Vec<usize> = table
        .units
        .iter()
        .filter(|u| u.fighting())
        .map(|u| u.unit.index)
        .collect();
    order.sort_by_key(|&u| {
        let turns_away = (table.units[u].unit.side + sides - side) % sides;
        (Some(u) != *active, activated.contains(&u), turns_away, u)
    });
    order
}
