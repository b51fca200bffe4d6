//! The warband as a table: each member's kind, standing, wounded ranks,
//! lasting wounds and record; on the briefing, a box to field each.

use bevy_egui::egui;

use crate::campaign::fielding::physical_ranks;
use crate::campaign::format::{Band, MemberSpec};
use crate::campaign::warband::{Member, Standing};
use crate::campaign::words::wound_words;
use crate::game::session::campaigning::Campaigning;

/// The table of `band`'s warband. With `field`, members who can fight get
/// a box, at most `slots` of them ticked, in the order ticked.
pub fn roster(
    ui: &mut egui::Ui,
    campaigning: &Campaigning,
    band: Band,
    mut field: Option<(&mut Vec<usize>, usize)>,
) {
    let state = campaigning.state();
    let ruleset = &campaigning.ruleset;
    let mut headings = vec![
        "Member",
        "Kind",
        "Standing",
        "Ranks whole",
        "Lasting wounds",
        "Battles",
        "Foes",
        "Deeds",
    ];
    if field.is_some() {
        headings.insert(0, "Fights");
    }
    egui::Grid::new(("warband", band))
        .striped(true)
        .spacing([14.0, 6.0])
        .show(ui, |ui| {
            for heading in headings {
                ui.label(egui::RichText::new(heading).strong());
            }
            ui.end_row();
            for (index, member) in state.members_of(band).iter().enumerate() {
                if matches!(member.standing(), Standing::LeftBehind) {
                    continue;
                }
                let physical = physical_ranks(member, ruleset);
                if let Some((chosen, slots)) = field.as_mut() {
                    let able = member.can_fight(physical);
                    let mut ticked = chosen.contains(&index);
                    let room = chosen.len() < *slots || ticked;
                    let response = ui
                        .add_enabled(able && room, egui::Checkbox::without_text(&mut ticked))
                        .on_disabled_hover_text(if able {
                            "Every place in this battle is taken"
                        } else {
                            "Cannot fight now"
                        });
                    if response.changed() {
                        if ticked {
                            chosen.push(index);
                        } else {
                            chosen.retain(|&i| i != index);
                        }
                    }
                }
                ui.horizontal(|ui| {
                    figure(ui, band, member.can_fight(physical), 1.0);
                    ui.label(&member.spec.name);
                });
                ui.label(kind_of(&member.spec, campaigning));
                ui.label(match member.standing() {
                    Standing::Wounded if !member.can_fight(physical) => "Too hurt to fight",
                    standing => standing.words(),
                });
                ui.label(ranks_words(member, physical));
                ui.label(if member.wounds.is_empty() {
                    "none".to_string()
                } else {
                    member
                        .wounds
                        .iter()
                        .map(wound_words)
                        .collect::<Vec<_>>()
                        // A line each: three wounds keep the table inside
                        // the page's column.
                        .join("\n")
                });
                ui.label(member.battles.to_string());
                ui.label(member.foes_defeated.to_string());
                ui.label(deeds_words(member))
                    .on_hover_text(advances_words(member));
                ui.end_row();
            }
        });
}

/// A figure on its base, as on the table, `scale` times the roster's
/// 14 by 20 points: the first warband's blue, the rival's red, greyed when
/// it cannot fight.
pub fn figure(ui: &mut egui::Ui, band: Band, able: bool, scale: f32) {
    let size = egui::vec2(14.0, 20.0) * scale;
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let colour = match (able, band) {
        (false, _) => egui::Color32::from_gray(110),
        (true, Band::Warband) => egui::Color32::from_rgb(60, 110, 220),
        (true, Band::Rival) => egui::Color32::from_rgb(205, 70, 45),
    };
    let painter = ui.painter();
    let centre = rect.center().x;
    let at = |x: f32, y: f32| egui::pos2(centre + x * scale, rect.top() + y * scale);
    painter.circle_filled(at(0.0, 4.5), 3.5 * scale, colour);
    painter.add(egui::Shape::convex_polygon(
        vec![at(-2.5, 8.5), at(2.5, 8.5), at(4.5, 17.0), at(-4.5, 17.0)],
        colour,
        egui::Stroke::NONE,
    ));
    painter.rect_filled(
        egui::Rect::from_center_size(at(0.0, 18.5), egui::vec2(12.0, 3.0) * scale),
        scale,
        egui::Color32::from_gray(40),
    );
}

/// The member's creature, and its mount: "Knight on a Warhorse".
pub fn kind_of(spec: &MemberSpec, campaigning: &Campaigning) -> String {
    let creatures = &campaigning.ruleset.creatures;
    let name = |template: &str| {
        creatures
            .get(template)
            .map_or_else(|| template.to_string(), |c| c.name.clone())
    };
    match &spec.mount {
        Some(mount) => format!("{} on {}", name(&spec.template), name(mount)),
        None => name(&spec.template),
    }
}

/// Physical ranks whole of all: "3 of 5".
fn ranks_words(member: &Member, physical: i8) -> String {
    let whole = i32::from(physical) - i32::from(member.ranks_lost);
    format!("{} of {physical}", whole.max(0))
}

/// Deeds earned and advances taken: "7, 2 advances".
fn deeds_words(member: &Member) -> String {
    match member.advances.len() {
        0 => member.deeds.to_string(),
        1 => format!("{}, 1 advance", member.deeds),
        n => format!("{}, {n} advances", member.deeds),
    }
}

/// The advances taken, by name, or that there are none yet.
fn advances_words(member: &Member) -> String {
    if member.advances.is_empty() {
        return "No advances yet".into();
    }
    let names: Vec<&str> = member.advances.iter().map(|a| a.name.as_str()).collect();
    format!("Advances: {}", names.join(", "))
}
