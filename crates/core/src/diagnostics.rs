//! Errors in levels, data and scripts, reported as `file:line:col: message`.
//!
//! Syntax errors come from ron's `SpannedError`. Semantic errors are found after
//! parsing, so their position is looked up again in the source text with
//! [`SourceText`], a small scanner that knows RON's strings and comments.

use std::fmt;
use std::path::{Path, PathBuf};

/// One problem found in one file. Ordered by file, line, column, message.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Diagnostic {
    pub file: PathBuf,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl Diagnostic {
    pub fn new(file: &Path, (line, col): (usize, usize), message: impl Into<String>) -> Self {
        Self {
            file: file.to_path_buf(),
            line,
            col,
            message: message.into(),
        }
    }

    /// A syntax or shape error from ron, with the position ron reports.
    pub fn from_ron(file: &Path, error: &ron::error::SpannedError) -> Self {
        Self::new(
            file,
            (error.span.start.line, error.span.start.col),
            explain_ron_error(&error.code),
        )
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            printable(&self.file.display().to_string()),
            self.line,
            self.col,
            printable(&self.message)
        )
    }
}

/// Text from a file as it may be shown on a terminal or a screen: control
/// characters (but the newline) and those that turn the writing direction
/// written out as `\u{1b}`, so no file can clear a terminal, set its title
/// or reorder what follows.
pub fn printable(text: &str) -> String {
    let hidden = |c: char| (c.is_control() && c != '\n') || crate::names::turns_text(c);
    if !text.chars().any(hidden) {
        return text.to_string();
    }
    text.chars()
        .map(|c| {
            if hidden(c) {
                format!("\\u{{{:x}}}", u32::from(c))
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// A list of diagnostics that reads as one error per line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, diagnostic) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{diagnostic}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

fn explain_ron_error(code: &ron::Error) -> String {
    match code {
        ron::Error::NoSuchStructField {
            expected, found, ..
        } => format!(
            "unknown field `{found}`, expected one of: {}",
            expected.join(", ")
        ),
        ron::Error::MissingStructField { field, outer } => match outer {
            Some(outer) => format!("missing field `{field}` in `{outer}`"),
            None => format!("missing field `{field}`"),
        },
        ron::Error::DuplicateStructField { field, .. } => {
            format!("duplicate field `{field}`")
        }
        other => other.to_string(),
    }
}

/// A parsed-again view of a RON file used to find where a value sits.
pub struct SourceText<'a> {
    text: &'a str,
    /// Byte offset where each line starts.
    line_starts: Vec<usize>,
    /// Every field name with the offset of its value, found once: the level
    /// check looks fields up for each unit.
    fields: Vec<(&'a str, usize)>,
}

impl<'a> SourceText<'a> {
    pub fn new(text: &'a str) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Self {
            text,
            line_starts,
            fields: fields(text),
        }
    }

    /// Line and column (both from 1) of a byte offset.
    pub fn position(&self, offset: usize) -> (usize, usize) {
        let line = self.line_starts.partition_point(|&start| start <= offset);
        let start = self.line_starts[line - 1];
        let col = self.text[start..offset.min(self.text.len())]
            .chars()
            .count()
            + 1;
        (line, col)
    }

    /// Position of the `occurrence`-th (from 0) field `key` whose value starts
    /// with `value` (a string value is matched with its quotes).
    pub fn find_field(&self, key: &str, value: &str, occurrence: usize) -> Option<(usize, usize)> {
        self.fields
            .iter()
            .copied()
            .filter(|(k, at)| *k == key && self.text[*at..].starts_with(value))
            .nth(occurrence)
            .map(|(_, at)| self.position(at))
    }

    /// Position of the `occurrence`-th (from 0) field named `key`, whatever its value.
    pub fn find_key(&self, key: &str, occurrence: usize) -> Option<(usize, usize)> {
        self.fields
            .iter()
            .copied()
            .filter(|(k, _)| *k == key)
            .nth(occurrence)
            .map(|(_, at)| self.position(at))
    }

    /// Position of the last field named `key`: the one of a part written
    /// last (a replay's sender), where the same key stands earlier too.
    pub fn find_last_key(&self, key: &str) -> Option<(usize, usize)> {
        self.fields
            .iter()
            .rev()
            .find(|(k, _)| *k == key)
            .map(|&(_, at)| self.position(at))
    }

    /// Position of the `index`-th string literal inside the list that is the
    /// value of the first field `key` (used for the rows of a map).
    pub fn find_list_string(&self, key: &str, index: usize) -> Option<(usize, usize)> {
        let (_, at) = self.fields.iter().copied().find(|(k, _)| *k == key)?;
        let bytes = self.text.as_bytes();
        let mut i = at;
        let mut seen = 0;
        while i < bytes.len() && bytes[i] != b']' {
            if bytes[i] == b'"' {
                if seen == index {
                    return Some(self.position(i));
                }
                seen += 1;
                i = skip_string(bytes, i);
            } else {
                i += 1;
            }
        }
        None
    }

    /// Position of the string `value` inside the list that is the value of
    /// the `occurrence`-th (from 0) field `key`.
    pub fn find_in_list(
        &self,
        key: &str,
        occurrence: usize,
        value: &str,
    ) -> Option<(usize, usize)> {
        let (_, at) = self
            .fields
            .iter()
            .copied()
            .filter(|(k, _)| *k == key)
            .nth(occurrence)?;
        let quoted = format!("\"{value}\"");
        let bytes = self.text.as_bytes();
        let mut i = at;
        while i < bytes.len() && bytes[i] != b']' {
            if bytes[i] == b'"' {
                if self.text[i..].starts_with(&quoted) {
                    return Some(self.position(i));
                }
                i = skip_string(bytes, i);
            } else {
                i += 1;
            }
        }
        None
    }

    /// Position of the `occurrence`-th (from 0) string literal equal to `value`.
    pub fn find_string(&self, value: &str, occurrence: usize) -> Option<(usize, usize)> {
        let quoted = format!("\"{value}\"");
        let bytes = self.text.as_bytes();
        let mut i = 0;
        let mut seen = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'"' => {
                    if self.text[i..].starts_with(&quoted) {
                        if seen == occurrence {
                            return Some(self.position(i));
                        }
                        seen += 1;
                    }
                    i = skip_string(bytes, i);
                }
                b'/' if bytes.get(i + 1) == Some(&b'/') => {
                    while i < bytes.len() && bytes[i] != b'\n' {
                        i += 1;
                    }
                }
                _ => i += 1,
            }
        }
        None
    }

    /// Position of the `occurrence`-th (from 0) bare word `word` (an enum
    /// variant name, say) outside strings and comments.
    pub fn find_word(&self, word: &str, occurrence: usize) -> Option<(usize, usize)> {
        let bytes = self.text.as_bytes();
        let mut i = 0;
        let mut seen = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'"' => i = skip_string(bytes, i),
                b'/' if bytes.get(i + 1) == Some(&b'/') => {
                    while i < bytes.len() && bytes[i] != b'\n' {
                        i += 1;
                    }
                }
                c if c.is_ascii_alphabetic() || c == b'_' => {
                    let start = i;
                    while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_')
                    {
                        i += 1;
                    }
                    if &self.text[start..i] == word {
                        if seen == occurrence {
                            return Some(self.position(start));
                        }
                        seen += 1;
                    }
                }
                _ => i += 1,
            }
        }
        None
    }

    /// Position of a field, falling back to the start of the file.
    pub fn field_or_start(&self, key: &str, value: &str, occurrence: usize) -> (usize, usize) {
        self.find_field(key, value, occurrence)
            .or_else(|| self.find_key(key, 0))
            .unwrap_or((1, 1))
    }
}

/// Every `key:` written as a field name outside strings and comments, with
/// the byte offset of the value that follows it.
fn fields(text: &str) -> Vec<(&str, usize)> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => i = skip_string(bytes, i),
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < bytes.len() && !(bytes[i] == b'*' && bytes[i + 1] == b'/') {
                    i += 1;
                }
                i += 2;
            }
            b'\'' => i = skip_char(bytes, i),
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let start = i;
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                let mut j = i;
                while j < bytes.len() && bytes[j].is_ascii_whitespace() {
                    j += 1;
                }
                if bytes.get(j) == Some(&b':') {
                    j += 1;
                    while j < bytes.len() && bytes[j].is_ascii_whitespace() {
                        j += 1;
                    }
                    found.push((&text[start..i], j));
                }
            }
            _ => i += 1,
        }
    }
    found
}

fn skip_string(bytes: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    i
}

fn skip_char(bytes: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    if bytes.get(i) == Some(&b'\\') {
        i += 1;
    }
    // Skip the (possibly multi-byte) character and the closing quote.
    i += 1;
    while i < bytes.len() && bytes[i] != b'\'' && !bytes[i].is_ascii() {
        i += 1;
    }
    i + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_field_skips_strings_and_comments() {
        let text = "(\n  // id: \"a\"\n  note: \"id: \\\"a\\\"\",\n  units: [(id: \"a\"), (id: \"a\")],\n)";
        let source = SourceText::new(text);
        assert_eq!(source.find_field("id", "\"a\"", 0), Some((4, 16)));
        assert_eq!(source.find_field("id", "\"a\"", 1), Some((4, 27)));
        assert_eq!(source.find_field("id", "\"a\"", 2), None);
    }

    #[test]
    fn find_list_string_finds_map_rows() {
        let source = SourceText::new("(map: [\n  \"gg\",\n  \"g\",\n])");
        assert_eq!(source.find_list_string("map", 1), Some((3, 3)));
    }

    #[test]
    fn text_from_a_file_cannot_drive_the_terminal() {
        assert_eq!(printable("Roland"), "Roland");
        assert_eq!(printable("a\u{1b}[2Jb"), "a\\u{1b}[2Jb");
        assert_eq!(printable("x\u{202E}y"), "x\\u{202e}y");
    }
}
