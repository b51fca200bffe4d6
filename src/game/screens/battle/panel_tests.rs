//! The action panel driven headless through egui_kittest: the actions
//! first, the standing options folded below them with a line saying what
//! is set, and the odds a defence buys.

use bevy::ecs::change_detection::Tick;
use bevy_egui::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use super::actions::{action_menu, odds_lines};
use super::panels::actions_panel;
use crate::data::Tactic;
use crate::game::hud::menu_cache::MenuCache;
use crate::game::hud::{HudState, Overlays, Pick, TurnSeats};
use crate::game::input::KeyBindings;
use crate::game::steps::CommandQueue;
use crate::game::test_engines::roland_to_act;
use crate::rules::odds::AttackOdds;

#[derive(Default)]
struct Panel {
    hud: HudState,
    cache: MenuCache,
    queue: CommandQueue,
}

/// A harness drawing `draw` on a 300 by 700 panel, Roland to act.
fn harness(
    hud: HudState,
    draw: impl Fn(&mut egui::Ui, &crate::battle::engine::Engine, &KeyBindings, &mut Panel) + 'static,
) -> Harness<'static, Panel> {
    let engine = roland_to_act();
    let bindings = KeyBindings::default();
    Harness::builder()
        .with_size(egui::vec2(300.0, 700.0))
        .build_ui_state(
            move |ui, panel: &mut Panel| draw(ui, &engine, &bindings, panel),
            Panel {
                hud,
                ..Panel::default()
            },
        )
}

/// The action menu alone.
fn panel(hud: HudState) -> Harness<'static, Panel> {
    harness(hud, |ui, engine, bindings, panel| {
        action_menu(
            ui,
            engine.state(),
            Tick::new(1),
            &mut panel.cache,
            0,
            &mut panel.hud,
            &mut panel.queue,
            bindings,
        );
    })
}

#[test]
fn the_actions_come_first_and_the_options_wait_folded_below_them() {
    let harness = panel(HudState::default());
    let hold = harness.get_by_label_contains("Hold - free").rect();
    let options = harness.get_by_label("Options").rect();
    assert!(
        hold.bottom() < options.top(),
        "{hold:?} is not above {options:?}"
    );
    // Folded: none of the options shows, only what is set.
    assert!(
        harness
            .query_by_label_contains("Raise a die with a 1")
            .is_none()
    );
    assert!(harness.query_by_label_contains("Pay with").is_none());
    harness.get_by_label("None set: the rules' own way, paying with the least wasteful dice.");
}

#[test]
fn the_folded_options_say_what_is_set_and_open_on_a_click() {
    let mut hud = HudState::default();
    hud.choices.attack.tactic = Some(Tactic::AllOutAttack);
    hud.choices.attack.raise_with_one = true;
    let mut harness = panel(hud);
    harness.get_by_label("Set: raise with a 1; All Out Attack.");
    harness.get_by_label("Options").click();
    harness.run();
    assert!(
        harness
            .query_by_label_contains("Raise a die with a 1")
            .is_some()
    );
    assert!(harness.query_by_label_contains("Pay with").is_some());
}

/// The Actions panel as the battle draws it, with what undo would take back.
fn actions(takes_back: Result<String, String>) -> Harness<'static, Panel> {
    let hud = HudState {
        pick: Pick {
            selected: Some(0),
            ..Pick::default()
        },
        ..HudState::default()
    };
    harness(hud, move |ui, engine, bindings, panel| {
        actions_panel(
            ui,
            (engine.state(), Tick::new(1)),
            &mut panel.cache,
            &mut panel.hud,
            &mut panel.queue,
            bindings,
            (Some(takes_back.clone()), &[0], false),
        );
    })
}

#[test]
fn the_menu_does_not_move_as_undo_comes_and_goes() {
    let long = "Dice have been rolled since your last command, so it stands.";
    let closed = actions(Err(long.to_string()));
    let open = actions(Ok(
        "U takes back Roland Effort, spending a 1 on Effort".to_string()
    ));
    let hold = |harness: &Harness<'_, Panel>| harness.get_by_label_contains("Hold - free").rect();
    assert_eq!(hold(&closed), hold(&open));
    // Either way the row is one line, and says which.
    closed.get_by_label("Nothing to take back");
    open.get_by_label_contains("U takes back Roland");
}

fn odds(nothing: f64, wound: f64, trauma: f64, fumble: f64) -> AttackOdds {
    AttackOdds {
        hits: vec![nothing, 1.0 - nothing],
        fumble,
        exposure: 0.0,
        nothing,
        state: wound,
        rank_loss: 0.0,
        trauma,
        killing_blow: 0.0,
        massive: 0.0,
        killed: 0.0,
        specials: Vec::new(),
    }
}

#[test]
fn a_defence_says_what_it_buys_beside_the_same_attack_with_none() {
    let blocked = odds(0.8, 0.2, 0.0, 0.1);
    let unanswered = odds(0.5, 0.4, 0.1, 0.1);
    let harness = Harness::new_ui(move |ui| odds_lines(ui, &blocked, Some(&unanswered)));
    for line in [
        "To the target (adding up to 100%):",
        "  No harm: 80% (no defence: 50%)",
        "  A wound: 20% (no defence: 40%)",
        // An outcome the defence rules out still shows, at none.
        "  A Trauma: 0% (no defence: 10%)",
        // The same chance either way reads once.
        "  A fumble: 10%",
    ] {
        harness.get_by_label(line);
    }
}

#[test]
fn the_pause_menu_hands_the_players_side_to_the_ai_and_takes_it_back() {
    use crate::game::session::match_setup::{LevelFolder, MatchSetup};
    use crate::seat::Seat;
    let hud = HudState {
        seats: TurnSeats {
            last_human_side: Some(0),
            ..TurnSeats::default()
        },
        overlays: Overlays {
            paused: true,
            ..Overlays::default()
        },
        ..HudState::default()
    };
    let setup = MatchSetup {
        level_file: "roland.ron".to_string(),
        folder: LevelFolder::Library,
        seed: 1,
        seats: vec![Seat::Human, Seat::Ai(crate::ai::AiLevel::Hard)],
        handover: false,
        sequence: None,
    };
    let mut harness = harness(hud, move |ui, engine, _, panel| {
        super::windows::stand_in_buttons(ui, &mut panel.hud, engine.state(), &setup);
    });
    harness.get_by_label_contains("Let the AI play").click();
    harness.run();
    assert_eq!(harness.state().hud.seats.ai_stands_in, vec![0]);
    assert!(!harness.state().hud.overlays.paused, "play goes on at once");
    assert!(harness.query_by_label_contains("Let the AI play").is_none());
    harness.get_by_label_contains("Take back").click();
    harness.run();
    assert!(harness.state().hud.seats.ai_stands_in.is_empty());
}
