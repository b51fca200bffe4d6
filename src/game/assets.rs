//! Loading the data and the level through Bevy's asset system, so both can
//! be hot-reloaded: a loader for the ruleset (which reads its sibling data
//! files as dependencies) and one for levels. A file that does not parse
//! still loads, as an asset carrying its problems: Bevy does not watch a
//! failed load again (bevy#7470), and a designer fixing the file must see
//! the fix arrive.

use std::path::{Path, PathBuf};

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext};
use bevy::prelude::*;
use bevy_asset_loader::prelude::*;

use crate::data::{
    ACTIONS_FILE, ARMOUR_FILE, CREATURES_FILE, DataSources, INJURIES_FILE, Ruleset, TERRAIN_FILE,
    WEAPONS_FILE, parse_ron,
};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::files::FileKind;
use crate::level::Level;

/// The asset source the data folder is registered as.
pub const DATA_SOURCE: &str = "data";
/// The asset source the game's levels folder is registered as.
pub const LEVEL_SOURCE: &str = "table";
/// The asset source the player's own levels folder is registered as.
pub const OWN_SOURCE: &str = "own";
/// The asset source the folder of a level named on the command line is
/// registered as, so a designer's level outside the levels folder plays
/// while level select still lists the game's own.
pub const NAMED_SOURCE: &str = "named";
/// The dynamic asset key of the level being played.
pub const LEVEL_KEY: &str = "level";

/// Loads the whole ruleset from `rules.ron` and the five files beside it.
#[derive(Default, TypePath)]
pub struct RulesetLoader;

/// The data folder as loaded: the ruleset, or every problem found in it.
#[derive(Asset, TypePath, Debug, Clone)]
pub struct DataFile(pub Result<Ruleset, Diagnostics>);

impl AssetLoader for RulesetLoader {
    type Asset = DataFile;
    type Settings = ();
    type Error = Diagnostics;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _: &(),
        context: &mut LoadContext<'_>,
    ) -> Result<DataFile, Diagnostics> {
        Ok(DataFile(Self::read_all(reader, context).await))
    }

    /// The loading state asks for `data://rules.ron` untyped, by extension;
    /// levels are always asked for by type, so they never land here.
    fn extensions(&self) -> &[&str] {
        &["ron"]
    }
}

impl RulesetLoader {
    async fn read_all(
        reader: &mut dyn Reader,
        context: &mut LoadContext<'_>,
    ) -> Result<Ruleset, Diagnostics> {
        let own_path = PathBuf::from(context.path().path());
        let rules_text = read_bounded(reader, &own_path, FileKind::Data).await?;
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
        // A data folder without its own armour takes the shipped one.
        let armour = read(ARMOUR_FILE).await.unwrap_or_default();
        Ruleset::from_texts(DataSources {
            weapons,
            creatures,
            actions,
            rules: (own_path, String::from_utf8_lossy(&rules_text).into_owned()),
            terrain,
            injuries,
            armour,
        })
    }
}

/// Parses a level file (its semantic check needs the ruleset, and runs once
/// both are loaded).
#[derive(Default, TypePath)]
pub struct LevelLoader;

/// A level file's text and the level parsed from it (or the reason it does
/// not parse), for the semantic check and its positions.
#[derive(Asset, TypePath, Debug, Clone)]
pub struct LevelFile {
    pub text: String,
    pub level: Result<Level, Diagnostics>,
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
        let bytes = read_bounded(reader, &path, FileKind::Level).await?;
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let level = parse_ron(&path, &text).map_err(|e| Diagnostics(vec![e]));
        Ok(LevelFile { text, level })
    }
}

/// An asset's bytes, read no further than its kind's most bytes (as
/// [`crate::files::read_text`] reads every other file).
async fn read_bounded(
    reader: &mut dyn Reader,
    path: &Path,
    kind: FileKind,
) -> Result<Vec<u8>, Diagnostics> {
    use bevy::asset::AsyncReadExt as _;
    let mut bytes = Vec::new();
    bevy::asset::AsyncReadExt::take(&mut *reader, kind.most_bytes() + 1)
        .read_to_end(&mut bytes)
        .await
        .map_err(|e| single(path.to_path_buf(), format!("cannot read: {e}")))?;
    match crate::files::over_limit(path, bytes.len() as u64, kind) {
        Some(problem) => Err(Diagnostics(vec![problem])),
        None => Ok(bytes),
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
    pub ruleset: Handle<DataFile>,
    #[asset(key = "level")]
    pub level: Handle<LevelFile>,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_asset::<DataFile>()
        .init_asset::<LevelFile>()
        .init_asset_loader::<RulesetLoader>()
        .init_asset_loader::<LevelLoader>();
}
