//! The editor's tool panel: terrain, edges, combatants and the level's own
//! fields, each edit undoable as one step.

use super::*;
use crate::vocabulary::Sequence;

pub(super) fn tools(ui: &mut egui::Ui, editor: &mut Editor, ruleset: &Ruleset) {
    tool_choice(ui, editor, ruleset);
    ui.separator();
    level_fields(ui, editor);
    ui.separator();
    side_rows(ui, editor);
}

/// The tool in hand (paint, edges, place, select) and what it paints or
/// places.
fn tool_choice(ui: &mut egui::Ui, editor: &mut Editor, ruleset: &Ruleset) {
    ui.label(egui::RichText::new("Tool").strong());
    ui.horizontal_wrapped(|ui| {
        for (tool, name, about) in [
            (
                Tool::Paint,
                "Paint",
                "Click or drag over zones to paint their terrain",
            ),
            (Tool::Edge, "Edges", "Click near the line between two zones"),
            (
                Tool::Place,
                "Place",
                "Click a zone to place a combatant there",
            ),
            (
                Tool::Select,
                "Select",
                "Click a combatant; drag it to move it",
            ),
        ] {
            ui.selectable_value(&mut editor.tool, tool, name)
                .on_hover_text(about);
        }
    });
    ui.separator();
    match editor.tool {
        Tool::Paint => {
            // The data names every terrain (its check refuses a gap).
            for (&terrain, info) in &ruleset.terrain.terrain {
                ui.horizontal(|ui| {
                    swatch(ui, colour(info.colour), 14.0);
                    ui.radio_value(&mut editor.terrain, terrain, &info.name);
                });
            }
        }
        Tool::Edge => {
            for (&feature, info) in &ruleset.terrain.edges {
                ui.horizontal(|ui| {
                    swatch(ui, colour(info.colour), 14.0);
                    ui.radio_value(&mut editor.edge, Some(feature), &info.name);
                });
            }
            ui.radio_value(&mut editor.edge, None, "Clear the edge");
            ui.horizontal(|ui| {
                ui.add(egui::DragValue::new(&mut editor.choke).range(0..=20));
                ui.label("defenders' choke (0: not defended)");
            });
        }
        Tool::Place => {
            egui::ComboBox::from_label("Creature")
                .selected_text(
                    ruleset
                        .creatures
                        .get(&editor.template)
                        .map_or(editor.template.as_str(), |c| c.name.as_str()),
                )
                .show_ui(ui, |ui| {
                    for (id, creature) in &ruleset.creatures {
                        ui.selectable_value(&mut editor.template, id.clone(), &creature.name);
                    }
                });
            let sides: Vec<String> = editor
                .draft
                .level
                .sides
                .iter()
                .map(|s| s.name.clone())
                .collect();
            for (k, name) in sides.iter().enumerate() {
                ui.radio_value(&mut editor.side, k, name);
            }
        }
        Tool::Select => {
            ui.label("Click a combatant to select it; drag it to another zone to move it.");
        }
    }
}

/// The level's own fields (name, briefing, seed, tile size, round limit,
/// surprise), its victory conditions, and a new level of a size.
fn level_fields(ui: &mut egui::Ui, editor: &mut Editor) {
    ui.label(egui::RichText::new("The level").strong());
    let level = &editor.draft.level;
    let (mut name, mut briefing) = (level.name.clone(), level.briefing.clone());
    let mut seed = level.seed.map_or(String::new(), |s| s.to_string());
    let mut typed = Typed::default();
    ui.horizontal(|ui| {
        ui.label("Name");
        typed.note(ui.text_edit_singleline(&mut name), "level name");
    });
    ui.label("Briefing");
    typed.note(ui.text_edit_multiline(&mut briefing), "briefing");
    ui.horizontal(|ui| {
        ui.label("Seed");
        typed.note(ui.text_edit_singleline(&mut seed), "seed");
    });
    let seed = seed.trim().parse::<u64>().ok();
    let mut tile_size = level.tile_size;
    let mut limit = level.round_limit.unwrap_or(0);
    let mut surprise = level.surprise.clone();
    ui.horizontal(|ui| {
        ui.label("Tiles");
        ui.radio_value(&mut tile_size, 6, "6\"");
        ui.radio_value(&mut tile_size, 9, "9\"");
        ui.separator();
        ui.label("Rounds");
        ui.add(egui::DragValue::new(&mut limit).range(0..=200))
            .on_hover_text("0: the rules' own limit");
    });
    let surprise_name = |id: &Option<String>| {
        id.as_ref()
            .and_then(|id| level.sides.iter().find(|s| &s.id == id))
            .map_or("nobody".to_string(), |s| s.name.clone())
    };
    egui::ComboBox::from_label("surprises the others")
        .selected_text(surprise_name(&surprise))
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut surprise, None, "nobody");
            for side in &level.sides {
                ui.selectable_value(&mut surprise, Some(side.id.clone()), &side.name);
            }
        });
    let mut sequence = level.sequence;
    egui::ComboBox::from_label("sequence of play")
        .selected_text(sequence.name())
        .show_ui(ui, |ui| {
            for choice in Sequence::ALL {
                ui.selectable_value(&mut sequence, choice, choice.name())
                    .on_hover_text(choice.about());
            }
        });
    if sequence != level.sequence {
        let _ = editor.draft.apply(Edit::Sequence(sequence));
    }
    let level = &editor.draft.level;
    let limit = (limit > 0).then_some(limit);
    if name != level.name
        || briefing != level.briefing
        || seed != level.seed
        || tile_size != level.tile_size
        || limit != level.round_limit
        || surprise != level.surprise
    {
        let settings = Edit::Settings {
            name,
            briefing,
            tile_size,
            round_limit: limit,
            seed,
            surprise,
        };
        let _ = typed.apply(&mut editor.draft, settings);
    }
    typed.finish(&mut editor.draft);
    victory(ui, editor);
    ui.separator();
    ui.horizontal(|ui| {
        ui.add(egui::DragValue::new(&mut editor.new_size.0).range(1..=30));
        ui.label("by");
        ui.add(egui::DragValue::new(&mut editor.new_size.1).range(1..=30));
        if ui
            .button("New level")
            .on_hover_text("Start again on an empty table of this size")
            .clicked()
        {
            let (width, height) = editor.new_size;
            let _ = editor
                .draft
                .apply(Edit::Replace(blank_level(width, height, Terrain::Grass)));
            // A new level saves to a new file.
            editor.file = fresh_file(&editor.dir);
            editor.selected = None;
        }
    });
}

/// Each side: its name, colour, kind and who plays it; adding and
/// removing sides.
fn side_rows(ui: &mut egui::Ui, editor: &mut Editor) {
    ui.label(egui::RichText::new("Sides").strong());
    let mut typed = Typed::default();
    let mut removed = None;
    for side in editor.draft.level.sides.clone() {
        let mut changed = side.clone();
        ui.horizontal(|ui| {
            let (r, g, b) = side.colour;
            let mut colour = [r, g, b];
            let picked = ui
                .color_edit_button_rgb(&mut colour)
                .on_hover_text("The side's colour on the table");
            // A drag across the picker is one undo step.
            typed.note(picked, &format!("side {} colour", side.id));
            // Two decimals keep the level file tidy.
            let tidy = |c: f32| (c * 100.0).round() / 100.0;
            changed.colour = (tidy(colour[0]), tidy(colour[1]), tidy(colour[2]));
            let field = format!("side {} name", side.id);
            typed.note(ui.text_edit_singleline(&mut changed.name), &field);
            if ui
                .small_button("Remove")
                .on_hover_text("Remove this side, its combatants and its victory conditions")
                .clicked()
            {
                removed = Some(side.id.clone());
            }
        });
        ui.horizontal(|ui| {
            ui.radio_value(&mut changed.kind, SideKind::Heroes, "Heroes");
            ui.radio_value(&mut changed.kind, SideKind::Npcs, "NPCs");
            ui.separator();
            ui.radio_value(&mut changed.controller, Controller::Human, "Human");
            ui.radio_value(&mut changed.controller, Controller::Ai, "AI");
        });
        let fatigue = editor
            .draft
            .level
            .fatigue
            .get(&side.id)
            .copied()
            .unwrap_or_default();
        let mut chosen = fatigue;
        egui::ComboBox::from_id_salt(("fatigue", &side.id))
            .selected_text(fatigue_name(fatigue))
            .show_ui(ui, |ui| {
                for option in Fatigue::ALL {
                    ui.selectable_value(&mut chosen, option, fatigue_name(option));
                }
            })
            .response
            .on_hover_text("How tired the side starts the battle");
        if changed != side {
            let _ = typed.apply(&mut editor.draft, Edit::Side(changed));
        }
        if chosen != fatigue {
            let _ = editor.draft.apply(Edit::Fatigue {
                side: side.id.clone(),
                fatigue: chosen,
            });
        }
        ui.add_space(4.0);
    }
    typed.finish(&mut editor.draft);
    if let Some(side) = removed {
        editor.selected = None;
        let _ = editor.draft.apply(Edit::RemoveSide { side });
    }
    if ui
        .button("Add a side")
        .on_hover_text("Another side, AI-controlled, to fight the others")
        .clicked()
    {
        let sides = &editor.draft.level.sides;
        let number = (sides.len() + 1..)
            .find(|n| !sides.iter().any(|s| s.id == format!("side_{n}")))
            .unwrap_or(sides.len() + 1);
        let side = SideSpec {
            id: format!("side_{number}"),
            name: format!("Side {number}"),
            colour: (0.2, 0.6, 0.2),
            kind: SideKind::Npcs,
            controller: Controller::Ai,
        };
        let _ = editor.draft.apply(Edit::Side(side));
    }
}

/// A combatant's name as the player sees it: its own, else its creature's.
pub(super) fn shown_name(ruleset: &Ruleset, unit: &crate::level::UnitSpec) -> String {
    unit.name.clone().unwrap_or_else(|| {
        ruleset
            .creatures
            .get(&unit.template)
            .map_or(unit.template.clone(), |c| c.name.clone())
    })
}

pub(super) fn fatigue_name(fatigue: Fatigue) -> &'static str {
    match fatigue {
        Fatigue::Fresh => "starts fresh",
        Fatigue::Tired => "starts tired",
        Fatigue::Severe => "starts badly tired",
        Fatigue::Doubtful => "may start tired",
    }
}

/// Which field an edit was typed or picked in, so that its keystrokes (or
/// a drag across the colour picker) undo as one step, and whether a field
/// lost the keyboard this frame.
#[derive(Default)]
pub(super) struct Typed {
    field: Option<String>,
    left: bool,
}

impl Typed {
    pub(super) fn note(&mut self, response: egui::Response, field: &str) {
        if response.changed() {
            self.field = Some(field.to_string());
        }
        self.left |= response.lost_focus();
    }

    pub(super) fn apply(&self, draft: &mut Draft, edit: Edit) -> Result<(), String> {
        match &self.field {
            Some(field) => draft.apply_continuing(edit, field),
            None => draft.apply(edit),
        }
    }

    pub(super) fn finish(self, draft: &mut Draft) {
        if self.left {
            draft.end_gesture();
        }
    }
}

/// One of a unit's numbers, kept from its template or set for this unit.
pub(super) fn override_value<T: egui::emath::Numeric>(
    ui: &mut egui::Ui,
    label: &str,
    value: &mut Option<T>,
    template: T,
    range: std::ops::RangeInclusive<T>,
) {
    ui.horizontal(|ui| {
        let mut set = value.is_some();
        ui.checkbox(&mut set, label);
        let mut shown = value.unwrap_or(template);
        ui.add_enabled(set, egui::DragValue::new(&mut shown).range(range));
        *value = set.then_some(shown);
    });
}
