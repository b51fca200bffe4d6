//! The battle as it ended for one warband: its side's result, and what the
//! battle leaves on each member who fought (ranks lost to damage, lasting
//! injuries). The aftermath and the captives both read it.

use super::events::CampaignEvent;
use super::fielding::physical_ranks;
use super::warband::{LastingWound, Member};
use crate::battle::events::{BattleEvent, Outcome};
use crate::battle::state::{BattleState, UnitState};
use crate::data::{Fatigue, Ruleset};
use crate::rules::aftermath::{AftermathRules, Lasting, SideResult};
use crate::rules::injury::Injury;

/// The battle as it ended, and which side the warband fought as.
pub struct BattleEnd<'a> {
    pub state: &'a BattleState,
    pub log: &'a [BattleEvent],
    pub side: usize,
}

impl BattleEnd<'_> {
    /// How the warband's side came out of it.
    pub fn result(&self) -> SideResult {
        match &self.state.battle().outcome {
            Some(Outcome::Victory { side, .. }) => {
                if self
                    .state
                    .battle()
                    .sides
                    .get(self.side)
                    .is_some_and(|s| &s.id == side)
                {
                    SideResult::Won
                } else {
                    SideResult::Lost
                }
            }
            _ => SideResult::Drew,
        }
    }
}

/// What `unit`'s battle leaves on `member`: a battle fought, the ranks lost
/// to damage (fatigue and crossover pass), and the injuries that last.
pub fn carried_out(
    member: &mut Member,
    unit: &UnitState,
    end: &BattleEnd,
    (ruleset, rules): (&Ruleset, &AftermathRules),
    events: &mut Vec<CampaignEvent>,
) {
    let real = physical_ranks(member, ruleset);
    member.battles = member.battles.saturating_add(1);
    let tired = tired_ranks(end, unit.unit.index);
    let lost = (unit.ranks.physical.direct_losses() - tired).clamp(0, i32::from(real.max(0)));
    member.ranks_lost = u8::try_from(lost).unwrap_or(u8::MAX);
    keep_lasting_wounds(member, unit, rules, events);
}

/// The injuries `unit` took in the battle (those after the ones `member`
/// carried into it), each with how it fares after the battle.
pub fn taken_in_battle<'a>(
    member: &Member,
    unit: &'a UnitState,
    rules: &'a AftermathRules,
) -> impl Iterator<Item = (Injury, Lasting)> + 'a {
    unit.wounds
        .0
        .iter()
        .skip(member.wounds.len())
        .map(|&injury| (injury, rules.lasting(injury)))
}

/// The injuries taken in the battle that outlast it.
fn keep_lasting_wounds(
    member: &mut Member,
    unit: &UnitState,
    rules: &AftermathRules,
    events: &mut Vec<CampaignEvent>,
) {
    let taken: Vec<(Injury, Lasting)> = taken_in_battle(member, unit, rules).collect();
    for (injury, lasting) in taken {
        let weeks_left = match lasting {
            Lasting::Passes => continue,
            Lasting::Bleeds => Some(0),
            Lasting::Heals { weeks } => Some(weeks),
            Lasting::Permanent => None,
        };
        member.wounds.push(LastingWound {
            injury,
            weeks_left,
            bleeding: lasting == Lasting::Bleeds,
        });
        events.push(CampaignEvent::WoundLasts {
            member: member.spec.id.clone(),
            injury,
            lasting,
        });
    }
}

/// Physical ranks the unit lost to fatigue at the start: tiredness, which
/// passes with the battle.
fn tired_ranks(end: &BattleEnd, unit: usize) -> i32 {
    let state = end.state;
    let Some(side) = state.battle().sides.get(state.units()[unit].unit.side) else {
        return 0;
    };
    let Some(&fatigue) = state.battle().level.fatigue.get(&side.id) else {
        return 0;
    };
    let ranks = i32::from(
        state
            .ruleset()
            .rules
            .fatigue_ranks
            .get(&fatigue)
            .copied()
            .unwrap_or(0),
    );
    let id = &state.units()[unit].unit.id;
    let failed = end
        .log
        .iter()
        .any(|e| matches!(e, BattleEvent::FatigueRoll { unit, passed: false, .. } if unit == id));
    match fatigue {
        Fatigue::Doubtful if !failed => 0,
        _ => ranks,
    }
}
