//! `campaign simulate`: whole campaigns played by the AI, many times, and
//! what a designer balances by: how often the campaign is won, which battle
//! ends the runs that lose, each member's survival, the wounds carried into
//! each battle, the weeks spent healing, and the deeds and advances. Run
//! `i` has a seed derived from the run's seed, so the report is the same
//! whatever the thread count.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::Serialize;

use super::{Rate, run_indexed, wilson};
use crate::ai::splitmix;
use crate::campaign::check::LoadedCampaign;
use crate::campaign::events::CampaignEvent;
use crate::campaign::format::Band;
use crate::campaign::gear;
use crate::campaign::progress::{CampaignState, Stage};
use crate::campaign::run::{RunLevels, run_campaign};
use crate::campaign::warband::Whereabouts;
use crate::data::Ruleset;
use crate::rules::aftermath::{AftermathRules, SideResult};

pub struct CampaignSim {
    pub loaded: LoadedCampaign,
    pub ruleset: Arc<Ruleset>,
    pub rules: AftermathRules,
    pub runs: usize,
    pub seed: u64,
    pub levels: RunLevels,
    pub jobs: usize,
}

/// One campaign played to its end, or why it could not be.
pub type RunResult = Result<CampaignState, String>;

/// Plays every run over `jobs` threads, calling `tick` after each; results
/// in run order.
pub fn run_campaigns(sim: &CampaignSim, tick: &(dyn Fn() + Sync)) -> Vec<RunResult> {
    run_indexed(
        sim.runs,
        sim.jobs,
        |index| {
            let seed = run_seed(sim.seed, index);
            run_campaign(
                &sim.loaded,
                seed,
                sim.levels,
                (&sim.ruleset, &sim.rules),
                |_, _| {},
            )
        },
        tick,
    )
}

/// The seed of run `index`.
pub fn run_seed(seed: u64, index: usize) -> u64 {
    splitmix(seed ^ (index as u64).wrapping_mul(0x2545_F491_4F6C_DD1D))
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BattleLine {
    pub id: String,
    /// Runs that fought it (each time counts).
    pub fought: usize,
    /// Of those, won by the warband.
    pub won: Rate,
    /// Runs the campaign was lost after this battle.
    pub ended_runs: usize,
    /// Mean per fielded member coming in: ranks lost and lasting injuries.
    pub ranks_carried: f64,
    pub injuries_carried: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MemberLine {
    pub id: String,
    pub name: String,
    /// Not dead at the end (with the warband, captured or left behind).
    pub alive: Rate,
    /// With the warband at the end.
    pub standing: Rate,
    pub battles: f64,
    pub weeks_healing: f64,
    /// Deeds earned and advances taken, per run.
    pub deeds: f64,
    pub advances: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CampaignReport {
    pub campaign: String,
    pub runs: usize,
    pub seed: u64,
    pub warband_ai: String,
    pub foes_ai: String,
    /// The second warband, in a campaign for two: "won" is the first's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rival: Option<String>,
    pub won: Rate,
    /// Runs that could not be played (a level that would not field, say).
    pub failed: usize,
    pub battles_per_run: f64,
    pub weeks_per_run: f64,
    pub advances_per_run: f64,
    /// How often each advance was taken, per run, by its name (most taken
    /// first; ties by name).
    pub advances_taken: Vec<(String, f64)>,
    /// How often each road was taken, per run, by its name (in the same
    /// order).
    pub roads_taken: Vec<(String, f64)>,
    /// Coin per run: found (spoils and ransoms), spent at markets, and held
    /// at the end (both warbands').
    pub coin_found: f64,
    pub coin_spent: f64,
    pub coin_at_end: f64,
    /// Things bought, and things given from the stash to a member, per run
    /// by name (in the same order).
    pub bought: Vec<(String, f64)>,
    pub gear_given: Vec<(String, f64)>,
    /// What the members with the warband carry at the end (weapons and
    /// shields), per run by name.
    pub gear_carried: Vec<(String, f64)>,
    pub battles: Vec<BattleLine>,
    pub members: Vec<MemberLine>,
}

/// The report of a set of runs.
pub fn summarise_campaigns(sim: &CampaignSim, runs: &[RunResult]) -> CampaignReport {
    let done: Vec<&CampaignState> = runs.iter().filter_map(|r| r.as_ref().ok()).collect();
    let total = done.len();
    let mean = |sum: f64, n: usize| if n == 0 { 0.0 } else { sum / n as f64 };
    let won = done
        .iter()
        .filter(|s| *s.stage() == Stage::Ended { won: true })
        .count();
    let campaign = &sim.loaded.campaign;
    let battles = campaign
        .battles
        .iter()
        .map(|battle| {
            let chapters: Vec<_> = done
                .iter()
                .flat_map(|s| s.chronicle().iter())
                .filter(|c| c.battle == battle.id)
                .collect();
            let fielded: usize = chapters.iter().map(|c| c.fielded.len()).sum();
            let ended_runs = done
                .iter()
                .filter(|s| {
                    *s.stage() == Stage::Ended { won: false }
                        && s.chronicle().last().is_some_and(|c| c.battle == battle.id)
                })
                .count();
            BattleLine {
                id: battle.id.clone(),
                fought: chapters.len(),
                won: wilson(
                    chapters
                        .iter()
                        .filter(|c| c.result == SideResult::Won)
                        .count(),
                    chapters.len(),
                ),
                ended_runs,
                ranks_carried: mean(
                    chapters.iter().map(|c| f64::from(c.carried_ranks)).sum(),
                    fielded,
                ),
                injuries_carried: mean(
                    chapters.iter().map(|c| f64::from(c.carried_injuries)).sum(),
                    fielded,
                ),
            }
        })
        .collect();
    let mut members: BTreeMap<String, (String, usize, usize, [f64; 4])> = BTreeMap::new();
    let mut order = Vec::new();
    let mut taken: BTreeMap<String, usize> = BTreeMap::new();
    for state in &done {
        for member in state.members().iter().chain(state.rival()) {
            let entry = members.entry(member.spec.id.clone()).or_insert_with(|| {
                order.push(member.spec.id.clone());
                (member.spec.name.clone(), 0, 0, [0.0; 4])
            });
            if member.whereabouts != Whereabouts::Dead {
                entry.1 += 1;
            }
            if member.whereabouts == Whereabouts::WithWarband {
                entry.2 += 1;
            }
            entry.3[0] += f64::from(member.battles);
            entry.3[1] += f64::from(member.weeks_healing);
            entry.3[2] += f64::from(member.deeds);
            entry.3[3] += member.advances.len() as f64;
            for advance in &member.advances {
                *taken.entry(advance.name.clone()).or_default() += 1;
            }
        }
    }
    let advances_taken = per_run_lines(taken, total);
    let advances_per_run = advances_taken.iter().fold(0.0, |sum, (_, n)| sum + n);
    let events: Vec<&CampaignEvent> = done
        .iter()
        .flat_map(|s| s.chronicle())
        .flat_map(|c| &c.events)
        .collect();
    let per_run = |named: &dyn Fn(&CampaignEvent) -> Option<&String>| {
        let mut counts: BTreeMap<String, usize> = BTreeMap::new();
        for name in events.iter().filter_map(|e| named(e)) {
            *counts.entry(name.clone()).or_default() += 1;
        }
        per_run_lines(counts, total)
    };
    let roads_taken = per_run(&|e| match e {
        CampaignEvent::RoadTaken { road, .. } => Some(road),
        _ => None,
    });
    let bought = per_run(&|e| match e {
        CampaignEvent::Bought { item, .. } => Some(item),
        _ => None,
    });
    let gear_given = per_run(&|e| match e {
        CampaignEvent::GearGiven { item, .. } => Some(item),
        _ => None,
    });
    let mut carried: BTreeMap<String, usize> = BTreeMap::new();
    for state in &done {
        let standing = state
            .members()
            .iter()
            .chain(state.rival())
            .filter(|m| m.whereabouts == Whereabouts::WithWarband);
        for member in standing {
            let (weapons, shield) = gear::carried(member, &sim.ruleset);
            for id in weapons
                .iter()
                .chain(&shield)
                .chain(&member.worn(&sim.ruleset))
            {
                *carried.entry(sim.ruleset.thing_name(id)).or_default() += 1;
            }
        }
    }
    let gear_carried = per_run_lines(carried, total);
    let coin_found: f64 = events.iter().map(|e| f64::from(e.coin_found())).sum();
    let coin_spent: f64 = events
        .iter()
        .map(|e| match e {
            CampaignEvent::Bought { coin, .. } => f64::from(*coin),
            _ => 0.0,
        })
        .sum();
    let coin_at_end: f64 = done
        .iter()
        .map(|s| f64::from(s.coin(Band::Warband)) + f64::from(s.coin(Band::Rival)))
        .sum();
    let members = order
        .iter()
        .map(|id| {
            let (name, alive, standing, [battles, weeks, deeds, advances]) = &members[id];
            MemberLine {
                id: id.clone(),
                name: name.clone(),
                alive: wilson(*alive, total),
                standing: wilson(*standing, total),
                battles: mean(*battles, total),
                weeks_healing: mean(*weeks, total),
                deeds: mean(*deeds, total),
                advances: mean(*advances, total),
            }
        })
        .collect();
    CampaignReport {
        campaign: campaign.name.clone(),
        runs: runs.len(),
        seed: sim.seed,
        warband_ai: sim.levels.warband.name().to_string(),
        foes_ai: sim.levels.foes.name().to_string(),
        rival: campaign
            .rival
            .as_ref()
            .map(|r| format!("{} against {}", campaign.warband.name, r.name)),
        won: wilson(won, total),
        failed: runs.len() - total,
        battles_per_run: mean(done.iter().map(|s| s.chronicle().len() as f64).sum(), total),
        weeks_per_run: mean(done.iter().map(|s| f64::from(s.week())).sum(), total),
        advances_per_run,
        advances_taken,
        roads_taken,
        coin_found: mean(coin_found, total),
        coin_spent: mean(coin_spent, total),
        coin_at_end: mean(coin_at_end, total),
        bought,
        gear_given,
        gear_carried,
        battles,
        members,
    }
}

/// Counts by name as a mean per run of `runs`, the most first (ties by
/// name).
fn per_run_lines(counts: BTreeMap<String, usize>, runs: usize) -> Vec<(String, f64)> {
    let mut lines: Vec<(String, f64)> = counts
        .into_iter()
        .map(|(name, count)| match runs {
            0 => (name, 0.0),
            runs => (name, count as f64 / runs as f64),
        })
        .collect();
    lines.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    lines
}

impl std::fmt::Display for CampaignReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "{}: {} runs (seed {}), the warband at {}, its foes at {}",
            self.campaign, self.runs, self.seed, self.warband_ai, self.foes_ai
        )?;
        if self.failed > 0 {
            writeln!(f, "  {} runs could not be played", self.failed)?;
        }
        match &self.rival {
            Some(rival) => writeln!(f, "  {rival}; won by the first: {:5}", self.won)?,
            None => writeln!(f, "  campaign won: {:5}", self.won)?,
        }
        writeln!(
            f,
            "  per run: {:.1} battles, {:.1} weeks, {:.1} advances",
            self.battles_per_run, self.weeks_per_run, self.advances_per_run
        )?;
        writeln!(
            f,
            "  coin per run: {:.1} found, {:.1} spent, {:.1} held at the end",
            self.coin_found, self.coin_spent, self.coin_at_end
        )?;
        for (what, taken) in [
            ("advances taken", &self.advances_taken),
            ("roads taken", &self.roads_taken),
            ("things bought", &self.bought),
            ("gear given", &self.gear_given),
            ("gear carried at the end", &self.gear_carried),
        ] {
            if !taken.is_empty() {
                let taken: Vec<String> = taken
                    .iter()
                    .map(|(name, per_run)| format!("{name} {per_run:.2}"))
                    .collect();
                writeln!(f, "  {what} per run: {}", taken.join(", "))?;
            }
        }
        writeln!(
            f,
            "\n  battle             fought  won                     lost here  carried in (ranks, injuries per member)"
        )?;
        for b in &self.battles {
            writeln!(
                f,
                "  {:<18} {:>6}  {:5}  {:>9}  {:.2}, {:.2}",
                b.id, b.fought, b.won, b.ended_runs, b.ranks_carried, b.injuries_carried
            )?;
        }
        writeln!(
            f,
            "\n  member               alive at the end        with the warband        battles  weeks healing  deeds  advances"
        )?;
        for m in &self.members {
            writeln!(
                f,
                "  {:<20} {:5}  {:5}  {:>7.1}  {:>13.1}  {:>5.1}  {:>8.1}",
                m.name, m.alive, m.standing, m.battles, m.weeks_healing, m.deeds, m.advances
            )?;
        }
        Ok(())
    }
}
