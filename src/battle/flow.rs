//! The sequence of play: surprise, the action-dice roll, the countdown, the
//! refresh and the end-of-battle check, run in order by [`advance`]. Each
//! step does nothing unless the battle is in the phase it handles.

use super::effects::lose_rank;
use super::events::{BattleEvent, Outcome};
use super::injury::{wounded_dice, wounded_roll};
use super::state::{BattleState, Phase, Turn, UnitState};
use crate::data::Fatigue;
use crate::level::{SideKind, VictoryCondition};
use crate::rules::action_dice::roll_action_dice;
use crate::rules::countdown::{CountdownEntry, countdown_order, next_to_act};
use crate::rules::dice::DiceSource;
use crate::rules::injury::RollKind;
use crate::vocabulary::RankSide;

/// Sequence of play (a, b): the battle begins; fatigue in doubt is rolled
/// for, and surprise determined. The surprised are marked for the first
/// round, in which they get no action dice.
fn begin_battle(
    table: &mut BattleState,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    if table.battle.phase != Phase::Setup {
        return;
    }
    events.push(BattleEvent::BattleStarted {
        level: table.battle.level.name.clone(),
        seed: table.battle.seed,
    });
    fatigue_rolls(table, dice, events);
    if let Some(side) = table.battle.surprise {
        events.push(BattleEvent::Surprise {
            side: table.side_id(side),
        });
        for unit in &mut table.units {
            if unit.unit.side != side {
                unit.conditions.surprised = true;
            }
        }
    }
    super::cover::update_cover(table, events);
    table.battle.phase = Phase::RollActionDice;
}

/// Doubtful fatigue ("Fatigue"): each combatant of a side the level marks
/// `Doubtful` rolls BODY or WILL, whichever has the more dice (the text
/// offers either; a player would take the better), and those who fail
/// lose the ranks of it.
fn fatigue_rolls(
    table: &mut BattleState,
    dice: &mut impl DiceSource,
    events: &mut Vec<BattleEvent>,
) {
    let ranks = table
        .ruleset
        .rules
        .fatigue_ranks
        .get(&Fatigue::Doubtful)
        .copied()
        .unwrap_or(0);
    for unit in 0..table.units.len() {
        let side = &table.battle.level.sides[table.units[unit].unit.side].id;
        if table.battle.level.fatigue.get(side) != Some(&Fatigue::Doubtful)
            || !table.units[unit].fighting()
        {
            continue;
        }
        let (kind, characteristic) = if wounded_dice(table, unit, RollKind::Spirit)
            > wounded_dice(table, unit, RollKind::Body)
        {
            (RollKind::Spirit, RankSide::Mental)
        } else {
            (RollKind::Body, RankSide::Physical)
        };
        let roll = wounded_roll(table, unit, kind, 0, dice);
        events.push(BattleEvent::FatigueRoll {
            unit: table.units[unit].unit.id.clone(),
            characteristic,
            dice: roll.dice.clone(),
            passed: roll.passed(),
        });
        if !roll.passed() {
            for _ in 0..ranks {
                lose_rank(table, unit, RankSide::Physical, false, events);
            }
        }
    }
}

/// Sequence of play (c): bleeding wounds are rolled for at the start of
/// the round ("Bleeder"), then every fighting combatant rolls its action
/// dice, carried dice included (and, in a severe surprise, the surprising
/// side's extra dice); wounds that burn dice turn some to 1s.
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
    super::injury::bleed(table, dice, events);
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
    table.battle.phase = Phase::Countdown;
}

impl BattleState {
    /// Every combatant still fighting, in the countdown's order: the one
    /// the turn goes to first (holders and those left with only 1s keep
    /// their place but take no turn). The HUD's track shows this order.
    pub fn countdown(&self) -> Vec<usize> {
        countdown_order(&countdown_entries(self, |_| true))
    }
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
fn open_turn(table: &mut BattleState, events: &mut Vec<BattleEvent>) {
    match &table.battle.phase {
        Phase::Countdown => {
            // A mount's rider (or a rider's mount) that has just acted hands
            // the turn to its partner, if it can still act.
            if let Some(partner) = table.battle.partner_due {
                let them = &table.units[partner];
                if them.fighting() && them.pool.usable() > 0 && !them.pool.holding {
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
fn refresh(table: &mut BattleState, events: &mut Vec<BattleEvent>) {
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
    }
}

/// Sequence of play (e, f): the victory conditions and the round limit.
/// Conditions are tried in the level's order; the first met wins. A battle
/// always ends: at the latest when the round limit closes, as a draw.
fn check_end(table: &mut BattleState, events: &mut Vec<BattleEvent>) {
    if table.battle.outcome.is_some() || table.battle.phase == Phase::Setup {
        return;
    }
    let round_closed = std::mem::take(&mut table.battle.round_closed);
    let conditions = table.battle.level.victory.clone();
    table.battle.hold_streaks.resize(conditions.len(), 0);
    let mut outcome = None;
    for (index, condition) in conditions.iter().enumerate() {
        let Some(side) = table.battle.level.side_index(condition.side()) else {
            continue;
        };
        let side_id = table.side_id(side);
        let met =
            match condition {
                VictoryCondition::DefeatAll { .. } => !table
                    .units
                    .iter()
                    .any(|u| u.unit.side != side && u.fighting()),
                VictoryCondition::HoldZone { zone, rounds, .. } => {
                    if round_closed {
                        let ours = table.units.iter().any(|u| {
                            u.fighting() && u.unit.side == side && u.placement.zone == *zone
                        });
                        let theirs = table.units.iter().any(|u| {
                            u.fighting() && u.unit.side != side && u.placement.zone == *zone
                        });
                        let streak = &mut table.battle.hold_streaks[index];
                        *streak = if ours && !theirs { *streak + 1 } else { 0 };
                        if *streak > 0 {
                            events.push(BattleEvent::ZoneHeld {
                                side: side_id.clone(),
                                zone: *zone,
                                rounds: *streak,
                            });
                        }
                    }
                    table.battle.hold_streaks[index] >= *rounds
                }
                VictoryCondition::Escape { count, .. } => {
                    let escaped = table.escaped(side) as u32;
                    let still_here = table
                        .units
                        .iter()
                        .any(|u| u.unit.side == side && u.fighting());
                    match count {
                        Some(count) => escaped >= *count,
                        None => escaped > 0 && !still_here,
                    }
                }
                VictoryCondition::Survive { rounds, .. } => {
                    round_closed
                        && table.battle.round >= *rounds
                        && table
                            .units
                            .iter()
                            .any(|u| u.unit.side == side && u.fighting())
                }
            };
        if met {
            outcome = Some(Outcome::Victory {
                side: side_id,
                how: describe(condition),
            });
            break;
        }
    }
    if outcome.is_none() {
        outcome = last_side_standing(table);
    }
    if outcome.is_none() && round_closed && table.battle.round >= table.battle.round_limit {
        outcome = Some(Outcome::Draw {
            reason: format!(
                "the round limit of {} was reached",
                table.battle.round_limit
            ),
        });
    }
    let most_actions = table
        .ruleset
        .rules
        .most_actions_per_round_each
        .saturating_mul(u32::try_from(table.units.len()).unwrap_or(u32::MAX));
    if outcome.is_none() && table.battle.round_actions >= most_actions {
        outcome = Some(Outcome::Draw {
            reason: format!(
                "round {} reached {most_actions} actions, the most a round may hold",
                table.battle.round
            ),
        });
    }
    if let Some(outcome) = outcome {
        table.battle.outcome = Some(outcome.clone());
        table.battle.phase = Phase::Ended;
        table.battle.turn = Turn::Closed;
        events.push(BattleEvent::BattleEnded { outcome });
    }
}

/// When at most one side still has a combatant fighting, the battle is over
/// whatever the victory conditions say: that side wins, or nobody does.
fn last_side_standing(table: &BattleState) -> Option<Outcome> {
    let standing: std::collections::BTreeSet<usize> = table
        .units
        .iter()
        .filter(|u| u.fighting())
        .map(|u| u.unit.side)
        .collect();
    let mut sides = standing.into_iter();
    match (sides.next(), sides.next()) {
        (None, _) => Some(Outcome::Draw {
            reason: "no side has anyone left fighting".into(),
        }),
        (Some(side), None) => Some(Outcome::Victory {
            side: table.side_id(side),
            how: "the last side with anyone fighting".into(),
        }),
        _ => None,
    }
}

fn describe(condition: &VictoryCondition) -> String {
    match condition {
        VictoryCondition::DefeatAll { .. } => "every enemy is out of the fight".into(),
        VictoryCondition::HoldZone { zone, rounds, .. } => {
            format!("held zone {zone} for {rounds} rounds")
        }
        VictoryCondition::Escape { edge, .. } => format!("escaped over the {edge:?} edge"),
        VictoryCondition::Survive { rounds, .. } => format!("survived {rounds} rounds"),
    }
}

/// Whether a battle waits for a command (or is over).
pub fn awaiting_command(table: &BattleState) -> bool {
    table.battle.phase == Phase::Ended
        || (table.battle.turn != Turn::Closed
            && matches!(table.battle.phase, Phase::Countdown | Phase::Refresh { .. }))
}

/// Steps of the sequence of play allowed before `advance` gives up; far more
/// than any battle needs between two decisions (each pass rolls a round).
const STEP_LIMIT: usize = 64;

/// The sequence of play, in order, written once: after setup or a resolved
/// command, the refresh and the end check; then surprise, the action-dice
/// roll and the countdown, again and again until a turn opens or the battle
/// ends.
pub fn advance(table: &mut BattleState, dice: &mut impl DiceSource, events: &mut Vec<BattleEvent>) {
    refresh(table, events);
    check_end(table, events);
    for _ in 0..STEP_LIMIT {
        if awaiting_command(table) {
            return;
        }
        begin_battle(table, dice, events);
        roll_round(table, dice, events);
        if table.battle.turn == Turn::Closed
            && matches!(table.battle.phase, Phase::Countdown | Phase::Refresh { .. })
        {
            open_turn(table, events);
        }
        refresh(table, events);
        check_end(table, events);
    }
}
