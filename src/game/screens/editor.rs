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

use crate::ai::AiLevel;
use crate::battle::engine::Engine;
use crate::data::{EdgeFeature, Fatigue, Ruleset, Terrain};
use crate::diagnostics::Diagnostic;
use crate::game::level_preview::{TableColours, colour, draw_table, swatch};
use crate::game::session::match_setup::PreparedBattle;
use crate::game::session::match_setup::{LevelFolder, LevelLibrary, MatchSetup, to_the_table};
use crate::game::session::play_settings::PlaySettings;
use crate::game::session::saves::Playtesting;
use crate::game::stage::Screen;
use crate::level::edit::{Draft, Edit, Place, blank_level, new_unit};
use crate::level::{Controller, Level, SideKind, SideSpec, VictoryCondition};
use crate::replay::Replay;
use crate::rules::action_dice::ActionDiceSpec;
use crate::rules::dice::Dice;
use crate::seat::{Seat, level_seats};
use crate::simulate::balance::{BalanceRun, Shown};
use crate::simulate::{BattleResult, ReplayChoice};
use crate::vocabulary::{MapEdge, ZoneCoord};

mod balance;
#[cfg(test)]
mod panel_tests;
mod problems;
mod tools;

use balance::balance_panel;
use problems::{problems_and_units, victory};
use tools::{Typed, override_value, shown_name, tools};

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

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        editor_screen.run_if(in_state(Screen::Editor)),
    );
    app.add_systems(OnEnter(Screen::Editor), end_playtest);
    app.add_systems(OnExit(Screen::Editor), stop_balance);
}

/// Battles for the Balance panel are not played behind a playtest or the
/// menus; those played so far stay in the panel for the designer's return.
fn stop_balance(editor: Option<Res<Editor>>) {
    if let Some(run) = editor.as_ref().and_then(|e| e.balance.as_ref()) {
        run.stop();
    }
}

fn end_playtest(mut commands: Commands) {
    commands.remove_resource::<Playtesting>();
}

/// Opens the editor on a new level, or on the draft left open.
pub fn open_editor(world: &mut World) {
    if !world.contains_resource::<Editor>() {
        let dir = world.resource::<PlaySettings>().editor_dir.clone();
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
    let dir = world.resource::<PlaySettings>().editor_dir.clone();
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
    let old = crate::files::read_text(&path, crate::files::FileKind::Level).ok();
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
    let again = world.resource::<LevelLibrary>().again(ruleset.as_deref());
    *world.resource_mut::<LevelLibrary>() = again;
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
    let folder = if editor.dir == world.resource::<PlaySettings>().own_levels_dir {
        LevelFolder::Own
    } else {
        LevelFolder::Library
    };
    let seats = level_seats(&level, AiLevel::Normal);
    let seed = level.seed.unwrap_or(1);
    let seated = crate::seat::seated_level(&level, &seats);
    let engine = Engine::start(&seated, ruleset.clone(), seed, Dice::seeded(seed));
    let replay = Replay::begin(&file, &text, &ruleset, &seats, &engine);
    world.insert_resource(Playtesting);
    let setup = MatchSetup {
        level_file: file,
        folder,
        seed,
        seats,
        handover: false,
        sequence: None,
    };
    let prepared = PreparedBattle {
        engine,
        replay: Some(replay),
    };
    to_the_table(world, setup, prepared);
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
    undo_shortcuts(ctx, editor);
    let mut root = egui::Ui::new(
        ctx.clone(),
        "level editor".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    egui::Panel::top("editor bar").show(&mut root, |ui| {
        editor_bar(ui, editor, &mut commands, &mut next)
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
    egui::CentralPanel::default().show(&mut root, |ui| editor_table(ui, editor, &ruleset));
    Ok(())
}

/// Ctrl+Z and Ctrl+Y (or Ctrl+Shift+Z), unless a text field has the
/// keyboard and its own undo.
fn undo_shortcuts(ctx: &egui::Context, editor: &mut Editor) {
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
}

/// The editor's bar: the file, undo and redo, Save, Playtest and Back;
/// a warning before comments are lost, and the last save's notice.
fn editor_bar(
    ui: &mut egui::Ui,
    editor: &mut Editor,
    commands: &mut Commands,
    next: &mut NextState<Screen>,
) {
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
}

/// The level on the table, its problems ringed in red and the selection in
/// gold; clicks and drags edit it with the tool in hand.
fn editor_table(ui: &mut egui::Ui, editor: &mut Editor, ruleset: &Ruleset) {
    let room = ui.available_size();
    let picture = draw_table(ui, &editor.draft.level, &TableColours::of(ruleset), room);
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
