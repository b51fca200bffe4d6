//! `simulate --compare-sequences`: one level played under each sequence of
//! play with the same seeds and seats, reported side by side, so a designer
//! sees which order of play suits a scenario.

use std::fmt::Write as _;

use super::{Report, SimConfig, run_all, summarise};
use crate::vocabulary::Sequence;

/// Each sequence's report on the level of `config`, in [`Sequence::ALL`]'s order.
pub fn reports(config: &SimConfig) -> Vec<(Sequence, Report)> {
    Sequence::ALL
        .into_iter()
        .map(|sequence| {
            let mut config = config.clone();
            config.level.sequence = sequence;
            let results = run_all(&config, &|| {});
            (sequence, summarise(&config, &results))
        })
        .collect()
}

/// The comparison as a table: a row a sequence, with each side's wins (and
/// their 95% interval), the draws, the battle's mean rounds, and each
/// side's mean casualties and failed morale rolls.
pub fn compare_sequences(config: &SimConfig) -> String {
    table(config, &reports(config))
}

fn table(config: &SimConfig, reports: &[(Sequence, Report)]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} battles under each sequence of play, seed {}{}",
        config.level.name,
        config.battles,
        config.seed,
        if config.swap {
            ", sides swapped every other battle"
        } else {
            ""
        }
    );
    let names: Vec<&str> = config.level.sides.iter().map(|s| s.name.as_str()).collect();
    let _ = write!(out, "{:<20}", "sequence");
    for name in &names {
        let _ = write!(out, " | {:<25}", format!("{name} wins"));
    }
    let _ = write!(out, " | {:<25} | {:>6}", "draws", "rounds");
    for name in &names {
        let _ = write!(out, " | {:>10}", format!("{name} lost"));
    }
    for name in &names {
        let _ = write!(out, " | {:>10}", format!("{name} broke"));
    }
    out.push('\n');
    for (sequence, report) in reports {
        let _ = write!(out, "{:<20}", sequence.name());
        for side in &report.sides {
            let _ = write!(out, " | {:<25}", side.wins.to_string());
        }
        let _ = write!(
            out,
            " | {:<25} | {:>6.1}",
            report.draws.to_string(),
            report.rounds_mean
        );
        for side in &report.sides {
            let _ = write!(out, " | {:>10.2}", side.casualties);
        }
        for side in &report.sides {
            let _ = write!(out, " | {:>10.2}", side.morale_failed);
        }
        out.push('\n');
    }
    out
}
