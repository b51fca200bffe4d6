//! The legal commands of whoever may act now: each open order of every
//! combatant whose turn it is ([`open_orders`]), confirmed by the one check,
//! which also says how it would be paid.

use super::candidates::open_orders;
use super::check::{Plan, check};
use super::command::{Command, Order};
use super::state::BattleState;

impl BattleState {
    /// The legal commands now, each with the check's plan of it, in a fixed
    /// order: the AI's choices, the HUD's "could still act", the property
    /// tests' random play. Exactly the orders of the action menu that the
    /// check accepts (`legal_list_is_exactly_what_the_check_accepts`).
    pub fn legal_plans(&self) -> Vec<(Command, Plan)> {
        let mut legal = Vec::new();
        for id in self.turn_units() {
            let Some(index) = self.unit_index(&id) else {
                continue;
            };
            // One command is checked with each order in turn, so that a
            // refused order costs no copy of the id.
            let mut probe = Command::new(id.clone(), Order::Pass);
            for order in open_orders(self, index) {
                probe.order = order;
                if let Ok(plan) = check(self, &probe) {
                    let order = std::mem::replace(&mut probe.order, Order::Pass);
                    legal.push((Command::new(id.clone(), order), plan));
                }
            }
        }
        legal
    }
}
