//! The game's data: weapons, creature templates, the action catalogue, the
//! rule numbers and terrain, all RON files under `assets/data/`.
//!
//! Each file parses on its own with exact syntax errors; then [`Ruleset::validate`]
//! checks the references between them.

mod armour;
mod catalogue;
mod check;
mod types;

pub use crate::unique_keys::{UniqueMap, unique_keys};
pub use armour::*;
pub use catalogue::*;
pub use types::*;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

use crate::diagnostics::{Diagnostic, Diagnostics};
pub use crate::rules::aftermath::AftermathRules;
pub use crate::rules::injury::InjuryTables;
use crate::rules::payment::Cost;

/// The file names of the data folder, and what each holds.
pub const WEAPONS_FILE: &str = "weapons.ron";
pub const CREATURES_FILE: &str = "creatures.ron";
pub const ACTIONS_FILE: &str = "actions.ron";
pub const RULES_FILE: &str = "rules.ron";
pub const TERRAIN_FILE: &str = "terrain.ron";
pub const INJURIES_FILE: &str = "injuries.ron";
/// Read by campaigns only, so it is not part of a battle's content hash.
pub const AFTERMATH_FILE: &str = "aftermath.ron";
/// Read by campaigns only; a data folder without it takes the shipped one.
pub const ARMOUR_FILE: &str = "armour.ron";

/// Which kind of data file a path is, by its file name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DataKind {
    Weapons,
    Creatures,
    Actions,
    Rules,
    Terrain,
    Injuries,
    Aftermath,
    Armour,
}

impl DataKind {
    pub fn of(path: &Path) -> Option<Self> {
        match path.file_name()?.to_str()? {
            WEAPONS_FILE => Some(Self::Weapons),
            CREATURES_FILE => Some(Self::Creatures),
            ACTIONS_FILE => Some(Self::Actions),
            RULES_FILE => Some(Self::Rules),
            TERRAIN_FILE => Some(Self::Terrain),
            INJURIES_FILE => Some(Self::Injuries),
            AFTERMATH_FILE => Some(Self::Aftermath),
            ARMOUR_FILE => Some(Self::Armour),
            _ => None,
        }
    }
}

/// Everything the rules need besides the level, as one value.
#[derive(Debug, Clone, PartialEq)]
pub struct Ruleset {
    pub weapons: BTreeMap<String, Weapon>,
    pub creatures: BTreeMap<String, CreatureTemplate>,
    pub actions: ActionCatalogue,
    pub rules: RuleNumbers,
    pub terrain: TerrainTable,
    pub injuries: InjuryTables,
    /// What a warband's members wear between battles (campaigns only).
    pub armour: ArmourCatalogue,
    /// Where each part came from, for error messages.
    pub sources: DataSources,
}

/// The text and path of each data file, kept to place semantic errors.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DataSources {
    pub weapons: (PathBuf, String),
    pub creatures: (PathBuf, String),
    pub actions: (PathBuf, String),
    pub rules: (PathBuf, String),
    pub terrain: (PathBuf, String),
    pub injuries: (PathBuf, String),
    /// Empty: the shipped `armour.ron`.
    pub armour: (PathBuf, String),
}

/// Parses RON text into `T`, with the file's path on any error.
pub fn parse_ron<T: DeserializeOwned>(path: &Path, text: &str) -> Result<T, Diagnostic> {
    ron::Options::default()
        .from_str(text)
        .map_err(|error| Diagnostic::from_ron(path, &error))
}

fn read(path: &Path) -> Result<String, Diagnostic> {
    crate::files::read_text(path, crate::files::FileKind::Data)
}

/// A file of the player's the game reads by itself (settings, progress),
/// as RON: the value and its text, `None` when there is no file yet, or
/// what is wrong with it at its place.
pub fn read_player_ron<T: DeserializeOwned>(
    path: &Path,
) -> Result<Option<(T, String)>, Diagnostic> {
    let Some(text) = crate::files::read_own_file(path, crate::files::FileKind::Own)? else {
        return Ok(None);
    };
    parse_ron(path, &text).map(|value| Some((value, text)))
}

/// The aftermath rules from the data folder (`--data`, else the content's
/// `assets/data`), or the built-in copy when the folder has no
/// `aftermath.ron`.
pub fn load_aftermath(data: Option<&Path>) -> Result<AftermathRules, Diagnostic> {
    let path = data
        .map_or_else(|| crate::content::path("assets/data"), Path::to_path_buf)
        .join(AFTERMATH_FILE);
    if path.is_file() {
        parse_aftermath(&path, &read(&path)?)
    } else {
        let shipped = format!("assets/data/{AFTERMATH_FILE}");
        parse_aftermath(
            Path::new(&shipped),
            crate::content::shipped(&shipped).unwrap_or_default(),
        )
    }
}

/// `armour.ron` parsed from its source: the shipped one where the source is
/// empty (a data folder without it).
fn parse_armour((path, text): &(PathBuf, String)) -> Result<ArmourCatalogue, Diagnostic> {
    if text.is_empty() {
        let shipped = format!("assets/data/{ARMOUR_FILE}");
        let text = crate::content::shipped(&shipped).unwrap_or_default();
        return parse_ron(Path::new(&shipped), text);
    }
    parse_ron(path, text)
}

/// `aftermath.ron` read and its advancement checked: the first problem at
/// the line of the advance it names (or of `advancement`).
pub fn parse_aftermath(path: &Path, text: &str) -> Result<AftermathRules, Diagnostic> {
    let rules: AftermathRules = parse_ron(path, text)?;
    let mut problems = crate::rules::advancement::check_advancement(&rules.advancement);
    problems.extend(crate::rules::gear::check_trade(&rules.trade));
    let Some(problem) = problems.first() else {
        return Ok(rules);
    };
    let line = line_naming(text, problem)
        .or_else(|| {
            let part = if problem.starts_with("trade") {
                "trade"
            } else {
                "advancement"
            };
            text.lines().position(|line| line.contains(part))
        })
        .unwrap_or(0);
    Err(Diagnostic::new(path, (line + 1, 1), problem.clone()))
}

/// The index of the first line of `text` that names, in quotes, the id a
/// `problem` names first in quotes.
fn line_naming(text: &str, problem: &str) -> Option<usize> {
    let id = problem.split('"').nth(1)?;
    let quoted = format!("\"{id}\"");
    text.lines().position(|line| line.contains(&quoted))
}

/// Loads the ruleset from `--data`, the content's `assets/data`, or the
/// built-in copy.
pub fn load_ruleset(data: Option<&Path>) -> Result<Ruleset, Diagnostics> {
    match data {
        Some(dir) => Ruleset::load_dir(dir),
        None => {
            let default = crate::content::path("assets/data");
            if default.is_dir() {
                Ruleset::load_dir(&default)
            } else {
                Ruleset::embedded()
            }
        }
    }
}

impl Ruleset {
    /// A portable hash of the six data files' texts (32 hex digits), kept in
    /// replays and saves to tell when the rules data has changed since.
    pub fn content_hash(&self) -> String {
        let s = &self.sources;
        let mut hasher = blake3::Hasher::new();
        for (_, text) in [
            &s.weapons,
            &s.creatures,
            &s.actions,
            &s.rules,
            &s.terrain,
            &s.injuries,
        ] {
            hasher.update(&(text.len() as u64).to_le_bytes());
            hasher.update(text.as_bytes());
        }
        hasher.finalize().to_hex()[..32].to_string()
    }

    /// Loads and checks every data file in `dir`, reporting every problem.
    pub fn load_dir(dir: &Path) -> Result<Self, Diagnostics> {
        let texts = [
            WEAPONS_FILE,
            CREATURES_FILE,
            ACTIONS_FILE,
            RULES_FILE,
            TERRAIN_FILE,
            INJURIES_FILE,
        ]
        .map(|name| {
            let path = dir.join(name);
            read(&path).map(|text| (path, text))
        });
        let mut errors = Vec::new();
        let mut ok = Vec::new();
        for text in texts {
            match text {
                Ok(pair) => ok.push(pair),
                Err(error) => errors.push(error),
            }
        }
        if !errors.is_empty() {
            return Err(Diagnostics(errors));
        }
        let mut ok = ok.into_iter();
        let mut next = || ok.next().unwrap_or_default();
        let armour = dir.join(ARMOUR_FILE);
        let armour = if armour.is_file() {
            let text = read(&armour).map_err(|e| Diagnostics(vec![e]))?;
            (armour, text)
        } else {
            Default::default()
        };
        Self::from_texts(DataSources {
            weapons: next(),
            creatures: next(),
            actions: next(),
            rules: next(),
            terrain: next(),
            injuries: next(),
            armour,
        })
    }

    /// The data shipped in `assets/data/`, built into the binary.
    pub fn embedded() -> Result<Self, Diagnostics> {
        let at = |name: &str| {
            let path = format!("assets/data/{name}");
            let text = crate::content::shipped(&path)
                .unwrap_or_default()
                .to_string();
            (PathBuf::from(path), text)
        };
        Self::from_texts(DataSources {
            weapons: at(WEAPONS_FILE),
            creatures: at(CREATURES_FILE),
            actions: at(ACTIONS_FILE),
            rules: at(RULES_FILE),
            terrain: at(TERRAIN_FILE),
            injuries: at(INJURIES_FILE),
            armour: at(ARMOUR_FILE),
        })
    }

    /// Parses each file, then checks them together.
    pub fn from_texts(sources: DataSources) -> Result<Self, Diagnostics> {
        let mut errors = Vec::new();
        let weapons =
            parse_ron::<UniqueMap<String, Weapon>>(&sources.weapons.0, &sources.weapons.1)
                .map(|map| map.0)
                .map_err(|e| errors.push(e))
                .ok();
        let creatures = parse_ron::<UniqueMap<String, CreatureTemplate>>(
            &sources.creatures.0,
            &sources.creatures.1,
        )
        .map(|map| map.0)
        .map_err(|e| errors.push(e))
        .ok();
        let actions = parse_ron::<ActionCatalogue>(&sources.actions.0, &sources.actions.1)
            .map_err(|e| errors.push(e))
            .ok();
        let rules = parse_ron::<RuleNumbers>(&sources.rules.0, &sources.rules.1)
            .map_err(|e| errors.push(e))
            .ok();
        let terrain = parse_ron::<TerrainTable>(&sources.terrain.0, &sources.terrain.1)
            .map_err(|e| errors.push(e))
            .ok();
        let injuries = parse_ron::<InjuryTables>(&sources.injuries.0, &sources.injuries.1)
            .map_err(|e| errors.push(e))
            .ok();
        let armour = parse_armour(&sources.armour)
            .map_err(|e| errors.push(e))
            .ok();
        let (
            Some(weapons),
            Some(creatures),
            Some(actions),
            Some(rules),
            Some(terrain),
            Some(injuries),
            Some(armour),
        ) = (
            weapons, creatures, actions, rules, terrain, injuries, armour,
        )
        else {
            return Err(Diagnostics(errors));
        };
        let ruleset = Self {
            weapons,
            creatures,
            actions,
            rules,
            terrain,
            injuries,
            armour,
            sources,
        };
        let problems = ruleset.validate();
        if problems.is_empty() {
            Ok(ruleset)
        } else {
            Err(Diagnostics(problems))
        }
    }

    pub fn action_cost(&self, kind: ActionKind) -> Cost {
        self.actions
            .actions
            .get(&kind)
            .map(|info| info.cost)
            .unwrap_or(Cost::Pips(u8::MAX))
    }
}

/// A comma-separated list of a map's keys, for "expected one of" messages.
pub fn keys<V>(map: &BTreeMap<String, V>) -> String {
    map.keys()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Checks one data file on its own (used by `check` on a single file).
pub fn check_data_file(path: &Path, text: &str) -> Vec<Diagnostic> {
    let result = match DataKind::of(path) {
        Some(DataKind::Weapons) => parse_ron::<UniqueMap<String, Weapon>>(path, text).map(drop),
        Some(DataKind::Creatures) => {
            parse_ron::<UniqueMap<String, CreatureTemplate>>(path, text).map(drop)
        }
        Some(DataKind::Actions) => parse_ron::<ActionCatalogue>(path, text).map(drop),
        Some(DataKind::Rules) => parse_ron::<RuleNumbers>(path, text).map(drop),
        Some(DataKind::Terrain) => parse_ron::<TerrainTable>(path, text).map(drop),
        Some(DataKind::Injuries) => parse_ron::<InjuryTables>(path, text).map(drop),
        Some(DataKind::Aftermath) => parse_aftermath(path, text).map(drop),
        Some(DataKind::Armour) => parse_ron::<ArmourCatalogue>(path, text).map(drop),
        None => Err(Diagnostic::new(path, (1, 1), "not a known data file")),
    };
    result.err().into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_data_is_valid() {
        let ruleset = Ruleset::embedded();
        assert!(ruleset.is_ok(), "{}", ruleset.unwrap_err());
    }

    #[test]
    fn an_unknown_weapon_in_a_creature_is_reported_with_its_position() {
        let mut sources = Ruleset::embedded().unwrap().sources;
        sources.creatures.1 = sources
            .creatures
            .1
            .replacen("\"broadsword\"", "\"brodsword\"", 1);
        let errors = Ruleset::from_texts(sources).unwrap_err();
        assert!(
            errors
                .0
                .iter()
                .any(|e| e.message.contains("unknown weapon `brodsword`") && e.line > 1)
        );
    }

    /// RULES §32: every legs value a creature has needs a stability entry.
    #[test]
    fn legs_without_a_stability_entry_are_refused_at_the_creature() {
        let mut sources = Ruleset::embedded().unwrap().sources;
        sources.creatures.1 = sources.creatures.1.replacen("legs: 4,", "legs: 12,", 1);
        let errors = Ruleset::from_texts(sources).unwrap_err();
        let error = &errors.0[0];
        assert_eq!(
            error.message,
            "creature `wolf`: 12 legs has no stability entry in rules.ron, \
             expected one of: 2, 4, 8, 16"
        );
        assert!(error.line > 1 && error.col > 1, "{error}");
    }

    /// The messages of the data check on the shipped data with one change.
    fn refusals(file: fn(&mut DataSources) -> &mut String, from: &str, to: &str) -> Vec<String> {
        let mut sources = Ruleset::embedded().unwrap().sources;
        let text = file(&mut sources);
        assert!(text.contains(from), "{from}");
        *text = text.replacen(from, to, 1);
        Ruleset::from_texts(sources)
            .expect_err(to)
            .0
            .iter()
            .map(|e| format!("{}:{}:{}: {}", e.file.display(), e.line, e.col, e.message))
            .collect()
    }

    /// RULES §6: every action spends a die, or a round could repeat it.
    #[test]
    fn a_cost_that_spends_no_die_is_refused_where_it_stands_but_the_yield() {
        fn actions(s: &mut DataSources) -> &mut String {
            &mut s.actions.1
        }
        assert_eq!(
            refusals(actions, "Move: (cost: Pips(3)", "Move: (cost: Free"),
            [
                "assets/data/actions.ron:8:15: Move: a cost of Free: every action spends at least \
              one die (Pips(1) to Pips(36), or FullDie), or a battle could repeat it without end"
            ]
        );
        assert_eq!(
            refusals(actions, "Light: 3, Medium: 4", "Light: 0, Medium: 4"),
            [
                "assets/data/actions.ron:28:28: Light: a cost of Pips(0) is outside Pips(1) to Pips(36)"
            ]
        );
        assert_eq!(
            refusals(actions, "Grapple: 3", "Grapple: 40"),
            [
                "assets/data/actions.ron:56:18: Grapple: a cost of Pips(40) is outside Pips(1) to Pips(36)"
            ]
        );
    }

    /// A special result that costs nothing, exposure past the rules' dice
    /// and a tactic that pays no attack are refused where they stand.
    #[test]
    fn special_results_and_tactics_past_their_bounds_are_refused_where_they_stand() {
        fn actions(s: &mut DataSources) -> &mut String {
            &mut s.actions.1
        }
        let one = |from, to| {
            let found = refusals(actions, from, to);
            assert_eq!(found.len(), 1, "{found:?}");
            found[0].clone()
        };
        assert!(
            one("ExtraDamage: 1,", "ExtraDamage: 0,")
                .ends_with(": ExtraDamage: 0 is outside 1 to 20")
        );
        assert!(
            one("exposure_dice: 2,", "exposure_dice: 255,")
                .starts_with("assets/data/actions.ron:43:")
        );
        assert!(
            one(
                "AllOutAttack: (attacks_paid: 2",
                "AllOutAttack: (attacks_paid: 0"
            )
            .ends_with(": AllOutAttack: 0 is outside 1 to 3")
        );
    }

    #[test]
    fn shields_flight_and_keys_past_their_bounds_are_refused_with_their_place() {
        fn weapons(s: &mut DataSources) -> &mut String {
            &mut s.weapons.1
        }
        assert_eq!(
            refusals(weapons, "block: 3, armour: 2", "block: 255, armour: 2"),
            [
                "assets/data/weapons.ron:33:5: weapon `large_shield`: a shield's block 255 and \
              armour 2 must each be 0 to 6"
            ]
        );
        assert_eq!(
            refusals(
                weapons,
                r#""short_sword": (name: "Short sword""#,
                r#""dagger": (name: "Short sword""#
            ),
            [
                "assets/data/weapons.ron:7:6: the key \"dagger\" is written twice, expected each key once"
            ]
        );
        fn creatures(s: &mut DataSources) -> &mut String {
            &mut s.creatures.1
        }
        assert_eq!(
            refusals(
                creatures,
                "speed: 2, turn: 2, dive: 3",
                "speed: 2, turn: 9, dive: 3"
            ),
            [
                "assets/data/creatures.ron:87:5: creature `giant_eagle`: flight ~2/9/3 is beyond \
              ~6/8/12 (speed, turn rate, dive at most)"
            ]
        );
    }

    #[test]
    fn a_fear_level_missing_from_the_rules_is_reported() {
        let mut sources = Ruleset::embedded().unwrap().sources;
        sources.rules.1 = sources
            .rules
            .1
            .replacen("        Terror: (", "        // Terror: (", 1);
        let errors = Ruleset::from_texts(sources).unwrap_err();
        assert!(
            errors
                .0
                .iter()
                .any(|e| e.message == "`fear` has no entry for Terror"),
            "{errors}"
        );
    }

    #[test]
    fn an_unknown_field_names_the_expected_ones() {
        let error = parse_ron::<RuleNumbers>(Path::new("rules.ron"), "(standard_sl: 5, colour: 3)")
            .unwrap_err();
        assert_eq!((error.line, error.col), (1, 18));
        assert!(
            error.message.contains("unknown field `colour`"),
            "{}",
            error.message
        );
    }
}
