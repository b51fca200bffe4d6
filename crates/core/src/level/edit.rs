//! The level editor's model: a draft level changed by edits, each one a
//! value applied whole or refused with the reason, with undo and redo; a
//! new level of a chosen size; and the draft's problems, each placed on the
//! tile, edge, unit or side it names so the editor can point at it.

use std::path::Path;

use crate::data::{EdgeFeature, Fatigue, Ruleset, Terrain};
use crate::diagnostics::Diagnostic;

use super::write::write_level;
use super::{EdgeSpec, Level, SideSpec, UnitSpec, VictoryCondition};
use crate::level::validate::validate;
use crate::vocabulary::ZoneCoord;

/// One change a designer makes.
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// Paint a zone's terrain.
    Paint {
        zone: ZoneCoord,
        terrain: Terrain,
    },
    /// Put a feature on the edge between two neighbouring zones (with a
    /// defended edge's choke), or clear it with `None`.
    Edge {
        between: (ZoneCoord, ZoneCoord),
        feature: Option<EdgeFeature>,
        choke: Option<u8>,
    },
    /// Place a new unit.
    Place(UnitSpec),
    /// Move a unit to another zone.
    Move {
        unit: String,
        to: ZoneCoord,
    },
    /// Change a unit (found by its id) to this one.
    Change(UnitSpec),
    Remove {
        unit: String,
    },
    /// Add a side, or change the side with this id.
    Side(SideSpec),
    /// Remove a side; its units go with it.
    RemoveSide {
        side: String,
    },
    Victory(Vec<VictoryCondition>),
    /// Start again on another level (a new one of a chosen size).
    Replace(Level),
    /// The level's own settings.
    Settings {
        name: String,
        briefing: String,
        tile_size: u8,
        round_limit: Option<u32>,
        seed: Option<u64>,
        surprise: Option<String>,
    },
    /// The level's sequence of play.
    Sequence(crate::vocabulary::Sequence),
    /// How tired a side starts the battle (fresh clears it).
    Fatigue {
        side: String,
        fatigue: Fatigue,
    },
}

/// A combatant of `template` for `side` in `zone`, with nothing else set.
pub fn new_unit(id: &str, template: &str, side: &str, zone: ZoneCoord) -> UnitSpec {
    UnitSpec {
        id: id.to_string(),
        template: template.to_string(),
        side: side.to_string(),
        zone,
        name: None,
        group: None,
        mob: None,
        rides: None,
        facing: None,
        landed: false,
        overrides: Default::default(),
        carried: Default::default(),
    }
}

/// The draft level being edited, with what undo and redo return to.
#[derive(Debug, Clone, PartialEq)]
pub struct Draft {
    pub level: Level,
    undone: Vec<Level>,
    redone: Vec<Level>,
    /// Counts the changes, so that work on the draft is redone only when
    /// it has changed.
    version: u64,
    /// The gesture under way (typing into a field, a stroke of the
    /// brush), whose edits make one undo step.
    gesture: Option<String>,
}

/// The most edits undo reaches back.
pub const MOST_UNDO: usize = 500;

/// A level of `width` by `height` zones of `terrain`, with two sides and
/// nothing on it yet.
pub fn blank_level(width: u16, height: u16, terrain: Terrain) -> Level {
    let code = legend_code(terrain);
    let row: String = std::iter::repeat_n(code, usize::from(width.max(1))).collect();
    Level {
        name: "A new level".to_string(),
        briefing: String::new(),
        tile_size: 6,
        legend: [(code, terrain)].into_iter().collect(),
        map: vec![row; usize::from(height.max(1))],
        edges: Vec::new(),
        sides: vec![
            SideSpec {
                id: "heroes".to_string(),
                name: "Heroes".to_string(),
                colour: (0.1, 0.25, 0.8),
                kind: super::SideKind::Heroes,
                controller: super::Controller::Human,
            },
            SideSpec {
                id: "foes".to_string(),
                name: "Foes".to_string(),
                colour: (0.7, 0.15, 0.1),
                kind: super::SideKind::Npcs,
                controller: super::Controller::Ai,
            },
        ],
        units: Vec::new(),
        surprise: None,
        victory: vec![
            VictoryCondition::DefeatAll {
                side: "heroes".to_string(),
            },
            VictoryCondition::DefeatAll {
                side: "foes".to_string(),
            },
        ],
        round_limit: None,
        seed: Some(1),
        neck_and_groin: true,
        surprise_extra_dice: 0,
        fatigue: Default::default(),
        chariots: Vec::new(),
        sequence: Default::default(),
    }
}

/// The legend's letter for a terrain: its first letter where that is free
/// of the others (Rough is `k`, Rocky `o`, Water `~`).
fn legend_code(terrain: Terrain) -> char {
    match terrain {
        Terrain::Grass => 'g',
        Terrain::Woods => 'w',
        Terrain::Rough => 'k',
        Terrain::Rocky => 'o',
        Terrain::Hill => 'h',
        Terrain::Water => '~',
        Terrain::Marsh => 'm',
        Terrain::Road => 'r',
        Terrain::Building => 'b',
    }
}

impl Draft {
    pub fn new(level: Level) -> Self {
        Self {
            level,
            undone: Vec::new(),
            redone: Vec::new(),
            version: 0,
            gesture: None,
        }
    }

    /// Applies an edit whole, or refuses it with the reason and changes
    /// nothing.
    pub fn apply(&mut self, edit: Edit) -> Result<(), String> {
        self.gesture = None;
        self.change(edit, false)
    }

    /// Applies an edit that continues a gesture: the keystrokes in one text
    /// field, or one stroke of the brush, undo as one step until
    /// [`Draft::end_gesture`].
    pub fn apply_continuing(&mut self, edit: Edit, gesture: &str) -> Result<(), String> {
        let same_gesture = self.gesture.as_deref() == Some(gesture) && self.can_undo();
        self.gesture = Some(gesture.to_string());
        self.change(edit, same_gesture)
    }

    /// The gesture is over (the field lost the keyboard, the button was
    /// let go): the next edit is a new step.
    pub fn end_gesture(&mut self) {
        self.gesture = None;
    }

    fn change(&mut self, edit: Edit, into_last_step: bool) -> Result<(), String> {
        let mut level = self.level.clone();
        change(&mut level, edit)?;
        if level != self.level {
            let before = std::mem::replace(&mut self.level, level);
            if !into_last_step {
                self.undone.push(before);
                if self.undone.len() > MOST_UNDO {
                    self.undone.remove(0);
                }
            }
            self.redone.clear();
            self.version += 1;
        }
        Ok(())
    }

    pub fn can_undo(&self) -> bool {
        !self.undone.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redone.is_empty()
    }

    pub fn undo(&mut self) {
        self.gesture = None;
        if let Some(before) = self.undone.pop() {
            self.redone.push(std::mem::replace(&mut self.level, before));
            self.version += 1;
        }
    }

    pub fn redo(&mut self) {
        self.gesture = None;
        if let Some(after) = self.redone.pop() {
            self.undone.push(std::mem::replace(&mut self.level, after));
            self.version += 1;
        }
    }

    /// Which change the draft is at: any edit, undo or redo moves it on.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The draft as the level file it saves as.
    pub fn text(&self) -> String {
        write_level(&self.level)
    }

    /// Every problem the level's check finds in the draft, each with what
    /// it is about.
    pub fn problems(&self, file: &Path, ruleset: &Ruleset) -> Vec<(Diagnostic, Place)> {
        let text = self.text();
        let places = places_by_line(&text, &self.level);
        let mut problems = validate(file, &text, &self.level, ruleset);
        problems.extend(super::validate::colour_problems(file, &text, &self.level));
        problems
            .into_iter()
            .map(|problem| {
                let place = places
                    .iter()
                    .find(|(line, _)| *line == problem.line)
                    .map_or(Place::Level, |(_, place)| place.clone());
                (problem, place)
            })
            .collect()
    }
}

/// What a problem is about, for the editor to point at and select.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    Zone(ZoneCoord),
    Edge((ZoneCoord, ZoneCoord)),
    Unit(String),
    Side(String),
    /// The level's settings, its victory conditions, or the whole level.
    Level,
}

/// The place each line of a written level is about (lines from 1), as
/// [`write_level`] lays it out.
fn places_by_line(text: &str, level: &Level) -> Vec<(usize, Place)> {
    let mut places = Vec::new();
    let mut section = "";
    let mut index = 0;
    for (number, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if let Some(field) = trimmed.strip_suffix(": [") {
            section = field;
            index = 0;
            continue;
        }
        if !line.starts_with("        ") {
            continue;
        }
        let place = match section {
            "map" => Some(Place::Zone(ZoneCoord(
                0,
                u16::try_from(index).unwrap_or(u16::MAX),
            ))),
            "edges" => level.edges.get(index).map(|e| Place::Edge(e.between)),
            "sides" => level.sides.get(index).map(|s| Place::Side(s.id.clone())),
            "units" => level.units.get(index).map(|u| Place::Unit(u.id.clone())),
            "chariots" => level.chariots.get(index).map(|c| Place::Unit(c.id.clone())),
            _ => None,
        };
        if let Some(place) = place {
            places.push((number + 1, place));
        }
        index += 1;
    }
    places
}

fn change(level: &mut Level, edit: Edit) -> Result<(), String> {
    let inside = |level: &Level, zone: ZoneCoord| {
        if level.contains(zone) {
            Ok(())
        } else {
            Err(format!("{zone} is off the map"))
        }
    };
    let unit_at = |level: &Level, id: &str| {
        level
            .units
            .iter()
            .position(|u| u.id == id)
            .ok_or_else(|| format!("there is no combatant {id}"))
    };
    match edit {
        Edit::Paint { zone, terrain } => {
            inside(level, zone)?;
            let code = match level.legend.iter().find(|(_, t)| **t == terrain) {
                Some((code, _)) => *code,
                None => {
                    let mut code = legend_code(terrain);
                    while level.legend.contains_key(&code) {
                        code = char::from_u32(u32::from(code) + 1).unwrap_or('?');
                    }
                    level.legend.insert(code, terrain);
                    code
                }
            };
            let row = &mut level.map[usize::from(zone.1)];
            *row = row
                .chars()
                .enumerate()
                .map(|(x, c)| if x == usize::from(zone.0) { code } else { c })
                .collect();
            // A letter no zone uses any more leaves the legend.
            let used: String = level.map.concat();
            level.legend.retain(|code, _| used.contains(*code));
        }
        Edit::Edge {
            between,
            feature,
            choke,
        } => {
            inside(level, between.0)?;
            inside(level, between.1)?;
            if !between.0.orthogonal_neighbours().any(|n| n == between.1) {
                return Err(format!(
                    "{} and {} are not neighbours",
                    between.0, between.1
                ));
            }
            let same = |e: &EdgeSpec| e.between == between || e.between == (between.1, between.0);
            level.edges.retain(|e| !same(e));
            if let Some(feature) = feature {
                level.edges.push(EdgeSpec {
                    between,
                    feature,
                    choke,
                });
            }
        }
        Edit::Place(unit) => {
            inside(level, unit.zone)?;
            if level.units.iter().any(|u| u.id == unit.id) {
                return Err(format!("another combatant is already called {}", unit.id));
            }
            level.units.push(unit);
        }
        Edit::Move { unit, to } => {
            inside(level, to)?;
            let k = unit_at(level, &unit)?;
            level.units[k].zone = to;
        }
        Edit::Change(unit) => {
            inside(level, unit.zone)?;
            let k = unit_at(level, &unit.id)?;
            level.units[k] = unit;
        }
        Edit::Remove { unit } => {
            let k = unit_at(level, &unit)?;
            level.units.remove(k);
        }
        Edit::Side(side) => match level.sides.iter_mut().find(|s| s.id == side.id) {
            Some(existing) => *existing = side,
            None => level.sides.push(side),
        },
        Edit::RemoveSide { side } => {
            if !level.sides.iter().any(|s| s.id == side) {
                return Err(format!("there is no side {side}"));
            }
            level.sides.retain(|s| s.id != side);
            level.units.retain(|u| u.side != side);
            level.victory.retain(|v| v.side() != side);
            level.fatigue.remove(&side);
        }
        Edit::Victory(conditions) => level.victory = conditions,
        Edit::Replace(other) => *level = other,
        Edit::Settings {
            name,
            briefing,
            tile_size,
            round_limit,
            seed,
            surprise,
        } => {
            level.name = name;
            level.briefing = briefing;
            level.tile_size = tile_size;
            level.round_limit = round_limit;
            level.seed = seed;
            level.surprise = surprise;
        }
        Edit::Sequence(sequence) => level.sequence = sequence,
        Edit::Fatigue { side, fatigue } => {
            if !level.sides.iter().any(|s| s.id == side) {
                return Err(format!("there is no side {side}"));
            }
            if fatigue == Fatigue::Fresh {
                level.fatigue.remove(&side);
            } else {
                level.fatigue.insert(side, fatigue);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::parse_level;

    fn unit(id: &str, template: &str, side: &str, zone: (u16, u16)) -> UnitSpec {
        new_unit(id, template, side, ZoneCoord(zone.0, zone.1))
    }

    #[test]
    fn a_level_built_with_the_editors_edits_saves_loads_back_the_same_and_saves_the_same_bytes() {
        let ruleset = Ruleset::embedded().expect("the built-in data");
        let mut draft = Draft::new(blank_level(4, 3, Terrain::Grass));
        let edits = [
            Edit::Paint {
                zone: ZoneCoord(1, 1),
                terrain: Terrain::Woods,
            },
            Edit::Paint {
                zone: ZoneCoord(2, 0),
                terrain: Terrain::Road,
            },
            Edit::Edge {
                between: (ZoneCoord(1, 0), ZoneCoord(2, 0)),
                feature: Some(EdgeFeature::Wall),
                choke: Some(1),
            },
            Edit::Edge {
                between: (ZoneCoord(0, 2), ZoneCoord(1, 2)),
                feature: Some(EdgeFeature::Hedge),
                choke: None,
            },
            Edit::Place(unit("roland", "hero_swordsman", "heroes", (0, 1))),
            Edit::Place(unit("eagle", "giant_eagle", "heroes", (0, 0))),
            Edit::Place(UnitSpec {
                mob: Some(crate::data::MobTier::Mob),
                ..unit("gang", "goblin", "foes", (3, 1))
            }),
            Edit::Move {
                unit: "gang".to_string(),
                to: ZoneCoord(3, 2),
            },
            Edit::Settings {
                name: "The Wall".to_string(),
                briefing: "Built in the editor.".to_string(),
                tile_size: 6,
                round_limit: Some(12),
                seed: Some(7),
                surprise: None,
            },
        ];
        for edit in edits {
            draft.apply(edit).expect("a fair edit");
        }
        let text = draft.text();
        let read = parse_level(Path::new("the_wall.ron"), &text, &ruleset).expect("it loads back");
        assert_eq!(read, draft.level);
        assert_eq!(
            Draft::new(read).text(),
            text,
            "saving twice gives the same bytes"
        );
        assert_eq!(draft.level.map, ["ggrg", "gwgg", "gggg"]);
        assert!(
            draft
                .problems(Path::new("the_wall.ron"), &ruleset)
                .is_empty()
        );
    }

    #[test]
    fn undo_and_redo_walk_the_edits_and_a_refused_edit_changes_nothing() {
        let mut draft = Draft::new(blank_level(3, 1, Terrain::Grass));
        let blank = draft.level.clone();
        draft
            .apply(Edit::Paint {
                zone: ZoneCoord(2, 0),
                terrain: Terrain::Water,
            })
            .expect("painted");
        let painted = draft.level.clone();
        assert_eq!(
            draft.apply(Edit::Paint {
                zone: ZoneCoord(3, 0),
                terrain: Terrain::Water
            }),
            Err("(3, 0) is off the map".to_string())
        );
        assert_eq!(
            draft.apply(Edit::Move {
                unit: "nobody".to_string(),
                to: ZoneCoord(0, 0)
            }),
            Err("there is no combatant nobody".to_string())
        );
        assert_eq!(draft.level, painted);
        // Only changes move the version on, so the editor checks again.
        assert_eq!(draft.version(), 1);
        draft.undo();
        assert_eq!(draft.version(), 2);
        assert_eq!(draft.level, blank);
        assert!(!draft.can_undo() && draft.can_redo());
        draft.redo();
        assert_eq!(draft.level, painted);
        // Painting the water away again drops its letter from the legend.
        draft
            .apply(Edit::Paint {
                zone: ZoneCoord(2, 0),
                terrain: Terrain::Grass,
            })
            .expect("painted");
        assert_eq!(draft.level.legend.len(), 1);
        assert!(!draft.can_redo());
    }

    fn renamed(level: &Level, name: &str) -> Edit {
        Edit::Settings {
            name: name.to_string(),
            briefing: level.briefing.clone(),
            tile_size: level.tile_size,
            round_limit: level.round_limit,
            seed: level.seed,
            surprise: level.surprise.clone(),
        }
    }

    #[test]
    fn the_keystrokes_typed_into_one_field_undo_as_one_step() {
        let mut draft = Draft::new(blank_level(2, 1, Terrain::Grass));
        for name in ["E", "Ea", "Eag"] {
            let edit = renamed(&draft.level, name);
            draft.apply_continuing(edit, "level name").expect("renamed");
        }
        draft.end_gesture();
        let edit = renamed(&draft.level, "Eagle");
        draft.apply_continuing(edit, "level name").expect("renamed");
        draft.undo();
        assert_eq!(draft.level.name, "Eag");
        draft.undo();
        assert_eq!(draft.level.name, "A new level");
        assert!(!draft.can_undo());
    }

    #[test]
    fn a_sides_fatigue_is_set_cleared_by_fresh_and_goes_with_the_side() {
        let mut draft = Draft::new(blank_level(2, 1, Terrain::Grass));
        let tire = |fatigue| Edit::Fatigue {
            side: "foes".to_string(),
            fatigue,
        };
        draft.apply(tire(Fatigue::Tired)).expect("tired");
        assert_eq!(draft.level.fatigue.get("foes"), Some(&Fatigue::Tired));
        draft.apply(tire(Fatigue::Fresh)).expect("fresh");
        assert!(draft.level.fatigue.is_empty());
        draft.apply(tire(Fatigue::Severe)).expect("severe");
        draft
            .apply(Edit::RemoveSide {
                side: "foes".to_string(),
            })
            .expect("removed");
        assert!(draft.level.fatigue.is_empty());
    }

    #[test]
    fn a_problem_points_at_the_unit_or_zone_it_names() {
        let ruleset = Ruleset::embedded().expect("the built-in data");
        let mut draft = Draft::new(blank_level(3, 2, Terrain::Grass));
        draft
            .apply(Edit::Place(unit(
                "roland",
                "hero_swordsman",
                "heroes",
                (0, 0),
            )))
            .expect("placed");
        draft
            .apply(Edit::Place(unit("bad", "gobbo", "foes", (2, 1))))
            .expect("placed");
        let problems = draft.problems(Path::new("draft.ron"), &ruleset);
        assert!(!problems.is_empty());
        let (problem, place) = &problems[0];
        assert!(
            problem.message.contains("unknown template `gobbo`"),
            "{problem}"
        );
        assert_eq!(*place, Place::Unit("bad".to_string()));
        // A unit left on water: the problem names the unit on it.
        draft
            .apply(Edit::Remove {
                unit: "bad".to_string(),
            })
            .expect("removed");
        draft
            .apply(Edit::Paint {
                zone: ZoneCoord(0, 0),
                terrain: Terrain::Water,
            })
            .expect("painted");
        let problems = draft.problems(Path::new("draft.ron"), &ruleset);
        assert!(
            problems
                .iter()
                .any(|(_, place)| *place == Place::Unit("roland".to_string())),
            "{problems:?}"
        );
    }
}
