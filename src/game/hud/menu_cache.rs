//! The action menu and the table's click verdict, worked out once for each
//! battle state and player choice instead of every frame: behind them are
//! the rules' checks, which search routes for flyers and chariots.

use bevy::ecs::change_detection::Tick;
use bevy::prelude::Resource;

use super::state::HudState;
use crate::battle::check::Plan;
use crate::battle::command::{AttackChoices, RuleError};
use crate::battle::state::BattleState;
use crate::game::orders::{
    Click, MenuEntry, MenuSection, click_order, facing_choice, menu_entries,
};

/// What a menu depends on besides the rules: the state (by the tick it last
/// changed at), the combatant, and the player's choices.
#[derive(Debug, Clone, PartialEq)]
struct MenuKey {
    state: Tick,
    actor: usize,
    choices: AttackChoices,
    pay: Option<Vec<u8>>,
}

#[derive(Debug, Clone, PartialEq)]
struct ClickKey {
    state: Tick,
    actor: usize,
    click: Click,
    choices: AttackChoices,
}

/// The last menu and click verdict worked out, with what they were worked
/// out for. The HUD, the table's marks and the number keys share it.
#[derive(Resource, Debug, Default)]
pub struct MenuCache {
    menu: Option<(MenuKey, Vec<MenuEntry>)>,
    click: Option<(ClickKey, Result<Plan, RuleError>)>,
    /// How many menus and click verdicts were worked out afresh.
    pub computed: u32,
}

impl MenuCache {
    /// The action menu of `actor` in `table`, whose state last changed at
    /// `state`.
    pub fn menu(
        &mut self,
        state: Tick,
        table: &BattleState,
        actor: usize,
        choices: &AttackChoices,
        pay: Option<&[u8]>,
    ) -> &[MenuEntry] {
        let key = MenuKey {
            state,
            actor,
            choices: choices.clone(),
            pay: pay.map(<[u8]>::to_vec),
        };
        let menu = match self.menu.take() {
            Some(cached) if cached.0 == key => cached,
            _ => {
                self.computed += 1;
                (key, menu_entries(table, actor, choices, pay))
            }
        };
        &self.menu.insert(menu).1
    }

    /// The menu of the combatant the player has selected, with the dice
    /// picked to pay with, if one of theirs is to act.
    pub fn players_menu(
        &mut self,
        state: Tick,
        table: &BattleState,
        hud: &HudState,
    ) -> Option<(usize, &[MenuEntry])> {
        let actor = hud
            .pick
            .selected
            .filter(|s| hud.seats.mine(table).contains(s))?;
        let pay = hud.choices.picked_faces(table, actor);
        Some((
            actor,
            self.menu(state, table, actor, &hud.choices.attack, pay.as_deref()),
        ))
    }

    /// What a click would do for `actor`: the rules' verdict of
    /// [`click_order`].
    pub fn click(
        &mut self,
        state: Tick,
        table: &BattleState,
        actor: usize,
        click: Click,
        choices: &AttackChoices,
    ) -> &Result<Plan, RuleError> {
        let key = ClickKey {
            state,
            actor,
            click,
            choices: choices.clone(),
        };
        let verdict = match self.click.take() {
            Some(cached) if cached.0 == key => cached,
            _ => {
                self.computed += 1;
                (key, click_order(table, actor, click, choices))
            }
        };
        &self.click.insert(verdict).1
    }
}

/// The most menu entries the number keys reach.
pub const NUMBERED: usize = 9;

/// Whether the menu gives the entry a number key: an allowed defence, order
/// aimed at a figure, or other order of the combatant's own (an aim, a pool,
/// a spell prepared). So 1 is the first order on the nearest foe who can
/// still fight, whichever figure acts. The turn's choices (hold, pass, keep
/// a die, Effort, Recover) have letter keys of their own, and a move never
/// has a number: which zone a number reached changed with where the figure
/// stood, so a key pressed for one figure's attack could send the next one
/// over a wall. Moves are chosen on the table, or clicked in the menu.
pub fn is_numbered(entry: &MenuEntry) -> bool {
    entry.verdict.is_ok()
        && !matches!(entry.section, MenuSection::Turn | MenuSection::Move)
        && facing_choice(&entry.order).is_none()
}

/// The entries the number keys 1 to 9 choose: the first nine numbered ones
/// ([`is_numbered`]), in the menu's order.
pub fn numbered(entries: &[MenuEntry]) -> impl Iterator<Item = &MenuEntry> {
    entries.iter().filter(|e| is_numbered(e)).take(NUMBERED)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::command::Order;
    use crate::rules::payment::Cost;
    use crate::vocabulary::Facing;
    use crate::vocabulary::ZoneCoord;

    fn entry(section: MenuSection, order: Order, allowed: bool) -> MenuEntry {
        let verdict = if allowed {
            Ok(Plan {
                actor: 0,
                order: order.clone(),
                other: None,
                cost: Cost::Free,
                paid: Vec::new(),
                weapon: None,
            })
        } else {
            Err(RuleError::NoTurnOpen)
        };
        MenuEntry {
            section,
            label: String::new(),
            order,
            points_at: None,
            verdict,
            choices_ignored: false,
        }
    }

    fn fly(facing: Option<Facing>) -> Order {
        Order::Fly {
            to: ZoneCoord(1, 0),
            facing,
            pay: None,
        }
    }

    #[test]
    fn the_number_keys_reach_orders_on_figures_and_others_never_the_turns_choices_or_a_move() {
        let attack = |target: usize| {
            let mut e = entry(MenuSection::Target(target), Order::Hold, true);
            e.label = format!("attack {target}");
            e
        };
        let mut entries = vec![
            entry(MenuSection::Turn, Order::Hold, true),
            entry(MenuSection::Turn, Order::Pass, true),
            attack(3),
            entry(MenuSection::Target(3), Order::Hold, false),
            attack(4),
        ];
        // One zone's flight, in each of the eight facings, and the same
        // flight with the facing left to the rules: all moves.
        for facing in Facing::ALL {
            entries.push(entry(MenuSection::Move, fly(Some(facing)), true));
        }
        entries.push(entry(MenuSection::Move, fly(None), true));
        for _ in 0..9 {
            entries.push(entry(MenuSection::Other, Order::Aim { pay: None }, true));
        }
        let chosen: Vec<&MenuEntry> = numbered(&entries).collect();
        assert_eq!(chosen.len(), NUMBERED);
        assert_eq!(chosen[0].label, "attack 3");
        assert_eq!(chosen[1].label, "attack 4");
        assert!(
            chosen[2..]
                .iter()
                .all(|e| matches!(e.order, Order::Aim { .. }))
        );
        // A facing is the flight to the same zone with the facing chosen.
        assert_eq!(
            facing_choice(&fly(Some(Facing::NE))),
            Some((Facing::NE, fly(None)))
        );
        assert_eq!(facing_choice(&fly(None)), None);
        assert_eq!(facing_choice(&Order::Hold), None);
    }
}
