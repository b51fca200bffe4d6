//! The editor's problems and combatants list, each problem pointing at its
//! tile or combatant, and the level's victory conditions.

use super::*;
use crate::data::CreatureTemplate;
use crate::level::{UnitOverrides, UnitSpec};

pub(super) fn problems_and_units(ui: &mut egui::Ui, editor: &mut Editor, ruleset: &Ruleset) {
    problem_list(ui, editor);
    ui.separator();
    if let Some(unit) = combatant_list(ui, editor, ruleset) {
        ui.separator();
        combatant_details(ui, editor, ruleset, &unit);
    }
}

/// The level's problems, each selecting what it is about when clicked.
fn problem_list(ui: &mut egui::Ui, editor: &mut Editor) {
    let count = editor.problems.len();
    ui.label(
        egui::RichText::new(match count {
            0 => "No problems: ready to play".to_string(),
            1 => "1 problem".to_string(),
            n => format!("{n} problems"),
        })
        .strong(),
    );
    let mut chosen = None;
    egui::ScrollArea::vertical()
        .id_salt("problems")
        .max_height(220.0)
        .show(ui, |ui| {
            for (problem, place) in &editor.problems {
                let text = format!("{}:{}: {}", problem.line, problem.col, problem.message);
                if ui
                    .add(
                        egui::Label::new(egui::RichText::new(text).color(egui::Color32::LIGHT_RED))
                            .sense(egui::Sense::click()),
                    )
                    .on_hover_text("Click to select what it is about")
                    .clicked()
                {
                    chosen = Some(place.clone());
                }
            }
        });
    if chosen.is_some() {
        editor.selected = chosen;
    }
}

/// The combatants, one selected by a click; returns the one selected.
fn combatant_list(ui: &mut egui::Ui, editor: &mut Editor, ruleset: &Ruleset) -> Option<UnitSpec> {
    ui.label(egui::RichText::new("Combatants").strong());
    let units = editor.draft.level.units.clone();
    egui::ScrollArea::vertical()
        .id_salt("units")
        .max_height(200.0)
        .show(ui, |ui| {
            for unit in &units {
                let name = shown_name(ruleset, unit);
                let picked = editor.selected == Some(Place::Unit(unit.id.clone()));
                if ui
                    .selectable_label(picked, format!("{name} in {}", unit.zone))
                    .clicked()
                {
                    editor.selected = Some(Place::Unit(unit.id.clone()));
                }
            }
        });
    let Some(Place::Unit(id)) = &editor.selected else {
        return None;
    };
    units.into_iter().find(|u| &u.id == id)
}

/// The selected combatant's fields: name, side, creature, mob, mount, its
/// own numbers and weapons; removing it.
fn combatant_details(ui: &mut egui::Ui, editor: &mut Editor, ruleset: &Ruleset, unit: &UnitSpec) {
    let id = unit.id.clone();
    let units = editor.draft.level.units.clone();
    let mut changed = unit.clone();
    let mut typed = Typed::default();
    let mut name = unit.name.clone().unwrap_or_default();
    ui.horizontal(|ui| {
        ui.label("Name");
        typed.note(ui.text_edit_singleline(&mut name), &format!("{id} name"));
    });
    changed.name = (!name.trim().is_empty()).then_some(name);
    let side_name = editor
        .draft
        .level
        .sides
        .iter()
        .find(|s| s.id == changed.side)
        .map_or(changed.side.clone(), |s| s.name.clone());
    egui::ComboBox::from_label("Side")
        .selected_text(side_name)
        .show_ui(ui, |ui| {
            for side in &editor.draft.level.sides {
                ui.selectable_value(&mut changed.side, side.id.clone(), &side.name);
            }
        });
    egui::ComboBox::from_label("Creature")
        .selected_text(
            ruleset
                .creatures
                .get(&changed.template)
                .map_or(changed.template.clone(), |c| c.name.clone()),
        )
        .show_ui(ui, |ui| {
            for (id, creature) in &ruleset.creatures {
                ui.selectable_value(&mut changed.template, id.clone(), &creature.name);
            }
        });
    egui::ComboBox::from_label("Mob")
        .selected_text(
            changed
                .mob
                .map_or("one figure".to_string(), |m| m.name().to_string()),
        )
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut changed.mob, None, "one figure");
            for tier in crate::data::MobTier::ALL {
                ui.selectable_value(&mut changed.mob, Some(tier), tier.name());
            }
        });
    let mounts: Vec<(String, String)> = units
        .iter()
        .filter(|u| u.zone == changed.zone && u.id != changed.id)
        .map(|u| (u.id.clone(), shown_name(ruleset, u)))
        .collect();
    let riding = changed
        .rides
        .as_ref()
        .and_then(|r| mounts.iter().find(|(id, _)| id == r))
        .map_or("nothing".to_string(), |(_, name)| name.clone());
    egui::ComboBox::from_label("Rides")
        .selected_text(riding)
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut changed.rides, None, "nothing");
            for (id, name) in &mounts {
                ui.selectable_value(&mut changed.rides, Some(id.clone()), name);
            }
        })
        .response
        .on_hover_text("A mount in the same zone that it starts the battle riding");
    if let Some(template) = ruleset.creatures.get(&changed.template) {
        override_fields(ui, &id, template, &mut changed.overrides, &mut typed);
    }
    let mut remove = false;
    ui.horizontal(|ui| {
        remove = ui.button("Remove").clicked();
    });
    let result = if remove {
        editor.selected = None;
        editor.draft.apply(Edit::Remove { unit: id })
    } else if changed != *unit {
        typed.apply(&mut editor.draft, Edit::Change(changed))
    } else {
        Ok(())
    };
    typed.finish(&mut editor.draft);
    if let Err(reason) = result {
        editor.notice = Some((reason, false));
    }
}

/// The numbers and weapons set for this combatant, each ticked to set it
/// or left to its creature's.
fn override_fields(
    ui: &mut egui::Ui,
    id: &str,
    template: &CreatureTemplate,
    overrides: &mut UnitOverrides,
    typed: &mut Typed,
) {
    ui.label("Set for this combatant (ticked), else the creature's:");
    match overrides.action_dice {
        Some(ActionDiceSpec::Fixed(_)) => {
            ui.label("action dice: set faces, kept as the file has them");
        }
        _ => {
            let mut rolled = match overrides.action_dice {
                Some(ActionDiceSpec::Rolled(n)) => Some(n),
                _ => None,
            };
            let from_template = template.action_dice.entitled();
            override_value(ui, "action dice", &mut rolled, from_template, 0..=12);
            overrides.action_dice = rolled.map(ActionDiceSpec::Rolled);
        }
    }
    override_value(
        ui,
        "attack dice",
        &mut overrides.attack_dice,
        template.attack_dice,
        0..=12,
    );
    override_value(
        ui,
        "physical rank",
        &mut overrides.physical,
        template.physical,
        -3..=9,
    );
    override_value(
        ui,
        "mental rank",
        &mut overrides.mental,
        template.mental,
        -3..=9,
    );
    override_value(ui, "armour", &mut overrides.armour, template.armour, 0..=6);
    let mut weapons = overrides
        .weapons
        .clone()
        .unwrap_or_else(|| template.weapons.clone())
        .join(", ");
    ui.horizontal(|ui| {
        ui.label("Weapons");
        let field = format!("{id} weapons");
        typed.note(ui.text_edit_singleline(&mut weapons), &field);
    });
    let listed: Vec<String> = weapons
        .split(',')
        .map(|w| w.trim().to_string())
        .filter(|w| !w.is_empty())
        .collect();
    overrides.weapons = (listed != template.weapons).then_some(listed);
}

/// The level's victory conditions: each with its numbers, removable, and
/// one of each kind to add for a side.
pub(super) fn victory(ui: &mut egui::Ui, editor: &mut Editor) {
    ui.label(egui::RichText::new("To win").strong());
    let level = &editor.draft.level;
    let side_name = |id: &str| {
        level
            .sides
            .iter()
            .find(|s| s.id == id)
            .map_or(id.to_string(), |s| s.name.clone())
    };
    let mut conditions = level.victory.clone();
    let mut remove = None;
    for (k, condition) in conditions.iter_mut().enumerate() {
        ui.horizontal_wrapped(|ui| {
            ui.label(side_name(condition.side()));
            match condition {
                VictoryCondition::DefeatAll { .. } => {
                    ui.label("defeats every enemy");
                }
                VictoryCondition::HoldZone { zone, rounds, .. } => {
                    ui.label("holds");
                    ui.add(egui::DragValue::new(&mut zone.0).prefix("x "));
                    ui.add(egui::DragValue::new(&mut zone.1).prefix("y "));
                    ui.label("for");
                    ui.add(
                        egui::DragValue::new(rounds)
                            .range(1..=100)
                            .suffix(" rounds"),
                    );
                }
                VictoryCondition::Escape { edge, count, .. } => {
                    ui.label("escapes by the");
                    egui::ComboBox::from_id_salt(("edge", k))
                        .selected_text(edge.name())
                        .show_ui(ui, |ui| {
                            for choice in
                                [MapEdge::North, MapEdge::East, MapEdge::South, MapEdge::West]
                            {
                                ui.selectable_value(edge, choice, choice.name());
                            }
                        });
                    let mut how_many = count.unwrap_or(0);
                    ui.add(egui::DragValue::new(&mut how_many).range(0..=50))
                        .on_hover_text("How many must get away (0: all)");
                    *count = (how_many > 0).then_some(how_many);
                }
                VictoryCondition::Survive { rounds, .. } => {
                    ui.label("survives");
                    ui.add(
                        egui::DragValue::new(rounds)
                            .range(1..=100)
                            .suffix(" rounds"),
                    );
                }
            }
            if ui
                .small_button("x")
                .on_hover_text("Remove this condition")
                .clicked()
            {
                remove = Some(k);
            }
        });
    }
    if let Some(k) = remove {
        conditions.remove(k);
    }
    let side = level
        .sides
        .get(editor.side)
        .or_else(|| level.sides.first())
        .map_or_else(String::new, |s| s.id.clone());
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("Add for {}:", side_name(&side)));
        if ui.small_button("defeat all").clicked() {
            conditions.push(VictoryCondition::DefeatAll { side: side.clone() });
        }
        if ui.small_button("hold").clicked() {
            conditions.push(VictoryCondition::HoldZone {
                side: side.clone(),
                zone: ZoneCoord(0, 0),
                rounds: 3,
            });
        }
        if ui.small_button("escape").clicked() {
            conditions.push(VictoryCondition::Escape {
                side: side.clone(),
                edge: MapEdge::East,
                count: None,
            });
        }
        if ui.small_button("survive").clicked() {
            conditions.push(VictoryCondition::Survive {
                side: side.clone(),
                rounds: 5,
            });
        }
    });
    if conditions != editor.draft.level.victory {
        let _ = editor.draft.apply(Edit::Victory(conditions));
    }
}
