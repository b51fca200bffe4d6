//! Advances between battles (RULES section 42): what a member's deeds have
//! paid for, what is on offer to it, the step that takes the advances
//! chosen (checked whole before any is taken), and the choice an AI
//! commander makes.

use serde::{Deserialize, Serialize};

use super::events::CampaignEvent;
use super::format::Band;
use super::gains::check_advance;
use super::progress::{CampaignState, Stage};
use super::warband::{Advanced, Member, Whereabouts};
use crate::data::Ruleset;
use crate::rules::advancement::{AdvanceRule, Advancement, Closed};

/// An advance chosen for a member, by ids.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChosenAdvance {
    #[serde(default, skip_serializing_if = "Band::is_first")]
    pub band: Band,
    pub member: String,
    pub advance: String,
}

/// Advances the member's deeds have paid for that it has not taken.
pub fn advances_due(member: &Member, ruleset: &Ruleset, advancement: &Advancement) -> u32 {
    let cost = u32::from(advancement.cost.of(member.is_hero(ruleset)).max(1));
    let taken = u32::try_from(member.advances.len()).unwrap_or(u32::MAX);
    (member.deeds / cost).saturating_sub(taken)
}

/// Each advance of the data, and whether the member may take it as it
/// stands (its template, advances and lasting injuries).
pub fn on_offer<'a>(
    member: &Member,
    ruleset: &Ruleset,
    advancement: &'a Advancement,
) -> Vec<(&'a AdvanceRule, Result<(), Closed>)> {
    let template = member.template(ruleset);
    let hero = member.is_hero(ruleset);
    let injuries = member.injuries();
    advancement
        .advances
        .iter()
        .map(|advance| {
            let open = template.as_ref().map_or(Err(Closed::CannotUse), |t| {
                check_advance(t, hero, &injuries, advance)
            });
            (advance, open)
        })
        .collect()
}

/// Takes `advance` for `member` if it may, or says why not.
pub fn take_advance(
    member: &mut Member,
    advance: &str,
    ruleset: &Ruleset,
    advancement: &Advancement,
) -> Result<CampaignEvent, String> {
    let name = &member.spec.name;
    if member.whereabouts != Whereabouts::WithWarband {
        return Err(format!("{name} is not with the warband to advance"));
    }
    if advances_due(member, ruleset, advancement) == 0 {
        return Err(format!("{name} has no advance to take"));
    }
    let (rule, open) = on_offer(member, ruleset, advancement)
        .into_iter()
        .find(|(rule, _)| rule.id == advance)
        .ok_or_else(|| format!("there is no advance \"{advance}\""))?;
    open.map_err(|why| format!("{name} cannot take {}: {}", rule.name, why.words()))?;
    member.advances.push(Advanced {
        id: rule.id.clone(),
        name: rule.name.clone(),
        gain: rule.gain,
    });
    Ok(CampaignEvent::Advanced {
        member: member.spec.id.clone(),
        advance: rule.name.clone(),
    })
}

impl CampaignState {
    /// Takes the advances `chosen`, in order, after a battle and before
    /// the weeks: all of them, or none and why.
    pub fn take_advances(
        &mut self,
        chosen: &[ChosenAdvance],
        (ruleset, advancement): (&Ruleset, &Advancement),
    ) -> Result<&[CampaignEvent], String> {
        if !matches!(self.stage, Stage::After { .. }) {
            return Err("advances are taken after a battle, before the weeks".into());
        }
        if !self.battle_ahead() && !chosen.is_empty() {
            return Err(
                "the campaign ends with this battle: there is none ahead to advance for".into(),
            );
        }
        let mut members = self.members.clone();
        let mut rival = self.rival.clone();
        let mut events = Vec::new();
        for choice in chosen {
            let band = match choice.band {
                Band::Warband => &mut members,
                Band::Rival => &mut rival,
            };
            let member = band
                .iter_mut()
                .find(|m| m.spec.id == choice.member)
                .ok_or_else(|| format!("there is no member \"{}\"", choice.member))?;
            events.push(take_advance(member, &choice.advance, ruleset, advancement)?);
        }
        let chapter = self
            .chronicle
            .last_mut()
            .ok_or("advances are taken after a battle")?;
        self.members = members;
        self.rival = rival;
        let from = chapter.events.len();
        chapter.events.extend(events);
        Ok(&chapter.events[from..])
    }
}

/// The advances an AI commander takes (and a player's defaults): for each
/// member of each warband, in warband order, the first advance of the
/// data's list it may take, as many times as it has advances due.
pub fn choose_advances(
    state: &CampaignState,
    ruleset: &Ruleset,
    advancement: &Advancement,
) -> Vec<ChosenAdvance> {
    let mut chosen = Vec::new();
    for band in state.campaign.bands() {
        for member in state.members_of(band) {
            if member.whereabouts != Whereabouts::WithWarband {
                continue;
            }
            let mut member = member.clone();
            while advances_due(&member, ruleset, advancement) > 0 {
                let pick = on_offer(&member, ruleset, advancement)
                    .into_iter()
                    .find(|(_, open)| open.is_ok())
                    .map(|(rule, _)| rule.id.clone());
                let Some(advance) = pick else { break };
                if take_advance(&mut member, &advance, ruleset, advancement).is_err() {
                    break;
                }
                chosen.push(ChosenAdvance {
                    band,
                    member: member.spec.id.clone(),
                    advance,
                });
            }
        }
    }
    chosen
}
