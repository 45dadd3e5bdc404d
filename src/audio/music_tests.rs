use super::*;
use std::path::PathBuf;

const GOOD: &str = "\
; a test track
name = Test
tempo = 120
steps = 4
order = a b a

[instruments]
lead = fm ratio=2 index=1.5 gain=0.4 pan=-0.5
kick = kick

[pattern a]
lead = C4 - E4 . | G4 - - -
kick = X . x . | x . . .

[pattern b]
lead = Bb3 - F#4 . A0 . C8 -
";

fn faults(text: &str) -> Vec<(usize, usize, MusicErrorKind)> {
    match parse_track(&PathBuf::from("t.txt"), text) {
        Ok(_) => Vec::new(),
        Err(f) => {
            f.0.into_iter()
                .map(|l| match l.at {
                    Place::Text { line, col } => (line, col, l.kind),
                    _ => (0, 0, l.kind),
                })
                .collect()
        }
    }
}

#[test]
fn a_track_parses_with_its_notes_instruments_and_order() {
    let t = parse_track(&PathBuf::from("t.txt"), GOOD).unwrap();
    assert_eq!(
        (t.name.as_str(), t.tempo, t.steps_per_beat),
        ("Test", 120, 4)
    );
    assert_eq!(t.order, vec![0, 1, 0]);
    assert_eq!(t.steps(), 24);
    // 24 steps of a sixteenth at 120 beats a minute: 3 s.
    assert!((t.seconds() - 3.0).abs() < 1e-12);
    assert_eq!(t.voices(), 2);
    let lead = &t.instruments[0];
    assert_eq!((lead.wave, lead.ratio, lead.pan), (Wave::Fm, 2.0, -0.5));
    assert_eq!(t.instruments[1].wave, Wave::Kick);
    let a = &t.patterns[0];
    assert_eq!(a.steps, 8);
    assert_eq!(
        a.lines[0].steps[..4],
        [
            Step::Note(60, false),
            Step::Hold,
            Step::Note(64, false),
            Step::Rest
        ]
    );
    assert_eq!(a.lines[1].steps[0], Step::Note(60, true));
    let b = &t.patterns[1].lines[0].steps;
    // Bb3 is 58, F#4 66, A0 21 (the piano's lowest), C8 108.
    let notes: Vec<u8> = b
        .iter()
        .filter_map(|s| match s {
            Step::Note(n, _) => Some(*n),
            _ => None,
        })
        .collect();
    assert_eq!(notes, vec![58, 66, 21, 108]);
}

#[test]
fn faults_name_their_line_and_column() {
    let broken = GOOD
        .replace("tempo = 120", "tempo = 900")
        .replace("G4 - - -", "G4 - H4 -")
        .replace("kick = kick", "kick = kick gain=2");
    let found = faults(&broken);
    assert_eq!(found.len(), 3, "{found:?}");
    assert_eq!((found[0].0, found[0].1), (3, 9));
    assert!(matches!(found[0].2, MusicErrorKind::BadValue(..)));
    assert_eq!((found[1].0, found[1].1), (9, 13));
    assert_eq!((found[2].0, found[2].1), (12, 25));
    assert_eq!(found[2].2, MusicErrorKind::BadStep("H4".into()));
}

#[test]
fn ragged_unknown_and_missing_are_faults() {
    let ragged = GOOD.replace("kick = X . x . | x . . .", "kick = X . x .");
    assert!(matches!(faults(&ragged)[0].2, MusicErrorKind::Ragged(4, 8)));
    let unknown = GOOD.replace("order = a b a", "order = a c");
    assert_eq!(
        faults(&unknown)[0].2,
        MusicErrorKind::Unknown("pattern", "c".into())
    );
    let no_tempo = GOOD.replace("tempo = 120\n", "");
    assert_eq!(faults(&no_tempo)[0].2, MusicErrorKind::Missing("`tempo`"));
    let twice = GOOD.replace("kick = kick", "lead = kick");
    assert_eq!(faults(&twice)[0].2, MusicErrorKind::Twice("lead".into()));
    let wave = GOOD.replace("= kick\n", "= banjo\n");
    assert_eq!(
        faults(&wave)[0].2,
        MusicErrorKind::UnknownWave("banjo".into())
    );
}

#[test]
fn caps_hold_against_a_hostile_file() {
    let long = format!(
        "{GOOD}\n[pattern c]\nkick = {}\n",
        "x ".repeat(MAX_STEPS + 1)
    );
    assert!(faults(&long)
        .iter()
        .any(|f| f.2 == MusicErrorKind::TooMany("steps", MAX_STEPS)));
    let slow = GOOD
        .replace("tempo = 120", "tempo = 40")
        .replace("order = a b a", &format!("order = {}", "a ".repeat(200)));
    assert!(matches!(faults(&slow)[0].2, MusicErrorKind::TooLong(_)));
    let many = format!(
        "{GOOD}{}",
        (0..MAX_PATTERNS)
            .map(|i| format!("[pattern p{i}]\n"))
            .collect::<String>()
    );
    assert!(faults(&many)
        .iter()
        .any(|f| f.2 == MusicErrorKind::TooMany("patterns", MAX_PATTERNS)));
}
