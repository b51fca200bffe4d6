//! The countdown: who acts next.
//!
//! The combatant with the most dice left acts first (dice, not pips). On a tie
//! the player-side heroes go before NPCs; between sides of the same kind, the
//! side that did not act last goes first; and the side that goes first
//! chooses which of its tied combatants acts. Dice showing 1 count in the
//! order, being action dice, but a combatant left with nothing but 1s cannot
//! pay for an action and so takes no turn.

/// One combatant's standing in the countdown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CountdownEntry {
    /// The caller's index for this combatant.
    pub unit: usize,
    /// Action dice left, 1s included.
    pub dice: usize,
    /// Whether one of those dice can pay for an action (it is not a 1).
    pub can_act: bool,
    /// Whether its side is a heroes (player) side.
    pub heroes: bool,
    /// Its side's order in the level, the last tie-break between sides of one kind.
    pub side: usize,
    /// Its side took the last action: it yields ties to sides of its kind.
    pub side_acted_last: bool,
}

/// The combatants that may act now: all of one side, tied for the most dice.
/// Empty when nobody has a die that can pay for an action.
pub fn next_to_act(entries: &[CountdownEntry]) -> Vec<usize> {
    let key = |e: &CountdownEntry| {
        (
            std::cmp::Reverse(e.dice),
            !e.heroes,
            e.side_acted_last,
            e.side,
        )
    };
    let Some(best) = entries.iter().filter(|e| e.can_act).min_by_key(|e| key(e)) else {
        return Vec::new();
    };
    entries
        .iter()
        .filter(|e| e.can_act && key(e) == key(best))
        .map(|e| e.unit)
        .collect()
}

/// The countdown's order, first to last, by the same keys as
/// [`next_to_act`]: the turn goes to the first who can act, the track shows
/// this order, and at a refresh each gets its last option in it.
pub fn countdown_order(entries: &[CountdownEntry]) -> Vec<usize> {
    let mut sorted: Vec<&CountdownEntry> = entries.iter().collect();
    sorted.sort_by_key(|e| {
        (
            std::cmp::Reverse(e.dice),
            !e.heroes,
            e.side_acted_last,
            e.side,
            e.unit,
        )
    });
    sorted.into_iter().map(|e| e.unit).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(unit: usize, dice: usize, heroes: bool, side: usize) -> CountdownEntry {
        CountdownEntry {
            unit,
            dice,
            can_act: dice > 0,
            heroes,
            side,
            side_acted_last: false,
        }
    }

    #[test]
    fn most_dice_act_first() {
        let entries = [entry(0, 2, true, 0), entry(1, 4, false, 1)];
        assert_eq!(next_to_act(&entries), vec![1]);
    }

    #[test]
    fn heroes_win_ties_and_their_side_chooses_among_its_own() {
        let entries = [
            entry(0, 3, false, 1),
            entry(1, 3, true, 0),
            entry(2, 3, true, 0),
        ];
        assert_eq!(next_to_act(&entries), vec![1, 2]);
    }

    #[test]
    fn between_sides_of_one_kind_the_side_that_did_not_act_last_wins_the_tie() {
        let first = entry(0, 3, false, 0);
        let second = entry(1, 3, false, 1);
        assert_eq!(next_to_act(&[first, second]), vec![0]);
        let first_acted = CountdownEntry {
            side_acted_last: true,
            ..first
        };
        assert_eq!(next_to_act(&[first_acted, second]), vec![1]);
        // Heroes still come before NPCs, whoever acted last.
        let heroes_acted = CountdownEntry {
            heroes: true,
            side_acted_last: true,
            ..first
        };
        assert_eq!(next_to_act(&[heroes_acted, second]), vec![0]);
    }

    #[test]
    fn nobody_acts_without_dice() {
        assert!(next_to_act(&[entry(0, 0, true, 0)]).is_empty());
    }

    #[test]
    fn ones_count_in_the_countdown_but_cannot_act_alone() {
        // A hero holding [1, 1, 1, 5] has four dice against the goblins' three.
        let hero = entry(0, 4, true, 0);
        let goblin = entry(1, 3, false, 1);
        assert_eq!(next_to_act(&[hero, goblin]), vec![0]);
        // With only 1s left it takes no turn, however many it holds.
        let hero_with_ones = CountdownEntry {
            can_act: false,
            ..hero
        };
        assert_eq!(next_to_act(&[hero_with_ones, goblin]), vec![1]);
        assert!(next_to_act(&[hero_with_ones]).is_empty());
    }
}
