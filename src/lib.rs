//! Swift Swords: a digital table for Swift Swords Tactica.
//!
//! The game's crate, on the command line with no window
//! (`swift-swords-server`), on the network's ([`net`]), on the core's
//! (`swift-swords-core`: the rules, the engine and everything that decides,
//! with no window). The core's modules are named here as they are there, so
//! the game reads `crate::battle` as the core does; docs/ARCHITECTURE.md
//! maps the whole house.
//!
//! - [`game`]: the windowed game.
//! - [`sound`]: the sounds of the table, made in code, and which event makes which.

pub use swift_swords_core::{
    ai, battle, campaign, content, data, diagnostics, files, lesson, level, names, replay,
    rulebook, rules, scratch, script, seat, simulate, unique_keys, vocabulary,
};
pub use swift_swords_net as net;

pub mod game;
pub mod sound;
