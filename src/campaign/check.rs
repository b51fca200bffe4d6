//! Loading a campaign and its check: every reference, limit and path of the
//! way on, each problem at its place in the file, like a level's.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use super::format::{Campaign, LevelSource, MemberSpec, WayOn};
use crate::data::{Ruleset, keys, parse_ron};
use crate::diagnostics::{Diagnostic, Diagnostics, SourceText};
use crate::level::validate::validate;
use crate::level::{Level, load_level};

/// The most battles, members and weeks a campaign may hold.
pub const MOST_BATTLES: usize = 100;
pub const MOST_MEMBERS: u8 = 24;
pub const MOST_WEEKS: u8 = 52;
pub const MOST_HEALER_DICE: u8 = 20;

/// A campaign that parsed and passed its check, with each battle's level.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadedCampaign {
    pub path: PathBuf,
    pub campaign: Campaign,
    /// Each battle's level, by battle id.
    pub levels: BTreeMap<String, Level>,
}

/// Reads, parses and checks a campaign file and the levels it names.
pub fn load_campaign(path: &Path, ruleset: &Ruleset) -> Result<LoadedCampaign, Diagnostics> {
    let text = crate::files::read_text(path, crate::files::FileKind::Campaign)
        .map_err(|problem| Diagnostics(vec![problem]))?;
    parse_campaign(path, &text, ruleset)
}

/// Parses and checks a campaign's text; level files are read relative to
/// the campaign's folder.
pub fn parse_campaign(
    path: &Path,
    text: &str,
    ruleset: &Ruleset,
) -> Result<LoadedCampaign, Diagnostics> {
    let campaign: Campaign = parse_ron(path, text).map_err(|e| Diagnostics(vec![e]))?;
    let source = SourceText::new(text);
    let mut errors = Vec::new();
    let levels = battle_levels(path, text, &campaign, ruleset, &mut errors);
    errors.extend(check(path, &source, &campaign, &levels, ruleset));
    if errors.is_empty() {
        Ok(LoadedCampaign {
            path: path.to_path_buf(),
            campaign,
            levels,
        })
    } else {
        errors.sort();
        errors.dedup();
        Err(Diagnostics(errors))
    }
}

/// Each battle's level, loaded and checked; problems go to `errors`.
fn battle_levels(
    path: &Path,
    text: &str,
    campaign: &Campaign,
    ruleset: &Ruleset,
    errors: &mut Vec<Diagnostic>,
) -> BTreeMap<String, Level> {
    let source = SourceText::new(text);
    let folder = path.parent().unwrap_or(Path::new(""));
    let mut levels = BTreeMap::new();
    for battle in &campaign.battles {
        match &battle.level {
            LevelSource::File(file) => {
                let at = source.find_string(file, 0).unwrap_or((1, 1));
                match load_level(&folder.join(file), ruleset) {
                    Ok(loaded) => {
                        levels.insert(battle.id.clone(), loaded.level);
                    }
                    Err(problems) => {
                        errors.push(Diagnostic::new(
                            path,
                            at,
                            format!(
                                "battle \"{}\": its level does not load: {}",
                                battle.id,
                                problems.0.first().map_or(String::new(), |d| d.to_string())
                            ),
                        ));
                    }
                }
            }
            LevelSource::Inline(level) => {
                let problems = validate(path, text, level, ruleset);
                if problems.is_empty() {
                    levels.insert(battle.id.clone(), (**level).clone());
                }
                errors.extend(problems.into_iter().map(|d| Diagnostic {
                    message: format!("battle \"{}\"'s level: {}", battle.id, d.message),
                    ..d
                }));
            }
        }
    }
    levels
}

/// Every semantic problem of a parsed campaign whose levels loaded.
fn check(
    path: &Path,
    source: &SourceText,
    campaign: &Campaign,
    levels: &BTreeMap<String, Level>,
    ruleset: &Ruleset,
) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    let mut error = |at: (usize, usize), message: String| {
        errors.push(Diagnostic::new(path, at, message));
    };
    let id_at = |id: &str| source.field_or_start("id", &format!("\"{id}\""), 0);
    if campaign.name.trim().is_empty() {
        error(
            source.field_or_start("name", "", 0),
            "the campaign's name is empty".into(),
        );
    }
    let warband = &campaign.warband;
    if warband.cap == 0 || warband.cap > MOST_MEMBERS {
        error(
            source.field_or_start("cap", "", 0),
            format!("cap is {}, expected 1 to {MOST_MEMBERS}", warband.cap),
        );
    }
    if warband.roster.is_empty() {
        error(
            source.field_or_start("roster", "", 0),
            "the roster is empty: a warband needs at least one member".into(),
        );
    }
    if warband.roster.len() > usize::from(warband.cap) {
        error(
            source.field_or_start("roster", "", 0),
            format!(
                "the roster has {} members, over the warband's cap of {}",
                warband.roster.len(),
                warband.cap
            ),
        );
    }
    // Members and recruits: unique ids, known templates and mounts.
    let recruits = campaign.battles.iter().flat_map(|b| &b.recruits);
    let mut member_ids = BTreeSet::new();
    for member in warband.roster.iter().chain(recruits) {
        let at = id_at(&member.id);
        if !member_ids.insert(member.id.as_str()) {
            error(at, format!("member id \"{}\" is used twice", member.id));
        }
        for problem in member_problems(member, ruleset) {
            error(at, problem);
        }
    }
    // Battles.
    if campaign.battles.is_empty() {
        error(
            source.field_or_start("battles", "", 0),
            "the campaign has no battles".into(),
        );
    }
    if campaign.battles.len() > MOST_BATTLES {
        error(
            source.field_or_start("battles", "", 0),
            format!(
                "the campaign has {} battles, expected at most {MOST_BATTLES}",
                campaign.battles.len()
            ),
        );
    }
    let mut battle_ids = BTreeSet::new();
    for battle in &campaign.battles {
        if !battle_ids.insert(battle.id.as_str()) {
            error(
                id_at(&battle.id),
                format!("battle id \"{}\" is used twice", battle.id),
            );
        }
    }
    if campaign.battle(&campaign.start).is_none() {
        error(
            source.field_or_start("start", "", 0),
            format!(
                "the campaign starts with battle \"{}\", which it does not have",
                campaign.start
            ),
        );
    }
    for (index, battle) in campaign.battles.iter().enumerate() {
        let at = id_at(&battle.id);
        let named = |what: &str| format!("battle \"{}\": {what}", battle.id);
        for (field, way) in [
            ("victory", &battle.victory),
            ("defeat", &battle.defeat),
            ("draw", &battle.draw),
        ] {
            if let WayOn::Battle(next) = way
                && campaign.battle(next).is_none()
            {
                error(
                    source.find_string(next, 0).unwrap_or(at),
                    named(&format!(
                        "its {field} leads to battle \"{next}\", which the campaign does not have"
                    )),
                );
            }
        }
        let after = &battle.after;
        if after.weeks > MOST_WEEKS || after.rest_weeks > MOST_WEEKS {
            error(
                at,
                named(&format!(
                    "its weeks after are {} and {} of rest, expected at most {MOST_WEEKS} each",
                    after.weeks, after.rest_weeks
                )),
            );
        }
        if after.healer.is_some_and(|d| d == 0 || d > MOST_HEALER_DICE) {
            error(
                at,
                named(&format!(
                    "its healer rolls {} dice, expected 1 to {MOST_HEALER_DICE}",
                    after.healer.unwrap_or(0)
                )),
            );
        }
        let slots_at = source.find_key("slots", index).unwrap_or(at);
        if battle.slots == 0 {
            error(
                slots_at,
                named("slots is 0: at least one member must take the field"),
            );
        }
        let Some(level) = levels.get(&battle.id) else {
            continue;
        };
        let Some(side) = level.side_index(&battle.side) else {
            let sides: Vec<&str> = level.sides.iter().map(|s| s.id.as_str()).collect();
            error(
                source.find_string(&battle.side, 0).unwrap_or(at),
                named(&format!(
                    "its level has no side \"{}\", expected one of: {}",
                    battle.side,
                    sides.join(", ")
                )),
            );
            continue;
        };
        let side_units = level
            .units
            .iter()
            .filter(|u| level.side_index(&u.side) == Some(side))
            .count();
        if usize::from(battle.slots) > battle.places.len() {
            error(
                slots_at,
                named(&format!(
                    "slots is {}, but only {} places are named for the warband (the side has {side_units} units)",
                    battle.slots,
                    battle.places.len()
                )),
            );
        }
        let mut seen = BTreeSet::new();
        for place in &battle.places {
            let place_at = source.find_string(place, 0).unwrap_or(at);
            match level.units.iter().find(|u| &u.id == place) {
                None => error(
                    place_at,
                    named(&format!(
                        "its level has no unit \"{place}\" to stand in for"
                    )),
                ),
                Some(unit) if unit.side != battle.side => error(
                    place_at,
                    named(&format!(
                        "unit \"{place}\" fights for \"{}\", not the warband's side \"{}\"",
                        unit.side, battle.side
                    )),
                ),
                Some(_) if !seen.insert(place) => error(
                    place_at,
                    named(&format!("place \"{place}\" is named twice")),
                ),
                Some(_) => {}
            }
        }
        // Battles before this one that name captive foes.
        let foes_before = campaign.battles[..index]
            .iter()
            .filter(|b| !b.captives.foes.is_empty())
            .count();
        for foe in &battle.captives.foes {
            let foe_at = source.find_in_list("foes", foes_before, foe).unwrap_or(at);
            match level.units.iter().find(|u| &u.id == foe) {
                None => error(
                    foe_at,
                    named(&format!("its level has no unit \"{foe}\" to take captive")),
                ),
                Some(unit) if unit.side == battle.side => error(
                    foe_at,
                    named(&format!(
                        "unit \"{foe}\" fights for the warband's side \"{}\": only foes are taken captive",
                        battle.side
                    )),
                ),
                Some(_) if battle.captives.fates.is_empty() => error(
                    foe_at,
                    named(&format!(
                        "captive \"{foe}\" is named but no fates are given: name at least one of Release, Exchange, Join"
                    )),
                ),
                Some(_) => {}
            }
        }
        // Members take their own ids onto the table: none may clash.
        for member in &member_ids {
            let clash = [member.to_string(), super::fielding::mount_id(member)]
                .into_iter()
                .any(|id| {
                    level
                        .units
                        .iter()
                        .any(|u| u.id == id && !battle.places.contains(&u.id))
                        || level.chariots.iter().any(|c| c.id == id)
                });
            if clash {
                error(
                    id_at(member),
                    format!(
                        "member \"{member}\" has the id of a unit in battle \"{}\"'s level; members' ids must be their own",
                        battle.id
                    ),
                );
            }
        }
    }
    for id in battles_without_an_end(campaign) {
        error(
            id_at(&id),
            format!(
                "battle \"{id}\" can never lead to the campaign's end: every way on from it leads back"
            ),
        );
    }
    errors
}

/// Problems with one member or recruit.
fn member_problems(member: &MemberSpec, ruleset: &Ruleset) -> Vec<String> {
    let mut problems = Vec::new();
    if member.name.trim().is_empty() {
        problems.push(format!("member \"{}\" has an empty name", member.id));
    }
    if !ruleset.creatures.contains_key(&member.template) {
        problems.push(format!(
            "member \"{}\": unknown template \"{}\", expected one of: {}",
            member.id,
            member.template,
            keys(&ruleset.creatures)
        ));
    }
    if let Some(mount) = &member.mount {
        match ruleset.creatures.get(mount) {
            None => problems.push(format!(
                "member \"{}\": unknown mount template \"{mount}\"",
                member.id
            )),
            Some(template) if !template.mount => problems.push(format!(
                "member \"{}\": \"{mount}\" cannot be ridden (its template is not a mount)",
                member.id
            )),
            Some(_) => {}
        }
    }
    problems
}

/// Battles reached from the start whose every path loops without reaching
/// a victory or a defeat of the campaign.
fn battles_without_an_end(campaign: &Campaign) -> Vec<String> {
    let ways = |id: &str| -> Vec<WayOn> {
        campaign.battle(id).map_or(Vec::new(), |b| {
            vec![b.victory.clone(), b.defeat.clone(), b.draw.clone()]
        })
    };
    // Battles that can reach an end, grown to a fixpoint.
    let mut ending: BTreeSet<&str> = BTreeSet::new();
    loop {
        let before = ending.len();
        for battle in &campaign.battles {
            let ends = ways(&battle.id).iter().any(|way| match way {
                WayOn::Won | WayOn::Lost => true,
                WayOn::Battle(next) => ending.contains(next.as_str()),
            });
            if ends {
                ending.insert(&battle.id);
            }
        }
        if ending.len() == before {
            break;
        }
    }
    let mut reached = BTreeSet::new();
    let mut next = vec![campaign.start.clone()];
    while let Some(id) = next.pop() {
        if campaign.battle(&id).is_none() || !reached.insert(id.clone()) {
            continue;
        }
        for way in ways(&id) {
            if let WayOn::Battle(to) = way {
                next.push(to);
            }
        }
    }
    reached
        .into_iter()
        .filter(|id| !ending.contains(id.as_str()))
        .collect()
}
