//! A whole campaign played by the AI, for `campaign simulate` and tests:
//! the warband's side at one AI level, its foes at another, and every
//! choice between battles made as [`default_choices`], [`choose_field`],
//! [`choose_advances`], [`choose_gear`] and [`choose_road`] make it.

use std::sync::Arc;

use super::advance::{ChosenAdvance, choose_advances};
use super::aftermath::EndChoices;
use super::check::LoadedCampaign;
use super::end::BattleEnd;
use super::fielding::Field;
use super::format::Band;
use super::gear::{GearChange, choose_gear};
use super::progress::{CampaignState, Stage};
use super::roads::choose_road;
use super::trade::{Deal, choose_deals};
use crate::ai::AiLevel;
use crate::ai::play::play_out;
use crate::battle::command::Command;
use crate::battle::engine::Engine;
use crate::data::Ruleset;
use crate::rules::aftermath::AftermathRules;
use crate::rules::dice::Dice;

/// Commands allowed in one battle before it is called off; far beyond any
/// real battle (the round limit ends them much sooner).
const COMMAND_LIMIT: usize = 20_000;

/// The AI levels of a run: the warband's and its foes'.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunLevels {
    pub warband: AiLevel,
    pub foes: AiLevel,
}

/// The members an AI commander fields for each warband, place by place,
/// up to the battle's slots: a fit ready member of the place's own template
/// if there is one, else the first fit one, else the least hurt of the
/// place's template, else the least hurt of the rest (warband order among
/// equals). A wounded hero waits while a fit veteran can fight.
pub fn choose_field(state: &CampaignState, loaded: &LoadedCampaign, ruleset: &Ruleset) -> Field {
    let mut field = Field::default();
    for band in state.campaign.bands() {
        *field.of_mut(band) = choose_band(state, band, loaded, ruleset);
    }
    field
}

fn choose_band(
    state: &CampaignState,
    band: Band,
    loaded: &LoadedCampaign,
    ruleset: &Ruleset,
) -> Vec<usize> {
    let Some(battle) = state.next_battle().and_then(|b| b.as_fought_by(band)) else {
        return Vec::new();
    };
    let members = state.members_of(band);
    let mut ready = state.ready(band, ruleset);
    ready.sort_by_key(|&i| {
        let m = &members[i];
        (m.ranks_lost, m.wounds.len())
    });
    let template_of = |place: &String| {
        loaded
            .levels
            .get(&battle.id)
            .and_then(|level| level.units.iter().find(|u| &u.id == place))
            .map(|u| u.template.clone())
    };
    let slots = usize::from(battle.slots).min(battle.places.len());
    let mut chosen = Vec::new();
    for place in battle.places.iter().take(slots) {
        let template = template_of(place);
        let own = |&i: &usize| Some(&members[i].spec.template) == template.as_ref();
        let fit = |&i: &usize| !members[i].hurt();
        let pick = ready
            .iter()
            .position(|i| fit(i) && own(i))
            .or_else(|| ready.iter().position(fit))
            .or_else(|| ready.iter().position(own))
            .or((!ready.is_empty()).then_some(0));
        if let Some(at) = pick {
            chosen.push(ready.remove(at));
        }
    }
    chosen
}

/// How a battle is played: given the engine at its start and the
/// warbands' sides, it plays the battle (an AI, or commands recorded).
pub type PlayBattle<'a> = &'a mut dyn FnMut(&mut Engine, &[usize]) -> Result<(), String>;

/// How the choices at a battle's end are made: one for each warband.
pub type ChooseAtEnd<'a> = &'a mut dyn FnMut(&CampaignState, &BattleEnd) -> Vec<EndChoices>;

/// Plays the next battle of `state` with the members `chosen` as `play`
/// plays it, then its aftermath with the choices `choose` makes. Returns
/// the battle's engine at its end and the choices made.
pub fn fight_next(
    state: &mut CampaignState,
    loaded: &LoadedCampaign,
    chosen: &Field,
    (play, choose): (PlayBattle, ChooseAtEnd),
    (ruleset, rules): (&Arc<Ruleset>, &AftermathRules),
) -> Result<(Engine, Vec<EndChoices>), String> {
    let battle = state
        .next_battle()
        .cloned()
        .ok_or("the campaign is not before a battle")?;
    let level = state.field(&loaded.levels, chosen, ruleset)?;
    let sides: Vec<usize> = state
        .campaign
        .bands()
        .into_iter()
        .filter_map(|band| battle.as_fought_by(band))
        .map(|fought| {
            level
                .side_index(&fought.side)
                .ok_or_else(|| format!("battle \"{}\" has no side \"{}\"", battle.id, fought.side))
        })
        .collect::<Result<_, _>>()?;
    let seed = state.battle_seed();
    let mut engine = Engine::start(&level, ruleset.clone(), seed, Dice::seeded(seed));
    play(&mut engine, &sides)?;
    let end = BattleEnd {
        state: engine.state(),
        log: engine.log(),
        side: sides[0],
    };
    let choices = choose(state, &end);
    state.finish_battle(chosen, &end, &choices, (ruleset, rules))?;
    Ok((engine, choices))
}

/// The AI at `levels` playing a battle (each warband's side at the
/// warband's level), each command it gives kept in `given`. A battle that
/// stops early ends as it stands (a draw).
pub fn ai_plays(
    levels: RunLevels,
    given: &mut Vec<Command>,
) -> impl FnMut(&mut Engine, &[usize]) -> Result<(), String> + '_ {
    move |engine, sides| {
        let level_of = |s| {
            if sides.contains(&s) {
                levels.warband
            } else {
                levels.foes
            }
        };
        let _ = play_out(engine, level_of, COMMAND_LIMIT, |_, command, _| {
            given.push(command.clone())
        });
        Ok(())
    }
}

/// One step of a campaign as it was played.
pub enum Played<'a> {
    Battle {
        fielded: &'a Field,
        commands: &'a [Command],
        choices: &'a [EndChoices],
    },
    MarchOn {
        rest: u8,
        advances: &'a [ChosenAdvance],
        deals: &'a [Deal],
        gear: &'a [GearChange],
        road: Option<usize>,
    },
}

/// Plays a whole campaign from the start, telling `each` of every step
/// with the state after it; the state at its end.
pub fn run_campaign(
    loaded: &LoadedCampaign,
    seed: u64,
    levels: RunLevels,
    (ruleset, rules): (&Arc<Ruleset>, &AftermathRules),
    mut each: impl FnMut(Played, &CampaignState),
) -> Result<CampaignState, String> {
    let mut state = CampaignState::new(loaded.campaign.clone(), seed);
    // Each battle is fought once at most along any path the check allows,
    // but loops (a rescue, say) may repeat: bounded all the same.
    for _ in 0..super::check::MOST_BATTLES * 4 {
        match &state.stage {
            Stage::Ended { .. } => return Ok(state),
            Stage::Before { .. } => {
                // Marching on ends a campaign where nobody could take the
                // field (`CampaignState::march_on`): someone always can.
                let chosen = choose_field(&state, loaded, ruleset);
                let mut commands = Vec::new();
                let mut choose =
                    |state: &CampaignState, end: &BattleEnd| state.default_choices(end, rules);
                let (_, choices) = fight_next(
                    &mut state,
                    loaded,
                    &chosen,
                    (&mut ai_plays(levels, &mut commands), &mut choose),
                    (ruleset, rules),
                )?;
                let played = Played::Battle {
                    fielded: &chosen,
                    commands: &commands,
                    choices: &choices,
                };
                each(played, &state);
            }
            Stage::After { .. } => {
                // The road first: its town's market comes before the gear.
                let road = choose_road(&state);
                if let Some(road) = road {
                    state.choose_road(road)?;
                }
                // After the last battle, nothing is made for one ahead.
                let ahead = state.battle_ahead();
                let advances = if ahead {
                    choose_advances(&state, ruleset, &rules.advancement)
                } else {
                    Vec::new()
                };
                state.take_advances(&advances, (ruleset, &rules.advancement))?;
                let deals = choose_deals(&state, ruleset, rules);
                state.trade(&deals, (ruleset, rules))?;
                let gear = if ahead {
                    choose_gear(&state, ruleset)
                } else {
                    Vec::new()
                };
                state.change_gear(&gear, (ruleset, &rules.gear))?;
                let rest = resting_weeks(&state);
                state.march_on(rest, (ruleset, rules))?;
                let played = Played::MarchOn {
                    rest,
                    advances: &advances,
                    deals: &deals,
                    gear: &gear,
                    road,
                };
                each(played, &state);
            }
        }
    }
    Err("the campaign did not end within its bound of battles".into())
}

/// The weeks of rest an AI commander takes (and a player's default): every
/// week it may while anyone is hurt.
pub fn resting_weeks(state: &CampaignState) -> u8 {
    let Stage::After { battle, next } = &state.stage else {
        return 0;
    };
    let allowed = state
        .campaign
        .battle(battle)
        .map_or(0, |b| b.by_road(next, state.road()).0.rest_weeks);
    let hurt = state
        .members
        .iter()
        .chain(&state.rival)
        .any(|m| m.counts() && (m.hurt() || m.coma));
    if hurt { allowed } else { 0 }
}
