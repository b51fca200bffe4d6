//! Hostile input (#21): levels made by mutating the shipped ones, token by
//! token. The level check either refuses a mutant with positions inside the
//! text, or accepts it, and then an AI battle on it ends within the bound
//! that the round limit and the round's action cap set. Nothing panics.

use std::path::Path;
use std::sync::Arc;

use proptest::prelude::*;
use swift_swords::ai::{AiLevel, choose};
use swift_swords::battle::engine::Engine;
use swift_swords::level::parse_level;
use swift_swords::level::validate::MOST_ROUNDS;
use swift_swords::rules::dice::Dice;

use crate::common::{ruleset, shipped_level_paths};

/// Numbers a designer's slip or a hostile file might put anywhere.
const EXTREMES: [&str; 10] = [
    "0",
    "1",
    "-1",
    "127",
    "-128",
    "255",
    "256",
    "65535",
    "65537",
    "4294967295",
];

/// One change to a level's text.
#[derive(Debug, Clone)]
enum Mutation {
    /// The n-th number becomes an extreme.
    Number(usize, usize),
    /// The n-th line is removed.
    RemoveLine(usize),
    /// The n-th line is written twice (a field, a unit, a row).
    DuplicateLine(usize),
    /// The n-th quoted string takes the m-th one's text.
    SwapString(usize, usize),
    /// The text stops at this fraction (in thousandths) of its length.
    Truncate(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        4 => (any::<usize>(), 0..EXTREMES.len()).prop_map(|(n, e)| Mutation::Number(n, e)),
        2 => any::<usize>().prop_map(Mutation::RemoveLine),
        2 => any::<usize>().prop_map(Mutation::DuplicateLine),
        2 => (any::<usize>(), any::<usize>()).prop_map(|(n, m)| Mutation::SwapString(n, m)),
        1 => (0usize..1000).prop_map(Mutation::Truncate),
    ]
}

/// The byte ranges of the runs of digits in the text.
fn numbers(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            found.push((start, i));
        } else {
            i += 1;
        }
    }
    found
}

/// The byte ranges of the quoted strings' contents.
fn strings(text: &str) -> Vec<(usize, usize)> {
    let quotes: Vec<usize> = text.match_indices('"').map(|(i, _)| i).collect();
    quotes
        .chunks(2)
        .filter(|pair| pair.len() == 2)
        .map(|pair| (pair[0] + 1, pair[1]))
        .collect()
}

fn apply(text: &str, mutation: &Mutation) -> String {
    let replace = |(start, end): (usize, usize), with: &str| {
        format!("{}{with}{}", &text[..start], &text[end..])
    };
    let lines: Vec<&str> = text.lines().collect();
    let (found_numbers, found_strings) = (numbers(text), strings(text));
    match *mutation {
        // A truncated text may have nothing left to change.
        Mutation::Number(..) if found_numbers.is_empty() => text.to_string(),
        Mutation::SwapString(..) if found_strings.is_empty() => text.to_string(),
        Mutation::RemoveLine(_) | Mutation::DuplicateLine(_) if lines.is_empty() => {
            text.to_string()
        }
        Mutation::Number(n, extreme) => {
            replace(found_numbers[n % found_numbers.len()], EXTREMES[extreme])
        }
        Mutation::RemoveLine(n) => {
            let mut kept = lines.clone();
            kept.remove(n % lines.len());
            kept.join("\n")
        }
        Mutation::DuplicateLine(n) => {
            let mut doubled = lines.clone();
            doubled.insert(n % lines.len(), lines[n % lines.len()]);
            doubled.join("\n")
        }
        Mutation::SwapString(n, m) => {
            let count = found_strings.len();
            let (from, to) = (found_strings[n % count], found_strings[m % count]);
            replace(from, &text[to.0..to.1])
        }
        Mutation::Truncate(thousandths) => {
            let mut end = text.len() * thousandths / 1000;
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            text[..end].to_string()
        }
    }
}

/// The shipped levels' file names and texts.
fn shipped_texts() -> Vec<(String, String)> {
    shipped_level_paths()
        .iter()
        .map(|p| (p.display().to_string(), std::fs::read_to_string(p).unwrap()))
        .collect()
}

proptest! {
    // A fixed seed: the same mutants on every run and every machine.
    #![proptest_config(ProptestConfig {
        cases: 400,
        rng_seed: proptest::test_runner::RngSeed::Fixed(21),
        ..ProptestConfig::default()
    })]

    #[test]
    fn a_mutated_level_is_refused_with_positions_or_plays_to_its_end_within_the_bound(
        pick in any::<usize>(),
        mutations in proptest::collection::vec(mutation(), 1..4),
        seed in any::<u64>(),
    ) {
        let texts = shipped_texts();
        let (path, original) = &texts[pick % texts.len()];
        let text = mutations.iter().fold(original.clone(), |text, m| apply(&text, m));
        let ruleset: Arc<_> = ruleset();
        match parse_level(Path::new(path), &text, &ruleset) {
            Err(problems) => {
                let lines = text.lines().count().max(1) + 1;
                for problem in &problems.0 {
                    prop_assert!(problem.line >= 1 && problem.line <= lines && problem.col >= 1,
                        "{problem} is outside the text of {lines} lines");
                    prop_assert!(!problem.message.is_empty());
                }
            }
            Ok(level) => {
                let level = level.with_chariot_teams(&ruleset);
                let most_actions = u64::from(MOST_ROUNDS)
                    * u64::from(ruleset.rules.most_actions_per_round_each)
                    * level.units.len() as u64;
                let mut engine = Engine::start(&level, ruleset.clone(), seed, Dice::seeded(seed));
                let mut actions = 0u64;
                while !engine.ended() {
                    prop_assert!(engine.state().battle().actions as u64 <= most_actions,
                        "past {most_actions} actions");
                    let command = choose(engine.state(), AiLevel::Random);
                    prop_assert!(command.is_some(), "the battle waits with nothing legal to do");
                    let command = command.unwrap();
                    prop_assert!(engine.submit(&command).is_ok(), "the AI's {command:?} was refused");
                    actions += 1;
                    // Answers, passes and choices are not actions: allow as many again.
                    prop_assert!(actions <= 4 * most_actions + 1000, "{actions} commands and no end");
                }
            }
        }
    }
}
