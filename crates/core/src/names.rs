//! The one check of a name that people read: a member, a warband, a
//! campaign, a battle, a level, a side, a player. Every reader of a file or
//! a message checks its names here, where it is parsed, so no name reaches
//! a screen, a list or a terminal that is empty, runs past its length,
//! breaks a line, turns the writing direction or shows nothing.

/// The most characters a player's name may have (online, by file, in the
/// settings): it is shown in one row of the lobby and the by-file room.
pub const MOST_PLAYER_CHARS: usize = 24;

/// The most characters a name on a card, a menu or the log may have: a
/// level, a side, a unit, a campaign, a battle, a warband or a member.
pub const MOST_NAME_CHARS: usize = 60;

/// How many hex digits name a game by file (what [`game_name_problem`]
/// accepts, and what the game makes).
pub const GAME_NAME_DIGITS: usize = 12;

/// Why `name` cannot be shown, if it cannot: 1 to `most` characters, with
/// no control character, none that turns the writing direction, and not
/// only characters that are not seen.
pub fn name_problem(name: &str, most: usize) -> Option<String> {
    if name.trim().is_empty() {
        Some("is empty".into())
    } else if name.chars().any(char::is_control) {
        Some("holds a control character (a newline or tab, say); names are one plain line".into())
    } else if name.chars().any(turns_text) {
        Some("holds a character that turns the writing direction; names read as written".into())
    } else if name.chars().all(|c| c.is_whitespace() || unseen(c)) {
        Some("shows nothing: it holds only characters that are not seen".into())
    } else if name.chars().count() > most {
        Some(format!(
            "has {} characters, expected at most {most}",
            name.chars().count()
        ))
    } else if name.chars().any(unseen) {
        Some("holds a character that is not seen; names show every character they hold".into())
    } else {
        None
    }
}

/// Why `game` is not the name of a game by file: exactly the
/// [`GAME_NAME_DIGITS`] lower-case hex digits the game makes, so it can
/// name a folder and never reach outside it.
pub fn game_name_problem(game: &str) -> Option<String> {
    let made = game.len() == GAME_NAME_DIGITS
        && game
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    (!made).then(|| {
        format!(
            "is not a name the game makes: a game is named by {GAME_NAME_DIGITS} hex digits \
             (0-9, a-f)"
        )
    })
}

/// The characters that turn the direction of the text after them: they
/// would make a name read otherwise than written, in the game and in a
/// terminal.
pub fn turns_text(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}')
}

/// Characters that take no space and show nothing.
pub fn unseen(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200D}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}' | '\u{00AD}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_one_plain_seen_line_within_its_length() {
        assert_eq!(name_problem("Ada", MOST_PLAYER_CHARS), None);
        assert_eq!(name_problem("Ser Aldric the Bold", MOST_PLAYER_CHARS), None);
        for bad in [
            "",
            "  ",
            "a\nb",
            "Hon\u{202E}est",
            "\u{200B}\u{200D}",
            "Hon\u{200B}est",
            "\u{1b}[2J",
        ] {
            assert!(name_problem(bad, MOST_PLAYER_CHARS).is_some(), "{bad:?}");
        }
        let long = "x".repeat(1_000_000);
        assert_eq!(
            name_problem(&long, MOST_PLAYER_CHARS).as_deref(),
            Some("has 1000000 characters, expected at most 24")
        );
        assert_eq!(name_problem(&"x".repeat(24), MOST_PLAYER_CHARS), None);
    }

    #[test]
    fn a_game_by_file_is_named_by_twelve_hex_digits_and_nothing_else() {
        assert_eq!(game_name_problem("0123456789ab"), None);
        for bad in [
            "../saves",
            "../../../../tmp/x",
            "0123456789AB",
            "0123456789a",
            "0123456789abc",
            "/etc/passwd0",
            "0123456789a/",
            "",
        ] {
            assert!(game_name_problem(bad).is_some(), "{bad:?}");
        }
    }
}
