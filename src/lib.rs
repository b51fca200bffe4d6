//! Swift Swords: a digital table for Swift Swords Tactica.
//!
//! - [`rules`]: the arithmetic of every rule, as plain functions.
//! - [`data`] and [`level`]: the RON data and level formats with their checks.
//! - [`battle`]: the battle engine: one state, one door (`Engine`), one sequence of play.
//! - [`campaign`]: a warband carried from battle to battle, with the aftermath and healing.
//! - [`script`]: rules scripts that replay commands and check the outcome.
//! - [`replay`]: replays and saves, rebuilt and checked step by step.
//! - [`rulebook`]: the rules reference shown in the game, read from `docs/RULES.md`.
//! - [`net`]: network play: the relay server and its clients.
//! - [`sound`]: the sounds of the table, made in code, and which event makes which.
//! - [`game`]: the windowed game.

pub mod ai;
pub mod battle;
pub mod campaign;
pub mod cli;
pub mod content;
pub mod data;
pub mod diagnostics;
pub mod files;
pub mod game;
pub mod lesson;
pub mod level;
pub mod names;
pub mod net;
pub mod replay;
pub mod rulebook;
pub mod rules;
pub mod script;
pub mod seat;
pub mod simulate;
pub mod sound;
pub mod unique_keys;
pub mod vocabulary;
