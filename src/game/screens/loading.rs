//! The screens and the moves between them: title, level select, loading
//! (a bevy_asset_loader loading state), the battle, the results, and the
//! errors that stopped a level from loading.

use std::sync::Arc;

use bevy::asset::{AssetLoadError, LoadState};
use bevy::prelude::*;
use bevy_asset_loader::prelude::*;

use crate::battle::engine::Engine;
use crate::data::Ruleset;
use crate::diagnostics::Diagnostics;
use crate::game::assets::{ChosenLevel, DataFile, LEVEL_KEY, LevelFile, TableAssets};
use crate::game::mirror::install_battle;
use crate::game::session::match_setup::MatchSetup;
use crate::game::session::match_setup::PreparedBattle;
use crate::game::session::play_settings::PlaySettings;
use crate::game::session::saves::battle_autosaver;
use crate::game::stage::EnterBattle;
use crate::game::stage::Screen;
use crate::game::table::view::clear_the_table;
use crate::level::Level;
use crate::level::validate::validate;
use crate::replay::Replay;
use crate::rules::dice::Dice;
use crate::seat::seated_level;

/// The problems that stopped the level from loading, one per line.
#[derive(Resource, Debug, Clone, Default)]
pub struct LoadErrors(pub Vec<String>);

pub(crate) fn plugin(app: &mut App) {
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
            EnterBattle::Draw.run_if(resource_exists::<Engine>),
        )
            .chain(),
    );
    app.add_systems(
        OnEnter(Screen::Battle),
        begin_battle.in_set(EnterBattle::Start),
    );
    app.add_systems(OnEnter(Screen::LoadFailed), collect_load_errors);
    app.add_systems(OnEnter(Screen::Setup), clear_the_table);
    app.add_systems(OnEnter(Screen::Title), clear_the_table);
    app.add_systems(OnEnter(Screen::Campaign), clear_the_table);
    app.add_systems(OnEnter(Screen::Online), clear_the_table);
    app.add_systems(OnEnter(Screen::ByFile), clear_the_table);
    app.add_systems(OnEnter(Screen::Editor), clear_the_table);
}

/// Names the level for the loading state and enters it. Every way into a
/// battle (the menu, the command line, restart, play again) comes here.
pub fn load_match(world: &mut World, setup: MatchSetup) {
    world
        .get_resource_or_init::<DynamicAssets>()
        .register_asset(LEVEL_KEY, Box::new(ChosenLevel(setup.asset_path())));
    world.insert_resource(setup);
    world.resource_mut::<LoadErrors>().0.clear();
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Loading);
}

fn begin_battle(world: &mut World) {
    if let Some(prepared) = world.remove_resource::<PreparedBattle>() {
        install_prepared(world, prepared);
        return;
    }
    let setup = world.resource::<MatchSetup>().clone();
    let (ruleset, file, unseated) = match loaded_level(world) {
        Ok(loaded) => loaded,
        Err(problems) => {
            world.resource_mut::<LoadErrors>().0 = problems;
            world
                .resource_mut::<NextState<Screen>>()
                .set(Screen::LoadFailed);
            return;
        }
    };
    println!("{}: seed {}", unseated.name, setup.seed);
    // The seats chosen for this battle replace the level's own controllers.
    let mut level = seated_level(&unseated, &setup.seats);
    if let Some(sequence) = setup.sequence {
        level.sequence = sequence;
    }
    let engine = Engine::start(
        &level,
        ruleset.clone(),
        setup.seed,
        Dice::seeded(setup.seed),
    );
    let mut replay = Replay::begin(
        &setup.level_file,
        &file.text,
        &ruleset,
        &setup.seats,
        &engine,
    );
    replay.saved_at = crate::replay::now();
    install_prepared(
        world,
        PreparedBattle {
            engine,
            replay: Some(replay),
        },
    );
}

/// The data and the level of the battle as loaded, checked: the ruleset,
/// the level file and its level; or every problem, as `file:line:col:
/// message` (none when the files are not loaded yet).
pub fn loaded_level(world: &World) -> Result<(Arc<Ruleset>, LevelFile, Level), Vec<String>> {
    let Some(table_assets) = world.get_resource::<TableAssets>() else {
        return Err(Vec::new());
    };
    let data = world
        .resource::<Assets<DataFile>>()
        .get(&table_assets.ruleset);
    let file = world
        .resource::<Assets<LevelFile>>()
        .get(&table_assets.level);
    let (Some(data), Some(file)) = (data, file) else {
        return Err(Vec::new());
    };
    let lines = |problems: &Diagnostics| -> Vec<String> {
        problems.0.iter().map(ToString::to_string).collect()
    };
    let ruleset = data.0.as_ref().map_err(lines)?;
    let level = file.level.as_ref().map_err(lines)?;
    let setup = world.resource::<MatchSetup>();
    let level_path = world.resource::<PlaySettings>().level_path(setup);
    let problems = validate(&level_path, &file.text, level, ruleset);
    if !problems.is_empty() {
        return Err(problems.iter().map(ToString::to_string).collect());
    }
    Ok((Arc::new(ruleset.clone()), file.clone(), level.clone()))
}

/// Puts a battle on the table, and keeps its replay if it will be played on.
pub fn install_prepared(world: &mut World, prepared: PreparedBattle) {
    install_battle(world, prepared.engine);
    keep_replay(world, prepared.replay);
}

/// A battle to be played on keeps its replay as its record; one only
/// watched has none. A battle takes Continue's place with its first command
/// (one resumed from a save at once), so starting a battle and leaving it
/// loses no other; a playtest, begun afresh, never does (the record's
/// autosave leaves it out).
pub fn keep_replay(world: &mut World, replay: Option<Replay>) {
    match replay {
        Some(replay) => {
            if let Some(autosaver) = battle_autosaver(world)
                && replay.steps() > 0
            {
                autosaver.save(replay.clone());
            }
            world.insert_resource(replay);
        }
        None => {
            world.remove_resource::<Replay>();
        }
    }
}

fn collect_load_errors(
    mut errors: ResMut<LoadErrors>,
    server: Res<AssetServer>,
    setup: Res<MatchSetup>,
    settings: Res<PlaySettings>,
) {
    if errors.0.is_empty() {
        let level = server.get_handle::<LevelFile>(setup.asset_path());
        let ruleset = server.get_handle::<DataFile>("data://rules.ron");
        let ids = [
            level.map(|h| h.id().untyped()),
            ruleset.map(|h| h.id().untyped()),
        ];
        for id in ids.into_iter().flatten() {
            if let Some(LoadState::Failed(error)) = server.get_load_state(id) {
                errors.0.extend(load_problems(&error));
            }
        }
    }
    if errors.0.is_empty() {
        errors.0.push(format!(
            "{}: the level could not be loaded",
            settings.level_path(&setup).display()
        ));
    }
    for line in &errors.0 {
        eprintln!("{line}");
    }
}

/// A failed load in the designer's terms: the loader's own problems, each
/// with its file:line:col, and never the engine's backtrace.
fn load_problems(error: &AssetLoadError) -> Vec<String> {
    if let AssetLoadError::AssetLoaderError(failure) = error
        && let Some(diagnostics) = failure.error().downcast_ref::<Diagnostics>()
    {
        return diagnostics.0.iter().map(ToString::to_string).collect();
    }
    let first_line = error
        .to_string()
        .lines()
        .next()
        .unwrap_or_default()
        .to_string();
    vec![first_line]
}
