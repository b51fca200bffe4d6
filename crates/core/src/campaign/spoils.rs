//! What a won field leaves (RULES section 43): the weapons, shields and
//! armour of the foes who fell, taken into the warband's stash up to its room, and
//! the coin in their purses (section 45).

use super::end::BattleEnd;
use super::events::CampaignEvent;
use crate::battle::components::Fate;
use crate::data::Ruleset;
use crate::rules::aftermath::SideResult;
use crate::rules::gear::{GearRules, TradeRules};

/// What a field leaves.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Spoils {
    /// Weapons, shields and armour, by id.
    pub things: Vec<String>,
    pub coin: u32,
}

/// The weapons, shields and armour (ids) and the coin of the foes out of action, killed or
/// surrendered on a field the warband won, in the battle's order: none
/// from a field lost or drawn, none natural, none of `rival_side` (the other player's warband,
/// whose gear stays with it) and none of the `captives` (unit indices),
/// whose gear goes where their fate takes them.
pub fn spoils_of(
    end: &BattleEnd,
    (rival_side, captives): (Option<usize>, &[usize]),
    (ruleset, trade): (&Ruleset, &TradeRules),
) -> Spoils {
    let mut spoils = Spoils::default();
    if end.result() != SideResult::Won {
        return spoils;
    }
    for unit in end.state.units() {
        let foe = unit.unit.side != end.side
            && Some(unit.unit.side) != rival_side
            && !captives.contains(&unit.unit.index);
        let fallen = matches!(
            unit.fate,
            Fate::OutOfAction | Fate::Killed | Fate::Surrendered
        );
        if !(foe && fallen) {
            continue;
        }
        spoils.coin += u32::from(trade.coin_per_foe);
        if unit.profile.heroic {
            spoils.coin += u32::from(trade.coin_per_hero);
        }
        let carried = unit.profile.weapons.iter().chain(&unit.profile.shield);
        spoils.things.extend(
            carried
                .filter(|id| ruleset.weapons.get(*id).is_some_and(|w| !w.natural))
                .cloned(),
        );
        spoils
            .things
            .extend(worn_piece(end, unit.unit.index, ruleset));
    }
    spoils
}

/// The piece of armour the level's unit `index` wears by its template,
/// unless the level took its armour below what the piece gives.
fn worn_piece(end: &BattleEnd, index: usize, ruleset: &Ruleset) -> Option<String> {
    let spec = end.state.battle().level.units.get(index)?;
    let template = ruleset.creatures.get(&spec.template)?;
    let armour = spec.overrides.armour.unwrap_or(template.armour);
    let (id, _) = ruleset.armour.worn_by(&spec.template, armour)?;
    Some(id.clone())
}

/// Takes `spoils` into `stash` while it has room; the event names what was
/// taken and what was left, and the coin (which the warband's purse takes
/// from the event).
pub fn take_spoils(
    stash: &mut Vec<String>,
    Spoils {
        things: spoils,
        coin,
    }: Spoils,
    (ruleset, gear): (&Ruleset, &GearRules),
) -> Option<CampaignEvent> {
    if spoils.is_empty() && coin == 0 {
        return None;
    }
    let room = usize::from(gear.most_in_stash).saturating_sub(stash.len());
    let left = spoils.len().saturating_sub(room);
    let name = |id: &String| ruleset.thing_name(id);
    let taken: Vec<String> = spoils.into_iter().take(room).collect();
    let names = taken.iter().map(name).collect();
    stash.extend(taken);
    Some(CampaignEvent::Spoils {
        taken: names,
        left: u32::try_from(left).unwrap_or(u32::MAX),
        coin,
    })
}
