//! A whole campaign recorded: its seed, and each step as it was played (the
//! members fielded, every command of the battle and the choices at its
//! end; the weeks of rest taken), each with a hash of the campaign as it
//! stood after it. Played again, it must stand the same after every step,
//! so a campaign replays to the die, and a change in the rules or the
//! aftermath is caught at the step it first shows.

use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::advance::ChosenAdvance;
use super::aftermath::EndChoices;
use super::check::LoadedCampaign;
use super::end::BattleEnd;
use super::fielding::Field;
use super::format::{Band, CaptiveFate};
use super::gear::GearChange;
use super::progress::CampaignState;
use super::run::{Played, RunLevels, fight_next, run_campaign};
use super::trade::Deal;
use crate::battle::command::Command;
use crate::data::{Ruleset, parse_ron};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::rules::aftermath::AftermathRules;

/// The format this game writes and reads.
pub const FORMAT: &str = "swift-swords campaign record 1";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignRecord {
    pub format: String,
    /// The campaign file, relative to the record's folder.
    pub campaign: String,
    pub seed: u64,
    pub steps: Vec<RecordedStep>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordedStep {
    pub step: CampaignStep,
    /// The campaign's hash after the step.
    pub hash: String,
}

/// One step of a campaign; members by id.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum CampaignStep {
    /// A battle fought and its fallen tended.
    Battle {
        field: Vec<String>,
        commands: Vec<Command>,
        magic_on: Vec<String>,
        recruits: Vec<usize>,
        /// The fate of each foe captured, in order.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        captives: Vec<CaptiveFate>,
        /// The rival warband's part, in a campaign for two.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rival: Option<Box<RivalStep>>,
    },
    /// The advances taken after a battle, then the weeks, with this many
    /// more of rest.
    MarchOn {
        rest: u8,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        advances: Vec<ChosenAdvance>,
        /// Deals at the market of the road chosen (RULES section 45).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        deals: Vec<Deal>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        gear: Vec<GearChange>,
        /// The road chosen, where the battle offers roads.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        road: Option<usize>,
    },
}

/// The rival warband's part of a battle step; members by id.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RivalStep {
    pub field: Vec<String>,
    pub magic_on: Vec<String>,
    pub recruits: Vec<usize>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub captives: Vec<CaptiveFate>,
}

/// The campaign's hash: every member, die and event it holds.
pub fn campaign_hash(state: &CampaignState) -> String {
    let text = ron::to_string(state).unwrap_or_default();
    blake3::hash(text.as_bytes()).to_hex()[..32].to_string()
}

/// A step in a line: "step 3: battle 2, 88 commands".
fn step_words(n: usize, step: &CampaignStep, state: &CampaignState) -> String {
    match step {
        CampaignStep::Battle { commands, .. } => format!(
            "step {n}: battle {}, {} commands",
            state.chronicle.len() + 1,
            commands.len()
        ),
        CampaignStep::MarchOn {
            rest,
            advances,
            deals,
            gear,
            ..
        } if advances.is_empty() && deals.is_empty() && gear.is_empty() => {
            format!("step {n}: the weeks, {rest} more of rest")
        }
        CampaignStep::MarchOn {
            rest,
            advances,
            deals,
            gear,
            ..
        } => {
            let count =
                |n: usize, thing| super::words::counted(n.try_into().unwrap_or(u32::MAX), thing);
            let gear = match gear.len() {
                1 => "1 change of gear".to_string(),
                n => format!("{n} changes of gear"),
            };
            format!(
                "step {n}: {}, {}, {gear}, the weeks, {rest} more of rest",
                count(advances.len(), "advance"),
                count(deals.len(), "deal"),
            )
        }
    }
}

impl CampaignRecord {
    /// Plays the campaign with the AI at `levels` and records it.
    pub fn record(
        loaded: &LoadedCampaign,
        campaign: &str,
        seed: u64,
        levels: RunLevels,
        rules: (&Arc<Ruleset>, &AftermathRules),
    ) -> Result<Self, String> {
        let ids = |state: &CampaignState, band, indices: &[usize]| -> Vec<String> {
            let members = state.members_of(band);
            indices
                .iter()
                .filter_map(|&i| members.get(i).map(|m| m.spec.id.clone()))
                .collect()
        };
        let mut steps = Vec::new();
        run_campaign(loaded, seed, levels, rules, |played, state| {
            let step = match played {
                Played::Battle {
                    fielded,
                    commands,
                    choices,
                } => {
                    let first = choices.first().cloned().unwrap_or_default();
                    let rival = state.campaign.rival.as_ref().map(|_| {
                        let second = choices.get(1).cloned().unwrap_or_default();
                        Box::new(RivalStep {
                            field: ids(state, Band::Rival, &fielded.rival),
                            magic_on: ids(state, Band::Rival, &second.magic_on),
                            recruits: second.recruits,
                            captives: second.captives,
                        })
                    });
                    CampaignStep::Battle {
                        field: ids(state, Band::Warband, &fielded.warband),
                        commands: commands.to_vec(),
                        magic_on: ids(state, Band::Warband, &first.magic_on),
                        recruits: first.recruits,
                        captives: first.captives,
                        rival,
                    }
                }
                Played::MarchOn {
                    rest,
                    advances,
                    deals,
                    gear,
                    road,
                } => CampaignStep::MarchOn {
                    rest,
                    advances: advances.to_vec(),
                    deals: deals.to_vec(),
                    gear: gear.to_vec(),
                    road,
                },
            };
            steps.push(RecordedStep {
                step,
                hash: campaign_hash(state),
            });
        })?;
        Ok(Self {
            format: FORMAT.to_string(),
            campaign: campaign.to_string(),
            seed,
            steps,
        })
    }

    /// Plays the record again, telling `each` of every step that held;
    /// the campaign at its end, or the first step that did not play as
    /// recorded.
    pub fn verify(
        &self,
        loaded: &LoadedCampaign,
        (ruleset, rules): (&Arc<Ruleset>, &AftermathRules),
        mut each: impl FnMut(&str),
    ) -> Result<CampaignState, String> {
        let mut state = CampaignState::new(loaded.campaign.clone(), self.seed);
        for (at, recorded) in self.steps.iter().enumerate() {
            let words = step_words(at + 1, &recorded.step, &state);
            let failed = |why: String| format!("{words}: {why}");
            match &recorded.step {
                CampaignStep::Battle {
                    field,
                    commands,
                    magic_on,
                    recruits,
                    captives,
                    rival,
                } => {
                    let mut chosen =
                        Field::solo(&indices(&state, Band::Warband, field).map_err(&failed)?);
                    let mut chosen_at_end = vec![EndChoices {
                        magic_on: indices(&state, Band::Warband, magic_on).map_err(&failed)?,
                        recruits: recruits.clone(),
                        captives: captives.clone(),
                    }];
                    if let Some(rival) = rival {
                        chosen.rival =
                            indices(&state, Band::Rival, &rival.field).map_err(&failed)?;
                        chosen_at_end.push(EndChoices {
                            magic_on: indices(&state, Band::Rival, &rival.magic_on)
                                .map_err(&failed)?,
                            recruits: rival.recruits.clone(),
                            captives: rival.captives.clone(),
                        });
                    }
                    let mut play = |engine: &mut crate::battle::engine::Engine, _: &[usize]| {
                        for (n, command) in commands.iter().enumerate() {
                            engine.submit(command).map_err(|refused| {
                                format!("command {} is refused: {refused}", n + 1)
                            })?;
                        }
                        Ok(())
                    };
                    let mut choose = |_: &CampaignState, _: &BattleEnd| chosen_at_end.clone();
                    fight_next(
                        &mut state,
                        loaded,
                        &chosen,
                        (&mut play, &mut choose),
                        (ruleset, rules),
                    )
                    .map_err(&failed)?;
                }
                CampaignStep::MarchOn {
                    rest,
                    advances,
                    deals,
                    gear,
                    road,
                } => {
                    if let Some(road) = road {
                        state.choose_road(*road).map_err(&failed)?;
                    }
                    state
                        .take_advances(advances, (ruleset, &rules.advancement))
                        .map_err(&failed)?;
                    state.trade(deals, (ruleset, rules)).map_err(&failed)?;
                    state
                        .change_gear(gear, (ruleset, &rules.gear))
                        .map_err(&failed)?;
                    state.march_on(*rest, (ruleset, rules)).map_err(&failed)?;
                }
            }
            if campaign_hash(&state) != recorded.hash {
                return Err(failed(
                    "the campaign now stands differently from when it was recorded".into(),
                ));
            }
            each(&words);
        }
        Ok(state)
    }

    pub fn to_ron(&self) -> Result<String, ron::Error> {
        let config = ron::ser::PrettyConfig::default()
            .depth_limit(5)
            .escape_strings(false);
        ron::ser::to_string_pretty(self, config).map(|text| text + "\n")
    }

    /// Reads a record, refusing another format at its place.
    pub fn read(path: &Path) -> Result<Self, Diagnostics> {
        let text = match crate::files::read_own_file(path, crate::files::FileKind::CampaignSave) {
            Ok(Some(text)) => text,
            Ok(None) => {
                return Err(Diagnostics(vec![Diagnostic::new(
                    path,
                    (1, 1),
                    "there is no such file",
                )]));
            }
            Err(problem) => return Err(Diagnostics(vec![problem])),
        };
        let record: Self = parse_ron(path, &text).map_err(|e| Diagnostics(vec![e]))?;
        if record.format != FORMAT {
            let at = crate::diagnostics::SourceText::new(&text)
                .find_key("format", 0)
                .unwrap_or((1, 1));
            return Err(Diagnostics(vec![Diagnostic::new(
                path,
                at,
                format!(
                    "this file is in the format \"{}\"; this game reads \"{FORMAT}\"",
                    record.format
                ),
            )]));
        }
        Ok(record)
    }
}

/// Member ids as warband indices, each one a member.
fn indices(state: &CampaignState, band: Band, ids: &[String]) -> Result<Vec<usize>, String> {
    let members = state.members_of(band);
    ids.iter()
        .map(|id| {
            members
                .iter()
                .position(|m| &m.spec.id == id)
                .ok_or_else(|| format!("the warband has no member \"{id}\""))
        })
        .collect()
}
