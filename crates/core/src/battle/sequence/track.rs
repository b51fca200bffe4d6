//! The initiative track (seed 000's sequence; RULES §41.3): every combatant
//! on one track, set by an initiative die in the first round, the sides
//! alternating on it and the rest of the larger side at its end. Each takes
//! one turn a round, of up to three actions, each kind of order once a
//! turn. Hold delays one action until after a later turn; a combatant
//! attacked may try to act first, out of turn, once a round; defences are
//! counted against a number of reactions a round.

use super::round::{Phase, TrackRound};
use super::{can_act, close_round, sides_in_turn_order, will_roll};
use crate::battle::command::{Command, Order, RuleError};
use crate::battle::components::StateKind;
use crate::battle::events::BattleEvent;
use crate::battle::mental::mental_hit;
use crate::battle::pending::PendingAttack;
use crate::battle::state::{BattleState, Turn};
use crate::rules::dice::DiceSource;

/// The round's first phase: in the first round the track is set by the
/// initiative dice; every round, the turns go in the track's order.
pub(super) fn first_phase(
    table: &mut BattleState,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) -> Phase {
    if table.battle.track.is_empty() {
        table.battle.track = roll_initiative(table, dice, events);
    }
    let count = table.units.len();
    Phase::Track(Box::new(TrackRound {
        queue: table
            .battle
            .track
            .iter()
            .copied()
            .filter(|&u| table.units[u].fighting())
            .collect(),
        spent: vec![0; count],
        reactions: vec![0; count],
        ..TrackRound::default()
    }))
}

/// Every fighting combatant rolls one die; each side's combatants stand in
/// the order of their dice (ties: the level's order), and the sides take
/// places in turn, starting with the side with surprise, else the side with
/// the best die (ties: the heroes', then the level's order). Whoever is left
/// of the larger side comes at the end.
fn roll_initiative(
    table: &BattleState,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) -> Vec<usize> {
    let mut rolls = vec![0u8; table.units.len()];
    for (unit, roll) in rolls.iter_mut().enumerate() {
        if table.units[unit].fighting() {
            *roll = dice.roll(1).first().copied().unwrap_or(1);
            events.push(BattleEvent::InitiativeRolled {
                unit: table.units[unit].unit.id.clone(),
                roll: *roll,
            });
        }
    }
    let sides = sides_in_turn_order(table);
    let mut lines: Vec<Vec<usize>> = sides
        .iter()
        .map(|&side| {
            let mut line: Vec<usize> = (0..table.units.len())
                .filter(|&u| table.units[u].unit.side == side && table.units[u].fighting())
                .collect();
            line.sort_by_key(|&u| std::cmp::Reverse(rolls[u]));
            line
        })
        .collect();
    let best = |line: &Vec<usize>| line.first().map_or(0, |&u| rolls[u]);
    let first = table
        .battle
        .surprise
        .and_then(|side| sides.iter().position(|&s| s == side))
        .unwrap_or_else(|| {
            // The first of the sides with the best die: `max_by_key` would
            // take the last.
            let top = lines.iter().map(best).max().unwrap_or(0);
            lines.iter().position(|l| best(l) == top).unwrap_or(0)
        });
    lines.rotate_left(first);
    let mut track = Vec::new();
    let longest = lines.iter().map(Vec::len).max().unwrap_or(0);
    for place in 0..longest {
        track.extend(lines.iter().filter_map(|line| line.get(place)));
    }
    track
}

/// The round's turns so far, if the track runs this round.
fn round(table: &BattleState) -> Option<&TrackRound> {
    match &table.battle.phase {
        Phase::Track(round) => Some(round),
        _ => None,
    }
}

fn round_mut(table: &mut BattleState) -> Option<&mut TrackRound> {
    match &mut table.battle.phase {
        Phase::Track(round) => Some(round),
        _ => None,
    }
}

/// Actions a combatant takes in a round.
fn actions(table: &BattleState) -> u8 {
    table.ruleset.rules.sequences.track_actions
}

/// Defences a combatant makes in a round: the action dice it is entitled
/// to, less the rule's number (AGILITY less one): none for a single die.
fn reactions(table: &BattleState, unit: usize) -> u8 {
    let entitled = table.units[unit].profile.action_dice.entitled();
    entitled.saturating_sub(table.ruleset.rules.sequences.track_reactions_below_dice)
}

/// Whether an order is one of the round's actions: not a free option
/// (Effort, a recovery roll), a standing choice, nor waiting or passing.
fn is_action(order: &Order) -> bool {
    !matches!(
        order,
        Order::Effort
            | Order::RecoveryRoll
            | Order::ChooseWounds { .. }
            | Order::Hold
            | Order::Pass
            | Order::KeepDie
            | Order::Defend { .. }
    )
}

/// The orders that may be taken out of turn: those that stay in place, so
/// the attack interrupted can still land once they are done.
fn stays_in_place(order: &Order) -> bool {
    matches!(
        order,
        Order::Attack { .. }
            | Order::Pool { .. }
            | Order::Aim { .. }
            | Order::Prepare { .. }
            | Order::Recover { .. }
            | Order::Break { .. }
    )
}

/// Whether `unit` may try an action out of turn: once a round, with an
/// action left (the target of a declared attack, or anyone while another
/// has the turn).
pub(super) fn may_act_out_of_turn(table: &BattleState, unit: usize) -> bool {
    let Some(round) = round(table) else {
        return false;
    };
    round.set_aside.is_none()
        && !round.tried.contains(&unit)
        && round.spent.get(unit).copied().unwrap_or(0) < actions(table)
        && table.units[unit].pool.usable() > 0
}

/// Whether `actor`, while another has the turn, may try `order` out of
/// turn, before the action it interrupts: any action, once a round.
pub(super) fn may_interrupt(table: &BattleState, actor: usize, order: &Order) -> bool {
    let others_turn =
        matches!(&table.battle.turn, Turn::Act { candidates } if !candidates.contains(&actor));
    others_turn
        && is_action(order)
        && !matches!(order, Order::Intend { .. } | Order::Surrender)
        && may_act_out_of_turn(table, actor)
}

/// The track's own limits on a command the turn allows: each kind of order
/// once a turn, and Hold only with a turn still to come to wait for. (The
/// turn itself ends with the round's third action.)
pub(super) fn act_problem(table: &BattleState, order: &Order) -> Option<RuleError> {
    let round = round(table)?;
    let turn_to_come = round
        .queue
        .iter()
        .skip(1)
        .any(|u| !round.delayed.contains(u));
    if matches!(order, Order::Hold) && !turn_to_come {
        return Some(RuleError::NothingToWaitFor);
    }
    if !is_action(order) {
        return None;
    }
    let kind = order.name();
    round
        .used
        .iter()
        .any(|used| used == kind)
        .then(|| RuleError::SameActionTwice {
            order: kind.to_string(),
        })
}

/// The track's limits on an answer to an attack: defences count against
/// the round's reactions; an action in place of an answer is an attempt
/// to act out of turn. Returns whether the command is such an attempt.
pub(super) fn answer_problem(
    table: &BattleState,
    actor: usize,
    command: &Command,
) -> Result<bool, RuleError> {
    let Some(round) = round(table) else {
        return Ok(false);
    };
    match &command.order {
        Order::Defend { with: Some(_), .. } => {
            if round.reactions.get(actor).copied().unwrap_or(0) >= reactions(table, actor) {
                return Err(RuleError::NoReactionsLeft);
            }
            Ok(false)
        }
        Order::Defend { .. } | Order::Effort | Order::ChooseWounds { .. } => Ok(false),
        order if stays_in_place(order) && may_act_out_of_turn(table, actor) => Ok(true),
        order if stays_in_place(order) => Err(RuleError::NotOutOfTurn),
        _ => Err(RuleError::AnswerTheAttack {
            unit: command.unit.clone(),
        }),
    }
}

/// Before an order is carried out: it is counted against the round's
/// actions or reactions; an attempt to act out of turn rolls awareness
/// (WILL) first, and a failure costs the combatant a point of mental
/// damage (its point of Stress) and leaves the attack still to answer.
/// Returns whether the order goes ahead.
pub(super) fn begin_order(
    table: &mut BattleState,
    actor: usize,
    order: &Order,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) -> bool {
    let answering = matches!(table.battle.turn, Turn::Respond { unit } if unit == actor);
    let interrupting =
        matches!(&table.battle.turn, Turn::Act { candidates } if !candidates.contains(&actor));
    if interrupting {
        return try_out_of_turn(table, actor, dice, events);
    }
    if answering && is_action(order) {
        let passed = try_out_of_turn(table, actor, dice, events);
        if passed {
            let pending = table.battle.pending.take();
            if let Some(round) = round_mut(table) {
                round.set_aside = pending;
            }
        } else if !table.units[actor].fighting() {
            // One its Stress puts out of the fight has no answer to give:
            // the attack is spent.
            table.battle.pending = None;
            table.battle.turn = Turn::Closed;
        }
        return passed;
    }
    let most = actions(table);
    let Some(round) = round_mut(table) else {
        return true;
    };
    if let Order::Pass = order
        && let Some(spent) = round.spent.get_mut(actor)
    {
        // Its turn ends; its dice stay for defences.
        *spent = most;
    } else if let Order::Defend { with: Some(_), .. } = order
        && let Some(made) = round.reactions.get_mut(actor)
    {
        *made = made.saturating_add(1);
    } else if !answering && is_action(order) {
        if let Some(spent) = round.spent.get_mut(actor) {
            *spent = spent.saturating_add(1);
        }
        round.used.push(order.name().to_string());
    }
    true
}

/// An attempt to act out of turn: awareness (WILL) is rolled and the
/// round's try spent; passing, the action counts as one of the three;
/// failing, it costs a point of mental damage (its point of Stress).
/// Returns whether it passed.
fn try_out_of_turn(
    table: &mut BattleState,
    actor: usize,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) -> bool {
    let passed = will_roll(table, actor, dice, events, |unit, dice, passed| {
        BattleEvent::OutOfTurnRoll { unit, dice, passed }
    });
    let Some(round) = round_mut(table) else {
        return false;
    };
    round.tried.push(actor);
    if passed {
        if let Some(spent) = round.spent.get_mut(actor) {
            *spent = spent.saturating_add(1);
        }
    } else {
        mental_hit(table, actor, 1, StateKind::Shock, events);
    }
    passed
}

/// Whether an attack set aside can still land: both still fighting, and a
/// blow (not a missile or a spell) still within reach of the zone.
fn still_stands(table: &BattleState, attack: &PendingAttack) -> bool {
    let (attacker, target) = (&table.units[attack.attacker], &table.units[attack.target]);
    let missile = attack.spell.is_some()
        || table
            .ruleset
            .weapons
            .get(&attack.weapon)
            .is_some_and(|w| w.is_missile());
    attacker.fighting()
        && target.fighting()
        && (missile || attacker.placement.zone == target.placement.zone)
}

/// Opens the turn: an attack set aside comes back to its target first;
/// then the head of the round's track acts while it can. One who holds
/// waits with one action until after the next turn; when the track is
/// done, the round closes.
pub(super) fn open_turn(table: &mut BattleState, events: &mut Vec<BattleEvent>) {
    let most = actions(table);
    // Each pass of the loop ends a turn or moves a waiting combatant on.
    let bound = (table.units.len() + 2) * 4;
    for _ in 0..bound {
        let Some(round) = round_mut(table) else {
            table.battle.turn = Turn::Closed;
            return;
        };
        if let Some(attack) = round.set_aside.take() {
            if still_stands(table, &attack) {
                table.battle.turn = Turn::Respond {
                    unit: attack.target,
                };
                table.battle.pending = Some(attack);
                return;
            }
            events.push(BattleEvent::AttackForestalled {
                attacker: table.units[attack.attacker].unit.id.clone(),
                target: table.units[attack.target].unit.id.clone(),
            });
            continue;
        }
        let Some(&head) = round.queue.first() else {
            close_round(table, events);
            return;
        };
        let Phase::Track(round) = &mut table.battle.phase else {
            return;
        };
        let holding = &mut table.units[head].pool.holding;
        if !round.opened {
            // Its turn (or its delayed action's moment) begins.
            round.opened = true;
            *holding = false;
        } else if *holding {
            // It holds in its turn: it keeps one action, and waits until
            // after the next turn (another's delayed action is no turn: it
            // waits past those too).
            round.queue.remove(0);
            let place = round
                .queue
                .iter()
                .position(|u| !round.delayed.contains(u))
                .map_or(round.queue.len(), |next| next + 1);
            round.queue.insert(place, head);
            if !round.delayed.contains(&head) {
                round.delayed.push(head);
            }
            if let Some(spent) = round.spent.get_mut(head) {
                *spent = (*spent).max(most.saturating_sub(1));
            }
            round.used.clear();
            round.opened = false;
            continue;
        }
        let spent = round.spent.get(head).copied().unwrap_or(most);
        if can_act(table, head) && spent < most {
            table.battle.turn = Turn::Act {
                candidates: vec![head],
            };
            return;
        }
        end_turn(table, head);
    }
    close_round(table, events);
}

/// The head's turn is over: the next on the track has it, unless a mount's
/// partner, still to take its turn, goes with it.
fn end_turn(table: &mut BattleState, head: usize) {
    let partner = table.battle.partner_due.take();
    let Some(round) = round_mut(table) else {
        return;
    };
    round.queue.retain(|&u| u != head);
    round.delayed.retain(|&u| u != head);
    round.used.clear();
    round.opened = false;
    if let Some(partner) = partner
        && let Some(at) = round.queue.iter().position(|&u| u == partner)
    {
        round.queue.remove(at);
        round.queue.insert(0, partner);
    }
}

/// The order of the round: the turns still to come, then those whose turn
/// is over, in the track's order.
pub(super) fn order(table: &BattleState) -> Vec<usize> {
    let queue = round(table).map(|r| r.queue.clone()).unwrap_or_default();
    let mut order: Vec<usize> = queue
        .iter()
        .copied()
        .filter(|&u| table.units[u].fighting())
        .collect();
    let track = if table.battle.track.is_empty() {
        (0..table.units.len()).collect()
    } else {
        table.battle.track.clone()
    };
    order.extend(
        track
            .into_iter()
            .filter(|u| !queue.contains(u) && table.units[*u].fighting()),
    );
    order
}

/// Whether `unit` waits with a delayed action.
pub(super) fn delays(table: &BattleState, unit: usize) -> bool {
    round(table).is_some_and(|r| r.delayed.contains(&unit))
}

/// Whether `unit`'s turn this round is over.
pub(super) fn turn_over(table: &BattleState, unit: usize) -> bool {
    round(table).is_some_and(|r| !r.queue.contains(&unit))
}

/// Whose turn it is, and how many of its actions are taken, in words.
pub(super) fn in_words(table: &BattleState) -> Option<String> {
    let round = round(table)?;
    let head = *round.queue.first()?;
    let name = &table.units[head].unit.name;
    let spent = round.spent.get(head).copied().unwrap_or(0);
    let most = actions(table);
    Some(if round.delayed.contains(&head) {
        format!("{name}'s delayed action")
    } else {
        format!("{name}'s turn: {spent} of {most} actions taken")
    })
}
