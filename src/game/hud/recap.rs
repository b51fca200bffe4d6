//! The recap: when the turn comes back to a player, what happened since
//! that player's own last command (the AI's turn in solo, the other
//! player's in hot-seat), in a short list in the log's place under the
//! table; a line clicked names who the camera should look at.

use std::ops::Range;

use bevy_egui::egui;

use crate::battle::describe::Names;
use crate::battle::events::BattleEvent;
use crate::battle::state::BattleState;

/// The most lines a recap lists (the latest).
const RECAP_LINES: usize = 12;

/// Which part of the log each human side has seen, and the recap open now.
#[derive(Debug, Clone, Default)]
pub struct Recap {
    /// For each side, the log's length when it last had the turn.
    seen: Vec<Option<usize>>,
    /// The human side that had the turn when last looked.
    holder: Option<usize>,
    /// The events the open recap lists, by their place in the log.
    pub open: Option<Range<usize>>,
}

/// Whether an event belongs in a recap: not the dice rolled for the round
/// nor the payments, which the countdown already shows.
fn worth_telling(event: &BattleEvent) -> bool {
    !matches!(event.rule(), "Action dice" | "Countdown")
}

impl Recap {
    /// Looks at the battle after a change: `holder` is the human side that
    /// has the turn (if any) and `log` the whole log. When the turn comes
    /// to a human side that has had it before, the recap opens on what
    /// happened since.
    pub fn observe(&mut self, holder: Option<usize>, log: &[BattleEvent]) {
        // The turn leaves a side: what its own last command did is its own.
        if let Some(before) = self.holder
            && holder != Some(before)
            && let Some(seen) = self.seen.get_mut(before)
        {
            *seen = Some(log.len());
        }
        if let Some(side) = holder {
            if self.seen.len() <= side {
                self.seen.resize(side + 1, None);
            }
            if self.holder != Some(side) {
                if let Some(from) = self.seen[side]
                    && log[from.min(log.len())..].iter().any(worth_telling)
                {
                    self.open = Some(from..log.len());
                }
            } else if self.seen[side].is_some_and(|seen| log.len() > seen) {
                // The player has acted while holding the turn (a defence
                // answered, say): the log below tells what came of it.
                self.open = None;
            }
            self.seen[side] = Some(log.len());
        } else {
            self.open = None;
        }
        self.holder = holder;
    }

    /// The events the open recap lists: the latest worth telling.
    pub fn lines(&self, log: &[BattleEvent]) -> Vec<usize> {
        let Some(range) = &self.open else {
            return Vec::new();
        };
        let end = range.end.min(log.len());
        let mut lines: Vec<usize> = (range.start.min(end)..end)
            .rev()
            .filter(|&k| worth_telling(&log[k]))
            .take(RECAP_LINES)
            .collect();
        lines.reverse();
        lines
    }

    /// The recap in the log's place, with a button back to the log; in a
    /// panel (`fill`) it fills the log's height, so the panel keeps its size.
    /// Returns the combatant a clicked line names first, for the camera to
    /// look at.
    pub fn panel(
        &mut self,
        ui: &mut egui::Ui,
        table: &BattleState,
        log: &[BattleEvent],
        fill: bool,
    ) -> Option<usize> {
        let mut look_at = None;
        let names = Names::of(table);
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new("Since your last turn").strong());
            ui.label(egui::RichText::new("Click a line to look at it on the table.").weak());
            if ui.button("Back to the log").clicked() {
                self.open = None;
            }
        });
        egui::ScrollArea::vertical()
            .id_salt("recap")
            .auto_shrink([false, !fill])
            .stick_to_bottom(true)
            .show(ui, |ui| {
                for k in self.lines(log) {
                    let event = &log[k];
                    if ui.selectable_label(false, event.narrate(&names)).clicked()
                        && let Some(unit) = event
                            .combatants()
                            .first()
                            .and_then(|id| table.unit_index(id))
                    {
                        look_at = Some(unit);
                    }
                }
            });
        look_at
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn held(unit: &str) -> BattleEvent {
        BattleEvent::Held {
            unit: unit.to_string(),
        }
    }

    #[test]
    fn the_recap_opens_on_what_happened_since_the_side_last_had_the_turn_and_closes_when_it_acts() {
        let mut recap = Recap::default();
        let mut log = vec![held("hero")];
        // The battle's first turn: nothing to recap.
        recap.observe(Some(0), &log);
        assert_eq!(recap.open, None);
        log.push(held("hero"));
        recap.observe(Some(0), &log);
        // The AI's turn, then back to the player.
        recap.observe(None, &log);
        log.push(BattleEvent::Fumbled {
            unit: "bandit".to_string(),
        });
        log.push(BattleEvent::RoundStarted { round: 2 });
        recap.observe(Some(0), &log);
        assert_eq!(recap.open, Some(2..4));
        assert_eq!(recap.lines(&log), [2]);
        // Looking again changes nothing; the player acting (a defence
        // answered, say) gives the log back, which tells what came of it.
        recap.observe(Some(0), &log);
        assert_eq!(recap.open, Some(2..4));
        log.push(held("hero"));
        recap.observe(Some(0), &log);
        assert_eq!(recap.open, None);
        recap.observe(None, &log);
        assert_eq!(recap.open, None);
        // Only dice and payments since: no recap.
        log.push(BattleEvent::RoundStarted { round: 3 });
        recap.observe(Some(0), &log);
        assert_eq!(recap.open, None);
    }

    #[test]
    fn the_recap_leaves_out_the_players_own_last_command() {
        let mut recap = Recap::default();
        let mut log = vec![held("hero")];
        recap.observe(Some(0), &log);
        // The player's command, then the turn goes to the AI.
        log.push(held("hero"));
        recap.observe(None, &log);
        log.push(BattleEvent::Fumbled {
            unit: "bandit".to_string(),
        });
        recap.observe(Some(0), &log);
        assert_eq!(recap.lines(&log), [2]);
    }
}
