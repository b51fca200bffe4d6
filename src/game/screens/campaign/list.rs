//! The first page: the campaigns to begin (each with its story, warband and
//! battles, or what is wrong with it), the foes' AI level and the seed; and
//! the campaigns begun, to go on with.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::egui;

use super::Step;
use crate::ai::AiLevel;
use crate::campaign::check::load_campaign;
use crate::data::Ruleset;
use crate::game::session::campaign_slots::{SavedCampaign, list_campaigns};
use crate::game::session::campaigning::{OWN_CAMPAIGN, Which, campaigns_dir};
use crate::game::session::match_setup::{LevelLibrary, fresh_seed, ron_files_in};
use crate::game::session::saves::{SaveFolder, date_of};

/// A campaign in the game's campaigns folder or the player's own, as the
/// list shows it.
#[derive(Debug, Clone)]
pub struct Shipped {
    /// Its file name; `yours/` and its name for one of the player's own.
    pub file: String,
    /// What the list says of it; or its problems.
    pub about: Result<About, String>,
}

/// A playable campaign as the list shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct About {
    pub name: String,
    pub story: String,
    /// Its warband, or both in a campaign for two.
    pub warbands: String,
    pub battles: usize,
    /// Some battle has a side no player commands, played by the AI.
    pub foes: bool,
}

/// The lists and the choices of the first page.
#[derive(Resource, Debug, Clone)]
pub struct CampaignList {
    pub shipped: Vec<Shipped>,
    pub saved: Vec<SavedCampaign>,
    pub chosen: usize,
    pub seed: String,
    pub foes: AiLevel,
    pub problem: Option<String>,
    /// The campaign the player asked to delete, waiting for their word.
    pub deleting: Option<PathBuf>,
}

impl Default for CampaignList {
    fn default() -> Self {
        Self {
            shipped: Vec::new(),
            saved: Vec::new(),
            chosen: 0,
            seed: fresh_seed().to_string(),
            foes: AiLevel::Normal,
            problem: None,
            deleting: None,
        }
    }
}

/// Reads the game's campaigns, the player's own, and the campaigns begun.
pub fn read_the_lists(
    mut list: ResMut<CampaignList>,
    library: Res<LevelLibrary>,
    folder: Res<SaveFolder>,
) {
    let folders = [
        (campaigns_dir(), ""),
        (crate::content::own_campaigns(), OWN_CAMPAIGN),
    ];
    list.shipped = campaigns_in(&folders, library.ruleset.as_deref());
    list.saved = list_campaigns(&folder);
    list.chosen = list.chosen.min(list.shipped.len().saturating_sub(1));
}

/// Every campaign in each folder, by name, each file named with its
/// folder's mark (the player's own are `yours/`, and "(yours)" by name).
fn campaigns_in(folders: &[(PathBuf, &str)], ruleset: Option<&Ruleset>) -> Vec<Shipped> {
    folders
        .iter()
        .flat_map(|(dir, mark)| ron_files_in(dir).into_iter().map(move |path| (path, *mark)))
        .map(|(path, mark)| Shipped {
            file: format!(
                "{mark}{}",
                path.file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default()
            ),
            about: match ruleset {
                Some(ruleset) => load_campaign(&path, ruleset)
                    .map(|loaded| {
                        let c = loaded.campaign;
                        let name = match mark.is_empty() {
                            true => c.name,
                            false => format!("{} (yours)", c.name),
                        };
                        // A campaign for two names both warbands.
                        let warbands = match &c.rival {
                            Some(rival) => {
                                format!(
                                    "{} against {}, for two players",
                                    c.warband.name, rival.name
                                )
                            }
                            None => c.warband.name,
                        };
                        let foes = c.battles.iter().any(|battle| {
                            let players = 1 + usize::from(battle.rival.is_some());
                            loaded
                                .levels
                                .get(&battle.id)
                                .is_some_and(|level| level.sides.len() > players)
                        });
                        About {
                            name,
                            story: c.about,
                            warbands,
                            battles: c.battles.len(),
                            foes,
                        }
                    })
                    .map_err(|problems| problems.to_string()),
                None => Err("the game's data could not be loaded".to_string()),
            },
        })
        .collect()
}

pub fn list_page(ui: &mut egui::Ui, list: &mut CampaignList, asked: &mut Option<Step>) {
    ui.heading("Campaigns");
    ui.label(
        "A warband fights battle after battle. Those who fall may be carried off, captured or \
         left for dead; wounds take weeks to heal, and the dead stay dead.",
    );
    ui.add_space(8.0);
    let (finished, going): (Vec<SavedCampaign>, Vec<SavedCampaign>) =
        list.saved.iter().cloned().partition(|saved| saved.finished);
    if !going.is_empty() {
        ui.label(egui::RichText::new("Go on with a campaign").strong());
        for saved in &going {
            saved_row(ui, saved, "Continue", &mut list.deleting, asked);
        }
        ui.separator();
    }
    if !finished.is_empty() {
        egui::CollapsingHeader::new(
            egui::RichText::new(format!("Finished campaigns ({})", finished.len())).strong(),
        )
        .id_salt("finished campaigns")
        .show(ui, |ui| {
            for saved in &finished {
                saved_row(ui, saved, "Read its chronicle", &mut list.deleting, asked);
            }
        });
        ui.separator();
    }
    ui.label(egui::RichText::new("Begin a campaign").strong());
    if list.shipped.is_empty() {
        ui.label("There are no campaigns in the campaigns folder.");
    }
    for (index, shipped) in list.shipped.iter().enumerate() {
        match &shipped.about {
            Ok(about) => {
                ui.radio_value(
                    &mut list.chosen,
                    index,
                    format!(
                        "{}: {}, up to {} battles",
                        about.name, about.warbands, about.battles
                    ),
                );
            }
            Err(problem) => {
                ui.colored_label(
                    egui::Color32::LIGHT_RED,
                    format!("{} cannot be played: {problem}", shipped.file),
                );
            }
        }
    }
    let chosen = list.shipped.get(list.chosen).cloned();
    if let Some(Shipped {
        file,
        about: Ok(about),
    }) = chosen
    {
        if !about.story.is_empty() {
            ui.add_space(6.0);
            ui.label(&about.story);
        }
        ui.add_space(6.0);
        // A campaign whose every side is a player's has no foes to set.
        if about.foes {
            ui.horizontal(|ui| {
                ui.label("Foes:");
                for level in [
                    AiLevel::Easy,
                    AiLevel::Normal,
                    AiLevel::Hard,
                    AiLevel::Expert,
                ] {
                    ui.radio_value(&mut list.foes, level, level.name())
                        .on_hover_text(level.about());
                }
            });
        } else {
            ui.label("Every side in its battles is a player's: there are no AI foes.");
        }
        ui.horizontal(|ui| {
            ui.label("Seed:");
            ui.text_edit_singleline(&mut list.seed);
            if ui.button("New seed").clicked() {
                list.seed = fresh_seed().to_string();
            }
        });
        let seed = list.seed.trim().parse::<u64>();
        if seed.is_err() {
            ui.colored_label(egui::Color32::LIGHT_RED, "The seed is a whole number.");
        }
        if ui
            .add_enabled(seed.is_ok(), egui::Button::new("Begin the campaign"))
            .clicked()
            && let Ok(seed) = seed
        {
            *asked = Some(Step::Begin {
                file,
                seed,
                foes: list.foes,
            });
        }
    }
    if let Some(problem) = &list.problem {
        ui.colored_label(egui::Color32::LIGHT_RED, problem);
    }
    ui.add_space(12.0);
    if ui.button("Back").clicked() {
        *asked = Some(Step::Leave);
    }
}

/// A campaign begun: the button that opens it, where it stands, and a
/// Delete that asks for the player's word before anything goes.
fn saved_row(
    ui: &mut egui::Ui,
    saved: &SavedCampaign,
    open: &str,
    deleting: &mut Option<PathBuf>,
    asked: &mut Option<Step>,
) {
    let asking = deleting.as_ref() == Some(&saved.slot);
    ui.horizontal_wrapped(|ui| match &saved.summary {
        Ok(summary) => {
            if ui.button(open).clicked() {
                *asked = Some(Step::GoOn(saved.slot.clone(), Which::Latest));
            }
            ui.label(format!(
                "{summary} (last played {})",
                date_of(saved.saved_at)
            ));
            if !asking && ui.small_button("Delete...").clicked() {
                *deleting = Some(saved.slot.clone());
            }
        }
        Err(problem) => {
            ui.vertical(|ui| {
                ui.colored_label(
                    egui::Color32::LIGHT_RED,
                    format!("This campaign cannot be opened: {problem}"),
                );
                if let Some(before) = &saved.before
                    && ui
                        .button(format!("Go on from the save before: {before}"))
                        .clicked()
                {
                    *asked = Some(Step::GoOn(saved.slot.clone(), Which::Before));
                }
                if !asking && ui.small_button("Delete...").clicked() {
                    *deleting = Some(saved.slot.clone());
                }
            });
        }
    });
    if asking {
        ui.horizontal_wrapped(|ui| {
            ui.colored_label(
                egui::Color32::LIGHT_RED,
                "Delete this campaign for good? Its warband, its save and its chronicle go with it.",
            );
            if ui.button("Delete it").clicked() {
                *asked = Some(Step::Delete(saved.slot.clone()));
                *deleting = None;
            }
            if ui.button("Keep it").clicked() {
                *deleting = None;
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A copy of the shipped campaign in the player's own folder, its
    /// levels in the player's own levels folder beside it.
    #[test]
    fn the_list_holds_the_games_campaigns_then_the_players_own_marked_as_theirs() {
        let scratch = crate::scratch::Scratch::new("own-campaigns");
        let own = scratch.path().to_path_buf();
        std::fs::create_dir_all(own.join("campaigns")).expect("a temp folder");
        std::fs::create_dir_all(own.join("levels")).expect("a temp folder");
        let text = std::fs::read_to_string("campaigns/barrow_road.ron").expect("the campaign");
        std::fs::write(own.join("campaigns/mine.ron"), &text).expect("written");
        for level in ron_files_in(std::path::Path::new("levels")) {
            std::fs::copy(&level, own.join("levels").join(level.file_name().unwrap()))
                .expect("copied");
        }
        let ruleset = Ruleset::embedded().expect("the data");
        let folders = [
            (PathBuf::from("campaigns"), ""),
            (own.join("campaigns"), OWN_CAMPAIGN),
        ];
        let listed = campaigns_in(&folders, Some(&ruleset));
        let files: Vec<&str> = listed.iter().map(|c| c.file.as_str()).collect();
        assert_eq!(
            files,
            ["barrow_road.ron", "crossroads_feud.ron", "yours/mine.ron"]
        );
        let names: Vec<String> = listed
            .iter()
            .map(|c| {
                c.about
                    .as_ref()
                    .map(|about| about.name.clone())
                    .expect("playable")
            })
            .collect();
        assert_eq!(names[2], format!("{} (yours)", names[0]));
        // The feud's every side is a player's: no foes to set.
        let foes: Vec<bool> = listed
            .iter()
            .map(|c| c.about.as_ref().is_ok_and(|about| about.foes))
            .collect();
        assert_eq!(foes, [true, false, true]);
    }
}
