//! Injuries and the mind: the injury tables, burnt and lost dice, bleeding, footing, fatigue, falling prone, panic and rallying.

use super::super::{Names, counted, faces};
use crate::battle::events::BattleEvent;

/// This part's events in words; the others are told by their own parts.
pub(super) fn narrate(
    event: &BattleEvent,
    names: &Names,
    f: &mut std::fmt::Formatter<'_>,
) -> std::fmt::Result {
    use BattleEvent::*;
    match event {
        Injured {
            unit,
            location_dice,
            location,
            effect_roll,
            effect,
        } => {
            let unit = names.unit(unit);
            write!(
                f,
                "{unit} is injured: {} hits the {}, effect {effect_roll}: {}",
                faces(location_dice),
                location.name(),
                effect.name()
            )
        }
        InjuryRoll { unit, dice, passed } => {
            let unit = names.unit(unit);
            write!(
                f,
                "{unit} rolls to stay in action {}: {}",
                faces(dice),
                if *passed { "passed" } else { "failed" }
            )
        }
        DiceBurned { unit, dice } => {
            let unit = names.unit(unit);
            let burnt = counted(*dice, "action die", "action dice");
            write!(f, "{unit}'s wounds burn {burnt}")
        }
        DiceDiscarded { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} loses every action die left")
        }
        Bleeding {
            unit,
            location,
            dice,
            passed,
        } => {
            let unit = names.unit(unit);
            write!(
                f,
                "{unit} bleeds from the {} {}: {}",
                location.name(),
                faces(dice),
                if *passed { "holds on" } else { "a rank lost" }
            )
        }
        FootingRoll { unit, dice, passed } => {
            let unit = names.unit(unit);
            write!(
                f,
                "{unit} rolls for footing {}: {}",
                faces(dice),
                if *passed { "stays up" } else { "falls" }
            )
        }
        FatigueRoll {
            unit,
            characteristic,
            dice,
            passed,
        } => {
            let unit = names.unit(unit);
            let roll = match characteristic {
                crate::vocabulary::RankSide::Physical => "BODY",
                crate::vocabulary::RankSide::Mental => "WILL",
            };
            write!(
                f,
                "{unit} rolls {roll} against fatigue {}: {}",
                faces(dice),
                if *passed { "fresh" } else { "tired" }
            )
        }
        FellProne { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} falls prone")
        }
        StoodUp { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} stands up")
        }
        Dropped { unit, items } => {
            let items: Vec<String> = items.iter().map(|i| names.weapon(i)).collect();
            let unit = names.unit(unit);
            write!(f, "{unit} drops {}", items.join(", "))
        }
        MentalDamage { unit, damage } => {
            let unit = names.unit(unit);
            write!(f, "{unit} takes {damage} mental damage")
        }
        Panicked { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} panics and must flee")
        }
        Crushed { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} is crushed and falls to its knees")
        }
        RallyRoll { unit, dice, passed } => {
            let unit = names.unit(unit);
            write!(
                f,
                "{unit} rolls SPIRIT to rally {}: {}",
                faces(dice),
                if *passed { "passed" } else { "failed" }
            )
        }
        Rallied { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} rallies")
        }
        _ => Ok(()),
    }
}
