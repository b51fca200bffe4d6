//! The battle log: the latest events in words with their dice, filtered by
//! combatant and by rule, docked under the table or popped out into a
//! window of its own.

use bevy::ecs::change_detection::Tick;
use bevy_egui::egui;
use egui::RichText;

use super::dice::die;
use crate::battle::describe::Names;
use crate::battle::events::BattleEvent;
use crate::battle::state::BattleState;

/// How many of the latest events (that pass the filter) the log keeps on
/// screen.
const LOG_SHOWN: usize = 200;

/// Which events the log shows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LogFilter {
    /// Only the events that name this combatant (by index).
    pub combatant: Option<usize>,
    /// Only the events of this rule.
    pub rule: Option<&'static str>,
}

impl LogFilter {
    /// Whether `event` passes the filter in `table`.
    pub fn passes(&self, table: &BattleState, event: &BattleEvent) -> bool {
        self.rule
            .is_none_or(|rule| event.rule_in(table.sequence()) == rule)
            && self.combatant.is_none_or(|wanted| {
                event
                    .combatants()
                    .iter()
                    .any(|id| combatant_index(table, id) == Some(wanted))
            })
    }
}

/// The combatant an id in an event names: a combatant's own, or a
/// chariot's (its team).
fn combatant_index(table: &BattleState, id: &str) -> Option<usize> {
    table.unit_index(id).or_else(|| {
        table
            .chariots()
            .iter()
            .find(|chariot| chariot.id == id)
            .map(|chariot| chariot.team)
    })
}

/// The log's place and filter, and the events the filter lets through.
#[derive(Debug, Clone, Default)]
pub struct LogView {
    /// In a window of its own rather than under the table.
    pub popped_out: bool,
    pub filter: LogFilter,
    /// The positions in the log of the events shown, worked out for the
    /// state (by its change tick) and the filter.
    shown: Vec<usize>,
    shown_for: Option<(Tick, LogFilter)>,
}

impl LogView {
    /// The positions in `log` of the latest events that pass the filter.
    pub fn shown(&mut self, state: Tick, table: &BattleState, log: &[BattleEvent]) -> &[usize] {
        if self.shown_for != Some((state, self.filter)) {
            let mut shown: Vec<usize> = (0..log.len())
                .rev()
                .filter(|&k| self.filter.passes(table, &log[k]))
                .take(LOG_SHOWN)
                .collect();
            shown.reverse();
            self.shown = shown;
            self.shown_for = Some((state, self.filter));
        }
        &self.shown
    }

    /// The log's title row: its filters and the button that pops it out or
    /// docks it.
    pub fn header(&mut self, ui: &mut egui::Ui, table: &BattleState, log: &[BattleEvent]) {
        ui.label(RichText::new("Battle log").strong());
        let names = Names::of(table);
        let combatant_name = |index: usize| {
            table
                .units()
                .get(index)
                .map_or(String::new(), |u| names.unit(&u.unit.id))
        };
        egui::ComboBox::from_id_salt("log combatant")
            .selected_text(
                self.filter
                    .combatant
                    .map_or("Everyone".to_string(), combatant_name),
            )
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut self.filter.combatant, None, "Everyone");
                for index in 0..table.units().len() {
                    ui.selectable_value(
                        &mut self.filter.combatant,
                        Some(index),
                        combatant_name(index),
                    );
                }
            });
        let mut rules: Vec<&'static str> = log
            .iter()
            .map(|event| event.rule_in(table.sequence()))
            .collect();
        rules.sort_unstable();
        rules.dedup();
        egui::ComboBox::from_id_salt("log rule")
            .selected_text(self.filter.rule.unwrap_or("Every rule"))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut self.filter.rule, None, "Every rule");
                for rule in rules {
                    ui.selectable_value(&mut self.filter.rule, Some(rule), rule);
                }
            });
        let (text, hint) = if self.popped_out {
            ("Dock", "Put the log back under the table")
        } else {
            (
                "Pop out",
                "Show the log in a window you can move and resize",
            )
        };
        if ui.button(text).on_hover_text(hint).clicked() {
            self.popped_out = !self.popped_out;
        }
    }

    /// The events shown, one row each: the rule, the words, the dice.
    /// The log's rows; returns the rule whose tag was clicked, to open in
    /// the rules reference.
    pub fn rows(
        &mut self,
        ui: &mut egui::Ui,
        state: Tick,
        table: &BattleState,
        log: &[BattleEvent],
    ) -> Option<&'static str> {
        let names = Names::of(table);
        let shown = self.shown(state, table, log);
        if shown.is_empty() {
            ui.label(RichText::new("No events pass the filter yet.").weak());
            return None;
        }
        let mut clicked = None;
        // Only the rows in view are laid out.
        egui::ScrollArea::vertical()
            .stick_to_bottom(true)
            .auto_shrink([false, false])
            .show_rows(ui, 19.0, shown.len(), |ui, rows| {
                for &k in &shown[rows] {
                    let event = &log[k];
                    ui.horizontal(|ui| {
                        let tag = ui
                            .add(
                                egui::Label::new(
                                    RichText::new(format!("[{}]", event.rule_in(table.sequence())))
                                        .weak()
                                        .monospace(),
                                )
                                .sense(egui::Sense::click()),
                            )
                            .on_hover_cursor(egui::CursorIcon::PointingHand)
                            .on_hover_text("Open the rules reference on this rule");
                        if tag.clicked() {
                            clicked = Some(event.rule_in(table.sequence()));
                        }
                        ui.label(event.narrate(&names));
                        if let Some((faces, hit_from)) = event.dice_shown() {
                            for &face in faces {
                                die(ui, face, hit_from);
                            }
                        }
                    });
                }
            });
        clicked
    }
}
