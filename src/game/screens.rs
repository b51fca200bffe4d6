//! The screens: loading the data and level, the battle, or the errors that
//! stopped a level from loading.

use std::sync::Arc;

use bevy::asset::LoadState;
use bevy::prelude::*;
use bevy_asset_loader::prelude::*;

use super::PlaySettings;
use super::assets::{ChosenLevel, LEVEL_KEY, LEVEL_SOURCE, LevelFile, TableAssets};
use crate::battle::setup::start_battle;
use crate::battle::table::Battle;
use crate::data::Ruleset;
use crate::level::validate;
use crate::rules::dice::Dice;

#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    #[default]
    Loading,
    Battle,
    LoadFailed,
}

/// The steps of entering the battle screen: start the battle, then draw it.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EnterBattle {
    Start,
    Draw,
}

/// The problems that stopped the level from loading, one per line.
#[derive(Resource, Debug, Clone, Default)]
pub struct LoadErrors(pub Vec<String>);

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>();
    app.add_loading_state(
        LoadingState::new(Screen::Loading)
            .continue_to_state(Screen::Battle)
            .on_failure_continue_to_state(Screen::LoadFailed)
            .load_collection::<TableAssets>(),
    );
    app.init_resource::<LoadErrors>();
    app.configure_sets(
        OnEnter(Screen::Battle),
        (
            EnterBattle::Start,
            EnterBattle::Draw.run_if(resource_exists::<Battle>),
        )
            .chain(),
    );
    app.add_systems(
        OnEnter(Screen::Battle),
        begin_battle.in_set(EnterBattle::Start),
    );
    app.add_systems(
        OnEnter(Screen::LoadFailed),
        (collect_load_errors, show_load_errors).chain(),
    );
}

/// Names the level file for the loading state, before it starts.
pub(super) fn choose_level(app: &mut App, level_file: &str) {
    app.world_mut()
        .get_resource_or_init::<DynamicAssets>()
        .register_asset(
            LEVEL_KEY,
            Box::new(ChosenLevel(format!("{LEVEL_SOURCE}://{level_file}"))),
        );
}

fn begin_battle(world: &mut World) {
    let Some(table_assets) = world.get_resource::<TableAssets>() else {
        return;
    };
    let (ruleset_handle, level_handle) = (table_assets.ruleset.clone(), table_assets.level.clone());
    let ruleset = world
        .resource::<Assets<Ruleset>>()
        .get(&ruleset_handle)
        .cloned();
    let level_file = world
        .resource::<Assets<LevelFile>>()
        .get(&level_handle)
        .cloned();
    let settings = world.resource::<PlaySettings>().clone();
    let (Some(ruleset), Some(file)) = (ruleset, level_file) else {
        world
            .resource_mut::<NextState<Screen>>()
            .set(Screen::LoadFailed);
        return;
    };
    let problems = validate(&settings.level_path, &file.text, &file.level, &ruleset);
    if !problems.is_empty() {
        world.resource_mut::<LoadErrors>().0 = problems.iter().map(ToString::to_string).collect();
        world
            .resource_mut::<NextState<Screen>>()
            .set(Screen::LoadFailed);
        return;
    }
    let seed = settings
        .seed
        .or(file.level.seed)
        .unwrap_or_else(seed_from_clock);
    println!("{}: seed {seed}", file.level.name);
    start_battle(
        world,
        &file.level,
        Arc::new(ruleset),
        seed,
        Dice::seeded(seed),
    );
}

/// A fresh seed for a battle the player gave none for. The battle's own dice
/// then come only from the seeded generator.
fn seed_from_clock() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64 % 1_000_000)
}

fn collect_load_errors(
    mut errors: ResMut<LoadErrors>,
    server: Res<AssetServer>,
    settings: Res<PlaySettings>,
) {
    if !errors.0.is_empty() {
        return;
    }
    let level = server.get_handle::<LevelFile>(format!("{LEVEL_SOURCE}://{}", settings.level_file));
    let ruleset = server.get_handle::<Ruleset>("data://rules.ron");
    let ids = [
        level.map(|h| h.id().untyped()),
        ruleset.map(|h| h.id().untyped()),
    ];
    for id in ids.into_iter().flatten() {
        if let Some(LoadState::Failed(error)) = server.get_load_state(id) {
            errors.0.push(error.to_string());
        }
    }
    if errors.0.is_empty() {
        errors.0.push(format!(
            "{}: the level could not be loaded",
            settings.level_path.display()
        ));
    }
}

fn show_load_errors(mut commands: Commands, errors: Res<LoadErrors>) {
    for line in &errors.0 {
        eprintln!("{line}");
    }
    commands.spawn((Camera2d, DespawnOnExit(Screen::LoadFailed)));
    commands.spawn((
        DespawnOnExit(Screen::LoadFailed),
        Node {
            padding: UiRect::all(px(24)),
            flex_direction: FlexDirection::Column,
            row_gap: px(8),
            ..default()
        },
        children![
            (
                Text::new("The level could not be loaded"),
                TextFont::from_font_size(28.0)
            ),
            (
                Text::new(errors.0.join("\n")),
                TextFont::from_font_size(16.0),
                TextColor(Color::srgb(1.0, 0.6, 0.5))
            ),
        ],
    ));
}
