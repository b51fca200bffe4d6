//! The level check: every reference, limit and placement a level file
//! makes, each problem at its place in the file.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::*;
use crate::data::{CreatureTemplate, Ruleset, keys};
use crate::diagnostics::{Diagnostic, SourceText};

/// The most characters a level, side or unit name may have: it is shown on
/// cards, menus and the log.
pub use crate::names::MOST_NAME_CHARS;

/// Why a name players will read cannot be shown, if it cannot.
fn name_problem(name: &str) -> Option<String> {
    crate::names::name_problem(name, MOST_NAME_CHARS)
}

/// The most zones on a side of the map, and the most units (chariot teams
/// included) a level may field (docs/LEVELS.md, Limits).
pub const MOST_MAP_SIDE: usize = 64;
pub const MOST_UNITS: usize = 100;
/// The most rounds a battle may last, and the most extra action dice of a
/// severe surprise.
pub const MOST_ROUNDS: u32 = 100;
pub const MOST_SURPRISE_DICE: u8 = 6;
/// The most victory conditions a level lists, and the most injuries a
/// combatant carries into a battle.
pub const MOST_VICTORY: usize = 20;
pub const MOST_CARRIED_INJURIES: usize = 20;

/// A level past the size limits, refused at once, before any per-unit work.
fn size_problems(level: &Level, source: &SourceText) -> Vec<((usize, usize), String)> {
    let mut problems = Vec::new();
    let widest = level.map.iter().map(|row| row.chars().count()).max();
    if level.map.len() > MOST_MAP_SIDE || widest.is_some_and(|w| w > MOST_MAP_SIDE) {
        problems.push((
            source.field_or_start("map", "", 0),
            format!(
                "the map is {} zones wide and {} long, expected at most {MOST_MAP_SIDE} each way",
                widest.unwrap_or(0),
                level.map.len()
            ),
        ));
    }
    let units = level.units.len() + level.chariots.len();
    if units > MOST_UNITS {
        problems.push((
            source.field_or_start("units", "", 0),
            format!(
                "the level fields {units} units (chariot teams included), expected at most {MOST_UNITS}"
            ),
        ));
    }
    if level.victory.len() > MOST_VICTORY {
        problems.push((
            source.field_or_start("victory", "", 0),
            format!(
                "{} victory conditions, expected at most {MOST_VICTORY}",
                level.victory.len()
            ),
        ));
    }
    for (index, unit) in level.units.iter().enumerate() {
        let injuries = unit.carried.injuries.len();
        if injuries > MOST_CARRIED_INJURIES {
            problems.push((
                source.find_key("injuries", 0).map_or_else(
                    || source.field_or_start("units", "", 0),
                    |at| source.find_key("carried", index).unwrap_or(at),
                ),
                format!(
                    "unit `{}` carries {injuries} injuries, expected at most {MOST_CARRIED_INJURIES}",
                    unit.id
                ),
            ));
        }
    }
    problems
}

/// Every semantic problem of a parsed level.
pub fn validate(path: &Path, text: &str, level: &Level, ruleset: &Ruleset) -> Vec<Diagnostic> {
    let source = SourceText::new(text);
    let mut errors = Vec::new();
    let too_big = size_problems(level, &source);
    if !too_big.is_empty() {
        return too_big
            .into_iter()
            .map(|(at, message)| Diagnostic::new(path, at, message))
            .collect();
    }
    let mut error =
        |at: (usize, usize), message: String| errors.push(Diagnostic::new(path, at, message));

    settings_problems(level, &source, &mut error);
    map_problems(level, &source, &mut error);
    edge_problems(level, &source, &mut error);
    let side_ids = side_problems(level, &source, &mut error);
    unit_problems(level, ruleset, &source, &side_ids, &mut error);
    victory_problems(level, ruleset, &source, &mut error);
    errors
}

/// The level's own settings: its name, tile size, round limit and
/// surprise dice.
fn settings_problems(
    level: &Level,
    source: &SourceText,
    error: &mut dyn FnMut((usize, usize), String),
) {
    if let Some(problem) = name_problem(&level.name) {
        error(
            source.field_or_start("name", "", 0),
            format!("the level's name {problem}"),
        );
    }
    if level.tile_size != 6 && level.tile_size != 9 {
        error(
            source.field_or_start("tile_size", "", 0),
            format!("tile_size is {}, expected 6 or 9 (inches)", level.tile_size),
        );
    }
    if let Some(limit) = level.round_limit
        && !(1..=MOST_ROUNDS).contains(&limit)
    {
        error(
            source.field_or_start("round_limit", "", 0),
            format!("round_limit is {limit}, expected 1 to {MOST_ROUNDS}"),
        );
    }
    if level.surprise_extra_dice > MOST_SURPRISE_DICE {
        error(
            source.field_or_start("surprise_extra_dice", "", 0),
            format!(
                "surprise_extra_dice is {}, expected 0 to {MOST_SURPRISE_DICE}",
                level.surprise_extra_dice
            ),
        );
    }
}

/// The map: its rows, each as wide as the first, and every tile code in
/// the legend.
fn map_problems(level: &Level, source: &SourceText, error: &mut dyn FnMut((usize, usize), String)) {
    if level.map.is_empty() {
        error(
            source.field_or_start("map", "", 0),
            "the map has no rows".into(),
        );
    }
    let width = level.width() as usize;
    if level.map.first().is_some_and(|row| row.is_empty()) {
        error(
            source.find_list_string("map", 0).unwrap_or((1, 1)),
            "the map's first row is empty".into(),
        );
    }
    for (row_index, row) in level.map.iter().enumerate() {
        let at = source.find_list_string("map", row_index).unwrap_or((1, 1));
        let length = row.chars().count();
        if length != width {
            error(
                at,
                format!(
                    "map row {row_index} has {length} zones, expected {width} like the first row"
                ),
            );
        }
        for (column, code) in row.chars().enumerate() {
            if !level.legend.contains_key(&code) {
                let known: String = level.legend.keys().collect();
                error(
                    (at.0, at.1 + 1 + column),
                    format!(
                        "unknown tile code '{code}' at zone ({column}, {row_index}), expected one of \"{known}\" from the legend"
                    ),
                );
            }
        }
    }
}

/// The edge features: one an edge, on the map, between neighbours.
fn edge_problems(
    level: &Level,
    source: &SourceText,
    error: &mut dyn FnMut((usize, usize), String),
) {
    let mut edges_seen = BTreeMap::new();
    for (index, edge) in level.edges.iter().enumerate() {
        let at = source.find_key("between", index).unwrap_or((1, 1));
        let (a, b) = edge.between;
        if let Some(first) = edges_seen.insert((a.min(b), a.max(b)), at) {
            error(
                at,
                format!(
                    "edge between {a} and {b}: that edge already has a feature, at line {} \
                     column {}; an edge holds one",
                    first.0, first.1
                ),
            );
        }
        for zone in [a, b] {
            if !level.contains(zone) {
                error(
                    at,
                    format!("edge between {a} and {b}: zone {zone} is off the map"),
                );
            }
        }
        if !a.orthogonal_to(b) {
            error(
                at,
                format!("edge between {a} and {b}: the zones must share an edge"),
            );
        }
        if edge.choke == Some(0) {
            error(
                at,
                format!("edge between {a} and {b}: a choke value must be at least 1"),
            );
        }
    }
}

/// The sides: ids one each, names, colours, each fielding someone; and
/// what names a side (fatigue, surprise dice). Returns the sides' ids.
/// Two sides whose colours look alike to a player with typical sight or
/// with one of the common colour blindnesses: a designer's rule, checked
/// by `check` and the editor, not a reason to refuse a level a replay, a
/// save or a network game already holds.
pub fn colour_problems(path: &Path, text: &str, level: &Level) -> Vec<Diagnostic> {
    let source = SourceText::new(text);
    let mut problems = Vec::new();
    for (index, side) in level.sides.iter().enumerate() {
        for earlier in &level.sides[..index] {
            if let Some((sight, difference)) =
                colour_sight::looks_alike(earlier.colour, side.colour)
            {
                // Only sides have a colour, so the side's is the index-th.
                let at = source.field_or_start("colour", "", index);
                let message = format!(
                    "sides `{}` and `{}`: their colours look alike to a player with {} \
                     (a difference of {difference:.0}, under {}): choose colours further apart",
                    earlier.id,
                    side.id,
                    sight.describe(),
                    colour_sight::LEAST_DIFFERENCE
                );
                problems.push(Diagnostic::new(path, at, message));
            }
        }
    }
    problems
}

fn side_problems<'a>(
    level: &'a Level,
    source: &SourceText,
    error: &mut dyn FnMut((usize, usize), String),
) -> BTreeSet<&'a str> {
    let mut side_ids = BTreeSet::new();
    for (index, side) in level.sides.iter().enumerate() {
        let at = source.field_or_start(
            "id",
            &format!("\"{}\"", side.id),
            side_occurrence(level, index),
        );
        if !side_ids.insert(side.id.as_str()) {
            error(at, format!("duplicate side id `{}`", side.id));
        }
        if side.id.is_empty() {
            error(at, "a side id is empty".into());
        }
        if let Some(problem) = name_problem(&side.name) {
            let name_at = source.find_string(&side.name, 0).unwrap_or(at);
            error(name_at, format!("side `{}`: its name {problem}", side.id));
        }
        let (r, g, b) = side.colour;
        if [r, g, b].iter().any(|c| !(0.0..=1.0).contains(c)) {
            error(
                at,
                format!(
                    "side `{}`: colour components must be between 0 and 1",
                    side.id
                ),
            );
        }
        if !level.units.iter().any(|unit| unit.side == side.id) {
            error(at, format!("side `{}` has no units", side.id));
        }
    }
    if level.sides.len() < 2 {
        error(
            source.field_or_start("sides", "", 0),
            "a battle needs at least two sides".into(),
        );
    }
    for side in level.fatigue.keys() {
        if !side_ids.contains(side.as_str()) {
            error(
                source.find_key("fatigue", 0).unwrap_or((1, 1)),
                format!("`fatigue` names an unknown side `{side}`"),
            );
        }
    }
    if level.surprise_extra_dice > 0 && level.surprise.is_none() {
        error(
            source.find_key("surprise_extra_dice", 0).unwrap_or((1, 1)),
            "`surprise_extra_dice` needs a side with `surprise`".into(),
        );
    }
    side_ids
}

/// The units: ids one each and none a side's, names, templates, sides and
/// zones that exist, and each fielded as its template allows; then riders
/// and chariots.
fn unit_problems(
    level: &Level,
    ruleset: &Ruleset,
    source: &SourceText,
    side_ids: &BTreeSet<&str>,
    error: &mut dyn FnMut((usize, usize), String),
) {
    let side_list = side_list(level);
    let mut unit_ids = BTreeMap::<&str, usize>::new();
    let mut template_seen = BTreeMap::<&str, usize>::new();
    let mut side_seen = BTreeMap::<&str, usize>::new();
    for (index, unit) in level.units.iter().enumerate() {
        let id_value = format!("\"{}\"", unit.id);
        let occurrence = unit_ids.entry(unit.id.as_str()).or_default();
        let id_at = source.field_or_start(
            "id",
            &id_value,
            side_ids.contains(unit.id.as_str()) as usize + *occurrence,
        );
        if *occurrence > 0 {
            error(id_at, format!("duplicate unit id `{}`", unit.id));
        }
        if unit.id.is_empty() {
            error(id_at, "a unit id is empty".into());
        }
        if side_ids.contains(unit.id.as_str()) {
            error(
                id_at,
                format!(
                    "unit id `{}` is also a side's id; commands and scripts need every id to name one thing",
                    unit.id
                ),
            );
        }
        if let Some(problem) = unit.name.as_deref().and_then(name_problem) {
            error(id_at, format!("unit `{}`: its name {problem}", unit.id));
        }
        *occurrence += 1;
        let zone_at = source.find_key("zone", index).unwrap_or(id_at);

        let seen = template_seen.entry(unit.template.as_str()).or_default();
        let template_at =
            source.field_or_start("template", &format!("\"{}\"", unit.template), *seen);
        *seen += 1;
        let template = ruleset.creatures.get(&unit.template);
        if template.is_none() {
            error(
                template_at,
                format!(
                    "unit `{}`: unknown template `{}`, expected one of: {}",
                    unit.id,
                    unit.template,
                    keys(&ruleset.creatures)
                ),
            );
        }

        let seen = side_seen.entry(unit.side.as_str()).or_default();
        let side_at = source.field_or_start("side", &format!("\"{}\"", unit.side), *seen);
        *seen += 1;
        if level.side_index(&unit.side).is_none() {
            error(
                side_at,
                format!(
                    "unit `{}`: unknown side `{}`, expected one of: {side_list}",
                    unit.id, unit.side
                ),
            );
        }

        if !level.contains(unit.zone) {
            error(
                zone_at,
                format!(
                    "unit `{}`: zone {} is outside the {}x{} map",
                    unit.id,
                    unit.zone,
                    level.width(),
                    level.height()
                ),
            );
        } else if let Some(terrain) = level.terrain(unit.zone)
            && ruleset
                .terrain
                .terrain
                .get(&terrain)
                .is_some_and(|info| !info.passable)
        {
            error(
                zone_at,
                format!(
                    "unit `{}`: zone {} is {terrain:?}, which nobody can stand in",
                    unit.id, unit.zone
                ),
            );
        }

        if let Some(template) = template {
            fielded_problems(ruleset, source, unit, template, id_at, error);
        }
    }
    if level.units.is_empty() {
        error(
            source.field_or_start("units", "", 0),
            "the level has no units".into(),
        );
    }
    for problem in validate_riding(level, ruleset, source) {
        error(problem.0, problem.1);
    }
}

/// One unit as fielded, its template with the level's changes: what it
/// refers to, its numbers, its ranks, what it carries in, and its mob.
fn fielded_problems(
    ruleset: &Ruleset,
    source: &SourceText,
    unit: &UnitSpec,
    template: &CreatureTemplate,
    id_at: (usize, usize),
    error: &mut dyn FnMut((usize, usize), String),
) {
    let mut merged = template.clone();
    apply_overrides(&mut merged, &unit.overrides);
    for (name, problem) in ruleset.reference_problems(&merged) {
        let at = source
            .find_string(name, 0)
            .filter(|_| !name.is_empty())
            .unwrap_or(id_at);
        error(at, format!("unit `{}`: {problem}", unit.id));
    }
    for problem in merged.check_numbers() {
        error(id_at, format!("unit `{}`: {problem}", unit.id));
    }
    // Rank 9 never falls (RULES §20): only a template or override that
    // asks for 9 may have it, never one that adds up to it.
    let (physical, mental) = fielded_ranks(unit, &merged, ruleset);
    for (track, asked, fielded) in [
        ("physical", merged.physical, physical),
        ("mental", merged.mental, mental),
    ] {
        if fielded >= 9 && fielded != asked {
            error(
                id_at,
                format!(
                    "unit `{}`: its {track} rank adds up to {fielded} ({asked} from its \
                     template, the rest from its group's tier or its Heroic rank); a rank \
                     of 9 never falls and the normal most is 8. Ask for it with \
                     {track}: Some(9), or field a smaller group",
                    unit.id
                ),
            );
        }
    }
    // Wounds carried in must leave it a rank to stand on.
    if unit.carried.ranks_lost > 0 && i32::from(unit.carried.ranks_lost) >= i32::from(physical) {
        error(
            source.find_key("ranks_lost", 0).unwrap_or(id_at),
            format!(
                "unit `{}`: it carries {} physical ranks lost into the battle and has {physical}; it must keep at least one",
                unit.id, unit.carried.ranks_lost
            ),
        );
    }
    // A swarm is of level-0 creatures, and they group only as a
    // swarm (RULES §38).
    match unit.mob {
        Some(crate::data::MobTier::Swarm) if merged.physical != 0 => error(
            id_at,
            format!(
                "unit `{}`: a swarm is of level-0 creatures (physical 0), and its \
                 template has physical {}; group it as a Mob, Crowd or Horde instead",
                unit.id, merged.physical
            ),
        ),
        Some(tier) if tier != crate::data::MobTier::Swarm && merged.physical == 0 => error(
            id_at,
            format!(
                "unit `{}`: level-0 creatures (physical 0) group only as a Swarm, \
                     expected mob: Some(Swarm)",
                unit.id
            ),
        ),
        _ => {}
    }
    if unit.mob.is_some() && merged.heroic {
        error(
            id_at,
            format!(
                "unit `{}`: a heroic combatant cannot be a mob; mobs are grouped NPCs",
                unit.id
            ),
        );
    }
}

/// Surprise, and each victory condition: its side, what it names, and its
/// counts and rounds within what the level fields and lasts.
fn victory_problems(
    level: &Level,
    ruleset: &Ruleset,
    source: &SourceText,
    error: &mut dyn FnMut((usize, usize), String),
) {
    let side_list = side_list(level);
    if let Some(side) = &level.surprise
        && level.side_index(side).is_none()
    {
        error(
            source.field_or_start("surprise", "", 0),
            format!("surprise names unknown side `{side}`, expected one of: {side_list}"),
        );
    }
    let fielding = level.with_chariot_teams(ruleset);
    let round_limit = level
        .round_limit
        .unwrap_or(ruleset.rules.default_round_limit);
    for (index, condition) in level.victory.iter().enumerate() {
        let at = victory_position(source, level, index);
        if level.side_index(condition.side()).is_none() {
            error(
                at,
                format!(
                    "victory condition names unknown side `{}`, expected one of: {side_list}",
                    condition.side()
                ),
            );
        }
        match condition {
            VictoryCondition::HoldZone { zone, rounds, .. } => {
                if !level.contains(*zone) {
                    error(
                        at,
                        format!(
                            "HoldZone zone {zone} is off the {}x{} map",
                            level.width(),
                            level.height()
                        ),
                    );
                }
                if *rounds == 0 {
                    error(at, "HoldZone needs at least 1 round".into());
                }
            }
            VictoryCondition::Survive { rounds, .. } if *rounds == 0 => {
                error(at, "Survive needs at least 1 round".into());
            }
            VictoryCondition::Escape { count: Some(0), .. } => {
                error(at, "Escape needs a count of at least 1".into());
            }
            VictoryCondition::Escape {
                side,
                count: Some(count),
                ..
            } => {
                let fielded = fielding
                    .units
                    .iter()
                    .filter(|unit| unit.side == *side)
                    .count();
                if *count as usize > fielded {
                    error(
                        at,
                        format!(
                            "Escape needs {count} of `{side}` off the table, and it fields \
                             {fielded}: expected a count of 1 to {fielded}"
                        ),
                    );
                }
            }
            _ => {}
        }
        if let VictoryCondition::HoldZone { rounds, .. } | VictoryCondition::Survive { rounds, .. } =
            condition
            && *rounds > round_limit
        {
            error(
                at,
                format!(
                    "{rounds} rounds is past the round limit of {round_limit}, when the battle \
                     ends as a draw: expected at most {round_limit}"
                ),
            );
        }
    }
}

/// The sides' ids, for a message that lists them.
fn side_list(level: &Level) -> String {
    level
        .sides
        .iter()
        .map(|s| s.id.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The mounts riders start on, and the chariots with their crews: each
/// problem with where it is in the text.
fn validate_riding(
    level: &Level,
    ruleset: &Ruleset,
    source: &SourceText,
) -> Vec<((usize, usize), String)> {
    let mut problems = Vec::new();
    let unit = |id: &str| level.units.iter().find(|u| u.id == id);
    let template_of = |spec: &UnitSpec| ruleset.creatures.get(&spec.template);
    let mut ridden = BTreeSet::new();
    for (index, spec) in level.units.iter().enumerate() {
        if let Some(flyer) = template_of(spec)
            && flyer.flight.is_none()
            && (spec.facing.is_some() || spec.landed)
        {
            let at = source
                .find_key("facing", 0)
                .or_else(|| source.find_key("landed", 0));
            problems.push((
                at.unwrap_or((1, 1)),
                format!("unit `{}`: facing and landed are for flyers", spec.id),
            ));
        }
        let Some(mount_id) = &spec.rides else {
            continue;
        };
        let at = source.find_string(mount_id, 0).unwrap_or((1, 1));
        let Some(mount) = unit(mount_id) else {
            problems.push((
                at,
                format!("unit `{}` rides an unknown unit `{mount_id}`", spec.id),
            ));
            continue;
        };
        if !template_of(mount).is_some_and(|t| t.mount) {
            problems.push((
                at,
                format!(
                    "unit `{}` rides `{mount_id}`, whose template `{}` is not a mount",
                    spec.id, mount.template
                ),
            ));
        }
        if mount.side != spec.side || mount.zone != spec.zone {
            problems.push((
                at,
                format!(
                    "unit `{}` rides `{mount_id}`: a rider starts on a mount of its side, in its zone",
                    spec.id
                ),
            ));
        }
        if mount.rides.is_some() || mount_id == &spec.id {
            problems.push((
                at,
                format!("`{mount_id}` cannot carry a rider while riding itself"),
            ));
        }
        if !ridden.insert(mount_id.as_str()) {
            problems.push((
                at,
                format!("`{mount_id}` already carries a rider (unit {index})"),
            ));
        }
    }
    let rules = &ruleset.rules.chariots;
    let mut crews = BTreeSet::new();
    for (index, chariot) in level.chariots.iter().enumerate() {
        let at = source
            .find_string(&chariot.id, 0)
            .or_else(|| source.find_key("chariots", 0))
            .unwrap_or((1, 1));
        let mut problem =
            |message: String| problems.push((at, format!("chariot `{}`: {message}", chariot.id)));
        if unit(&chariot.id).is_some() || level.chariots[..index].iter().any(|c| c.id == chariot.id)
        {
            problem("its id is already a unit's or another chariot's".into());
        }
        if level.side_index(&chariot.side).is_none() {
            problem(format!("unknown side `{}`", chariot.side));
        }
        if !level.contains(chariot.zone) {
            problem(format!("zone {} is off the map", chariot.zone));
        } else if let Some(terrain) = level.terrain(chariot.zone)
            && rules.impassable.contains(&terrain)
        {
            problem(format!(
                "zone {} is {terrain:?}, where no chariot can go",
                chariot.zone
            ));
        }
        let (kind, horses) = chariot.resolved(ruleset);
        if let Some(nation_id) = &chariot.nation {
            match rules.nations.get(nation_id) {
                None => problem(format!(
                    "unknown nation `{nation_id}`, expected one of: {}",
                    keys(&rules.nations)
                )),
                Some(nation) => {
                    if !nation.kinds.contains(&kind) {
                        problem(format!(
                            "the {} fielded no {kind:?} chariots (only {:?})",
                            nation.name, nation.kinds
                        ));
                    }
                    if !nation.horses.contains(&horses) {
                        problem(format!(
                            "the {} fielded no {horses:?}-horse teams (only {:?})",
                            nation.name, nation.horses
                        ));
                    }
                }
            }
        }
        let capacity = rules.kinds.get(&kind).map_or(0, |k| k.crew);
        if chariot.crew.is_empty() {
            problem("it needs a crew, the driver first".into());
        }
        if chariot.crew.len() > usize::from(capacity) {
            problem(format!(
                "a {kind:?} chariot carries at most {capacity}, not {}",
                chariot.crew.len()
            ));
        }
        for member in &chariot.crew {
            match unit(member) {
                None => problem(format!("unknown crew unit `{member}`")),
                Some(spec) => {
                    if spec.side != chariot.side || spec.zone != chariot.zone {
                        problem(format!(
                            "crew `{member}` must be of side `{}` and stand in {}",
                            chariot.side, chariot.zone
                        ));
                    }
                    if spec.rides.is_some() || spec.mob.is_some() {
                        problem(format!("crew `{member}` cannot ride a mount or be a mob"));
                    }
                }
            }
            if !crews.insert(member.as_str()) {
                problem(format!("`{member}` is in the crew of two chariots"));
            }
        }
    }
    problems
}

fn side_occurrence(level: &Level, index: usize) -> usize {
    // A side's `id:` comes before any unit's, so earlier sides with the same id count.
    level.sides[..index]
        .iter()
        .filter(|s| s.id == level.sides[index].id)
        .count()
}

fn victory_position(source: &SourceText, level: &Level, index: usize) -> (usize, usize) {
    let variant = |c: &VictoryCondition| match c {
        VictoryCondition::DefeatAll { .. } => "DefeatAll",
        VictoryCondition::HoldZone { .. } => "HoldZone",
        VictoryCondition::Escape { .. } => "Escape",
        VictoryCondition::Survive { .. } => "Survive",
    };
    let name = variant(&level.victory[index]);
    let occurrence = level.victory[..index]
        .iter()
        .filter(|c| variant(c) == name)
        .count();
    source
        .find_word(name, occurrence)
        .or_else(|| source.find_key("victory", 0))
        .unwrap_or((1, 1))
}
