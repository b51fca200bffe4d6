//! The HUD, drawn with bevy_egui: the countdown track, the selected unit's
//! card, the action menu with costs, illegal actions greyed with the rules'
//! reason, a dice picker and the exact odds of an attack, the battle log with
//! its dice, hover tooltips, the help overlay, the pause menu and the
//! hot-seat hand-over screen. The HUD reads the battle and gives commands;
//! it never decides a rule.

pub mod log_view;
pub mod menu_cache;
mod panels;
mod recap;
pub mod rules_panel;

pub use panels::die;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use bevy_egui::input::EguiWantsInput;
use leafwing_input_manager::prelude::*;

use super::Screen;
use super::input::{Controls, GameAction};
use super::match_setup::MatchSetup;
use super::viewer::Viewer;
use crate::ai::candidate_orders;
use crate::battle::check::check;
use crate::battle::command::{Command, CommandQueue, LastVerdict, Order, RuleError};
use crate::battle::describe::Names;
use crate::battle::engine::Engine;
use crate::battle::state::BattleState;
use crate::game::screens::battle_on_table;

/// What the HUD shows and the player has picked.
#[derive(Resource, Debug, Clone, Default)]
pub struct HudState {
    pub selected: Option<usize>,
    pub hovered_zone: Option<crate::level::ZoneCoord>,
    pub hovered_unit: Option<usize>,
    /// A message for the player (a refused click, a rules refusal).
    pub notice: Option<String>,
    /// The rule behind a refusal in the notice, to open in the reference.
    pub notice_rule: Option<&'static str>,
    /// The rules reference (F2).
    pub rules: rules_panel::RulesPanel,
    pub help: bool,
    pub paused: bool,
    /// The human side that must take the seat before play goes on.
    pub handover: Option<usize>,
    /// A Pass waiting for the player's word: this combatant could still act.
    pub confirm_pass: Option<usize>,
    /// The last human side that had the turn (for the hand-over screen).
    pub last_human_side: Option<usize>,
    /// When (in seconds of the app's clock) the turn last came to a human
    /// from the AI or from nobody; `None` while no human has the turn.
    pub human_turn_since: Option<f32>,
    /// The player's standing choices for attacks: raise a die with a 1,
    /// special results, a special tactic.
    pub attack: crate::game::orders::AttackChoices,
    /// Dice picked to pay with (positions in the pool); empty means the least
    /// wasteful dice.
    pub picked_dice: Vec<usize>,
    /// What happened while a player waited for the turn.
    pub recap: recap::Recap,
    /// The battle log's place and filter.
    pub log: log_view::LogView,
    /// The figure or zone of the menu entry under the pointer, pointed out
    /// on the table.
    pub pointing: Option<crate::game::orders::Click>,
    /// What a lesson's open step lets through, and points out.
    pub lesson: Option<crate::lesson::LessonGate>,
    /// egui has the keyboard or the pointer this frame.
    pub keyboard_taken: bool,
    pub pointer_taken: bool,
}

/// How long order keys wait after the turn comes to a human: a key pressed
/// as the AI finished was meant for the AI's turn, not the human's.
pub const ORDER_KEY_GRACE_SECONDS: f32 = 0.35;

impl HudState {
    /// Tells the player why the rules refuse an order, in words, with the
    /// rule to read in the reference.
    pub fn refuse(&mut self, table: &BattleState, reason: &RuleError, lead: &str) {
        self.notice = Some(format!("{lead}: {}", reason.narrate(&Names::of(table))));
        self.notice_rule = Some(reason.rule());
    }

    /// A notice that is not a refusal of the rules.
    pub fn tell(&mut self, notice: String) {
        self.notice = Some(notice);
        self.notice_rule = None;
    }

    /// Whether an order key pressed at `now` is too soon after the turn
    /// came to a human, and is ignored.
    pub fn order_keys_wait(&self, now: f32) -> bool {
        self.human_turn_since
            .is_some_and(|since| now - since < ORDER_KEY_GRACE_SECONDS)
    }

    /// The faces of the dice the player picked to pay with, or `None` for
    /// the least wasteful dice.
    pub fn picked_faces(&self, table: &BattleState, actor: usize) -> Option<Vec<u8>> {
        let pool = &table.units.get(actor)?.pool.dice;
        (!self.picked_dice.is_empty()).then(|| {
            self.picked_dice
                .iter()
                .filter_map(|&k| pool.get(k).copied())
                .collect()
        })
    }

    /// An overlay that stops play until the player answers it.
    pub fn blocking_overlay(&self) -> bool {
        self.paused || self.handover.is_some() || self.confirm_pass.is_some()
    }
}

/// The part of the window the HUD leaves for the table, in logical pixels.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct TableViewport(pub Option<Rect>);

/// The combatants a human may act with now.
pub fn human_turn(table: &BattleState) -> Vec<usize> {
    table
        .battle
        .turn_candidates()
        .into_iter()
        .filter(|&i| table.battle.controller_of(i) == Some(crate::level::Controller::Human))
        .collect()
}

/// Gives a player's order for `actor` after the rules' check; a refusal
/// becomes the notice instead. In a lesson, only the order its step asks
/// for goes through.
pub fn give_order(
    queue: &mut CommandQueue,
    hud: &mut HudState,
    table: &BattleState,
    actor: usize,
    order: Order,
) {
    let command = Command::new(table.units[actor].unit.id.clone(), order);
    if let Some(gate) = &hud.lesson
        && !gate.asks_for(table, &command)
    {
        hud.confirm_pass = None;
        hud.tell(gate.hint.clone());
        return;
    }
    // Passing gives up the round's dice: asked once when any could act.
    if command.order == Order::Pass
        && hud.confirm_pass != Some(actor)
        && could_still_act(table, actor)
    {
        hud.confirm_pass = Some(actor);
        return;
    }
    hud.confirm_pass = None;
    hud.picked_dice.clear();
    match check(table, &command) {
        Ok(_) => {
            hud.notice = None;
            hud.notice_rule = None;
            queue.0.push_back(command);
        }
        Err(reason) => {
            hud.refuse(table, &reason, "Cannot");
        }
    }
}

/// Whether the combatant has an action open to it now, beyond holding,
/// passing and the 1s' Effort.
pub fn could_still_act(table: &BattleState, actor: usize) -> bool {
    let id = &table.units[actor].unit.id;
    candidate_orders(table, actor)
        .into_iter()
        .filter(|order| {
            !matches!(
                order,
                Order::Pass | Order::Hold | Order::Effort | Order::KeepDie
            )
        })
        .any(|order| check(table, &Command::new(id.clone(), order)).is_ok())
}

/// [`give_order`] from an exclusive system. Nothing is given while a replay
/// is watched.
pub fn submit_order(world: &mut World, table: &BattleState, actor: usize, order: Order) {
    if world.contains_resource::<Viewer>() {
        return;
    }
    world.resource_scope(|world, mut queue: Mut<CommandQueue>| {
        let mut hud = world.resource_mut::<HudState>();
        give_order(&mut queue, &mut hud, table, actor, order);
    });
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HudState>();
    app.init_resource::<TableViewport>();
    app.init_resource::<menu_cache::MenuCache>();
    app.add_systems(OnEnter(Screen::Battle), reset_hud);
    app.add_systems(
        Update,
        (watch_turn, shortcuts, show_refusals)
            .chain()
            .run_if(battle_on_table),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        panels::draw_battle_hud.run_if(battle_on_table),
    );
}

fn reset_hud(mut hud: ResMut<HudState>) {
    *hud = HudState::default();
}

/// When the turn comes to a human side: select its first combatant, and
/// in hot-seat play ask for the hand-over when the side changes.
fn watch_turn(
    engine: Option<Res<Engine>>,
    setup: Res<MatchSetup>,
    viewer: Option<Res<Viewer>>,
    time: Res<Time>,
    mut hud: ResMut<HudState>,
) {
    let Some(engine) = engine.filter(|engine| engine.is_changed() && viewer.is_none()) else {
        return;
    };
    let table = engine.state();
    let mine = human_turn(table);
    let holder = mine.first().map(|&first| table.units[first].unit.side);
    hud.recap.observe(holder, engine.log());
    let Some(&first) = mine.first() else {
        hud.human_turn_since = None;
        return;
    };
    if hud.human_turn_since.is_none() {
        hud.human_turn_since = Some(time.elapsed_secs());
    }
    let side = table.units[first].unit.side;
    if hud.last_human_side.is_some_and(|last| last != side) && setup.handover && setup.humans() > 1
    {
        hud.handover = Some(side);
    }
    hud.last_human_side = Some(side);
    if !hud.selected.is_some_and(|s| mine.contains(&s)) {
        hud.selected = Some(first);
        hud.picked_dice.clear();
    }
}

/// The keyboard shortcuts of the battle screen.
fn shortcuts(world: &mut World) {
    let mut controls = world.query_filtered::<&ActionState<GameAction>, With<Controls>>();
    let Ok(state) = controls.single(world) else {
        return;
    };
    let pressed: Vec<GameAction> = GameAction::KEYED
        .into_iter()
        .filter(|a| state.just_pressed(a))
        .collect();
    let number = number_pressed(world.resource::<ButtonInput<KeyCode>>());
    if pressed.is_empty() && number.is_none() {
        return;
    }
    // Keys typed into the settings (a new binding) are not orders.
    if world.resource::<EguiWantsInput>().wants_keyboard_input()
        || world
            .get_resource::<crate::game::settings::SettingsScreen>()
            .is_some_and(|s| s.open)
    {
        return;
    }
    let Some(table) = world.get_resource::<Engine>().map(|e| e.state().clone()) else {
        return;
    };
    let mine = human_turn(&table);
    let now = world.resource::<Time>().elapsed_secs();
    for action in pressed {
        let mut hud = world.resource_mut::<HudState>();
        match action {
            GameAction::Help => hud.help = !hud.help,
            GameAction::Rules => hud.rules.toggle(),
            // The pause menu waits until the seat has been handed over.
            GameAction::Pause if hud.handover.is_none() => {
                if hud.help || hud.rules.open {
                    hud.help = false;
                    hud.rules.open = false;
                } else {
                    hud.paused = !hud.paused;
                }
            }
            GameAction::Confirm if hud.handover.is_some() => hud.handover = None,
            GameAction::Undo if !hud.blocking_overlay() => panels::take_back(world),
            GameAction::Redo if !hud.blocking_overlay() => panels::give_again(world),
            GameAction::NextUnit if !mine.is_empty() => {
                let at = hud
                    .selected
                    .and_then(|s| mine.iter().position(|&m| m == s))
                    .map_or(0, |p| (p + 1) % mine.len());
                hud.selected = Some(mine[at]);
                hud.picked_dice.clear();
            }
            GameAction::Hold
            | GameAction::Pass
            | GameAction::KeepDie
            | GameAction::Recover
            | GameAction::Effort => {
                if hud.blocking_overlay() || hud.order_keys_wait(now) {
                    continue;
                }
                let Some(actor) = hud.selected.filter(|s| mine.contains(s)) else {
                    continue;
                };
                let order = match action {
                    GameAction::Hold => Order::Hold,
                    GameAction::Pass => Order::Pass,
                    GameAction::KeepDie => Order::KeepDie,
                    GameAction::Recover => Order::Recover { pay: None },
                    _ => Order::Effort,
                };
                submit_order(world, &table, actor, order);
            }
            _ => {}
        }
    }
    if let Some(number) = number {
        choose_numbered(world, &table, number, now);
    }
}

/// The number key pressed this frame: 1 to 9, on the main keys or the keypad.
fn number_pressed(keys: &ButtonInput<KeyCode>) -> Option<usize> {
    use KeyCode::*;
    const NUMBERS: [[KeyCode; 2]; menu_cache::NUMBERED] = [
        [Digit1, Numpad1],
        [Digit2, Numpad2],
        [Digit3, Numpad3],
        [Digit4, Numpad4],
        [Digit5, Numpad5],
        [Digit6, Numpad6],
        [Digit7, Numpad7],
        [Digit8, Numpad8],
        [Digit9, Numpad9],
    ];
    NUMBERS
        .iter()
        .position(|keys_of_number| keys.any_just_pressed(*keys_of_number))
}

/// Gives the order of the menu entry numbered `number` (from 0), as a click
/// on it would.
fn choose_numbered(world: &mut World, table: &BattleState, number: usize, now: f32) {
    let hud = world.resource::<HudState>().clone();
    if hud.blocking_overlay() || hud.order_keys_wait(now) {
        return;
    }
    let Some(state) = world.get_resource_ref::<Engine>().map(|e| e.last_changed()) else {
        return;
    };
    let chosen = world.resource_scope(|_, mut cache: Mut<menu_cache::MenuCache>| {
        let (actor, entries) = cache.players_menu(state, table, &hud)?;
        let entry = menu_cache::numbered(entries).nth(number)?;
        Some((actor, entry.order.clone()))
    });
    if let Some((actor, order)) = chosen {
        submit_order(world, table, actor, order);
    }
}

/// A command the rules refused (a click raced a change of turn) becomes the
/// player's notice.
fn show_refusals(verdict: Res<LastVerdict>, engine: Res<Engine>, mut hud: ResMut<HudState>) {
    if verdict.is_changed()
        && let Some(Err((_, reason))) = &verdict.0
    {
        hud.refuse(engine.state(), reason, "Refused");
    }
}
