//! Loading the data and the level through Bevy's asset system, so both can
//! be hot-reloaded: a loader for the ruleset (which reads its sibling data
//! files as dependencies) and one for levels.

use std::path::PathBuf;

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext};
use bevy::prelude::*;
use bevy_asset_loader::prelude::*;

use crate::data::{
    ACTIONS_FILE, CREATURES_FILE, DataSources, INJURIES_FILE, Ruleset, TERRAIN_FILE, WEAPONS_FILE,
    parse_ron,
};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::level::Level;

/// The asset source the data folder is registered as.
pub const DATA_SOURCE: &str = "data";
/// The asset source the game's levels folder is registered as.
pub const LEVEL_SOURCE: &str = "table";
/// The asset source the folder of a level named on the command line is
/// registered as, so a designer's level outside the levels folder plays
/// while level select still lists the game's own.
pub const NAMED_SOURCE: &str = "named";
/// The dynamic asset key of the level being played.
pub const LEVEL_KEY: &str = "level";

/// Loads the whole ruleset from `rules.ron` and the five files beside it.
#[derive(Default, TypePath)]
pub struct RulesetLoader;

impl AssetLoader for RulesetLoader {
    type Asset = Ruleset;
    type Settings = ();
    type Error = Diagnostics;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _: &(),
        context: &mut LoadContext<'_>,
    ) -> Result<Ruleset, Diagnostics> {
        let own_path = PathBuf::from(context.path().path());
        let mut rules_text = Vec::new();
        reader
            .read_to_end(&mut rules_text)
            .await
            .map_err(|e| single(own_path.clone(), format!("cannot read: {e}")))?;
        let mut read = async |name: &str| -> Result<(PathBuf, String), Diagnostics> {
            let sibling = context
                .path()
                .resolve_embed_str(name)
                .map_err(|e| single(PathBuf::from(name), e.to_string()))?;
            let shown = PathBuf::from(sibling.path());
            let bytes = context
                .read_asset_bytes(sibling)
                .await
                .map_err(|e| single(shown.clone(), format!("cannot read: {e}")))?;
            Ok((shown, String::from_utf8_lossy(&bytes).into_owned()))
        };
        let weapons = read(WEAPONS_FILE).await?;
        let creatures = read(CREATURES_FILE).await?;
        let actions = read(ACTIONS_FILE).await?;
        let terrain = read(TERRAIN_FILE).await?;
        let injuries = read(INJURIES_FILE).await?;
        Ruleset::from_texts(DataSources {
            weapons,
            creatures,
            actions,
            rules: (own_path, String::from_utf8_lossy(&rules_text).into_owned()),
            terrain,
            injuries,
        })
    }

    /// The loading state asks for `data://rules.ron` untyped, by extension;
    /// levels are always asked for by type, so they never land here.
    fn extensions(&self) -> &[&str] {
        &["ron"]
    }
}

/// Parses a level file (its semantic check needs the ruleset, and runs once
/// both are loaded).
#[derive(Default, TypePath)]
pub struct LevelLoader;

/// A parsed level with its source text, for the semantic check's positions.
#[derive(Asset, TypePath, Debug, Clone)]
pub struct LevelFile {
    pub text: String,
    pub level: Level,
}

impl AssetLoader for LevelLoader {
    type Asset = LevelFile;
    type Settings = ();
    type Error = Diagnostics;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _: &(),
        context: &mut LoadContext<'_>,
    ) -> Result<LevelFile, Diagnostics> {
        let path = PathBuf::from(context.path().path());
        let mut bytes = Vec::new();
        reader
            .read_to_end(&mut bytes)
            .await
            .map_err(|e| single(path.clone(), format!("cannot read: {e}")))?;
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let level = parse_ron(&path, &text).map_err(|e| Diagnostics(vec![e]))?;
        Ok(LevelFile { text, level })
    }
}

fn single(path: PathBuf, message: String) -> Diagnostics {
    Diagnostics(vec![Diagnostic::new(&path, (1, 1), message)])
}

/// The level chosen at run time, as a bevy_asset_loader dynamic asset.
#[derive(Debug)]
pub struct ChosenLevel(pub String);

impl DynamicAsset for ChosenLevel {
    fn load(&self, asset_server: &AssetServer) -> Vec<UntypedHandle> {
        vec![asset_server.load::<LevelFile>(self.0.clone()).untyped()]
    }

    fn build(&self, world: &mut World) -> Result<DynamicAssetType, anyhow::Error> {
        let handle = world
            .resource::<AssetServer>()
            .load::<LevelFile>(self.0.clone());
        Ok(DynamicAssetType::Single(handle.untyped()))
    }
}

/// What the battle screen needs loaded before it starts.
#[derive(AssetCollection, Resource)]
pub struct TableAssets {
    #[asset(path = "data://rules.ron")]
    pub ruleset: Handle<Ruleset>,
    #[asset(key = "level")]
    pub level: Handle<LevelFile>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_asset::<Ruleset>()
        .init_asset::<LevelFile>()
        .init_asset_loader::<RulesetLoader>()
        .init_asset_loader::<LevelLoader>();
}
