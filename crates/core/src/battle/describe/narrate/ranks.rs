//! Ranks and pools: mental ranks and crossover, action pools, aim, spells, bonus ranks, squashing and ripostes.

use super::super::{Names, dice_of, exposure_dice, faces, ranks_left, successes_of};
use crate::battle::events::BattleEvent;

/// This part's events in words; the others are told by their own parts.
pub(super) fn narrate(
    event: &BattleEvent,
    names: &Names,
    f: &mut std::fmt::Formatter<'_>,
) -> std::fmt::Result {
    use BattleEvent::*;
    match event {
        MentalRankLost { unit, remaining } => {
            let unit = names.unit(unit);
            write!(f, "{unit} loses a mental rank ({})", ranks_left(*remaining))
        }
        Crossover { unit, to } => {
            let unit = names.unit(unit);
            write!(f, "{unit}'s loss crosses over: a {} rank too", to.name())
        }
        CrossoverRegained {
            unit,
            side,
            remaining,
        } => {
            let unit = names.unit(unit);
            write!(
                f,
                "{unit}'s crossed-over {} rank comes back with the healing, {}",
                side.name(),
                ranks_left(*remaining)
            )
        }
        RankHeld { unit, side } => {
            let unit = names.unit(unit);
            write!(f, "{unit} stands at {} 9: no rank is lost", side.name())
        }
        ActionPoolBuilt { unit, dice } => {
            let unit = names.unit(unit);
            write!(f, "{unit}'s action pool: {}", dice_of(*dice))
        }
        ActionPoolLost { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} loses its action pool")
        }
        AimUsed { unit, dice } => {
            let unit = names.unit(unit);
            write!(f, "{unit} takes aim: +{dice} dice")
        }
        SpellDeclared {
            unit,
            spell,
            target,
        } => {
            let unit = names.unit(unit);
            let target = names.unit(target);
            write!(f, "{unit} casts {spell} at {target}: a defence?")
        }
        SpellCast {
            unit,
            spell,
            target,
            dice,
            successes,
        } => {
            let spell = names.spell(spell);
            let target = names.unit(target);
            let unit = names.unit(unit);
            write!(
                f,
                "{unit} casts {spell} at {target}: {} {}",
                faces(dice),
                successes_of(*successes)
            )
        }
        BonusRanks { unit, side, bonus } => {
            let unit = names.unit(unit);
            let ranks = if *bonus == 1 { "rank" } else { "ranks" };
            write!(f, "{unit} now has {bonus} bonus {} {ranks}", side.name())
        }
        Squashed { attacker, unit } => {
            let (attacker, unit) = (names.unit(attacker), names.unit(unit));
            write!(
                f,
                "{attacker} defeats {unit} outright: at rank 0, the attack needs no roll"
            )
        }
        Riposte { unit, dice } => {
            let unit = names.unit(unit);
            write!(f, "{unit} takes {} to strike back", exposure_dice(*dice))
        }
        _ => Ok(()),
    }
}
