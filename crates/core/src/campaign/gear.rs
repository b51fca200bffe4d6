//! The warband's gear between battles (RULES section 43): a thing given
//! from the stash to a member or put back, each checked first (what the
//! member may carry: how many weapons, how heavy for its size, armour that
//! fits), and the choice an AI commander makes.

use serde::{Deserialize, Serialize};

use super::events::CampaignEvent;
use super::format::Band;
use super::progress::CampaignState;
use super::trade::{Wearer, block_of, shield_bearer};
use super::warband::{Member, Whereabouts};
use crate::data::{CreatureTemplate, Ruleset, Weapon};
use crate::rules::damage::Soak;
use crate::rules::defence::pool_from_roll;
use crate::rules::gear::GearRules;
use crate::rules::odds::{AttackOdds, TargetFacts, attack_odds, successes};
use crate::vocabulary::{Defence, RankSide};

/// A change of a member's gear, by ids.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum GearChange {
    /// From the stash to the member: a weapon joins those it carries; a
    /// shield or armour takes the place of its own, which goes to the stash.
    Give {
        #[serde(default, skip_serializing_if = "Band::is_first")]
        band: Band,
        member: String,
        item: String,
    },
    /// A weapon the member carries, put into the stash.
    Stow {
        #[serde(default, skip_serializing_if = "Band::is_first")]
        band: Band,
        member: String,
        item: String,
    },
}

impl GearChange {
    fn parts(&self) -> (Band, &str, &str, bool) {
        match self {
            Self::Give { band, member, item } => (*band, member, item, true),
            Self::Stow { band, member, item } => (*band, member, item, false),
        }
    }
}

/// The weapons and the shield `member` carries: (weapons that are not
/// natural, its shield).
pub fn carried(member: &Member, ruleset: &Ruleset) -> (Vec<String>, Option<String>) {
    let Some(template) = member.template(ruleset) else {
        return (Vec::new(), None);
    };
    let weapons = template
        .weapons
        .iter()
        .filter(|id| ruleset.weapons.get(*id).is_some_and(|w| !w.natural))
        .cloned()
        .collect();
    (weapons, template.shield)
}

/// Why `member` may not take `item` (a weapon, shield or armour id), if it
/// may not.
pub fn check_give(
    member: &Member,
    item: &str,
    (ruleset, gear): (&Ruleset, &GearRules),
) -> Result<(), String> {
    let name = &member.spec.name;
    let template = member
        .template(ruleset)
        .ok_or_else(|| format!("{name} has no creature to carry it"))?;
    if let Some(piece) = ruleset.armour.pieces.get(item) {
        return match piece.size.cmp(&template.size) {
            std::cmp::Ordering::Equal => Ok(()),
            std::cmp::Ordering::Less => Err(format!("{name} is too big for the {}", piece.name)),
            std::cmp::Ordering::Greater => {
                Err(format!("{name} is too small for the {}", piece.name))
            }
        };
    }
    let weapon = ruleset
        .weapons
        .get(item)
        .filter(|w| !w.natural)
        .ok_or_else(|| format!("there is no weapon, shield or armour \"{item}\" to carry"))?;
    if weapon.shield.is_some() {
        return Ok(());
    }
    if weapon.weight >= gear.big_class && template.size < gear.big_size {
        return Err(format!("{name} is too small to wield the {}", weapon.name));
    }
    let (weapons, _) = carried(member, ruleset);
    if weapons.len() >= usize::from(gear.most_weapons) {
        return Err(format!(
            "{name} already carries {} weapons, the most",
            gear.most_weapons
        ));
    }
    Ok(())
}

/// Why `member` may not put `item` into the stash, if it may not.
fn check_stow(member: &Member, item: &str, ruleset: &Ruleset) -> Result<(), String> {
    let name = &member.spec.name;
    if ruleset.armour.pieces.contains_key(item) {
        return Err(format!("{name} takes off its armour only for another"));
    }
    let (weapons, _) = carried(member, ruleset);
    if !weapons.iter().any(|w| w == item) {
        return Err(format!("{name} does not carry that"));
    }
    if weapons.len() == 1 {
        return Err(format!("{name} keeps its last weapon"));
    }
    Ok(())
}

/// Makes `change` on `member` and `stash`, checked first; its event.
fn make_change(
    member: &mut Member,
    stash: &mut Vec<String>,
    change: &GearChange,
    (ruleset, gear): (&Ruleset, &GearRules),
) -> Result<CampaignEvent, String> {
    let (_, _, item, give) = change.parts();
    if member.whereabouts != Whereabouts::WithWarband {
        return Err(format!("{} is not with the warband", member.spec.name));
    }
    let (mut weapons, shield) = carried(member, ruleset);
    let item_name = ruleset.thing_name(item);
    let event = if give {
        let at = stash
            .iter()
            .position(|s| s == item)
            .ok_or_else(|| format!("there is no {item_name} in the stash"))?;
        check_give(member, item, (ruleset, gear))?;
        stash.remove(at);
        if ruleset.armour.pieces.contains_key(item) {
            stash.extend(member.worn(ruleset));
            member.spec.worn = Some(item.to_string());
        } else if ruleset
            .weapons
            .get(item)
            .is_some_and(|w| w.shield.is_some())
        {
            stash.extend(shield);
            member.spec.overrides.shield = Some(item.to_string());
        } else {
            weapons.push(item.to_string());
            member.spec.overrides.weapons = Some(keep_natural(member, weapons, ruleset));
        }
        CampaignEvent::GearGiven {
            member: member.spec.id.clone(),
            item: item_name,
        }
    } else {
        check_stow(member, item, ruleset)?;
        if stash.len() >= usize::from(gear.most_in_stash) {
            return Err(format!("the stash is full ({} things)", gear.most_in_stash));
        }
        if let Some(at) = weapons.iter().position(|w| w == item) {
            weapons.remove(at);
        }
        member.spec.overrides.weapons = Some(keep_natural(member, weapons, ruleset));
        stash.push(item.to_string());
        CampaignEvent::GearStowed {
            member: member.spec.id.clone(),
            item: item_name,
        }
    };
    Ok(event)
}

/// `weapons` with the member's natural weapons kept after them.
fn keep_natural(member: &Member, mut weapons: Vec<String>, ruleset: &Ruleset) -> Vec<String> {
    if let Some(template) = member.template(ruleset) {
        weapons.extend(
            template
                .weapons
                .into_iter()
                .filter(|id| ruleset.weapons.get(id).is_some_and(|w| w.natural)),
        );
    }
    weapons
}

impl CampaignState {
    /// The things in `band`'s stash (weapon ids).
    pub fn stash(&self, band: Band) -> &[String] {
        match band {
            Band::Warband => &self.stash,
            Band::Rival => &self.rival_stash,
        }
    }

    /// Makes the gear `changes`, in order, while the campaign goes on: all
    /// of them, or none and why.
    pub fn change_gear(
        &mut self,
        changes: &[GearChange],
        rules: (&Ruleset, &GearRules),
    ) -> Result<Vec<CampaignEvent>, String> {
        if !self.battle_ahead() && !changes.is_empty() {
            return Err("the campaign is over: there is no battle ahead to arm for".into());
        }
        let mut bands = [
            (self.members.clone(), self.stash.clone()),
            (self.rival.clone(), self.rival_stash.clone()),
        ];
        let mut events = Vec::new();
        for change in changes {
            let (band, member, _, _) = change.parts();
            let (members, stash) = &mut bands[usize::from(band == Band::Rival)];
            let member = members
                .iter_mut()
                .find(|m| m.spec.id == member)
                .ok_or_else(|| format!("there is no member \"{member}\""))?;
            events.push(make_change(member, stash, change, rules)?);
        }
        let [(members, stash), (rival, rival_stash)] = bands;
        (self.members, self.stash, self.rival, self.rival_stash) =
            (members, stash, rival, rival_stash);
        if let Some(chapter) = self.chronicle.last_mut() {
            chapter.events.extend(events.iter().cloned());
        }
        Ok(events)
    }
}

/// The gear an AI commander changes (and a player's default): each member
/// trained to Block, in warband order, takes the stash's best shield where
/// it blocks more than its own; then each member with the warband takes the
/// stash's best armour that fits it, where that gives more than its own and
/// costs no Dodge die (what it takes off goes to the stash for the next).
pub fn choose_gear(state: &CampaignState, ruleset: &Ruleset) -> Vec<GearChange> {
    let mut changes = choose_shields(state, ruleset);
    for band in state.campaign.bands() {
        let mut pieces: Vec<String> = state
            .stash(band)
            .iter()
            .filter(|id| ruleset.armour.pieces.contains_key(*id))
            .cloned()
            .collect();
        for member in state.members_of(band) {
            let Some(wearer) = Wearer::of(member, ruleset) else {
                continue;
            };
            let armour_of = |id: &String| ruleset.armour.pieces.get(id).map_or(0, |p| p.armour);
            // Best first; among equals, the first in the stash.
            let best = pieces
                .iter()
                .enumerate()
                .filter(|(_, id)| {
                    ruleset
                        .armour
                        .pieces
                        .get(*id)
                        .is_some_and(|p| wearer.would_wear(p))
                })
                .max_by_key(|&(at, id)| (armour_of(id), std::cmp::Reverse(at)));
            let Some((at, _)) = best else {
                continue;
            };
            let item = pieces.remove(at);
            pieces.extend(member.worn(ruleset));
            changes.push(GearChange::Give {
                band,
                member: member.spec.id.clone(),
                item,
            });
        }
    }
    changes
}

/// The shields an AI commander gives (see [`choose_gear`]).
fn choose_shields(state: &CampaignState, ruleset: &Ruleset) -> Vec<GearChange> {
    let mut changes = Vec::new();
    for band in state.campaign.bands() {
        let mut shields: Vec<(u8, &String)> = state
            .stash(band)
            .iter()
            .filter_map(|id| Some((ruleset.weapons.get(id)?.shield?.block, id)))
            .collect();
        // Best first; among equals, the first in the stash.
        shields.sort_by_key(|s| std::cmp::Reverse(s.0));
        for member in state.members_of(band) {
            let Some(own) = shield_bearer(member, ruleset) else {
                continue;
            };
            if shields
                .first()
                .is_some_and(|&(block, _)| block > block_of(own.as_ref(), ruleset))
            {
                changes.push(GearChange::Give {
                    band,
                    member: member.spec.id.clone(),
                    item: shields.remove(0).1.clone(),
                });
            }
        }
    }
    changes
}

/// The odds of one blow of `attacker` with `weapon` at `foe`, fresh and
/// unanswered, at the standard Superiority Level: what the gear's list
/// shows for a weapon (RULES section 43).
pub fn blow_odds(
    attacker: &CreatureTemplate,
    weapon: &Weapon,
    foe: &CreatureTemplate,
    ruleset: &Ruleset,
) -> AttackOdds {
    blocked_blow_odds(attacker, weapon, (foe, None), ruleset)
}

/// The odds of one blow of `attacker` with `weapon` at `foe`, who answers
/// it with a Block behind `shield` (none, or no Block: unanswered): what
/// the list shows for a shield.
pub fn blocked_blow_odds(
    attacker: &CreatureTemplate,
    weapon: &Weapon,
    (foe, shield): (&CreatureTemplate, Option<&Weapon>),
    ruleset: &Ruleset,
) -> AttackOdds {
    let rules = &ruleset.rules;
    let heroic = i32::from(foe.heroic && foe.heroic_side == RankSide::Physical);
    let facts = TargetFacts {
        armour: foe.armour,
        total_rank: i32::from(foe.physical) + heroic + i32::from(foe.bonus_physical),
        soak: Soak {
            stateless: foe.stateless,
            already_in_state: false,
            may_soak: true,
            prefers_state: false,
        },
        fallen_body_dice: None,
        block: None,
        parry: 0,
    };
    let dice = u32::from(attacker.attack_dice);
    let rule = rules.damage_rule(weapon.weight);
    let skill = foe.defences.get(&Defence::Block).copied();
    match (skill, shield.and_then(|s| s.shield)) {
        (Some(skill), Some(shield)) => {
            let rolls = successes(u32::from(skill), rules.standard_sl);
            let parts: Vec<(f64, AttackOdds)> = rolls
                .iter()
                .enumerate()
                .map(|(k, &p)| {
                    let pool = pool_from_roll(Defence::Block, k as u32, skill, shield.block);
                    let block = pool.map(|pool| (u32::from(pool.dice), shield.armour));
                    let facts = TargetFacts { block, ..facts };
                    (p, attack_odds(dice, rules.standard_sl, rule, &facts))
                })
                .collect();
            AttackOdds::blend(&parts)
        }
        _ => attack_odds(dice, rules.standard_sl, rule, &facts),
    }
}
