//! The results tables as `study run` writes them: comma-separated fields
//! under a fixed header line, no quoting (every name is letters, digits,
//! `-` and `_`). A table may have had other headers in older versions of
//! the program: each is read, and the table says which it has. Read
//! bounded and checked field by field, every fault placed at its line and
//! column.

use super::{DataFault, ReportError};
use crate::files::{self, cap};
use crate::located::{note, Faults, Located, Place};
use std::path::{Path, PathBuf};

/// The most data rows one table may hold: a session of twelve one-hour
/// conditions rated every ten seconds has under 5,000.
pub const MAX_ROWS: usize = 100_000;

/// The longest time any table may give, seconds (a day).
pub const MAX_SECONDS: f64 = 86_400.0;

/// A table read: its data rows in file order.
#[derive(Debug)]
pub(super) struct Table {
    /// The file, for messages.
    pub file: PathBuf,
    /// The header's column names.
    columns: Vec<String>,
    /// Which of the headers asked for the file has: its index, 0 for the
    /// newest.
    pub version: usize,
    /// The data rows, the header line left out.
    pub rows: Vec<Row>,
    /// True when the last line had no end: a row cut while being written,
    /// left out.
    pub cut: bool,
}

/// One data row: its line (from 1) and its fields, each with the column
/// (from 1, in characters) where it starts.
#[derive(Debug)]
pub(super) struct Row {
    /// The line, from 1.
    pub line: usize,
    fields: Vec<(usize, String)>,
}

impl Row {
    /// Field `i`'s text.
    pub fn text(&self, i: usize) -> &str {
        &self.fields[i].1
    }
}

/// Reads the table at `path` under exactly one of the lines `headers`
/// (the newest first, then older programs'); `None` if there is no such
/// file (a session that never reached it). A file with no bytes at all has
/// no rows and the newest header. A last line without its end was being
/// written when the session stopped: it is left out and [`Table::cut`]
/// says so.
pub(super) fn read(path: &Path, headers: &[&str]) -> Result<Option<Table>, ReportError> {
    if path.symlink_metadata().is_err() {
        return Ok(None);
    }
    let text = files::read_text(path, "results table", cap::STUDY_TABLE)?;
    let mut faults = Checker::new(path);
    let cut = !text.is_empty() && !text.ends_with('\n');
    let mut lines: Vec<&str> = text.split('\n').collect();
    // After the last newline: nothing, or the cut line.
    lines.pop();
    let first = lines.first().map(|l| l.trim_end_matches('\r'));
    let version = match first {
        None => 0,
        Some(first) => match headers.iter().position(|h| *h == first) {
            Some(v) => v,
            None => {
                faults.add(1, 1, header_wanted(headers));
                return Err(faults.into_error());
            }
        },
    };
    let columns: Vec<String> = headers[version].split(',').map(str::to_string).collect();
    let count = columns.len();
    let mut table = Table {
        file: path.to_owned(),
        columns,
        version,
        rows: Vec::new(),
        cut,
    };
    let rest = lines.get(1..).unwrap_or_default();
    for (i, line) in rest.iter().enumerate() {
        let number = i + 2;
        if table.rows.len() == MAX_ROWS {
            faults.add(number, 1, format!("more than {MAX_ROWS} rows"));
            break;
        }
        match split(line.trim_end_matches('\r'), count) {
            Ok(fields) => table.rows.push(Row {
                line: number,
                fields,
            }),
            Err(message) => faults.add(number, 1, message),
        }
    }
    faults.finish().map(|()| Some(table))
}

/// What a header line must be: the newest, or an older program's.
fn header_wanted(headers: &[&str]) -> String {
    let older: Vec<String> = headers[1..].iter().map(|h| format!("`{h}`")).collect();
    match older.is_empty() {
        true => format!("the header must be `{}`", headers[0]),
        false => format!(
            "the header must be `{}` (or, from an older version, {})",
            headers[0],
            older.join(" or ")
        ),
    }
}

/// The fields of `line` with their columns, or why it is not a row of
/// `count` fields.
fn split(line: &str, count: usize) -> Result<Vec<(usize, String)>, String> {
    if line.trim().is_empty() {
        return Err("an empty line".into());
    }
    let mut fields = Vec::with_capacity(count);
    let mut col = 1;
    for field in line.split(',') {
        if fields.len() == count {
            return Err(format!("more than the header's {count} fields"));
        }
        fields.push((col, field.to_string()));
        col += field.chars().count() + 1;
    }
    if fields.len() < count {
        return Err(format!(
            "{} fields where the header has {count}",
            fields.len()
        ));
    }
    Ok(fields)
}

/// The faults found in one file, at most [`crate::located::MAX_FAULTS`].
pub(super) struct Checker {
    file: PathBuf,
    list: Vec<Located<DataFault>>,
}

impl Checker {
    /// No faults yet in `file`.
    pub fn new(file: &Path) -> Self {
        Self {
            file: file.to_owned(),
            list: Vec::new(),
        }
    }

    /// A fault at `line`, `col` (both from 1).
    pub fn add(&mut self, line: usize, col: usize, message: String) {
        let fault = Located::new(
            &self.file,
            Place::text(line, col),
            DataFault::Invalid(message),
        );
        note(&mut self.list, fault, || DataFault::TooMany);
    }

    /// A fault of `kind` at `at`.
    pub fn add_at(&mut self, at: Place, kind: DataFault) {
        let fault = Located::new(&self.file, at, kind);
        note(&mut self.list, fault, || DataFault::TooMany);
    }

    /// True if a fault has been found.
    pub fn any(&self) -> bool {
        !self.list.is_empty()
    }

    /// Every fault, in file order, as the error; or nothing wrong.
    pub fn finish(self) -> Result<(), ReportError> {
        match self.any() {
            true => Err(self.into_error()),
            false => Ok(()),
        }
    }

    /// Every fault found, in file order, as the error.
    pub fn into_error(mut self) -> ReportError {
        self.list.sort_by_key(|e| (e.at.line(), e.at.col()));
        ReportError::Data(Faults(self.list))
    }

    /// Field `i` of `row` read by `parse`, or None after a fault placed at
    /// the field that names its column and what was found.
    pub fn field<T>(
        &mut self,
        table: &Table,
        row: &Row,
        i: usize,
        parse: impl FnOnce(&str) -> Result<T, String>,
    ) -> Option<T> {
        let (col, text) = &row.fields[i];
        match parse(text) {
            Ok(v) => Some(v),
            Err(want) => {
                let found = shown(text);
                let column = &table.columns[i];
                self.add(
                    row.line,
                    *col,
                    format!("`{column}` must be {want}, found {found}"),
                );
                None
            }
        }
    }

    /// A fault at field `i` of `row`.
    pub fn at_field(&mut self, row: &Row, i: usize, message: String) {
        self.add(row.line, row.fields[i].0, message);
    }
}

/// A field as messages quote it: in backticks, short, control
/// characters (a terminal's escapes) shown as `?`, and `nothing` for an
/// empty one.
pub(super) fn shown(text: &str) -> String {
    const LONGEST: usize = 40;
    let plain = |c: char| if c.is_control() { '?' } else { c };
    let short: String = text.chars().take(LONGEST).map(plain).collect();
    match text.chars().count() {
        0 => "nothing".into(),
        n if n > LONGEST => format!("`{short}...`"),
        _ => format!("`{short}`"),
    }
}

/// A name: 1 to [`crate::study::protocol::MAX_NAME`] letters, digits, `-`
/// or `_`.
pub(super) fn name(text: &str) -> Result<String, String> {
    let max = crate::study::protocol::MAX_NAME;
    let ok = !text.is_empty()
        && text.chars().count() <= max
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    match ok {
        true => Ok(text.to_string()),
        false => Err(format!("1 to {max} letters, digits, `-` or `_`")),
    }
}

/// `true` or `false`.
pub(super) fn flag(text: &str) -> Result<bool, String> {
    match text {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err("`true` or `false`".into()),
    }
}

/// A whole number from `low` to `high`.
pub(super) fn whole(text: &str, low: u64, high: u64) -> Result<u64, String> {
    let want = || format!("a whole number from {low} to {high}");
    let v: u64 = text.parse().map_err(|_| want())?;
    match (low..=high).contains(&v) {
        true => Ok(v),
        false => Err(want()),
    }
}

/// A time from 0 to [`MAX_SECONDS`], seconds.
pub(super) fn seconds(text: &str) -> Result<f64, String> {
    number(text, 0.0, MAX_SECONDS).map_err(|want| want + " seconds")
}

/// A finite number from `low` to `high`.
pub(super) fn number(text: &str, low: f64, high: f64) -> Result<f64, String> {
    let v: Option<f64> = text.parse().ok();
    match v {
        Some(v) if v.is_finite() && (low..=high).contains(&v) => Ok(v),
        _ => Err(format!("a number from {low} to {high}")),
    }
}

/// A SHA-256 as `study run` writes it (64 lower-case hex digits), or
/// nothing.
pub(super) fn sha256(text: &str) -> Result<Option<String>, String> {
    let hex = |c: char| c.is_ascii_digit() || ('a'..='f').contains(&c);
    match text {
        "" => Ok(None),
        t if t.len() == 64 && t.chars().all(hex) => Ok(Some(t.to_string())),
        _ => Err("a SHA-256 in 64 lower-case hex digits, or nothing".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &[&str] = &["participant,t_s,fms"];

    /// Writes `text` to a file `name` in `dir`; returns its path.
    fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn rows_keep_their_lines_and_a_cut_last_line_is_left_out() {
        let dir = crate::files::Scratch::new("table");
        let path = write(
            &dir,
            "good.csv",
            "participant,t_s,fms\nP1,60,3\r\nP1,120,\nP1,18",
        );
        let table = read(&path, HEADER).unwrap().unwrap();
        assert_eq!(table.rows.len(), 2);
        assert_eq!((table.rows[1].line, table.rows[1].text(2)), (3, ""));
        assert_eq!(table.rows[0].text(2), "3");
        assert!(table.cut);
        assert!(read(&path.with_file_name("none.csv"), HEADER)
            .unwrap()
            .is_none());
        let empty = write(&dir, "empty.csv", "");
        assert!(read(&empty, HEADER).unwrap().unwrap().rows.is_empty());
    }

    #[test]
    fn a_wrong_header_or_row_shape_is_placed() {
        let dir = crate::files::Scratch::new("table");
        let path = write(
            &dir,
            "bad.csv",
            "participant,t_s,fms\nP1,60\nP1,60,3,4\n\nP1,1,2\n",
        );
        let e = read(&path, HEADER).unwrap_err().to_string();
        let lines: Vec<&str> = e.lines().collect();
        assert_eq!(lines.len(), 3, "{e}");
        assert!(
            lines[0].ends_with("bad.csv:2:1: 2 fields where the header has 3"),
            "{e}"
        );
        assert!(
            lines[1].ends_with("bad.csv:3:1: more than the header's 3 fields"),
            "{e}"
        );
        assert!(lines[2].ends_with("bad.csv:4:1: an empty line"), "{e}");
        let path = write(&dir, "header.csv", "participant,fms,t_s\n");
        let e = read(&path, HEADER).unwrap_err().to_string();
        assert!(
            e.ends_with("header.csv:1:1: the header must be `participant,t_s,fms`"),
            "{e}"
        );
    }

    #[test]
    fn an_older_header_reads_and_says_which_it_is() {
        let dir = crate::files::Scratch::new("table");
        let headers = &["participant,t_s,scale,rating", "participant,t_s,fms"];
        let path = write(&dir, "old.csv", "participant,t_s,fms\nP1,60,3\n");
        let table = read(&path, headers).unwrap().unwrap();
        assert_eq!((table.version, table.rows[0].text(2)), (1, "3"));
        let path = write(
            &dir,
            "new.csv",
            "participant,t_s,scale,rating\nP1,60,fms,3\n",
        );
        assert_eq!(read(&path, headers).unwrap().unwrap().version, 0);
        let path = write(&dir, "other.csv", "participant,t_s\n");
        let e = read(&path, headers).unwrap_err().to_string();
        assert!(
            e.ends_with(
                "other.csv:1:1: the header must be `participant,t_s,scale,rating` (or, from an \
                 older version, `participant,t_s,fms`)"
            ),
            "{e}"
        );
    }

    #[test]
    fn a_field_fault_names_the_column_and_what_was_found() {
        let dir = crate::files::Scratch::new("table");
        let path = write(&dir, "field.csv", "participant,t_s,fms\nP1,60,25\n");
        let table = read(&path, HEADER).unwrap().unwrap();
        let mut faults = Checker::new(&path);
        let row = &table.rows[0];
        let fms = faults.field(&table, row, 2, |t| whole(t, 0, 20));
        assert_eq!(fms, None);
        assert_eq!(faults.field(&table, row, 1, seconds), Some(60.0));
        let e = faults.finish().unwrap_err().to_string();
        assert!(
            e.ends_with("field.csv:2:7: `fms` must be a whole number from 0 to 20, found `25`"),
            "{e}"
        );
    }

    #[test]
    fn fields_are_checked_by_kind() {
        assert_eq!(name("P-01_a"), Ok("P-01_a".into()));
        assert!(name("").is_err() && name("a b").is_err() && name("a/b").is_err());
        assert_eq!(flag("true"), Ok(true));
        assert!(flag("yes").is_err());
        assert_eq!(whole("7", 1, 7), Ok(7));
        assert!(
            whole("8", 1, 7).is_err() && whole("-1", 0, 7).is_err() && whole("1.5", 0, 7).is_err()
        );
        assert_eq!(seconds("12.5"), Ok(12.5));
        assert!(seconds("NaN").is_err() && seconds("-1").is_err() && seconds("1e9").is_err());
        let hash = "ab".repeat(32);
        assert_eq!(sha256(&hash), Ok(Some(hash.clone())));
        assert_eq!(sha256(""), Ok(None));
        assert!(sha256(&hash.to_uppercase()).is_err() && sha256("ab").is_err());
        assert_eq!(shown(""), "nothing");
        assert_eq!(shown(&"x".repeat(100)).len(), 40 + 5);
        assert_eq!(shown("a\u{1b}[2J"), "`a?[2J`");
    }
}
