//! The rules reference players read in the game, made from `docs/RULES.md`
//! so the rules have one source: one entry per numbered section, in plain
//! words (the notes for developers, which name files and code, left out),
//! the section each log tag and refusal comes from, and the glossary's one
//! line per term that the HUD shows on hover.

use std::sync::OnceLock;

/// The rules as implemented, built into the game.
const RULES_TEXT: &str = include_str!("../../../docs/RULES.md");
/// The title of the section whose table is the glossary.
const GLOSSARY: &str = "Glossary";

/// One piece of a section's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    Paragraph(String),
    /// A list item, `depth` levels in.
    Bullet {
        depth: usize,
        text: String,
    },
    /// A table: its heading row first.
    Table(Vec<Vec<String>>),
}

/// One numbered section of the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub number: u16,
    pub title: String,
    pub blocks: Vec<Block>,
    /// The title and the text in lower case, made once for the search.
    searchable: String,
}

impl Entry {
    /// Whether every word of `query` is in the title or the text.
    pub fn matches(&self, query: &str) -> bool {
        query
            .split_whitespace()
            .all(|word| self.searchable.contains(&word.to_lowercase()))
    }

    fn plain_text(&self) -> String {
        let mut text = String::new();
        for block in &self.blocks {
            match block {
                Block::Paragraph(line) | Block::Bullet { text: line, .. } => text.push_str(line),
                Block::Table(rows) => {
                    for row in rows {
                        text.push_str(&row.join(" "));
                    }
                }
            }
            text.push(' ');
        }
        text
    }
}

/// Every section of the rules, in order.
pub fn entries() -> &'static [Entry] {
    static ENTRIES: OnceLock<Vec<Entry>> = OnceLock::new();
    ENTRIES.get_or_init(|| parse(RULES_TEXT))
}

pub fn entry(number: u16) -> Option<&'static Entry> {
    entries().iter().find(|e| e.number == number)
}

/// The section a rule tag (a log line's `[rule]`, a refusal's rule) is
/// explained in.
pub fn section_of(tag: &str) -> Option<u16> {
    RULE_SECTIONS
        .iter()
        .find(|(name, _)| *name == tag)
        .map(|&(_, section)| section)
}

/// Each rule tag of the log and the refusals, and its section of RULES.md.
pub const RULE_SECTIONS: [(&str, u16); 50] = [
    ("Zones and groups", 1),
    ("Sequence of play", 2),
    ("Sequences of play", 41),
    ("Action dice", 3),
    ("Countdown", 4),
    ("Side turns", 41),
    ("Faction alternation", 41),
    ("Initiative track", 41),
    ("DEX ranks", 41),
    ("Paying for actions", 5),
    ("Using a 1", 7),
    ("Refresh", 8),
    ("Surprise", 9),
    ("Movement", 10),
    ("Attacks", 11),
    ("Exposure", 11),
    ("Fumble", 11),
    ("Damage", 12),
    ("Damage thresholds", 12),
    ("Out of action", 12),
    ("States", 14),
    ("Victory", 15),
    ("Defences", 18),
    ("Dodge", 18),
    ("Parry", 18),
    ("Block", 18),
    ("Pools", 19),
    ("Crossover", 20),
    ("Level 9", 20),
    ("Level 0", 20),
    ("Action pools", 21),
    ("Cast", 21),
    ("Healing", 21),
    ("Injury tables", 22),
    ("Bleeder", 22),
    ("Prone", 22),
    ("Mental damage", 23),
    ("Panicked", 23),
    ("Crushed", 23),
    ("Fear", 24),
    ("Cover", 25),
    ("Fatigue", 26),
    ("Special results", 28),
    ("Special tactics", 29),
    ("Opportunity actions", 30),
    ("InClose", 32),
    ("Flying", 34),
    ("Chariots", 35),
    ("Mounted combat", 36),
    ("Warbands", 37),
];

/// The glossary's one line on `term` (a State, a tactic, a special result,
/// a mark of the countdown), if it has one.
pub fn glossary(term: &str) -> Option<&'static str> {
    static LINES: OnceLock<Vec<(String, String)>> = OnceLock::new();
    LINES
        .get_or_init(|| {
            entries()
                .iter()
                .filter(|e| e.title == GLOSSARY)
                .flat_map(|e| &e.blocks)
                .filter_map(|block| match block {
                    Block::Table(rows) => Some(rows.iter().skip(1)),
                    _ => None,
                })
                .flatten()
                .filter_map(|row| match row.as_slice() {
                    [term, line] => Some((term.clone(), line.clone())),
                    _ => None,
                })
                .collect()
        })
        .iter()
        .find(|(known, _)| known.eq_ignore_ascii_case(term))
        .map(|(_, line)| line.as_str())
}

/// Reads the sections of a rules text written as `docs/RULES.md` is.
fn parse(text: &str) -> Vec<Entry> {
    let mut entries: Vec<Entry> = Vec::new();
    let mut lines = text.lines().peekable();
    let mut in_code = false;
    while let Some(line) = lines.next() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        if let Some(heading) = line.strip_prefix("## ") {
            if let Some((number, title)) = heading.split_once(". ")
                && let Ok(number) = number.parse()
            {
                entries.push(Entry {
                    number,
                    title: plain_title(title),
                    blocks: Vec::new(),
                    searchable: String::new(),
                });
            }
            continue;
        }
        let Some(entry) = entries.last_mut() else {
            continue;
        };
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if trimmed.starts_with('|') {
            let cells: Vec<String> = trimmed
                .trim_matches('|')
                .split('|')
                .map(|cell| plain(cell.trim()))
                .collect();
            if cells
                .iter()
                .all(|c| c.chars().all(|ch| ch == '-' || ch == ' '))
            {
                continue;
            }
            match entry.blocks.last_mut() {
                Some(Block::Table(rows)) => rows.push(cells),
                _ => entry.blocks.push(Block::Table(vec![cells])),
            }
            continue;
        }
        // A paragraph or a list item runs on over its indented lines.
        let indent = line.len() - trimmed.len();
        let mut raw = trimmed.to_string();
        while let Some(next) = lines.peek() {
            let next_trimmed = next.trim_start();
            let starts_item = next_trimmed.starts_with("- ") || numbered(next_trimmed);
            if next_trimmed.is_empty()
                || next_trimmed.starts_with('|')
                || next_trimmed.starts_with("```")
                || next.starts_with("## ")
                || starts_item
            {
                break;
            }
            raw.push(' ');
            raw.push_str(next_trimmed);
            lines.next();
        }
        if for_developers(&raw) {
            continue;
        }
        if plain(&raw).trim_start_matches("- ").is_empty() {
            continue;
        }
        let block = match raw.strip_prefix("- ") {
            Some(item) => Block::Bullet {
                depth: indent / 2,
                text: plain(item),
            },
            None => Block::Paragraph(plain(&raw)),
        };
        entry.blocks.push(block);
    }
    for entry in &mut entries {
        entry.searchable = format!("{} {}", entry.title, entry.plain_text()).to_lowercase();
    }
    entries
}

/// A numbered list item ("3. Roll action dice").
fn numbered(line: &str) -> bool {
    line.split_once(". ")
        .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

/// A note for developers: it names the code, files or data fields.
fn for_developers(text: &str) -> bool {
    ["src/", ".rs", "docs/", ".ron", "assets/"]
        .iter()
        .any(|mark| text.contains(mark))
}

/// A heading without the names of the rules text's sections it comes from.
fn plain_title(title: &str) -> String {
    match (title.find(" (\""), title.rfind(')')) {
        (Some(start), Some(end)) if end > start => {
            format!("{}{}", &title[..start], &title[end + 1..])
        }
        _ => title.to_string(),
    }
}

/// Markdown made plain: no bold marks, no code marks, and no names of data
/// fields: "`max_action_dice` (6)" reads "6", and a bracket that holds code
/// goes.
fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    // A field named with its value: the value alone.
    while let Some(start) = rest.find('`') {
        let Some(length) = rest[start + 1..].find('`') else {
            break;
        };
        let name = &rest[start + 1..start + 1 + length];
        let after = &rest[start + length + 2..];
        let value = after
            .strip_prefix(" (")
            .and_then(|v| v.split_once(')'))
            .filter(|(v, _)| !v.contains('`'));
        match value {
            Some((value, tail)) if !name.contains(' ') => {
                out.push_str(&rest[..start]);
                out.push_str(value);
                rest = tail;
            }
            _ => {
                out.push_str(&rest[..start + length + 2]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    // A bracket holding code.
    let mut text = String::with_capacity(out.len());
    let mut rest = out.as_str();
    while let Some(open) = rest.find('(') {
        let Some(close) = rest[open..].find(')') else {
            break;
        };
        let inside = &rest[open..open + close + 1];
        if inside.contains('`') {
            text.push_str(rest[..open].trim_end());
        } else {
            text.push_str(&rest[..open + close + 1]);
        }
        rest = &rest[open + close + 1..];
    }
    text.push_str(rest);
    // A sentence about the code ("the `raise_with_one` flag").
    let text: String = text
        .split_inclusive(". ")
        .filter(|sentence| !names_code(sentence))
        .collect();
    text.replace("**", "").replace('`', "").trim().to_string()
}

/// Whether a sentence names a code identifier (`like_this`).
fn names_code(sentence: &str) -> bool {
    sentence
        .split('`')
        .skip(1)
        .step_by(2)
        .any(|code| code.contains('_'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_text_reads_as_numbered_sections_in_plain_words() {
        let sections = entries();
        assert!(sections.len() >= 38);
        for (k, entry) in sections.iter().enumerate() {
            assert_eq!(usize::from(entry.number), k + 1, "{}", entry.title);
            assert!(!entry.blocks.is_empty(), "{} has text", entry.title);
            let text = entry.plain_text();
            for mark in ["`", "**", "src/", ".rs"] {
                assert!(!text.contains(mark), "{}: {mark}", entry.title);
            }
            let code: Vec<&str> = text
                .split_whitespace()
                .filter(|w| w.contains('_'))
                .collect();
            assert!(code.is_empty(), "{}: {code:?}", entry.title);
        }
        assert_eq!(entry(4).map(|e| e.title.as_str()), Some("The countdown"));
        assert_eq!(
            entry(6).map(|e| e.title.as_str()),
            Some("Action costs: our table")
        );
    }

    #[test]
    fn markdown_is_made_plain_and_field_names_are_left_out() {
        assert_eq!(
            plain("2 more successes toward the damage (`extra_damage`)"),
            "2 more successes toward the damage"
        );
        assert_eq!(
            plain("**Recover** spends one die"),
            "Recover spends one die"
        );
        assert_eq!(
            plain_title("Special results (\"Special Results\")"),
            "Special results"
        );
        assert_eq!(
            plain_title("Victory (\"Sequence of Play\" f, and the level's conditions)"),
            "Victory"
        );
    }

    #[test]
    fn every_rule_tag_is_explained_in_a_section_that_exists() {
        for (tag, section) in RULE_SECTIONS {
            assert!(entry(section).is_some(), "{tag}: section {section}");
        }
    }

    #[test]
    fn every_rule_tag_of_the_log_and_the_refusals_has_an_entry() {
        // Both `rule()`s, the events' and the refusals', as written.
        let source = include_str!("battle/describe/rules.rs");
        let mut tags = Vec::new();
        for body in source.split("pub fn rule(&self) -> &'static str {").skip(1) {
            let end = body.find("\n    }\n").expect("the end of rule()");
            tags.extend(body[..end].split('"').skip(1).step_by(2));
        }
        assert!(tags.len() > 60, "{tags:?}");
        for tag in tags {
            assert!(section_of(tag).is_some(), "{tag} has no entry");
        }
    }

    #[test]
    fn a_search_finds_the_sections_holding_every_word() {
        let found: Vec<u16> = entries()
            .iter()
            .filter(|e| e.matches("knockback MELEE"))
            .map(|e| e.number)
            .collect();
        assert!(found.contains(&28), "{found:?}");
        assert!(entries().iter().all(|e| e.matches("")));
    }
}
