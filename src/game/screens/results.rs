//! The results screen: the winner, casualties and injuries per side and a few
//! statistics of the battle, read from the battle log, with Play again and
//! Menu.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::battle::components::Fate;
use crate::battle::events::{BattleEvent, Outcome};
use crate::battle::state::BattleState;
use crate::game::screens::loading::load_match;
use crate::game::screens::save_menu::replay_file_for;
use crate::game::screens::viewer::watch;
use crate::game::session::campaigning::battle_over;
use crate::game::session::match_setup::{MatchSetup, fresh_seed};
use crate::game::session::saves::{SaveFolder, SeparateAutosave};
use crate::game::stage::Screen;
use crate::replay::Replay;
use crate::seat::Seat;

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
}

/// What one combatant suffered, for the injuries table: every combatant
/// that was hurt or is no longer fighting.
#[derive(Debug, Clone, PartialEq)]
pub struct CombatantSummary {
    pub name: String,
    pub side: String,
    pub ranks_lost: usize,
    pub traumas: usize,
    /// Killing Blows and massive damage.
    pub deadly_blows: usize,
    /// Each roll on the injury tables: "head: Stun", in the order they happened.
    pub injuries: Vec<String>,
    pub fate: Fate,
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
    /// In level order.
    pub combatants: Vec<CombatantSummary>,
}

impl BattleSummary {
    pub fn new(table: &BattleState, log: &[BattleEvent]) -> Self {
        let mut sides: Vec<SideSummary> = table
            .battle()
            .sides
            .iter()
            .map(|s| SideSummary {
                name: s.name.clone(),
                ..default()
            })
            .collect();
        let mut combatants: Vec<CombatantSummary> = table
            .units()
            .iter()
            .map(|u| CombatantSummary {
                name: u.unit.name.clone(),
                side: sides[u.unit.side].name.clone(),
                ranks_lost: 0,
                traumas: 0,
                deadly_blows: 0,
                injuries: Vec::new(),
                fate: u.fate,
            })
            .collect();
        for unit in table.units() {
            let side = &mut sides[unit.unit.side];
            side.fielded += 1;
            match unit.fate {
                Fate::Fighting => side.standing += 1,
                // Out of the fight either way; the casualties table names which.
                Fate::OutOfAction | Fate::Surrendered => side.out_of_action += 1,
                Fate::Killed => side.killed += 1,
                Fate::Escaped => side.escaped += 1,
            }
        }
        let index_of = |unit: &str| table.unit_index(unit);
        let side_of = |unit: &str| index_of(unit).map(|i| table.units()[i].unit.side);
        for event in log {
            match event {
                BattleEvent::AttackRolled { attacker, hits, .. } => {
                    if let Some(side) = side_of(attacker) {
                        sides[side].attacks += 1;
                        sides[side].hits += hits;
                    }
                }
                // A squash is an attack that needs no roll.
                BattleEvent::Squashed { attacker, .. } => {
                    if let Some(side) = side_of(attacker) {
                        sides[side].attacks += 1;
                    }
                }
                BattleEvent::Fumbled { unit } => {
                    if let Some(side) = side_of(unit) {
                        sides[side].fumbles += 1;
                    }
                }
                BattleEvent::RankLost { unit, .. } => {
                    if let Some(i) = index_of(unit) {
                        combatants[i].ranks_lost += 1;
                    }
                }
                BattleEvent::Trauma { unit } => {
                    if let Some(i) = index_of(unit) {
                        combatants[i].traumas += 1;
                    }
                }
                BattleEvent::KillingBlow { unit } | BattleEvent::MassiveDamage { unit } => {
                    if let Some(i) = index_of(unit) {
                        combatants[i].deadly_blows += 1;
                    }
                }
                // A wound bought as a special result, as the aftermath keeps it.
                BattleEvent::Hamstrung { unit } => {
                    if let Some(i) = index_of(unit) {
                        combatants[i].injuries.push("hamstrung".to_string());
                    }
                }
                BattleEvent::Injured {
                    unit,
                    location,
                    effect,
                    ..
                } => {
                    if let Some(i) = index_of(unit) {
                        combatants[i].injuries.push(format!(
                            "{}: {}",
                            location.name(),
                            effect.name()
                        ));
                    }
                }
                _ => {}
            }
        }
        combatants.retain(|c| {
            c.ranks_lost + c.traumas + c.deadly_blows + c.injuries.len() > 0
                || c.fate != Fate::Fighting
        });
        Self {
            level: table.battle().level.name.clone(),
            seed: table.battle().seed,
            outcome: table
                .battle()
                .outcome_in_words()
                .unwrap_or_else(|| "Unfinished".to_string()),
            winner: match &table.battle().outcome {
                Some(Outcome::Victory { side, .. }) => table.battle().level.side_index(side),
                _ => None,
            },
            rounds: table.battle().round,
            actions: table.battle().actions,
            sides,
            combatants,
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

pub(crate) fn plugin(app: &mut App) {
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
    // A battle with its own autosave: a campaign's, unless it is by file.
    campaign: Option<Res<SeparateAutosave>>,
    online: Option<Res<crate::game::online::OnlineLink>>,
    mut by_file: Option<ResMut<crate::game::by_file::ByFileLink>>,
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
            if !summary.combatants.is_empty() {
                ui.separator();
                ui.label(egui::RichText::new("Casualties and injuries").strong());
                egui::Grid::new("combatants").striped(true).show(ui, |ui| {
                    for heading in [
                        "Combatant",
                        "Side",
                        "Ranks lost",
                        "Trauma",
                        "Injuries",
                        "Now",
                    ] {
                        ui.label(egui::RichText::new(heading).strong());
                    }
                    ui.end_row();
                    for combatant in &summary.combatants {
                        ui.label(&combatant.name);
                        ui.label(&combatant.side);
                        ui.label(combatant.ranks_lost.to_string());
                        ui.label(combatant.traumas.to_string());
                        let mut injuries = combatant.injuries.clone();
                        if combatant.deadly_blows > 0 {
                            injuries.push(counted(combatant.deadly_blows as u32, "deadly blow"));
                        }
                        ui.label(if injuries.is_empty() {
                            "none".to_string()
                        } else {
                            injuries.join(", ")
                        });
                        ui.label(combatant.fate.words());
                        ui.end_row();
                    }
                });
            }
            ui.separator();
            ui.horizontal(|ui| {
                if let (Some(link), Some(replay)) = (&mut by_file, &replay) {
                    if ui.button("Write the last turn file").clicked() {
                        link.write_turn(Replay::clone(replay));
                        *kept = link.written.as_ref().map(|written| match written {
                            Ok(path) => format!("Written: {}", path.display()),
                            Err(problem) => problem.clone(),
                        });
                    }
                    if ui.button("Back to the games by file").clicked() {
                        next.set(Screen::ByFile);
                    }
                } else if campaign.is_some() {
                    if ui.button("On to the aftermath").clicked() {
                        commands.queue(battle_over);
                    }
                } else if online.is_some() {
                    if ui.button("Back to the lobby").clicked() {
                        next.set(Screen::Online);
                    }
                } else if ui.button("Play again (same seed)").clicked() {
                    let again = setup.clone();
                    commands.queue(move |world: &mut World| load_match(world, again));
                }
                if campaign.is_none()
                    && online.is_none()
                    && ui.button("Play again (new seed)").clicked()
                {
                    let mut again = setup.clone();
                    again.seed = fresh_seed();
                    commands.queue(move |world: &mut World| load_match(world, again));
                }
                if let Some(replay) = &replay {
                    if ui.button("Watch the replay").clicked() {
                        commands.queue(watch_the_battle);
                    }
                    if ui.button("Keep the replay").clicked() {
                        *kept = Some(keep_replay_in(&folder, replay));
                    }
                } else if let Some(link) = &online
                    && ui.button("Keep the replay").clicked()
                {
                    *kept = Some(keep_replay_in(&folder, &link.replay));
                }
                if campaign.is_none() && by_file.is_none() && ui.button("Menu").clicked() {
                    next.set(Screen::Title);
                }
            });
            if let Some(kept) = kept.as_ref() {
                ui.label(kept);
            }
        });
    Ok(())
}

/// Writes the battle's replay into the saves folder; what became of it, in
/// words.
fn keep_replay_in(folder: &SaveFolder, replay: &Replay) -> String {
    // A network game's replay is the server's, which has no date of its own.
    let mut replay = replay.clone();
    if replay.saved_at == 0 {
        replay.saved_at = crate::replay::now();
    }
    let path = replay_file_for(folder, &replay);
    match replay.write_atomic(&path) {
        Ok(()) => format!("Kept in {}", path.display()),
        Err(error) => format!(
            "The replay could not be written to {}: {error}",
            path.display()
        ),
    }
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
    let (level, ruleset) = ((*state.battle().level).clone(), state.ruleset().clone());
    world.remove_resource::<Replay>();
    watch(world, replay, level, ruleset);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::AiLevel;

    #[test]
    fn a_hamstring_bought_as_a_special_result_is_listed_among_the_injuries() {
        let engine = crate::game::test_engines::shipped("levels/duel.ron");
        let log = [BattleEvent::Hamstrung {
            unit: "roland".to_string(),
        }];
        let summary = BattleSummary::new(engine.state(), &log);
        let roland = summary
            .combatants
            .iter()
            .find(|c| c.name == "Roland")
            .expect("Roland is listed, wounded");
        assert_eq!(roland.injuries, ["hamstrung"]);
    }

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
