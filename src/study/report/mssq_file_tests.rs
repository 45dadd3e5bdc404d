use super::super::fixture::session;
use super::*;
use crate::study::results::{MSSQ_HEADER, MSSQ_ITEMS_HEADER};

/// P1's MSSQ-short from the items `items` (child then adult, `na` for
/// never travelled; fewer than 18 for a session cut off) and the scores
/// row `scores`, if any.
fn mssq_of(items: &[&str], scores: Option<&str>) -> Result<Mssq, String> {
    let dir = crate::files::Scratch::new("mssq");
    let mut text = format!("{MSSQ_ITEMS_HEADER}\n");
    for (i, answer) in items.iter().enumerate() {
        let (section, kind) = Section::of_item(i);
        text += &format!("P1,{},{},{answer}\n", section.name(), kind + 1);
    }
    let items_path = dir.join("mssq-items.csv");
    std::fs::write(&items_path, text).unwrap();
    let scores_path = dir.join("mssq.csv");
    if let Some(row) = scores {
        std::fs::write(&scores_path, format!("{MSSQ_HEADER}\n{row}\n")).unwrap();
    }
    let items = table::read(&items_path, &ITEMS_HEADERS).unwrap();
    let scores = table::read(&scores_path, &SCORES_HEADERS).unwrap();
    read(items.as_ref(), scores.as_ref(), &session("P1", ["a", "b"])).map_err(|e| e.to_string())
}

/// Golding's example in `crate::study::mssq`: the child section 10 over
/// seven kinds travelled, the adult one "rarely" once.
const ITEMS: [&str; 18] = [
    "1", "2", "0", "na", "3", "na", "1", "2", "1", "1", "0", "0", "0", "0", "0", "0", "0", "0",
];

#[test]
fn the_raw_score_is_the_items_and_the_row_agrees() {
    let row = "P1,12.8571,1.0000,13.8571,2,0";
    let m = mssq_of(&ITEMS, Some(row)).unwrap();
    assert_eq!(m.answered, 18);
    assert!((m.raw.unwrap() - (90.0 / 7.0 + 1.0)).abs() < 1e-12);
    // Cut off before the end: no score but the one written, if any.
    let m = mssq_of(&ITEMS[..5], None).unwrap();
    assert_eq!((m.answered, m.raw), (5, None));
}

#[test]
fn a_row_that_does_not_score_the_items_is_placed() {
    let e = mssq_of(&ITEMS, Some("P1,12.8571,1.0000,20.0000,2,1")).unwrap_err();
    assert!(
        e.contains(
            "mssq.csv:2:19: `raw` is 20.0000, but the items in mssq-items.csv score \
                    13.8571"
        ),
        "{e}"
    );
    assert!(
        e.contains("mssq.csv:2:29: the items in mssq-items.csv leave 0 never travelled"),
        "{e}"
    );
    let mut twice = ITEMS.to_vec();
    twice.push("3");
    let e = mssq_of(&twice, None).unwrap_err();
    assert!(e.contains("mssq-items.csv:20:"), "{e}");
}
