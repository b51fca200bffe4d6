//! The battle from its start to its end: surprise and fatigue, the rounds
//! (the sequence of play's, in [`super::sequence`]) and the end-of-battle
//! check, run in order by [`advance`]. Each step does nothing unless the
//! battle is in the phase it handles.

use super::effects::lose_rank;
use super::events::{BattleEvent, Outcome};
use super::injury::{wounded_dice, wounded_roll};
use super::sequence;
use super::sequence::Phase;
use super::state::{BattleState, Turn};
use crate::data::Fatigue;
use crate::level::VictoryCondition;
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

/// Steps of the sequence of play allowed before `advance` gives up; far more
/// than any battle needs between two decisions (each pass rolls a round).
const STEP_LIMIT: usize = 64;

/// The battle run on, written once: after setup or a resolved command, the
/// sequence settles (the countdown's refresh) and the end is checked; then
/// surprise, the round's dice and the next turn, again and again until a
/// turn opens or the battle ends.
pub fn advance(table: &mut BattleState, dice: &mut impl DiceSource, events: &mut Vec<BattleEvent>) {
    sequence::settle(table, events);
    check_end(table, events);
    for _ in 0..STEP_LIMIT {
        if sequence::awaiting_command(table) {
            return;
        }
        begin_battle(table, dice, events);
        sequence::step(table, dice, events);
        sequence::settle(table, events);
        check_end(table, events);
    }
}
