//! After a battle: the fallen to tend (magic to spend, recruits to take),
//! then what came of it with every die shown, the weeks to march on (with
//! rest if the campaign allows), and the chronicle at the campaign's end.

use bevy_egui::egui;

use super::roster::{kind_of, roster};
use super::{Choices, Step};
use crate::battle::components::Fate;
use crate::battle::describe::counted;
use crate::campaign::aftermath::{EndChoices, magic_wanted};
use crate::campaign::captives::{captives_taken, check_fates};
use crate::campaign::end::BattleEnd;
use crate::campaign::events::CampaignEvent;
use crate::campaign::format::{Band, CampaignBattle, CaptiveFate, WayOn};
use crate::campaign::progress::{CampaignState, Stage};
use crate::campaign::warband::{Member, Whereabouts};
use crate::campaign::words::{event_lines, result_words, way_on_words};
use crate::game::session::campaigning::{Campaigning, Marching};
use crate::rules::aftermath::SideResult;

/// The events, a sentence each (a member's deeds in one); a week's first
/// line stands out.
pub fn news(ui: &mut egui::Ui, campaigning: &Campaigning, events: &[CampaignEvent]) {
    let name = |id: &str| campaigning.member_name(id);
    let battle = |id: &str| campaigning.battle_name(id);
    for (event, words) in event_lines(events, &name, &battle) {
        // A campaign for two ends with its winner named, as its end page.
        let words = match event {
            CampaignEvent::CampaignEnded { .. } => format!("{}.", end_title(campaigning.state())),
            _ => words,
        };
        match event {
            CampaignEvent::WeekBegan { .. }
            | CampaignEvent::BattleFought { .. }
            | CampaignEvent::FoughtFor { .. }
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
    for (n, chapter) in campaigning.state().chronicle().iter().enumerate() {
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
            let rivals: Vec<String> = chapter
                .rival_fielded
                .iter()
                .map(|id| campaigning.member_name(id))
                .collect();
            match rivals.is_empty() {
                true => ui.label(format!("Fought: {}.", fielded.join(", "))),
                false => ui.label(format!(
                    "Fought: {}; against them, {}.",
                    fielded.join(", "),
                    rivals.join(", ")
                )),
            };
            news(ui, campaigning, &chapter.events);
        });
    }
}

/// The battle is over: for each warband, who fell, the magic to spend on
/// them, the recruits to take and the captives' fates; then the aftermath
/// is played.
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
        campaigning.save.field(),
    ) else {
        return;
    };
    let side = ended
        .state
        .battle()
        .sides
        .iter()
        .position(|s| s.id == battle.side)
        .unwrap_or_default();
    let end = BattleEnd {
        state: &ended.state,
        log: &ended.log,
        side,
    };
    let bands = state.campaign().bands();
    // In a campaign for two each warband's result is under its name.
    match bands.len() {
        1 => ui.heading(format!(
            "{}: the battle is {}",
            campaigning.battle_name(&battle.id),
            result_words(end.result())
        )),
        _ => ui.heading(campaigning.battle_name(&battle.id)),
    };
    choices.ends.resize(bands.len(), EndChoices::default());
    let mut choosing = false;
    for (n, &band) in bands.iter().enumerate() {
        let (Some((fought, band_end)), Some(warband)) =
            (state.end_for(band, &end), state.campaign().warband_of(band))
        else {
            continue;
        };
        ui.add_space(6.0);
        if bands.len() > 1 {
            ui.label(
                egui::RichText::new(format!(
                    "{}: {}",
                    warband.name,
                    result_words(band_end.result())
                ))
                .heading(),
            );
        }
        let tending = Tending {
            band,
            fought: &fought,
            end: &band_end,
            fielded: fielded.of(band),
            cap: warband.cap,
        };
        choosing |= has_choices(campaigning, &tending);
        tend_band(ui, campaigning, &tending, &mut choices.ends[n]);
    }
    // A page with nothing to choose is passed at once: its lines are the
    // aftermath's first.
    if !choosing && choices.problem.is_none() {
        *asked = Some(Step::Tend(choices.ends.clone()));
        return;
    }
    ui.add_space(8.0);
    if ui
        .add(egui::Button::new("Tend the fallen").min_size([160.0, 32.0].into()))
        .on_hover_text("The rolls for the dying, the wounds that last, captives and recruits")
        .clicked()
    {
        let chosen = bands
            .iter()
            .zip(&choices.ends)
            .map(|(&band, made)| {
                // Magic goes where it was asked, in the order of need.
                let needs = state
                    .end_for(band, &end)
                    .map(|(_, band_end)| {
                        magic_wanted(state.members_of(band), &band_end, &campaigning.rules)
                    })
                    .unwrap_or_default();
                EndChoices {
                    magic_on: needs
                        .into_iter()
                        .filter(|i| made.magic_on.contains(i))
                        .collect(),
                    ..made.clone()
                }
            })
            .collect();
        *asked = Some(Step::Tend(chosen));
    }
}

/// Whether one warband has anything to choose as it tends its fallen:
/// magic at hand for someone who needs it, a recruit after a victory, or
/// captives.
fn has_choices(campaigning: &Campaigning, tending: &Tending) -> bool {
    let members = campaigning.state().members_of(tending.band);
    let magic = tending.fought.after.magic > 0
        && !magic_wanted(members, tending.end, &campaigning.rules).is_empty();
    magic || recruits_offered(tending) || !captives_taken(tending.end, tending.fought).is_empty()
}

/// Whether recruits are offered: after a victory, where the battle has any.
fn recruits_offered(tending: &Tending) -> bool {
    tending.end.result() == SideResult::Won && !tending.fought.recruits.is_empty()
}

/// One warband's end of the battle, as its player tends it.
struct Tending<'a> {
    band: Band,
    fought: &'a CampaignBattle,
    end: &'a BattleEnd<'a>,
    fielded: &'a [usize],
    cap: u8,
}

/// Who of one warband fought and how they came out; its magic, recruits
/// and captives to choose.
fn tend_band(
    ui: &mut egui::Ui,
    campaigning: &Campaigning,
    tending: &Tending,
    choices: &mut EndChoices,
) {
    let state = campaigning.state();
    let members = state.members_of(tending.band);
    let end = tending.end;
    ui.label(egui::RichText::new("Those who fought").strong());
    egui::Grid::new(("fought", tending.band))
        .striped(true)
        .show(ui, |ui| {
            for &index in tending.fielded {
                let Some(member) = members.get(index) else {
                    continue;
                };
                let fate = end
                    .state
                    .units()
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
    let magic = usize::from(tending.fought.after.magic);
    let needs = magic_wanted(members, end, &campaigning.rules);
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
                    egui::Checkbox::new(&mut ticked, &members[index].spec.name),
                )
                .changed()
            {
                toggle(&mut choices.magic_on, index, ticked);
            }
        }
    }
    if recruits_offered(tending) {
        ui.add_space(6.0);
        let count = members.iter().filter(|m| m.counts()).count();
        let cap = usize::from(tending.cap);
        ui.label(
            egui::RichText::new(format!(
                "Who may join the warband ({count} of its {cap} places taken):"
            ))
            .strong(),
        );
        if count >= cap {
            ui.label(
                "It is full: a recruit ticked joins only in the place of one who dies of their wounds.",
            );
        }
        for (index, recruit) in tending.fought.recruits.iter().enumerate() {
            let mut ticked = choices.recruits.contains(&index);
            let label = format!("{} ({})", recruit.name, kind_of(recruit, campaigning));
            if ui.checkbox(&mut ticked, label).changed() {
                toggle(&mut choices.recruits, index, ticked);
            }
        }
    }
    captives_section(ui, members, tending, &mut choices.captives);
}

/// The foes taken on the field, each with the fates the campaign allows; a
/// fate the warband cannot carry out now is greyed with why.
fn captives_section(
    ui: &mut egui::Ui,
    members: &[Member],
    tending: &Tending,
    fates: &mut Vec<CaptiveFate>,
) {
    let captives = captives_taken(tending.end, tending.fought);
    if captives.is_empty() {
        return;
    }
    ui.add_space(6.0);
    ui.label(egui::RichText::new("Foes taken captive: decide their fate").strong());
    fates.resize(captives.len(), CaptiveFate::Release);
    egui::Grid::new(("captives", tending.band)).show(ui, |ui| {
        for (n, captive) in captives.iter().enumerate() {
            ui.label(&captive.name);
            for fate in CaptiveFate::ALL {
                if !tending.fought.captives.fates.contains(&fate) {
                    continue;
                }
                let mut trial = fates.clone();
                trial[n] = fate;
                let allowed = check_fates(&captives, &trial, tending.fought, members, tending.cap);
                let button = ui.add_enabled(
                    allowed.is_ok(),
                    egui::RadioButton::new(fates[n] == fate, fate.words()),
                );
                let button = match &allowed {
                    Err(why) => button.on_disabled_hover_text(why),
                    Ok(()) => button,
                };
                if button.clicked() {
                    fates[n] = fate;
                }
            }
            ui.end_row();
        }
    });
}

/// Each warband as it stands, under its name.
fn warbands(ui: &mut egui::Ui, campaigning: &Campaigning) {
    let campaign = &campaigning.state().campaign();
    for band in campaign.bands() {
        if let Some(warband) = campaign.warband_of(band) {
            ui.add_space(8.0);
            ui.label(egui::RichText::new(&warband.name).strong());
            roster(ui, campaigning, band, None);
        }
    }
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

/// What came of the battle: the news, the advances earned, the spoils and
/// gear, and the warbands as they stand.
pub fn aftermath_page(ui: &mut egui::Ui, campaigning: &Campaigning, choices: &mut Choices) {
    let state = campaigning.state();
    let Stage::After { battle, .. } = &state.stage() else {
        return;
    };
    ui.heading(format!("After {}", campaigning.battle_name(battle)));
    super::map::campaign_map(ui, campaigning, choices.road);
    news(ui, campaigning, &campaigning.news);
    // After the last battle, nothing is made for one ahead.
    if state.battle_ahead() {
        super::advances::advances_section(ui, campaigning, choices);
        super::market::market_section(ui, campaigning, choices);
        super::gear::gear_section(ui, campaigning, choices);
    }
    warbands(ui, campaigning);
}

/// The weeks before the next battle, the rest to take and the way on: kept
/// in view below the aftermath however long its page.
pub fn aftermath_buttons(
    ui: &mut egui::Ui,
    campaigning: &Campaigning,
    choices: &mut Choices,
    asked: &mut Option<Step>,
) {
    let state = campaigning.state();
    let Stage::After { battle, next } = &state.stage() else {
        return;
    };
    let roads = state.roads();
    let after = state
        .campaign()
        .battle(battle)
        .map(|b| b.by_road(next, choices.road).0)
        .unwrap_or_default();
    let free = state
        .members()
        .iter()
        .any(|m| m.whereabouts == Whereabouts::WithWarband);
    let label = match next {
        WayOn::Battle(_) if !free => {
            ui.label("Nobody is left free to march on: the campaign ends here.");
            "To the campaign's end"
        }
        WayOn::Battle(_) => {
            if !roads.is_empty() {
                ui.label(egui::RichText::new("The road on").strong());
            }
            for (n, road) in roads.iter().enumerate() {
                let to = road.to.as_ref().map_or_else(String::new, |to| {
                    format!(", to {}", campaigning.battle_name(to))
                });
                let picked = choices.road == Some(n);
                let words = format!(
                    "{}{to}: {}",
                    capitalised(&road.name),
                    weeks_words(road.after.weeks, road.after.week.travel).to_lowercase()
                );
                if ui
                    .radio(picked, words)
                    .on_hover_text(&road.briefing)
                    .clicked()
                {
                    choose_road(campaigning, choices, n);
                    choices.rest = choices.rest.min(road.after.rest_weeks);
                }
                if picked && !road.briefing.is_empty() {
                    ui.label(egui::RichText::new(&road.briefing).italics());
                }
            }
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
        *asked = Some(Step::MarchOn(Marching {
            rest: choices.rest,
            advances: choices.advances.clone(),
            deals: choices.deals.clone(),
            gear: choices.gear.clone(),
            road: choices.road,
        }));
    }
}

/// Another road chosen: its market's deals and the gear start again from
/// the AI commander's, where the deals change.
fn choose_road(campaigning: &Campaigning, choices: &mut Choices, road: usize) {
    if choices.road == Some(road) {
        return;
    }
    choices.road = Some(road);
    let (deals, gear) = super::market::chosen_by_default(campaigning, choices.road);
    if deals != choices.deals {
        (choices.deals, choices.gear) = (deals, gear);
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
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
    let warband = &state.campaign().warband.name;
    let rival = state.campaign().rival.as_ref().map(|r| r.name.as_str());
    ui.label(egui::RichText::new(end_title(state)).size(28.0).strong());
    if let Some(why) = end_words(state, |id| campaigning.battle_name(id)) {
        match rival {
            None => ui.label(why),
            Some(_) => ui.label(format!("For {warband}: {why}")),
        };
    }
    let who = match rival {
        None => warband.clone(),
        Some(rival) => format!("{warband} against {rival}"),
    };
    let battles = u32::try_from(state.chronicle().len()).unwrap_or(u32::MAX);
    ui.label(format!(
        "{who}, {}, {}.",
        counted(state.week(), "week", "weeks"),
        counted(battles, "battle", "battles")
    ));
    if !campaigning.news.is_empty() {
        news(ui, campaigning, &campaigning.news);
    }
    warbands(ui, campaigning);
    ui.add_space(8.0);
    chronicle(ui, campaigning);
    ui.add_space(8.0);
    if ui.button("Back to the title").clicked() {
        *asked = Some(Step::Leave);
    }
}

/// How an ended campaign came out. For two players it is told as a
/// contest, not as the first warband's own: the winner is named.
fn end_title(state: &CampaignState) -> String {
    let won = matches!(state.stage(), Stage::Ended { won: true });
    let drawn = state
        .chronicle()
        .last()
        .is_some_and(|last| last.result == SideResult::Drew);
    match state.campaign().rival.as_ref() {
        None if won => "The campaign is won".to_string(),
        None => "The campaign is lost".to_string(),
        Some(_) if drawn && !won => "Neither company wins the campaign".to_string(),
        Some(_) if won => format!("{} wins the campaign", state.campaign().warband.name),
        Some(rival) => format!("{} wins the campaign", rival.name),
    }
}

/// Why a campaign that has ended ended, from its last battle: its result
/// and where the campaign's way on from that result led.
fn end_words(state: &CampaignState, battle_name: impl Fn(&str) -> String) -> Option<String> {
    let last = state.chronicle().last()?;
    let battle = state.campaign().battle(&last.battle)?;
    let way = match last.result {
        SideResult::Won => &battle.victory,
        SideResult::Drew => &battle.draw,
        SideResult::Lost => &battle.defeat,
    };
    let name = battle_name(&last.battle);
    let (result, one) = match last.result {
        SideResult::Won => ("won", "a victory"),
        SideResult::Drew => ("drawn", "a draw"),
        SideResult::Lost => ("lost", "a defeat"),
    };
    Some(match way {
        WayOn::Battle(_) => format!("{name} was {result}, and nobody was left free to fight on."),
        _ => format!(
            "{name} was {result}; {one} there means {}.",
            way_on_words(way, &battle_name)
        ),
    })
}
