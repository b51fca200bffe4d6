//! The results screen: the winner, casualties and injuries per side and a few
//! statistics of the battle, read from the battle log, with Play again and
//! Menu.

use std::collections::BTreeMap;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::Screen;
use super::match_setup::{MatchSetup, Seat, fresh_seed};
use super::save_menu::replay_file_for;
use super::saves::SaveFolder;
use super::screens::load_match;
use super::viewer::watch;
use crate::battle::components::Fate;
use crate::battle::events::{BattleEvent, Outcome};
use crate::battle::state::BattleState;
use crate::replay::Replay;

/// One side's part in the battle.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SideSummary {
    pub name: String,
    pub fielded: usize,
    pub standing: usize,
    pub out_of_action: usize,
    pub killed: usize,
    pub escaped: usize,
    pub attacks: usize,
    pub hits: u32,
    pub fumbles: usize,
    /// Each injury taken: "unit: Trauma", in the order they happened.
    pub injuries: Vec<String>,
}

/// What the results screen shows.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct BattleSummary {
    pub level: String,
    pub seed: u64,
    pub outcome: String,
    /// The winning side's index, if a side won.
    pub winner: Option<usize>,
    pub rounds: u32,
    pub actions: u32,
    pub sides: Vec<SideSummary>,
}

impl BattleSummary {
    pub fn new(table: &BattleState, log: &[BattleEvent]) -> Self {
        let mut sides: Vec<SideSummary> = table
            .battle
            .sides
            .iter()
            .map(|s| SideSummary {
                name: s.name.clone(),
                ..default()
            })
            .collect();
        let side_of: BTreeMap<&str, usize> = table
            .units
            .iter()
            .map(|u| (u.unit.id.as_str(), u.unit.side))
            .collect();
        let name_of: BTreeMap<&str, &str> = table
            .units
            .iter()
            .map(|u| (u.unit.id.as_str(), u.unit.name.as_str()))
            .collect();
        for unit in &table.units {
            let side = &mut sides[unit.unit.side];
            side.fielded += 1;
            match unit.fate {
                Fate::Fighting => side.standing += 1,
                Fate::OutOfAction => side.out_of_action += 1,
                Fate::Killed => side.killed += 1,
                Fate::Escaped => side.escaped += 1,
            }
        }
        for event in log {
            let (unit, injury) = match event {
                BattleEvent::AttackRolled { attacker, hits, .. } => {
                    if let Some(&side) = side_of.get(attacker.as_str()) {
                        sides[side].attacks += 1;
                        sides[side].hits += hits;
                    }
                    continue;
                }
                BattleEvent::Fumbled { unit } => {
                    if let Some(&side) = side_of.get(unit.as_str()) {
                        sides[side].fumbles += 1;
                    }
                    continue;
                }
                BattleEvent::RankLost { unit, .. } => (unit, "lost a rank"),
                BattleEvent::Trauma { unit } => (unit, "Trauma"),
                BattleEvent::KillingBlow { unit } => (unit, "Killing Blow"),
                BattleEvent::MassiveDamage { unit } => (unit, "Massive damage"),
                _ => continue,
            };
            if let Some(&side) = side_of.get(unit.as_str()) {
                sides[side]
                    .injuries
                    .push(format!("{}: {injury}", name_of[unit.as_str()]));
            }
        }
        Self {
            level: table.battle.level.name.clone(),
            seed: table.battle.seed,
            outcome: table
                .battle
                .outcome_in_words()
                .unwrap_or_else(|| "Unfinished".to_string()),
            winner: match &table.battle.outcome {
                Some(Outcome::Victory { side, .. }) => table.battle.level.side_index(side),
                _ => None,
            },
            rounds: table.battle.round,
            actions: table.battle.actions,
            sides,
        }
    }
}

/// The battle from the one player's side in solo: "Victory", "Defeat" or
/// "A draw". Hot-seat and AI-against-AI have no one side to speak for.
pub fn player_verdict(winner: Option<usize>, seats: &[Seat]) -> Option<&'static str> {
    let mut humans = (0..seats.len()).filter(|&side| seats[side] == Seat::Human);
    let (Some(player), None) = (humans.next(), humans.next()) else {
        return None;
    };
    Some(match winner {
        Some(side) if side == player => "Victory",
        Some(_) => "Defeat",
        None => "A draw",
    })
}

/// "1 round", "5 rounds".
fn counted(count: u32, thing: &str) -> String {
    if count == 1 {
        format!("1 {thing}")
    } else {
        format!("{count} {thing}s")
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_results.run_if(in_state(Screen::Results).and_then(resource_exists::<BattleSummary>)),
    );
}

#[allow(clippy::too_many_arguments)]
fn draw_results(
    mut contexts: EguiContexts,
    summary: Res<BattleSummary>,
    setup: Res<MatchSetup>,
    replay: Option<Res<Replay>>,
    folder: Res<SaveFolder>,
    mut kept: Local<Option<String>>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) -> Result {
    if summary.is_changed() {
        *kept = None;
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Results")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .min_width(560.0)
        .show(ctx, |ui| {
            if let Some(verdict) = player_verdict(summary.winner, &setup.seats) {
                ui.label(egui::RichText::new(verdict).size(28.0).strong());
            }
            ui.heading(&summary.level);
            ui.label(egui::RichText::new(&summary.outcome).size(20.0).strong());
            ui.label(format!(
                "{}, {}, seed {}",
                counted(summary.rounds, "round"),
                counted(summary.actions, "action"),
                summary.seed
            ));
            ui.separator();
            egui::Grid::new("sides").striped(true).show(ui, |ui| {
                for heading in [
                    "Side", "Fielded", "Standing", "Out", "Killed", "Escaped", "Attacks", "Hits",
                    "Fumbles",
                ] {
                    ui.label(egui::RichText::new(heading).strong());
                }
                ui.end_row();
                for side in &summary.sides {
                    ui.label(&side.name);
                    for n in [
                        side.fielded,
                        side.standing,
                        side.out_of_action,
                        side.killed,
                        side.escaped,
                        side.attacks,
                        side.hits as usize,
                        side.fumbles,
                    ] {
                        ui.label(n.to_string());
                    }
                    ui.end_row();
                }
            });
            ui.separator();
            for side in &summary.sides {
                if !side.injuries.is_empty() {
                    ui.label(format!(
                        "Injuries of {}: {}",
                        side.name,
                        side.injuries.join("; ")
                    ));
                }
            }
            ui.separator();
            ui.horizontal(|ui| {
                if ui.button("Play again (same seed)").clicked() {
                    let again = setup.clone();
                    commands.queue(move |world: &mut World| load_match(world, again));
                }
                if ui.button("Play again (new seed)").clicked() {
                    let mut again = setup.clone();
                    again.seed = fresh_seed();
                    commands.queue(move |world: &mut World| load_match(world, again));
                }
                if let Some(replay) = &replay {
                    if ui.button("Watch the replay").clicked() {
                        commands.queue(watch_the_battle);
                    }
                    if ui.button("Keep the replay").clicked() {
                        let path = replay_file_for(&folder, replay);
                        *kept = Some(match replay.write_atomic(&path) {
                            Ok(()) => format!("Kept in {}", path.display()),
                            Err(error) => {
                                format!(
                                    "The replay could not be written to {}: {error}",
                                    path.display()
                                )
                            }
                        });
                    }
                }
                if ui.button("Menu").clicked() {
                    next.set(Screen::Title);
                }
            });
            if let Some(kept) = kept.as_ref() {
                ui.label(kept);
            }
        });
    Ok(())
}

/// Opens the battle just fought in the replay viewer.
fn watch_the_battle(world: &mut World) {
    let (Some(replay), Some(engine)) = (
        world.get_resource::<Replay>().cloned(),
        world.get_resource::<crate::battle::engine::Engine>(),
    ) else {
        return;
    };
    let state = engine.state();
    let (level, ruleset) = (state.battle.level.clone(), state.ruleset.clone());
    world.remove_resource::<Replay>();
    watch(world, replay, level, ruleset);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::AiLevel;

    #[test]
    fn solo_results_speak_for_the_player_and_hot_seat_results_for_no_one() {
        let solo = [Seat::Ai(AiLevel::Normal), Seat::Human];
        assert_eq!(player_verdict(Some(1), &solo), Some("Victory"));
        assert_eq!(player_verdict(Some(0), &solo), Some("Defeat"));
        assert_eq!(player_verdict(None, &solo), Some("A draw"));
        assert_eq!(player_verdict(Some(0), &[Seat::Human; 2]), None);
        assert_eq!(player_verdict(Some(0), &[Seat::Ai(AiLevel::Hard); 2]), None);
    }
}
