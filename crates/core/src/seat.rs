//! Who sits at each side of a battle: a person or the AI at a level of
//! play. Below the replay, the game, the campaign and the network, which all
//! seat a level's sides.

use clap::ValueEnum;

use crate::ai::AiLevel;
use crate::battle::state::BattleState;
use crate::level::{Controller, Level};

/// Who plays a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Seat {
    Human,
    Ai(AiLevel),
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Human => f.write_str("Human"),
            Self::Ai(level) => write!(f, "AI ({})", level.name()),
        }
    }
}

/// How the seats are filled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Mode {
    /// One person against the AI, on the side they choose.
    #[default]
    Solo,
    /// Each side set to Human or AI, people taking turns at one machine.
    HotSeat,
    /// Every side played by the AI, to watch.
    AiVsAi,
}

impl Mode {
    pub const ALL: [Mode; 3] = [Mode::Solo, Mode::HotSeat, Mode::AiVsAi];

    pub fn label(self) -> &'static str {
        match self {
            Self::Solo => "Solo against the AI",
            Self::HotSeat => "Hot-seat",
            Self::AiVsAi => "AI against AI",
        }
    }
}

/// The seats of a level's sides for a mode. In solo play the player takes
/// `player_side`; hot-seat starts from the level's own controllers.
pub fn seats_for(level: &Level, mode: Mode, player_side: usize, ai: AiLevel) -> Vec<Seat> {
    level
        .sides
        .iter()
        .enumerate()
        .map(|(index, _)| match mode {
            Mode::Solo if index == player_side => Seat::Human,
            Mode::Solo | Mode::AiVsAi => Seat::Ai(ai),
            // Players around one machine: every side is a player's until
            // the setup screen gives one to the AI.
            Mode::HotSeat => Seat::Human,
        })
        .collect()
}

/// The seats the level itself names, by its sides' controllers: what
/// `play LEVEL` gives when no mode is asked for.
pub fn level_seats(level: &Level, ai: AiLevel) -> Vec<Seat> {
    level
        .sides
        .iter()
        .map(|side| match side.controller {
            Controller::Human => Seat::Human,
            Controller::Ai => Seat::Ai(ai),
        })
        .collect()
}

/// Who gives the orders of the unit with id `unit`: its side's seat.
pub fn seat_of(state: &BattleState, seats: &[Seat], unit: &str) -> Option<Seat> {
    let index = state.unit_index(unit)?;
    seats.get(state.units()[index].unit.side).copied()
}

/// The level with each side's controller set from its seat.
pub fn seated_level(level: &Level, seats: &[Seat]) -> Level {
    let mut level = level.clone();
    for (side, seat) in level.sides.iter_mut().zip(seats) {
        side.controller = match seat {
            Seat::Human => Controller::Human,
            Seat::Ai(_) => Controller::Ai,
        };
    }
    level
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Ruleset;
    use crate::level::load_level;

    fn skirmish() -> Level {
        let ruleset = Ruleset::embedded().expect("the built-in data loads");
        load_level(&crate::content::project("levels/skirmish.ron"), &ruleset)
            .expect("skirmish loads")
            .level
    }

    #[test]
    fn solo_seats_the_player_on_the_chosen_side_and_the_ai_elsewhere() {
        let seats = seats_for(&skirmish(), Mode::Solo, 1, AiLevel::Hard);
        assert_eq!(seats, vec![Seat::Ai(AiLevel::Hard), Seat::Human]);
    }

    #[test]
    fn hot_seat_gives_every_side_to_a_player_and_play_alone_keeps_the_levels_seats() {
        let level = skirmish();
        assert_eq!(
            seats_for(&level, Mode::HotSeat, 0, AiLevel::Hard),
            vec![Seat::Human; 2]
        );
        // The Skirmish names the AI for both its sides.
        assert_eq!(
            level_seats(&level, AiLevel::Hard),
            vec![Seat::Ai(AiLevel::Hard); 2]
        );
    }

    #[test]
    fn ai_against_ai_seats_the_ai_everywhere() {
        let seats = seats_for(&skirmish(), Mode::AiVsAi, 0, AiLevel::Easy);
        assert_eq!(seats, vec![Seat::Ai(AiLevel::Easy); 2]);
    }
}
