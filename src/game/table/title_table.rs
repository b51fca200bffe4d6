//! The title screen's backdrop: a shipped level's table slowly turning
//! behind the menu, laid out and dressed by the battle's own table and
//! figures. Nothing plays on it; it is cleared as the title is left. The
//! figure sheet (`figure_sheet.rs`) is laid out here too, held still.

use bevy::prelude::*;

use crate::battle::engine::Engine;
use crate::game::mirror::install_battle;
use crate::game::session::match_setup::LevelLibrary;
use crate::game::stage::Screen;
use crate::game::table::camera::{TableCamera, table_camera};
use crate::game::table::figure_sheet::FigureSheet;
use crate::game::table::geometry::board_extent;
use crate::game::table::scenery::spawn_table;
use crate::game::table::view::clear_the_table;
use crate::game::table::view::make_palette;
use crate::rules::dice::Dice;

/// The level the title shows, when the levels folder has it.
const SHOWCASE: &str = "skirmish.ron";
/// How fast the table turns, in radians a second.
const TURN_RATE: f32 = 0.06;

/// How much closer the figure sheet is framed than the whole table is.
const SHEET_CLOSER: f32 = 0.9;

/// The camera looking at the title's table.
#[derive(Component)]
struct TitleCamera;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Title),
        (
            set_out_showcase,
            (make_palette, spawn_table, spawn_title_camera)
                .chain()
                .run_if(resource_exists::<Engine>),
        )
            .chain()
            .after(clear_the_table),
    );
    app.add_systems(OnExit(Screen::Title), clear_the_table);
    app.add_systems(Update, turn_the_table.run_if(in_state(Screen::Title)));
}

/// Lays out the showcase level (or the first level that loads) as it
/// stands before its first round.
fn set_out_showcase(world: &mut World) {
    let Some(library) = world.get_resource::<LevelLibrary>() else {
        return;
    };
    let Some(ruleset) = library.ruleset.clone() else {
        return;
    };
    // The figure sheet, when this run draws it, stands in for the showcase.
    let sheet = world
        .get_resource::<FigureSheet>()
        .map(|sheet| sheet.level.clone());
    let levels = || library.entries.iter().filter_map(|e| e.level.as_ref().ok());
    let chosen = sheet.or_else(|| {
        library
            .entries
            .iter()
            .find(|e| e.file == SHOWCASE)
            .and_then(|e| e.level.as_ref().ok())
            .or_else(|| levels().next())
            .cloned()
    });
    let Some(level) = chosen else {
        return;
    };
    let seed = level.seed.unwrap_or(1);
    let engine = Engine::start(&level, ruleset, seed, Dice::seeded(seed));
    install_battle(world, engine);
}

fn spawn_title_camera(
    mut commands: Commands,
    engine: Res<Engine>,
    window: Single<&Window>,
    sheet: Option<Res<FigureSheet>>,
) {
    let extent = board_extent(engine.state().board());
    let mut orbit = TableCamera::framing(extent.x, extent.y, window.width() / window.height());
    // The figure sheet fills the window: no menu stands over it.
    if sheet.is_some() {
        orbit.distance *= SHEET_CLOSER;
    }
    // The backdrop behind the menus clears the window.
    commands.spawn((
        table_camera(orbit, ClearColorConfig::None),
        TitleCamera,
        DespawnOnExit(Screen::Title),
    ));
}

fn turn_the_table(
    time: Res<Time>,
    sheet: Option<Res<FigureSheet>>,
    mut camera: Query<(&mut TableCamera, &mut Transform), With<TitleCamera>>,
) {
    if sheet.is_some() {
        return;
    }
    for (mut orbit, mut transform) in &mut camera {
        orbit.yaw += TURN_RATE * time.delta_secs();
        *transform = orbit.transform();
    }
}
