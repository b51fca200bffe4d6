//! What the HUD holds: the selection, what is pointed at, the notices and
//! the overlays waiting for an answer, and the part of the window left to
//! the table.

use bevy::prelude::*;

use super::{log_view, recap, rules_panel};
use crate::battle::command::RuleError;
use crate::battle::describe::Names;
use crate::battle::state::BattleState;

/// What the HUD holds for the battle on the table, one part per concern;
/// each part keeps its own rules.
#[derive(Resource, Debug, Clone, Default)]
pub struct HudState {
    pub pick: Pick,
    pub notices: Notices,
    pub overlays: Overlays,
    pub seats: TurnSeats,
    pub choices: OrderChoices,
    pub menu: MenuPlace,
    /// What happened while a player waited for the turn.
    pub recap: recap::Recap,
    /// The battle log's place and filter.
    pub log: log_view::LogView,
    /// What a lesson's open step lets through, and points out.
    pub lesson: Option<crate::lesson::LessonGate>,
    pub focus: Focus,
}

/// What the player has picked and points at, on the table or in a menu.
#[derive(Debug, Clone, Default)]
pub struct Pick {
    pub selected: Option<usize>,
    pub hovered_zone: Option<crate::vocabulary::ZoneCoord>,
    pub hovered_unit: Option<usize>,
    /// The figure or zone of the menu entry under the pointer, pointed out
    /// on the table.
    pub pointing: Option<crate::game::orders::Click>,
    /// The odds of the attack or defence under the pointer in the menu, and
    /// the combatant whose figure shows them on the table.
    pub pointed_odds: Option<(usize, crate::rules::odds::AttackOdds)>,
}

/// The message for the player (a refused click, a rules refusal) and the
/// count of refusals.
#[derive(Debug, Clone, Default)]
pub struct Notices {
    pub text: Option<String>,
    /// The rule behind a refusal in the notice, to open in the reference.
    pub rule: Option<&'static str>,
    /// How many orders the rules have refused (for the refusal's sound).
    pub refusals: u64,
}

impl Notices {
    /// Tells the player why the rules refuse an order, in words, with the
    /// rule to read in the reference.
    pub fn refuse(&mut self, table: &BattleState, reason: &RuleError, lead: &str) {
        self.text = Some(format!("{lead}: {}", reason.narrate(&Names::of(table))));
        self.rule = Some(reason.rule());
        self.refusals = self.refusals.saturating_add(1);
    }

    /// A notice that is not a refusal of the rules.
    pub fn tell(&mut self, notice: String) {
        self.text = Some(notice);
        self.rule = None;
    }

    pub fn clear(&mut self) {
        self.text = None;
        self.rule = None;
    }
}

/// The windows over the table, and those that wait for an answer.
#[derive(Debug, Clone, Default)]
pub struct Overlays {
    /// The rules reference (F2).
    pub rules: rules_panel::RulesPanel,
    pub help: bool,
    pub paused: bool,
    /// The human side that must take the seat before play goes on.
    pub handover: Option<usize>,
    /// A Pass waiting for the player's word: this combatant could still act.
    pub confirm_pass: Option<usize>,
    /// The combatant whose surrender waits for the player's yes.
    pub confirm_surrender: Option<usize>,
}

impl Overlays {
    /// An overlay that stops play until the player answers it.
    pub fn blocking(&self) -> bool {
        self.paused
            || self.handover.is_some()
            || self.confirm_pass.is_some()
            || self.confirm_surrender.is_some()
    }
}

/// Who gives the orders at this machine, and since when.
#[derive(Debug, Clone, Default)]
pub struct TurnSeats {
    /// The sides played at another machine (a network game): nobody here
    /// gives their orders.
    pub remote_sides: Vec<usize>,
    /// The human sides the AI plays for until the player takes them back
    /// (the pause menu's "Let the AI play ..."), for this battle.
    pub ai_stands_in: Vec<usize>,
    /// The last human side that had the turn (for the hand-over screen).
    pub last_human_side: Option<usize>,
    /// When (in seconds of the app's clock) the turn last came to a human
    /// from the AI or from nobody; `None` while no human has the turn.
    pub human_turn_since: Option<f32>,
}

/// How long order keys wait after the turn comes to a human: a key pressed
/// as the AI finished was meant for the AI's turn, not the human's.
pub const ORDER_KEY_GRACE_SECONDS: f32 = 0.35;

impl TurnSeats {
    /// The combatants a player at this machine may act with now: those of
    /// [`human_turn`] on no remote side and on none the AI plays for.
    pub fn mine(&self, table: &BattleState) -> Vec<usize> {
        human_turn(table)
            .into_iter()
            .filter(|&i| {
                let side = table.units()[i].unit.side;
                !self.remote_sides.contains(&side) && !self.ai_stands_in.contains(&side)
            })
            .collect()
    }

    /// Whether an order key pressed at `now` is too soon after the turn
    /// came to a human, and is ignored.
    pub fn order_keys_wait(&self, now: f32) -> bool {
        self.human_turn_since
            .is_some_and(|since| now - since < ORDER_KEY_GRACE_SECONDS)
    }
}

/// The player's standing choices for the orders given.
#[derive(Debug, Clone, Default)]
pub struct OrderChoices {
    /// For attacks: raise a die with a 1, special results, a special tactic.
    pub attack: crate::battle::command::AttackChoices,
    /// Dice picked to pay with (positions in the pool); empty means the least
    /// wasteful dice.
    pub picked_dice: Vec<usize>,
}

impl OrderChoices {
    /// The faces of the dice the player picked to pay with, or `None` for
    /// the least wasteful dice.
    pub fn picked_faces(&self, table: &BattleState, actor: usize) -> Option<Vec<u8>> {
        let pool = &table.units().get(actor)?.pool.dice;
        (!self.picked_dice.is_empty()).then(|| {
            self.picked_dice
                .iter()
                .filter_map(|&k| pool.get(k).copied())
                .collect()
        })
    }
}

/// Where the action menu was left, so it is drawn again in place.
#[derive(Debug, Clone, Default)]
pub struct MenuPlace {
    /// The combatant whose action menu was last drawn (a new one's menu
    /// starts at its top).
    pub actor: Option<usize>,
    /// How tall the standing options' drawer was last drawn, in points.
    pub options_height: f32,
}

/// Whether egui has the keyboard or the pointer this frame.
#[derive(Debug, Clone, Default)]
pub struct Focus {
    pub keyboard_taken: bool,
    pub pointer_taken: bool,
}

/// The part of the window the HUD leaves for the table, in logical pixels.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct TableViewport(pub Option<Rect>);

/// Whether the table is drawn under the HUD's panels, which are then
/// see-through (Medium and High graphics), or only in the part they leave
/// (Low: a software renderer shades every pixel it draws at a cost).
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct TableUnderPanels(pub bool);

/// The combatants a human may act with now.
pub fn human_turn(table: &BattleState) -> Vec<usize> {
    table
        .battle()
        .turn_candidates()
        .into_iter()
        .filter(|&i| table.battle().controller_of(i) == Some(crate::level::Controller::Human))
        .collect()
}
