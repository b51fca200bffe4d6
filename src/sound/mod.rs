//! The table you can hear: which sound each battle event makes
//! ([`cue`]), and the sounds themselves, made in code ([`voices`] over
//! the kit in [`synth`]). The game plays them (`game::sound`); nothing here
//! needs an audio device.

pub mod cue;
pub mod synth;
pub mod voices;

pub use cue::{Channel, Cue, Field, Listener};
