//! A whole campaign played by the AI, for `campaign simulate` and tests:
//! the warband's side at one AI level, its foes at another, and every
//! choice between battles made as [`default_choices`] and [`choose_field`]
//! make it.

use std::sync::Arc;

use super::aftermath::{BattleEnd, default_choices};
use super::check::LoadedCampaign;
use super::progress::{CampaignState, Stage};
use crate::ai::AiLevel;
use crate::ai::play::play_out;
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

/// The members an AI commander fields, place by place: the least hurt
/// ready member of the place's own template if there is one, else the least
/// hurt of the rest (warband order among equals), up to the battle's slots.
pub fn choose_field(
    state: &CampaignState,
    loaded: &LoadedCampaign,
    ruleset: &Ruleset,
) -> Vec<usize> {
    let Some(battle) = state.next_battle() else {
        return Vec::new();
    };
    let mut ready = state.ready(ruleset);
    ready.sort_by_key(|&i| {
        let m = &state.members[i];
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
        let pick = ready
            .iter()
            .position(|&i| Some(&state.members[i].spec.template) == template.as_ref())
            .or((!ready.is_empty()).then_some(0));
        if let Some(at) = pick {
            chosen.push(ready.remove(at));
        }
    }
    chosen
}

/// Plays the next battle of `state` with the members `chosen`, then its
/// aftermath with the default choices. Returns the battle's engine at its end.
pub fn fight_next(
    state: &mut CampaignState,
    loaded: &LoadedCampaign,
    chosen: &[usize],
    levels: RunLevels,
    (ruleset, rules): (&Arc<Ruleset>, &AftermathRules),
) -> Result<Engine, String> {
    let battle = state
        .next_battle()
        .cloned()
        .ok_or("the campaign is not before a battle")?;
    let level = loaded
        .levels
        .get(&battle.id)
        .ok_or_else(|| format!("battle \"{}\" has no level", battle.id))?;
    let level = state.field(level, chosen, ruleset)?;
    let side = level
        .side_index(&battle.side)
        .ok_or_else(|| format!("battle \"{}\" has no side \"{}\"", battle.id, battle.side))?;
    let seed = state.battle_seed();
    let mut engine = Engine::start(&level, ruleset.clone(), seed, Dice::seeded(seed));
    let level_of = |s| {
        if s == side {
            levels.warband
        } else {
            levels.foes
        }
    };
    // A battle that stops early ends as it stands (a draw).
    let _ = play_out(&mut engine, level_of, COMMAND_LIMIT, |_, _, _| {});
    let end = BattleEnd {
        state: engine.state(),
        log: engine.log(),
        side,
    };
    let choices = default_choices(&state.members, &end, &battle);
    state.finish_battle(chosen, &end, &choices, (ruleset, rules))?;
    Ok(engine)
}

/// Plays a whole campaign from the start; the state at its end.
pub fn run_campaign(
    loaded: &LoadedCampaign,
    seed: u64,
    levels: RunLevels,
    (ruleset, rules): (&Arc<Ruleset>, &AftermathRules),
) -> Result<CampaignState, String> {
    let mut state = CampaignState::new(loaded.campaign.clone(), seed);
    // Each battle is fought once at most along any path the check allows,
    // but loops (a rescue, say) may repeat: bounded all the same.
    for _ in 0..super::check::MOST_BATTLES * 4 {
        match &state.stage {
            Stage::Ended { .. } => return Ok(state),
            Stage::Before { .. } => {
                let chosen = choose_field(&state, loaded, ruleset);
                if chosen.is_empty() {
                    // Nobody can fight: the campaign is lost.
                    state.stage = Stage::Ended { won: false };
                    return Ok(state);
                }
                fight_next(&mut state, loaded, &chosen, levels, (ruleset, rules))?;
            }
            Stage::After { .. } => {
                let rest = resting_weeks(&state);
                state.march_on(rest, (ruleset, rules))?;
            }
        }
    }
    Err("the campaign did not end within its bound of battles".into())
}

/// An AI commander rests every week it may while anyone is hurt.
fn resting_weeks(state: &CampaignState) -> u8 {
    let Stage::After { battle, .. } = &state.stage else {
        return 0;
    };
    let allowed = state
        .campaign
        .battle(battle)
        .map_or(0, |b| b.after.rest_weeks);
    let hurt = state
        .members
        .iter()
        .any(|m| m.counts() && (m.hurt() || m.coma));
    if hurt { allowed } else { 0 }
}
