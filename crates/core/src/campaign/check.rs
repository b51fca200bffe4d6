//! Loading a campaign and its check: every reference, limit and path of the
//! way on, each problem at its place in the file, like a level's.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use super::format::{Band, Campaign, CampaignBattle, LevelSource, MemberSpec, Town, WayOn};
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

/// Where a campaign's level files may lie.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LevelReach {
    /// In the campaign's own folder, the levels folder beside it, or the
    /// game's levels (shipped and the player's own): a campaign shared by a
    /// friend opens nothing else of the player's.
    Confined,
    /// Anywhere: only when the command line says `--allow-outside`.
    Anywhere,
}

impl LevelReach {
    /// Where the command line lets a campaign's levels lie.
    pub fn allowing_outside(allow_outside: bool) -> Self {
        if allow_outside {
            Self::Anywhere
        } else {
            Self::Confined
        }
    }
}

/// The most problems one campaign reports: the first ones, then a count.
pub const MOST_PROBLEMS: usize = 50;

/// Reads, parses and checks a campaign file and the levels it names, which
/// stay within [`LevelReach::Confined`].
pub fn load_campaign(path: &Path, ruleset: &Ruleset) -> Result<LoadedCampaign, Diagnostics> {
    load_campaign_within(path, ruleset, LevelReach::Confined)
}

/// [`load_campaign`], with its levels within `reach`.
pub fn load_campaign_within(
    path: &Path,
    ruleset: &Ruleset,
    reach: LevelReach,
) -> Result<LoadedCampaign, Diagnostics> {
    let text = crate::files::read_text(path, crate::files::FileKind::Campaign)
        .map_err(|problem| Diagnostics(vec![problem]))?;
    parse_campaign_within(path, &text, ruleset, reach)
}

/// Parses and checks a campaign's text; level files are read relative to
/// the campaign's folder, within [`LevelReach::Confined`].
pub fn parse_campaign(
    path: &Path,
    text: &str,
    ruleset: &Ruleset,
) -> Result<LoadedCampaign, Diagnostics> {
    parse_campaign_within(path, text, ruleset, LevelReach::Confined)
}

/// [`parse_campaign`], with its levels within `reach`. The limits on the
/// campaign's size are checked before any level is read.
pub fn parse_campaign_within(
    path: &Path,
    text: &str,
    ruleset: &Ruleset,
    reach: LevelReach,
) -> Result<LoadedCampaign, Diagnostics> {
    let campaign: Campaign = parse_ron(path, text).map_err(|e| Diagnostics(vec![e]))?;
    let source = SourceText::new(text);
    if let Some(problem) = past_limits(path, &source, &campaign) {
        return Err(Diagnostics(vec![problem]));
    }
    let mut errors = Vec::new();
    let levels = battle_levels(path, text, &campaign, ruleset, reach, &mut errors);
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
        Err(Diagnostics(capped(errors)))
    }
}

/// The first [`MOST_PROBLEMS`] problems, and a last line with the count of
/// the rest.
fn capped(mut errors: Vec<Diagnostic>) -> Vec<Diagnostic> {
    if errors.len() > MOST_PROBLEMS {
        let rest = errors.len() - MOST_PROBLEMS;
        errors.truncate(MOST_PROBLEMS);
        let last = errors[MOST_PROBLEMS - 1].clone();
        errors.push(Diagnostic {
            message: format!("and {rest} more problem(s) not shown"),
            ..last
        });
    }
    errors
}

/// A campaign past the size limits, refused at once, before any level is
/// read or any battle checked.
fn past_limits(path: &Path, source: &SourceText, campaign: &Campaign) -> Option<Diagnostic> {
    (campaign.battles.len() > MOST_BATTLES).then(|| {
        Diagnostic::new(
            path,
            source.field_or_start("battles", "", 0),
            format!(
                "the campaign has {} battles, expected at most {MOST_BATTLES}",
                campaign.battles.len()
            ),
        )
    })
}

/// Each battle's level, loaded and checked; problems go to `errors`.
fn battle_levels(
    path: &Path,
    text: &str,
    campaign: &Campaign,
    ruleset: &Ruleset,
    reach: LevelReach,
    errors: &mut Vec<Diagnostic>,
) -> BTreeMap<String, Level> {
    let source = SourceText::new(text);
    let folder = path.parent().unwrap_or(Path::new(""));
    let mut levels = BTreeMap::new();
    for battle in &campaign.battles {
        match &battle.level {
            LevelSource::File(file) => {
                let at = source.find_string(file, 0).unwrap_or((1, 1));
                let level_path = folder.join(file);
                if reach == LevelReach::Confined && !within_reach(folder, &level_path) {
                    errors.push(Diagnostic::new(
                        path,
                        at,
                        format!(
                            "battle \"{}\": its level lies outside the campaign's folder and the \
                             game's levels (a campaign may name only those; the command line \
                             allows others with --allow-outside)",
                            battle.id
                        ),
                    ));
                    continue;
                }
                match load_level(&level_path, ruleset) {
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

/// Whether a level file the campaign in `folder` names lies, once
/// resolved, where a campaign may read: checked before it is opened, so a
/// file outside is refused alike whether it exists or not.
fn within_reach(folder: &Path, level: &Path) -> bool {
    let folder = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    let beside = folder.join("..").join("levels");
    let shipped = crate::content::path("levels");
    let own = crate::content::own_levels();
    crate::files::inside(level, &[folder, &beside, &shipped, &own])
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
    let names = [Some(&campaign.warband), campaign.rival.as_ref()]
        .into_iter()
        .flatten()
        .map(|warband| ("the warband's", &warband.name));
    for (n, (whose, name)) in [("the campaign's", &campaign.name)]
        .into_iter()
        .chain(names)
        .enumerate()
    {
        if let Some(problem) = crate::names::name_problem(name, crate::names::MOST_NAME_CHARS) {
            error(
                source.field_or_start("name", "", n),
                format!("{whose} name {problem}"),
            );
        }
    }
    for (n, warband) in [Some(&campaign.warband), campaign.rival.as_ref()]
        .into_iter()
        .flatten()
        .enumerate()
    {
        let whose = |what: &str| match n {
            0 => what.to_string(),
            _ => format!("the rival warband: {what}"),
        };
        if warband.cap == 0 || warband.cap > MOST_MEMBERS {
            error(
                source.field_or_start("cap", "", n),
                whose(&format!(
                    "cap is {}, expected 1 to {MOST_MEMBERS}",
                    warband.cap
                )),
            );
        }
        if warband.roster.is_empty() {
            error(
                source.field_or_start("roster", "", n),
                whose("the roster is empty: a warband needs at least one member"),
            );
        }
        if warband.roster.len() > usize::from(warband.cap) {
            error(
                source.field_or_start("roster", "", n),
                whose(&format!(
                    "the roster has {} members, over the warband's cap of {}",
                    warband.roster.len(),
                    warband.cap
                )),
            );
        }
    }
    // Members and recruits of both warbands: unique ids, known templates
    // and mounts.
    let rival = campaign.rival.iter().flat_map(|w| &w.roster);
    let recruits = campaign.battles.iter().flat_map(|b| {
        b.recruits
            .iter()
            .chain(b.rival.iter().flat_map(|r| &r.recruits))
    });
    let mut member_ids = BTreeSet::new();
    for member in campaign.warband.roster.iter().chain(rival).chain(recruits) {
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
    for index in 0..campaign.battles.len() {
        battle_problems(source, campaign, levels, index, &member_ids, &mut error);
    }
    // Roads and the map: at the battle each problem names.
    for problem in road_problems(campaign, ruleset) {
        let battle = problem.split('"').nth(1).unwrap_or_default();
        error(id_at(battle), problem);
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

/// One battle of the campaign: its level, its ways on, the weeks after it,
/// the places its warbands take, its rival's roster and its captives.
fn battle_problems(
    source: &SourceText,
    campaign: &Campaign,
    levels: &BTreeMap<String, Level>,
    index: usize,
    member_ids: &BTreeSet<&str>,
    error: &mut dyn FnMut((usize, usize), String),
) {
    let battle = &campaign.battles[index];
    let id_at = |id: &str| source.field_or_start("id", &format!("\"{id}\""), 0);
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
    let Some(level) = levels.get(&battle.id) else {
        return;
    };
    // Level units the warbands stand in for, which members may share.
    let all_places: Vec<&String> = battle
        .places
        .iter()
        .chain(battle.rival.iter().flat_map(|r| &r.places))
        .collect();
    for band in campaign.bands() {
        let Some(fought) = battle.as_fought_by(band) else {
            error(
                at,
                named(
                    "the campaign has a rival warband, but this battle names no place for it (rival: Some((side, slots, places)))",
                ),
            );
            continue;
        };
        let key_at = |key: &str| match band {
            Band::Warband => source.find_key(key, index),
            Band::Rival => source.find_key("rival", 1 + rivals_before(campaign, index)),
        };
        let whose = match band {
            Band::Warband => "the warband",
            Band::Rival => "the rival warband",
        };
        for (place_at, message) in field_problems(
            &fought,
            level,
            whose,
            |key| key_at(key).unwrap_or(at),
            |value| source.find_string(value, 0),
        ) {
            error(place_at, named(&message));
        }
    }
    if campaign.rival.is_none() && battle.rival.is_some() {
        error(
            source
                .find_key("rival", rivals_before(campaign, index))
                .unwrap_or(at),
            named("it names a place for a rival warband, but the campaign has none"),
        );
    }
    if let Some(rival) = &battle.rival
        && rival.side == battle.side
    {
        error(
            source
                .find_key("rival", 1 + rivals_before(campaign, index))
                .unwrap_or(at),
            named(&format!(
                "the rival warband fights for \"{}\", the warband's own side: they must meet as foes",
                rival.side
            )),
        );
    }
    captive_problems(source, campaign, index, level, &all_places, at, error);
    // Members take their own ids onto the table: none may clash.
    for member in member_ids {
        let clash = [member.to_string(), super::fielding::mount_id(member)]
            .into_iter()
            .any(|id| {
                level
                    .units
                    .iter()
                    .any(|u| u.id == id && !all_places.contains(&&u.id))
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

/// The foes a battle takes captive: units of its level, foes of the
/// warband, not the rival warband's places, and with fates to meet.
fn captive_problems(
    source: &SourceText,
    campaign: &Campaign,
    index: usize,
    level: &Level,
    all_places: &[&String],
    at: (usize, usize),
    error: &mut dyn FnMut((usize, usize), String),
) {
    let battle = &campaign.battles[index];
    let named = |what: &str| format!("battle \"{}\": {what}", battle.id);
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
            Some(_) if all_places.contains(&foe) => error(
                foe_at,
                named(&format!(
                    "unit \"{foe}\" is a place of the rival warband: its members are not taken as captives"
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
}

/// Battles before the `index`-th that name a rival's part.
fn rivals_before(campaign: &Campaign, index: usize) -> usize {
    campaign.battles[..index]
        .iter()
        .filter(|b| b.rival.is_some())
        .count()
}

/// Problems with where one warband (`whose`) takes the field in `fought`:
/// its slots, its side, and its places. `key_at` places a field of it,
/// `string_at` a string.
fn field_problems(
    fought: &CampaignBattle,
    level: &Level,
    whose: &str,
    key_at: impl Fn(&str) -> (usize, usize),
    string_at: impl Fn(&str) -> Option<(usize, usize)>,
) -> Vec<((usize, usize), String)> {
    let mut problems = Vec::new();
    let slots_at = key_at("slots");
    if fought.slots == 0 {
        problems.push((
            slots_at,
            format!("slots is 0: at least one member of {whose} must take the field"),
        ));
    }
    let Some(side) = level.side_index(&fought.side) else {
        let sides: Vec<&str> = level.sides.iter().map(|s| s.id.as_str()).collect();
        problems.push((
            string_at(&fought.side).unwrap_or(slots_at),
            format!(
                "its level has no side \"{}\", expected one of: {}",
                fought.side,
                sides.join(", ")
            ),
        ));
        return problems;
    };
    let side_units = level
        .units
        .iter()
        .filter(|u| level.side_index(&u.side) == Some(side))
        .count();
    if usize::from(fought.slots) > fought.places.len() {
        problems.push((
            slots_at,
            format!(
                "slots is {}, but only {} places are named for {whose} (the side has {side_units} units)",
                fought.slots,
                fought.places.len()
            ),
        ));
    }
    let mut seen = BTreeSet::new();
    for place in &fought.places {
        let place_at = string_at(place).unwrap_or(slots_at);
        match level.units.iter().find(|u| &u.id == place) {
            None => problems.push((
                place_at,
                format!("its level has no unit \"{place}\" to stand in for"),
            )),
            Some(unit) if unit.side != fought.side => problems.push((
                place_at,
                format!(
                    "unit \"{place}\" fights for \"{}\", not {whose}'s side \"{}\"",
                    unit.side, fought.side
                ),
            )),
            Some(_) if !seen.insert(place) => {
                problems.push((place_at, format!("place \"{place}\" is named twice")))
            }
            Some(_) => {}
        }
    }
    problems
}

/// Problems with one member or recruit.
fn member_problems(member: &MemberSpec, ruleset: &Ruleset) -> Vec<String> {
    let mut problems = Vec::new();
    if let Some(problem) = crate::names::name_problem(&member.name, crate::names::MOST_NAME_CHARS) {
        problems.push(format!("member \"{}\": its name {problem}", member.id));
    }
    match ruleset.creatures.get(&member.template) {
        None => problems.push(format!(
            "member \"{}\": unknown template \"{}\", expected one of: {}",
            member.id,
            member.template,
            keys(&ruleset.creatures)
        )),
        // The level's own check of a unit: its template with its changes.
        Some(template) => {
            let mut merged = template.clone();
            crate::level::apply_overrides(&mut merged, &member.overrides);
            let checks = ruleset
                .reference_problems(&merged)
                .into_iter()
                .map(|(_, p)| p);
            for problem in checks.chain(merged.check_numbers()) {
                problems.push(format!("member \"{}\": {problem}", member.id));
            }
            let piece = member
                .worn
                .as_ref()
                .map(|id| (id, ruleset.armour.pieces.get(id)));
            match piece {
                Some((id, None)) => problems.push(format!(
                    "member \"{}\": there is no armour \"{id}\" to wear",
                    member.id
                )),
                Some((_, Some(piece))) if piece.size != merged.size => problems.push(format!(
                    "member \"{}\": the {} fits size {}, and the member is size {}",
                    member.id, piece.name, piece.size, merged.size
                )),
                _ => {}
            }
        }
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
    // The results' ways, and where the roads lead.
    let ways = |id: &str| -> Vec<WayOn> {
        campaign.battle(id).map_or(Vec::new(), |b| {
            let roads = b
                .roads
                .iter()
                .filter_map(|r| r.to.clone().map(WayOn::Battle));
            [b.victory.clone(), b.defeat.clone(), b.draw.clone()]
                .into_iter()
                .chain(roads)
                .collect()
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

/// The most things a town's market sells.
const MOST_WARES: usize = 16;

/// Problems with the campaign's roads, towns and map, each in words.
fn road_problems(campaign: &Campaign, ruleset: &Ruleset) -> Vec<String> {
    let mut problems = Vec::new();
    let on_map = |at: (f32, f32)| (0.0..=1.0).contains(&at.0) && (0.0..=1.0).contains(&at.1);
    for battle in &campaign.battles {
        let named = |what: String| format!("battle \"{}\": {what}", battle.id);
        if battle.at.is_some_and(|at| !on_map(at)) {
            problems.push(named("its place on the map is outside 0 to 1".into()));
        }
        if battle.roads.len() > 4 {
            problems.push(named(format!(
                "it offers {} roads, expected at most 4",
                battle.roads.len()
            )));
        }
        for road in &battle.roads {
            if let Some(why) = crate::names::name_problem(&road.name, crate::names::MOST_NAME_CHARS)
            {
                problems.push(named(format!("a road's name {why}")));
            }
            if let Some(to) = &road.to
                && campaign.battle(to).is_none()
            {
                problems.push(named(format!(
                    "the road \"{}\" leads to battle \"{to}\", which the campaign does not have",
                    road.name
                )));
            }
            if let Some(town) = &road.town {
                if !on_map(town.at) {
                    problems.push(named(format!(
                        "the town of the road \"{}\" is outside the map's 0 to 1",
                        road.name
                    )));
                }
                if let Some(why) =
                    crate::names::name_problem(&town.name, crate::names::MOST_NAME_CHARS)
                {
                    problems.push(named(format!("a town's name {why}")));
                }
                problems.extend(market_problems(town, ruleset).into_iter().map(&named));
            }
        }
    }
    problems
}

/// Problems with what a town's market sells: things the data lacks or
/// that cannot be carried, too many, one listed twice.
fn market_problems(town: &Town, ruleset: &Ruleset) -> Vec<String> {
    let mut problems = Vec::new();
    if town.market.len() > MOST_WARES {
        problems.push(format!(
            "the market of {} sells {} things, expected at most {MOST_WARES}",
            town.name,
            town.market.len()
        ));
    }
    for (n, item) in town.market.iter().enumerate() {
        if town.market[..n].contains(item) {
            problems.push(format!(
                "the market of {} lists \"{item}\" twice",
                town.name
            ));
        }
        if ruleset.thing(item).is_none() {
            problems.push(format!(
                "the market of {} sells \"{item}\", which is no weapon, shield or armour in the data",
                town.name
            ));
        }
    }
    problems
}
