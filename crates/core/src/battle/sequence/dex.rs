//! DEX ranks (seed 003's sequence; RULES §41.4): a round is a statement of
//! intent, movement, then actions, each step in order of DEX rank, highest
//! first. A combatant's DEX rank comes from the action dice it is entitled
//! to; ties go by the length of the weapon in hand (missile, long, medium,
//! short), then by attack dice, then the heroes' sides and the level's
//! order. Only those who declared a move move, one movement order each
//! (a runner two, giving up its actions), and a move lowers the mover's
//! rank for the actions. The round ends with its resolution: bleeders
//! bleed.

use super::round::{DexRound, Phase};
use super::{Worth, can_act, close_round, sides_in_turn_order, worth};
use crate::battle::command::{Order, RuleError};
use crate::battle::events::BattleEvent;
use crate::battle::state::{BattleState, Turn};
use crate::rules::dice::DiceSource;
use crate::vocabulary::DexStep;

/// The round's first phase: the statement of intent, fastest first.
pub(super) fn first_phase(table: &BattleState, events: &mut Vec<BattleEvent>) -> Phase {
    events.push(BattleEvent::DexStepBegan {
        step: DexStep::Intent,
    });
    let count = table.units.len();
    Phase::Dex(Box::new(DexRound {
        step: DexStep::Intent,
        queue: in_dex_order(table, |u| can_act(table, u), None),
        intents: vec![None; count],
        from: table.units.iter().map(|u| u.placement.zone).collect(),
        head_done: false,
        runners: Vec::new(),
        moves: 0,
    }))
}

fn round(table: &BattleState) -> Option<&DexRound> {
    match &table.battle.phase {
        Phase::Dex(round) => Some(round),
        _ => None,
    }
}

fn round_mut(table: &mut BattleState) -> Option<&mut DexRound> {
    match &mut table.battle.phase {
        Phase::Dex(round) => Some(round),
        _ => None,
    }
}

/// A combatant's DEX rank: its entitled action dice times the rule's rank
/// per die, divided after a move (by zones moved since `from`, if given).
pub(super) fn dex_rank(table: &BattleState, unit: usize, from: Option<&DexRound>) -> u16 {
    let numbers = &table.ruleset.rules.sequences;
    let entitled = u16::from(table.units[unit].profile.action_dice.entitled());
    let rank = entitled.saturating_mul(u16::from(numbers.dex_per_action_die));
    let moved = from
        .and_then(|round| round.from.get(unit))
        .map_or(0, |&start| start.distance(table.units[unit].placement.zone));
    match moved {
        0 => rank,
        1 => rank / u16::from(numbers.dex_near_divisor.max(1)),
        _ => rank / u16::from(numbers.dex_far_divisor.max(1)),
    }
}

/// The length of the weapon in hand, for ties: missile 0, long 1, medium 2,
/// short (light, natural or none) 3.
fn weapon_length(table: &BattleState, unit: usize) -> u8 {
    let profile = &table.units[unit].profile;
    let weapon = profile
        .ready
        .as_ref()
        .or_else(|| profile.weapons.first())
        .and_then(|id| table.ruleset.weapons.get(id));
    match weapon {
        Some(w) if w.is_missile() => 0,
        Some(w) if w.reach => 1,
        Some(w) if !w.natural && w.weight != crate::vocabulary::WeightClass::Light => 2,
        _ => 3,
    }
}

/// Those `wanted`, in order of DEX rank (lowered by moves since `from`),
/// ties by weapon length, attack dice, the heroes' sides, the level's order.
fn in_dex_order(
    table: &BattleState,
    wanted: impl Fn(usize) -> bool,
    from: Option<&DexRound>,
) -> Vec<usize> {
    let sides = sides_in_turn_order(table);
    let mut units: Vec<usize> = (0..table.units.len()).filter(|&u| wanted(u)).collect();
    units.sort_by_key(|&u| {
        let me = &table.units[u];
        (
            std::cmp::Reverse(dex_rank(table, u, from)),
            weapon_length(table, u),
            std::cmp::Reverse(me.profile.attack_dice),
            sides.iter().position(|&s| s == me.unit.side),
            u,
        )
    });
    units
}

/// Orders that take a combatant to another zone or into a melee: the
/// movement step's, and only its.
pub(super) fn changes_zone(order: &Order) -> bool {
    matches!(
        order,
        Order::Move { .. }
            | Order::Charge { .. }
            | Order::LeaveTable { .. }
            | Order::Fly { .. }
            | Order::Drive { .. }
            | Order::Gallop { .. }
    )
}

/// Orders that shift a combatant within its zone: the movement step's, and
/// the action step's as well.
pub(super) fn shifts_in_zone(order: &Order) -> bool {
    matches!(
        order,
        Order::Withdraw { .. }
            | Order::JoinGroup { .. }
            | Order::LeaveGroup { .. }
            | Order::TakeOff { .. }
            | Order::Land { .. }
            | Order::Mount { .. }
            | Order::Dismount { .. }
    )
}

/// The step of the round the order belongs to, if the head may give it now.
pub(super) fn act_problem(table: &BattleState, order: &Order) -> Option<RuleError> {
    let round = round(table)?;
    let free = matches!(order, Order::ChooseWounds { .. } | Order::Effort);
    let fits = match round.step {
        DexStep::Intent => matches!(order, Order::Intend { .. } | Order::ChooseWounds { .. }),
        DexStep::Movement => {
            free || matches!(order, Order::Hold) || changes_zone(order) || shifts_in_zone(order)
        }
        DexStep::Actions => {
            !changes_zone(order) && !matches!(order, Order::Intend { .. } | Order::Hold)
        }
        DexStep::Resolution => false,
    };
    (!fits).then(|| RuleError::NotThisStep {
        step: round.step.name().to_string(),
    })
}

/// Whether the statement of intent is running (Intend is offered).
pub(super) fn declaring(table: &BattleState) -> bool {
    round(table).is_some_and(|r| r.step == DexStep::Intent)
}

/// Before an order is carried out: a declaration is noted; in the movement
/// step any order ends the mover's turn, and in the action step a pass
/// does (its dice stay for defences).
pub(super) fn begin_order(
    table: &mut BattleState,
    actor: usize,
    order: &Order,
    events: &mut Vec<BattleEvent>,
) {
    let id = table.units[actor].unit.id.clone();
    let Some(round) = round_mut(table) else {
        return;
    };
    if round.queue.first() != Some(&actor) {
        return;
    }
    match (round.step, order) {
        (DexStep::Intent, Order::Intend { moving, run }) => {
            if let Some(intent) = round.intents.get_mut(actor) {
                *intent = Some(*moving || *run);
            }
            if *run {
                round.runners.push(actor);
            }
            round.head_done = true;
            events.push(BattleEvent::IntentDeclared {
                unit: id,
                moving: *moving || *run,
                run: *run,
            });
        }
        (DexStep::Movement, order)
            if !matches!(order, Order::ChooseWounds { .. } | Order::Effort) =>
        {
            // A runner's full move is two movements; any other order, or
            // a mover's one movement, ends its part in the step.
            round.moves = round.moves.saturating_add(1);
            let running = round.runners.contains(&actor) && worth(order) == Worth::Movement;
            round.head_done = !running || round.moves >= 2;
        }
        (DexStep::Actions, Order::Pass) => round.head_done = true,
        _ => {}
    }
}

/// Opens the turn to the head of the step's queue while it has something to
/// do; when the queue is empty the next step begins, and after the actions
/// comes the resolution: bleeders bleed, and the round closes.
pub(super) fn open_turn(
    table: &mut BattleState,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    // A mount and its rider each keep their own rank: neither's turn
    // follows the other's.
    table.battle.partner_due = None;
    let bound = (table.units.len() + 2) * 4;
    for _ in 0..bound {
        let Some(round) = round(table) else {
            table.battle.turn = Turn::Closed;
            return;
        };
        let step = round.step;
        if let Some(&head) = round.queue.first() {
            let done = round.head_done || !can_act(table, head);
            if !done {
                table.battle.turn = Turn::Act {
                    candidates: vec![head],
                };
                return;
            }
            table.units[head].pool.holding = false;
            if let Some(round) = round_mut(table) {
                round.queue.remove(0);
                round.head_done = false;
                round.moves = 0;
            }
            continue;
        }
        let next = match step {
            DexStep::Intent => DexStep::Movement,
            DexStep::Movement => DexStep::Actions,
            DexStep::Actions | DexStep::Resolution => {
                events.push(BattleEvent::DexStepBegan {
                    step: DexStep::Resolution,
                });
                super::super::injury::bleed(table, dice, events);
                close_round(table, events);
                return;
            }
        };
        let queue = match next {
            DexStep::Movement => in_dex_order(
                table,
                |u| can_act(table, u) && round.intents.get(u).copied().flatten() == Some(true),
                None,
            ),
            // Runners give up their actions: their dice are for defences.
            _ => in_dex_order(
                table,
                |u| can_act(table, u) && !round.runners.contains(&u),
                Some(round),
            ),
        };
        let zones: Vec<_> = table.units.iter().map(|u| u.placement.zone).collect();
        if let Some(round) = round_mut(table) {
            round.step = next;
            round.queue = queue;
            round.head_done = false;
            if next == DexStep::Movement {
                round.from = zones;
            }
        }
        events.push(BattleEvent::DexStepBegan { step: next });
    }
    close_round(table, events);
}

/// The order of the step: those still to decide in it, then the others in
/// order of DEX rank.
pub(super) fn order(table: &BattleState) -> Vec<usize> {
    let round = round(table);
    let queue = round.map(|r| r.queue.clone()).unwrap_or_default();
    let moved = round.filter(|r| r.step == DexStep::Actions);
    let mut order: Vec<usize> = queue
        .iter()
        .copied()
        .filter(|&u| table.units[u].fighting())
        .collect();
    order.extend(in_dex_order(
        table,
        |u| table.units[u].fighting() && !queue.contains(&u),
        moved,
    ));
    order
}

/// Whether `unit` is done with the step now running.
pub(super) fn step_over(table: &BattleState, unit: usize) -> bool {
    round(table).is_some_and(|r| !r.queue.contains(&unit))
}

/// Whether the combatant declared a run this round.
pub(super) fn runs(table: &BattleState, unit: usize) -> bool {
    round(table).is_some_and(|r| r.runners.contains(&unit))
}

/// A combatant's declared intent this round, if it has declared.
pub(super) fn intent(table: &BattleState, unit: usize) -> Option<bool> {
    round(table)?.intents.get(unit).copied().flatten()
}

/// The step, and who decides in it, in words.
pub(super) fn in_words(table: &BattleState) -> Option<String> {
    let round = round(table)?;
    let head = *round.queue.first()?;
    let name = &table.units[head].unit.name;
    let moved = (round.step == DexStep::Actions).then_some(round);
    let rank = dex_rank(table, head, moved);
    Some(match round.step {
        DexStep::Intent => format!("Statement of intent: {name} (DEX rank {rank})"),
        DexStep::Movement => format!("Movement: {name} (DEX rank {rank})"),
        DexStep::Actions => format!("Actions: {name} at DEX rank {rank}"),
        DexStep::Resolution => format!("Resolution (DEX rank {rank})"),
    })
}
