//! The seats' tokens kept on this machine, so that a game closed, stopped
//! or dropped can go back to its seat: one file of them, the newest last,
//! at most [`TOKENS_KEPT`]. The window keeps its file in the data folder;
//! the headless client keeps one where it is told (`--token-file`).

use std::path::Path;

use serde::{Deserialize, Serialize};
use swift_swords_core::files::{FileKind, read_own_file, write_keeping_previous};

/// Seats held on servers, newest last.
pub const TOKENS_KEPT: usize = 20;

/// A seat held on a server: the game, and the token that takes it back.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeatToken {
    pub server: String,
    pub game: u64,
    pub token: String,
}

/// The tokens kept in `file`, newest last (none if it is missing or
/// cannot be read as tokens).
pub fn kept(file: &Path) -> Vec<SeatToken> {
    read_own_file(file, FileKind::Own)
        .ok()
        .flatten()
        .and_then(|text| ron::from_str(&text).ok())
        .unwrap_or_default()
}

/// The newest token kept in `file` for a seat on `server`.
pub fn newest_on(file: &Path, server: &str) -> Option<SeatToken> {
    kept(file).into_iter().rev().find(|t| t.server == server)
}

/// Keeps `token` in `file` as the newest, in place of one for the same
/// game, dropping the oldest beyond [`TOKENS_KEPT`].
pub fn keep(file: &Path, token: SeatToken) -> Result<(), String> {
    let mut tokens = kept(file);
    tokens.retain(|t| !(t.server == token.server && t.game == token.game));
    tokens.push(token);
    let from = tokens.len().saturating_sub(TOKENS_KEPT);
    let text = ron::to_string(&tokens[from..]).map_err(|e| e.to_string())?;
    write_keeping_previous(file, &text).map_err(|e| format!("{}: {e}", file.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn token(server: &str, game: u64) -> SeatToken {
        SeatToken {
            server: server.to_string(),
            game,
            token: format!("t{game}"),
        }
    }

    #[test]
    fn a_token_kept_is_found_again_newest_first_and_the_oldest_go() {
        let scratch = swift_swords_core::scratch::Scratch::new("tokens");
        let dir = scratch.path().to_path_buf();
        let file = dir.join("seats.ron");
        assert_eq!(newest_on(&file, "a:1"), None);
        keep(&file, token("a:1", 1)).expect("kept");
        keep(&file, token("b:2", 2)).expect("kept");
        keep(&file, token("a:1", 3)).expect("kept");
        assert_eq!(newest_on(&file, "a:1"), Some(token("a:1", 3)));
        assert_eq!(newest_on(&file, "b:2"), Some(token("b:2", 2)));
        // The same game again takes its old place's token's place.
        keep(&file, token("a:1", 1)).expect("kept");
        assert_eq!(kept(&file).len(), 3);
        for game in 10..40 {
            keep(&file, token("c:3", game)).expect("kept");
        }
        let all = kept(&file);
        assert_eq!(all.len(), TOKENS_KEPT);
        assert_eq!(all.last(), Some(&token("c:3", 39)));
    }
}
