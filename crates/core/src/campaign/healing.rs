//! The weeks between battles ("Slow Healing"): bleeders stopped by rest or
//! costing ranks on the road, comas woken by rest, wounds healed by the
//! week's food, water and rest, a trained healer's extra rank, grievous
//! injuries counting down their weeks; and the captured trying to escape.

use super::events::CampaignEvent;
use super::fielding::physical_ranks;
use super::warband::{Member, Whereabouts};
use crate::data::Ruleset;
use crate::rules::aftermath::{AftermathRules, Week, escape_roll, healing_roll, wake_roll};
use crate::rules::dice::DiceSource;
use crate::rules::rolls::characteristic_roll;

/// One week for every member with the warband. `first` for the first week
/// after a battle; `healer` the Healing roll dice of a trained healer there
/// all week.
pub fn pass_week(
    members: &mut [Member],
    week: Week,
    first: bool,
    healer: Option<u8>,
    (ruleset, rules): (&Ruleset, &AftermathRules),
    dice: &mut impl DiceSource,
    events: &mut Vec<CampaignEvent>,
) {
    for member in members.iter_mut() {
        if member.whereabouts == Whereabouts::Captured {
            escape(member, (ruleset, rules), dice, events);
            continue;
        }
        if member.whereabouts != Whereabouts::WithWarband {
            continue;
        }
        let id = member.spec.id.clone();
        let real = physical_ranks(member, ruleset);
        if member.hurt() || member.coma {
            member.weeks_healing = member.weeks_healing.saturating_add(1);
        }
        if member.coma {
            if week.rest() {
                let roll = wake_roll(&ruleset.rules, rules, i32::from(real), dice);
                member.coma = !roll.passed();
                events.push(CampaignEvent::WakeRoll {
                    member: id,
                    woke: roll.passed(),
                    dice: roll.dice,
                });
            }
            // A coma heals nothing else that week.
            continue;
        }
        bleed(member, week, real, ruleset, dice, events);
        let healed = rules.wounds_healed(first, week.needs_met());
        let mut ranks = healed;
        if member.ranks_lost > 0
            && let Some(healer) = healer
        {
            let roll = healing_roll(&ruleset.rules, healer, dice);
            if roll.passed() {
                ranks = ranks.saturating_add(rules.healer_bonus);
            }
            events.push(CampaignEvent::HealingRoll {
                member: id.clone(),
                passed: roll.passed(),
                dice: roll.dice,
            });
        }
        let ranks = ranks.min(member.ranks_lost);
        if ranks > 0 {
            member.ranks_lost -= ranks;
            events.push(CampaignEvent::Healed {
                member: id.clone(),
                ranks,
            });
        }
        // A week that heals counts toward the grievous injuries.
        if healed > 0 {
            for wound in &mut member.wounds {
                if let Some(weeks) = wound.weeks_left.as_mut()
                    && !wound.bleeding
                {
                    *weeks = weeks.saturating_sub(1);
                }
            }
            let (done, kept): (Vec<_>, Vec<_>) = member
                .wounds
                .iter()
                .partition(|w| w.weeks_left == Some(0) && !w.bleeding);
            member.wounds = kept;
            for wound in done {
                events.push(CampaignEvent::InjuryHealed {
                    member: id.clone(),
                    injury: wound.injury,
                });
            }
        }
    }
}

/// A captured member tries to escape ("must now escape or be rescued"): one
/// who does comes back with the wounds it was taken with.
fn escape(
    member: &mut Member,
    (ruleset, rules): (&Ruleset, &AftermathRules),
    dice: &mut impl DiceSource,
    events: &mut Vec<CampaignEvent>,
) {
    let real = physical_ranks(member, ruleset);
    let (roll, escaped) = escape_roll(&ruleset.rules, rules, i32::from(real), dice);
    if escaped {
        member.whereabouts = Whereabouts::WithWarband;
    }
    events.push(CampaignEvent::EscapeRoll {
        member: member.spec.id.clone(),
        dice: roll.dice,
        escaped,
    });
}

/// Open bleeders: first aid was given at the battle's end, so a week of
/// complete rest stops them; a week on the road costs a BODY roll (with the
/// bleeder's own penalty) or a rank.
fn bleed(
    member: &mut Member,
    week: Week,
    real: i8,
    ruleset: &Ruleset,
    dice: &mut impl DiceSource,
    events: &mut Vec<CampaignEvent>,
) {
    let id = member.spec.id.clone();
    let open: Vec<usize> = (0..member.wounds.len())
        .filter(|&i| member.wounds[i].bleeding)
        .collect();
    if week.rest() {
        for &at in open.iter().rev() {
            let wound = member.wounds.remove(at);
            events.push(CampaignEvent::BleedingStopped {
                member: id.clone(),
                injury: wound.injury,
            });
        }
        return;
    }
    for at in open {
        let penalty = match member.wounds[at].injury.effect {
            crate::rules::injury::InjuryEffect::Bleeder { penalty } => i32::from(penalty),
            _ => 0,
        };
        let roll = characteristic_roll(&ruleset.rules, i32::from(real), -penalty, dice);
        if !roll.passed() && i32::from(member.ranks_lost) < i32::from(real) {
            member.ranks_lost += 1;
        }
        events.push(CampaignEvent::Bled {
            member: id.clone(),
            held: roll.passed(),
            dice: roll.dice,
        });
    }
}
