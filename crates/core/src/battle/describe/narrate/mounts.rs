//! Chariots, riders and warbands: driving, balking and overturning, mounting and galloping, and a warband weakened or routed.

use super::super::{Names, faces};
use crate::battle::events::BattleEvent;

/// This part's events in words; the others are told by their own parts.
pub(super) fn narrate(
    event: &BattleEvent,
    names: &Names,
    f: &mut std::fmt::Formatter<'_>,
) -> std::fmt::Result {
    use BattleEvent::*;
    match event {
        Drove {
            chariot,
            from,
            to,
            facing,
        } => {
            let chariot = names.unit(chariot);
            write!(
                f,
                "{chariot} drives from {from} to {to}, facing {}",
                facing.name()
            )
        }
        DrivingRoll {
            unit,
            dice,
            penalty,
            passed,
            fumble,
        } => {
            let unit = names.unit(unit);
            write!(
                f,
                "{unit} rolls to drive (-{penalty}) {}: {}",
                faces(dice),
                if *fumble {
                    "fumbled"
                } else if *passed {
                    "passed"
                } else {
                    "failed"
                }
            )
        }
        TurnMissed { chariot } => {
            let chariot = names.unit(chariot);
            write!(f, "{chariot} fails the turn and runs on straight")
        }
        Balked { chariot, at } => {
            let chariot = names.unit(chariot);
            write!(f, "{chariot} balks at the ground of {at}")
        }
        Overturned { chariot } => {
            let chariot = names.unit(chariot);
            write!(f, "{chariot} overturns")
        }
        AtTheFront { chariot, unit } => {
            let chariot = names.unit(chariot);
            let unit = names.unit(unit);
            write!(f, "{unit} is at {chariot}'s front")
        }
        Mounted { unit, on } => {
            let on = names.unit(on);
            let unit = names.unit(unit);
            write!(f, "{unit} gets onto {on}")
        }
        Dismounted { unit, from } => {
            let from = names.unit(from);
            let unit = names.unit(unit);
            write!(f, "{unit} gets off {from}")
        }
        RidingRoll { unit, dice, passed } => {
            let unit = names.unit(unit);
            write!(
                f,
                "{unit} rolls BODY to keep its seat {}: {}",
                faces(dice),
                if *passed { "steady" } else { "thrown" }
            )
        }
        Galloped { unit, from, to } => {
            let unit = names.unit(unit);
            write!(
                f,
                "{unit} gallops from {from} to {to}: its rider cannot act"
            )
        }
        WarbandWeakened { unit, tier } => {
            let unit = names.unit(unit);
            match tier {
                Some(tier) => write!(f, "{unit} is weakened to a {}", tier.name()),
                None => write!(f, "{unit} is weakened to a single figure"),
            }
        }
        WarbandRouted { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} is routed: it flees")
        }
        _ => Ok(()),
    }
}
