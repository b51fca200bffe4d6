//! The deeds a member did in a battle, read from the battle's log (RULES
//! section 42): foes put down, wounds survived, an escape made, a field
//! held, a rescue won. Each is an event naming what earned it.

use std::collections::{BTreeMap, BTreeSet};

use super::end::BattleEnd;
use super::events::Deed;
use super::warband::{Member, Whereabouts};
use crate::battle::components::Fate;
use crate::battle::events::BattleEvent;
use crate::rules::aftermath::SideResult;

/// Each fall of the battle, in order: who was last to strike the fallen
/// (an enemy of it) and the fallen's id.
pub fn falls(end: &BattleEnd) -> Vec<(String, String)> {
    let side_of = |id: &str| {
        end.state
            .unit_index(id)
            .map(|i| end.state.units()[i].unit.side)
    };
    let mut last: BTreeMap<&str, &str> = BTreeMap::new();
    let mut fallen = BTreeSet::new();
    let mut falls = Vec::new();
    for event in end.log {
        match event {
            BattleEvent::AttackRolled {
                attacker, target, ..
            }
            | BattleEvent::SpellCast {
                unit: attacker,
                target,
                ..
            }
            | BattleEvent::Squashed {
                attacker,
                unit: target,
            } => {
                last.insert(target, attacker);
            }
            BattleEvent::OutOfAction { unit } | BattleEvent::Killed { unit }
                if fallen.insert(unit.as_str()) =>
            {
                if let Some(&by) = last.get(unit.as_str())
                    && side_of(by) != side_of(unit)
                {
                    falls.push((by.to_string(), unit.clone()));
                }
            }
            _ => {}
        }
    }
    falls
}

/// The deeds of `member` in the battle `end` ended (its [`falls`]),
/// `rescued` when the battle freed the captured: each foe it put down (by
/// name), then its fall survived, its escape, the field held and the
/// rescue.
pub fn deeds_of(
    member: &Member,
    (end, falls): (&BattleEnd, &[(String, String)]),
    rescued: bool,
) -> Vec<Deed> {
    let id = member.spec.id.as_str();
    let Some(unit) = end.state.units().iter().find(|u| u.unit.id == id) else {
        return Vec::new();
    };
    let mut deeds: Vec<Deed> = falls
        .iter()
        .filter(|(by, _)| by == id)
        .filter_map(|(_, fallen)| {
            let foe = end.state.unit_index(fallen)?;
            Some(Deed::PutDown {
                foe: end.state.units()[foe].unit.name.clone(),
            })
        })
        .collect();
    let alive = member.whereabouts != Whereabouts::Dead;
    let won = end.result() == SideResult::Won;
    if alive && matches!(unit.fate, Fate::OutOfAction | Fate::Killed) {
        deeds.push(Deed::WoundsSurvived);
    }
    if unit.fate == Fate::Escaped {
        deeds.push(Deed::Escaped);
    }
    if won && unit.fate == Fate::Fighting {
        deeds.push(Deed::HeldTheField);
    }
    if rescued && alive {
        deeds.push(Deed::Rescued);
    }
    deeds
}
