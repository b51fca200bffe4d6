//! The advances on the aftermath's page: each member whose deeds have paid
//! for one, the advance chosen for it (the AI commander's pick by default)
//! with what it changes, and every other on offer, those closed to the
//! member greyed with why.

use bevy_egui::egui;

use super::Choices;
use crate::campaign::advance::{ChosenAdvance, advances_due, on_offer, take_advance};
use crate::campaign::format::Band;
use crate::campaign::gains::current;
use crate::campaign::warband::{Member, Whereabouts};
use crate::game::session::campaigning::Campaigning;
use crate::rules::advancement::{AdvanceRule, Gain};

/// The section, when anyone has an advance due; the choices are kept in
/// `choices.advances`, taken as the warband marches on.
pub fn advances_section(ui: &mut egui::Ui, campaigning: &Campaigning, choices: &mut Choices) {
    let state = campaigning.state();
    let ruleset = &campaigning.ruleset;
    let advancement = &campaigning.rules.advancement;
    let due: Vec<(Band, &Member)> = state
        .campaign()
        .bands()
        .into_iter()
        .flat_map(|band| state.members_of(band).iter().map(move |m| (band, m)))
        .filter(|(_, m)| {
            m.whereabouts == Whereabouts::WithWarband && advances_due(m, ruleset, advancement) > 0
        })
        .collect();
    if due.is_empty() {
        return;
    }
    ui.add_space(8.0);
    ui.label(egui::RichText::new("Advances: their deeds have earned these").strong());
    egui::Grid::new("advances")
        .striped(true)
        .spacing([14.0, 6.0])
        .show(ui, |ui| {
            for (band, member) in due {
                let mut standing = member.clone();
                let picks: Vec<usize> = choices
                    .advances
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| c.band == band && c.member == member.spec.id)
                    .map(|(n, _)| n)
                    .collect();
                for (slot, &at) in picks.iter().enumerate() {
                    let label = match slot {
                        0 => format!("{} ({} deeds)", member.spec.name, member.deeds),
                        _ => String::new(),
                    };
                    ui.label(label);
                    let offer = on_offer(&standing, ruleset, advancement);
                    let chosen = &mut choices.advances[at].advance;
                    let shown = offer
                        .iter()
                        .find(|(rule, _)| &rule.id == chosen)
                        .map_or_else(String::new, |(rule, _)| rule.name.clone());
                    egui::ComboBox::from_id_salt(("advance", band, &member.spec.id, slot))
                        .selected_text(shown)
                        .width(300.0)
                        .show_ui(ui, |ui| {
                            for (rule, open) in &offer {
                                let words = format!(
                                    "{}: {}",
                                    rule.name,
                                    change_words(&standing, rule, campaigning)
                                );
                                let response = ui.add_enabled(
                                    open.is_ok(),
                                    egui::Button::selectable(chosen == &rule.id, words),
                                );
                                let response = match open {
                                    Err(why) => response.on_disabled_hover_text(why.words()),
                                    Ok(()) => response,
                                };
                                if response.clicked() {
                                    chosen.clone_from(&rule.id);
                                }
                            }
                        });
                    let rule = offer.iter().find(|(rule, _)| &rule.id == chosen);
                    ui.label(rule.map_or_else(String::new, |(rule, _)| {
                        change_words(&standing, rule, campaigning)
                    }));
                    ui.end_row();
                    let advance = chosen.clone();
                    let _ = take_advance(&mut standing, &advance, ruleset, advancement);
                }
            }
        });
}

/// What the advance changes for the member as it stands: "Attack dice 4 to
/// 5", "gains Wrestler".
pub fn change_words(member: &Member, rule: &AdvanceRule, campaigning: &Campaigning) -> String {
    let now = member
        .template(&campaigning.ruleset)
        .and_then(|t| current(&t, rule.gain));
    match (rule.gain, now) {
        (Gain::Feat(_), _) => format!("gains {}", rule.gain.words()),
        (gain, Some(now)) => format!("{} {now} to {}", gain.words(), now + 1),
        (gain, None) => gain.words().to_string(),
    }
}

/// The advances chosen when the page opens: the AI commander's.
pub fn chosen_by_default(campaigning: &Campaigning) -> Vec<ChosenAdvance> {
    crate::campaign::advance::choose_advances(
        campaigning.state(),
        &campaigning.ruleset,
        &campaigning.rules.advancement,
    )
}
