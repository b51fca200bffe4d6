//! The warband's cards: for each member its figure, kind and standing, its
//! ranks and dice as it takes the field (advances and gear included), its
//! gear, wounds with their weeks, deeds, advances, record and its story a
//! line a battle. Shown from the campaign's pages, and drawn to a picture
//! by `swift-swords campaign roster`.

use bevy_egui::egui;

use super::card_figures::CardFigures;
use super::roster::{figure, kind_of};
use crate::battle::describe::counted;
use crate::campaign::fielding::physical_ranks;
use crate::campaign::format::Band;
use crate::campaign::gear::carried;
use crate::campaign::history::member_history;
use crate::campaign::warband::{Member, Standing};
use crate::campaign::words::wound_words;
use crate::game::session::campaigning::Campaigning;
use crate::rules::action_dice::ActionDiceSpec;
use crate::vocabulary::Defence;

/// A card's width, in points: four to a row in a window of 1280.
const CARD: f32 = 268.0;
/// The miniature's frame on the card, in points.
const FIGURE: egui::Vec2 = egui::vec2(80.0, 100.0);

/// Every member of each warband still on its books, a card each.
pub fn cards_page(ui: &mut egui::Ui, campaigning: &Campaigning, figures: Option<&CardFigures>) {
    let state = campaigning.state();
    for band in state.campaign().bands() {
        let Some(warband) = state.campaign().warband_of(band) else {
            continue;
        };
        ui.heading(format!(
            "{}, week {}, {} coins",
            warband.name,
            state.week(),
            state.coin(band)
        ));
        let members: Vec<&Member> = state
            .members_of(band)
            .iter()
            .filter(|m| m.standing() != Standing::LeftBehind)
            .collect();
        // As many to a row as the width holds (a card and its frame).
        let per_row = ((ui.available_width() / (CARD + 28.0)) as usize).max(1);
        for row in members.chunks(per_row) {
            ui.horizontal_top(|ui| {
                for member in row {
                    card(ui, campaigning, (band, member), figures);
                }
            });
        }
        ui.add_space(8.0);
    }
}

fn card(
    ui: &mut egui::Ui,
    campaigning: &Campaigning,
    (band, member): (Band, &Member),
    figures: Option<&CardFigures>,
) {
    let ruleset = &campaigning.ruleset;
    egui::Frame::group(ui.style())
        .fill(egui::Color32::from_rgb(38, 36, 32))
        .inner_margin(8.0)
        .show(ui, |ui| {
            ui.set_width(CARD);
            ui.set_min_height(300.0);
            ui.vertical(|ui| {
                ui.horizontal(|ui| {
                    // Its miniature, as it stands on the table; a painted
                    // figure where none is drawn (a test's page).
                    match figures.and_then(|f| f.of(band, &member.spec.id)) {
                        Some((texture, part)) => {
                            let size = egui::vec2(FIGURE.x, FIGURE.y);
                            ui.add(egui::Image::new((texture, size)).uv(part));
                        }
                        None => {
                            let physical = physical_ranks(member, ruleset);
                            figure(ui, band, member.can_fight(physical), 3.0);
                        }
                    }
                    ui.vertical(|ui| {
                        ui.label(egui::RichText::new(&member.spec.name).size(18.0).strong());
                        ui.label(kind_of(&member.spec, campaigning));
                        ui.label(member.standing().words());
                    });
                });
                ui.separator();
                for line in numbers(member, campaigning) {
                    ui.label(line);
                }
                ui.separator();
                for wound in &member.wounds {
                    ui.label(format!("Wound: {}", wound_words(wound)));
                }
                ui.label(format!(
                    "{}, {}, {} put down, {} healing",
                    counted(member.deeds, "deed", "deeds"),
                    counted(member.battles, "battle", "battles"),
                    counted(member.foes_defeated, "foe", "foes"),
                    counted(member.weeks_healing, "week", "weeks"),
                ));
                if !member.advances.is_empty() {
                    let names: Vec<&str> =
                        member.advances.iter().map(|a| a.name.as_str()).collect();
                    ui.label(format!("Advances: {}", names.join(", ")));
                }
                let story =
                    member_history(campaigning.state().chronicle(), &member.spec.id, &|b| {
                        campaigning.battle_name(b)
                    });
                for line in story {
                    ui.label(egui::RichText::new(line).size(12.0).italics());
                }
            });
        });
}

/// Its ranks, dice and gear as it takes the field.
fn numbers(member: &Member, campaigning: &Campaigning) -> Vec<String> {
    let ruleset = &campaigning.ruleset;
    let Some(template) = member.template(ruleset) else {
        return Vec::new();
    };
    let physical = physical_ranks(member, ruleset);
    let whole = (i32::from(physical) - i32::from(member.ranks_lost)).max(0);
    let action = match &template.action_dice {
        ActionDiceSpec::Rolled(n) => format!("{n} action dice"),
        ActionDiceSpec::Fixed(faces) => format!("{} fixed action dice", faces.len()),
    };
    let defences: Vec<String> = Defence::ALL
        .into_iter()
        .filter_map(|d| {
            template
                .defences
                .get(&d)
                .map(|n| format!("{} {n}", d.name()))
        })
        .collect();
    let (weapons, shield) = carried(member, ruleset);
    let mut gear: Vec<String> = weapons
        .iter()
        .chain(&shield)
        .chain(&member.worn(ruleset))
        .map(|id| ruleset.thing_name(id))
        .collect();
    if template.armour > 0 {
        gear.push(format!("Armour {}", template.armour));
    }
    let mut lines = vec![
        format!(
            "Physical {physical} ({whole} whole), Mental {}{}",
            template.mental,
            if template.heroic { ", Heroic" } else { "" }
        ),
        format!("{action}, {} attack dice", template.attack_dice),
    ];
    if !defences.is_empty() {
        lines.push(defences.join(", "));
    }
    lines.push(format!("Gear: {}", gear.join(", ")));
    lines
}
