//! AI-against-AI simulation for designers: many headless battles on one
//! level, spread over threads, summed up in a report.
//!
//! Battle `i` gets its own seed derived from the run's seed, and results are
//! gathered by index, so the report is the same whatever the thread count.

pub mod balance;
pub mod campaign;
pub mod compare;
pub mod plot;
pub mod sweep;

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use serde::Serialize;

use crate::ai::play::play_out;
use crate::ai::{AiLevel, splitmix};
use crate::battle::command::Command;
use crate::battle::components::Fate;
use crate::battle::engine::Engine;
use crate::battle::events::{BattleEvent, Outcome};
use crate::battle::state::Battle;
use crate::data::Ruleset;
use crate::level::Level;
use crate::rules::dice::Dice;

/// Commands allowed in one battle before it is called off as a draw; far
/// beyond any real battle (the round limit ends them much sooner).
const COMMAND_LIMIT: usize = 20_000;

#[derive(Debug, Clone)]
pub struct SimConfig {
    pub level: Level,
    pub ruleset: Arc<Ruleset>,
    pub battles: usize,
    pub seed: u64,
    /// The AI level of each side by id; sides not named play Normal.
    pub ai: BTreeMap<String, AiLevel>,
    pub jobs: usize,
    /// Exchange the two sides' AI levels every other battle.
    pub swap: bool,
}

impl SimConfig {
    /// The AI level of each side (in level order) for battle `index`.
    fn levels_for(&self, index: usize) -> Vec<AiLevel> {
        let mut levels: Vec<AiLevel> = self
            .level
            .sides
            .iter()
            .map(|side| self.ai.get(&side.id).copied().unwrap_or(AiLevel::Normal))
            .collect();
        if self.swap && index % 2 == 1 && levels.len() == 2 {
            levels.swap(0, 1);
        }
        levels
    }
}

/// One battle's result.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BattleResult {
    pub index: usize,
    pub seed: u64,
    /// The AI level of each side, in level order.
    pub levels: Vec<AiLevel>,
    /// The winning side's index, if any.
    pub winner: Option<usize>,
    pub rounds: u32,
    pub actions: u32,
    /// Per side: combatants out of action or killed.
    pub casualties: Vec<u32>,
    /// Per side: rolls on the injury tables.
    pub injuries: Vec<u32>,
    /// Per side: fear tests failed.
    pub fear_failed: Vec<u32>,
    /// Per side: morale rolls failed (faction alternation).
    pub morale_failed: Vec<u32>,
    /// Per side: special results bought with extra successes.
    pub specials: Vec<u32>,
    /// Per side: defences declared, and attacks a standing pool answered.
    pub defences: Vec<u32>,
    pub pool_uses: Vec<u32>,
    /// (template, still fighting or escaped at the end) for every combatant.
    pub survivors: Vec<(String, bool)>,
    #[serde(skip)]
    pub decisions: Vec<(AiLevel, Duration)>,
    /// Every command of the battle, for `--save-replays`.
    #[serde(skip)]
    pub commands: Vec<Command>,
}

/// Plays one battle between AIs to its end.
pub fn run_battle(config: &SimConfig, index: usize) -> BattleResult {
    let seed = splitmix(config.seed ^ (index as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
    let levels = config.levels_for(index);
    let mut engine = Engine::start(
        &config.level,
        config.ruleset.clone(),
        seed,
        Dice::seeded(seed),
    );
    let mut decisions = Vec::new();
    let mut commands = Vec::new();
    // A battle that stops early is reported as it stands.
    let _ = play_out(
        &mut engine,
        |side| levels[side],
        COMMAND_LIMIT,
        |level, command, took| {
            decisions.push((level, took));
            commands.push(command.clone());
        },
    );
    let table = engine.state();
    let battle: &Battle = table.battle();
    let sides = battle.sides.len();
    let winner = match &battle.outcome {
        Some(Outcome::Victory { side, .. }) => battle.sides.iter().position(|s| &s.id == side),
        _ => None,
    };
    let mut casualties = vec![0; sides];
    let mut survivors = Vec::new();
    for unit in table.units() {
        if matches!(unit.fate, Fate::OutOfAction | Fate::Killed) {
            casualties[unit.unit.side] += 1;
        }
        survivors.push((
            unit.unit.template.clone(),
            matches!(unit.fate, Fate::Fighting | Fate::Escaped),
        ));
    }
    let mut injuries = vec![0; sides];
    let mut defences = vec![0; sides];
    let mut pool_uses = vec![0; sides];
    let mut fear_failed = vec![0; sides];
    let mut morale_failed = vec![0; sides];
    let mut specials = vec![0; sides];
    for event in engine.log() {
        let (count, unit) = match event {
            BattleEvent::Injured { unit, .. } => (&mut injuries, unit),
            BattleEvent::FearTest {
                unit,
                passed: false,
                ..
            } => (&mut fear_failed, unit),
            BattleEvent::MoraleRoll {
                unit,
                passed: false,
                ..
            } => (&mut morale_failed, unit),
            BattleEvent::Special { attacker, .. } => (&mut specials, attacker),
            BattleEvent::DefenceRolled { unit, .. } => (&mut defences, unit),
            BattleEvent::Dodged { unit, .. }
            | BattleEvent::Blocked { unit, .. }
            | BattleEvent::BlockOverwhelmed { unit } => (&mut pool_uses, unit),
            _ => continue,
        };
        if let Some(index) = table.unit_index(unit) {
            count[table.units()[index].unit.side] += 1;
        }
    }
    BattleResult {
        index,
        seed,
        levels,
        winner,
        rounds: battle.round,
        actions: battle.actions,
        casualties,
        injuries,
        fear_failed,
        morale_failed,
        specials,
        defences,
        pool_uses,
        survivors,
        decisions,
        commands,
    }
}

/// Which battles of a run `--save-replays` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplayChoice {
    All,
    Draws,
    /// Won by the side with the lower win rate over the run.
    Upsets,
    /// Lost by this side (another side won).
    LossesOf(usize),
}

impl ReplayChoice {
    /// Reads `all`, `draws`, `upsets` or `SIDE-losses` for a level's sides.
    pub fn parse(text: &str, level: &Level) -> Result<Self, String> {
        match text {
            "all" => Ok(Self::All),
            "draws" => Ok(Self::Draws),
            "upsets" => Ok(Self::Upsets),
            _ => text
                .strip_suffix("-losses")
                .and_then(|side| level.side_index(side))
                .map(Self::LossesOf)
                .ok_or_else(|| {
                    let losses: Vec<String> =
                        level.sides.iter().map(|s| format!("{}-losses", s.id)).collect();
                    format!(
                        "--which: unknown choice \"{text}\", expected all, draws, upsets or one of: {}",
                        losses.join(", ")
                    )
                }),
        }
    }

    /// The battles of `results` this choice takes.
    pub fn pick(self, results: &[BattleResult]) -> Vec<&BattleResult> {
        let wins = |side: usize| results.iter().filter(|r| r.winner == Some(side)).count();
        results
            .iter()
            .filter(|r| match self {
                Self::All => true,
                Self::Draws => r.winner.is_none(),
                Self::LossesOf(side) => r.winner.is_some_and(|w| w != side),
                Self::Upsets => r.winner.is_some_and(|w| {
                    let sides = r.levels.len();
                    (0..sides).any(|other| other != w && wins(other) > wins(w))
                }),
            })
            .collect()
    }
}

/// The file name of battle `result`'s replay.
pub fn replay_name(result: &BattleResult) -> String {
    format!("battle-{:04}-seed-{}.ron", result.index, result.seed)
}

/// Runs every battle of a simulation over `config.jobs` threads, calling
/// `tick` after each one finishes. Results come back in battle order.
pub fn run_all(config: &SimConfig, tick: &(dyn Fn() + Sync)) -> Vec<BattleResult> {
    run_indexed(
        config.battles,
        config.jobs,
        |index| run_battle(config, index),
        tick,
    )
}

/// Runs `work(i)` for each `i` below `count` over `jobs` threads, calling
/// `tick` after each; the results in index order, whatever the threads.
pub fn run_indexed<T: Send>(
    count: usize,
    jobs: usize,
    work: impl Fn(usize) -> T + Sync,
    tick: &(dyn Fn() + Sync),
) -> Vec<T> {
    // Each job's search gets its share of the cores.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    crate::ai::set_search_threads(cores / jobs.max(1));
    let next = AtomicUsize::new(0);
    let mut results: Vec<(usize, T)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        if index >= count {
                            break;
                        }
                        mine.push((index, work(index)));
                        tick();
                    }
                    mine
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_default())
            .collect()
    });
    results.sort_by_key(|(index, _)| *index);
    results.into_iter().map(|(_, result)| result).collect()
}

/// A share with its 95% Wilson score interval.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Rate {
    pub count: usize,
    pub share: f64,
    pub low: f64,
    pub high: f64,
}

/// The share and its interval in percent, `51.0% [41.3%, 60.6%]`; a width
/// (`{:5}`) pads each number.
impl std::fmt::Display for Rate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let w = f.width().unwrap_or(0);
        write!(
            f,
            "{:w$.1}% [{:w$.1}%, {:w$.1}%]",
            self.share * 100.0,
            self.low * 100.0,
            self.high * 100.0
        )
    }
}

pub fn wilson(count: usize, total: usize) -> Rate {
    if total == 0 {
        return Rate {
            count,
            share: 0.0,
            low: 0.0,
            high: 0.0,
        };
    }
    let n = total as f64;
    let p = count as f64 / n;
    let z = 1.959_963_984_540_054;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    Rate {
        count,
        share: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideReport {
    pub id: String,
    pub name: String,
    pub wins: Rate,
    /// Mean per battle.
    pub casualties: f64,
    pub injuries: f64,
    pub fear_failed: f64,
    /// Left out where nobody rolls for morale (every sequence but faction
    /// alternation), so those reports read as before.
    #[serde(skip_serializing_if = "is_zero")]
    pub morale_failed: f64,
    pub specials: f64,
    pub defences: f64,
    pub pool_uses: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    pub level: String,
    pub battles: usize,
    pub seed: u64,
    pub swap: bool,
    pub sides: Vec<SideReport>,
    pub draws: Rate,
    /// Wins by the AI level that played the winning side.
    pub wins_by_ai: BTreeMap<String, Rate>,
    /// Where the sides played different AI levels: each level's wins as a
    /// share of the battles someone won, the figure AI levels are compared
    /// by (docs/AI.md).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub decisive_by_ai: BTreeMap<String, Rate>,
    /// Where the sides played different AI levels: how each level did on
    /// each side it played, so a lopsided level shows which seat gained.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<Seat>,
    pub rounds_mean: f64,
    pub rounds_median: f64,
    pub actions_mean: f64,
    pub actions_median: f64,
    /// Template: share of its combatants still fighting (or escaped) at the end.
    pub survival_by_template: BTreeMap<String, f64>,
}

/// One AI level on one side, over the battles it played there.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Seat {
    /// The AI level, as `--ai` names it.
    pub ai: String,
    /// The side's display name.
    pub side: String,
    pub battles: usize,
    pub wins: usize,
    pub losses: usize,
    pub draws: usize,
}

/// Each (AI level, side) pairing's battles, in level order and then side
/// order; empty where every side played the same level in every battle.
fn seats(config: &SimConfig, results: &[BattleResult]) -> Vec<Seat> {
    let mixed = results
        .iter()
        .any(|r| r.levels.windows(2).any(|pair| pair[0] != pair[1]));
    if !mixed {
        return Vec::new();
    }
    let mut seats: BTreeMap<(String, usize), Seat> = BTreeMap::new();
    for result in results {
        for (side, level) in result.levels.iter().enumerate() {
            let seat = seats
                .entry((level.to_string(), side))
                .or_insert_with(|| Seat {
                    ai: level.to_string(),
                    side: config.level.sides[side].name.clone(),
                    battles: 0,
                    wins: 0,
                    losses: 0,
                    draws: 0,
                });
            seat.battles += 1;
            match result.winner {
                Some(winner) if winner == side => seat.wins += 1,
                Some(_) => seat.losses += 1,
                None => seat.draws += 1,
            }
        }
    }
    seats.into_values().collect()
}

fn mean(values: &[f64]) -> f64 {
    if values.is_empty() {
        0.0
    } else {
        values.iter().sum::<f64>() / values.len() as f64
    }
}

fn median(values: &[f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let mid = sorted.len() / 2;
    if sorted.len().is_multiple_of(2) {
        (sorted[mid - 1] + sorted[mid]) / 2.0
    } else {
        sorted[mid]
    }
}

/// The mean per battle of a count.
fn mean_of(results: &[BattleResult], count: impl Fn(&BattleResult) -> u32) -> f64 {
    mean(
        &results
            .iter()
            .map(|r| f64::from(count(r)))
            .collect::<Vec<_>>(),
    )
}

pub fn summarise(config: &SimConfig, results: &[BattleResult]) -> Report {
    let total = results.len();
    let sides = config
        .level
        .sides
        .iter()
        .enumerate()
        .map(|(i, side)| SideReport {
            id: side.id.clone(),
            name: side.name.clone(),
            wins: wilson(
                results.iter().filter(|r| r.winner == Some(i)).count(),
                total,
            ),
            casualties: mean_of(results, |r| r.casualties[i]),
            injuries: mean_of(results, |r| r.injuries[i]),
            defences: mean_of(results, |r| r.defences[i]),
            pool_uses: mean_of(results, |r| r.pool_uses[i]),
            fear_failed: mean_of(results, |r| r.fear_failed[i]),
            morale_failed: mean_of(results, |r| r.morale_failed[i]),
            specials: mean_of(results, |r| r.specials[i]),
        })
        .collect();
    let mut ai_wins: BTreeMap<String, usize> = BTreeMap::new();
    for result in results {
        for level in &result.levels {
            ai_wins.entry(level.to_string()).or_default();
        }
        if let Some(winner) = result.winner {
            *ai_wins
                .entry(result.levels[winner].to_string())
                .or_default() += 1;
        }
    }
    let mut survival: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for result in results {
        for (template, alive) in &result.survivors {
            let entry = survival.entry(template.clone()).or_default();
            entry.0 += usize::from(*alive);
            entry.1 += 1;
        }
    }
    let seats = seats(config, results);
    let draws = results.iter().filter(|r| r.winner.is_none()).count();
    let decided = total - draws;
    let decisive_by_ai = if seats.is_empty() {
        BTreeMap::new()
    } else {
        ai_wins
            .iter()
            .map(|(level, wins)| (level.clone(), wilson(*wins, decided)))
            .collect()
    };
    let rounds: Vec<f64> = results.iter().map(|r| f64::from(r.rounds)).collect();
    let actions: Vec<f64> = results.iter().map(|r| f64::from(r.actions)).collect();
    Report {
        level: config.level.name.clone(),
        battles: total,
        seed: config.seed,
        swap: config.swap,
        sides,
        draws: wilson(draws, total),
        wins_by_ai: ai_wins
            .into_iter()
            .map(|(level, wins)| (level, wilson(wins, total)))
            .collect(),
        decisive_by_ai,
        seats,
        rounds_mean: mean(&rounds),
        rounds_median: median(&rounds),
        actions_mean: mean(&actions),
        actions_median: median(&actions),
        survival_by_template: survival
            .into_iter()
            .map(|(template, (alive, all))| (template, alive as f64 / all.max(1) as f64))
            .collect(),
    }
}

/// Decision times per AI level: (decisions, median, 99th percentile, max).
pub fn decision_timings(
    results: &[BattleResult],
) -> BTreeMap<String, (usize, Duration, Duration, Duration)> {
    let mut by_level: BTreeMap<String, Vec<Duration>> = BTreeMap::new();
    for result in results {
        for (level, time) in &result.decisions {
            by_level.entry(level.to_string()).or_default().push(*time);
        }
    }
    by_level
        .into_iter()
        .map(|(level, mut times)| {
            times.sort();
            let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
            (level, (times.len(), at(0.5), at(0.99), at(1.0)))
        })
        .collect()
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let pct = |r: &Rate| format!("{r:5} ({})", r.count);
        writeln!(
            f,
            "{}: {} battles, seed {}{}",
            self.level,
            self.battles,
            self.seed,
            if self.swap {
                ", sides swapped every other battle"
            } else {
                ""
            }
        )?;
        writeln!(f, "wins (95% interval):")?;
        for side in &self.sides {
            writeln!(f, "  {:<24} {}", side.name, pct(&side.wins))?;
        }
        writeln!(f, "  {:<24} {}", "draws", pct(&self.draws))?;
        writeln!(f, "wins by AI level:")?;
        for (level, rate) in &self.wins_by_ai {
            writeln!(f, "  {:<24} {}", level, pct(rate))?;
        }
        if !self.decisive_by_ai.is_empty() {
            writeln!(f, "share of the battles won, by AI level:")?;
            for (level, rate) in &self.decisive_by_ai {
                writeln!(f, "  {:<24} {}", level, pct(rate))?;
            }
        }
        if !self.seats.is_empty() {
            writeln!(f, "by AI level and side:")?;
            let seat_name = |seat: &Seat| format!("{} as {}", seat.ai, seat.side);
            let width = self
                .seats
                .iter()
                .map(|s| seat_name(s).len())
                .fold(24, usize::max);
            for seat in &self.seats {
                writeln!(
                    f,
                    "  {:<width$} won {}, lost {}, drew {} of {}",
                    seat_name(seat),
                    seat.wins,
                    seat.losses,
                    seat.draws,
                    seat.battles
                )?;
            }
        }
        writeln!(
            f,
            "length: rounds mean {:.1}, median {:.1}; actions mean {:.1}, median {:.1}",
            self.rounds_mean, self.rounds_median, self.actions_mean, self.actions_median
        )?;
        writeln!(f, "per battle, by side:")?;
        for side in &self.sides {
            writeln!(
                f,
                "  {:<24} casualties {:.2}, injuries {:.2}, fear tests failed {:.2}, specials {:.2}, defences {:.2}, pool uses {:.2}",
                side.name,
                side.casualties,
                side.injuries,
                side.fear_failed,
                side.specials,
                side.defences,
                side.pool_uses
            )?;
            if side.morale_failed > 0.0 {
                writeln!(
                    f,
                    "  {:<24} morale rolls failed {:.2}",
                    "", side.morale_failed
                )?;
            }
        }
        writeln!(f, "survival by template:")?;
        for (template, share) in &self.survival_by_template {
            writeln!(f, "  {:<24} {:5.1}%", template, share * 100.0)?;
        }
        Ok(())
    }
}

/// For serde: a mean that is nothing to report.
fn is_zero(value: &f64) -> bool {
    *value == 0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_brackets_the_share() {
        let rate = wilson(95, 100);
        assert!((rate.share - 0.95).abs() < 1e-12);
        assert!(
            rate.low > 0.88 && rate.low < 0.95 && rate.high > 0.95 && rate.high < 0.99,
            "{rate:?}"
        );
        assert_eq!(wilson(0, 0).share, 0.0);
    }

    #[test]
    fn median_of_an_even_count_is_the_middle_pair_mean() {
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
    }
}
