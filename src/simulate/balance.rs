//! The editor's live balance: AI-against-AI battles on the draft, played on
//! background threads, each battle seeded by its number (so a run is the
//! same on any machine), until each side's 95% interval is as narrow as
//! asked or the cap is reached. The editor starts a run again on every
//! edit.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;

use crate::data::Ruleset;
use crate::level::Level;
use crate::simulate::{BattleResult, Report, SimConfig, run_battle, summarise};

/// A run of battles under way (or done) on one draft.
pub struct BalanceRun {
    pub config: SimConfig,
    /// The draft's text the run plays (its battles' replays carry it).
    pub text: String,
    results: Arc<Mutex<Vec<BattleResult>>>,
    stop: Arc<AtomicBool>,
    workers: Vec<JoinHandle<()>>,
}

impl BalanceRun {
    /// Starts `cap` battles at most on `level` over `jobs` threads.
    pub fn start(
        level: Level,
        text: String,
        ruleset: Arc<Ruleset>,
        cap: usize,
        jobs: usize,
        seed: u64,
    ) -> Self {
        let config = SimConfig {
            level,
            ruleset,
            battles: cap,
            seed,
            ai: Default::default(),
            jobs,
            swap: true,
        };
        let results = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let next = Arc::new(AtomicUsize::new(0));
        let workers = (0..jobs.max(1))
            .map(|_| {
                let (config, results, stop, next) =
                    (config.clone(), results.clone(), stop.clone(), next.clone());
                std::thread::spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        if index >= config.battles {
                            break;
                        }
                        let result = run_battle(&config, index);
                        results
                            .lock()
                            .unwrap_or_else(PoisonError::into_inner)
                            .push(result);
                    }
                })
            })
            .collect();
        Self {
            config,
            text,
            results,
            stop,
            workers,
        }
    }

    /// The battles played so far, in battle order.
    pub fn results(&self) -> Vec<BattleResult> {
        let mut results = self
            .results
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        results.sort_by_key(|r| r.index);
        results
    }

    /// The report on the battles played so far.
    pub fn report(&self) -> (Report, Vec<BattleResult>) {
        let results = self.results();
        (summarise(&self.config, &results), results)
    }

    /// Asks the threads to stop after the battles they are playing.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether no battle is being played any more.
    pub fn finished(&self) -> bool {
        self.workers.iter().all(JoinHandle::is_finished)
    }
}

impl Drop for BalanceRun {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Whether every side's 95% interval is at most `width` wide (0.10 is
/// ±5%).
pub fn narrow_enough(report: &Report, width: f64) -> bool {
    report.battles > 0
        && report
            .sides
            .iter()
            .all(|side| side.wins.high - side.wins.low <= width)
}

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::time::{Duration, Instant};

    use super::*;
    use crate::level::load_level;

    #[test]
    fn a_balance_run_plays_the_battles_a_simulation_would_and_narrows_its_interval() {
        let ruleset = Arc::new(Ruleset::embedded().expect("the built-in data"));
        let level = load_level(Path::new("levels/duel.ron"), &ruleset)
            .expect("the duel")
            .level;
        let run = BalanceRun::start(level, String::new(), ruleset, 60, 2, 9);
        let began = Instant::now();
        while !run.finished() && began.elapsed() < Duration::from_secs(120) {
            std::thread::sleep(Duration::from_millis(20));
        }
        let (report, results) = run.report();
        assert_eq!(results.len(), 60);
        // The same battles as `simulate --seed 9 --swap` plays.
        let expected: Vec<BattleResult> = (0..60).map(|k| run_battle(&run.config, k)).collect();
        assert_eq!(
            results
                .iter()
                .map(|r| (r.seed, r.winner))
                .collect::<Vec<_>>(),
            expected
                .iter()
                .map(|r| (r.seed, r.winner))
                .collect::<Vec<_>>()
        );
        assert!(narrow_enough(&report, 0.5));
        assert!(!narrow_enough(&report, 0.05));
    }
}
