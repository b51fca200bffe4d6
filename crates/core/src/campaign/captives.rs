//! Foes captured on a field the warband won, and their fate as the player
//! decides it (docs/RULES.md section 39, "Captured foes"): let go, given
//! back for a captured member of the warband, taken into it, or given back
//! for coin (section 45).

use super::end::{BattleEnd, carried_out};
use super::events::CampaignEvent;
use super::format::{CampaignBattle, CaptiveFate, MemberSpec};
use super::warband::{Member, Whereabouts};
use crate::battle::components::Fate;
use crate::data::Ruleset;
use crate::rules::aftermath::{AftermathRules, SideResult};

/// A foe hero in the warband's hands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Captive {
    /// Its index among the battle's units.
    pub unit: usize,
    pub name: String,
}

/// The foes the warband holds after `battle`: heroes of the other sides
/// (and the foes the campaign names) out of action on a field it won, where
/// the campaign lets it decide their fate. Mobs and the other player's
/// warband are never taken.
pub fn captives_taken(end: &BattleEnd, battle: &CampaignBattle) -> Vec<Captive> {
    if battle.captives.fates.is_empty() || end.result() != SideResult::Won {
        return Vec::new();
    }
    // The other player's warband has its own aftermath.
    let rival = battle
        .rival
        .as_ref()
        .and_then(|r| end.state.battle().sides.iter().position(|s| s.id == r.side));
    end.state
        .units()
        .iter()
        .filter(|u| {
            u.unit.side != end.side
                && Some(u.unit.side) != rival
                && (u.profile.heroic || battle.captives.foes.contains(&u.unit.id))
                && u.fate == Fate::OutOfAction
                && end
                    .state
                    .battle()
                    .level
                    .units
                    .get(u.unit.index)
                    .is_some_and(|spec| spec.mob.is_none())
        })
        .map(|u| Captive {
            unit: u.unit.index,
            name: u.unit.name.clone(),
        })
        .collect()
}

/// Why `fates` (one a captive, in order) cannot be chosen, if they cannot:
/// a fate the battle does not allow, more exchanges than members held, more
/// joining than the cap has room for.
pub fn check_fates(
    captives: &[Captive],
    fates: &[CaptiveFate],
    battle: &CampaignBattle,
    members: &[Member],
    cap: u8,
) -> Result<(), String> {
    if fates.len() > captives.len() {
        return Err(format!(
            "{} fates chosen for {} captives",
            fates.len(),
            captives.len()
        ));
    }
    let mut held = members
        .iter()
        .filter(|m| m.whereabouts == Whereabouts::Captured)
        .count();
    let mut room = usize::from(cap).saturating_sub(members.iter().filter(|m| m.counts()).count());
    for (captive, fate) in captives.iter().zip(fates) {
        if !battle.captives.fates.contains(fate) {
            return Err(format!(
                "this battle does not allow {} for {}",
                fate.words().to_lowercase(),
                captive.name
            ));
        }
        match fate {
            CaptiveFate::Release | CaptiveFate::Ransom => {}
            CaptiveFate::Exchange if held == 0 => {
                return Err(format!(
                    "{} cannot be exchanged: nobody of the warband is held",
                    captive.name
                ));
            }
            CaptiveFate::Exchange => held -= 1,
            CaptiveFate::Join if room == 0 => {
                return Err(format!(
                    "{} cannot join: the warband is at its cap of {cap}",
                    captive.name
                ));
            }
            CaptiveFate::Join => room -= 1,
        }
    }
    Ok(())
}

/// The choice of a commander who wants the most for the warband: each
/// captive exchanged while members are held, else taken in while there is
/// room, else ransomed where the battle allows it, else let go.
pub fn default_fates(
    captives: &[Captive],
    battle: &CampaignBattle,
    members: &[Member],
    cap: u8,
) -> Vec<CaptiveFate> {
    let mut fates = Vec::new();
    for _ in captives {
        let fate = [
            CaptiveFate::Exchange,
            CaptiveFate::Join,
            CaptiveFate::Ransom,
        ]
        .into_iter()
        .find(|&fate| {
            let mut trial = fates.clone();
            trial.push(fate);
            check_fates(captives, &trial, battle, members, cap).is_ok()
        })
        .unwrap_or(CaptiveFate::Release);
        fates.push(fate);
    }
    fates
}

/// Settles each captive's fate; a captive with no fate chosen, or one the
/// warband cannot carry out (nobody held to exchange, no room to join), is
/// let go. An exchange frees the first member held, in warband order; a
/// captive who joins keeps the wounds the battle gave it; a ransom is the
/// coin of the `trade` rules.
pub fn settle_captives(
    members: &mut Vec<Member>,
    (captives, fates, cap): (&[Captive], &[CaptiveFate], u8),
    end: &BattleEnd,
    (ruleset, rules): (&Ruleset, &AftermathRules),
    events: &mut Vec<CampaignEvent>,
) {
    for (n, captive) in captives.iter().enumerate() {
        let fate = fates.get(n).copied().unwrap_or(CaptiveFate::Release);
        let held = members
            .iter()
            .position(|m| m.whereabouts == Whereabouts::Captured);
        let room = members.iter().filter(|m| m.counts()).count() < usize::from(cap);
        match (fate, held) {
            (CaptiveFate::Exchange, Some(held)) => {
                let member = &mut members[held];
                member.whereabouts = Whereabouts::WithWarband;
                events.push(CampaignEvent::CaptiveExchanged {
                    name: captive.name.clone(),
                    freed: member.spec.id.clone(),
                });
            }
            (CaptiveFate::Join, _) if room => {
                let spec = joining_spec(members, captive, end);
                let mut member = Member::new(spec);
                let mut told = Vec::new();
                let unit = &end.state.units()[captive.unit];
                carried_out(&mut member, unit, end, (ruleset, rules), &mut told);
                events.push(CampaignEvent::CaptiveJoined {
                    member: member.spec.id.clone(),
                });
                events.extend(told);
                if member.ranks_lost > 0 {
                    events.push(CampaignEvent::RanksLost {
                        member: member.spec.id.clone(),
                        ranks: member.ranks_lost,
                    });
                }
                members.push(member);
            }
            (CaptiveFate::Ransom, _) => events.push(CampaignEvent::CaptiveRansomed {
                name: captive.name.clone(),
                coin: u32::from(rules.trade.ransom),
            }),
            _ => events.push(CampaignEvent::CaptiveReleased {
                name: captive.name.clone(),
            }),
        }
    }
}

/// The captive as a member: the level's template, overrides, name and
/// mount, under an id no member has.
fn joining_spec(members: &[Member], captive: &Captive, end: &BattleEnd) -> MemberSpec {
    let level = &end.state.battle().level;
    let spec = &level.units[captive.unit];
    let mount = spec
        .rides
        .as_ref()
        .and_then(|ridden| level.units.iter().find(|u| &u.id == ridden))
        .map(|u| u.template.clone());
    let taken = |id: &str| members.iter().any(|m| m.spec.id == id);
    let mut id = format!("captive_{}", spec.id);
    let mut n = 1;
    while taken(&id) {
        n += 1;
        id = format!("captive_{}_{n}", spec.id);
    }
    MemberSpec {
        id,
        name: captive.name.clone(),
        template: spec.template.clone(),
        overrides: spec.overrides.clone(),
        mount,
        worn: None,
    }
}
