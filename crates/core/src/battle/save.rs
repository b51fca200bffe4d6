//! A battle in progress as saved to RON, and restored to an engine.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::components::{Board, Chariot};
use super::engine::Engine;
use super::events::BattleEvent;
use super::state::{Battle, BattleState, UnitState};
use crate::data::Ruleset;
use crate::rules::dice::Dice;

/// A battle in progress, as saved to RON: the state, the dice and the log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BattleSave {
    pub battle: Battle,
    pub board: Board,
    pub units: Vec<UnitState>,
    #[serde(default)]
    pub chariots: Vec<Chariot>,
    pub dice: Dice,
    pub log: Vec<BattleEvent>,
}

impl BattleSave {
    /// The battle an engine is fighting.
    pub fn of(engine: &Engine) -> Self {
        let (state, dice, log) = engine.clone().into_parts();
        Self {
            battle: state.battle,
            board: Arc::unwrap_or_clone(state.board),
            units: state.units,
            chariots: state.chariots,
            dice,
            log,
        }
    }

    pub fn to_ron(&self) -> Result<String, ron::Error> {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
    }

    /// The saved battle, fought on with the data it was fought with.
    pub fn restore(self, ruleset: Arc<Ruleset>) -> Engine {
        let state = BattleState::from_parts(
            ruleset,
            self.board,
            self.battle,
            (self.units, self.chariots),
        );
        Engine::resume(state, self.dice, self.log)
    }
}
