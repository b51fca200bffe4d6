//! Defences: the attack declared, the defence rolled, Dodge, Parry and Block, and defence pools.

use super::super::{Names, dice_of, faces, successes_of};
use crate::battle::events::BattleEvent;

/// This part's events in words; the others are told by their own parts.
pub(super) fn narrate(
    event: &BattleEvent,
    names: &Names,
    f: &mut std::fmt::Formatter<'_>,
) -> std::fmt::Result {
    use BattleEvent::*;
    match event {
        AttackDeclared {
            attacker,
            target,
            weapon,
        } => {
            let attacker = names.unit(attacker);
            let target = names.unit(target);
            let weapon = names.weapon(weapon);
            write!(f, "{attacker} attacks {target} with {weapon}: a defence?")
        }
        DefenceRolled {
            unit,
            defence,
            dice,
            successes,
        } => {
            let unit = names.unit(unit);
            write!(
                f,
                "{unit} rolls {} {}: {}",
                defence.name(),
                faces(dice),
                successes_of(*successes)
            )
        }
        Dodged {
            unit,
            dice_removed,
            exposures,
        } => {
            let unit = names.unit(unit);
            write!(
                f,
                "{unit} dodges away {} of the attack",
                dice_of(*dice_removed)
            )?;
            if *exposures > 0 {
                write!(f, ", {exposures} left over as exposures")?;
            }
            Ok(())
        }
        Parried { unit, turned } => {
            let unit = names.unit(unit);
            write!(f, "{unit} parries {turned} miss(es) into 1s")
        }
        Blocked {
            unit,
            shield_armour,
            exposures,
        } => {
            let unit = names.unit(unit);
            write!(
                f,
                "{unit}'s block holds: shield armour +{shield_armour}, {exposures} exposure(s) on the attacker"
            )
        }
        BlockOverwhelmed { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit}'s block is swept aside")
        }
        DefencePool {
            unit,
            defence,
            dice,
        } => {
            let unit = names.unit(unit);
            write!(f, "{unit}'s {} pool: {}", defence.name(), dice_of(*dice))
        }
        DefencePoolLost { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} loses its defence pool")
        }
        _ => Ok(()),
    }
}
