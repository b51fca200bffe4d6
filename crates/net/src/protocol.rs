//! The messages of network play and their limits (docs/NETWORK.md). Each
//! message is one WebSocket text frame holding one RON value.

use serde::{Deserialize, Serialize};

use swift_swords_core::battle::command::Command;
use swift_swords_core::battle::record::{Fingerprint, Step};
use swift_swords_core::replay::Replay;
use swift_swords_core::vocabulary::Sequence;

/// What both ends say first; a server refuses any other.
pub const PROTOCOL: &str = "swift-swords net 1";

/// The most bytes of one message from a client (a level's text fits).
pub const MOST_CLIENT_BYTES: usize = 64 * 1024;
/// The most bytes of one message from the server (a whole game's replay).
pub const MOST_SERVER_BYTES: usize = 8 * 1024 * 1024;
/// Messages a connection may send a second on average, and in one burst
/// (two AI players at full speed send about 60 a second each).
pub const MESSAGES_PER_SECOND: u32 = 100;
pub const MESSAGE_BURST: u32 = 300;
/// Games one server keeps, open and going on together.
pub const MOST_GAMES: usize = 1000;
/// Connections one server holds at once.
pub const MOST_CONNECTIONS: usize = 4000;
/// Spectators of one game.
pub const MOST_SPECTATORS: usize = 16;
/// Seconds without a message (a client pings every [`PING_SECONDS`]) before
/// the server closes a connection.
pub const IDLE_SECONDS: u64 = 60;
pub const PING_SECONDS: u64 = 15;
/// Seconds a player who dropped has to come back before the other may hand
/// their side to the AI.
pub const GRACE_SECONDS: u64 = 90;
/// Seconds a game with nobody at any seat is kept before it is closed.
pub const ABANDONED_SECONDS: u64 = 24 * 60 * 60;
/// How many steps spectators see behind the players.
pub const SPECTATOR_DELAY: usize = 4;
/// The longest player name and chat line, in characters.
pub const MOST_NAME_CHARS: usize = swift_swords_core::names::MOST_PLAYER_CHARS;
/// Games waiting for a second player that one player, and one address,
/// may have opened at a time.
pub const MOST_OPEN_GAMES_PER_PLAYER: usize = 2;
pub const MOST_OPEN_GAMES_PER_ADDRESS: usize = 4;
/// Connections one address may hold open at once.
pub const MOST_CONNECTIONS_PER_ADDRESS: usize = 8;
/// Seconds a new connection has to say hello (pings do not count).
pub const HELLO_SECONDS: u64 = 10;
/// Seconds between two out-of-sync reports of one connection that the
/// server answers.
pub const OUT_OF_SYNC_SECONDS: u64 = 5;
/// A connection is sent the list of games at most once in this many
/// seconds.
pub const LOBBY_SECONDS: u64 = 1;
pub const MOST_CHAT_CHARS: usize = 200;
/// Chat lines a game keeps for those who join later.
pub const CHAT_KEPT: usize = 30;

/// What a client says to the server.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ClientMsg {
    /// The first message: the protocol spoken and the player's name.
    Hello {
        protocol: String,
        name: String,
    },
    /// Asks for the open and running games.
    ListGames,
    /// Opens a game on a level (its file name and whole text, checked by the
    /// server) and takes a seat at it.
    CreateGame {
        level_file: String,
        level_text: String,
        sequence: Option<Sequence>,
        side: usize,
        password: Option<String>,
    },
    /// Takes a free seat (`side`), or watches (`None`).
    JoinGame {
        game: u64,
        side: Option<usize>,
        password: Option<String>,
    },
    /// Comes back to a seat after a drop, holding `have` steps already.
    Rejoin {
        game: u64,
        token: String,
        have: usize,
    },
    /// A command for the game's step `at` (the steps the client holds), so a
    /// command sent on an old view of the battle is refused, not misplaced.
    Command {
        at: usize,
        command: Command,
    },
    /// The client's fingerprint after step `step`: the last step of those
    /// each `Steps` brought (applying stops at the first that differs, so
    /// the steps before it held).
    Synced {
        step: usize,
        fingerprint: Fingerprint,
    },
    /// Hands a side whose player has been away past the grace time to the
    /// server's AI.
    HandToAi {
        side: usize,
    },
    Chat {
        text: String,
    },
    Leave,
    Ping,
}

/// What the server says to a client.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ServerMsg {
    Welcome {
        protocol: String,
        server: String,
    },
    Games {
        games: Vec<GameInfo>,
    },
    /// Seated (`side`) or watching (`None`): the game so far as a replay
    /// (for a spectator, [`SPECTATOR_DELAY`] steps behind), and for a player
    /// the token that brings them back after a drop.
    Joined {
        game: u64,
        side: Option<usize>,
        token: Option<String>,
        replay: Box<Replay>,
    },
    /// Back at a seat after a drop; the missing steps follow.
    Back {
        game: u64,
        side: usize,
    },
    /// Steps from `from` (counted from 0), each with the salt the server
    /// stirred into the dice and the fingerprint after it.
    Steps {
        from: usize,
        steps: Vec<Step>,
    },
    /// The server refused a message; the reason in words.
    Refused {
        reason: String,
    },
    /// A client's fingerprint differed from the server's after a step.
    OutOfSync {
        step: usize,
        command: String,
        player: String,
        parts: Vec<String>,
    },
    /// Someone took a seat, came back, dropped or left: the seats now.
    Seats {
        seats: Vec<SeatInfo>,
    },
    Chat {
        from: String,
        text: String,
    },
    /// The server closes this connection, and why ([`SEAT_TAKEN_ELSEWHERE`]
    /// when the seat's player came back on another connection: a client
    /// told so does not come back, or two of its windows would take the
    /// seat from each other without end).
    Closing {
        reason: String,
    },
    Pong,
}

/// Why the server closes a connection whose seat's player came back on
/// another.
pub const SEAT_TAKEN_ELSEWHERE: &str = "you came back on another connection";

/// A game as the lobby lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameInfo {
    pub id: u64,
    pub level_name: String,
    pub sequence: Sequence,
    pub seats: Vec<SeatInfo>,
    pub password: bool,
    pub steps: usize,
    pub over: bool,
}

/// One side of a game: its name and who sits there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    pub side_name: String,
    pub player: Option<String>,
    pub state: SeatState,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeatState {
    Free,
    Here,
    /// Dropped this many seconds ago.
    Away {
        seconds: u64,
    },
    /// Played by the server's AI.
    Ai,
}

impl SeatInfo {
    /// In words for the lobby and the battle's heading.
    pub fn in_words(&self) -> String {
        let player = self.player.as_deref().unwrap_or("nobody");
        match self.state {
            SeatState::Free => format!("{}: free", self.side_name),
            SeatState::Here => format!("{}: {player}", self.side_name),
            SeatState::Away { seconds } => {
                format!("{}: waiting for {player} ({seconds} s)", self.side_name)
            }
            SeatState::Ai => format!("{}: the AI (for {player})", self.side_name),
        }
    }
}

/// A message as its text.
pub fn encode<T: Serialize>(message: &T) -> String {
    // Every message is plain data; one that cannot be written is a bug, sent
    // as an empty value the other end refuses.
    ron::to_string(message).unwrap_or_default()
}

/// A message from its text, or where and why it is not one.
pub fn decode<'a, T: Deserialize<'a>>(text: &'a str) -> Result<T, String> {
    ron::from_str(text).map_err(|error| {
        format!(
            "not a message at line {}, column {}: {}",
            error.span.start.line, error.span.start.col, error.code
        )
    })
}
