//! The editor's live balance: AI-against-AI battles on the draft, played on
//! background threads, each battle seeded by its number (so a run is the
//! same on any machine), until each side's 95% interval is as narrow as
//! asked or the cap is reached. The editor starts a run again on every
//! edit.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

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
    /// For the designer's eye only: no battle reads the clock.
    started: Instant,
    /// How long the run took, once its last thread is done.
    took: Arc<Mutex<Option<Duration>>>,
    /// The last report, kept until another battle is played or the width
    /// changes (the panel asks every frame).
    shown: Mutex<Option<Shown>>,
}

/// What the Balance panel shows of a run.
#[derive(Debug, Clone)]
pub struct Shown {
    pub report: Report,
    /// The battles reported, in battle order.
    pub results: Vec<BattleResult>,
    /// Whether the intervals are as narrow as asked: the run can stop.
    pub narrowed: bool,
    /// Battles played in an unbroken run from the first.
    played: usize,
    width: f64,
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
        let started = Instant::now();
        let took = Arc::new(Mutex::new(None));
        let playing = Arc::new(AtomicUsize::new(jobs.max(1)));
        let workers = (0..jobs.max(1))
            .map(|_| {
                let (config, results, stop, next) =
                    (config.clone(), results.clone(), stop.clone(), next.clone());
                let (took, playing) = (took.clone(), playing.clone());
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
                    if playing.fetch_sub(1, Ordering::Relaxed) == 1 {
                        *took.lock().unwrap_or_else(PoisonError::into_inner) =
                            Some(started.elapsed());
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
            started,
            took,
            shown: Mutex::new(None),
        }
    }

    /// How long the run has been playing, or took once it is done.
    pub fn elapsed(&self) -> Duration {
        self.took
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .unwrap_or_else(|| self.started.elapsed())
    }

    /// The battles played so far in an unbroken run from the first, cut
    /// at the first battle after which every side's 95% interval is at most
    /// `width` wide (0.10 is ±5%), with whether that happened. Cutting by
    /// battle order, not by which thread finished first, makes the shown
    /// run the same on every machine.
    pub fn report(&self, width: f64) -> Shown {
        let mut results = self
            .results
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        results.sort_by_key(|r| r.index);
        let unbroken = results
            .iter()
            .enumerate()
            .take_while(|(k, r)| r.index == *k)
            .count();
        results.truncate(unbroken);
        let mut cache = self.shown.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(shown) = cache.as_ref()
            && shown.played == unbroken
            && shown.width == width
        {
            return shown.clone();
        }
        let narrowed = first_narrow(&results, self.config.level.sides.len(), width);
        if let Some(k) = narrowed {
            results.truncate(k);
        }
        let shown = Shown {
            report: summarise(&self.config, &results),
            results,
            narrowed: narrowed.is_some(),
            played: unbroken,
            width,
        };
        *cache = Some(shown.clone());
        shown
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

/// The fewest battles from the first after which every side's 95% interval
/// is at most `width` wide.
fn first_narrow(results: &[BattleResult], sides: usize, width: f64) -> Option<usize> {
    let mut wins = vec![0; sides];
    for (k, result) in results.iter().enumerate() {
        if let Some(side) = result.winner.and_then(|w| wins.get_mut(w)) {
            *side += 1;
        }
        let narrow = wins.iter().all(|&w| {
            let rate = crate::simulate::wilson(w, k + 1);
            rate.high - rate.low <= width
        });
        if narrow {
            return Some(k + 1);
        }
    }
    None
}

#[cfg(test)]
mod tests {

    use super::*;
    use crate::level::load_level;

    #[test]
    fn a_balance_run_plays_the_battles_a_simulation_would_and_narrows_its_interval() {
        let ruleset = Arc::new(Ruleset::embedded().expect("the built-in data"));
        let level = load_level(&crate::content::project("levels/duel.ron"), &ruleset)
            .expect("the duel")
            .level;
        let run = BalanceRun::start(level, String::new(), ruleset, 60, 2, 9);
        let began = Instant::now();
        while !run.finished() && began.elapsed() < Duration::from_secs(120) {
            std::thread::sleep(Duration::from_millis(20));
        }
        let shown = run.report(0.5);
        // Half the width is reached well before the 60th battle.
        assert!(shown.narrowed);
        let narrowed_at = shown.results.len();
        assert!(narrowed_at < 60);
        let all = run.report(0.0);
        assert!(!all.narrowed);
        let results = all.results;
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
        // The cut is where the intervals first narrow, whatever the threads.
        assert_eq!(first_narrow(&expected, 2, 0.5), Some(narrowed_at));
    }
}
