//! Before a battle: the story and the level's briefing, what the weeks just
//! past brought, the warband with a box for each member who fights, and
//! the chronicle so far.

use bevy_egui::egui;

use super::aftermath::{chronicle, news};
use super::roster::roster;
use super::{Choices, Step};
use crate::campaign::warband::Member;
use crate::campaign::words::{injury_words, stakes_words};
use crate::game::level_preview::{TableColours, draw_table};
use crate::game::session::campaigning::Campaigning;

pub fn briefing_page(ui: &mut egui::Ui, campaigning: &Campaigning, choices: &mut Choices) {
    let state = campaigning.state();
    let Some(battle) = state.next_battle() else {
        return;
    };
    let level = campaigning.loaded.levels.get(&battle.id);
    let warbands = match &state.campaign().rival {
        Some(rival) => format!("{} against {}", state.campaign().warband.name, rival.name),
        None => state.campaign().warband.name.clone(),
    };
    ui.label(egui::RichText::new(format!("{}: {warbands}", state.campaign().name)).weak());
    ui.heading(format!(
        "Battle {}: {}",
        state.chronicle().len() + 1,
        campaigning.battle_name(&battle.id)
    ));
    ui.label(format!("Week {} of the campaign.", state.week()));
    ui.label(egui::RichText::new(stakes_words(battle, |id| campaigning.battle_name(id))).strong());
    if !battle.briefing.is_empty() {
        ui.label(&battle.briefing);
    }
    if let Some(level) = level
        && !level.briefing.is_empty()
    {
        ui.label(egui::RichText::new(&level.briefing).italics());
    }
    if choices.preview.as_ref().map(|(field, _)| field) != Some(&choices.field) {
        let fielded = state.field(
            &campaigning.loaded.levels,
            &choices.field,
            &campaigning.ruleset,
        );
        choices.preview = Some((choices.field.clone(), fielded.ok()));
    }
    if let Some((_, Some(fielded))) = &choices.preview {
        draw_table(
            ui,
            fielded,
            &TableColours::of(&campaigning.ruleset),
            egui::vec2(560.0, 190.0),
        );
    }
    if !campaigning.news.is_empty() {
        ui.add_space(6.0);
        egui::CollapsingHeader::new("Since the last battle")
            .default_open(true)
            .show(ui, |ui| news(ui, campaigning, &campaigning.news));
    }
    let bands = state.campaign().bands();
    for &band in &bands {
        let (Some(fought), Some(warband)) =
            (battle.as_fought_by(band), state.campaign().warband_of(band))
        else {
            continue;
        };
        ui.add_space(8.0);
        let slots = usize::from(fought.slots).min(fought.places.len());
        let who = match bands.len() {
            1 => "The warband".to_string(),
            _ => warband.name.clone(),
        };
        let chosen = choices.field.of_mut(band);
        ui.label(
            egui::RichText::new(format!(
                "{who}: choose who fights (up to {slots}); {} chosen.",
                chosen.len()
            ))
            .strong(),
        );
        roster(ui, campaigning, band, Some((chosen, slots)));
        fighting_order(ui, state.members_of(band), chosen);
    }
    if state.campaign().battles.iter().any(|b| b.at.is_some()) {
        ui.add_space(8.0);
        egui::CollapsingHeader::new("The road so far")
            .default_open(true)
            .show(ui, |ui| super::map::campaign_map(ui, campaigning, None));
    }
    if !state.chronicle().is_empty() {
        ui.add_space(8.0);
        egui::CollapsingHeader::new("The chronicle so far")
            .show(ui, |ui| chronicle(ui, campaigning));
    }
}

/// The briefing's buttons, kept in view under the page: to battle with the
/// members ticked, to the level editor, or away.
pub fn briefing_buttons(
    ui: &mut egui::Ui,
    campaigning: &Campaigning,
    choices: &Choices,
    asked: &mut Option<Step>,
) {
    let bands = campaigning.state().campaign().bands();
    ui.horizontal(|ui| {
        let ready = bands.iter().all(|&band| !choices.field.of(band).is_empty());
        if ui
            .add_enabled(
                ready,
                egui::Button::new("To battle").min_size([160.0, 32.0].into()),
            )
            .on_disabled_hover_text("Choose at least one member of each warband to fight")
            .clicked()
        {
            *asked = Some(Step::ToBattle(choices.field.clone()));
        }
        if ui
            .add_enabled(ready, egui::Button::new("Open in the level editor"))
            .on_hover_text(
                "The battle with these members and the wounds they carry, to playtest or to \
                 keep as a level of its own; the campaign waits",
            )
            .clicked()
        {
            *asked = Some(Step::Edit(choices.field.clone()));
        }
        if ui.button("Leave (the campaign is saved)").clicked() {
            *asked = Some(Step::Leave);
        }
    });
}

/// The order the chosen take their places in, and who fights wounded.
fn fighting_order(ui: &mut egui::Ui, members: &[Member], chosen: &[usize]) {
    if chosen.is_empty() {
        return;
    }
    let names: Vec<&str> = chosen
        .iter()
        .filter_map(|&i| members.get(i).map(|m| m.spec.name.as_str()))
        .collect();
    ui.label(format!(
        "They take the field in this order, each in the next place of the level: {}.",
        names.join(", ")
    ));
    for &index in chosen {
        if let Some(member) = members.get(index)
            && member.hurt()
        {
            ui.colored_label(
                egui::Color32::from_rgb(230, 180, 80),
                wounded_warning(member),
            );
        }
    }
}

/// What a wounded member takes into the battle.
fn wounded_warning(member: &Member) -> String {
    let mut carried = Vec::new();
    if member.ranks_lost > 0 {
        carried.push(if member.ranks_lost == 1 {
            "1 wounded rank".to_string()
        } else {
            format!("{} wounded ranks", member.ranks_lost)
        });
    }
    carried.extend(member.wounds.iter().map(|w| injury_words(w.injury)));
    format!(
        "{} fights wounded, with {} in force.",
        member.spec.name,
        carried.join(", ")
    )
}
