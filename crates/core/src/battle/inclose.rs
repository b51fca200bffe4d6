//! InClose combat ("InClose Combat"): closing to hand-to-hand, who stays on
//! their feet, the weapons that still serve, holds (grapple, squeeze,
//! improve, subdue; break, reverse, yield) and knockdown.

use super::command::{Order, RuleError};
use super::components::Status;
use super::state::BattleState;
use crate::data::WrestleMove;

/// Size with the stability of extra legs ("four legs +1, eight legs +2").
pub fn stable_size(table: &BattleState, unit: usize) -> u32 {
    let profile = &table.units[unit].profile;
    let bonus = table
        .ruleset
        .rules
        .stability
        .get(&profile.legs)
        .copied()
        .unwrap_or(0);
    u32::from(profile.size) + u32::from(bonus)
}

/// The dice each of two combatants gains in a contest of strength for the
/// steps of size it has over the other, (first's, second's).
pub fn size_edges(table: &BattleState, first: usize, second: usize) -> (u32, u32) {
    let (a, b) = (stable_size(table, first), stable_size(table, second));
    (a.saturating_sub(b), b.saturating_sub(a))
}

/// Whether a combatant stays on its feet InClose against an opponent: only
/// at three times its size.
pub fn stands_against(table: &BattleState, unit: usize, opponent: usize) -> bool {
    stable_size(table, unit)
        >= u32::from(table.ruleset.rules.inclose_size_ratio) * stable_size(table, opponent)
}

/// The close opponent, while both are still fighting InClose.
pub fn close_partner(table: &BattleState, unit: usize) -> Option<usize> {
    let partner = table.units[unit].conditions.close_with?;
    (table.units[unit].status == Status::InClose && table.units[partner].fighting())
        .then_some(partner)
}

/// Whom a combatant holds.
pub fn holds(table: &BattleState, unit: usize) -> Option<usize> {
    (0..table.units.len()).find(|&u| {
        table.units[u].fighting()
            && table.units[u]
                .conditions
                .held_by
                .is_some_and(|g| g.by == unit)
    })
}

/// Why an order is refused InClose or in a hold (`None`: it is not).
pub fn inclose_problem(table: &BattleState, actor: usize, order: &Order) -> Option<RuleError> {
    let me = &table.units[actor];
    if me.conditions.held_by.is_some() {
        let free = matches!(
            order,
            Order::Wrestle { with, .. } if with.by_the_held()
        ) || matches!(
            order,
            Order::Pass
                | Order::Hold
                | Order::KeepDie
                | Order::Effort
                | Order::RecoveryRoll
                | Order::Recover { .. }
                | Order::Defend { .. }
        );
        if !free {
            return Some(RuleError::HeldFast);
        }
    }
    match order {
        Order::CloseIn { target, .. } => {
            if me.status == Status::InClose {
                return Some(RuleError::AlreadyInClose);
            }
            let them = table.unit_index(target)?;
            // A swarm is no one body to wrestle (RULES §38).
            if let Some(swarm) = [actor, them]
                .into_iter()
                .find(|&u| table.units[u].profile.is_swarm())
            {
                return Some(RuleError::Swarm {
                    unit: table.units[swarm].unit.id.clone(),
                });
            }
            let same_melee = me.placement.group.is_some()
                && me.placement.group == table.units[them].placement.group
                && table.units[them].unit.side != me.unit.side
                && table.units[them].fighting();
            if !same_melee {
                return Some(RuleError::NotInSameMelee {
                    unit: target.clone(),
                });
            }
            (table.units[them].status == Status::InClose).then_some(RuleError::AlreadyInClose)
        }
        Order::Wrestle { with, .. } => {
            let Some(partner) = close_partner(table, actor) else {
                return Some(RuleError::NotInClose);
            };
            let them = &table.units[partner];
            match with {
                WrestleMove::Grapple => {
                    if !me.profile.wrestler {
                        Some(RuleError::NotAWrestler)
                    } else if them.conditions.held_by.is_some() {
                        Some(RuleError::AlreadyHeld)
                    } else if !them.conditions.prone
                        && stable_size(table, partner)
                            >= u32::from(table.ruleset.rules.inclose_size_ratio)
                                * stable_size(table, actor)
                    {
                        Some(RuleError::TooBigToHold)
                    } else {
                        None
                    }
                }
                WrestleMove::Squeeze | WrestleMove::Improve | WrestleMove::Subdue => {
                    (holds(table, actor) != Some(partner)).then_some(RuleError::NoHold)
                }
                WrestleMove::Knockdown => them.conditions.prone.then_some(RuleError::AlreadyDown),
                WrestleMove::Break | WrestleMove::Reverse | WrestleMove::Yield => me
                    .conditions
                    .held_by
                    .is_none()
                    .then_some(RuleError::NotHeld),
            }
        }
        _ => None,
    }
}
