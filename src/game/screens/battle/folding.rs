//! The battle HUD's panels fold away for the table's sake: the countdown
//! and card on the left, the actions on the right, the log below. A folded
//! side panel is a slim strip with its name down it, and the log its title
//! row; one click on either opens it again.
//!
//! Where the table is drawn only in the part the panels leave (Low
//! graphics), a battle opens with the countdown and the log folded, so the
//! table has most of the window; where it goes on under see-through panels
//! (Medium and High), everything opens unfolded. Once the player folds or
//! unfolds a panel, that choice holds for every battle of the run.

use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};

/// How wide a folded side panel's strip is, in points.
pub(super) const FOLDED_WIDTH: f32 = 26.0;

/// Which of the battle HUD's panels are folded away.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FoldedPanels {
    pub countdown: bool,
    pub actions: bool,
    pub log: bool,
    /// The player has folded or unfolded one: the opening no longer
    /// follows the graphics.
    pub chosen: bool,
}

impl FoldedPanels {
    /// What a battle opens with until the player chooses: folded where the
    /// table has only the part of the window the panels leave.
    pub fn opening(table_under_panels: bool) -> Self {
        let fold = !table_under_panels;
        Self {
            countdown: fold,
            actions: false,
            log: fold,
            chosen: false,
        }
    }

    /// Follows the graphics until the player has chosen.
    pub fn follow(&mut self, table_under_panels: bool) {
        if !self.chosen {
            *self = Self::opening(table_under_panels);
        }
    }
}

/// A folded side panel's strip: a button to open it and its name down the
/// strip, all of it clickable. True when clicked.
pub(super) fn folded_strip(ui: &mut egui::Ui, arrow: &str, name: &str, hint: &str) -> bool {
    let mut clicked = ui.button(arrow).on_hover_text(hint).clicked();
    ui.add_space(6.0);
    for letter in name.chars() {
        let letter = egui::Label::new(RichText::new(letter.to_string()).strong())
            .sense(egui::Sense::click());
        clicked |= ui.add(letter).on_hover_text(hint).clicked();
    }
    clicked
}

/// The small button in an open panel's heading that folds it.
pub(super) fn fold_button(ui: &mut egui::Ui, arrow: &str, hint: &str) -> bool {
    ui.small_button(arrow).on_hover_text(hint).clicked()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn low_graphics_opens_with_the_countdown_and_the_log_folded() {
        let low = FoldedPanels::opening(false);
        assert_eq!((low.countdown, low.actions, low.log), (true, false, true));
        let medium = FoldedPanels::opening(true);
        assert_eq!(
            (medium.countdown, medium.actions, medium.log),
            (false, false, false)
        );
    }

    #[test]
    fn a_players_folding_holds_whatever_the_graphics() {
        let mut folded = FoldedPanels::opening(false);
        folded.countdown = false;
        folded.chosen = true;
        folded.follow(false);
        assert!(!folded.countdown && folded.log);
        folded.follow(true);
        assert!(folded.log, "the player's choice stands");
        let mut unchosen = FoldedPanels::opening(true);
        unchosen.follow(false);
        assert_eq!(unchosen, FoldedPanels::opening(false));
    }
}
