//! After a battle: the fallen to tend (magic to spend, recruits to take),
//! then what came of it with every die shown, the weeks to march on (with
//! rest if the campaign allows), and the chronicle at the campaign's end.

use bevy_egui::egui;

use super::roster::{kind_of, roster};
use super::{Choices, Step};
use crate::battle::components::Fate;
use crate::campaign::aftermath::{BattleEnd, EndChoices, magic_wanted};
use crate::campaign::captives::{captives_taken, check_fates};
use crate::campaign::events::CampaignEvent;
use crate::campaign::format::{CaptiveFate, WayOn};
use crate::campaign::progress::Stage;
use crate::campaign::warband::Whereabouts;
use crate::campaign::words::{event_words, result_words};
use crate::game::session::campaigning::Campaigning;

/// The events, a sentence each; a week's first line stands out.
pub fn news(ui: &mut egui::Ui, campaigning: &Campaigning, events: &[CampaignEvent]) {
    let name = |id: &str| campaigning.member_name(id);
    let battle = |id: &str| campaigning.battle_name(id);
    for event in events {
        let words = event_words(event, &name, &battle);
        match event {
            CampaignEvent::WeekBegan { .. }
            | CampaignEvent::BattleFought { .. }
            | CampaignEvent::CampaignEnded { .. } => {
                ui.label(egui::RichText::new(words).strong());
            }
            _ => {
                ui.label(words);
            }
        }
    }
}

/// Every battle fought so far: its result, who fought, and what followed.
pub fn chronicle(ui: &mut egui::Ui, campaigning: &Campaigning) {
    for (n, chapter) in campaigning.state().chronicle.iter().enumerate() {
        let fielded: Vec<String> = chapter
            .fielded
            .iter()
            .map(|id| campaigning.member_name(id))
            .collect();
        egui::CollapsingHeader::new(format!(
            "Battle {}: {}, {} (seed {})",
            n + 1,
            campaigning.battle_name(&chapter.battle),
            result_words(chapter.result),
            chapter.seed
        ))
        .id_salt(("chapter", n))
        .show(ui, |ui| {
            ui.label(format!("Fought: {}.", fielded.join(", ")));
            news(ui, campaigning, &chapter.events);
        });
    }
}

/// The battle is over: who fell, the magic to spend on them and the
/// recruits to take, then the aftermath is played.
pub fn tend_page(
    ui: &mut egui::Ui,
    campaigning: &Campaigning,
    choices: &mut Choices,
    asked: &mut Option<Step>,
) {
    let state = campaigning.state();
    let (Some(ended), Some(battle), Some(fielded)) = (
        &campaigning.ended,
        state.next_battle(),
        &campaigning.save.fielded,
    ) else {
        return;
    };
    let side = ended
        .state
        .battle
        .sides
        .iter()
        .position(|s| s.id == battle.side)
        .unwrap_or_default();
    let end = BattleEnd {
        state: &ended.state,
        log: &ended.log,
        side,
    };
    let result = end.result();
    ui.heading(format!(
        "{}: the battle is {}",
        campaigning.battle_name(&battle.id),
        result_words(result)
    ));
    ui.add_space(6.0);
    ui.label(egui::RichText::new("Those who fought").strong());
    egui::Grid::new("fought").striped(true).show(ui, |ui| {
        for &index in fielded {
            let Some(member) = state.members.get(index) else {
                continue;
            };
            let fate = ended
                .state
                .units
                .iter()
                .find(|u| u.unit.id == member.spec.id)
                .map_or(Fate::Fighting, |u| u.fate);
            ui.label(&member.spec.name);
            ui.label(match fate {
                Fate::Fighting => "Still standing",
                Fate::Killed => "Down and dying",
                other => other.words(),
            });
            ui.end_row();
        }
    });
    let magic = usize::from(battle.after.magic);
    let needs = magic_wanted(&state.members, &end);
    // Each member shown once, at its greatest need.
    let mut wanting = needs.clone();
    let mut seen = std::collections::BTreeSet::new();
    wanting.retain(|&i| seen.insert(i));
    if magic > 0 {
        ui.add_space(6.0);
        ui.label(
            egui::RichText::new(format!(
                "Magical healing: {magic} at hand, for the dying first, then a coma, then a \
                 wound that only magic heals."
            ))
            .strong(),
        );
        if wanting.is_empty() {
            ui.label("Nobody needs it.");
        }
        for &index in &wanting {
            let mut ticked = choices.magic_on.contains(&index);
            let room = choices.magic_on.len() < magic || ticked;
            if ui
                .add_enabled(
                    room,
                    egui::Checkbox::new(&mut ticked, &state.members[index].spec.name),
                )
                .changed()
            {
                toggle(&mut choices.magic_on, index, ticked);
            }
        }
    }
    if result == crate::rules::aftermath::SideResult::Won && !battle.recruits.is_empty() {
        ui.add_space(6.0);
        ui.label(
            egui::RichText::new(format!(
                "Who may join the warband (it holds at most {}):",
                state.campaign.warband.cap
            ))
            .strong(),
        );
        for (index, recruit) in battle.recruits.iter().enumerate() {
            let mut ticked = choices.recruits.contains(&index);
            let label = format!("{} ({})", recruit.name, kind_of(recruit, campaigning));
            if ui.checkbox(&mut ticked, label).changed() {
                toggle(&mut choices.recruits, index, ticked);
            }
        }
    }
    captives_section(ui, campaigning, &end, choices);
    ui.add_space(8.0);
    if ui
        .add(egui::Button::new("Tend the fallen").min_size([160.0, 32.0].into()))
        .on_hover_text("The rolls for the dying, the wounds that last, captives and recruits")
        .clicked()
    {
        let chosen = EndChoices {
            // Magic goes where it was asked, in the order of need.
            magic_on: needs
                .iter()
                .copied()
                .filter(|i| choices.magic_on.contains(i))
                .collect(),
            recruits: choices.recruits.clone(),
            captives: choices.captives.clone(),
        };
        *asked = Some(Step::Tend(chosen));
    }
}

/// The foe heroes taken on the field, each with the fates the campaign
/// allows; a fate the warband cannot carry out now is greyed with why.
fn captives_section(
    ui: &mut egui::Ui,
    campaigning: &Campaigning,
    end: &BattleEnd,
    choices: &mut Choices,
) {
    let state = campaigning.state();
    let Some(battle) = state.next_battle() else {
        return;
    };
    let captives = captives_taken(end, battle);
    if captives.is_empty() {
        return;
    }
    ui.add_space(6.0);
    ui.label(egui::RichText::new("Foes taken captive: decide their fate").strong());
    choices
        .captives
        .resize(captives.len(), CaptiveFate::Release);
    let cap = state.campaign.warband.cap;
    egui::Grid::new("captives").show(ui, |ui| {
        for (n, captive) in captives.iter().enumerate() {
            ui.label(&captive.name);
            for fate in CaptiveFate::ALL {
                if !battle.captives.fates.contains(&fate) {
                    continue;
                }
                let mut trial = choices.captives.clone();
                trial[n] = fate;
                let allowed = check_fates(&captives, &trial, battle, &state.members, cap);
                let chosen = choices.captives[n] == fate;
                let button = ui.add_enabled(
                    allowed.is_ok(),
                    egui::RadioButton::new(chosen, fate.words()),
                );
                let button = match &allowed {
                    Err(why) => button.on_disabled_hover_text(why),
                    Ok(()) => button,
                };
                if button.clicked() {
                    choices.captives[n] = fate;
                }
            }
            ui.end_row();
        }
    });
}

fn toggle(list: &mut Vec<usize>, index: usize, on: bool) {
    if on {
        if !list.contains(&index) {
            list.push(index);
        }
    } else {
        list.retain(|&i| i != index);
    }
}

/// What came of the battle, and the weeks ahead.
pub fn aftermath_page(
    ui: &mut egui::Ui,
    campaigning: &Campaigning,
    choices: &mut Choices,
    asked: &mut Option<Step>,
) {
    let state = campaigning.state();
    let Stage::After { battle, next } = &state.stage else {
        return;
    };
    ui.heading(format!("After {}", campaigning.battle_name(battle)));
    news(ui, campaigning, &campaigning.news);
    ui.add_space(8.0);
    ui.label(egui::RichText::new("The warband").strong());
    roster(ui, campaigning, None);
    ui.add_space(8.0);
    let after = state
        .campaign
        .battle(battle)
        .map(|b| b.after)
        .unwrap_or_default();
    let free = state
        .members
        .iter()
        .any(|m| m.whereabouts == Whereabouts::WithWarband);
    let label = match next {
        WayOn::Battle(_) if !free => {
            ui.label("Nobody is left free to march on: the campaign ends here.");
            "To the campaign's end"
        }
        WayOn::Battle(_) => {
            ui.label(format!(
                "{} before the next battle.",
                weeks_words(after.weeks, after.week.travel)
            ));
            if after.rest_weeks > 0 {
                ui.add(
                    egui::Slider::new(&mut choices.rest, 0..=after.rest_weeks)
                        .text("more weeks of rest (good food and water, no travel)"),
                );
            }
            "March on"
        }
        WayOn::Won | WayOn::Lost => "To the campaign's end",
    };
    if ui
        .add(egui::Button::new(label).min_size([160.0, 32.0].into()))
        .clicked()
    {
        *asked = Some(Step::MarchOn(choices.rest));
    }
}

fn weeks_words(weeks: u8, travel: bool) -> String {
    let how = if travel { "on the road" } else { "at rest" };
    match weeks {
        0 => "No time passes".to_string(),
        1 => format!("A week {how}"),
        n => format!("{n} weeks {how}"),
    }
}

/// The campaign is over: how it ended, the warband as it stands, and the
/// whole chronicle.
pub fn end_page(ui: &mut egui::Ui, campaigning: &Campaigning, asked: &mut Option<Step>) {
    let state = campaigning.state();
    let won = matches!(state.stage, Stage::Ended { won: true });
    ui.label(
        egui::RichText::new(if won {
            "The campaign is won"
        } else {
            "The campaign is lost"
        })
        .size(28.0)
        .strong(),
    );
    ui.label(format!(
        "{}, {} weeks, {} battles.",
        state.campaign.warband.name,
        state.week,
        state.chronicle.len()
    ));
    if !campaigning.news.is_empty() {
        news(ui, campaigning, &campaigning.news);
    }
    ui.add_space(8.0);
    roster(ui, campaigning, None);
    ui.add_space(8.0);
    chronicle(ui, campaigning);
    ui.add_space(8.0);
    if ui.button("Back to the title").clicked() {
        *asked = Some(Step::Leave);
    }
}
