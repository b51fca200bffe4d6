//! Free strikes and the close fight: intercepts, cover, follow-ups, InClose holds, subdual, and special results.

use super::super::{Names, faces, successes_of};
use crate::battle::events::BattleEvent;

/// This part's events in words; the others are told by their own parts.
pub(super) fn narrate(
    event: &BattleEvent,
    names: &Names,
    f: &mut std::fmt::Formatter<'_>,
) -> std::fmt::Result {
    use BattleEvent::*;
    match event {
        Intercepted { unit, by } => {
            let by = names.unit(by);
            let unit = names.unit(unit);
            write!(f, "{by} intercepts {unit}")
        }
        TookCover { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} takes cover")
        }
        FollowUp { unit, target } => {
            let target = names.unit(target);
            let unit = names.unit(unit);
            write!(f, "{unit} follows up on {target}")
        }
        ClosedIn { unit, with } => {
            let unit = names.unit(unit);
            let with = names.unit(with);
            write!(f, "{unit} closes with {with}: InClose")
        }
        WrestleRoll {
            unit,
            dice,
            successes,
        } => {
            let unit = names.unit(unit);
            write!(
                f,
                "{unit} wrestles {}: {}",
                faces(dice),
                successes_of(*successes)
            )
        }
        HoldTaken {
            unit,
            target,
            level,
        } => {
            let target = names.unit(target);
            let unit = names.unit(unit);
            write!(f, "{unit} holds {target} ({} hold)", level.name())
        }
        HoldReleased { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} is free of the hold")
        }
        SubdualDamage { unit, damage } => {
            let unit = names.unit(unit);
            write!(
                f,
                "the hold does {damage} subdual damage to {unit}, against its BODY roll"
            )
        }
        Subdued { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} is subdued")
        }
        Yielded { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} yields")
        }
        OpportunityAttack { unit, target } => {
            let target = names.unit(target);
            let unit = names.unit(unit);
            write!(f, "{unit} strikes at {target} as it leaves the melee")
        }
        Special {
            attacker,
            target,
            special,
        } => {
            let attacker = names.unit(attacker);
            let target = names.unit(target);
            write!(
                f,
                "{attacker}'s extra successes buy {} on {target}",
                special.name()
            )
        }
        Resisted { unit, dice, passed } => {
            let unit = names.unit(unit);
            write!(
                f,
                "{unit} rolls BODY to resist {}: {}",
                faces(dice),
                if *passed { "resisted" } else { "failed" }
            )
        }
        WeaponBroken { unit, item } => {
            let item = names.weapon(item);
            let unit = names.unit(unit);
            write!(f, "{unit}'s {item} breaks")
        }
        ActionDieLost { unit, face } => {
            let unit = names.unit(unit);
            write!(f, "{unit} loses an action die ({face})")
        }
        ArmourRemoved { unit, armour } => {
            let unit = names.unit(unit);
            write!(f, "{unit}'s armour is torn away: {armour} left")
        }
        KnockedBack { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} is knocked out of the melee")
        }
        Hamstrung { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} is hamstrung")
        }
        _ => Ok(()),
    }
}
