//! Network play (docs/NETWORK.md): a relay server that referees each game
//! with the engine, the clients that mirror it, and play by file.
//!
//! - [`protocol`]: the messages and their limits.
//! - [`game`] and [`hub`]: the server's games and its lobby, with no network
//!   in them; [`store`]: the games on disk.
//! - [`server`] and [`connection`]: WebSocket over TCP on tokio.
//! - [`client`]: a client's session with no network in it, driven by the
//!   window and by [`headless`], a client with no window for tests and AI
//!   players.
//! - [`mirror`]: a client's copy of a game, checked step by step.
//! - [`tokens`]: the seats' tokens kept on this machine.
//! - [`by_file`]: play by file, a turn file taken in and checked against
//!   the game held here.

pub mod by_file;
pub mod client;
pub mod connection;
pub mod game;
pub mod headless;
pub mod hub;
pub mod mirror;
pub mod protocol;
pub mod server;
pub mod store;
pub mod tokens;
