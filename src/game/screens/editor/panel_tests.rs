//! The editor's panels driven headless through egui_kittest: clicks and
//! typing go through egui as a designer's would, and the draft is checked.

use std::path::PathBuf;

use bevy_egui::egui;
use bevy_egui::egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{By, Queryable};

use super::{Editor, problems_and_units, tools};
use crate::data::{Fatigue, Ruleset, Terrain};
use crate::level::Controller;
use crate::level::edit::{Edit, Place, blank_level, new_unit};
use crate::vocabulary::ZoneCoord;

fn editor() -> Editor {
    Editor::open(
        blank_level(4, 3, Terrain::Grass),
        PathBuf::from("levels"),
        "new_level.ron".to_string(),
    )
}

fn place(editor: &mut Editor, id: &str, template: &str, side: &str) {
    let unit = new_unit(id, template, side, ZoneCoord(1, 1));
    editor.draft.apply(Edit::Place(unit)).expect("placed");
}

/// The left-hand panel (tools, the level's settings and its sides).
fn tools_panel<'a>(editor: Editor, ruleset: &'a Ruleset) -> Harness<'a, Editor> {
    Harness::builder()
        .with_size(egui::vec2(420.0, 2400.0))
        .build_ui_state(
            move |ui, editor: &mut Editor| {
                editor.check(ruleset);
                tools(ui, editor, ruleset);
            },
            editor,
        )
}

/// The right-hand panel (problems, combatants and the one selected).
fn units_panel<'a>(editor: Editor, ruleset: &'a Ruleset) -> Harness<'a, Editor> {
    Harness::builder()
        .with_size(egui::vec2(420.0, 1600.0))
        .build_ui_state(
            move |ui, editor: &mut Editor| {
                editor.check(ruleset);
                problems_and_units(ui, editor, ruleset);
            },
            editor,
        )
}

#[test]
fn add_a_side_adds_an_ai_side_and_its_remove_button_takes_it_away() {
    let ruleset = Ruleset::embedded().expect("the built-in data");
    let mut harness = tools_panel(editor(), &ruleset);
    harness.get_by_label("Add a side").click();
    harness.run();
    let sides = &harness.state().draft.level.sides;
    assert_eq!(sides.len(), 3);
    assert_eq!(sides[2].name, "Side 3");
    assert_eq!(sides[2].controller, Controller::Ai);
    let removes = harness.get_all_by_label("Remove").collect::<Vec<_>>();
    assert_eq!(removes.len(), 3);
    removes[2].click();
    harness.run();
    assert_eq!(harness.state().draft.level.sides.len(), 2);
}

#[test]
fn a_level_name_typed_key_by_key_undoes_in_one_step() {
    let ruleset = Ruleset::embedded().expect("the built-in data");
    let mut harness = tools_panel(editor(), &ruleset);
    harness
        .get(By::new().role(Role::TextInput).value("A new level"))
        .focus();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.run();
    for key in "Eagle Pass".chars() {
        harness.event(egui::Event::Text(key.to_string()));
        harness.run();
    }
    assert_eq!(harness.state().draft.level.name, "Eagle Pass");
    harness.state_mut().draft.undo();
    assert_eq!(harness.state().draft.level.name, "A new level");
    assert!(!harness.state().draft.can_undo());
}

#[test]
fn a_fatigue_picked_for_a_side_is_written_to_the_level() {
    let ruleset = Ruleset::embedded().expect("the built-in data");
    let mut harness = tools_panel(editor(), &ruleset);
    let pickers = harness
        .get_all(By::new().role(Role::ComboBox).value("starts fresh"))
        .collect::<Vec<_>>();
    assert_eq!(pickers.len(), 2);
    pickers[1].click();
    harness.run();
    harness.get_by_label("starts tired").click();
    harness.run();
    let fatigue = &harness.state().draft.level.fatigue;
    assert_eq!(fatigue.get("foes"), Some(&Fatigue::Tired));
    assert_eq!(fatigue.get("heroes"), None);
}

#[test]
fn clicking_a_problem_selects_the_combatant_it_is_about() {
    let ruleset = Ruleset::embedded().expect("the built-in data");
    let mut editor = editor();
    place(&mut editor, "roland", "hero_swordsman", "heroes");
    place(&mut editor, "gob", "gobbo", "foes");
    let mut harness = units_panel(editor, &ruleset);
    harness.get_by_label("1 problem");
    harness
        .get_by(|node| {
            node.role() == Role::Label && node.value().is_some_and(|v| v.contains("gobbo"))
        })
        .click();
    harness.run();
    assert_eq!(
        harness.state().selected,
        Some(Place::Unit("gob".to_string()))
    );
}

#[test]
fn a_rider_is_put_on_a_mount_in_its_zone_from_the_rides_list() {
    let ruleset = Ruleset::embedded().expect("the built-in data");
    let mut editor = editor();
    place(&mut editor, "knight", "veteran", "heroes");
    place(&mut editor, "horse", "warhorse", "heroes");
    editor.selected = Some(Place::Unit("knight".to_string()));
    let mut harness = units_panel(editor, &ruleset);
    harness
        .get_by_role_and_label(Role::ComboBox, "Rides")
        .click();
    harness.run();
    harness.get_by_label("Warhorse").click();
    harness.run();
    let knight = &harness.state().draft.level.units[0];
    assert_eq!(knight.rides.as_deref(), Some("horse"));
}

#[test]
fn the_selected_combatants_remove_button_removes_it() {
    let ruleset = Ruleset::embedded().expect("the built-in data");
    let mut editor = editor();
    place(&mut editor, "roland", "hero_swordsman", "heroes");
    editor.selected = Some(Place::Unit("roland".to_string()));
    let mut harness = units_panel(editor, &ruleset);
    harness.get_by_label("Remove").click();
    harness.run();
    assert!(harness.state().draft.level.units.is_empty());
    assert_eq!(harness.state().selected, None);
}

/// The game playing its built-in content: the editor saves into the
/// player's own levels folder, so a shipped level saved is a copy there,
/// listed beside the game's own, and the shipped file is never written.
#[test]
fn saving_a_shipped_level_writes_a_copy_in_the_players_own_folder() {
    use bevy::prelude::*;

    use crate::game::session::match_setup::{LevelFolder, LevelLibrary};
    use crate::game::session::play_settings::PlaySettings;
    use crate::game::stage::Screen;

    let scratch = crate::scratch::Scratch::new("own-levels");
    let own = scratch.path().to_path_buf();
    let levels = PathBuf::from("levels");
    let shipped = std::fs::read_to_string("levels/duel.ron").expect("the duel");
    let ruleset = Ruleset::embedded().expect("the data");
    let duel = crate::level::load_level(&levels.join("duel.ron"), &ruleset)
        .expect("the duel")
        .level;
    let mut world = World::new();
    world.insert_resource(PlaySettings {
        data_dir: PathBuf::from("assets/data"),
        levels_dir: levels.clone(),
        own_levels_dir: own.clone(),
        editor_dir: own.clone(),
        named_dir: levels.clone(),
        screenshot: None,
        screenshot_after_actions: 0,
        report_frame_time: false,
    });
    world.insert_resource(LevelLibrary::scan(&levels, Some(&own), Some(&ruleset)));
    world.insert_resource(NextState::<Screen>::default());

    super::edit_level(&mut world, duel, "duel.ron".to_string());
    world.resource_mut::<Editor>().draft.level.name = "My Duel".to_string();
    super::save(&mut world);

    let notice = world.resource::<Editor>().notice.clone().expect("a notice");
    assert!(notice.1, "{}", notice.0);
    let copy = std::fs::read_to_string(own.join("duel.ron")).expect("the copy");
    assert!(copy.contains("My Duel"));
    assert_eq!(
        std::fs::read_to_string("levels/duel.ron").expect("the duel"),
        shipped
    );
    let library = world.resource::<LevelLibrary>();
    let mine = library.entries.last().expect("the copy is listed");
    assert_eq!(
        (mine.file.as_str(), mine.folder),
        ("duel.ron", LevelFolder::Own)
    );
    assert_eq!(mine.level.as_ref().map(|l| l.name.as_str()), Ok("My Duel"));
}

#[test]
fn balance_results_wait_in_the_panel_while_a_playtest_is_played() {
    use bevy::ecs::system::RunSystemOnce;
    use std::sync::Arc;

    let ruleset = Arc::new(
        crate::data::load_ruleset(Some(std::path::Path::new("assets/data"))).expect("the data"),
    );
    let mut editor = editor();
    place(&mut editor, "a", "soldier", "heroes");
    place(&mut editor, "b", "bandit", "foes");
    editor.check(&ruleset);
    assert!(editor.problems.is_empty(), "{:?}", editor.problems);
    editor.balance_cap = 2;
    editor.balance = Some(super::balance::start_balance(&mut editor, &ruleset));
    let mut world = bevy::prelude::World::new();
    world.insert_resource(editor);
    // Leaving the editor for a playtest stops the run and keeps it.
    world.run_system_once(super::stop_balance).expect("ran");
    let editor = world.remove_resource::<Editor>().expect("the editor");
    let run = editor.balance.as_ref().expect("the run is kept");
    for _ in 0..600 {
        if run.finished() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(run.finished(), "the run stops within 30 s");
    assert!(run.report(0.1).report.battles <= 2);
}
