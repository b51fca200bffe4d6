//! Faction alternation (seed 001's sequence; RULES §41.2): the sides take
//! turns, each activating one combatant that has not yet had its turn this
//! round, or passing; the round ends when every side has passed in a row.
//! An activated combatant's turn is its full move (two movements), or half
//! of it (one) with a main action and a bonus action, or two bonus actions.
//! A defence takes a combatant's whole turn: one not yet activated, or one
//! who held at once to keep its turn, may make one; one whose turn is spent
//! cannot. The side holding the initiative starts every round, or passes to
//! let the next side start. At the round's end comes morale.

use super::round::Phase;
use super::{Worth, can_act, close_round, will_roll, worth};
use crate::battle::command::{Order, RuleError};
use crate::battle::events::BattleEvent;
use crate::battle::mental::panic;
use crate::battle::state::{BattleState, Turn};
use crate::rules::dice::DiceSource;

/// The round's first phase: the side holding the initiative (the one that
/// has surprise, else the level's first side) is to move; each
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
        used: [0; 3],
        reserved: Vec::new(),
        passing: false,
    }
}

/// Where an order's worth is counted in a turn: movements, main actions,
/// bonus actions.
fn slot(worth: Worth) -> Option<usize> {
    match worth {
        Worth::Movement => Some(0),
        Worth::Main => Some(1),
        Worth::Bonus => Some(2),
        Worth::Free => None,
    }
}

/// Whether a turn that has used `used` has room for one more order of
/// `worth`: the full move alone, or half of it with a main and a bonus
/// action (or two bonus actions).
fn fits(used: [u8; 3], worth: Worth) -> bool {
    let Some(slot) = slot(worth) else {
        return true;
    };
    let mut after = used;
    after[slot] = after[slot].saturating_add(1);
    let [moves, mains, bonuses] = after;
    (moves <= 2 && mains == 0 && bonuses == 0)
        || (moves <= 1 && mains <= 1 && mains.saturating_add(bonuses) <= 2)
}

/// Whether the turn has room for anything more.
fn turn_left(used: [u8; 3]) -> bool {
    [Worth::Movement, Worth::Main, Worth::Bonus]
        .into_iter()
        .any(|worth| fits(used, worth))
}

/// The turn's limits on the active combatant's next order.
pub(super) fn act_problem(table: &BattleState, actor: usize, order: &Order) -> Option<RuleError> {
    let Phase::Alternation { active, used, .. } = &table.battle.phase else {
        return None;
    };
    let worth = worth(order);
    if *active != Some(actor) || fits(*used, worth) {
        return None;
    }
    Some(if worth == Worth::Movement {
        RuleError::AlreadyMoved
    } else {
        RuleError::ActionTaken
    })
}

/// A defence takes the defender's whole turn: it needs the turn still to
/// give, not yet activated, or kept by holding at once.
pub(super) fn answer_problem(
    table: &BattleState,
    actor: usize,
    order: &Order,
) -> Option<RuleError> {
    let Phase::Alternation {
        activated,
        reserved,
        ..
    } = &table.battle.phase
    else {
        return None;
    };
    let reacts = matches!(order, Order::Defend { with: Some(_), .. });
    (reacts && activated.contains(&actor) && !reserved.contains(&actor))
        .then_some(RuleError::TurnSpent)
}

/// Before an order is carried out: a defence spends the defender's turn; an
/// order given when the side is to move begins the combatant's activation
/// (holding at once keeps its turn for a reaction), except a pass, which is
/// the side's: nobody is activated. The active combatant's orders are
/// counted against its turn. Returns whether the order goes ahead.
pub(super) fn begin_order(table: &mut BattleState, actor: usize, order: &Order) -> bool {
    let battle = &mut table.battle;
    let in_turn = matches!(&battle.turn, Turn::Act { candidates } if candidates.contains(&actor));
    let Phase::Alternation {
        active,
        activated,
        passes,
        used,
        reserved,
        passing,
        ..
    } = &mut battle.phase
    else {
        return true;
    };
    if matches!(order, Order::Defend { with: Some(_), .. }) {
        if !activated.contains(&actor) {
            activated.push(actor);
        }
        reserved.retain(|&u| u != actor);
        return true;
    }
    if in_turn && active.is_none() {
        if *order == Order::Pass {
            *passing = true;
            battle.turn = Turn::Closed;
            return false;
        }
        *active = Some(actor);
        activated.push(actor);
        *used = [0; 3];
        *passes = 0;
        if *order == Order::Hold {
            reserved.push(actor);
        }
    }
    if *active == Some(actor)
        && let Some(slot) = slot(worth(order))
    {
        used[slot] = used[slot].saturating_add(1);
    }
    true
}

/// Whether `unit`'s pass now would be its side's (nobody activated), not
/// the end of its own turn.
pub(super) fn side_would_pass(table: &BattleState, unit: usize) -> bool {
    matches!(&table.battle.phase, Phase::Alternation { active: None, .. })
        && matches!(&table.battle.turn, Turn::Act { candidates } if candidates.contains(&unit))
}

/// The next side in the level's order with anyone still fighting.
fn next_side(table: &BattleState, side: usize) -> usize {
    let sides = table.battle.sides.len().max(1);
    (1..=sides)
        .map(|step| (side + step) % sides)
        .find(|&s| table.units.iter().any(|u| u.unit.side == s && u.fighting()))
        .unwrap_or(side)
}

/// Opens the turn: the active combatant goes on while it can and its turn
/// has room; else the side to move activates one of its own, or passes (of
/// its choice, or having nobody left). When every side still fighting has
/// passed in a row, morale is checked and the round closes.
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
            used,
            passing,
            ..
        } = &table.battle.phase
        else {
            table.battle.turn = Turn::Closed;
            return;
        };
        let (side, active, activated, passes, used, passing) =
            (*side, *active, activated.clone(), *passes, *used, *passing);
        if let Some(unit) = active {
            if can_act(table, unit) && turn_left(used) {
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
                used,
                ..
            } = &mut table.battle.phase
            {
                *active = partner;
                *side = next;
                *used = [0; 3];
                activated.extend(partner);
            }
            continue;
        }
        let candidates: Vec<usize> = (0..table.units.len())
            .filter(|&u| {
                table.units[u].unit.side == side && !activated.contains(&u) && can_act(table, u)
            })
            .collect();
        if !candidates.is_empty() && !passing {
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
        if let Phase::Alternation {
            side,
            passes,
            passing,
            ..
        } = &mut table.battle.phase
        {
            *side = next;
            *passes += 1;
            *passing = false;
        }
    }
    close_round(table, events);
}

/// Morale at the round's end: a side brought in this round to half its
/// number or fewer, or further below (a lone combatant: to half its physical
/// ranks or fewer)
/// makes a group WILL roll, each member who is not yet steady rolling for
/// itself. Those who fail break (Panicked: they must flee); those who pass
/// are steady for the rest of the fight. The fearless are immune, as they
/// are to fear itself.
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
                || me.profile.fearless
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
