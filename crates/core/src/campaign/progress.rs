//! A campaign in progress: the warband, the campaign's own dice, where it
//! stands (before a battle, after one, or ended) and its chronicle. Every
//! change goes through these functions, checked first, and is recorded as
//! events.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::aftermath::{EndChoices, end_of_battle};
use super::end::BattleEnd;
use super::events::CampaignEvent;
use super::fielding::{Field, check_fielding, fielded_level};
use super::format::{Band, Campaign, CampaignBattle, WayOn};
use super::healing::pass_week;
use super::spoils::{spoils_of, take_spoils};
use super::warband::{Member, Whereabouts};
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
    /// The rival warband's, in a campaign for two.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rival_fielded: Vec<String>,
    pub result: SideResult,
    /// Ranks lost and lasting injuries the fielded members carried in.
    pub carried_ranks: u32,
    pub carried_injuries: u32,
    /// The aftermath, then the weeks after.
    pub events: Vec<CampaignEvent>,
}

/// A campaign in progress. Its fields are the campaign module's: the game,
/// the AI's runs and the saves read them through the functions below and
/// change them only through its steps (`fight`, `march_on`); tests set up a
/// position with [`CampaignState::set_up`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CampaignState {
    pub(super) campaign: Campaign,
    pub(super) seed: u64,
    /// The campaign's own generator: every aftermath and healing roll.
    pub(super) dice: Dice,
    pub(super) members: Vec<Member>,
    /// The rival warband's members, in a campaign for two.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(super) rival: Vec<Member>,
    pub(super) stage: Stage,
    /// The things the warband holds for its members (weapon ids).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(super) stash: Vec<String>,
    /// The rival warband's, in a campaign for two.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(super) rival_stash: Vec<String>,
    /// The warband's coin (RULES section 45), and the rival's.
    #[serde(default, skip_serializing_if = "super::events::is_zero")]
    pub(super) coin: u32,
    #[serde(default, skip_serializing_if = "super::events::is_zero")]
    pub(super) rival_coin: u32,
    /// The road chosen after the battle just fought, if one was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) road: Option<usize>,
    /// Weeks passed since the campaign began.
    pub(super) week: u32,
    pub(super) chronicle: Vec<Chapter>,
}

/// A campaign's parts, open to a test setting up a position.
pub struct SetUp<'a> {
    pub campaign: &'a mut Campaign,
    pub members: &'a mut Vec<Member>,
    pub rival: &'a mut Vec<Member>,
    pub stage: &'a mut Stage,
    pub week: &'a mut u32,
    pub dice: &'a mut Dice,
    pub chronicle: &'a mut Vec<Chapter>,
    pub stash: &'a mut Vec<String>,
    pub coin: &'a mut u32,
}

/// The ids of `chosen` (indices into `members`).
fn ids(members: &[Member], chosen: &[usize]) -> Vec<String> {
    chosen
        .iter()
        .filter_map(|&i| members.get(i).map(|m| m.spec.id.clone()))
        .collect()
}

impl CampaignState {
    /// The campaign being played.
    pub fn campaign(&self) -> &Campaign {
        &self.campaign
    }

    /// The campaign's own generator, as it stands.
    pub fn dice(&self) -> &Dice {
        &self.dice
    }

    /// The warband's members, in warband order.
    pub fn members(&self) -> &[Member] {
        &self.members
    }

    /// The rival warband's members (none in a campaign for one).
    pub fn rival(&self) -> &[Member] {
        &self.rival
    }

    /// Where the campaign stands.
    pub fn stage(&self) -> &Stage {
        &self.stage
    }

    /// A battle lies ahead: the warband is before one, or after one whose
    /// result leads on to another. Advances, deals and gear are for a
    /// battle ahead; after the last, none are made.
    pub fn battle_ahead(&self) -> bool {
        match &self.stage {
            Stage::Before { .. } => true,
            Stage::After { next, .. } => matches!(next, WayOn::Battle(_)),
            Stage::Ended { .. } => false,
        }
    }

    /// Weeks passed since the campaign began.
    pub fn week(&self) -> u32 {
        self.week
    }

    /// Each battle fought, with its aftermath and the weeks after.
    pub fn chronicle(&self) -> &[Chapter] {
        &self.chronicle
    }

    /// The campaign's parts, for a test to set up a position (a member
    /// wounded, a stage reached). The game changes a campaign only through
    /// its steps.
    pub fn set_up(&mut self) -> SetUp<'_> {
        SetUp {
            campaign: &mut self.campaign,
            members: &mut self.members,
            rival: &mut self.rival,
            stage: &mut self.stage,
            week: &mut self.week,
            dice: &mut self.dice,
            chronicle: &mut self.chronicle,
            stash: &mut self.stash,
            coin: &mut self.coin,
        }
    }

    pub fn new(campaign: Campaign, seed: u64) -> Self {
        let roster = |band| {
            campaign.warband_of(band).map_or(Vec::new(), |w| {
                w.roster.iter().cloned().map(Member::new).collect()
            })
        };
        let members = roster(Band::Warband);
        let rival = roster(Band::Rival);
        let stage = Stage::Before {
            battle: campaign.start.clone(),
        };
        Self {
            campaign,
            seed,
            dice: Dice::seeded(seed),
            members,
            rival,
            stage,
            stash: Vec::new(),
            rival_stash: Vec::new(),
            coin: 0,
            rival_coin: 0,
            road: None,
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

    pub fn members_of(&self, band: Band) -> &[Member] {
        match band {
            Band::Warband => &self.members,
            Band::Rival => &self.rival,
        }
    }

    /// A member of either warband, by id.
    pub fn member(&self, id: &str) -> Option<&Member> {
        self.members
            .iter()
            .chain(&self.rival)
            .find(|m| m.spec.id == id)
    }

    /// Members of `band` who can take the field now, in warband order.
    pub fn ready(&self, band: Band, ruleset: &Ruleset) -> Vec<usize> {
        let members = self.members_of(band);
        (0..members.len())
            .filter(|&i| {
                let member = &members[i];
                member.can_fight(super::fielding::physical_ranks(member, ruleset))
            })
            .collect()
    }

    /// Whether `band` has anyone left free (not captured, gone or dead).
    pub fn anyone_free(&self, band: Band) -> bool {
        self.members_of(band)
            .iter()
            .any(|m| m.whereabouts == Whereabouts::WithWarband)
    }

    /// The level of the next battle (from the campaign's `levels`, by
    /// battle id) with `chosen` of each warband on the table, or why not.
    pub fn field(
        &self,
        levels: &BTreeMap<String, Level>,
        chosen: &Field,
        ruleset: &Ruleset,
    ) -> Result<Level, String> {
        let battle = self
            .next_battle()
            .ok_or("the campaign is not before a battle")?;
        let mut fielded = levels
            .get(&battle.id)
            .ok_or_else(|| format!("battle \"{}\" has no level", battle.id))?
            .clone();
        for band in self.campaign.bands() {
            let fought = battle
                .as_fought_by(band)
                .ok_or("the rival warband has no place in this battle")?;
            let members = self.members_of(band);
            check_fielding(&fought, members, chosen.of(band), ruleset).map_err(|why| {
                match (band, self.campaign.warband_of(band)) {
                    (Band::Rival, Some(rival)) => format!("{}: {why}", rival.name),
                    _ => why,
                }
            })?;
            fielded = fielded_level(&fielded, &fought, members, chosen.of(band), ruleset);
            // In a campaign for two the players see their warbands' names
            // on the table ("Your turn: The Eastern Company").
            if let (Some(_), Some(warband)) = (&self.campaign.rival, self.campaign.warband_of(band))
                && let Some(side) = fielded.sides.iter_mut().find(|s| s.id == fought.side)
            {
                side.name.clone_from(&warband.name);
            }
        }
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

    /// The battle just fought as `band` fought it: its end, from that side.
    pub fn end_for<'a>(
        &self,
        band: Band,
        end: &BattleEnd<'a>,
    ) -> Option<(CampaignBattle, BattleEnd<'a>)> {
        let fought = self.next_battle()?.as_fought_by(band)?;
        let side = end
            .state
            .battle()
            .sides
            .iter()
            .position(|s| s.id == fought.side)?;
        Some((fought, BattleEnd { side, ..*end }))
    }

    /// The choices at the battle's end that do the most for each warband
    /// ([`super::aftermath::default_choices`]), in the order of
    /// [`Campaign::bands`].
    pub fn default_choices(&self, end: &BattleEnd, rules: &AftermathRules) -> Vec<EndChoices> {
        self.campaign
            .bands()
            .into_iter()
            .map(|band| {
                let cap = self.campaign.warband_of(band).map_or(0, |w| w.cap);
                self.end_for(band, end)
                    .map(|(fought, band_end)| {
                        super::aftermath::default_choices(
                            self.members_of(band),
                            &band_end,
                            &fought,
                            (cap, rules),
                        )
                    })
                    .unwrap_or_default()
            })
            .collect()
    }

    /// Plays the end of the battle just fought by `fielded`: the aftermath
    /// of each warband (the first's, then the rival's), recorded as a new
    /// chapter. `end` is the battle as the first warband fought it;
    /// `choices` are each warband's, in the order of [`Campaign::bands`].
    /// The weeks come with [`Self::march_on`].
    pub fn finish_battle(
        &mut self,
        fielded: &Field,
        end: &BattleEnd,
        choices: &[EndChoices],
        (ruleset, rules): (&Ruleset, &AftermathRules),
    ) -> Result<&[CampaignEvent], String> {
        let battle = self
            .next_battle()
            .cloned()
            .ok_or("the campaign is not before a battle")?;
        let mut ends = Vec::new();
        for (n, band) in self.campaign.bands().into_iter().enumerate() {
            let (Some(fought), Some(warband)) =
                (battle.as_fought_by(band), self.campaign.warband_of(band))
            else {
                return Err("the rival warband has no place in this battle".into());
            };
            let side = match band {
                Band::Warband => end.side,
                Band::Rival => {
                    self.end_for(band, end)
                        .ok_or("the rival warband's side is not in the battle")?
                        .1
                        .side
                }
            };
            let band_end = BattleEnd { side, ..*end };
            let chosen = choices.get(n).cloned().unwrap_or_default();
            let captives = super::captives::captives_taken(&band_end, &fought);
            super::captives::check_fates(
                &captives,
                &chosen.captives,
                &fought,
                self.members_of(band),
                warband.cap,
            )?;
            ends.push((band, fought, side, chosen, warband.cap));
        }
        let fielded_members = || fielded.warband.iter().filter_map(|&i| self.members.get(i));
        let carried_ranks = fielded_members().map(|m| u32::from(m.ranks_lost)).sum();
        let carried_injuries = fielded_members().map(|m| m.wounds.len() as u32).sum();
        let mut result = SideResult::Drew;
        let mut events = Vec::new();
        for (band, fought, side, chosen, cap) in ends {
            let band_end = BattleEnd { side, ..*end };
            let members = match band {
                Band::Warband => &mut self.members,
                Band::Rival => &mut self.rival,
            };
            let (band_result, band_events) = end_of_battle(
                members,
                fielded.of(band),
                &band_end,
                &fought,
                &chosen,
                (ruleset, rules, cap),
                &mut self.dice,
            );
            if band == Band::Warband {
                result = band_result;
            }
            // The other warband's side keeps its gear: spoils are the foes'.
            let rival_side = fought
                .rival
                .as_ref()
                .and_then(|r| end.state.battle().sides.iter().position(|s| s.id == r.side));
            let captives: Vec<usize> = super::captives::captives_taken(&band_end, &fought)
                .iter()
                .map(|c| c.unit)
                .collect();
            let spoils = spoils_of(&band_end, (rival_side, &captives), (ruleset, &rules.trade));
            let (stash, coin) = match band {
                Band::Warband => (&mut self.stash, &mut self.coin),
                Band::Rival => (&mut self.rival_stash, &mut self.rival_coin),
            };
            let mut band_events = band_events;
            band_events.extend(take_spoils(stash, spoils, (ruleset, &rules.gear)));
            // The purse takes what the events found, up to its most.
            let found: u32 = band_events.iter().map(CampaignEvent::coin_found).sum();
            *coin = coin.saturating_add(found).min(rules.trade.most_coin);
            // In a campaign for two, each warband's result is under its name.
            let name = self.campaign.warband_of(band).map(|w| w.name.clone());
            let two = self.campaign.rival.is_some();
            events.extend(band_events.into_iter().map(|event| match (event, &name) {
                (CampaignEvent::BattleFought { battle, result }, Some(name)) if two => {
                    CampaignEvent::FoughtFor {
                        battle,
                        warband: name.clone(),
                        result,
                    }
                }
                (other, _) => other,
            }));
        }
        let next = match result {
            SideResult::Won => battle.victory.clone(),
            SideResult::Drew => battle.draw.clone(),
            SideResult::Lost => battle.defeat.clone(),
        };
        self.chronicle.push(Chapter {
            battle: battle.id.clone(),
            seed: self.battle_seed(),
            fielded: ids(&self.members, &fielded.warband),
            rival_fielded: ids(&self.rival, &fielded.rival),
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
        let road = self.road();
        let fought = self
            .campaign
            .battle(&battle)
            .ok_or("there is no battle to march on from")?;
        let (after, next) = fought.by_road(&next, road);
        let mut events = Vec::new();
        if let Some(taken) = road.and_then(|r| fought.roads.get(r)) {
            events.push(CampaignEvent::RoadTaken {
                road: taken.name.clone(),
                town: taken.town.as_ref().map(|t| t.name.clone()),
            });
        }
        if rest_weeks > after.rest_weeks {
            return Err(format!(
                "{rest_weeks} weeks of rest asked, but the campaign allows {} here",
                after.rest_weeks
            ));
        }
        self.road = None;
        let free = self.anyone_free(Band::Warband);
        let rival_free = self.campaign.rival.is_none() || self.anyone_free(Band::Rival);
        // The campaign ends with its last battle, or when nobody is left
        // free to march on: no weeks follow.
        if free && rival_free && matches!(next, WayOn::Battle(_)) {
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
                for members in [&mut self.members, &mut self.rival] {
                    pass_week(
                        members,
                        week,
                        n == 0,
                        after.healer,
                        (ruleset, rules),
                        &mut self.dice,
                        &mut events,
                    );
                }
            }
        }
        // After the weeks, the next battle needs someone who can take the
        // field: a warband with nobody has lost, and in a campaign for two
        // a rival with nobody can meet the warband no more, which has won.
        // (The one place a campaign ends short of its last battle: the game
        // and the AI's runs both come here.)
        let fit = !self.ready(Band::Warband, ruleset).is_empty();
        let rival_gone =
            self.campaign.rival.is_some() && self.ready(Band::Rival, ruleset).is_empty();
        self.stage = match next {
            WayOn::Battle(_) if fit && rival_gone => Stage::Ended { won: true },
            WayOn::Battle(id) if fit => Stage::Before { battle: id },
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
