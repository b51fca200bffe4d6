//! The rules reference in the game (F2): every section of the rules, found
//! by a search, and opened from a log line's rule or a refusal.

use bevy_egui::egui::{self, RichText};

use crate::rulebook::{Block, Entry, entries, entry, glossary, section_of};

/// The reference window: open or not, the search, and the entry shown.
#[derive(Debug, Clone, Default)]
pub struct RulesPanel {
    pub open: bool,
    pub query: String,
    pub showing: Option<u16>,
    /// The list is yet to scroll to the entry opened from elsewhere.
    scroll_to_showing: bool,
}

impl RulesPanel {
    /// Opens the reference on the section a rule tag is explained in.
    pub fn show_rule(&mut self, tag: &str) {
        self.open = true;
        self.query.clear();
        self.showing = section_of(tag).or(self.showing);
        self.scroll_to_showing = true;
    }

    pub fn toggle(&mut self) {
        self.open = !self.open;
    }

    /// The entries the search leaves, in order.
    pub fn found(&self) -> Vec<&'static Entry> {
        entries()
            .iter()
            .filter(|e| e.matches(&self.query))
            .collect()
    }

    pub fn window(&mut self, ctx: &egui::Context) {
        if !self.open {
            return;
        }
        let mut open = true;
        egui::Window::new("Rules (F2)")
            .open(&mut open)
            .default_size([760.0, 520.0])
            .max_width(900.0)
            .default_pos([310.0, 60.0])
            .resizable(true)
            .collapsible(false)
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    ui.label("Search:");
                    ui.text_edit_singleline(&mut self.query);
                    if !self.query.is_empty() && ui.button("Clear").clicked() {
                        self.query.clear();
                    }
                });
                ui.separator();
                let found = self.found();
                if self
                    .showing
                    .is_none_or(|n| !found.iter().any(|e| e.number == n))
                {
                    self.showing = found.first().map(|e| e.number);
                }
                egui::Panel::left("rule list")
                    .resizable(false)
                    .exact_size(240.0)
                    .show(ui, |ui| {
                        egui::ScrollArea::vertical()
                            .id_salt("rule list")
                            .auto_shrink([false, false])
                            .show(ui, |ui| {
                                if found.is_empty() {
                                    ui.label(RichText::new("No rule holds every word.").weak());
                                }
                                for entry in &found {
                                    let chosen = self.showing == Some(entry.number);
                                    let label = format!("{}. {}", entry.number, entry.title);
                                    let line = ui.selectable_label(chosen, label);
                                    if chosen && self.scroll_to_showing {
                                        line.scroll_to_me(Some(egui::Align::Center));
                                        self.scroll_to_showing = false;
                                    }
                                    if line.clicked() {
                                        self.showing = Some(entry.number);
                                    }
                                }
                            });
                    });
                egui::CentralPanel::no_frame().show(ui, |ui| {
                    egui::ScrollArea::vertical()
                        .id_salt("rule text")
                        .auto_shrink([false, false])
                        .show(ui, |ui| {
                            if let Some(shown) = self.showing.and_then(entry) {
                                entry_text(ui, shown);
                            }
                        });
                });
            });
        if !open {
            self.open = false;
        }
    }
}

/// One section's text: paragraphs, lists and tables.
fn entry_text(ui: &mut egui::Ui, entry: &Entry) {
    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
    ui.heading(format!("{}. {}", entry.number, entry.title));
    for (k, block) in entry.blocks.iter().enumerate() {
        match block {
            Block::Paragraph(text) => {
                ui.add_space(4.0);
                ui.label(text);
            }
            Block::Bullet { depth, text } => {
                ui.horizontal_wrapped(|ui| {
                    ui.add_space(12.0 * (*depth as f32 + 1.0));
                    ui.label(format!("• {text}"));
                });
            }
            Block::Table(rows) => {
                ui.add_space(4.0);
                let columns = rows.first().map_or(1, Vec::len).max(1);
                egui::Grid::new(("rule table", entry.number, k))
                    .striped(true)
                    .max_col_width(ui.available_width() / columns as f32 - 8.0)
                    .show(ui, |ui| {
                        for (r, row) in rows.iter().enumerate() {
                            for cell in row {
                                if r == 0 {
                                    ui.label(RichText::new(cell).strong());
                                } else {
                                    ui.label(cell);
                                }
                            }
                            ui.end_row();
                        }
                    });
            }
        }
    }
}

/// `response` with the glossary's line on `term`, when it has one, and a
/// right click that opens the rules reference on `rule`.
pub fn explained(
    response: egui::Response,
    term: &str,
    rule: &'static str,
    rules: &mut RulesPanel,
) -> egui::Response {
    let response = response.interact(egui::Sense::click());
    let more = "Right-click for the rules on it.";
    let response = match glossary(term) {
        Some(line) => response.on_hover_text(format!("{line}\n{more}")),
        None => response.on_hover_text(more),
    };
    if response.secondary_clicked() {
        rules.show_rule(rule);
    }
    response
}

/// The glossary's term for a special result (its Stun is not the State's).
pub fn special_term(special: crate::rules::special::SpecialResult) -> String {
    match special {
        crate::rules::special::SpecialResult::Stun => "Stun (special result)".to_string(),
        other => other.name().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Tactic;
    use crate::rules::special::SpecialResult;

    #[test]
    fn a_rule_tag_opens_its_section_and_a_search_narrows_the_list() {
        let mut panel = RulesPanel::default();
        panel.show_rule("Countdown");
        assert!(panel.open);
        assert_eq!(panel.showing, Some(4));
        panel.query = "hamstring".to_string();
        let found: Vec<u16> = panel.found().iter().map(|e| e.number).collect();
        assert!(found.contains(&28) && !found.contains(&4), "{found:?}");
        panel.show_rule("Flying");
        assert_eq!((panel.showing, panel.query.as_str()), (Some(34), ""));
    }

    #[test]
    fn every_state_tactic_special_and_countdown_mark_the_hud_names_is_explained() {
        let mut terms: Vec<String> = ["Stun", "Shock", "Doubt", ">", "H"]
            .map(String::from)
            .to_vec();
        terms.extend(Tactic::ALL.map(|t| t.name().to_string()));
        terms.extend(SpecialResult::ALL.map(special_term));
        terms
            .extend(["least wasteful", "Injury shift", "When wounded", "Effort"].map(String::from));
        for term in terms {
            assert!(glossary(&term).is_some(), "{term}");
        }
    }
}
