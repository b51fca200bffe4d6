//! The engine: the one door into a battle.
//!
//! An [`Engine`] owns the battle's one authoritative state, its dice and its
//! log. Every caller (the game's systems, the HUD's checks, the AI's
//! look-ahead, `simulate`, rules scripts and the tests) goes through it:
//! [`Engine::check`] says whether a command is legal and how it would be
//! paid; [`Engine::submit`] checks it, resolves it and runs the sequence of
//! play on to the next decision, returning the events it caused.

use std::sync::Arc;

use bevy_ecs::prelude::Resource;

use super::check::{Plan, check};
use super::command::{Command, RuleError};
use super::events::BattleEvent;
use super::flow::advance;
use super::orders::resolve;
use super::setup::initial_state;
use super::state::BattleState;
use crate::data::Ruleset;
use crate::level::Level;
use crate::rules::dice::Dice;

/// A battle: its state, the dice it rolls with, and every event so far.
#[derive(Resource, Debug, Clone)]
pub struct Engine {
    state: BattleState,
    dice: Dice,
    log: Vec<BattleEvent>,
}

impl Engine {
    /// A fresh battle on a checked level, run on to its first decision.
    pub fn start(level: &Level, ruleset: Arc<Ruleset>, seed: u64, dice: Dice) -> Self {
        Self::resume(initial_state(level, ruleset, seed), dice, Vec::new())
    }

    /// A battle from a state (a save, or a copy for the AI's look-ahead), run
    /// on to its next decision if it is not waiting for one already.
    pub fn resume(state: BattleState, dice: Dice, log: Vec<BattleEvent>) -> Self {
        let mut engine = Self { state, dice, log };
        advance(&mut engine.state, &mut engine.dice, &mut engine.log);
        engine
    }

    pub fn state(&self) -> &BattleState {
        &self.state
    }

    pub fn dice(&self) -> &Dice {
        &self.dice
    }

    /// Every event of the battle so far, in order.
    pub fn log(&self) -> &[BattleEvent] {
        &self.log
    }

    /// Whether `command` is legal now, and if so how it would be paid.
    pub fn check(&self, command: &Command) -> Result<Plan, RuleError> {
        check(&self.state, command)
    }

    /// The legal commands now, in a fixed order
    /// ([`BattleState::legal_plans`]).
    pub fn legal_commands(&self) -> Vec<Command> {
        self.state
            .legal_plans()
            .into_iter()
            .map(|(command, _)| command)
            .collect()
    }

    /// Checks and resolves `command`, then runs the sequence of play on until
    /// the next decision or the end. Returns the events it caused, or the
    /// rule's refusal (and then nothing changed).
    pub fn submit(&mut self, command: &Command) -> Result<&[BattleEvent], RuleError> {
        let from = self.log.len();
        resolve(&mut self.state, command, &mut self.dice, &mut self.log)?;
        advance(&mut self.state, &mut self.dice, &mut self.log);
        Ok(&self.log[from..])
    }

    /// [`Engine::submit`] with fresh randomness stirred into the dice once
    /// the command is accepted, before it is resolved (a network game's
    /// server gives the salt; see docs/NETWORK.md). With no salt (a step
    /// played offline), just [`Engine::submit`].
    pub fn submit_stirred(
        &mut self,
        command: &Command,
        salt: Option<u64>,
    ) -> Result<&[BattleEvent], RuleError> {
        if let Some(salt) = salt {
            self.check(command)?;
            self.dice.stir(salt);
        }
        self.submit(command)
    }

    /// Whether the battle is over.
    pub fn ended(&self) -> bool {
        self.state.battle.outcome.is_some()
    }

    /// Takes the battle apart: its state, dice and log.
    pub fn into_parts(self) -> (BattleState, Dice, Vec<BattleEvent>) {
        (self.state, self.dice, self.log)
    }
}
