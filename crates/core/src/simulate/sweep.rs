//! `simulate --sweep UNIT.FIELD=A..B`: one number of the level or the data
//! varied across a range, with the same battles (the same seeds) played at
//! each value, so a designer sees where a level balances.

use std::path::Path;

use serde::Serialize;

use super::Report;
use crate::data::{ActionKind, Ruleset};
use crate::level::Level;
use crate::level::validate::validate;
use crate::rules::action_dice::ActionDiceSpec;
use crate::rules::payment::Cost;
use crate::vocabulary::WeightClass;

/// The most values one sweep may take.
pub const MOST_SWEEP_VALUES: usize = 21;

/// A number of a unit that a sweep may vary (as an override of its template).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnitField {
    ActionDice,
    AttackDice,
    Physical,
    Mental,
    BonusPhysical,
    BonusMental,
    Armour,
    Size,
}

impl UnitField {
    const ALL: [(&'static str, Self); 8] = [
        ("action_dice", Self::ActionDice),
        ("attack_dice", Self::AttackDice),
        ("physical", Self::Physical),
        ("mental", Self::Mental),
        ("bonus_physical", Self::BonusPhysical),
        ("bonus_mental", Self::BonusMental),
        ("armour", Self::Armour),
        ("size", Self::Size),
    ];
}

/// What a sweep varies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    Unit {
        unit: String,
        field: UnitField,
    },
    /// An action's cost in pips (`action.Move`).
    Action(ActionKind),
    /// The pips of a melee or missile attack by weight (`melee_attack.Medium`).
    Attack {
        missile: bool,
        weight: WeightClass,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sweep {
    /// As written, for the report and the chart.
    pub name: String,
    pub target: Target,
    pub from: i64,
    pub to: i64,
}

/// The report of the battles at one value.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SweepPoint {
    pub value: i64,
    pub report: Report,
}

const WEIGHTS: [WeightClass; 6] = [
    WeightClass::Light,
    WeightClass::Medium,
    WeightClass::Heavy,
    WeightClass::Large,
    WeightClass::Huge,
    WeightClass::Massive,
];

fn listed<T: std::fmt::Debug>(items: impl IntoIterator<Item = T>) -> String {
    items
        .into_iter()
        .map(|item| format!("{item:?}"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Sweep {
    /// Reads `UNIT.FIELD=A..B`, `action.KIND=A..B`, `melee_attack.WEIGHT=A..B`
    /// or `ranged_attack.WEIGHT=A..B`, naming what was expected when it
    /// does not fit the level and the data.
    pub fn parse(text: &str, level: &Level) -> Result<Self, String> {
        let form = "expected UNIT.FIELD=A..B, e.g. roland.attack_dice=2..6";
        let (what, range) = text
            .split_once('=')
            .ok_or_else(|| format!("--sweep {text}: {form}"))?;
        let (owner, field) = what
            .split_once('.')
            .ok_or_else(|| format!("--sweep {text}: {form}"))?;
        let (from, to) = range
            .split_once("..")
            .and_then(|(a, b)| Some((a.trim().parse::<i64>().ok()?, b.trim().parse::<i64>().ok()?)))
            .ok_or_else(|| {
                format!("--sweep {text}: the range `{range}` is not A..B with whole numbers")
            })?;
        if from > to {
            return Err(format!("--sweep {text}: the range runs backwards"));
        }
        // In 128 bits, so that the widest range of 64-bit numbers is counted.
        let values = i128::from(to) - i128::from(from) + 1;
        if values > MOST_SWEEP_VALUES as i128 {
            return Err(format!(
                "--sweep {text}: {values} values, expected at most {MOST_SWEEP_VALUES}"
            ));
        }
        let weight = || {
            WEIGHTS
                .into_iter()
                .find(|w| format!("{w:?}") == field)
                .ok_or_else(|| {
                    format!(
                        "--sweep {text}: unknown weight `{field}`, expected one of: {}",
                        listed(WEIGHTS)
                    )
                })
        };
        let target = match owner {
            "action" => Target::Action(
                ActionKind::ALL
                    .into_iter()
                    .find(|k| format!("{k:?}") == field)
                    .ok_or_else(|| {
                        format!(
                            "--sweep {text}: unknown action `{field}`, expected one of: {}",
                            listed(ActionKind::ALL)
                        )
                    })?,
            ),
            "melee_attack" => Target::Attack {
                missile: false,
                weight: weight()?,
            },
            "ranged_attack" => Target::Attack {
                missile: true,
                weight: weight()?,
            },
            unit => {
                if !level.units.iter().any(|u| u.id == unit) {
                    let ids: Vec<&str> = level.units.iter().map(|u| u.id.as_str()).collect();
                    return Err(format!(
                        "--sweep {text}: unknown unit `{unit}`, expected action, melee_attack, ranged_attack or one of: {}",
                        ids.join(", ")
                    ));
                }
                let field = UnitField::ALL
                    .into_iter()
                    .find(|(name, _)| *name == field)
                    .map(|(_, f)| f)
                    .ok_or_else(|| {
                        let names: Vec<&str> = UnitField::ALL.iter().map(|(n, _)| *n).collect();
                        format!(
                            "--sweep {text}: unknown field `{field}`, expected one of: {}",
                            names.join(", ")
                        )
                    })?;
                Target::Unit {
                    unit: unit.to_string(),
                    field,
                }
            }
        };
        Ok(Self {
            name: what.to_string(),
            target,
            from,
            to,
        })
    }

    pub fn values(&self) -> std::ops::RangeInclusive<i64> {
        self.from..=self.to
    }

    /// The level and the data with the value set, each checked as a file
    /// of them would be (`level_path` and `level_text` place the level's
    /// problems).
    pub fn apply(
        &self,
        value: i64,
        level: &Level,
        ruleset: &Ruleset,
        level_path: &Path,
        level_text: &str,
    ) -> Result<(Level, Ruleset), String> {
        let (mut level, mut ruleset) = (level.clone(), ruleset.clone());
        let out_of_range = || format!("{}={value}: out of range", self.name);
        let small = || u8::try_from(value).map_err(|_| out_of_range());
        let signed = || i8::try_from(value).map_err(|_| out_of_range());
        match &self.target {
            Target::Unit { unit, field } => {
                let Some(spec) = level.units.iter_mut().find(|u| &u.id == unit) else {
                    return Err(format!("{}: no unit `{unit}`", self.name));
                };
                let overrides = &mut spec.overrides;
                match field {
                    UnitField::ActionDice => {
                        overrides.action_dice = Some(ActionDiceSpec::Rolled(small()?));
                    }
                    UnitField::AttackDice => overrides.attack_dice = Some(small()?),
                    UnitField::Physical => overrides.physical = Some(signed()?),
                    UnitField::Mental => overrides.mental = Some(signed()?),
                    UnitField::BonusPhysical => overrides.bonus_physical = Some(signed()?),
                    UnitField::BonusMental => overrides.bonus_mental = Some(signed()?),
                    UnitField::Armour => overrides.armour = Some(small()?),
                    UnitField::Size => overrides.size = Some(small()?),
                }
            }
            Target::Action(kind) => {
                let Some(info) = ruleset.actions.actions.get_mut(kind) else {
                    return Err(format!("{}: the data has no such action", self.name));
                };
                info.cost = Cost::Pips(small()?);
            }
            Target::Attack { missile, weight } => {
                let table = if *missile {
                    &mut ruleset.actions.ranged_attack
                } else {
                    &mut ruleset.actions.melee_attack
                };
                table.insert(*weight, small()?);
            }
        }
        if let Some(problem) = ruleset.validate().first() {
            return Err(format!("{}={value}: {problem}", self.name));
        }
        if let Some(problem) = validate(level_path, level_text, &level, &ruleset).first() {
            return Err(format!("{}={value}: {problem}", self.name));
        }
        Ok((level, ruleset))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::load_level;

    fn duel() -> (Level, Ruleset, String) {
        let ruleset = Ruleset::embedded().expect("the built-in data");
        let level = load_level(&crate::content::project("levels/duel.ron"), &ruleset)
            .expect("the duel")
            .level;
        let text = std::fs::read_to_string(crate::content::project("levels/duel.ron"))
            .expect("the duel's text");
        (level, ruleset, text)
    }

    #[test]
    fn a_sweep_sets_a_units_number_or_an_actions_cost_at_each_value() {
        let (level, ruleset, text) = duel();
        let path = crate::content::project("levels/duel.ron");
        let sweep = Sweep::parse("roland.attack_dice=2..6", &level).expect("it reads");
        assert_eq!(sweep.values().count(), 5);
        let (changed, _) = sweep
            .apply(3, &level, &ruleset, &path, &text)
            .expect("valid");
        let roland = changed
            .units
            .iter()
            .find(|u| u.id == "roland")
            .expect("Roland");
        assert_eq!(roland.overrides.attack_dice, Some(3));
        let sweep = Sweep::parse("action.Move=2..4", &level).expect("it reads");
        let (_, data) = sweep
            .apply(2, &level, &ruleset, &path, &text)
            .expect("valid");
        assert_eq!(data.action_cost(ActionKind::Move), Cost::Pips(2));
        let sweep = Sweep::parse("melee_attack.Heavy=4..6", &level).expect("it reads");
        let (_, data) = sweep
            .apply(6, &level, &ruleset, &path, &text)
            .expect("valid");
        assert_eq!(data.actions.melee_attack[&WeightClass::Heavy], 6);
    }

    #[test]
    fn a_sweep_that_does_not_fit_the_level_or_the_data_says_what_was_expected() {
        let (level, ruleset, text) = duel();
        let path = crate::content::project("levels/duel.ron");
        let refused = |text: &str| Sweep::parse(text, &level).expect_err("refused");
        assert_eq!(
            refused("roland.attack_dice"),
            "--sweep roland.attack_dice: expected UNIT.FIELD=A..B, e.g. roland.attack_dice=2..6"
        );
        assert!(
            refused("bob.physical=1..2")
                .starts_with("--sweep bob.physical=1..2: unknown unit `bob`")
        );
        assert!(
            refused("roland.luck=1..2")
                .contains("unknown field `luck`, expected one of: action_dice")
        );
        assert!(
            refused("action.Dance=1..2").contains("unknown action `Dance`, expected one of: Move")
        );
        assert_eq!(
            refused("roland.physical=3..1"),
            "--sweep roland.physical=3..1: the range runs backwards"
        );
        assert!(refused("roland.physical=1..40").contains("40 values, expected at most 21"));
        // The widest range of 64-bit numbers is counted, not wrapped to none.
        assert!(
            refused("roland.physical=-9223372036854775808..9223372036854775807")
                .contains("18446744073709551616 values, expected at most 21")
        );
        // Every action costs a die: 0 pips is refused by the data's own check.
        let sweep = Sweep::parse("action.Move=0..2", &level).expect("it reads");
        let problem = sweep
            .apply(0, &level, &ruleset, &path, &text)
            .expect_err("refused");
        assert!(problem.starts_with("action.Move=0: "), "{problem}");
        let sweep = Sweep::parse("roland.attack_dice=-1..2", &level).expect("it reads");
        assert_eq!(
            sweep
                .apply(-1, &level, &ruleset, &path, &text)
                .expect_err("refused"),
            "roland.attack_dice=-1: out of range"
        );
    }
}
