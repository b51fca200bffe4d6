//! A campaign in progress: the warband, the campaign's own dice, where it
//! stands (before a battle, after one, or ended) and its chronicle. Every
//! change goes through these functions, checked first, and is recorded as
//! events.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::aftermath::{BattleEnd, EndChoices, end_of_battle};
use super::events::CampaignEvent;
use super::fielding::{check_fielding, fielded_level};
use super::format::{Campaign, CampaignBattle, WayOn};
use super::healing::pass_week;
use super::warband::Member;
use crate::data::Ruleset;
use crate::level::Level;
use crate::rules::aftermath::{AftermathRules, SideResult, Week};
use crate::rules::dice::Dice;

/// Where a campaign stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// The warband is to take the field in this battle.
    Before {
        battle: String,
    },
    /// This battle is over and its aftermath played; the weeks are next.
    After {
        battle: String,
        next: WayOn,
    },
    Ended {
        won: bool,
    },
}

/// One battle of the campaign as it went.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Chapter {
    pub battle: String,
    pub seed: u64,
    /// Member ids, in place order.
    pub fielded: Vec<String>,
    pub result: SideResult,
    /// Ranks lost and lasting injuries the fielded members carried in.
    pub carried_ranks: u32,
    pub carried_injuries: u32,
    /// The aftermath, then the weeks after.
    pub events: Vec<CampaignEvent>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CampaignState {
    pub campaign: Campaign,
    pub seed: u64,
    /// The campaign's own generator: every aftermath and healing roll.
    pub dice: Dice,
    pub members: Vec<Member>,
    pub stage: Stage,
    /// Weeks passed since the campaign began.
    pub week: u32,
    pub chronicle: Vec<Chapter>,
}

impl CampaignState {
    pub fn new(campaign: Campaign, seed: u64) -> Self {
        let members = campaign
            .warband
            .roster
            .iter()
            .cloned()
            .map(Member::new)
            .collect();
        let stage = Stage::Before {
            battle: campaign.start.clone(),
        };
        Self {
            campaign,
            seed,
            dice: Dice::seeded(seed),
            members,
            stage,
            week: 0,
            chronicle: Vec::new(),
        }
    }

    /// The battle the warband is to fight next, if it is before one.
    pub fn next_battle(&self) -> Option<&CampaignBattle> {
        match &self.stage {
            Stage::Before { battle } => self.campaign.battle(battle),
            _ => None,
        }
    }

    /// The seed of the next battle: the same for the same campaign seed.
    pub fn battle_seed(&self) -> u64 {
        crate::ai::splitmix(self.seed ^ (self.chronicle.len() as u64 + 1).wrapping_mul(0x9E37))
    }

    /// Members who can take the field now, in warband order.
    pub fn ready(&self, ruleset: &Ruleset) -> Vec<usize> {
        (0..self.members.len())
            .filter(|&i| {
                let member = &self.members[i];
                member.can_fight(super::fielding::physical_ranks(member, ruleset))
            })
            .collect()
    }

    /// The level of the next battle (from the campaign's `levels`, by
    /// battle id) with `chosen` on the table, or why not.
    pub fn field(
        &self,
        levels: &BTreeMap<String, Level>,
        chosen: &[usize],
        ruleset: &Ruleset,
    ) -> Result<Level, String> {
        let battle = self
            .next_battle()
            .ok_or("the campaign is not before a battle")?;
        let level = levels
            .get(&battle.id)
            .ok_or_else(|| format!("battle \"{}\" has no level", battle.id))?;
        check_fielding(battle, &self.members, chosen, ruleset)?;
        let fielded = fielded_level(level, battle, &self.members, chosen);
        // The warband on the table must make a level as sound as any other.
        let text = crate::level::write::write_level(&fielded);
        let path = std::path::Path::new(&battle.id);
        match crate::level::validate::validate(path, &text, &fielded, ruleset).first() {
            Some(problem) => Err(format!(
                "the warband cannot take this field: {}",
                problem.message
            )),
            None => Ok(fielded),
        }
    }

    /// Plays the end of the battle just fought by `fielded`: the aftermath,
    /// recorded as a new chapter. The weeks come with [`Self::march_on`].
    pub fn finish_battle(
        &mut self,
        fielded: &[usize],
        end: &BattleEnd,
        choices: &EndChoices,
        (ruleset, rules): (&Ruleset, &AftermathRules),
    ) -> Result<&[CampaignEvent], String> {
        let battle = self
            .next_battle()
            .cloned()
            .ok_or("the campaign is not before a battle")?;
        let cap = self.campaign.warband.cap;
        let captives = super::captives::captives_taken(end, &battle);
        super::captives::check_fates(&captives, &choices.captives, &battle, &self.members, cap)?;
        let fielded_members = || fielded.iter().filter_map(|&i| self.members.get(i));
        let carried_ranks = fielded_members().map(|m| u32::from(m.ranks_lost)).sum();
        let carried_injuries = fielded_members().map(|m| m.wounds.len() as u32).sum();
        let (result, events) = end_of_battle(
            &mut self.members,
            fielded,
            end,
            &battle,
            choices,
            (ruleset, rules, cap),
            &mut self.dice,
        );
        let next = match result {
            SideResult::Won => battle.victory.clone(),
            SideResult::Drew => battle.draw.clone(),
            SideResult::Lost => battle.defeat.clone(),
        };
        self.chronicle.push(Chapter {
            battle: battle.id.clone(),
            seed: self.battle_seed(),
            fielded: fielded
                .iter()
                .filter_map(|&i| self.members.get(i).map(|m| m.spec.id.clone()))
                .collect(),
            result,
            carried_ranks,
            carried_injuries,
            events,
        });
        self.stage = Stage::After {
            battle: battle.id,
            next,
        };
        Ok(self.chronicle.last().map_or(&[], |c| &c.events))
    }

    /// The weeks after the battle (and `rest_weeks` more of rest, up to what
    /// the campaign allows), then on to the next battle or the end.
    pub fn march_on(
        &mut self,
        rest_weeks: u8,
        (ruleset, rules): (&Ruleset, &AftermathRules),
    ) -> Result<&[CampaignEvent], String> {
        let Stage::After { battle, next } = self.stage.clone() else {
            return Err("there is no battle to march on from".into());
        };
        let after = self
            .campaign
            .battle(&battle)
            .map(|b| b.after)
            .unwrap_or_default();
        if rest_weeks > after.rest_weeks {
            return Err(format!(
                "{rest_weeks} weeks of rest asked, but the campaign allows {} here",
                after.rest_weeks
            ));
        }
        let mut events = Vec::new();
        let free = self
            .members
            .iter()
            .any(|m| m.whereabouts == super::warband::Whereabouts::WithWarband);
        // The campaign ends with its last battle, or when nobody is left
        // free to march on: no weeks follow.
        if free && matches!(next, WayOn::Battle(_)) {
            let rest = Week {
                food: true,
                water: true,
                travel: false,
            };
            let weeks = (0..after.weeks)
                .map(|_| (after.week, false))
                .chain((0..rest_weeks).map(|_| (rest, true)));
            for (n, (week, chosen)) in weeks.enumerate() {
                self.week = self.week.saturating_add(1);
                events.push(CampaignEvent::WeekBegan {
                    week: self.week,
                    conditions: week,
                    chosen,
                });
                pass_week(
                    &mut self.members,
                    week,
                    n == 0,
                    after.healer,
                    (ruleset, rules),
                    &mut self.dice,
                    &mut events,
                );
            }
        }
        self.stage = match next {
            WayOn::Battle(id) if free => Stage::Before { battle: id },
            WayOn::Battle(_) | WayOn::Lost => Stage::Ended { won: false },
            WayOn::Won => Stage::Ended { won: true },
        };
        if let Stage::Ended { won } = self.stage {
            events.push(CampaignEvent::CampaignEnded { won });
        }
        let chapter = self
            .chronicle
            .last_mut()
            .ok_or("there is no battle to march on from")?;
        let from = chapter.events.len();
        chapter.events.extend(events);
        Ok(&chapter.events[from..])
    }
}
