//! Spoils and gear on the aftermath's page: the stash as it will stand,
//! each member's weapons and shield, what to give it from the stash (those
//! it may not carry greyed with why) and what to put back. The changes wait
//! in `choices.gear` (the AI commander's to start) and are made as the
//! warband marches on.

use bevy_egui::egui;

use super::Choices;
use crate::campaign::format::Band;
use crate::campaign::gear::{GearChange, carried, check_give, choose_gear};
use crate::campaign::progress::CampaignState;
use crate::campaign::warband::Whereabouts;
use crate::campaign::words::join_names;
use crate::data::{Ruleset, Weapon};
use crate::game::session::campaigning::Campaigning;

/// The section, when the stash holds anything or a change is waiting.
pub fn gear_section(ui: &mut egui::Ui, campaigning: &Campaigning, choices: &mut Choices) {
    let ruleset = &campaigning.ruleset;
    let rules = &campaigning.rules.gear;
    // The warband as the changes chosen would leave it.
    let mut after = campaigning.state().clone();
    if let Err(why) = after.change_gear(&choices.gear, (ruleset, rules)) {
        ui.colored_label(egui::Color32::LIGHT_RED, why);
        choices.gear.clear();
        after = campaigning.state().clone();
    }
    let campaign = after.campaign();
    for band in campaign.bands() {
        if after.stash(band).is_empty() && !choices.gear.iter().any(|c| band_of(c) == band) {
            continue;
        }
        ui.add_space(8.0);
        let whose = match (band, campaign.warband_of(band)) {
            (Band::Rival, Some(rival)) => format!("{}'s stash", rival.name),
            _ => "The stash".to_string(),
        };
        ui.label(egui::RichText::new(format!("Spoils and gear: {whose}")).strong());
        ui.label(stash_words(after.stash(band), ruleset));
        members_gear(ui, &after, band, ruleset, choices, campaigning);
    }
}

fn band_of(change: &GearChange) -> Band {
    match change {
        GearChange::Give { band, .. } | GearChange::Stow { band, .. } => *band,
    }
}

/// A row a member with the warband: what it carries, a list to give it
/// from the stash, and a button to put back each weapon.
fn members_gear(
    ui: &mut egui::Ui,
    after: &CampaignState,
    band: Band,
    ruleset: &Ruleset,
    choices: &mut Choices,
    campaigning: &Campaigning,
) {
    let rules = &campaigning.rules.gear;
    let mut stash: Vec<&String> = after.stash(band).iter().collect();
    stash.sort();
    stash.dedup();
    egui::Grid::new(("gear", band))
        .striped(true)
        .spacing([14.0, 6.0])
        .show(ui, |ui| {
            for member in after.members_of(band) {
                if member.whereabouts != Whereabouts::WithWarband {
                    continue;
                }
                let (weapons, shield) = carried(member, ruleset);
                ui.label(&member.spec.name);
                let mut names: Vec<String> = weapons.iter().map(|w| name(w, ruleset)).collect();
                names.extend(shield.iter().map(|s| name(s, ruleset)));
                ui.label(names.join(", "));
                egui::ComboBox::from_id_salt(("give", band, &member.spec.id))
                    .selected_text("Give from the stash")
                    .width(220.0)
                    .show_ui(ui, |ui| {
                        for item in &stash {
                            let open = check_give(member, item, (ruleset, rules));
                            let words = ruleset
                                .weapons
                                .get(*item)
                                .map_or_else(String::new, |w| format!("{}: {}", w.name, what(w)));
                            let response = ui.add_enabled(open.is_ok(), egui::Button::new(words));
                            let response = match &open {
                                Err(why) => response.on_disabled_hover_text(why),
                                Ok(()) => response,
                            };
                            if response.clicked() {
                                choices.gear.push(GearChange::Give {
                                    band,
                                    member: member.spec.id.clone(),
                                    item: (*item).clone(),
                                });
                            }
                        }
                    });
                ui.horizontal(|ui| {
                    // The last weapon is kept: no button puts it back.
                    if weapons.len() > 1 {
                        ui.label("Put back:");
                    }
                    for weapon in weapons.iter().filter(|_| weapons.len() > 1) {
                        let button = ui
                            .small_button(name(weapon, ruleset))
                            .on_hover_text("Into the stash, for another to take");
                        if button.clicked() {
                            choices.gear.push(GearChange::Stow {
                                band,
                                member: member.spec.id.clone(),
                                item: weapon.clone(),
                            });
                        }
                    }
                });
                ui.end_row();
            }
        });
    if !choices.gear.is_empty() && ui.button("Undo the changes of gear").clicked() {
        choices.gear.clear();
    }
}

fn name(id: &str, ruleset: &Ruleset) -> String {
    ruleset
        .weapons
        .get(id)
        .map_or_else(|| id.to_string(), |w| w.name.clone())
}

/// What a weapon or shield does, in a few words: "Heavy, two hands",
/// "Block +2, armour +1 while it holds".
fn what(weapon: &Weapon) -> String {
    if let Some(shield) = weapon.shield {
        return format!(
            "Block +{}, armour +{} while it holds",
            shield.block, shield.armour
        );
    }
    let mut parts = vec![format!("{} damage", weapon.weight.name())];
    if weapon.hands == 2 {
        parts.push("two hands".into());
    }
    if weapon.reach {
        parts.push("strikes from Alone".into());
    }
    if let Some(range) = weapon.range {
        parts.push(format!("range {range} zones"));
    }
    parts.join(", ")
}

/// The stash in words: "In the stash: Short sword (3), Dagger and Medium
/// shield.", or that it is empty.
fn stash_words(stash: &[String], ruleset: &Ruleset) -> String {
    if stash.is_empty() {
        return "The stash is empty.".into();
    }
    let names: Vec<String> = stash.iter().map(|id| name(id, ruleset)).collect();
    format!("In the stash: {}.", join_names(&names))
}

/// The gear changes when the page opens: the AI commander's.
pub fn chosen_by_default(campaigning: &Campaigning) -> Vec<GearChange> {
    choose_gear(campaigning.state(), &campaigning.ruleset)
}
