//! The battle screen: the HUD's panels, its keyboard shortcuts, and the
//! watch on the turn that selects a human's combatant and asks for the
//! hand-over between two players.

mod actions;
mod card;
mod folding;
#[cfg(test)]
mod panel_tests;
mod panels;
mod tooltip;
mod top_bar;
mod windows;

pub(crate) use top_bar::{give_again, take_back};

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use bevy_egui::input::EguiWantsInput;

use crate::battle::command::Order;
use crate::battle::engine::Engine;
use crate::battle::state::BattleState;
use crate::game::hud::{
    HudState, TableUnderPanels, TableViewport, forget_wound_choices_given,
    give_standing_wound_choice, keep_standing_choices, menu_cache, submit_order,
};
use crate::game::input::{GameAction, KeyBindings};
use crate::game::session::match_setup::MatchSetup;
use crate::game::session::watching::Viewer;
use crate::game::stage::{EnterBattle, Screen, battle_on_table};
use crate::game::steps::{Origin, StepTaken};
use crate::replay::Replay;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<HudState>();
    app.init_resource::<TableViewport>();
    app.init_resource::<TableUnderPanels>();
    app.init_resource::<folding::FoldedPanels>();
    app.init_resource::<menu_cache::MenuCache>();
    app.add_systems(
        OnEnter(Screen::Battle),
        (reset_hud, forget_wound_choices_given).after(EnterBattle::Start),
    );
    app.add_systems(
        Update,
        (give_standing_wound_choice, keep_standing_choices).run_if(battle_on_table),
    );
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

/// A battle begins with a fresh HUD, and with the standing choices its
/// record kept (a battle resumed goes on with them).
fn reset_hud(
    mut hud: ResMut<HudState>,
    elsewhere: Res<crate::game::session::match_setup::PlayedElsewhere>,
    replay: Option<Res<Replay>>,
) {
    *hud = HudState::default();
    hud.seats.remote_sides = elsewhere.0.clone();
    hud.choices.attack = replay.map_or_else(Default::default, |replay| {
        replay.standing.clone().each_special_once()
    });
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
    let mine = hud.seats.mine(table);
    let holder = mine.first().map(|&first| table.units()[first].unit.side);
    hud.recap.observe(holder, engine.log());
    let Some(&first) = mine.first() else {
        hud.seats.human_turn_since = None;
        return;
    };
    if hud.seats.human_turn_since.is_none() {
        hud.seats.human_turn_since = Some(time.elapsed_secs());
    }
    let side = table.units()[first].unit.side;
    if hud.seats.last_human_side.is_some_and(|last| last != side)
        && setup.handover
        && setup.humans() > 1
    {
        hud.overlays.handover = Some(side);
    }
    hud.seats.last_human_side = Some(side);
    if !hud.pick.selected.is_some_and(|s| mine.contains(&s)) {
        hud.pick.selected = Some(first);
        hud.choices.picked_dice.clear();
    }
}

/// The keyboard shortcuts of the battle screen.
fn shortcuts(world: &mut World) {
    // Read from the keys' own presses, so a tap between two frames counts.
    let (Some(keys), Some(bindings)) = (
        world.get_resource::<ButtonInput<KeyCode>>(),
        world.get_resource::<KeyBindings>(),
    ) else {
        return;
    };
    let pressed: Vec<GameAction> = GameAction::KEYED
        .into_iter()
        .filter(|&a| bindings.tapped(keys, a))
        .collect();
    let number = number_pressed(keys);
    if pressed.is_empty() && number.is_none() {
        return;
    }
    // Keys typed into the settings (a new binding) are not orders.
    if world.resource::<EguiWantsInput>().wants_keyboard_input()
        || world
            .get_resource::<crate::game::screens::settings::SettingsScreen>()
            .is_some_and(|s| s.open)
    {
        return;
    }
    let Some(table) = world.get_resource::<Engine>().map(|e| e.state().clone()) else {
        return;
    };
    let mine = world.resource::<HudState>().seats.mine(&table);
    let now = world.resource::<Time>().elapsed_secs();
    for action in pressed {
        let mut hud = world.resource_mut::<HudState>();
        match action {
            GameAction::Help => hud.overlays.help = !hud.overlays.help,
            GameAction::Rules => hud.overlays.rules.toggle(),
            // The pause menu waits until the seat has been handed over.
            GameAction::Pause if hud.overlays.handover.is_none() => {
                if hud.overlays.help || hud.overlays.rules.open {
                    hud.overlays.help = false;
                    hud.overlays.rules.open = false;
                } else {
                    hud.overlays.paused = !hud.overlays.paused;
                }
            }
            GameAction::Confirm if hud.overlays.handover.is_some() => hud.overlays.handover = None,
            GameAction::Confirm if hud.overlays.confirm_pass.is_some() => {
                if let Some(actor) = hud.overlays.confirm_pass {
                    submit_order(world, &table, actor, Order::Pass);
                }
            }
            GameAction::Undo if !hud.overlays.blocking() => take_back(world),
            GameAction::Redo if !hud.overlays.blocking() => give_again(world),
            GameAction::NextUnit if !mine.is_empty() => {
                let at = hud
                    .pick
                    .selected
                    .and_then(|s| mine.iter().position(|&m| m == s))
                    .map_or(0, |p| (p + 1) % mine.len());
                hud.pick.selected = Some(mine[at]);
                hud.choices.picked_dice.clear();
            }
            GameAction::Hold
            | GameAction::Pass
            | GameAction::KeepDie
            | GameAction::Recover
            | GameAction::Effort => {
                if hud.overlays.blocking() || hud.seats.order_keys_wait(now) {
                    continue;
                }
                let Some(actor) = hud.pick.selected.filter(|s| mine.contains(s)) else {
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
    if hud.overlays.blocking() || hud.seats.order_keys_wait(now) {
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
fn show_refusals(
    mut taken: MessageReader<StepTaken>,
    engine: Res<Engine>,
    mut hud: ResMut<HudState>,
) {
    // A server's step refused here is the online panel's news.
    for step in taken.read().filter(|step| step.origin == Origin::Here) {
        if let Some(reason) = step.refused() {
            hud.notices.refuse(engine.state(), reason, "Refused");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::AiLevel;
    use crate::battle::command::AttackChoices;
    use crate::data::{Ruleset, Tactic};
    use crate::game::session::match_setup::PlayedElsewhere;
    use crate::rules::special::SpecialResult;
    use crate::seat::Seat;

    #[test]
    fn a_resumed_battle_goes_on_with_the_standing_choices_its_record_kept() {
        let engine = crate::game::test_engines::roland_to_act();
        let ruleset = Ruleset::embedded().expect("the built-in data loads");
        let seats = [Seat::Human, Seat::Ai(AiLevel::Normal)];
        let mut replay = Replay::begin("strip.ron", "", &ruleset, &seats, &engine);
        // A file may name a special result twice: it is bought once.
        replay.standing = AttackChoices {
            raise_with_one: true,
            specials: vec![SpecialResult::ALL[0], SpecialResult::ALL[0]],
            tactic: Some(Tactic::AllOutAttack),
            ..AttackChoices::default()
        };
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.insert_resource(replay);
        app.insert_resource(PlayedElsewhere::default());
        app.insert_resource(HudState {
            notices: crate::game::hud::Notices {
                text: Some("from the last battle".to_string()),
                ..default()
            },
            ..HudState::default()
        });
        app.add_systems(Update, reset_hud);
        app.update();
        let hud = app.world().resource::<HudState>();
        assert_eq!(hud.notices.text, None);
        assert_eq!(
            hud.choices.attack,
            AttackChoices {
                raise_with_one: true,
                specials: vec![SpecialResult::ALL[0]],
                tactic: Some(Tactic::AllOutAttack),
                ..AttackChoices::default()
            }
        );
    }
}
