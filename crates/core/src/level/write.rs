//! A level written out in the project's format, as the shipped levels are
//! laid out: a field a line, each map row, edge, side, unit and condition
//! on a line of its own, and what is left at its default left out. Writing
//! the same level twice gives the same bytes, and the text reads back as
//! the same level. Comments are not kept: the level editor warns before it
//! writes over a file that has them, and keeps a copy.

use std::fmt::Write;

use serde::Serialize;

use super::Level;

/// `value` in RON on one line, with a space after each comma and colon.
fn one_line<T: Serialize>(value: &T) -> String {
    let config = ron::ser::PrettyConfig::new()
        .new_line("")
        .indentor("")
        .separator(" ")
        .compact_arrays(true)
        .compact_structs(true)
        .compact_maps(true)
        // "Paser's chariot", not "Paser\'s chariot".
        .escape_strings(false);
    ron::ser::to_string_pretty(value, config).unwrap_or_default()
}

/// The items of a one-line RON struct or list body, split at its own
/// commas (not those inside brackets or strings).
fn top_level_items(body: &str) -> Vec<&str> {
    let (mut items, mut depth, mut start) = (Vec::new(), 0i32, 0);
    let (mut quoted, mut escaped) = (false, false);
    // Inside a raw string (`r#"..."#`, for text with a quote): its end.
    let mut raw_end: Option<String> = None;
    for (at, c) in body.char_indices() {
        if let Some(end) = &raw_end {
            if body[..=at].ends_with(end.as_str()) {
                raw_end = None;
            }
            continue;
        }
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            'r' if !quoted && body[at + 1..].starts_with("#") => {
                let hashes = body[at + 1..].chars().take_while(|&h| h == '#').count();
                raw_end = Some(format!("\"{}", "#".repeat(hashes)));
            }
            '"' => quoted = !quoted,
            '(' | '[' | '{' if !quoted => depth += 1,
            ')' | ']' | '}' if !quoted => depth -= 1,
            ',' if !quoted && depth == 0 => {
                items.push(body[start..at].trim());
                start = at + 1;
            }
            _ => {}
        }
    }
    let last = body[start..].trim();
    if !last.is_empty() {
        items.push(last);
    }
    items
}

/// A struct written on one line without the fields a level leaves at
/// their defaults: those at `None`, `landed: false`, and overrides that
/// change nothing. (The level's own serialization stays whole: battles'
/// fingerprints hash it.)
fn without_defaults(text: &str) -> String {
    let Some(body) = text.strip_prefix('(').and_then(|t| t.strip_suffix(')')) else {
        return text.to_string();
    };
    let kept: Vec<String> = top_level_items(body)
        .into_iter()
        .filter_map(|item| match item.split_once(": ") {
            Some((_, "None")) | Some(("landed", "false")) => None,
            Some(("overrides", value)) => {
                let value = without_defaults(value);
                (value != "()").then(|| format!("overrides: {value}"))
            }
            _ => Some(item.to_string()),
        })
        .collect();
    format!("({})", kept.join(", "))
}

/// A list field, one item a line.
fn list<T: Serialize>(out: &mut String, field: &str, items: &[T]) {
    if items.is_empty() {
        return;
    }
    let _ = writeln!(out, "    {field}: [");
    for item in items {
        let _ = writeln!(out, "        {},", without_defaults(&one_line(item)));
    }
    let _ = writeln!(out, "    ],");
}

/// The level's text.
pub fn write_level(level: &Level) -> String {
    let mut out = String::from("(\n");
    let _ = writeln!(out, "    name: {},", one_line(&level.name));
    if !level.briefing.is_empty() {
        let _ = writeln!(out, "    briefing: {},", one_line(&level.briefing));
    }
    let _ = writeln!(out, "    tile_size: {},", level.tile_size);
    let _ = writeln!(out, "    legend: {},", one_line(&level.legend));
    list(&mut out, "map", &level.map);
    list(&mut out, "edges", &level.edges);
    list(&mut out, "sides", &level.sides);
    list(&mut out, "units", &level.units);
    list(&mut out, "chariots", &level.chariots);
    if let Some(surprise) = &level.surprise {
        let _ = writeln!(out, "    surprise: Some({}),", one_line(surprise));
    }
    list(&mut out, "victory", &level.victory);
    if let Some(limit) = level.round_limit {
        let _ = writeln!(out, "    round_limit: Some({limit}),");
    }
    if !level.fatigue.is_empty() {
        let _ = writeln!(out, "    fatigue: {},", one_line(&level.fatigue));
    }
    if !level.neck_and_groin {
        let _ = writeln!(out, "    neck_and_groin: false,");
    }
    if level.surprise_extra_dice > 0 {
        let _ = writeln!(
            out,
            "    surprise_extra_dice: {},",
            level.surprise_extra_dice
        );
    }
    if !level.sequence.is_countdown() {
        let _ = writeln!(out, "    sequence: {},", one_line(&level.sequence));
    }
    if let Some(seed) = level.seed {
        let _ = writeln!(out, "    seed: Some({seed}),");
    }
    out.push_str(")\n");
    out
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::data::Ruleset;
    use crate::level::{load_level, parse_level};

    #[test]
    fn every_shipped_level_written_out_reads_back_the_same_and_writes_the_same_bytes() {
        let ruleset = Ruleset::embedded().expect("the built-in data");
        let mut files: Vec<_> = std::fs::read_dir(crate::content::project("levels"))
            .expect("the levels")
            .flatten()
            .map(|e| e.path())
            .collect();
        files.sort();
        assert!(files.len() >= 10);
        for path in files {
            let level = load_level(&path, &ruleset).expect("a shipped level").level;
            let text = write_level(&level);
            let again = parse_level(Path::new("written.ron"), &text, &ruleset)
                .unwrap_or_else(|p| panic!("{}: {p}\n{text}", path.display()));
            assert_eq!(again, level, "{}", path.display());
            assert_eq!(write_level(&again), text, "{}", path.display());
        }
    }

    #[test]
    fn names_with_commas_quotes_and_brackets_survive_the_writing() {
        let ruleset = Ruleset::embedded().expect("the built-in data");
        let mut level = load_level(&crate::content::project("levels/duel.ron"), &ruleset)
            .expect("the duel")
            .level;
        level.units[0].name = Some(r#"Ned, "the Knife" (of Bree), None"#.to_string());
        level.units[1].name = Some("Paser's [chariot]".to_string());
        let text = write_level(&level);
        let again = parse_level(Path::new("written.ron"), &text, &ruleset).expect("it reads back");
        assert_eq!(again, level, "{text}");
        assert_eq!(write_level(&again), text);
    }

    #[test]
    fn a_level_is_written_as_the_shipped_ones_are_laid_out() {
        let ruleset = Ruleset::embedded().expect("the built-in data");
        let level = load_level(&crate::content::project("levels/duel.ron"), &ruleset)
            .expect("the duel")
            .level;
        let text = write_level(&level);
        assert!(
            text.starts_with("(\n    name: \"The Duel\",\n    briefing: "),
            "{text}"
        );
        assert!(
            text.contains(
                "    map: [\n        \"wgrgw\",\n        \"ggrgg\",\n        \"bgrgw\",\n    ],\n"
            ),
            "{text}"
        );
        assert!(text.contains(
            "        (id: \"roland\", template: \"hero_swordsman\", side: \"heroes\", zone: (1, 1), name: Some(\"Roland\")),\n"
        ), "{text}");
        assert!(
            text.contains(
                "overrides: (attack_dice: Some(5), weapons: Some([\"battle_axe\", \"dagger\"]))"
            ),
            "{text}"
        );
        assert!(text.ends_with("    seed: Some(1),\n)\n"), "{text}");
    }
}
