//! The participants of one study, from one results folder or several (a
//! folder per site, say): every participant's folder in each, none met
//! twice, all of one study and of one protocol (by the SHA-256 each
//! `session.toml` gives).

use super::events_log::{self, withdrawn, Withdrawal};
use super::participant::{self, Participant};
use super::{table, ReportError, MAX_ENTRIES};
use std::path::Path;

/// The files of a participant's folder that hold the session's data: a
/// folder with any of them but no `session.toml` is refused.
const DATA_FILES: [&str; 5] = [
    "conditions.csv",
    "ratings.csv",
    "ssq.csv",
    "ssq-items.csv",
    "answers.csv",
];

/// Every participant in the folders `dirs`, by ID (as one folder holding
/// them all would list them), and the folders left out (named with their
/// results folder when there are several). The report's own folder `out`
/// is passed over.
pub(super) fn read(dirs: &[&Path], out: &Path) -> Result<Found, ReportError> {
    let mut all: Vec<Participant> = Vec::new();
    let mut skipped = Vec::new();
    let mut withdrawals = Vec::new();
    // Named as the report names them, never by a whole path.
    let names = folder_names(dirs);
    for (at, dir) in dirs.iter().enumerate() {
        let (participants, left_out) = read_folder(dir, out, &mut withdrawals)?;
        for p in participants {
            if let Some(first) = all.iter().find(|q| q.id() == p.id()) {
                return Err(ReportError::SameParticipant {
                    id: p.id().to_string(),
                    first: first.dir.clone(),
                    second: p.dir,
                });
            }
            all.push(p);
        }
        skipped.extend(left_out.into_iter().map(|s| match dirs.len() {
            1 => s,
            _ => format!("{}/{s}", names[at]),
        }));
    }
    all.sort_by(|a, b| a.id().cmp(b.id()));
    withdrawals.sort_by(|a, b| a.participant.cmp(&b.participant));
    one_study(&all)?;
    one_protocol(&all)?;
    Ok(Found {
        participants: all,
        skipped,
        withdrawals,
    })
}

/// The folders' names, each by its last part, or by as many of its last
/// parts as tell it from the others (`site-a/pace`, `site-b/pace`): never
/// a whole path.
pub(super) fn folder_names(dirs: &[&Path]) -> Vec<String> {
    let parts: Vec<Vec<String>> = dirs
        .iter()
        .map(|d| {
            let d = std::fs::canonicalize(d).unwrap_or_else(|_| d.to_path_buf());
            let names = d.components().filter_map(|c| match c {
                std::path::Component::Normal(n) => Some(n.to_string_lossy().into_owned()),
                _ => None,
            });
            names.collect()
        })
        .collect();
    let tail = |p: &Vec<String>, k: usize| p[p.len().saturating_sub(k)..].join("/");
    let longest = parts.iter().map(Vec::len).max().unwrap_or(0);
    let mut k = 1;
    while k < longest {
        let names: Vec<String> = parts.iter().map(|p| tail(p, k)).collect();
        let distinct = names
            .iter()
            .enumerate()
            .all(|(i, n)| !names[..i].contains(n));
        if distinct {
            break;
        }
        k += 1;
    }
    dirs.iter()
        .zip(&parts)
        .map(|(d, p)| match p.is_empty() {
            true => folder_name(d),
            false => tail(p, k),
        })
        .collect()
}

/// The last part of `dir`'s name (`.` for none).
fn folder_name(dir: &Path) -> String {
    let name = |d: &Path| d.file_name().map(|n| n.to_string_lossy().into_owned());
    name(dir)
        .or_else(|| std::fs::canonicalize(dir).ok().and_then(|d| name(&d)))
        .unwrap_or_else(|| ".".into())
}

/// What the results folders hold.
pub(super) struct Found {
    /// Every participant, by ID.
    pub participants: Vec<Participant>,
    /// The folders left out, named.
    pub skipped: Vec<String>,
    /// The participants who withdrew, by ID: left out.
    pub withdrawals: Vec<Withdrawal>,
}

/// Every participant's folder in `results_dir`, by name; and the folders
/// left out. The report's own folder `out` is passed over, as are files
/// and hidden entries; a participant who withdrew is added to
/// `withdrawals` instead.
fn read_folder(
    results_dir: &Path,
    out: &Path,
    withdrawals: &mut Vec<Withdrawal>,
) -> Result<(Vec<Participant>, Vec<String>), ReportError> {
    let list = |source| ReportError::List {
        dir: results_dir.to_owned(),
        source,
    };
    let out = std::fs::canonicalize(out).ok();
    let mut folders = Vec::new();
    for (i, entry) in std::fs::read_dir(results_dir).map_err(list)?.enumerate() {
        if i == MAX_ENTRIES {
            return Err(ReportError::TooManyEntries(results_dir.to_owned()));
        }
        let entry = entry.map_err(list)?;
        let is_folder = entry.file_type().map_err(list)?.is_dir();
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        if !is_folder || name.starts_with('.') || std::fs::canonicalize(&path).ok() == out {
            continue;
        }
        folders.push((name, path));
    }
    folders.sort();
    let mut participants = Vec::new();
    let mut skipped = Vec::new();
    for (name, path) in folders {
        if !path.join("session.toml").exists() {
            if DATA_FILES.iter().any(|f| path.join(f).exists()) {
                return Err(ReportError::NoSession(path));
            }
            skipped.push(format!("{name}/ (no session.toml)"));
        } else if refused(&path) {
            skipped.push(format!("{name}/ (consent refused)"));
        } else if table::name(&name).is_err() {
            skipped.push(format!(
                "{name}/ (not a participant ID: letters, digits, - and _)"
            ));
        } else {
            // Read once: for the withdrawal here, for events.csv later.
            let events = events_log::read(&path);
            if let Some(w) = events.as_deref().and_then(|t| withdrawn(t, &name)) {
                withdrawals.push(w);
            } else {
                let mut p = participant::read(&path, &name)?;
                p.events = events;
                participants.push(p);
            }
        }
    }
    if participants.is_empty() {
        return Err(ReportError::NoParticipants(results_dir.to_owned()));
    }
    Ok((participants, skipped))
}

/// True if the participant's folder `dir` records a refused consent
/// (`consent.csv`): nothing else of theirs is there to analyse.
fn refused(dir: &Path) -> bool {
    let path = dir.join(crate::study::results::CONSENT_FILE);
    let text = crate::files::read_text(&path, "consent", crate::files::cap::STUDY_TABLE);
    text.is_ok_and(|t| {
        t.lines()
            .skip(1)
            .any(|l| l.split(',').nth(1) == Some("refused"))
    })
}

/// Nothing wrong if every participant took part in one study; else the
/// error naming two.
fn one_study(participants: &[Participant]) -> Result<(), ReportError> {
    let first = &participants[0].session;
    match participants.iter().find(|p| p.session.study != first.study) {
        None => Ok(()),
        Some(other) => Err(ReportError::TwoStudies {
            first: first.study.clone(),
            first_by: first.participant.clone(),
            second: other.session.study.clone(),
            second_by: other.session.participant.clone(),
        }),
    }
}

/// Nothing wrong if every participant ran the same protocol file (by its
/// SHA-256); else the error naming two `session.toml` files.
fn one_protocol(participants: &[Participant]) -> Result<(), ReportError> {
    let first = &participants[0].session;
    let other = participants
        .iter()
        .find(|p| p.session.protocol_sha256 != first.protocol_sha256);
    match other {
        None => Ok(()),
        Some(other) => Err(ReportError::TwoProtocols {
            first: first.path.clone(),
            second: other.session.path.clone(),
        }),
    }
}

/// Every condition of the participants' protocol, in its order.
pub(super) fn condition_names(participants: &[Participant]) -> Vec<String> {
    let conditions = &participants[0].session.protocol.conditions;
    conditions.iter().map(|c| c.name.clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A protocol of two conditions on the shipped course.
    const PROTOCOL: &str = "name = \"pace\"\nmap = \"feel_course\"\nexposure_s = 120\n\
        fms_interval_s = 60\n[[condition]]\nname = \"slow\"\n\
        movement = { model = \"polar\" }\n[[condition]]\nname = \"fast\"\n\
        movement = { model = \"classic\" }\n";

    /// A participant's folder `id` under `results` with only its session
    /// file (nothing played yet).
    fn participant(results: &Path, id: &str) {
        let dir = results.join(id);
        std::fs::create_dir_all(&dir).unwrap();
        let toml = format!(
            "study = \"pace\"\nparticipant = \"{id}\"\nsequence = 1\nsimulated = false\n\
             program_version = \"0.1.0\"\nstarted_utc = \"2026-01-01T10:00:00Z\"\n\
             protocol_file = \"studies/pace.toml\"\nprotocol_sha256 = \"00\"\n\
             map = \"feel_course\"\norder = [\"slow\", \"fast\"]\nlabels = [\"A\", \"B\"]\n\
             protocol_text = {PROTOCOL:?}\n"
        );
        std::fs::write(dir.join("session.toml"), toml).unwrap();
    }

    #[test]
    fn a_folder_left_out_of_several_is_named_without_a_whole_path() {
        let temp = std::env::temp_dir().join(format!("wobble-folders-{}", std::process::id()));
        let (a, b) = (temp.join("site-a/pace"), temp.join("site-b/pace"));
        participant(&a, "P1");
        participant(&b, "P2");
        std::fs::create_dir_all(b.join("notes")).unwrap();
        let out = temp.join("out");
        let found = read(&[&a, &b], &out).unwrap();
        assert_eq!(found.skipped, ["site-b/pace/notes/ (no session.toml)"]);
        let summary = super::super::report(&[&a, &b], &out, false).unwrap();
        // Byte by byte: not every file written is text.
        let whole = temp.display().to_string();
        for name in &summary.written {
            let bytes = std::fs::read(out.join(name)).unwrap();
            let named = bytes.windows(whole.len()).any(|w| w == whole.as_bytes());
            assert!(!named, "{name:?} names {whole}");
        }
        let md = std::fs::read_to_string(out.join("report.md")).unwrap();
        assert!(md.contains("site-b/pace/notes/"), "{md}");
        std::fs::remove_dir_all(&temp).unwrap();
    }
}
