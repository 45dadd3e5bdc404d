//! The participants' `events.csv` files: concatenated into the report's
//! `events.csv`, and read for withdrawals (`study withdraw` appends a
//! `withdrawn` row; the participant's data is then left out of every
//! analysis, and the report lists the withdrawal).

use crate::files::{self, cap};
use crate::study::results::{EVENTS, EVENTS_HEADER};
use std::fmt::Write as _;
use std::path::Path;

/// A participant who withdrew.
#[derive(Clone, Debug, PartialEq)]
pub struct Withdrawal {
    /// Their ID (the folder's name).
    pub participant: String,
    /// When the withdrawal was written, UTC.
    pub utc: String,
    /// The reason given.
    pub reason: String,
}

/// The fields of one CSV line, quotes undone.
pub(super) fn fields(line: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                out.last_mut().expect("a field").push('"');
            }
            ('"', _) => quoted = !quoted,
            (',', false) => out.push(String::new()),
            (c, _) => out.last_mut().expect("a field").push(c),
        }
    }
    out
}

/// The text of the `events.csv` in the participant folder `dir`, if it
/// reads: read once, for [`withdrawn`] and [`concatenate`] alike.
pub(super) fn read(dir: &Path) -> Option<String> {
    files::read_text(&dir.join(EVENTS), "events", cap::STUDY_TABLE).ok()
}

/// The withdrawal of `participant`, if their `events.csv` text has one
/// (the first, if several).
pub(super) fn withdrawn(text: &str, participant: &str) -> Option<Withdrawal> {
    text.lines().skip(1).find_map(|line| {
        let f = fields(line);
        (f.len() == 6 && f[4] == "withdrawn").then(|| Withdrawal {
            participant: participant.to_string(),
            utc: f[1].clone(),
            reason: f[5].clone(),
        })
    })
}

/// Every participant's `events.csv` rows under one header, participant by
/// participant (each file's text, if any, with their ID); rows of another
/// participant or of another shape are left out and counted in the notes.
pub(super) fn concatenate<'a>(
    texts: impl Iterator<Item = (Option<&'a str>, &'a str)>,
    notes: &mut Vec<String>,
) -> String {
    let mut out = format!("{EVENTS_HEADER}\n");
    for (text, id) in texts {
        let Some(text) = text else {
            continue;
        };
        let mut lines = text.lines();
        if lines.next() != Some(EVENTS_HEADER) {
            notes.push(format!("{id}/{EVENTS}: not the header this program writes"));
            continue;
        }
        let mut odd = 0;
        for line in lines {
            let f = fields(line);
            if f.len() == 6 && f[0] == id {
                let _ = writeln!(out, "{line}");
            } else {
                odd += 1;
            }
        }
        if odd > 0 {
            notes.push(format!(
                "{id}/{EVENTS}: {odd} rows not of six fields for {id}, left out"
            ));
        }
    }
    out
}

/// The report's section listing the withdrawals, if any.
pub(super) fn section(md: &mut String, withdrawals: &[Withdrawal]) {
    if withdrawals.is_empty() {
        return;
    }
    md.push_str(
        "## Withdrawals\n\nThese participants withdrew (`study withdraw`); their data is in \
         their folders, untouched, and left out of every number and file of this report.\n\n\
         | participant | withdrawn (UTC) | reason |\n|---|---|---|\n",
    );
    for w in withdrawals {
        let reason = w.reason.replace('|', "\\|");
        let _ = writeln!(md, "| {} | {} | {reason} |", w.participant, w.utc);
    }
    md.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_fields_come_back_whole() {
        assert_eq!(
            fields("P1,t,1.0,,withdrawn,\"felt ill, \"\"no more\"\"\""),
            ["P1", "t", "1.0", "", "withdrawn", "felt ill, \"no more\""]
        );
        assert_eq!(fields(""), [""]);
    }
}
