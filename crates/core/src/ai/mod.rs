//! The AI: one controller for any side, at five levels.
//!
//! - `Random` picks uniformly among the legal commands: the baseline.
//! - `Easy` scores commands like Normal but often settles for a worse one.
//! - `Normal` scores every legal command by its exact expected value,
//!   using the same odds as the preview ([`crate::rules::odds`]).
//! - `Hard` and `Expert` search: their best few commands are played out a
//!   few decisions on against sampled dice, both sides as Normal, the
//!   playouts shared by successive halving. Expert searches wider, longer
//!   and deeper, and counts the worst of the opponent's best answers.
//! - `Passive` holds, passes and answers attacks with its best defence,
//!   nothing else: a designer's seat for testing a level's clock
//!   (`simulate --ai SIDE=passive`), never offered in the menus.
//!
//! Every command comes from [`legal_commands`] (with its plan, so it is
//! scored without being checked again), which runs the rules' own
//! legality check, so the AI never issues an illegal one. Its randomness is
//! derived from the battle's seed and the number of actions taken, so the
//! same battle gives the same choices.

mod cover;
mod evaluate;
mod flyers;
mod gain;
mod legal;
pub mod play;
mod position;
mod search;
mod storm;
mod wounds;
mod zones;

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};

use crate::battle::command::{Command, Order};
use crate::battle::state::BattleState;

pub use legal::legal_commands;
pub use search::set_search_threads;
pub use wounds::preferred_wounds;

/// How well the AI plays.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, clap::ValueEnum,
)]
pub enum AiLevel {
    Random,
    Easy,
    #[default]
    Normal,
    Hard,
    Expert,
    Passive,
}

impl AiLevel {
    /// The levels as the menus offer them, gentlest first.
    pub const MENU: [Self; 5] = [
        Self::Easy,
        Self::Normal,
        Self::Hard,
        Self::Expert,
        Self::Random,
    ];

    /// Its name in the menus and on the table: "Normal". (Its `Display` is
    /// the id that `simulate --ai` takes and reports: "normal".)
    pub fn name(self) -> &'static str {
        match self {
            Self::Random => "Random",
            Self::Easy => "Easy",
            Self::Normal => "Normal",
            Self::Hard => "Hard",
            Self::Expert => "Expert",
            Self::Passive => "Passive",
        }
    }

    /// How it plays, in a line for the menus.
    pub fn about(self) -> &'static str {
        match self {
            Self::Random => "Picks any legal order: for trying the rules out.",
            Self::Easy => "Mostly one of its three best orders, now and then any: a gentle start.",
            Self::Normal => "Weighs every order by its exact odds, one step ahead.",
            Self::Hard => "Plays its best orders a few moves on against sampled dice.",
            Self::Expert => {
                "Like Hard, further ahead, and ready for your best answers: the strongest."
            }
            Self::Passive => {
                "Holds, passes and defends, nothing else: for testing a level's clock."
            }
        }
    }
}

impl std::fmt::Display for AiLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = match self {
            Self::Random => "random",
            Self::Easy => "easy",
            Self::Normal => "normal",
            Self::Hard => "hard",
            Self::Expert => "expert",
            Self::Passive => "passive",
        };
        f.write_str(name)
    }
}

/// The AI's choice for whoever may act now, or `None` if nobody may.
pub fn choose(table: &BattleState, level: AiLevel) -> Option<Command> {
    let legal = legal::legal_plans(table);
    if legal.is_empty() {
        return None;
    }
    if level != AiLevel::Random
        && let Some(choice) = wounds_to_change(table)
    {
        return Some(choice);
    }
    let mut rng = decision_rng(table);
    match level {
        AiLevel::Random => {
            use rand::RngExt;
            let index = rng.random_range(0..legal.len());
            legal.into_iter().nth(index).map(|(command, _)| command)
        }
        AiLevel::Easy => evaluate::choose_easy(table, legal, &mut rng),
        AiLevel::Normal => evaluate::best(table, legal),
        AiLevel::Hard => search::search(table, legal, search::HARD),
        AiLevel::Expert => search::search(table, legal, search::EXPERT),
        AiLevel::Passive => {
            let (passive, other): (Vec<_>, Vec<_>) = legal.into_iter().partition(|(command, _)| {
                matches!(
                    command.order,
                    Order::Defend { .. } | Order::Hold | Order::Pass
                )
            });
            // Where the rules ask for anything else, the best of what they ask.
            evaluate::best(table, if passive.is_empty() { other } else { passive })
        }
    }
}

/// The standing choice for Wounds of a combatant who has the turn, where
/// the AI would now choose otherwise: set before it acts.
fn wounds_to_change(table: &BattleState) -> Option<Command> {
    table
        .battle()
        .turn_candidates()
        .into_iter()
        .find_map(|unit| {
            let take = preferred_wounds(table, unit);
            (table.units()[unit].conditions.wounds != take).then(|| {
                Command::new(
                    table.units()[unit].unit.id.clone(),
                    Order::ChooseWounds {
                        take,
                        whole_side: false,
                    },
                )
            })
        })
}

/// A generator for one decision, seeded from the battle's seed and how far
/// the battle has gone: the same battle makes the same choices.
fn decision_rng(table: &BattleState) -> Xoshiro256PlusPlus {
    let battle = &table.battle();
    let mix = battle.seed
        ^ (u64::from(battle.actions) << 20)
        ^ (u64::from(battle.round) << 48)
        ^ 0x5157_1F75_A0D5;
    Xoshiro256PlusPlus::seed_from_u64(splitmix(mix))
}

/// A shipped level as it starts, for the AI's unit tests.
#[cfg(test)]
fn shipped_level(file: &str) -> BattleState {
    shipped_battle(file, None).state().clone()
}

/// A shipped level's battle as it starts (under `sequence`, if given, in
/// place of its own), for the AI's unit tests.
#[cfg(test)]
fn shipped_battle(
    file: &str,
    sequence: Option<crate::vocabulary::Sequence>,
) -> crate::battle::engine::Engine {
    use crate::battle::engine::Engine;
    use crate::data::Ruleset;
    use crate::level::load_level;
    use crate::rules::dice::Dice;
    use std::sync::Arc;

    let ruleset = Arc::new(Ruleset::embedded().unwrap());
    let mut level = load_level(&crate::content::project("levels").join(file), &ruleset)
        .unwrap()
        .level;
    if let Some(sequence) = sequence {
        level.sequence = sequence;
    }
    Engine::start(&level, ruleset, 7, Dice::seeded(7))
}

/// SplitMix64: spreads nearby seeds far apart.
pub fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}
