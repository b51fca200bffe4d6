//! An order in words, for the action menu and for replays' steps: display
//! names, never ids.

use crate::battle::command::Order;
use crate::battle::state::BattleState;

/// The name of a unit for menus: its name, or its id if unknown.
fn unit_name(table: &BattleState, id: &str) -> String {
    table
        .unit_index(id)
        .map_or_else(|| id.to_string(), |i| table.units[i].unit.name.clone())
}

/// A menu label for an order.
pub fn order_label(table: &BattleState, order: &Order) -> String {
    match order {
        Order::Move { to, .. } => format!("Move to {to}"),
        Order::Fly { to, facing, .. } => match facing {
            Some(facing) => format!("Fly to {to}, facing {}", facing.name()),
            None => format!("Fly to {to}"),
        },
        Order::Drive {
            to,
            facing,
            target: None,
            ..
        } => match facing {
            Some(facing) => format!("Drive to {to}, facing {}", facing.name()),
            None => format!("Drive to {to}"),
        },
        Order::Drive {
            target: Some(target),
            ..
        } => format!("Drive at {}", unit_name(table, target)),
        Order::Gallop { to, .. } => format!("Gallop to {to}"),
        Order::Mount { on, .. } => format!("Mount {}", unit_name(table, on)),
        Order::Charge { target, .. } => format!("Charge {}", unit_name(table, target)),
        Order::JoinGroup { friend, .. } => format!("Join {}", unit_name(table, friend)),
        Order::LeaveTable { edge, .. } => format!("Leave the table ({} edge)", edge.name()),
        Order::Attack {
            target,
            weapon,
            tactic,
            ..
        } => {
            let weapon = weapon
                .as_deref()
                .and_then(|w| table.ruleset.weapons.get(w))
                .map_or("best weapon", |w| w.name.as_str());
            match tactic {
                Some(tactic) => {
                    format!("{}: {} ({weapon})", tactic.name(), unit_name(table, target))
                }
                None => format!("Attack {} ({weapon})", unit_name(table, target)),
            }
        }
        Order::Break { target, .. } => format!("Break {}'s pool", unit_name(table, target)),
        Order::CloseIn { target, .. } => format!("Close in on {}", unit_name(table, target)),
        Order::Drag { target, .. } => {
            format!("Drag {} into the melee", unit_name(table, target))
        }
        Order::Cast { target } => format!("Cast at {}", unit_name(table, target)),
        Order::Prepare { spell, .. } => format!(
            "Prepare {}",
            table
                .ruleset
                .actions
                .spells
                .get(spell)
                .map_or(spell.as_str(), |s| s.name.as_str())
        ),
        Order::Defend {
            with: Some(defence),
            ..
        } => {
            let dice = table
                .battle
                .pending
                .as_ref()
                .and_then(|p| table.units[p.target].profile.defences.get(defence))
                .copied()
                .unwrap_or(0);
            format!("{} ({dice} dice)", order.name())
        }
        other => other.name().to_string(),
    }
}
