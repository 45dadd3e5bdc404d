//! Starting a new session: the participant's row of the Latin square, the
//! results folder made, the session ready to run. Shared by `study run`
//! and the title menu (which takes the next free ID, P01, P02, ...).

use super::latin;
use super::protocol::Protocol;
use super::results::{Results, ResultsError, Start};
use super::run::StudyRun;
use super::session::Session;
use std::path::{Path, PathBuf};

/// The most participants the title menu numbers in one results folder.
const MAX_NUMBERED: usize = 999;

/// Who takes part and where the session's files go.
#[derive(Clone, Debug)]
pub struct Who {
    /// The participant's ID.
    pub participant: String,
    /// Their number: the Latin square's row.
    pub sequence: usize,
    /// The seed of a simulated participant; None for a person.
    pub simulated: Option<u64>,
    /// The results folder (RESULTS/STUDY/ID/ is made in it).
    pub results: PathBuf,
    /// The site (lab or computer) of the session, if named.
    pub site: Option<String>,
}

/// A new session of `protocol` (read from `file` as `text`, playing the
/// map at `map`) for `who`: its folder made (a taken ID refused).
pub fn new_session(
    (protocol, file, text): (Protocol, &Path, String),
    map: &Path,
    who: &Who,
) -> Result<StudyRun, ResultsError> {
    let order = latin::order(protocol.conditions.len(), who.sequence);
    let start = Start {
        participant: who.participant.clone(),
        sequence: who.sequence,
        simulated: who.simulated,
        protocol_file: file.to_path_buf(),
        protocol_text: text,
        map: map.to_path_buf(),
        site: who.site.clone(),
    };
    let results = Results::create(&who.results, &protocol, &order, &start)?;
    Ok(StudyRun::new(Session::new(protocol, order), results))
}

/// The first ID of P01, P02, ... with no folder yet for `protocol` in
/// `results`, and its number.
pub fn next_participant(results: &Path, protocol: &Protocol) -> Option<(String, usize)> {
    (1..=MAX_NUMBERED)
        .map(|n| (format!("P{n:02}"), n))
        .find(|(id, _)| {
            Results::folder(results, protocol, id)
                .symlink_metadata()
                .is_err()
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_next_participant_skips_taken_ids() {
        // Results in a folder not yet made, inside a scratch folder that
        // goes when the test ends.
        let scratch = crate::files::Scratch::new("start");
        let dir = scratch.join("results");
        let text =
            "name = \"s\"\nmap = \"m\"\n[[condition]]\nname = \"a\"\n[[condition]]\nname = \"b\"\n";
        let p = Protocol::parse(text, Path::new("s.toml")).unwrap();
        assert_eq!(next_participant(&dir, &p), Some(("P01".into(), 1)));
        let who = Who {
            participant: "P01".into(),
            sequence: 1,
            simulated: None,
            results: dir.clone(),
            site: None,
        };
        let run = new_session(
            (p.clone(), Path::new("s.toml"), text.into()),
            Path::new("m"),
            &who,
        );
        assert!(run.is_ok());
        assert_eq!(next_participant(&dir, &p), Some(("P02".into(), 2)));
        let again = new_session((p, Path::new("s.toml"), text.into()), Path::new("m"), &who);
        assert!(matches!(again, Err(ResultsError::Taken { .. })));
    }
}
