//! Which screen is up, and the run conditions every room of the game shares:
//! below the screens, the table and the HUD, which all read them.

use bevy::prelude::*;

use crate::battle::engine::Engine;

/// The screens of the game, one state each.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    #[default]
    Title,
    /// Level select, mode, seats and seed.
    Setup,
    Loading,
    Battle,
    Results,
    LoadFailed,
    /// The level editor.
    Editor,
    /// A campaign: the list to begin or go on, the warband, the briefing,
    /// the aftermath and the weeks.
    Campaign,
    /// Network play: the server, the lobby and a seat.
    Online,
    /// Play by file: the games kept here, a turn file taken in, a game begun.
    ByFile,
}

/// The steps of entering the battle screen: start the battle, then draw it.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EnterBattle {
    Start,
    Draw,
}

/// The battle screen with a battle on its table. Entering the screen with
/// a level that fails its check leaves no battle for the frame before the
/// error screen: the battle's systems wait for one.
pub fn battle_on_table(screen: Option<Res<State<Screen>>>, engine: Option<Res<Engine>>) -> bool {
    engine.is_some() && screen.is_some_and(|s| *s.get() == Screen::Battle)
}
