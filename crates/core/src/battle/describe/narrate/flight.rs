//! Fear and flight: fear tests, flying, hovering, taking off and landing, falls, and striking a flyer.

use super::super::{Names, counted, faces, successes_of};
use crate::battle::events::BattleEvent;
use crate::rules::movement::FlightKind;

/// This part's events in words; the others are told by their own parts.
pub(super) fn narrate(
    event: &BattleEvent,
    names: &Names,
    f: &mut std::fmt::Formatter<'_>,
) -> std::fmt::Result {
    use BattleEvent::*;
    match event {
        FearTest {
            unit,
            source,
            level,
            dice,
            passed,
        } => {
            let source = names.unit(source);
            let unit = names.unit(unit);
            write!(
                f,
                "{unit} tests against {source}'s {} {}: {}",
                level.name(),
                faces(dice),
                if *passed { "unafraid" } else { "afraid" }
            )
        }
        Flew {
            unit,
            from,
            to,
            facing,
            kind,
        } => {
            let unit = names.unit(unit);
            let how = match kind {
                FlightKind::Cruise => "flies".to_string(),
                FlightKind::Dive => "dives".to_string(),
                FlightKind::Fall { beyond_control } => {
                    format!("plummets {beyond_control} zone(s) beyond its dive")
                }
            };
            if from == to {
                write!(f, "{unit} circles in {to}, facing {}", facing.name())
            } else {
                write!(
                    f,
                    "{unit} {how} from {from} to {to}, facing {}",
                    facing.name()
                )
            }
        }
        Hovering { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} hovers: melee can reach it")
        }
        TookOff { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} takes off")
        }
        Landed { unit } => {
            let unit = names.unit(unit);
            write!(f, "{unit} lands")
        }
        Fell {
            unit,
            zones,
            dice,
            successes,
        } => {
            let unit = names.unit(unit);
            write!(
                f,
                "{unit} falls ({}) {}: {} of damage",
                counted(*zones, "zone", "zones"),
                faces(dice),
                successes_of(*successes)
            )
        }
        StruckFlyer { unit, flyer } => {
            let flyer = names.unit(flyer);
            let unit = names.unit(unit);
            write!(f, "{unit} strikes at {flyer} with its held action")
        }
        _ => Ok(()),
    }
}
