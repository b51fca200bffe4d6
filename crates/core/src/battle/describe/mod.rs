//! Battle events in words, for the log: what happened and the rule that made
//! it happen, so a player can see why.
//!
//! - [`rules`]: the rule behind each event and each refusal, and the
//!   combatants and dice an event shows.
//! - [`orders`]: an order in words, for menus and replays.
//! - `narrate`: each event in words.

mod narrate;
pub mod orders;
mod rules;

use super::components::StateKind;
use super::events::BattleEvent;
use super::state::BattleState;
use narrate::Narrated;

/// "1 exposure die", "2 exposure dice".
pub fn exposure_dice(count: impl Into<u32>) -> String {
    counted(count, "exposure die", "exposure dice")
}

/// "1 die", "3 dice".
fn dice_of(count: impl Into<u32>) -> String {
    counted(count, "die", "dice")
}

/// "1 success", "2 successes".
fn successes_of(count: impl Into<u32>) -> String {
    counted(count, "success", "successes")
}

/// A count and its noun, singular for one: "1 die", "3 dice", "2 successes".
pub fn counted(count: impl Into<u32>, one: &str, many: &str) -> String {
    match count.into() {
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    }
}

fn faces(dice: &[u8]) -> String {
    let shown: Vec<String> = dice.iter().map(u8::to_string).collect();
    format!("[{}]", shown.join(" "))
}

/// Display names for the ids in events: combatants (numbered where they
/// share a name), sides, weapons and spells. Without a table, the ids.
pub struct Names<'a> {
    table: Option<&'a BattleState>,
}

impl<'a> Names<'a> {
    pub fn of(table: &'a BattleState) -> Self {
        Self { table: Some(table) }
    }

    pub fn ids() -> Self {
        Self { table: None }
    }

    pub fn unit(&self, id: &str) -> String {
        self.table
            .and_then(|t| t.unit_index(id).map(|i| t.units[i].unit.name.clone()))
            .unwrap_or_else(|| id.to_string())
    }

    pub fn side(&self, id: &str) -> String {
        self.table
            .and_then(|t| t.battle.sides.iter().find(|s| s.id == id))
            .map_or_else(|| id.to_string(), |s| s.name.clone())
    }

    pub fn weapon(&self, id: &str) -> String {
        self.table
            .and_then(|t| t.ruleset.weapons.get(id))
            .map_or_else(|| id.to_string(), |w| w.name.to_lowercase())
    }

    pub fn spell(&self, id: &str) -> String {
        self.table
            .and_then(|t| t.ruleset.actions.spells.get(id))
            .map_or_else(|| id.to_string(), |s| s.name.clone())
    }
}

/// The ranks a combatant has after a loss or a healing: a hero fights on
/// below zero, where "-2 left" would read oddly.
fn ranks_left(remaining: i32) -> String {
    if remaining >= 0 {
        format!("{remaining} left")
    } else {
        format!("now at {remaining}")
    }
}

fn state_name(state: StateKind) -> &'static str {
    match state {
        StateKind::Stun => "Stun",
        StateKind::Shock => "Shock",
        StateKind::Doubt => "Doubt",
    }
}

impl BattleEvent {
    /// The event in words for players: combatants, sides, weapons and
    /// spells by their display names.
    pub fn narrate(&self, names: &Names) -> String {
        Narrated(self, names).to_string()
    }
}

/// The event in words, with ids only where `names` has no table.
impl std::fmt::Display for BattleEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        Narrated(self, &Names::ids()).fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocabulary::{MapEdge, RankSide, Sequence};

    #[test]
    fn a_pass_or_a_hold_is_logged_under_the_sequence_of_play_in_force() {
        let pass = BattleEvent::Passed {
            unit: "wren".into(),
        };
        assert_eq!(pass.rule_in(Sequence::Countdown), "Countdown");
        assert_eq!(pass.rule_in(Sequence::DexRanks), "DEX ranks");
        let hold = BattleEvent::Held {
            unit: "wren".into(),
        };
        assert_eq!(hold.rule_in(Sequence::SideTurns), "Side turns");
        // Each names a section of the rules reference.
        for sequence in Sequence::ALL {
            assert!(crate::rulebook::section_of(pass.rule_in(sequence)).is_some());
        }
        let moved = BattleEvent::Moved {
            unit: "wren".into(),
            from: crate::vocabulary::ZoneCoord(0, 0),
            to: crate::vocabulary::ZoneCoord(1, 0),
        };
        assert_eq!(moved.rule_in(Sequence::DexRanks), "Movement");
    }

    #[test]
    fn attack_event_reads_with_its_dice_and_rule() {
        let event = BattleEvent::AttackRolled {
            attacker: "roland".into(),
            target: "goblin".into(),
            weapon: "sword".into(),
            dice: vec![6, 3, 1],
            superiority_level: 4,
            hits: 1,
            exposure_used: 0,
            advantage_dice: 1,
        };
        assert_eq!(event.rule(), "Attacks");
        assert_eq!(
            event.to_string(),
            "roland attacks goblin with sword: [6 3 1] hitting on 4+, 1 hit, 1 for advantage"
        );
        assert_eq!(event.dice_shown(), Some((&[6u8, 3, 1][..], 4)));
    }

    #[test]
    fn a_hero_below_zero_ranks_reads_where_he_stands_not_how_many_are_left() {
        let lost = |remaining| {
            BattleEvent::RankLost {
                unit: "roland".into(),
                remaining,
            }
            .to_string()
        };
        assert_eq!(lost(2), "roland loses a rank (2 left)");
        assert_eq!(lost(0), "roland loses a rank (0 left)");
        assert_eq!(lost(-3), "roland loses a rank (now at -3)");
    }

    #[test]
    fn rules_words_in_the_log_are_plain_words() {
        let left = BattleEvent::LeftTable {
            unit: "roland".into(),
            edge: MapEdge::East,
        };
        assert_eq!(left.to_string(), "roland leaves the table to the east");
        let crossed = BattleEvent::Crossover {
            unit: "roland".into(),
            to: RankSide::Mental,
        };
        assert_eq!(
            crossed.to_string(),
            "roland's loss crosses over: a Mental rank too"
        );
    }

    #[test]
    fn one_exposure_die_reads_in_the_singular() {
        let exposed = |dice| {
            BattleEvent::Exposed {
                unit: "roland".into(),
                dice,
            }
            .to_string()
        };
        assert_eq!(exposed(1), "roland is left with 1 exposure die");
        assert_eq!(exposed(2), "roland is left with 2 exposure dice");
    }
}
