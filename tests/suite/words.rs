//! Player-facing words: the log and the refusals name combatants, sides,
//! weapons and spells by their display names, never by id, and combatants
//! who share a name are numbered.

use crate::common::{battle_app, ruleset, shipped_levels, submit, table};
use swift_swords::ai::{AiLevel, choose};
use swift_swords::battle::candidates::candidate_orders;
use swift_swords::battle::command::Command;
use swift_swords::battle::describe::Names;
use swift_swords::battle::state::BattleState;
use swift_swords::rules::dice::Dice;

/// The ids a player must never read (every combatant's and side's whose
/// display name differs from it), and the names the text may show.
fn ids_and_names(table: &BattleState) -> (Vec<String>, Vec<String>) {
    let units = table.units().iter().map(|u| (&u.unit.id, &u.unit.name));
    let sides = table.battle().sides.iter().map(|s| (&s.id, &s.name));
    let (ids, mut names): (Vec<String>, Vec<String>) = units
        .chain(sides)
        .filter(|(id, name)| id != name)
        .map(|(id, name)| (id.to_string(), name.to_string()))
        .unzip();
    // The log names weapons in lower case; a weapon may share a word with
    // an id (the Crossbowman "crossbow" and his crossbow).
    names.extend(
        table
            .ruleset()
            .weapons
            .values()
            .map(|w| w.name.to_lowercase()),
    );
    (ids, names)
}

/// What in `text` a player should not see, if anything. The display names
/// are taken out first: an id may be a word of a name ("archer" of
/// "Bandit archer").
fn leak(text: &str, (ids, names): &(Vec<String>, Vec<String>)) -> Option<String> {
    if text.contains('`') {
        return Some("a backtick".into());
    }
    if text.contains("Pips(") || text.contains("Some(") {
        return Some("Debug formatting".into());
    }
    let mut names = names.clone();
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    let rest = names.iter().fold(text.to_string(), |rest, name| {
        rest.replace(name.as_str(), " ")
    });
    let words: Vec<&str> = rest
        .split(|c: char| !c.is_alphanumeric() && c != '_')
        .collect();
    ids.iter()
        .find(|id| words.contains(&id.as_str()))
        .map(|id| format!("the id {id}"))
}

#[test]
fn the_log_and_the_refusals_of_every_shipped_level_name_no_ids() {
    for level in shipped_levels() {
        let mut engine = battle_app(&level, ruleset(), 5, Dice::seeded(5));
        let mut refusals = Vec::new();
        for step in 0..600 {
            let t = table(&engine);
            if t.battle().outcome.is_some() {
                break;
            }
            let Some(command) = choose(&t, AiLevel::Normal) else {
                break;
            };
            // The menu's refusals for the one who acts, early in the battle.
            if step < 40 {
                let actor = t.unit_index(&command.unit).expect("the actor");
                for order in candidate_orders(&t, actor) {
                    if let Err(refusal) = t.check(&Command::new(command.unit.clone(), order)) {
                        refusals.push((refusal.narrate(&Names::of(&t)), ids_and_names(&t)));
                    }
                }
            }
            submit(&mut engine, command).expect("the AI gives legal commands");
        }
        let t = table(&engine);
        let names = Names::of(&t);
        let ids = ids_and_names(&t);
        for event in engine.log() {
            let line = event.narrate(&names);
            // Every event is told: each part of the narration tells its own.
            assert!(
                !line.trim().is_empty(),
                "{}: {event:?} is told in no words",
                level.name
            );
            if let Some(leak) = leak(&line, &ids) {
                panic!("{}: the log line \"{line}\" shows {leak}", level.name);
            }
        }
        for (refusal, ids) in refusals {
            if let Some(leak) = leak(&refusal, &ids) {
                panic!("{}: the refusal \"{refusal}\" shows {leak}", level.name);
            }
        }
    }
}

#[test]
fn combatants_who_share_a_name_are_numbered_in_level_order() {
    let level = shipped_levels()
        .into_iter()
        .find(|l| l.name == "Goblin Rabble")
        .expect("Goblin Rabble");
    let engine = battle_app(&level, ruleset(), 1, Dice::seeded(1));
    let goblins: Vec<String> = table(&engine)
        .units()
        .iter()
        .map(|u| u.unit.name.clone())
        .filter(|n| n.starts_with("Goblin"))
        .collect();
    assert_eq!(
        goblins,
        [
            "Goblin 1",
            "Goblin 2",
            "Goblin 3",
            "Goblin 4",
            "Goblin mob",
            "Goblin 5",
            "Goblin 6",
            "Goblin slinger"
        ]
    );
}

/// Two sides whose colours look alike to a player without red cones (the
/// Harpy Raid's purple flock against the blue patrol, as it was) are named
/// by `check`, with the sight and the difference; the level still loads, as
/// a replay or a save that holds it must.
#[test]
fn check_names_two_sides_whose_colours_look_alike_under_a_colour_blindness() {
    let scratch = swift_swords::scratch::Scratch::new("colours");
    let dir = scratch.path().to_path_buf();
    let text = std::fs::read_to_string("levels/harpy_raid.ron")
        .unwrap()
        .replace("colour: (0.75, 0.35, 0.15)", "colour: (0.55, 0.20, 0.60)");
    let path = dir.join("purple_harpies.ron");
    std::fs::write(&path, &text).unwrap();
    let shown = path.to_string_lossy();
    let (code, stdout, stderr) = crate::common::swift_swords(&["check", &shown]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert_eq!(
        stdout.trim(),
        format!(
            "{shown}:20:56: sides `patrol` and `flock`: their colours look alike to a player with \
             protanopia (no red cones) (a difference of 19, under 30): choose colours further apart"
        )
    );
    let ruleset = ruleset();
    assert!(swift_swords::level::parse_level(&path, &text, &ruleset).is_ok());
}
