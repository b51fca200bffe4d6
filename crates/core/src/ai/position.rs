//! How a position stands for one side, for the AI's look-ahead (Hard and
//! Expert): the combatants' worth, the victory conditions' progress, and
//! what the next command to be given is worth.

use super::evaluate::{clock_press, first_ranked};
use super::gain::worth;
use super::legal::legal_plans;
use crate::battle::events::Outcome;
use crate::battle::state::BattleState;
use crate::level::VictoryCondition;

/// What a won battle is worth, in ranks: more than any position.
const VICTORY: f64 = 100.0;
/// What each zone between a fighter and its nearest enemy costs a side the
/// clock presses fully, as a step toward the enemy is worth to Normal.
const CLOCK_STEP: f64 = 0.3;
/// How much the next decision's best command counts toward a position.
const REPLY_WEIGHT: f64 = 0.7;
/// What each zone still to cross costs a side that wins by escaping. Kept
/// small: against Normal, Hard's patrol on the Harpy Raid won more by
/// fighting its way along than by hurrying (docs/AI.md).
const ESCAPE_STEP: f64 = 0.1;
/// What a zone to hold left empty of its enemies is worth to the side that
/// must hold it. Without it a guard stepped out of the zone whenever a
/// fight called elsewhere, and an attacker walked in: Expert's farm on the
/// Farmstead Wall lost every battle it lost that way, most by round five
/// (docs/AI.md).
const ZONE_UNGUARDED: f64 = 2.0;

/// What a zone to hold that at most one enemy guards is worth to the side
/// that must hold it, on top of [`ZONE_UNGUARDED`]: a lone guard is one
/// fall from losing the zone. Without it Hard's farm on the Farmstead Wall
/// sent a guard out to fight and lost the farmhouse when the one left
/// fell; with it Hard against Normal there rose from 53.7% to 59.3%
/// over six seeds (docs/AI.md).
const ZONE_ONE_FALL_FROM_LOST: f64 = 3.0;

/// A position at the end of a look-ahead, for `side`: a win or a loss, or
/// the position's worth with the next command's score counted for whoever
/// gives it. A draw counts no better than even.
pub fn leaf_value(table: &BattleState, side: usize) -> f64 {
    let side_id = table.side_id(side);
    match &table.battle().outcome {
        Some(Outcome::Victory { side, .. }) if *side == side_id => VICTORY,
        Some(Outcome::Victory { .. }) => -VICTORY,
        Some(Outcome::Draw { .. }) => position_value(table, side).min(0.0),
        None => position_value(table, side) + reply_value(table, side),
    }
}

/// How the position stands for `side`: its combatants' worth less its
/// enemies', its victory conditions' progress less theirs, and for each
/// side the clock presses, the ground still between it and its enemies.
pub fn position_value(table: &BattleState, side: usize) -> f64 {
    let forces: f64 = table
        .units()
        .iter()
        .map(|u| {
            let value = worth(table, u);
            if u.unit.side == side { value } else { -value }
        })
        .sum();
    let objectives: f64 = table
        .battle()
        .level
        .victory
        .iter()
        .enumerate()
        .filter_map(|(index, condition)| {
            let owner = table.battle().level.side_index(condition.side())?;
            let progress = objective_progress(table, index, condition, owner);
            Some(if owner == side { progress } else { -progress })
        })
        .sum();
    let clock: f64 = (0..table.battle().sides.len())
        .map(|pressed| {
            let waiting =
                CLOCK_STEP * clock_press(table, pressed) * zones_from_enemies(table, pressed);
            if pressed == side { -waiting } else { waiting }
        })
        .sum();
    forces + objectives + clock
}

/// How many zones `side`'s fighters stand from their nearest enemies, each
/// counted up to six.
fn zones_from_enemies(table: &BattleState, side: usize) -> f64 {
    let enemies: Vec<_> = table
        .units()
        .iter()
        .filter(|u| u.fighting() && u.unit.side != side)
        .map(|u| u.placement.zone)
        .collect();
    table
        .units()
        .iter()
        .filter(|u| u.fighting() && u.unit.side == side)
        .filter_map(|u| {
            enemies
                .iter()
                .map(|e| e.distance(u.placement.zone).min(6))
                .min()
        })
        .map(f64::from)
        .sum()
}

/// How far `owner` has come toward one victory condition, in ranks. Defeat
/// all is already in the combatants' worth.
fn objective_progress(
    table: &BattleState,
    index: usize,
    condition: &VictoryCondition,
    owner: usize,
) -> f64 {
    let fighters = || {
        table
            .units()
            .iter()
            .filter(move |u| u.fighting() && u.unit.side == owner)
    };
    match condition {
        VictoryCondition::DefeatAll { .. } => 0.0,
        VictoryCondition::HoldZone { zone, rounds, .. } => {
            let streak = table.battle().hold_streaks.get(index).copied().unwrap_or(0);
            let ours = fighters().any(|u| u.placement.zone == *zone);
            let guards = table
                .units()
                .iter()
                .filter(|u| u.fighting() && u.unit.side != owner && u.placement.zone == *zone)
                .count();
            let theirs = guards > 0;
            let nearest = fighters()
                .map(|u| u.placement.zone.distance(*zone))
                .min()
                .unwrap_or(u16::MAX);
            3.0 * f64::from(streak) / f64::from((*rounds).max(1))
                + if ours && !theirs { 1.0 } else { 0.0 }
                + if ours { 0.5 } else { 0.0 }
                + if theirs { 0.0 } else { ZONE_UNGUARDED }
                + if guards <= 1 {
                    ZONE_ONE_FALL_FROM_LOST
                } else {
                    0.0
                }
                - 0.3 * f64::from(nearest.min(6))
        }
        VictoryCondition::Escape { edge, count, .. } => {
            let mut steps: Vec<u16> = fighters()
                .map(|u| table.board().zones_to_edge(u.placement.zone, *edge))
                .collect();
            steps.sort_unstable();
            let needed = match count {
                Some(count) => (*count as usize).saturating_sub(table.escaped(owner)).min(
                    table
                        .units()
                        .iter()
                        .filter(|u| u.unit.side == owner)
                        .count(),
                ),
                None => steps.len(),
            };
            // Only the nearest still needed count, and one the side is short
            // of counts as a walk across the board: a combatant who falls
            // must never bring the escape closer.
            let short = table.board().width.max(table.board().height);
            let walk: f64 = (0..needed)
                .map(|i| f64::from(steps.get(i).copied().unwrap_or(short)))
                .sum();
            -ESCAPE_STEP * walk
        }
        // Time is on the survivors' side, and on their enemies' only as
        // they close in.
        VictoryCondition::Survive { rounds, .. } => {
            if fighters().next().is_none() {
                return 0.0;
            }
            // How far off each enemy stands, up to four zones; one who has
            // fallen stands the full four off, so that cutting an enemy
            // down never brings the end closer.
            let apart: f64 = table
                .units()
                .iter()
                .filter(|u| u.unit.side != owner)
                .map(|enemy| {
                    if !enemy.fighting() {
                        return 4;
                    }
                    fighters()
                        .map(|u| u.placement.zone.distance(enemy.placement.zone).min(4))
                        .min()
                        .unwrap_or(4)
                })
                .map(f64::from)
                .sum();
            // Behind a defended edge, each holds up attackers crossing it.
            let posted = fighters()
                .filter(|u| table.board().defended(u.placement.zone))
                .count();
            3.0 * f64::from(table.battle().round.min(*rounds)) / f64::from((*rounds).max(1))
                + 0.4 * apart
                + 0.6 * posted as f64
        }
    }
}

/// The best next command's score, counted for us or against us.
fn reply_value(table: &BattleState, side: usize) -> f64 {
    let Some((score, reply)) = first_ranked(table, legal_plans(table)) else {
        return 0.0;
    };
    let Some(actor) = table.unit_index(&reply.unit) else {
        return 0.0;
    };
    let sign = if table.units()[actor].unit.side == side {
        1.0
    } else {
        -1.0
    };
    sign * REPLY_WEIGHT * score.max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::shipped_level as start;
    use crate::battle::components::Fate;

    #[test]
    fn survival_progress_never_falls_as_an_enemy_falls() {
        // The farm (side 0) must survive ten rounds, the first condition.
        let mut table = start("farmstead_wall.ron");
        let condition = table.battle().level.victory[0].clone();
        assert!(matches!(condition, VictoryCondition::Survive { .. }));
        let mut progress = objective_progress(&table, 0, &condition, 0);
        for fallen in ["bandit_1", "chief", "archer_2", "thugs"] {
            let index = table.unit_index(fallen).unwrap();
            table.set_up().units[index].fate = Fate::Killed;
            let now = objective_progress(&table, 0, &condition, 0);
            assert!(now >= progress, "{fallen} falling hurt: {now} < {progress}");
            progress = now;
        }
    }

    #[test]
    fn a_zone_to_hold_left_unguarded_counts_for_the_side_that_must_hold_it() {
        // The bandits (side 1) must hold the farmhouse, the second
        // condition; Garrick stands in it alone for the farm.
        let mut table = start("farmstead_wall.ron");
        let condition = table.battle().level.victory[1].clone();
        assert!(matches!(condition, VictoryCondition::HoldZone { .. }));
        let guarded = objective_progress(&table, 1, &condition, 1);
        let garrick = table.unit_index("garrick").unwrap();
        table.set_up().units[garrick].placement.zone = crate::vocabulary::ZoneCoord(1, 1);
        let unguarded = objective_progress(&table, 1, &condition, 1);
        assert!((unguarded - guarded - ZONE_UNGUARDED).abs() < 1e-9);
    }

    #[test]
    fn a_zone_to_hold_with_a_lone_guard_counts_for_the_side_that_must_hold_it() {
        // Garrick guards the farmhouse alone; the farmhand joins him.
        let mut table = start("farmstead_wall.ron");
        let condition = table.battle().level.victory[1].clone();
        let alone = objective_progress(&table, 1, &condition, 1);
        let farmhand = table.unit_index("farmhand").unwrap();
        table.set_up().units[farmhand].placement.zone = crate::vocabulary::ZoneCoord(1, 2);
        let two_guards = objective_progress(&table, 1, &condition, 1);
        assert!((alone - two_guards - ZONE_ONE_FALL_FROM_LOST).abs() < 1e-9);
    }

    fn escape_progress(table: &BattleState) -> f64 {
        let condition = &table.battle().level.victory[0];
        assert!(matches!(condition, VictoryCondition::Escape { .. }));
        objective_progress(table, 0, condition, 0)
    }

    #[test]
    fn escape_progress_counts_the_nearest_still_needed_and_a_fall_never_helps() {
        // The patrol (side 0) must get three of its five over the east
        // edge, the first condition.
        let mut table = start("harpy_raid.ron");
        // Two stand five zones from the edge and three stand six: the
        // nearest three walk 5 + 5 + 6.
        assert_eq!(escape_progress(&table), -ESCAPE_STEP * 16.0);
        let mut progress = escape_progress(&table);
        for fallen in ["sergeant", "soldier_1", "archer", "crossbow"] {
            let index = table.unit_index(fallen).unwrap();
            table.set_up().units[index].fate = Fate::Killed;
            let now = escape_progress(&table);
            assert!(
                now <= progress,
                "{fallen} falling helped: {now} > {progress}"
            );
            progress = now;
        }
        // One left of three needed: two walks across the board (7 zones).
        assert_eq!(progress, -ESCAPE_STEP * (5.0 + 7.0 + 7.0));
        let index = table.unit_index("soldier_2").unwrap();
        table.set_up().units[index].fate = Fate::Escaped;
        assert_eq!(escape_progress(&table), -ESCAPE_STEP * 14.0);
    }
}
