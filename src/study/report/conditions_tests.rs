use super::super::fixture::session;
use super::super::table;
use super::*;

/// `rows` under `header` read as P1's conditions.csv (who played b, a);
/// the rows read, or the faults as `line:col: message`.
fn read_rows(header: &str, rows: &str) -> Result<Vec<Played>, Vec<String>> {
    let dir = crate::files::Scratch::new("conditions");
    let path = dir.join("conditions.csv");
    std::fs::write(&path, format!("{header}\n{rows}")).unwrap();
    let t = table::read(&path, &HEADERS).unwrap().unwrap();
    read(&t, &session("P1", ["b", "a"]), &dir).map_err(|e| {
        let text = e.to_string();
        text.lines()
            .map(|l| l.split_once("conditions.csv:").unwrap().1.to_string())
            .collect()
    })
}

const SHA: &str = "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03";

#[test]
fn a_newer_row_says_why_and_when_it_ended_and_what_was_played() {
    let rows = format!(
        "P1,b,A,1,2026-01-01T10:00:00Z,125.500,true,1-b.wrec,stop_rule,125.500,{SHA},m,{SHA}\n\
         P1,a,B,2,,42.000,true,2-a.wrec.partial,interrupted,42.000,{SHA},m,{SHA}\n"
    );
    let played = read_rows(CONDITIONS_HEADER, &rows).unwrap();
    assert_eq!(played.len(), 2);
    let b = &played[0];
    assert_eq!((b.end_reason, b.time_s), (EndReason::StopRule, 125.5));
    let hash = b.played.as_ref().unwrap();
    assert_eq!((hash.sha256.as_str(), hash.line), (SHA, 2));
    let a = &played[1];
    assert_eq!(a.end_reason, EndReason::Interrupted);
    assert!(a.recording.as_ref().unwrap().ends_with("2-a.wrec.partial"));
}

#[test]
fn an_older_row_reads_its_end_from_ended_early() {
    let rows = "P1,b,A,1,2026-01-01T10:00:00Z,90.25,true,1-b.wrec\n\
                P1,a,B,2,2026-01-01T10:05:00Z,120.000,false,2-a.wrec\n";
    let played = read_rows(CONDITIONS_HEADER_V1, rows).unwrap();
    assert_eq!(
        (played[0].end_reason, played[0].time_s),
        (EndReason::Participant, 90.25)
    );
    assert_eq!(played[1].end_reason, EndReason::Completed);
    assert!(played.iter().all(|c| c.played.is_none()));
}

#[test]
fn a_newer_row_that_disagrees_with_itself_is_placed() {
    let rows = format!(
        "P1,b,A,1,x,60,true,1-b.wrec,bored,60,{SHA},m,\n\
         P1,a,B,2,x,60,true,2-a.wrec,completed,60,{SHA},m,\n\
         P1,a,B,2,x,60,false,2-a.wrec,completed,60,,m,\n"
    );
    let faults = read_rows(CONDITIONS_HEADER, &rows).unwrap_err();
    assert_eq!(
        faults,
        [
            "2:29: `end_reason` must be one of `completed`, `stop_rule`, `participant`, \
             `interrupted`, found `bored`",
            "3:15: `ended_early` is true, but `end_reason` is `completed`",
            "4:43: `recording_sha256` is empty, but `recording` names a file",
        ]
    );
}
