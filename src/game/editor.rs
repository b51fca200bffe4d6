//! The level editor, from the title screen (a new level, or the one left
//! open) and from a level in the level list. Paint terrain, put walls,
//! hedges and fences on the edges between zones, place, move and remove
//! combatants, and set the level's name, briefing, seed and sides. The
//! level's own check runs on every edit; each problem is listed and points
//! at its tile or combatant. Undo and redo reach every edit. Save writes
//! the project's level format; Playtest starts the draft at once and the
//! pause menu comes back here.

use std::path::PathBuf;
use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::PlaySettings;
use super::Screen;
use super::level_preview::{TableColours, draw_table};
use super::match_setup::{LevelFolder, LevelLibrary, MatchSetup, Seat, level_seats};
use super::saves::PreparedBattle;
use crate::ai::AiLevel;
use crate::battle::engine::Engine;
use crate::data::{EdgeFeature, Fatigue, Ruleset, Terrain};
use crate::diagnostics::Diagnostic;
use crate::level::edit::{Draft, Edit, Place, blank_level, new_unit};
use crate::level::{Controller, Level, MapEdge, SideKind, SideSpec, VictoryCondition, ZoneCoord};
use crate::replay::Replay;
use crate::rules::action_dice::ActionDiceSpec;
use crate::rules::dice::Dice;
use crate::simulate::balance::{BalanceRun, Shown};
use crate::simulate::{BattleResult, ReplayChoice};

/// What a click on the table does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tool {
    Paint,
    Edge,
    Place,
    Select,
}

/// The level being edited, kept while the game runs (a playtest comes back
/// to it).
#[derive(Resource)]
pub struct Editor {
    draft: Draft,
    /// The levels folder, and the file the draft saves to in it.
    dir: PathBuf,
    file: String,
    tool: Tool,
    terrain: Terrain,
    /// What the edge tool puts on an edge (`None` clears it), and the
    /// defended edge's choke (0 for none).
    edge: Option<EdgeFeature>,
    choke: u8,
    /// The size of a new level.
    new_size: (u16, u16),
    template: String,
    side: usize,
    selected: Option<Place>,
    /// The draft's problems, and the draft's version they were found in.
    problems: Vec<(Diagnostic, Place)>,
    checked: Option<u64>,
    /// The last save's or playtest's word, and whether it went well.
    notice: Option<(String, bool)>,
    /// A save waiting for the word to drop the file's comments.
    confirm_overwrite: bool,
    /// The AI-against-AI battles on the draft, while the Balance panel runs.
    balance: Option<BalanceRun>,
    /// The draft's version the run plays.
    balance_version: u64,
    /// Stop when each side's interval is at most ± this many points.
    balance_within: f64,
    /// Stop after this many battles.
    balance_cap: usize,
}

impl Editor {
    fn open(level: Level, dir: PathBuf, file: String) -> Self {
        Self {
            draft: Draft::new(level),
            dir,
            file,
            tool: Tool::Paint,
            terrain: Terrain::Woods,
            edge: Some(EdgeFeature::Wall),
            choke: 0,
            new_size: (6, 4),
            template: "soldier".to_string(),
            side: 0,
            selected: None,
            problems: Vec::new(),
            checked: None,
            notice: None,
            confirm_overwrite: false,
            balance: None,
            balance_version: 0,
            balance_within: 5.0,
            balance_cap: 2000,
        }
    }

    /// Whether the Balance panel is playing battles now.
    pub fn balancing(&self) -> bool {
        self.balance.as_ref().is_some_and(|run| !run.finished())
    }

    /// The level's check, run again whenever the draft has changed.
    fn check(&mut self, ruleset: &Ruleset) {
        let version = self.draft.version();
        if self.checked != Some(version) {
            self.problems = self.draft.problems(&PathBuf::from(&self.file), ruleset);
            self.checked = Some(version);
        }
    }
}

/// A battle started from the editor: its pause menu goes back to it.
#[derive(Resource)]
pub struct Playtesting;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        editor_screen.run_if(in_state(Screen::Editor)),
    );
    app.add_systems(OnEnter(Screen::Editor), end_playtest);
    app.add_systems(OnExit(Screen::Editor), stop_balance);
}

/// Battles for the Balance panel are not played behind a playtest or the menus.
fn stop_balance(editor: Option<ResMut<Editor>>) {
    if let Some(mut editor) = editor {
        editor.balance = None;
    }
}

fn end_playtest(mut commands: Commands) {
    commands.remove_resource::<Playtesting>();
}

/// Opens the editor on a new level, or on the draft left open.
pub fn open_editor(world: &mut World) {
    if !world.contains_resource::<Editor>() {
        let dir = world.resource::<PlaySettings>().levels_dir.clone();
        let file = fresh_file(&dir);
        world.insert_resource(Editor::open(blank_level(6, 4, Terrain::Grass), dir, file));
    }
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Editor);
}

/// A file name for a new level that no file in `dir` has.
fn fresh_file(dir: &std::path::Path) -> String {
    (1..)
        .map(|n| format!("new_level_{n}.ron"))
        .find(|name| !dir.join(name).exists())
        .unwrap_or_default()
}

/// Opens the editor on a level of the level list.
pub fn edit_level(world: &mut World, level: Level, file: String) {
    let dir = world.resource::<PlaySettings>().levels_dir.clone();
    world.insert_resource(Editor::open(level, dir, file));
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Editor);
}

fn ruleset_of(world: &World) -> Option<Arc<Ruleset>> {
    world.resource::<LevelLibrary>().ruleset.clone()
}

/// Writes the draft into the levels folder. A file with comments is
/// written over only once the designer says so, and a copy is kept.
fn save(world: &mut World) {
    let mut editor = world.resource_mut::<Editor>();
    let dir = editor.dir.clone();
    // A plain file name in the levels folder, ending in .ron.
    let name = editor.file.trim().to_string();
    if name.is_empty() || name.contains(['/', '\\']) || name.starts_with('.') {
        editor.notice = Some((
            format!("\"{name}\" is not a file name for the levels folder, e.g. my_level.ron."),
            false,
        ));
        return;
    }
    if !name.ends_with(".ron") {
        editor.file = format!("{name}.ron");
    }
    let path = dir.join(&editor.file);
    let old = std::fs::read_to_string(&path).ok();
    let commented = old.as_ref().is_some_and(|text| text.contains("//"));
    if commented && !editor.confirm_overwrite {
        editor.confirm_overwrite = true;
        return;
    }
    editor.confirm_overwrite = false;
    let backup = PathBuf::from(format!("{}.bak", path.display()));
    let written = match (&old, commented) {
        (Some(text), true) => std::fs::write(&backup, text),
        _ => Ok(()),
    }
    .and_then(|()| std::fs::write(&path, editor.draft.text()));
    editor.notice = Some(match written {
        Ok(()) if commented => (
            format!(
                "Saved {}; the file as it was is kept as {}.",
                path.display(),
                backup.display()
            ),
            true,
        ),
        Ok(()) => (format!("Saved {}.", path.display()), true),
        Err(error) => (format!("{}: cannot save: {error}", path.display()), false),
    });
    // The level list shows the level as saved.
    let ruleset = ruleset_of(world);
    *world.resource_mut::<LevelLibrary>() = LevelLibrary::scan(&dir, ruleset.as_deref());
}

/// Starts the draft as a battle at once, each side seated as the level
/// says, with the draft's seed.
fn playtest(world: &mut World) {
    let Some(ruleset) = ruleset_of(world) else {
        return;
    };
    let editor = world.resource::<Editor>();
    if !editor.problems.is_empty() {
        return;
    }
    let level = editor.draft.level.clone();
    let (file, text) = (editor.file.clone(), editor.draft.text());
    let seats = level_seats(&level, AiLevel::Normal);
    let seed = level.seed.unwrap_or(1);
    let seated = super::match_setup::seated_level(&level, &seats);
    let engine = Engine::start(&seated, ruleset.clone(), seed, Dice::seeded(seed));
    let replay = Replay::begin(&file, &text, &ruleset, &seats, &engine);
    world.insert_resource(MatchSetup {
        level_file: file,
        folder: LevelFolder::Library,
        seed,
        seats,
        handover: false,
    });
    world.insert_resource(PreparedBattle {
        engine,
        replay: Some(replay),
    });
    world.insert_resource(Playtesting);
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Battle);
}

fn editor_screen(
    mut contexts: EguiContexts,
    mut editor: ResMut<Editor>,
    library: Res<LevelLibrary>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(ruleset) = library.ruleset.clone() else {
        return Ok(());
    };
    let editor = &mut *editor;
    editor.check(&ruleset);
    // Ctrl+Z and Ctrl+Y (or Ctrl+Shift+Z), unless a text field has the
    // keyboard and its own undo.
    if ctx.memory(|m| m.focused().is_none()) {
        let undo = egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::Z);
        let redo = egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::Y);
        let redo_shifted = egui::KeyboardShortcut::new(
            egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
            egui::Key::Z,
        );
        // The shifted shortcut first: the plain one matches it too.
        if ctx.input_mut(|i| i.consume_shortcut(&redo_shifted) || i.consume_shortcut(&redo)) {
            editor.draft.redo();
        } else if ctx.input_mut(|i| i.consume_shortcut(&undo)) {
            editor.draft.undo();
        }
    }
    let mut root = egui::Ui::new(
        ctx.clone(),
        "level editor".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    egui::Panel::top("editor bar").show(&mut root, |ui| {
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new("Level editor").strong().size(16.0));
            ui.separator();
            ui.add(egui::TextEdit::singleline(&mut editor.file).desired_width(160.0))
                .on_hover_text("The file it saves to in the levels folder");
            ui.separator();
            let undo = egui::Button::new("Undo");
            if ui
                .add_enabled(editor.draft.can_undo(), undo)
                .on_hover_text("Ctrl+Z")
                .clicked()
            {
                editor.draft.undo();
            }
            let redo = egui::Button::new("Redo");
            if ui
                .add_enabled(editor.draft.can_redo(), redo)
                .on_hover_text("Ctrl+Y")
                .clicked()
            {
                editor.draft.redo();
            }
            if ui.button("Save").clicked() {
                commands.queue(save);
            }
            let playable = editor.problems.is_empty();
            if ui
                .add_enabled(playable, egui::Button::new("Playtest"))
                .on_disabled_hover_text("Mend the problems listed first.")
                .clicked()
            {
                commands.queue(playtest);
            }
            if ui.button("Back to the title").clicked() {
                next.set(Screen::Title);
            }
        });
        if editor.confirm_overwrite {
            ui.horizontal(|ui| {
                ui.colored_label(
                    egui::Color32::GOLD,
                    "The file has comments, which saving drops. A copy of it is kept beside it as .bak.",
                );
                if ui.button("Save anyway").clicked() {
                    commands.queue(save);
                }
                if ui.button("Cancel").clicked() {
                    editor.confirm_overwrite = false;
                }
            });
        }
        if let Some((notice, fine)) = &editor.notice {
            let colour = if *fine {
                egui::Color32::LIGHT_GREEN
            } else {
                egui::Color32::LIGHT_RED
            };
            ui.colored_label(colour, notice);
        }
    });
    // The Balance panel first, across the whole window: its charts need
    // the width; the side panels scroll above it.
    egui::Panel::bottom("editor balance")
        .default_size(240.0)
        .show(&mut root, |ui| {
            balance_panel(ui, editor, &ruleset, &mut commands)
        });
    egui::Panel::left("editor tools")
        .default_size(250.0)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("tools")
                .show(ui, |ui| tools(ui, editor, &ruleset));
        });
    egui::Panel::right("editor problems")
        .default_size(280.0)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("problems and units")
                .show(ui, |ui| problems_and_units(ui, editor, &ruleset));
        });
    egui::CentralPanel::default().show(&mut root, |ui| {
        let room = ui.available_size();
        let picture = draw_table(ui, &editor.draft.level, &TableColours::of(&ruleset), room);
        // The problems' places in red, the selection in gold.
        let painter = ui.painter();
        let place_rect = |place: &Place| match place {
            Place::Zone(zone) => Some(picture.zone_rect(*zone)),
            Place::Edge((a, b)) => Some(picture.zone_rect(*a).union(picture.zone_rect(*b))),
            Place::Unit(id) => editor
                .draft
                .level
                .units
                .iter()
                .find(|u| &u.id == id)
                .map(|u| picture.zone_rect(u.zone)),
            _ => None,
        };
        for (_, place) in &editor.problems {
            if let Some(rect) = place_rect(place) {
                painter.rect_stroke(
                    rect.shrink(3.0),
                    2.0,
                    egui::Stroke::new(2.0, egui::Color32::RED),
                    egui::StrokeKind::Inside,
                );
            }
        }
        if let Some(rect) = editor.selected.as_ref().and_then(place_rect) {
            painter.rect_stroke(
                rect.shrink(1.0),
                2.0,
                egui::Stroke::new(3.0, egui::Color32::GOLD),
                egui::StrokeKind::Inside,
            );
        }
        let response = &picture.response;
        // A drag is first seen away from where the button went down: that
        // zone is painted too.
        let origin = ui.input(|i| i.pointer.press_origin());
        if let (true, Some(at)) = (response.drag_started(), origin) {
            click(editor, picture.zone_at(at), None, false);
        }
        let pointer = response.interact_pointer_pos();
        let pressed = response.clicked() || response.dragged();
        if let (true, Some(at)) = (pressed, pointer) {
            click(
                editor,
                picture.zone_at(at),
                picture.edge_at(at),
                response.clicked(),
            );
        }
        if response.clicked() || response.drag_stopped() {
            editor.draft.end_gesture();
        }
    });
    Ok(())
}

/// What a click or drag on the table does with the tool in hand.
fn click(
    editor: &mut Editor,
    zone: Option<ZoneCoord>,
    edge: Option<(ZoneCoord, ZoneCoord)>,
    clicked: bool,
) {
    // One stroke of the brush, or one drag of a combatant, undoes as one.
    let result = match (editor.tool, zone, edge) {
        (Tool::Paint, Some(zone), _) => {
            let paint = Edit::Paint {
                zone,
                terrain: editor.terrain,
            };
            editor.draft.apply_continuing(paint, "brush")
        }
        (Tool::Edge, _, Some(between)) if clicked => editor.draft.apply(Edit::Edge {
            between,
            feature: editor.edge,
            choke: (editor.choke > 0).then_some(editor.choke),
        }),
        (Tool::Place, Some(zone), _) if clicked => {
            let level = &editor.draft.level;
            let id = (1..)
                .map(|n| format!("{}_{n}", editor.template))
                .find(|id| !level.units.iter().any(|u| &u.id == id))
                .unwrap_or_default();
            let side = level
                .sides
                .get(editor.side)
                .map_or_else(String::new, |s| s.id.clone());
            editor.selected = Some(Place::Unit(id.clone()));
            let unit = new_unit(&id, &editor.template, &side, zone);
            editor.draft.apply(Edit::Place(unit))
        }
        (Tool::Select, Some(zone), _) if clicked => {
            editor.selected = Some(
                editor
                    .draft
                    .level
                    .units
                    .iter()
                    .find(|u| u.zone == zone)
                    .map_or(Place::Zone(zone), |u| Place::Unit(u.id.clone())),
            );
            Ok(())
        }
        // Dragging the selected combatant moves it.
        (Tool::Select, Some(zone), _) => match &editor.selected {
            Some(Place::Unit(id)) => {
                let to = Edit::Move {
                    unit: id.clone(),
                    to: zone,
                };
                editor.draft.apply_continuing(to, "drag")
            }
            _ => Ok(()),
        },
        _ => Ok(()),
    };
    if let Err(reason) = result {
        editor.notice = Some((reason, false));
    }
}

fn tools(ui: &mut egui::Ui, editor: &mut Editor, ruleset: &Ruleset) {
    ui.label(egui::RichText::new("Tool").strong());
    ui.horizontal_wrapped(|ui| {
        for (tool, name, about) in [
            (
                Tool::Paint,
                "Paint",
                "Click or drag over zones to paint their terrain",
            ),
            (Tool::Edge, "Edges", "Click near the line between two zones"),
            (
                Tool::Place,
                "Place",
                "Click a zone to place a combatant there",
            ),
            (
                Tool::Select,
                "Select",
                "Click a combatant; drag it to move it",
            ),
        ] {
            ui.selectable_value(&mut editor.tool, tool, name)
                .on_hover_text(about);
        }
    });
    ui.separator();
    match editor.tool {
        Tool::Paint => {
            // The data names every terrain (its check refuses a gap).
            for (&terrain, info) in &ruleset.terrain.terrain {
                ui.radio_value(&mut editor.terrain, terrain, &info.name);
            }
        }
        Tool::Edge => {
            for (&feature, info) in &ruleset.terrain.edges {
                ui.radio_value(&mut editor.edge, Some(feature), &info.name);
            }
            ui.radio_value(&mut editor.edge, None, "Clear the edge");
            ui.horizontal(|ui| {
                ui.add(egui::DragValue::new(&mut editor.choke).range(0..=20));
                ui.label("defenders' choke (0: not defended)");
            });
        }
        Tool::Place => {
            egui::ComboBox::from_label("Creature")
                .selected_text(
                    ruleset
                        .creatures
                        .get(&editor.template)
                        .map_or(editor.template.as_str(), |c| c.name.as_str()),
                )
                .show_ui(ui, |ui| {
                    for (id, creature) in &ruleset.creatures {
                        ui.selectable_value(&mut editor.template, id.clone(), &creature.name);
                    }
                });
            let sides: Vec<String> = editor
                .draft
                .level
                .sides
                .iter()
                .map(|s| s.name.clone())
                .collect();
            for (k, name) in sides.iter().enumerate() {
                ui.radio_value(&mut editor.side, k, name);
            }
        }
        Tool::Select => {
            ui.label("Click a combatant to select it; drag it to another zone to move it.");
        }
    }
    ui.separator();
    ui.label(egui::RichText::new("The level").strong());
    let level = &editor.draft.level;
    let (mut name, mut briefing) = (level.name.clone(), level.briefing.clone());
    let mut seed = level.seed.map_or(String::new(), |s| s.to_string());
    let mut typed = Typed::default();
    ui.horizontal(|ui| {
        ui.label("Name");
        typed.note(ui.text_edit_singleline(&mut name), "level name");
    });
    ui.label("Briefing");
    typed.note(ui.text_edit_multiline(&mut briefing), "briefing");
    ui.horizontal(|ui| {
        ui.label("Seed");
        typed.note(ui.text_edit_singleline(&mut seed), "seed");
    });
    let seed = seed.trim().parse::<u64>().ok();
    let mut tile_size = level.tile_size;
    let mut limit = level.round_limit.unwrap_or(0);
    let mut surprise = level.surprise.clone();
    ui.horizontal(|ui| {
        ui.label("Tiles");
        ui.radio_value(&mut tile_size, 6, "6\"");
        ui.radio_value(&mut tile_size, 9, "9\"");
        ui.separator();
        ui.label("Rounds");
        ui.add(egui::DragValue::new(&mut limit).range(0..=200))
            .on_hover_text("0: the rules' own limit");
    });
    let surprise_name = |id: &Option<String>| {
        id.as_ref()
            .and_then(|id| level.sides.iter().find(|s| &s.id == id))
            .map_or("nobody".to_string(), |s| s.name.clone())
    };
    egui::ComboBox::from_label("surprises the others")
        .selected_text(surprise_name(&surprise))
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut surprise, None, "nobody");
            for side in &level.sides {
                ui.selectable_value(&mut surprise, Some(side.id.clone()), &side.name);
            }
        });
    let limit = (limit > 0).then_some(limit);
    if name != level.name
        || briefing != level.briefing
        || seed != level.seed
        || tile_size != level.tile_size
        || limit != level.round_limit
        || surprise != level.surprise
    {
        let settings = Edit::Settings {
            name,
            briefing,
            tile_size,
            round_limit: limit,
            seed,
            surprise,
        };
        let _ = typed.apply(&mut editor.draft, settings);
    }
    typed.finish(&mut editor.draft);
    victory(ui, editor);
    ui.separator();
    ui.horizontal(|ui| {
        ui.add(egui::DragValue::new(&mut editor.new_size.0).range(1..=30));
        ui.label("by");
        ui.add(egui::DragValue::new(&mut editor.new_size.1).range(1..=30));
        if ui
            .button("New level")
            .on_hover_text("Start again on an empty table of this size")
            .clicked()
        {
            let (width, height) = editor.new_size;
            let _ = editor
                .draft
                .apply(Edit::Replace(blank_level(width, height, Terrain::Grass)));
            // A new level saves to a new file.
            editor.file = fresh_file(&editor.dir);
            editor.selected = None;
        }
    });
    ui.separator();
    ui.label(egui::RichText::new("Sides").strong());
    let mut typed = Typed::default();
    let mut removed = None;
    for side in editor.draft.level.sides.clone() {
        let mut changed = side.clone();
        ui.horizontal(|ui| {
            let (r, g, b) = side.colour;
            let mut colour = [r, g, b];
            let picked = ui
                .color_edit_button_rgb(&mut colour)
                .on_hover_text("The side's colour on the table");
            // A drag across the picker is one undo step.
            typed.note(picked, &format!("side {} colour", side.id));
            // Two decimals keep the level file tidy.
            let tidy = |c: f32| (c * 100.0).round() / 100.0;
            changed.colour = (tidy(colour[0]), tidy(colour[1]), tidy(colour[2]));
            let field = format!("side {} name", side.id);
            typed.note(ui.text_edit_singleline(&mut changed.name), &field);
            if ui
                .small_button("Remove")
                .on_hover_text("Remove this side, its combatants and its victory conditions")
                .clicked()
            {
                removed = Some(side.id.clone());
            }
        });
        ui.horizontal(|ui| {
            ui.radio_value(&mut changed.kind, SideKind::Heroes, "Heroes");
            ui.radio_value(&mut changed.kind, SideKind::Npcs, "NPCs");
            ui.separator();
            ui.radio_value(&mut changed.controller, Controller::Human, "Human");
            ui.radio_value(&mut changed.controller, Controller::Ai, "AI");
        });
        let fatigue = editor
            .draft
            .level
            .fatigue
            .get(&side.id)
            .copied()
            .unwrap_or_default();
        let mut chosen = fatigue;
        egui::ComboBox::from_id_salt(("fatigue", &side.id))
            .selected_text(fatigue_name(fatigue))
            .show_ui(ui, |ui| {
                for option in Fatigue::ALL {
                    ui.selectable_value(&mut chosen, option, fatigue_name(option));
                }
            })
            .response
            .on_hover_text("How tired the side starts the battle");
        if changed != side {
            let _ = typed.apply(&mut editor.draft, Edit::Side(changed));
        }
        if chosen != fatigue {
            let _ = editor.draft.apply(Edit::Fatigue {
                side: side.id.clone(),
                fatigue: chosen,
            });
        }
        ui.add_space(4.0);
    }
    typed.finish(&mut editor.draft);
    if let Some(side) = removed {
        editor.selected = None;
        let _ = editor.draft.apply(Edit::RemoveSide { side });
    }
    if ui
        .button("Add a side")
        .on_hover_text("Another side, AI-controlled, to fight the others")
        .clicked()
    {
        let sides = &editor.draft.level.sides;
        let number = (sides.len() + 1..)
            .find(|n| !sides.iter().any(|s| s.id == format!("side_{n}")))
            .unwrap_or(sides.len() + 1);
        let side = SideSpec {
            id: format!("side_{number}"),
            name: format!("Side {number}"),
            colour: (0.2, 0.6, 0.2),
            kind: SideKind::Npcs,
            controller: Controller::Ai,
        };
        let _ = editor.draft.apply(Edit::Side(side));
    }
}

/// A combatant's name as the player sees it: its own, else its creature's.
fn shown_name(ruleset: &Ruleset, unit: &crate::level::UnitSpec) -> String {
    unit.name.clone().unwrap_or_else(|| {
        ruleset
            .creatures
            .get(&unit.template)
            .map_or(unit.template.clone(), |c| c.name.clone())
    })
}

fn fatigue_name(fatigue: Fatigue) -> &'static str {
    match fatigue {
        Fatigue::Fresh => "starts fresh",
        Fatigue::Tired => "starts tired",
        Fatigue::Severe => "starts badly tired",
        Fatigue::Doubtful => "may start tired",
    }
}

/// Which field an edit was typed or picked in, so that its keystrokes (or
/// a drag across the colour picker) undo as one step, and whether a field
/// lost the keyboard this frame.
#[derive(Default)]
struct Typed {
    field: Option<String>,
    left: bool,
}

impl Typed {
    fn note(&mut self, response: egui::Response, field: &str) {
        if response.changed() {
            self.field = Some(field.to_string());
        }
        self.left |= response.lost_focus();
    }

    fn apply(&self, draft: &mut Draft, edit: Edit) -> Result<(), String> {
        match &self.field {
            Some(field) => draft.apply_continuing(edit, field),
            None => draft.apply(edit),
        }
    }

    fn finish(self, draft: &mut Draft) {
        if self.left {
            draft.end_gesture();
        }
    }
}

fn problems_and_units(ui: &mut egui::Ui, editor: &mut Editor, ruleset: &Ruleset) {
    let count = editor.problems.len();
    ui.label(
        egui::RichText::new(match count {
            0 => "No problems: ready to play".to_string(),
            1 => "1 problem".to_string(),
            n => format!("{n} problems"),
        })
        .strong(),
    );
    let mut chosen = None;
    egui::ScrollArea::vertical()
        .id_salt("problems")
        .max_height(220.0)
        .show(ui, |ui| {
            for (problem, place) in &editor.problems {
                let text = format!("{}:{}: {}", problem.line, problem.col, problem.message);
                if ui
                    .add(
                        egui::Label::new(egui::RichText::new(text).color(egui::Color32::LIGHT_RED))
                            .sense(egui::Sense::click()),
                    )
                    .on_hover_text("Click to select what it is about")
                    .clicked()
                {
                    chosen = Some(place.clone());
                }
            }
        });
    if chosen.is_some() {
        editor.selected = chosen;
    }
    ui.separator();
    ui.label(egui::RichText::new("Combatants").strong());
    let units = editor.draft.level.units.clone();
    egui::ScrollArea::vertical()
        .id_salt("units")
        .max_height(200.0)
        .show(ui, |ui| {
            for unit in &units {
                let name = shown_name(ruleset, unit);
                let picked = editor.selected == Some(Place::Unit(unit.id.clone()));
                if ui
                    .selectable_label(picked, format!("{name} in {}", unit.zone))
                    .clicked()
                {
                    editor.selected = Some(Place::Unit(unit.id.clone()));
                }
            }
        });
    let Some(Place::Unit(id)) = editor.selected.clone() else {
        return;
    };
    let Some(unit) = units.iter().find(|u| u.id == id) else {
        return;
    };
    ui.separator();
    let mut changed = unit.clone();
    let mut typed = Typed::default();
    let mut name = unit.name.clone().unwrap_or_default();
    ui.horizontal(|ui| {
        ui.label("Name");
        typed.note(ui.text_edit_singleline(&mut name), &format!("{id} name"));
    });
    changed.name = (!name.trim().is_empty()).then_some(name);
    let side_name = editor
        .draft
        .level
        .sides
        .iter()
        .find(|s| s.id == changed.side)
        .map_or(changed.side.clone(), |s| s.name.clone());
    egui::ComboBox::from_label("Side")
        .selected_text(side_name)
        .show_ui(ui, |ui| {
            for side in &editor.draft.level.sides {
                ui.selectable_value(&mut changed.side, side.id.clone(), &side.name);
            }
        });
    egui::ComboBox::from_label("Creature")
        .selected_text(
            ruleset
                .creatures
                .get(&changed.template)
                .map_or(changed.template.clone(), |c| c.name.clone()),
        )
        .show_ui(ui, |ui| {
            for (id, creature) in &ruleset.creatures {
                ui.selectable_value(&mut changed.template, id.clone(), &creature.name);
            }
        });
    egui::ComboBox::from_label("Mob")
        .selected_text(
            changed
                .mob
                .map_or("one figure".to_string(), |m| m.name().to_string()),
        )
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut changed.mob, None, "one figure");
            for tier in crate::data::MobTier::ALL {
                ui.selectable_value(&mut changed.mob, Some(tier), tier.name());
            }
        });
    let mounts: Vec<(String, String)> = units
        .iter()
        .filter(|u| u.zone == changed.zone && u.id != changed.id)
        .map(|u| (u.id.clone(), shown_name(ruleset, u)))
        .collect();
    let riding = changed
        .rides
        .as_ref()
        .and_then(|r| mounts.iter().find(|(id, _)| id == r))
        .map_or("nothing".to_string(), |(_, name)| name.clone());
    egui::ComboBox::from_label("Rides")
        .selected_text(riding)
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut changed.rides, None, "nothing");
            for (id, name) in &mounts {
                ui.selectable_value(&mut changed.rides, Some(id.clone()), name);
            }
        })
        .response
        .on_hover_text("A mount in the same zone that it starts the battle riding");
    if let Some(template) = ruleset.creatures.get(&changed.template) {
        let overrides = &mut changed.overrides;
        ui.label("Set for this combatant (ticked), else the creature's:");
        match overrides.action_dice {
            Some(ActionDiceSpec::Fixed(_)) => {
                ui.label("action dice: set faces, kept as the file has them");
            }
            _ => {
                let mut rolled = match overrides.action_dice {
                    Some(ActionDiceSpec::Rolled(n)) => Some(n),
                    _ => None,
                };
                let from_template = match &template.action_dice {
                    ActionDiceSpec::Rolled(n) => *n,
                    ActionDiceSpec::Fixed(faces) => u8::try_from(faces.len()).unwrap_or(u8::MAX),
                };
                override_value(ui, "action dice", &mut rolled, from_template, 0..=12);
                overrides.action_dice = rolled.map(ActionDiceSpec::Rolled);
            }
        }
        override_value(
            ui,
            "attack dice",
            &mut overrides.attack_dice,
            template.attack_dice,
            0..=12,
        );
        override_value(
            ui,
            "physical rank",
            &mut overrides.physical,
            template.physical,
            -3..=9,
        );
        override_value(
            ui,
            "mental rank",
            &mut overrides.mental,
            template.mental,
            -3..=9,
        );
        override_value(ui, "armour", &mut overrides.armour, template.armour, 0..=6);
        let mut weapons = overrides
            .weapons
            .clone()
            .unwrap_or_else(|| template.weapons.clone())
            .join(", ");
        ui.horizontal(|ui| {
            ui.label("Weapons");
            let field = format!("{id} weapons");
            typed.note(ui.text_edit_singleline(&mut weapons), &field);
        });
        let listed: Vec<String> = weapons
            .split(',')
            .map(|w| w.trim().to_string())
            .filter(|w| !w.is_empty())
            .collect();
        overrides.weapons = (listed != template.weapons).then_some(listed);
    }
    let mut remove = false;
    ui.horizontal(|ui| {
        remove = ui.button("Remove").clicked();
    });
    let result = if remove {
        editor.selected = None;
        editor.draft.apply(Edit::Remove { unit: id })
    } else if changed != *unit {
        typed.apply(&mut editor.draft, Edit::Change(changed))
    } else {
        Ok(())
    };
    typed.finish(&mut editor.draft);
    if let Err(reason) = result {
        editor.notice = Some((reason, false));
    }
}

/// Live balance: AI-against-AI battles on the draft, each side's win rate
/// with its 95% interval as it narrows, the battles' length and who
/// survives; started again on every edit while it runs.
fn balance_panel(
    ui: &mut egui::Ui,
    editor: &mut Editor,
    ruleset: &Arc<Ruleset>,
    commands: &mut Commands,
) {
    let playable = editor.problems.is_empty();
    // An edit starts the run again on the new draft (or stops it, if the
    // draft has problems).
    if editor.balance.is_some() && editor.balance_version != editor.draft.version() {
        editor.balance = None;
        if playable {
            editor.balance = Some(start_balance(editor, ruleset));
        }
    }
    let width = editor.balance_within * 2.0 / 100.0;
    let shown = editor.balance.as_ref().map(|run| run.report(width));
    if let (Some(run), Some(shown)) = (&editor.balance, &shown)
        && shown.narrowed
    {
        run.stop();
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new("Balance").strong());
        let running = editor.balancing();
        if running {
            if ui.button("Stop").clicked()
                && let Some(run) = &editor.balance
            {
                run.stop();
            }
        } else if ui
            .add_enabled(playable, egui::Button::new("Play AI against AI"))
            .on_hover_text("Normal AI on each side, the sides swapped every other battle")
            .on_disabled_hover_text("Mend the problems listed first.")
            .clicked()
        {
            editor.balance = Some(start_balance(editor, ruleset));
        }
        ui.add(
            egui::Slider::new(&mut editor.balance_within, 1.0..=15.0)
                .text("stop at ± points")
                .fixed_decimals(0),
        );
        ui.add(
            egui::Slider::new(&mut editor.balance_cap, 50..=10_000)
                .text("or battles")
                .logarithmic(true),
        );
    });
    let Some(Shown {
        report, results, ..
    }) = shown
    else {
        ui.label("Plays battles between AIs on the draft to show how even it is. Any edit starts it again.");
        return;
    };
    // Side colours light enough to read on the dark panel: they are the
    // charts' legend.
    let colours: Vec<egui::Color32> = editor
        .draft
        .level
        .sides
        .iter()
        .map(|s| {
            let c = super::level_preview::colour(s.colour);
            let light = u16::from(c.r()) + u16::from(c.g()) + u16::from(c.b());
            if light < 240 {
                c.lerp_to_gamma(egui::Color32::WHITE, 0.55)
            } else {
                c
            }
        })
        .collect();
    ui.horizontal_top(|ui| {
        ui.vertical(|ui| {
            ui.set_width(240.0);
            let took = editor
                .balance
                .as_ref()
                .map_or(0.0, |r| r.elapsed().as_secs_f64());
            ui.label(format!("{} battles in {took:.1} s", report.battles));
            for (k, side) in report.sides.iter().enumerate() {
                let colour = colours.get(k).copied().unwrap_or(egui::Color32::WHITE);
                ui.colored_label(
                    colour,
                    format!(
                        "{}: {:.1}% [{:.1}%, {:.1}%]",
                        side.name,
                        side.wins.share * 100.0,
                        side.wins.low * 100.0,
                        side.wins.high * 100.0
                    ),
                );
            }
            ui.label(format!("Draws: {:.1}%", report.draws.share * 100.0));
            ui.label(format!(
                "Length: {:.1} rounds on average ({:.0} median)",
                report.rounds_mean, report.rounds_median
            ));
            let survival: Vec<String> = report
                .survival_by_template
                .iter()
                .map(|(template, share)| {
                    let name = ruleset
                        .creatures
                        .get(template)
                        .map_or(template.as_str(), |c| c.name.as_str());
                    format!("{name} {:.0}%", share * 100.0)
                })
                .collect();
            ui.label(format!(
                "Still standing at the end: {}",
                survival.join(", ")
            ));
            // The surprising battles, to watch in the replay viewer.
            if let Some(run) = &editor.balance {
                ui.horizontal(|ui| {
                    for (choice, shown) in [
                        (ReplayChoice::Upsets, "Watch an upset"),
                        (ReplayChoice::Draws, "Watch a draw"),
                    ] {
                        let picked = choice.pick(&results);
                        let button = egui::Button::new(format!("{shown} ({})", picked.len()));
                        if ui.add_enabled(!picked.is_empty(), button).clicked()
                            && let Some(result) = picked.first()
                        {
                            watch_battle(commands, run, &editor.file, result, ruleset);
                        }
                    }
                });
            }
        });
        // Two charts share what the text leaves, so the panel never
        // spills under the problems list.
        let gap = ui.spacing().item_spacing.x;
        let width = ((ui.available_width() - 2.0 * gap) / 2.0).max(100.0);
        ui.vertical(|ui| {
            ui.set_width(width);
            egui_plot::Plot::new("balance wins")
                .height(170.0)
                .include_y(0.0)
                .include_y(100.0)
                .allow_zoom(false)
                .allow_drag(false)
                .x_axis_label("battles")
                .y_axis_label("wins (%)")
                .show(ui, |plot| {
                    plot.hline(egui_plot::HLine::new("even", 50.0).color(egui::Color32::GRAY));
                    for (side, name) in report.sides.iter().map(|s| &s.name).enumerate() {
                        let colour = colours.get(side).copied().unwrap_or(egui::Color32::WHITE);
                        let (mut xs, mut lows, mut highs, mut shares) =
                            (vec![], vec![], vec![], vec![]);
                        let mut wins = 0;
                        for (k, result) in results.iter().enumerate() {
                            wins += usize::from(result.winner == Some(side));
                            let rate = crate::simulate::wilson(wins, k + 1);
                            xs.push((k + 1) as f64);
                            lows.push(rate.low * 100.0);
                            highs.push(rate.high * 100.0);
                            shares.push([(k + 1) as f64, rate.share * 100.0]);
                        }
                        plot.add(
                            egui_plot::FilledArea::new(format!("{name}, 95%"), &xs, &lows, &highs)
                                .fill_color(colour.gamma_multiply(0.25)),
                        );
                        plot.line(egui_plot::Line::new(name.clone(), shares).color(colour));
                    }
                });
        });
        ui.vertical(|ui| {
            ui.set_width(width);
            let longest = results.iter().map(|r| r.rounds).max().unwrap_or(0);
            let bars: Vec<egui_plot::Bar> = (0..=longest)
                .map(|rounds| {
                    let count = results.iter().filter(|r| r.rounds == rounds).count();
                    egui_plot::Bar::new(f64::from(rounds), count as f64).width(0.8)
                })
                .collect();
            egui_plot::Plot::new("balance length")
                .height(170.0)
                .allow_zoom(false)
                .allow_drag(false)
                .x_axis_label("rounds")
                .y_axis_label("battles")
                .show(ui, |plot| {
                    plot.bar_chart(egui_plot::BarChart::new("battle length", bars));
                });
        });
    });
}

/// Opens one battle of a balance run in the replay viewer.
fn watch_battle(
    commands: &mut Commands,
    run: &BalanceRun,
    file: &str,
    result: &BattleResult,
    ruleset: &Arc<Ruleset>,
) {
    let seats: Vec<Seat> = result.levels.iter().map(|&l| Seat::Ai(l)).collect();
    let replay = Replay::of_commands(
        file,
        &run.text,
        &run.config.level,
        ruleset.clone(),
        result.seed,
        &seats,
        &result.commands,
    );
    let (level, ruleset) = (run.config.level.clone(), ruleset.clone());
    commands.queue(move |world: &mut World| match replay {
        Ok(replay) => super::viewer::watch(world, replay, level, ruleset),
        Err(divergence) => {
            world.resource_mut::<Editor>().notice = Some((
                format!("The battle could not be rebuilt at {divergence}."),
                false,
            ));
        }
    });
}

/// A run on the draft over all cores but one (the editor stays smooth).
fn start_balance(editor: &mut Editor, ruleset: &Arc<Ruleset>) -> BalanceRun {
    editor.balance_version = editor.draft.version();
    let text = editor.draft.text();
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1));
    let seed = editor.draft.level.seed.unwrap_or(1);
    BalanceRun::start(
        editor.draft.level.clone(),
        text,
        ruleset.clone(),
        editor.balance_cap,
        jobs,
        seed,
    )
}

/// The level's victory conditions: each with its numbers, removable, and
/// one of each kind to add for a side.
fn victory(ui: &mut egui::Ui, editor: &mut Editor) {
    ui.label(egui::RichText::new("To win").strong());
    let level = &editor.draft.level;
    let side_name = |id: &str| {
        level
            .sides
            .iter()
            .find(|s| s.id == id)
            .map_or(id.to_string(), |s| s.name.clone())
    };
    let mut conditions = level.victory.clone();
    let mut remove = None;
    for (k, condition) in conditions.iter_mut().enumerate() {
        ui.horizontal_wrapped(|ui| {
            ui.label(side_name(condition.side()));
            match condition {
                VictoryCondition::DefeatAll { .. } => {
                    ui.label("defeats every enemy");
                }
                VictoryCondition::HoldZone { zone, rounds, .. } => {
                    ui.label("holds");
                    ui.add(egui::DragValue::new(&mut zone.0).prefix("x "));
                    ui.add(egui::DragValue::new(&mut zone.1).prefix("y "));
                    ui.label("for");
                    ui.add(
                        egui::DragValue::new(rounds)
                            .range(1..=100)
                            .suffix(" rounds"),
                    );
                }
                VictoryCondition::Escape { edge, count, .. } => {
                    ui.label("escapes by the");
                    egui::ComboBox::from_id_salt(("edge", k))
                        .selected_text(edge.name())
                        .show_ui(ui, |ui| {
                            for choice in
                                [MapEdge::North, MapEdge::East, MapEdge::South, MapEdge::West]
                            {
                                ui.selectable_value(edge, choice, choice.name());
                            }
                        });
                    let mut how_many = count.unwrap_or(0);
                    ui.add(egui::DragValue::new(&mut how_many).range(0..=50))
                        .on_hover_text("How many must get away (0: all)");
                    *count = (how_many > 0).then_some(how_many);
                }
                VictoryCondition::Survive { rounds, .. } => {
                    ui.label("survives");
                    ui.add(
                        egui::DragValue::new(rounds)
                            .range(1..=100)
                            .suffix(" rounds"),
                    );
                }
            }
            if ui
                .small_button("x")
                .on_hover_text("Remove this condition")
                .clicked()
            {
                remove = Some(k);
            }
        });
    }
    if let Some(k) = remove {
        conditions.remove(k);
    }
    let side = level
        .sides
        .get(editor.side)
        .or_else(|| level.sides.first())
        .map_or_else(String::new, |s| s.id.clone());
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("Add for {}:", side_name(&side)));
        if ui.small_button("defeat all").clicked() {
            conditions.push(VictoryCondition::DefeatAll { side: side.clone() });
        }
        if ui.small_button("hold").clicked() {
            conditions.push(VictoryCondition::HoldZone {
                side: side.clone(),
                zone: ZoneCoord(0, 0),
                rounds: 3,
            });
        }
        if ui.small_button("escape").clicked() {
            conditions.push(VictoryCondition::Escape {
                side: side.clone(),
                edge: MapEdge::East,
                count: None,
            });
        }
        if ui.small_button("survive").clicked() {
            conditions.push(VictoryCondition::Survive {
                side: side.clone(),
                rounds: 5,
            });
        }
    });
    if conditions != editor.draft.level.victory {
        let _ = editor.draft.apply(Edit::Victory(conditions));
    }
}

/// One of a unit's numbers, kept from its template or set for this unit.
fn override_value<T: egui::emath::Numeric>(
    ui: &mut egui::Ui,
    label: &str,
    value: &mut Option<T>,
    template: T,
    range: std::ops::RangeInclusive<T>,
) {
    ui.horizontal(|ui| {
        let mut set = value.is_some();
        ui.checkbox(&mut set, label);
        let mut shown = value.unwrap_or(template);
        ui.add_enabled(set, egui::DragValue::new(&mut shown).range(range));
        *value = set.then_some(shown);
    });
}

#[cfg(test)]
mod panel_tests;
