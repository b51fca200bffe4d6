//! The core of Swift Swords: everything the game decides, with no window,
//! renderer or sound. The game and the server are built on it.
//!
//! - [`rules`]: the arithmetic of every rule, as plain functions.
//! - [`data`] and [`level`]: the RON data and level formats with their checks.
//! - [`battle`]: the battle engine: one state, one door (`Engine`), one sequence of play.
//! - [`ai`]: the AI's players, from Easy to Expert.
//! - [`campaign`]: a warband carried from battle to battle, with the aftermath and healing.
//! - [`script`]: rules scripts that replay commands and check the outcome.
//! - [`replay`]: replays and saves, rebuilt and checked step by step.
//! - [`simulate`]: many battles or campaigns AI against AI, and their reports.
//! - [`lesson`]: the lessons' format and its check.
//! - [`rulebook`]: the rules reference shown in the game, read from `docs/RULES.md`.
//! - [`content`]: where this run's content lies, and the content built in.
//! - [`scratch`]: a scratch folder removed with its guard, for tests and tools.

pub mod ai;
pub mod battle;
pub mod campaign;
pub mod content;
pub mod data;
pub mod diagnostics;
pub mod files;
pub mod lesson;
pub mod level;
pub mod names;
pub mod replay;
pub mod rulebook;
pub mod rules;
pub mod scratch;
pub mod script;
pub mod seat;
pub mod simulate;
pub mod unique_keys;
pub mod vocabulary;
