//! The commands the AI weighs: the engine's legal commands, each attack in
//! the variants of special results and tactics the AI weighs.

use super::evaluate::special_choices;
use crate::battle::check::Plan;
use crate::battle::command::{Command, Order};
use crate::battle::state::BattleState;
use crate::data::Tactic;
use crate::rules::special::SpecialResult;

/// The legal commands of the combatants whose turn it is, in a fixed order.
/// Each legal attack comes in the few orders of special results the AI
/// weighs ([`special_choices`]).
pub fn legal_commands(table: &BattleState) -> Vec<Command> {
    legal_plans(table)
        .into_iter()
        .map(|(command, _)| command)
        .collect()
}

/// [`legal_commands`], each with the plan the check made of it, so that the
/// AI scores a command without checking it again.
pub(super) fn legal_plans(table: &BattleState) -> Vec<(Command, Plan)> {
    let mut legal = Vec::new();
    for (command, plan) in table.legal_plans() {
        let index = plan.actor;
        let Order::Attack { target, .. } = &command.order else {
            legal.push((command, plan));
            continue;
        };
        let Some(target) = table.unit_index(target) else {
            continue;
        };
        let mut variants: Vec<(Vec<SpecialResult>, Option<Tactic>)> =
            special_choices(table, index, target)
                .into_iter()
                .map(|choice| (choice, None))
                .collect();
        variants.extend(
            Tactic::ALL
                .into_iter()
                .map(|t| (vec![SpecialResult::ExtraDamage], Some(t))),
        );
        for (choice, with_tactic) in variants {
            let mut variant = command.clone();
            if let Order::Attack {
                specials, tactic, ..
            } = &mut variant.order
            {
                *specials = choice;
                *tactic = with_tactic;
            }
            // The specials chosen change nothing the check looks at; a
            // tactic may.
            let variant_plan = if with_tactic.is_none() {
                Ok(Plan {
                    actor: plan.actor,
                    order: variant.order.clone(),
                    other: plan.other,
                    cost: plan.cost,
                    paid: plan.paid.clone(),
                    weapon: plan.weapon.clone(),
                })
            } else {
                table.check(&variant)
            };
            if let Ok(variant_plan) = variant_plan {
                legal.push((variant, variant_plan));
            }
        }
    }
    legal
}
