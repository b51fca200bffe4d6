//! The end of a battle for the warband (docs/RULES.md section 39): each
//! fielded member's fate, the dying tended or rolling for their lives, the
//! injuries that last, rescues and recruits. Every die comes from the
//! campaign's generator and every change is an event.

use std::collections::{BTreeMap, BTreeSet};

use super::captives::{captives_taken, default_fates, settle_captives};
use super::deeds::{deeds_of, falls};
use super::end::{BattleEnd, carried_out, taken_in_battle};
use super::events::{CampaignEvent, MagicUse};
use super::fielding::physical_ranks;
use super::format::{CampaignBattle, CaptiveFate};
use super::warband::{Member, Whereabouts};
use crate::battle::components::Fate;
use crate::battle::events::BattleEvent;
use crate::data::Ruleset;
use crate::rules::advancement::DeedValues;
use crate::rules::aftermath::{
    AftermathRules, EndedAs, Fallen, Lasting, SideResult, death_roll, fate_after_battle,
    healing_roll,
};
use crate::rules::dice::DiceSource;

/// The player's choices at a battle's end.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EndChoices {
    /// Members (warband indices) to spend a magical healing on, in order.
    pub magic_on: Vec<usize>,
    /// Recruits (indices into the battle's list) to take after a victory.
    pub recruits: Vec<usize>,
    /// The fate of each foe captured, in the order they are listed.
    pub captives: Vec<CaptiveFate>,
}

/// Plays out the end of `battle` for the `fielded` members (warband
/// indices). Returns the side's result and the events, in order.
pub fn end_of_battle(
    members: &mut Vec<Member>,
    fielded: &[usize],
    end: &BattleEnd,
    battle: &CampaignBattle,
    choices: &EndChoices,
    (ruleset, rules, cap): (&Ruleset, &AftermathRules, u8),
    dice: &mut impl DiceSource,
) -> (SideResult, Vec<CampaignEvent>) {
    let result = end.result();
    let mut events = vec![CampaignEvent::BattleFought {
        battle: battle.id.clone(),
        result,
    }];
    let mut magic = Magic {
        left: battle.after.magic,
        on: choices.magic_on.clone(),
    };
    let falls = falls(end);
    let credits = foes_defeated(&falls);
    let massive = killed_by_massive_damage(end.log);
    for &index in fielded {
        let Some(member) = members.get_mut(index) else {
            continue;
        };
        let Some(unit) = end
            .state
            .units()
            .iter()
            .find(|u| u.unit.id == member.spec.id)
        else {
            continue;
        };
        let id = member.spec.id.clone();
        let real = physical_ranks(member, ruleset);
        // The deeds name each foe put down (`earn_deeds`); the count
        // stays on the member's record.
        if let Some(&count) = credits.get(&id) {
            member.foes_defeated = member.foes_defeated.saturating_add(count);
        }
        carried_out(member, unit, end, (ruleset, rules), &mut events);
        let ended = match unit.fate {
            Fate::Fighting => EndedAs::Standing,
            Fate::Escaped => EndedAs::Escaped,
            Fate::OutOfAction => EndedAs::OutOfAction,
            Fate::Surrendered => EndedAs::Surrendered,
            Fate::Killed => EndedAs::Killed {
                massive: massive.contains(&id),
            },
        };
        let heroic = unit.profile.heroic;
        match fate_after_battle(ended, heroic, result) {
            Fallen::Safe => {}
            Fallen::Recovered => events.push(CampaignEvent::Recovered { member: id.clone() }),
            Fallen::Captured | Fallen::LeftBehind => {
                lost_with_the_field(member, heroic, &mut events)
            }
            Fallen::Dying {
                lost_field,
                certain,
            } => {
                let tending = (!lost_field).then_some((index, &mut magic, battle.after.healer));
                let lives = dying(
                    member,
                    real,
                    tending,
                    certain,
                    (ruleset, rules),
                    dice,
                    &mut events,
                );
                if lives && lost_field {
                    lost_with_the_field(member, heroic, &mut events);
                }
            }
        }
        // First aid, once the fighting is over, makes whole one who lost a
        // single rank and is with the warband to be tended (RULES §39).
        if member.ranks_lost == 1
            && member.whereabouts == Whereabouts::WithWarband
            && unit.fate != Fate::Killed
        {
            member.ranks_lost = 0;
            events.push(CampaignEvent::FirstAid { member: id.clone() });
        }
        if member.ranks_lost > 0 && member.whereabouts != Whereabouts::Dead {
            events.push(CampaignEvent::RanksLost {
                member: id,
                ranks: member.ranks_lost,
            });
        }
    }
    spend_remaining_magic(members, &mut magic, &mut events);
    // Captives first: an exchange frees a member before a rescue would.
    let captives = captives_taken(end, battle);
    settle_captives(
        members,
        (&captives, &choices.captives, cap),
        end,
        (ruleset, rules),
        &mut events,
    );
    if result == SideResult::Won {
        free_and_recruit(members, battle, &choices.recruits, cap, &mut events);
    }
    let rescued = events
        .iter()
        .any(|e| matches!(e, CampaignEvent::Freed { .. }));
    earn_deeds(
        members,
        fielded,
        (end, &falls, rescued),
        &rules.advancement.deeds,
        &mut events,
    );
    (result, events)
}

/// Fallen on a lost field: a hero is captured, a follower left behind.
fn lost_with_the_field(member: &mut Member, heroic: bool, events: &mut Vec<CampaignEvent>) {
    let id = member.spec.id.clone();
    if heroic {
        member.whereabouts = Whereabouts::Captured;
        events.push(CampaignEvent::Captured { member: id });
    } else {
        member.whereabouts = Whereabouts::LeftBehind;
        events.push(CampaignEvent::LeftBehind { member: id });
    }
}

/// The dying member of full rank `real`: magic or the healer when its side
/// tends it (`tending`: its index, the magic left, the healer's dice), else
/// the death roll. Whether it lives (saved, or in a coma).
fn dying(
    member: &mut Member,
    real: i8,
    tending: Option<(usize, &mut Magic, Option<u8>)>,
    certain: bool,
    (ruleset, rules): (&Ruleset, &AftermathRules),
    dice: &mut impl DiceSource,
    events: &mut Vec<CampaignEvent>,
) -> bool {
    let id = member.spec.id.clone();
    events.push(CampaignEvent::Dying { member: id.clone() });
    let mut saved = false;
    if let Some((index, magic, healer)) = tending {
        if magic.spend(index) {
            saved = true;
            events.push(CampaignEvent::MagicSpent {
                member: id.clone(),
                on: MagicUse::SavedTheDying,
            });
        } else if let Some(healer) = healer {
            let roll = healing_roll(&ruleset.rules, healer, dice);
            saved = roll.passed();
            events.push(CampaignEvent::Tended {
                member: id.clone(),
                dice: roll.dice,
                saved,
            });
        }
    }
    if !saved {
        let roll = death_roll(&ruleset.rules, rules, i32::from(real), dice);
        let survived = roll.passed();
        events.push(CampaignEvent::DeathRoll {
            member: id.clone(),
            dice: roll.dice,
            survived,
        });
        if !survived && certain {
            member.whereabouts = Whereabouts::Dead;
            events.push(CampaignEvent::Died { member: id });
            return false;
        }
        if !survived {
            member.coma = true;
            events.push(CampaignEvent::FellIntoComa { member: id });
        }
    }
    // The dying come back with every rank to heal.
    member.ranks_lost = u8::try_from(real.max(0)).unwrap_or(0);
    true
}

/// After a victory: a rescue frees the captured, and the recruits chosen
/// join while the warband is under its cap.
fn free_and_recruit(
    members: &mut Vec<Member>,
    battle: &CampaignBattle,
    recruits: &[usize],
    cap: u8,
    events: &mut Vec<CampaignEvent>,
) {
    if battle.rescue {
        for member in members.iter_mut() {
            if member.whereabouts == Whereabouts::Captured {
                member.whereabouts = Whereabouts::WithWarband;
                events.push(CampaignEvent::Freed {
                    member: member.spec.id.clone(),
                });
            }
        }
    }
    for &pick in recruits {
        let Some(spec) = battle.recruits.get(pick) else {
            continue;
        };
        let count = members.iter().filter(|m| m.counts()).count();
        let taken = members.iter().any(|m| m.spec.id == spec.id);
        if taken {
            continue;
        }
        if count < usize::from(cap) {
            members.push(Member::new(spec.clone()));
            events.push(CampaignEvent::Recruited {
                member: spec.id.clone(),
            });
        } else {
            events.push(CampaignEvent::NoRoom {
                member: spec.name.clone(),
                cap,
            });
        }
    }
}

/// The magical healings left, and who the player wants them for.
struct Magic {
    left: u8,
    on: Vec<usize>,
}

impl Magic {
    /// Spends one on `member` if the player chose it and one is left.
    fn spend(&mut self, member: usize) -> bool {
        match self.on.iter().position(|&m| m == member) {
            Some(at) if self.left > 0 => {
                self.on.remove(at);
                self.left -= 1;
                true
            }
            _ => false,
        }
    }
}

/// Magic not spent on the dying: it wakes a coma, heals a wound only magic
/// heals, or stops a bleeder, in that order, for each member chosen.
fn spend_remaining_magic(
    members: &mut [Member],
    magic: &mut Magic,
    events: &mut Vec<CampaignEvent>,
) {
    for index in std::mem::take(&mut magic.on) {
        if magic.left == 0 {
            break;
        }
        let Some(member) = members.get_mut(index) else {
            continue;
        };
        if member.whereabouts != Whereabouts::WithWarband {
            continue;
        }
        let on = if member.coma {
            member.coma = false;
            MagicUse::WokeFromComa
        } else if let Some(at) = member.wounds.iter().position(|w| w.weeks_left.is_none()) {
            MagicUse::HealedWound(member.wounds.remove(at).injury)
        } else if let Some(at) = member.wounds.iter().position(|w| w.bleeding) {
            MagicUse::StoppedBleeding(member.wounds.remove(at).injury)
        } else {
            continue;
        };
        magic.left -= 1;
        events.push(CampaignEvent::MagicSpent {
            member: member.spec.id.clone(),
            on,
        });
    }
}

/// The units killed by Massive damage (not by a later BODY roll).
fn killed_by_massive_damage(log: &[BattleEvent]) -> BTreeSet<String> {
    let mut struck = BTreeSet::new();
    let mut killed = BTreeSet::new();
    for event in log {
        match event {
            BattleEvent::MassiveDamage { unit } => {
                struck.insert(unit.clone());
            }
            BattleEvent::RankHeld { unit, .. } => {
                struck.remove(unit);
            }
            BattleEvent::Killed { unit } if struck.remove(unit) => {
                killed.insert(unit.clone());
            }
            _ => {}
        }
    }
    killed
}

/// Foes each unit put out of action or killed, of the battle's falls.
fn foes_defeated(falls: &[(String, String)]) -> BTreeMap<String, u32> {
    let mut credits = BTreeMap::new();
    for (by, _) in falls {
        *credits.entry(by.clone()).or_insert(0) += 1;
    }
    credits
}

/// Each fielded member's deeds in the battle, as events, and added to its
/// deeds.
fn earn_deeds(
    members: &mut [Member],
    fielded: &[usize],
    (end, falls, rescued): (&BattleEnd, &[(String, String)], bool),
    values: &DeedValues,
    events: &mut Vec<CampaignEvent>,
) {
    for &index in fielded {
        let Some(member) = members.get_mut(index) else {
            continue;
        };
        for deed in deeds_of(member, (end, falls), rescued) {
            let worth = deed.worth(values);
            member.deeds = member.deeds.saturating_add(u32::from(worth));
            events.push(CampaignEvent::DeedDone {
                member: member.spec.id.clone(),
                deed,
                worth,
            });
        }
    }
}

/// The choices a player who wants the most for the warband makes, used by
/// AI runs and offered as the default: magic on the dying, then comas,
/// then wounds only magic heals; every recruit the cap allows; captives as
/// [`default_fates`] settles them.
pub fn default_choices(
    members: &[Member],
    end: &BattleEnd,
    battle: &CampaignBattle,
    (cap, rules): (u8, &AftermathRules),
) -> EndChoices {
    let captives = captives_taken(end, battle);
    EndChoices {
        magic_on: magic_wanted(members, end, rules),
        recruits: (0..battle.recruits.len()).collect(),
        captives: default_fates(&captives, battle, members, cap),
    }
}

/// Who a magical healing would help, in the order of need: the dying, then
/// comas, then wounds only magic heals, then bleeders (a member in need
/// twice is named twice), of those at hand: with the warband or fighting
/// the battle just ended. The wounds counted are those each member will
/// carry from the field: the ones carried in and the ones `end`'s battle
/// added, as `rules` say they last (RULES section 39).
pub fn magic_wanted(members: &[Member], end: &BattleEnd, rules: &AftermathRules) -> Vec<usize> {
    let unit_of = |m: &Member| end.state.units().iter().find(|u| u.unit.id == m.spec.id);
    let dying = |m: &Member| unit_of(m).is_some_and(|u| u.fate == Fate::Killed);
    // Carried in, or added by the battle as keep_lasting_wounds adds it.
    let takes = |m: &Member, lasts: Lasting| {
        unit_of(m).is_some_and(|u| taken_in_battle(m, u, rules).any(|(_, l)| l == lasts))
    };
    let only_magic = |m: &Member| {
        m.wounds.iter().any(|w| w.weeks_left.is_none()) || takes(m, Lasting::Permanent)
    };
    let bleeding = |m: &Member| m.wounds.iter().any(|w| w.bleeding) || takes(m, Lasting::Bleeds);
    // Magic reaches those with the warband and those who fought the
    // battle, never one lost or held by the enemy before it.
    let at_hand = |m: &Member| m.whereabouts == Whereabouts::WithWarband || unit_of(m).is_some();
    let all = (0..members.len()).filter(|&i| at_hand(&members[i]));
    let mut wanted: Vec<usize> = all.clone().filter(|&i| dying(&members[i])).collect();
    wanted.extend(all.clone().filter(|&i| members[i].coma));
    wanted.extend(all.clone().filter(|&i| only_magic(&members[i])));
    wanted.extend(all.filter(|&i| bleeding(&members[i])));
    wanted
}
