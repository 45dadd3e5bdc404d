use super::*;

/// The sizes the game and `shot` are used at, smallest to largest.
const SIZES: [(usize, usize); 5] = [
    (320, 180),
    (640, 360),
    (960, 540),
    (1280, 720),
    (1920, 1080),
];

/// Sections as long as the game's: thirty bindings (long key lists and
/// the study's long descriptions among them) and eleven options.
fn sample() -> Vec<Section> {
    let mut keys: Vec<(String, String)> = (0..26)
        .map(|i| {
            (
                format!("W / Up / Pad DPadUp {i}"),
                format!("push forward {i}"),
            )
        })
        .collect();
    keys.push((
        "ControlLeft / ControlRight / MouseRight / Pad RightTrigger / Pad RightBumper".into(),
        "fire".into(),
    ));
    keys.push((
        "PageDown / NumpadSubtract / Down / Pad DPadDown".into(),
        "study: one down on the answer's scale".into(),
    ));
    keys.push((
        "Enter / NumpadEnter / Pad South".into(),
        "study: give the answer shown (number keys type one)".into(),
    ));
    keys.push(("unbound".into(), "an action with no key".into()));
    let comfort = (0..11)
        .map(|i| {
            (
                format!("stabilising jets {i}"),
                "tilts with the ship".into(),
            )
        })
        .collect();
    vec![
        Section {
            title: "CONTROLS",
            rows: keys,
            breaks: " / ",
        },
        Section {
            title: "MOVEMENT AND COMFORT",
            rows: comfort,
            breaks: " ",
        },
    ]
}

/// The words of `text` but the separators between keys.
fn words(text: &str) -> Vec<String> {
    text.split_whitespace()
        .filter(|w| *w != "/")
        .map(str::to_string)
        .collect()
}

#[test]
fn text_wraps_at_its_separators_and_a_long_piece_is_cut() {
    assert_eq!(wrap("J / Pad South", 34, " / "), ["J / Pad South"]);
    assert_eq!(
        wrap(
            "ControlLeft / ControlRight / MouseRight / Pad RightTrigger",
            30,
            " / "
        ),
        [
            "ControlLeft / ControlRight",
            "MouseRight / Pad RightTrigger"
        ]
    );
    assert_eq!(
        wrap("A / Pad RightTrigger", 14, " / "),
        ["A", "Pad", "RightTrigger"]
    );
    assert_eq!(
        wrap("AVeryLongSingleName", 5, " "),
        ["AVery", "LongS", "ingle", "Name"]
    );
    assert_eq!(wrap("the answer shown", 10, " "), ["the answer", "shown"]);
    assert_eq!(wrap("", 10, " "), [""]);
}

#[test]
fn a_row_too_narrow_for_two_texts_side_by_side_puts_one_under_the_other() {
    assert_eq!(
        row_lines(("A / B", "push forward"), " / ", 40, 10),
        ["A / B       push forward"]
    );
    assert_eq!(
        row_lines(("A / B", "push forward"), " / ", 20, 10),
        ["A / B", "  push forward"]
    );
}

#[test]
fn every_line_lies_inside_the_frame_and_every_word_is_on_some_page() {
    let sections = sample();
    let all: Vec<String> = sections
        .iter()
        .flat_map(|s| {
            let rows = s
                .rows
                .iter()
                .flat_map(|(l, r)| words(l).into_iter().chain(words(r)));
            words(s.title).into_iter().chain(rows)
        })
        .collect();
    for (w, h) in SIZES {
        let max_scale = crate::render::layout::text_scale(h);
        let layout = layout(&sections, Some("F1"), (w, h), max_scale);
        let s = layout.scale as i64;
        let [px, py, pw, ph] = layout.panel;
        let size = format!("{w}x{h}");
        assert!(
            px >= 0 && py >= 0 && px + pw <= w as i64 && py + ph <= h as i64,
            "{size}"
        );
        let mut got = Vec::new();
        for (i, page) in layout.pages.iter().enumerate() {
            for line in page {
                // A glyph and its shadow: 8 x 8 text pixels and one more.
                let right = line.x + (line.text.chars().count() * GLYPH) as i64 * s + s;
                let bottom = line.y + (GLYPH as i64 + 1) * s;
                let at = format!("{size} page {i}: {:?} at {},{}", line.text, line.x, line.y);
                assert!(line.x >= px && line.y >= py, "{at}");
                assert!(right <= px + pw && bottom <= py + ph, "{at}");
                if line.style != Style::Footer {
                    got.extend(words(&line.text));
                }
            }
        }
        // Side by side, a row's two texts interleave line by line.
        let (mut got, mut want) = (got, all.clone());
        got.sort();
        want.sort();
        assert_eq!(got, want, "{size}: every word, once");
    }
}

#[test]
fn one_page_at_the_largest_text_that_fits_else_numbered_pages() {
    let sections = sample();
    let laid = |(w, h): (usize, usize), key| {
        layout(&sections, key, (w, h), crate::render::layout::text_scale(h))
    };
    let big = laid((1920, 1080), Some("F1"));
    assert_eq!((big.pages.len(), big.scale), (1, 2), "1920x1080");
    // One page, its panel centred around the text, not the whole frame.
    let [x, y, w, h] = big.panel;
    assert!(x > 0 && y > 0 && (1920 - x - w - x).abs() <= 1 && (1080 - y - h - y).abs() <= 1);
    // At the default window the text stays 16 pixels tall, paged if need be.
    let default = laid((960, 540), Some("F1"));
    assert_eq!(default.scale * GLYPH, 16, "960x540");
    let small = laid((640, 360), Some("F1"));
    assert_eq!(small.panel, [0, 0, 640, 360], "paged, it fills the frame");
    let n = small.pages.len();
    assert!(n >= 2, "{n} pages");
    let footers: Vec<&str> = small
        .pages
        .iter()
        .map(|p| p.last().map_or("", |l| l.text.as_str()))
        .collect();
    assert_eq!(footers[0], format!("page 1 of {n} - F1: next page"));
    assert_eq!(footers[n - 1], format!("page {n} of {n} - F1 closes"));
    let unbound = laid((640, 360), None);
    assert_eq!(
        unbound.pages[0].last().unwrap().text,
        format!("page 1 of {n}")
    );
}

#[test]
fn a_row_stays_in_one_column_and_a_title_with_its_first_row() {
    let block = |gap, n: usize| Block {
        gap,
        lines: (0..n).map(|i| (format!("{i}"), Style::Text)).collect(),
    };
    let texts = |column: &[Line]| column.iter().map(|(t, _)| t.clone()).collect::<Vec<_>>();
    // 3 + 2 in a column of 4: the second block starts the next column.
    let pages = flow(&[block(false, 3), block(false, 2)], 4, 2);
    assert_eq!(pages.len(), 1);
    assert_eq!(texts(&pages[0][0]), ["0", "1", "2"]);
    assert_eq!(texts(&pages[0][1]), ["0", "1"]);
    // A gap opens a section, except at the top of a column.
    let pages = flow(&[block(false, 1), block(true, 2), block(true, 3)], 4, 1);
    assert_eq!(texts(&pages[0][0]), ["0", "", "0", "1"]);
    assert_eq!(texts(&pages[1][0]), ["0", "1", "2"]);
    // A block taller than a column is split across columns.
    let pages = flow(&[block(false, 5)], 2, 2);
    assert_eq!(pages.len(), 2);
    assert_eq!(texts(&pages[1][0]), ["4"]);
}

#[test]
fn from_960x540_up_the_text_pages_rather_than_shrinking_below_sixteen_pixels() {
    // Three times the sample: more than fits on one page at scale 2.
    let sections: Vec<Section> = (0..3).flat_map(|_| sample()).collect();
    for (w, h) in [(960, 540), (1280, 720)] {
        let l = layout(&sections, Some("F1"), (w, h), 1);
        assert_eq!(l.scale, 2, "{w}x{h}");
        assert!(l.pages.len() >= 2, "{w}x{h}: {} pages", l.pages.len());
    }
    // Below it, the text may shrink to scale 1.
    assert_eq!(layout(&sections, Some("F1"), (640, 360), 1).scale, 1);
}
