//! The sequence of play as a choice (RULES §41): the one seam between the
//! rules of combat and the order in which combatants act. The level names
//! its sequence; this module answers, for every caller, who decides next and
//! what kind of decision it is, whether a command is admissible now, what
//! follows an order, and what the sequence does next. One file a sequence:
//! [`countdown`] (Swift Swords' own), [`side_turns`], [`alternation`],
//! [`track`] (the initiative track) and [`dex`] (DEX ranks); [`round`]
//! holds their rounds' data.
//!
//! Every sequence rolls the round's action dice the same way and pays every
//! order in pips: a sequence decides only who acts when.

mod alternation;
mod countdown;
mod dex;
pub mod round;
mod side_turns;
mod track;

use super::command::{Command, Order, RuleError};
use super::events::BattleEvent;
use super::injury::wounded_roll;
use super::state::{Battle, BattleState, Turn};
use crate::level::SideKind;
use crate::rules::action_dice::roll_action_dice;
use crate::rules::dice::DiceSource;
use crate::rules::injury::RollKind;
use crate::vocabulary::Sequence;
pub use round::Phase;

/// The kind of decision a combatant is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// An action (or Hold, Pass) in its turn.
    Act,
    /// Its last option at a refresh: one action, or keeping a die.
    LastOption,
    /// The answer to an attack declared against it.
    Answer,
}

impl Battle {
    /// The combatants the turn belongs to now, in the sequence's order.
    pub fn turn_candidates(&self) -> Vec<usize> {
        match &self.turn {
            Turn::Closed => Vec::new(),
            Turn::Act { candidates } => candidates.clone(),
            Turn::LastOption { unit } | Turn::Respond { unit } => vec![*unit],
        }
    }
}

impl BattleState {
    /// The sequence of play this battle runs.
    pub fn sequence(&self) -> Sequence {
        self.battle.level.sequence
    }

    /// Whether a refresh is running: those left get a last option each.
    pub fn at_refresh(&self) -> bool {
        matches!(self.battle.phase, Phase::Refresh { .. })
    }

    /// Every combatant still fighting, in the order the sequence will give
    /// them the turn: the countdown's order, the sides' turns, or the
    /// alternation. The HUD's track shows this order.
    pub fn turn_order(&self) -> Vec<usize> {
        match self.sequence() {
            Sequence::Countdown => countdown::order(self),
            Sequence::SideTurns => side_turns::order(self),
            Sequence::Alternation => alternation::order(self),
            Sequence::Track => track::order(self),
            Sequence::DexRanks => dex::order(self),
        }
    }

    /// Whether the combatant has had its turn this round where the sequence
    /// gives each one turn (an activation, or its side's turn).
    pub fn has_had_its_turn(&self, unit: usize) -> bool {
        match &self.battle.phase {
            Phase::SideTurn { done, .. } => done.contains(&self.units[unit].unit.side),
            Phase::Alternation {
                activated, active, ..
            } => activated.contains(&unit) && *active != Some(unit),
            Phase::Track(_) => track::turn_over(self, unit),
            Phase::Dex(_) => dex::step_over(self, unit),
            _ => false,
        }
    }

    /// Whether passing keeps the combatant's dice for its defences: where a
    /// pass ends a turn that comes once a round (side turns, the initiative
    /// track, DEX ranks) rather than the round's actions.
    pub fn pass_keeps_dice(&self) -> bool {
        matches!(
            self.sequence(),
            Sequence::SideTurns | Sequence::Track | Sequence::DexRanks
        )
    }

    /// Whether a combatant's hold is a delayed action it takes later in the
    /// round (the initiative track), rather than a pass.
    pub fn hold_is_a_delayed_action(&self) -> bool {
        self.sequence() == Sequence::Track
    }

    /// Whether the sides answer each other action by action (the
    /// countdown), so that a few decisions ahead already see the answer.
    pub fn sides_answer_action_by_action(&self) -> bool {
        self.sequence() == Sequence::Countdown
    }

    /// Faction alternation: whether the combatant's pass now would be its
    /// side's (nobody activated), not the end of its own turn.
    pub fn pass_is_the_sides(&self, unit: usize) -> bool {
        alternation::side_would_pass(self, unit)
    }

    /// Initiative track: whether the combatant waits with a delayed action.
    pub fn delays(&self, unit: usize) -> bool {
        track::delays(self, unit)
    }

    /// DEX ranks: whether the combatant declared a move this round, once it
    /// has declared.
    pub fn intent(&self, unit: usize) -> Option<bool> {
        dex::intent(self, unit)
    }

    /// DEX ranks: whether the combatant declared a run this round.
    pub fn runs(&self, unit: usize) -> bool {
        dex::runs(self, unit)
    }

    /// DEX ranks: the combatant's rank now (lowered by a move this round in
    /// the action step).
    pub fn dex_rank(&self, unit: usize) -> Option<u16> {
        match &self.battle.phase {
            Phase::Dex(round) => {
                let moved = (round.step == crate::vocabulary::DexStep::Actions).then_some(&**round);
                Some(dex::dex_rank(self, unit, moved))
            }
            _ => None,
        }
    }

    /// DEX ranks: the step of the round now running.
    pub fn dex_step(&self) -> Option<crate::vocabulary::DexStep> {
        match &self.battle.phase {
            Phase::Dex(round) => Some(round.step),
            _ => None,
        }
    }

    /// Whether the combatant failed the first round's readiness roll (side
    /// turns): it takes no action in its side's first turn.
    pub fn hesitates(&self, unit: usize) -> bool {
        matches!(&self.battle.phase, Phase::SideTurn { unready, .. } if unready.contains(&unit))
    }

    /// Where the round stands, in a player's words ("Turn of The Company"),
    /// for the HUD; `None` under the countdown, whose track says it all.
    pub fn sequence_in_words(&self) -> Option<String> {
        let side_name = |side: usize| self.battle.sides.get(side).map(|s| s.name.clone());
        match &self.battle.phase {
            Phase::SideTurn { side, .. } => Some(format!("Turn of {}", side_name(*side)?)),
            Phase::Alternation {
                side, active: None, ..
            } => Some(format!(
                "{} to activate a fighter or pass",
                side_name(*side)?
            )),
            Phase::Alternation {
                active: Some(unit), ..
            } => Some(format!("{}'s activation", self.units[*unit].unit.name)),
            Phase::Track(_) => track::in_words(self),
            Phase::Dex(_) => dex::in_words(self),
            _ => None,
        }
    }
}

/// Whether the battle is within a round, where turns are given.
fn in_round(phase: &Phase) -> bool {
    matches!(
        phase,
        Phase::Countdown
            | Phase::Refresh { .. }
            | Phase::SideTurn { .. }
            | Phase::Alternation { .. }
            | Phase::Track(_)
            | Phase::Dex(_)
    )
}

/// What an order is worth in a sister sequence's turn (RULES §41): a
/// movement, a main action or a bonus action; or nothing, for the free
/// options, waiting, passing, answers and the sequences' own orders.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Worth {
    Free,
    /// Any order that moves the combatant, to another zone or within its own.
    Movement,
    /// An order that takes the moment: an attack, a spell, a break, closing
    /// in, a drag, a wrestling move.
    Main,
    /// A quick order: a defence pool, aiming, preparing a spell, recovering.
    Bonus,
}

fn worth(order: &Order) -> Worth {
    if dex::changes_zone(order) || dex::shifts_in_zone(order) {
        return Worth::Movement;
    }
    match order {
        Order::Attack { .. }
        | Order::Cast { .. }
        | Order::Break { .. }
        | Order::CloseIn { .. }
        | Order::Drag { .. }
        | Order::Wrestle { .. } => Worth::Main,
        Order::Pool { .. } | Order::Aim { .. } | Order::Prepare { .. } | Order::Recover { .. } => {
            Worth::Bonus
        }
        _ => Worth::Free,
    }
}

/// Whether a battle waits for a command (or is over).
pub(super) fn awaiting_command(table: &BattleState) -> bool {
    table.battle.phase == Phase::Ended
        || (table.battle.turn != Turn::Closed && in_round(&table.battle.phase))
}

/// One step of the round: a new round's dice are rolled, then the sequence
/// opens the next turn, or closes the round when nobody is left to act.
pub(super) fn step(
    table: &mut BattleState,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    roll_round(table, dice, events);
    if table.battle.turn == Turn::Closed && in_round(&table.battle.phase) {
        match table.sequence() {
            Sequence::Countdown => countdown::open_turn(table, events),
            Sequence::SideTurns => side_turns::open_turn(table, events),
            Sequence::Alternation => alternation::open_turn(table, dice, events),
            Sequence::Track => track::open_turn(table, events),
            Sequence::DexRanks => dex::open_turn(table, dice, events),
        }
    }
}

/// After a resolved command or a step: the countdown calls and closes its
/// refresh; the other sequences close their rounds as they open turns.
pub(super) fn settle(table: &mut BattleState, events: &mut Vec<BattleEvent>) {
    if table.sequence() == Sequence::Countdown {
        countdown::refresh(table, events);
    }
}

/// Sequence of play (c): bleeding wounds are rolled for at the start of
/// the round ("Bleeder"), then every fighting combatant rolls its action
/// dice, carried dice included (and, in a severe surprise, the surprising
/// side's extra dice); wounds that burn dice turn some to 1s. Every sequence
/// rolls the round this way; then its own first phase begins.
fn roll_round(table: &mut BattleState, dice: &mut impl DiceSource, events: &mut Vec<BattleEvent>) {
    if table.battle.phase != Phase::RollActionDice {
        return;
    }
    table.battle.round = table.battle.round.saturating_add(1);
    table.battle.round_actions = 0;
    let round = table.battle.round;
    if round == 2 && table.battle.surprise.is_some() {
        for unit in &mut table.units {
            unit.conditions.surprised = false;
        }
        events.push(BattleEvent::SurpriseOver);
    }
    events.push(BattleEvent::RoundStarted { round });
    // Under DEX ranks the round's resolution bleeds them, at its end.
    if table.sequence() != Sequence::DexRanks {
        super::injury::bleed(table, dice, events);
    }
    let ruleset = table.ruleset.clone();
    let rules = &ruleset.rules;
    let surprise_extra = match table.battle.surprise {
        Some(side) if round == 1 => Some((side, i32::from(table.battle.level.surprise_extra_dice))),
        _ => None,
    };
    for index in 0..table.units.len() {
        let unit = &mut table.units[index];
        if !unit.fighting() {
            continue;
        }
        unit.pool.holding = false;
        let carried = std::mem::take(&mut unit.pool.carried);
        if unit.conditions.surprised {
            unit.pool.dice.clear();
            events.push(BattleEvent::NoActionDice {
                unit: unit.unit.id.clone(),
            });
            continue;
        }
        let extra = surprise_extra
            .filter(|(side, _)| *side == unit.unit.side)
            .map_or(0, |(_, dice)| dice);
        let roll = roll_action_dice(&unit.profile.action_dice, extra, carried, rules, dice);
        unit.pool.dice = roll.pool();
        events.push(BattleEvent::ActionDiceRolled {
            unit: unit.unit.id.clone(),
            rolled: roll.rolled,
            extra: roll.extra,
        });
        super::injury::burn_wounded_dice(table, index, events);
    }
    table.battle.last_actor = None;
    table.battle.phase = match table.sequence() {
        Sequence::Countdown => Phase::Countdown,
        Sequence::SideTurns => side_turns::first_phase(table, dice, events),
        Sequence::Alternation => alternation::first_phase(table),
        Sequence::Track => track::first_phase(table, dice, events),
        Sequence::DexRanks => dex::first_phase(table, events),
    };
}

/// Whether the turn is `actor`'s, and what kind of decision it makes.
pub(super) fn turn_problem(
    table: &BattleState,
    actor: usize,
    command: &Command,
) -> Result<Decision, RuleError> {
    Ok(match (&table.battle.phase, &table.battle.turn) {
        (_, Turn::Act { candidates }) if in_round(&table.battle.phase) => {
            if !candidates.contains(&actor) {
                // The initiative track: anyone may try one action out of
                // turn a round, before the action it interrupts.
                if table.sequence() == Sequence::Track
                    && track::may_interrupt(table, actor, &command.order)
                {
                    return Ok(Decision::Act);
                }
                return Err(not_your_turn(table, command));
            }
            let problem = match table.sequence() {
                Sequence::SideTurns => side_turns::act_problem(table, actor, &command.order),
                Sequence::Alternation => alternation::act_problem(table, actor, &command.order),
                Sequence::Track => track::act_problem(table, &command.order),
                Sequence::DexRanks => dex::act_problem(table, &command.order),
                _ => None,
            };
            if let Some(problem) = problem.or_else(|| surrender_problem(table, actor, command)) {
                return Err(problem);
            }
            Decision::Act
        }
        (Phase::Refresh { .. }, Turn::LastOption { unit }) => {
            if *unit != actor {
                return Err(not_your_turn(table, command));
            }
            Decision::LastOption
        }
        (_, Turn::Respond { unit }) => {
            if *unit != actor {
                return Err(not_your_turn(table, command));
            }
            if table.sequence() == Sequence::Track {
                return Ok(if track::answer_problem(table, actor, command)? {
                    Decision::Act
                } else {
                    Decision::Answer
                });
            }
            if let Some(problem) = alternation::answer_problem(table, actor, &command.order) {
                return Err(problem);
            }
            if !matches!(
                command.order,
                Order::Defend { .. } | Order::Effort | Order::ChooseWounds { .. }
            ) {
                return Err(RuleError::AnswerTheAttack {
                    unit: command.unit.clone(),
                });
            }
            Decision::Answer
        }
        _ => return Err(RuleError::NoTurnOpen),
    })
}

fn not_your_turn(table: &BattleState, command: &Command) -> RuleError {
    RuleError::NotYourTurn {
        unit: command.unit.clone(),
        may_act: table.turn_units(),
        sequence: table.sequence(),
    }
}

/// The decision the turn asks of `unit` now, if it is asked one.
pub(super) fn decision_of(table: &BattleState, unit: usize) -> Option<Decision> {
    match &table.battle.turn {
        Turn::Respond { unit: u } if *u == unit => Some(Decision::Answer),
        Turn::LastOption { unit: u } if *u == unit => Some(Decision::LastOption),
        Turn::Act { candidates } if candidates.contains(&unit) => Some(Decision::Act),
        _ => None,
    }
}

/// Surrender is faction alternation's, and takes a whole turn: it begins
/// the combatant's activation or not at all.
fn surrender_problem(table: &BattleState, actor: usize, command: &Command) -> Option<RuleError> {
    if command.order != Order::Surrender {
        return None;
    }
    if table.sequence() != Sequence::Alternation {
        return Some(RuleError::NoCauseToSurrender);
    }
    (!alternation::side_would_pass(table, actor)).then_some(RuleError::ActionTaken)
}

/// Whether a command is a sequence's own order, offered only under it: the
/// statement of intent's declarations, and surrender.
pub(super) fn offers(table: &BattleState, order: &Order) -> bool {
    match order {
        Order::Intend { .. } => dex::declaring(table),
        Order::Surrender => table.sequence() == Sequence::Alternation,
        _ => true,
    }
}

/// Whether the target of a declared attack may try to act out of turn
/// (the initiative track): its menu then offers actions that stay in place.
pub(super) fn may_act_out_of_turn(table: &BattleState, unit: usize) -> bool {
    table.sequence() == Sequence::Track && track::may_act_out_of_turn(table, unit)
}

/// Before a checked order is carried out: an order given in the turn (not
/// an answer) begins the combatant's activation, where the sequence has
/// them; the track counts actions and reactions, and rolls for an action
/// out of turn. Returns whether the order goes ahead.
pub(super) fn begin_order(
    table: &mut BattleState,
    actor: usize,
    order: &Order,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) -> bool {
    // Under a sister sequence a Hold counts toward the round's most actions
    // (RULES §15): no round can be held up for ever by waiting.
    if *order == Order::Hold && !table.sequence().is_countdown() {
        table.battle.round_actions = table.battle.round_actions.saturating_add(1);
    }
    match table.sequence() {
        Sequence::Alternation => return alternation::begin_order(table, actor, order),
        Sequence::SideTurns => side_turns::begin_order(table, actor, order),
        Sequence::Track => return track::begin_order(table, actor, order, dice, events),
        Sequence::DexRanks => dex::begin_order(table, actor, order, events),
        _ => {}
    }
    true
}

/// The turn once `actor`'s order is carried out (no attack waiting). A 1-AD
/// option (Effort, a recovery roll) is free and does not end the
/// combatant's turn: it keeps the turn, alone among those tied, while it
/// can still act. Anything else closes the turn for the sequence to open
/// the next.
pub(super) fn turn_after(table: &BattleState, actor: usize, order: &Order, turn: Turn) -> Turn {
    let me = &table.units[actor];
    if !matches!(order, Order::Effort | Order::RecoveryRoll) || !me.fighting() {
        return Turn::Closed;
    }
    match turn {
        Turn::Act { .. } if me.pool.usable() > 0 => Turn::Act {
            candidates: vec![actor],
        },
        Turn::LastOption { unit } if unit == actor && !me.pool.dice.is_empty() => turn,
        _ => Turn::Closed,
    }
}

/// After an order of `actor`'s has finished (an attack once answered): at a
/// refresh its last option is over, and its remaining dice are set aside.
pub(super) fn order_finished(table: &mut BattleState, actor: usize) {
    if !table.at_refresh() {
        return;
    }
    table.units[actor].pool.dice.clear();
    if let Phase::Refresh { queue } = &mut table.battle.phase {
        queue.retain(|&unit| unit != actor);
    }
    table.battle.turn = Turn::Closed;
}

/// The round closes: every die left is set aside, and the next round's are
/// to be rolled.
fn close_round(table: &mut BattleState, events: &mut Vec<BattleEvent>) {
    for unit in &mut table.units {
        unit.pool.dice.clear();
        unit.pool.holding = false;
    }
    events.push(BattleEvent::RoundClosed {
        round: table.battle.round,
    });
    table.battle.round_closed = true;
    table.battle.phase = Phase::RollActionDice;
    table.battle.turn = Turn::Closed;
}

/// The sides in the order they take their turns: the player's (heroes)
/// sides first, then the others, each in the level's order.
fn sides_in_turn_order(table: &BattleState) -> Vec<usize> {
    let sides = 0..table.battle.sides.len();
    let heroes = sides
        .clone()
        .filter(|&s| table.side_kind(s) == SideKind::Heroes);
    let others = sides.filter(|&s| table.side_kind(s) != SideKind::Heroes);
    heroes.chain(others).collect()
}

/// A WILL roll (a Spirit roll, wounds counted) for `unit`, told in the log
/// by `told` (the unit's id, the dice, whether it passed); whether it passed.
fn will_roll(
    table: &BattleState,
    unit: usize,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
    told: fn(String, Vec<u8>, bool) -> BattleEvent,
) -> bool {
    let roll = wounded_roll(table, unit, RollKind::Spirit, 0, dice);
    let passed = roll.passed();
    events.push(told(table.units[unit].unit.id.clone(), roll.dice, passed));
    passed
}

/// Whether `unit` may take a turn now: fighting, with a die that pays for
/// an action, and not holding.
fn can_act(table: &BattleState, unit: usize) -> bool {
    let me = &table.units[unit];
    me.fighting() && me.pool.usable() > 0 && !me.pool.holding
}
