//! The data's semantic check: the references between the data files, the
//! ranges of their values, the injury tables, and what a creature names that
//! the data does not have.

use std::collections::BTreeMap;

use super::*;
use crate::diagnostics::{Diagnostic, SourceText};
use crate::vocabulary::WeightClass;

impl Ruleset {
    /// Checks the references between the data files and the ranges of values.
    pub fn validate(&self) -> Vec<Diagnostic> {
        let mut errors = Vec::new();
        errors.extend(self.weapon_problems());
        errors.extend(self.creature_problems());
        errors.extend(self.action_problems());
        errors.extend(self.table_problems());
        errors.extend(self.chariot_problems());
        errors.extend(self.terrain_problems());
        errors.extend(self.check_injuries());
        errors.extend(self.armour_problems());
        errors
    }

    /// The armour catalogue against the weapons and creatures, each problem
    /// at the line of the id it names.
    fn armour_problems(&self) -> Vec<Diagnostic> {
        let (path, text) = &self.sources.armour;
        self.armour
            .problems(&self.weapons, &self.creatures)
            .into_iter()
            .map(|problem| {
                let at = line_naming(text, &problem).map_or((1, 1), |line| (line + 1, 1));
                Diagnostic::new(path, at, problem)
            })
            .collect()
    }

    /// The weapons: ranges, shields and hands within bounds.
    fn weapon_problems(&self) -> Vec<Diagnostic> {
        let mut errors = Vec::new();
        let (weapons_path, weapons_text) = &self.sources.weapons;
        let weapons_source = SourceText::new(weapons_text);
        for (id, weapon) in &self.weapons {
            if let Some(range) = weapon.range
                && range > 20
            {
                errors.push(Diagnostic::new(
                    weapons_path,
                    weapons_source.field_or_start("range", "Some", 0),
                    format!("weapon `{id}`: a range of {range} zones is more than the 20 allowed"),
                ));
            }
            if let Some(shield) = weapon.shield
                && (shield.block > MOST_SHIELD_BLOCK || shield.armour > MOST_SHIELD_BLOCK)
            {
                errors.push(Diagnostic::new(
                    weapons_path,
                    weapons_source.find_string(id, 0).unwrap_or((1, 1)),
                    format!(
                        "weapon `{id}`: a shield's block {} and armour {} must each be 0 to {MOST_SHIELD_BLOCK}",
                        shield.block, shield.armour
                    ),
                ));
            }
            if weapon.hands > 4 {
                errors.push(Diagnostic::new(
                    weapons_path,
                    weapons_source.find_string(id, 0).unwrap_or((1, 1)),
                    format!(
                        "weapon `{id}`: {} hands is more than the 4 allowed",
                        weapon.hands
                    ),
                ));
            }
        }
        errors
    }

    /// The creatures: the weapons they carry, and their numbers.
    fn creature_problems(&self) -> Vec<Diagnostic> {
        let mut errors = Vec::new();
        let (creatures_path, creatures_text) = &self.sources.creatures;
        let creatures_source = SourceText::new(creatures_text);
        let mut weapon_mentions: BTreeMap<&str, usize> = BTreeMap::new();
        for (id, creature) in &self.creatures {
            let at = creatures_source.find_string(id, 0).unwrap_or((1, 1));
            // Where this creature's weapons are written: the n-th mention of
            // a weapon in the file belongs to the n-th creature listing it.
            let mut mentioned = BTreeMap::new();
            for weapon in &creature.weapons {
                let seen = weapon_mentions.entry(weapon.as_str()).or_default();
                let place = creatures_source.find_string(weapon, *seen).unwrap_or(at);
                *seen += 1;
                mentioned.entry(weapon.as_str()).or_insert(place);
            }
            for (name, message) in self.reference_problems(creature) {
                let place = mentioned
                    .get(name)
                    .copied()
                    .or_else(|| creatures_source.find_string(name, 0))
                    .filter(|_| !name.is_empty())
                    .unwrap_or(at);
                errors.push(Diagnostic::new(
                    creatures_path,
                    place,
                    format!("creature `{id}`: {message}"),
                ));
            }
            if !self.rules.stability.contains_key(&creature.legs) {
                let listed: Vec<String> = self.rules.stability.keys().map(u8::to_string).collect();
                errors.push(Diagnostic::new(
                    creatures_path,
                    creatures_source
                        .find_field("legs", &creature.legs.to_string(), 0)
                        .unwrap_or(at),
                    format!(
                        "creature `{id}`: {} legs has no stability entry in rules.ron, \
                         expected one of: {}",
                        creature.legs,
                        listed.join(", ")
                    ),
                ));
            }
            errors.extend(creature.check_numbers().into_iter().map(|message| {
                Diagnostic::new(creatures_path, at, format!("creature `{id}`: {message}"))
            }));
        }
        errors
    }

    /// The actions: every weight class and action costed, every cost one a
    /// die can pay, special results and tactics within an attack's dice.
    fn action_problems(&self) -> Vec<Diagnostic> {
        let mut errors = Vec::new();
        let (actions_path, actions_text) = &self.sources.actions;
        let actions_source = SourceText::new(actions_text);
        for (table, key) in [
            (&self.actions.melee_attack, "melee_attack"),
            (&self.actions.ranged_attack, "ranged_attack"),
        ] {
            for weight in WeightClass::ALL {
                if !table.contains_key(&weight) {
                    errors.push(Diagnostic::new(
                        actions_path,
                        actions_source.find_key(key, 0).unwrap_or((1, 1)),
                        format!("`{key}` has no cost for the {weight:?} weight class"),
                    ));
                }
            }
        }
        let costs = self
            .actions
            .actions
            .iter()
            .map(|(kind, info)| (format!("{kind:?}"), info.cost))
            .chain(
                self.actions
                    .spells
                    .iter()
                    .map(|(id, spell)| (id.clone(), spell.cost)),
            )
            .chain(
                [&self.actions.melee_attack, &self.actions.ranged_attack]
                    .into_iter()
                    .flat_map(|table| table.iter())
                    .map(|(weight, pips)| (format!("{weight:?}"), Cost::Pips(*pips))),
            )
            .chain(
                // Yielding costs nothing, and it ends the wrestle for good.
                self.actions
                    .wrestling
                    .iter()
                    .filter(|(with, _)| **with != WrestleMove::Yield)
                    .map(|(with, pips)| (format!("{with:?}"), Cost::Pips(*pips))),
            );
        for (name, cost) in costs {
            if let Some(problem) = cost_problem(cost) {
                errors.push(Diagnostic::new(
                    actions_path,
                    actions_source
                        .find_key(&name, 0)
                        .or_else(|| actions_source.find_string(&name, 0))
                        .unwrap_or((1, 1)),
                    format!("{name}: {problem}"),
                ));
            }
        }
        // Special results and tactics: each buys or pays at least once, and
        // no more than an attack's dice could give.
        let special = &self.actions.special_results;
        let most = MOST_SKILL_DICE as u8;
        let counts = special
            .costs
            .iter()
            .map(|(result, cost)| (format!("{result:?}"), *cost, 1, most))
            .chain([
                ("extra_damage".to_string(), special.extra_damage, 1, most),
                ("exposure_dice".to_string(), special.exposure_dice, 1, 6),
                (
                    "knockdown_size_ratio".to_string(),
                    special.knockdown_size_ratio,
                    1,
                    20,
                ),
            ])
            .chain(
                self.actions
                    .tactics
                    .iter()
                    .map(|(tactic, rule)| (format!("{tactic:?}"), rule.attacks_paid, 1, 3)),
            );
        for (name, value, least, most) in counts {
            if !(least..=most).contains(&value) {
                errors.push(Diagnostic::new(
                    actions_path,
                    actions_source.find_key(&name, 0).unwrap_or((1, 1)),
                    format!("{name}: {value} is outside {least} to {most}"),
                ));
            }
        }
        for kind in ActionKind::ALL {
            if !self.actions.actions.contains_key(&kind) {
                errors.push(Diagnostic::new(
                    actions_path,
                    actions_source.find_key("actions", 0).unwrap_or((1, 1)),
                    format!("`actions` has no entry for {kind:?}"),
                ));
            }
        }
        errors
    }

    /// Tables that must name every case: a missing one would quietly do
    /// nothing.
    fn table_problems(&self) -> Vec<Diagnostic> {
        let mut errors = Vec::new();
        let (actions_path, actions_text) = &self.sources.actions;
        let actions_source = SourceText::new(actions_text);
        let (rules_path, rules_text) = &self.sources.rules;
        let rules_source = SourceText::new(rules_text);
        for weight in WeightClass::ALL {
            if !self.rules.damage.contains_key(&weight) {
                errors.push(Diagnostic::new(
                    rules_path,
                    rules_source.find_key("damage", 0).unwrap_or((1, 1)),
                    format!("`damage` has no rule for the {weight:?} weight class"),
                ));
            }
        }
        let mut every = |path: &Path, source: &SourceText, key: &str, missing: Vec<String>| {
            for case in missing {
                errors.push(Diagnostic::new(
                    path,
                    source.find_key(key, 0).unwrap_or((1, 1)),
                    format!("`{key}` has no entry for {case}"),
                ));
            }
        };
        fn absent<K: Ord + std::fmt::Debug + Copy, V>(
            all: &[K],
            map: &BTreeMap<K, V>,
        ) -> Vec<String> {
            all.iter()
                .filter(|k| !map.contains_key(k))
                .map(|k| format!("{k:?}"))
                .collect()
        }
        every(
            rules_path,
            &rules_source,
            "mob_tiers",
            absent(&MobTier::ALL, &self.rules.mob_tiers),
        );
        every(
            rules_path,
            &rules_source,
            "fear",
            absent(&FearLevel::ALL, &self.rules.fear),
        );
        every(
            rules_path,
            &rules_source,
            "cover_dice",
            absent(&Cover::ALL, &self.rules.cover_dice),
        );
        every(
            actions_path,
            &actions_source,
            "tactics",
            absent(&Tactic::ALL, &self.actions.tactics),
        );
        every(
            actions_path,
            &actions_source,
            "wrestling",
            absent(&WrestleMove::ALL, &self.actions.wrestling),
        );
        every(
            actions_path,
            &actions_source,
            "costs",
            absent(
                &crate::rules::special::SpecialResult::ALL,
                &self.actions.special_results.costs,
            ),
        );
        every(
            rules_path,
            &rules_source,
            "kinds",
            absent(&ChariotKind::ALL, &self.rules.chariots.kinds),
        );
        every(
            rules_path,
            &rules_source,
            "teams",
            absent(&Horses::ALL, &self.rules.chariots.teams),
        );
        errors
    }

    /// The chariots' teams and nations, and the rules' die faces.
    fn chariot_problems(&self) -> Vec<Diagnostic> {
        let mut errors = Vec::new();
        let (rules_path, rules_text) = &self.sources.rules;
        let rules_source = SourceText::new(rules_text);
        for team in self.rules.chariots.teams.values() {
            if !self.creatures.contains_key(&team.template) {
                errors.push(Diagnostic::new(
                    rules_path,
                    rules_source
                        .find_string(&team.template, 0)
                        .unwrap_or((1, 1)),
                    format!(
                        "chariot team template `{}` is not in creatures.ron, expected one of: {}",
                        team.template,
                        keys(&self.creatures)
                    ),
                ));
            }
        }
        for (id, nation) in &self.rules.chariots.nations {
            if nation.kinds.is_empty() || nation.horses.is_empty() {
                errors.push(Diagnostic::new(
                    rules_path,
                    rules_source.find_string(id, 0).unwrap_or((1, 1)),
                    format!("nation `{id}` needs at least one chariot kind and one team"),
                ));
            }
        }
        for (key, value) in [
            ("standard_sl", self.rules.standard_sl),
            ("fumbled_target_sl", self.rules.fumbled_target_sl),
            ("floor_die_face", self.rules.floor_die_face),
        ] {
            if !(2..=6).contains(&value) {
                errors.push(Diagnostic::new(
                    rules_path,
                    rules_source.find_key(key, 0).unwrap_or((1, 1)),
                    format!("`{key}` is {value}, expected a die face from 2 to 6"),
                ));
            }
        }
        errors
    }

    /// The terrain and edge tables: an entry for every kind.
    fn terrain_problems(&self) -> Vec<Diagnostic> {
        let mut errors = Vec::new();
        let (terrain_path, terrain_text) = &self.sources.terrain;
        let terrain_source = SourceText::new(terrain_text);
        for terrain in Terrain::ALL {
            if !self.terrain.terrain.contains_key(&terrain) {
                errors.push(Diagnostic::new(
                    terrain_path,
                    terrain_source.find_key("terrain", 0).unwrap_or((1, 1)),
                    format!("`terrain` has no entry for {terrain:?}"),
                ));
            }
        }
        for feature in EdgeFeature::ALL {
            if !self.terrain.edges.contains_key(&feature) {
                errors.push(Diagnostic::new(
                    terrain_path,
                    terrain_source.find_key("edges", 0).unwrap_or((1, 1)),
                    format!("`edges` has no entry for {feature:?}"),
                ));
            }
        }
        errors
    }

    /// The injury tables cover every face and location, and name a real weapon.
    fn check_injuries(&self) -> Vec<Diagnostic> {
        use crate::rules::injury::Location;
        let (path, text) = &self.sources.injuries;
        let source = SourceText::new(text);
        let at = |key: &str| source.find_key(key, 0).unwrap_or((1, 1));
        let mut errors = Vec::new();
        for face in 1..=6u8 {
            if !self.injuries.location_faces.contains_key(&face) {
                errors.push(Diagnostic::new(
                    path,
                    at("location_faces"),
                    format!("`location_faces` names no location for the face {face}"),
                ));
            }
        }
        for (location, table) in &self.injuries.effects {
            if table.len() != 7 {
                errors.push(Diagnostic::new(
                    path,
                    at("effects"),
                    format!(
                        "the {location:?} effect table has {} entries, expected 7 (rolls 1 to 6, then 7 and up)",
                        table.len()
                    ),
                ));
            }
            for effect in table {
                if !self.injuries.rules.contains_key(&effect.kind())
                    && *effect != crate::rules::injury::InjuryEffect::SightOrSound
                {
                    errors.push(Diagnostic::new(
                        path,
                        at("rules"),
                        format!("`rules` has no entry for {:?}", effect.kind()),
                    ));
                }
            }
        }
        for location in Location::ALL {
            if !self.injuries.effects.contains_key(&location) {
                errors.push(Diagnostic::new(
                    path,
                    at("effects"),
                    format!("`effects` has no table for {location:?}"),
                ));
            }
        }
        if !self.weapons.contains_key(&self.injuries.unarmed) {
            errors.push(Diagnostic::new(
                path,
                at("unarmed"),
                format!(
                    "unknown weapon `{}` for `unarmed`, expected one of: {}",
                    self.injuries.unarmed,
                    keys(&self.weapons)
                ),
            ));
        }
        errors
    }

    /// What a creature (a template, or a unit after its overrides) names that
    /// the data does not have, or cannot fight with: each message with the
    /// name it is about, to place it, or "" for the creature itself.
    pub fn reference_problems<'a>(&self, creature: &'a CreatureTemplate) -> Vec<(&'a str, String)> {
        let mut problems = Vec::new();
        for weapon in &creature.weapons {
            if !self.weapons.contains_key(weapon) {
                problems.push((
                    weapon.as_str(),
                    format!(
                        "unknown weapon `{weapon}`, expected one of: {}",
                        keys(&self.weapons)
                    ),
                ));
            }
        }
        for spell in &creature.spells {
            if !self.actions.spells.contains_key(spell) {
                problems.push((
                    spell.as_str(),
                    format!(
                        "unknown spell `{spell}`, expected one of: {}",
                        keys(&self.actions.spells)
                    ),
                ));
            }
        }
        if let Some(shield) = &creature.shield
            && self.weapons.get(shield).is_none_or(|w| w.shield.is_none())
        {
            problems.push((
                shield.as_str(),
                format!(
                    "`{shield}` is not a shield in weapons.ron, expected one of: {}",
                    self.weapons
                        .iter()
                        .filter(|(_, w)| w.shield.is_some())
                        .map(|(id, _)| id.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
        let strikes = |id: &String| self.weapons.get(id).is_some_and(|w| w.shield.is_none());
        if creature.weapons.is_empty() {
            problems.push((
                "",
                "needs at least one weapon (natural weapons count)".into(),
            ));
        } else if creature
            .weapons
            .iter()
            .all(|w| self.weapons.contains_key(w))
            && !creature.weapons.iter().any(strikes)
        {
            problems.push((
                "",
                "has only shields, which do not strike; it needs a weapon (natural weapons count)"
                    .into(),
            ));
        }
        problems
    }
}
