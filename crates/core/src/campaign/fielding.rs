//! Putting the warband on the table: a campaign battle's level with the
//! chosen members standing in the places the campaign names, carrying their
//! wounds in.

use serde::{Deserialize, Serialize};

use super::format::{Band, CampaignBattle};
use super::warband::Member;
use crate::data::Ruleset;
use crate::level::{Carried, Level, UnitSpec, VictoryCondition};

/// Who takes the field: each warband's members by index, in place order.
/// `rival` is empty in a campaign for one.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Field {
    pub warband: Vec<usize>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rival: Vec<usize>,
}

impl Field {
    /// The first warband's members alone.
    pub fn solo(chosen: &[usize]) -> Self {
        Self {
            warband: chosen.to_vec(),
            rival: Vec::new(),
        }
    }

    pub fn of(&self, band: Band) -> &[usize] {
        match band {
            Band::Warband => &self.warband,
            Band::Rival => &self.rival,
        }
    }

    pub fn of_mut(&mut self, band: Band) -> &mut Vec<usize> {
        match band {
            Band::Warband => &mut self.warband,
            Band::Rival => &mut self.rival,
        }
    }
}

/// The id of the mount a member brings.
pub fn mount_id(member: &str) -> String {
    format!("{member}_mount")
}

/// The physical ranks a member takes the field with (template, overrides,
/// advances and Heroic rank); 0 for an unknown template.
pub fn physical_ranks(member: &Member, ruleset: &Ruleset) -> i8 {
    let Some(template) = member.template(ruleset) else {
        return 0;
    };
    let heroic = template.heroic && template.heroic_side == crate::vocabulary::RankSide::Physical;
    template.physical.saturating_add(i8::from(heroic))
}

/// Why `chosen` cannot take the field in `battle`, if it cannot.
pub fn check_fielding(
    battle: &CampaignBattle,
    members: &[Member],
    chosen: &[usize],
    ruleset: &Ruleset,
) -> Result<(), String> {
    if chosen.is_empty() {
        return Err("choose at least one member to take the field".into());
    }
    let slots = usize::from(battle.slots).min(battle.places.len());
    if chosen.len() > slots {
        return Err(format!(
            "{} members chosen, but this battle has room for {slots}",
            chosen.len()
        ));
    }
    for (n, &index) in chosen.iter().enumerate() {
        let Some(member) = members.get(index) else {
            return Err("a member chosen is not in the warband".into());
        };
        if chosen[..n].contains(&index) {
            return Err(format!("{} is chosen twice", member.spec.name));
        }
        if !member.can_fight(physical_ranks(member, ruleset)) {
            return Err(format!(
                "{} cannot fight: {}",
                member.spec.name,
                member.standing().words().to_lowercase()
            ));
        }
    }
    Ok(())
}

/// The level of `battle` with `chosen` members (warband indices, in place
/// order) standing in its places, as their advances make them; places left
/// over are emptied, and an
/// escape asks no more of the side than it fields.
pub fn fielded_level(
    level: &Level,
    battle: &CampaignBattle,
    members: &[Member],
    chosen: &[usize],
    ruleset: &Ruleset,
) -> Level {
    let original = level;
    let mut level = level.clone();
    // Places are found in the level as written: a member may share a
    // place's id.
    let spots: Vec<(usize, Option<&Member>)> = battle
        .places
        .iter()
        .enumerate()
        .filter_map(|(n, place)| {
            let at = original.units.iter().position(|u| &u.id == place)?;
            Some((at, chosen.get(n).and_then(|&i| members.get(i))))
        })
        .collect();
    let mut renamed: Vec<(String, Option<String>)> = Vec::new();
    let mut mounts = Vec::new();
    for &(at, member) in &spots {
        let spot = original.units[at].clone();
        let Some(member) = member else {
            renamed.push((spot.id.clone(), None));
            continue;
        };
        let mut rides = spot.rides.clone();
        if rides.is_none()
            && let Some(mount) = &member.spec.mount
        {
            let id = mount_id(&member.spec.id);
            mounts.push(UnitSpec {
                id: id.clone(),
                template: mount.clone(),
                name: Some(format!("{}'s mount", member.spec.name)),
                rides: None,
                overrides: Default::default(),
                carried: Carried::default(),
                ..spot.clone()
            });
            rides = Some(id);
        }
        renamed.push((spot.id.clone(), Some(member.spec.id.clone())));
        level.units[at] = UnitSpec {
            id: member.spec.id.clone(),
            template: member.spec.template.clone(),
            name: Some(member.spec.name.clone()),
            overrides: member.overrides(ruleset),
            mob: None,
            rides,
            carried: Carried {
                ranks_lost: member.ranks_lost,
                injuries: member.injuries(),
            },
            ..spot
        };
    }
    // Empty places leave the table; chariot crews follow their members.
    let emptied: Vec<usize> = spots
        .iter()
        .filter(|(_, member)| member.is_none())
        .map(|&(at, _)| at)
        .collect();
    let mut index = 0;
    level.units.retain(|_| {
        index += 1;
        !emptied.contains(&(index - 1))
    });
    for chariot in &mut level.chariots {
        chariot.crew = chariot
            .crew
            .iter()
            .filter_map(|id| match renamed.iter().find(|(place, _)| place == id) {
                Some((_, to)) => to.clone(),
                None => Some(id.clone()),
            })
            .collect();
    }
    level.chariots.retain(|c| !c.crew.is_empty());
    level.units.extend(mounts);
    let fielded = level.units.iter().filter(|u| u.side == battle.side).count();
    for condition in &mut level.victory {
        if let VictoryCondition::Escape { side, count, .. } = condition
            && side == &battle.side
            && let Some(count) = count
        {
            *count = (*count)
                .min(u32::try_from(fielded).unwrap_or(u32::MAX))
                .max(1);
        }
    }
    level
}
