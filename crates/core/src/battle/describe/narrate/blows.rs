//! Attacks and what they do: hits, misses, damage, ranks lost, falling out of action and death, and the round's end.

use super::super::{Names, counted, exposure_dice, faces, ranks_left, state_name};
use crate::battle::events::{BattleEvent, Outcome};

/// This part's events in words; the others are told by their own parts.
pub(super) fn narrate(
    event: &BattleEvent,
    names: &Names,
    f: &mut std::fmt::Formatter<'_>,
) -> std::fmt::Result {
    use BattleEvent::*;
    match event {
        AttackRolled {
            attacker,
            target,
            weapon,
            dice,
            superiority_level,
            hits,
            exposure_used,
            advantage_dice,
        } => {
            let attacker = names.unit(attacker);
            let target = names.unit(target);
            let weapon = names.weapon(weapon);
            write!(
                f,
                "{attacker} attacks {target} with {weapon}: {} hitting on {superiority_level}+, {}",
                faces(dice),
                counted(*hits, "hit", "hits")
            )?;
            if *exposure_used > 0 {
                write!(f, ", {exposure_used} from exposure")?;
            }
            if *advantage_dice > 0 {
                write!(f, ", {advantage_dice} for advantage")?;
            }
            Ok(())
        }
        Missed { attacker, target } => {
            let attacker = names.unit(attacker);
            let target = names.unit(target);
            write!(f, "{attacker} misses {target}")
        }
        Exposed { unit, dice } => {
            let unit = names.unit(unit);
            write!(f, "{unit} is left with {}", exposure_dice(*dice))
        }
        Fumbled { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} fumbles: more 1s than hits")
        }
        Damaged {
            unit,
            damage,
            armour,
        } => {
            let unit = names.unit(unit);
            write!(f, "{unit} takes {damage} damage (armour {armour})")
        }
        DamageStopped { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit}'s armour stops the blow")
        }
        StateTaken { unit, state } => {
            let unit = names.unit(unit);
            write!(f, "{unit} takes {}", state_name(*state))
        }
        RankLost { unit, remaining } => {
            let unit = names.unit(unit);
            write!(f, "{unit} loses a rank ({})", ranks_left(*remaining))
        }
        Trauma { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} suffers a Trauma")
        }
        KillingBlow { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} takes a Killing Blow")
        }
        MassiveDamage { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} takes Massive damage")
        }
        OutOfAction { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} is out of action")
        }
        BodyRoll {
            unit,
            dice,
            survived,
        } => {
            let unit = names.unit(unit);
            write!(
                f,
                "{unit} rolls BODY {}: {}",
                faces(dice),
                if *survived { "survives" } else { "fails" }
            )
        }
        Killed { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} is killed")
        }
        RecoveryRoll {
            unit,
            state,
            dice,
            passed,
        } => {
            let unit = names.unit(unit);
            write!(
                f,
                "{unit} rolls to shake off {} {}: {}",
                state_name(*state),
                faces(dice),
                if *passed { "passed" } else { "failed" }
            )
        }
        StateCleared { unit, state } => {
            let unit = names.unit(unit);
            write!(f, "{unit} is free of {}", state_name(*state))
        }
        ActionLost { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} loses the action")
        }
        RefreshCalled { by: Some(unit) } => {
            let unit = names.unit(unit);
            write!(f, "{unit} is done for the round: refresh")
        }
        RefreshCalled { by: None } => write!(f, "nobody can act: refresh"),
        DieKept { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} keeps a die for the next round")
        }
        SideTurnBegan { side } => write!(f, "{}: their turn", names.side(side)),
        ReadinessRoll { unit, dice, passed } => {
            let unit = names.unit(unit);
            if *passed {
                write!(f, "{unit} is ready to fight ({})", faces(dice))
            } else {
                write!(
                    f,
                    "{unit} hesitates and will not act this turn ({})",
                    faces(dice)
                )
            }
        }
        SidePassed { side } => write!(f, "{} pass", names.side(side)),
        MoraleRoll { unit, dice, passed } => {
            let unit = names.unit(unit);
            if *passed {
                write!(
                    f,
                    "{unit} holds firm ({}): steady for the rest of the fight",
                    faces(dice)
                )
            } else {
                write!(f, "{unit} loses heart ({}) and breaks", faces(dice))
            }
        }
        InitiativeRolled { unit, roll } => {
            write!(f, "{} rolls {roll} for initiative", names.unit(unit))
        }
        OutOfTurnRoll { unit, dice, passed } => {
            let unit = names.unit(unit);
            if *passed {
                write!(f, "{unit} acts first, out of turn ({})", faces(dice))
            } else {
                write!(
                    f,
                    "{unit} tries to act first and fails ({}): shaken by it",
                    faces(dice)
                )
            }
        }
        AttackForestalled { attacker, target } => write!(
            f,
            "{}'s attack on {} can no longer land",
            names.unit(attacker),
            names.unit(target)
        ),
        DexStepBegan { step } => write!(f, "{}", step.in_words()),
        IntentDeclared { unit, moving, run } => {
            let unit = names.unit(unit);
            if *run {
                write!(f, "{unit} will run this round, and only defend")
            } else if *moving {
                write!(f, "{unit} will move this round")
            } else {
                write!(f, "{unit} will stand this round")
            }
        }
        Surrendered { unit } => write!(f, "{} surrenders", names.unit(unit)),
        FightsOn { unit } => write!(f, "{}, struck, takes up arms again", names.unit(unit)),
        RoundClosed { round } => write!(f, "round {round} ends"),
        ZoneHeld { side, zone, rounds } => {
            let side = names.side(side);
            write!(f, "{side} hold {zone} ({rounds} round(s))")
        }
        BattleEnded {
            outcome: Outcome::Victory { side, how },
        } => write!(f, "Victory: {} ({how})", names.side(side)),
        BattleEnded {
            outcome: Outcome::Draw { reason },
        } => write!(f, "A draw ({reason})"),
        _ => Ok(()),
    }
}
