//! The round, the countdown and moving: the dice rolled and paid, holds and passes, moves, charges and groups.

use super::super::{Names, faces, ranks_left};
use crate::battle::events::BattleEvent;

/// This part's events in words; the others are told by their own parts.
pub(super) fn narrate(
    event: &BattleEvent,
    names: &Names,
    f: &mut std::fmt::Formatter<'_>,
) -> std::fmt::Result {
    use BattleEvent::*;
    match event {
        BattleStarted { level, seed } => write!(f, "{level} begins (seed {seed})"),
        Surprise { side } => {
            let side = names.side(side);
            write!(f, "{side} have surprise: the others get no dice")
        }
        SurpriseOver => write!(f, "the surprise is over"),
        RoundStarted { round } => write!(f, "round {round} begins"),
        ActionDiceRolled {
            unit,
            rolled,
            extra,
        } => {
            let unit = names.unit(unit);
            write!(f, "{unit} rolls {}", faces(rolled))?;
            if !extra.is_empty() {
                write!(f, " and gains {} for sixes", faces(extra))?;
            }
            Ok(())
        }
        NoActionDice { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} is caught unprepared: no dice")
        }
        DicePaid { unit, dice } => {
            let unit = names.unit(unit);
            write!(f, "{unit} pays {}", faces(dice))
        }
        Held { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} holds its action")
        }
        Passed { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} passes for the round")
        }
        EffortSpent { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} spends a 1 on Effort: +1 die")
        }
        RankRestored { unit, remaining } => {
            let unit = names.unit(unit);
            write!(
                f,
                "{unit} is healed: a rank restored, {}",
                ranks_left(*remaining)
            )
        }
        WoundsChosen { units, take } if units.is_empty() => {
            write!(f, "wounded, they already {}", take.name())
        }
        WoundsChosen { units, take } => {
            let units: Vec<String> = units.iter().map(|u| names.unit(u)).collect();
            write!(f, "{} will {} when wounded", units.join(", "), take.name())
        }
        DieRaised { unit, from, to } => {
            let unit = names.unit(unit);
            write!(f, "{unit} spends a 1 to raise a {from} to {to}")
        }
        Moved { unit, from, to } => {
            let unit = names.unit(unit);
            write!(f, "{unit} moves {from} to {to}")
        }
        Charged { unit, target, to } => {
            let target = names.unit(target);
            let unit = names.unit(unit);
            write!(f, "{unit} charges {target} in {to}")
        }
        Withdrew { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} withdraws from the melee")
        }
        JoinedGroup { unit, with } => {
            let unit = names.unit(unit);
            let with = names.unit(with);
            write!(f, "{unit} joins {with}")
        }
        LeftGroup { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} leaves its group")
        }
        DragRolled {
            unit,
            target,
            dice,
            successes,
            resist_dice,
            resisted,
            dragged,
        } => {
            let target = names.unit(target);
            let unit = names.unit(unit);
            write!(
                f,
                "{unit} tries to drag {target} into the melee: {} against {} ({successes} to {resisted}), {}",
                faces(dice),
                faces(resist_dice),
                if *dragged { "dragged in" } else { "resisted" }
            )
        }
        StatusChanged { unit, status } => {
            let unit = names.unit(unit);
            write!(f, "{unit} is now {}", status.words())
        }
        LeftTable { unit, edge } => {
            let unit = names.unit(unit);
            write!(f, "{unit} leaves the table to the {}", edge.name())
        }
        _ => Ok(()),
    }
}
