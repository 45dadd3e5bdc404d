//! The HUD's tests: what a frame shows with each part on or off.

use super::*;
use crate::map::MapArt;

/// The bounding box (x0, y0, x1, y1, inclusive) of the pixels where
/// `a` and `b`, `width` pixels wide, differ; None if none do.
fn differing_box(a: &[u8], b: &[u8], width: usize) -> Option<(usize, usize, usize, usize)> {
    let mut bounds: Option<(usize, usize, usize, usize)> = None;
    for (i, (pa, pb)) in a.chunks_exact(4).zip(b.chunks_exact(4)).enumerate() {
        if pa != pb {
            let (x, y) = (i % width, i / width);
            bounds = Some(match bounds {
                None => (x, y, x, y),
                Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
            });
        }
    }
    bounds
}

/// The frame of `world` from its camera with `hud`, `w` x `h`.
fn frame_of(world: &World, hud: &Hud, (w, h): (usize, usize)) -> Vec<u8> {
    let view = View::from_pose(world.camera());
    let mut frame = vec![0u8; w * h * 4];
    super::super::draw(
        &super::super::Scene {
            world,
            view: &view,
            hud,
            art: &crate::sprites::Art::plain(),
            map_art: &MapArt::plain(world.map()),
        },
        super::super::Frame::new(&mut frame, w, h),
    );
    frame
}

/// The sizes the game and `shot` are used at.
const SIZES: [(usize, usize); 5] = [
    (320, 180),
    (640, 360),
    (960, 540),
    (1280, 720),
    (1920, 1080),
];

/// A world on a map of some size, its player facing `angle`.
fn world_facing(angle: char) -> World {
    let mut rows: Vec<String> = vec!["#".repeat(20)];
    rows.extend((0..10).map(|_| format!("#{}#", ".".repeat(18))));
    rows.push("#".repeat(20));
    rows[5].replace_range(9..10, &angle.to_string());
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    World::new(crate::map::Map::from_rows(&rows), Default::default(), 1)
}

/// A HUD with everything on, the help too: as many bindings as the
/// game's, long key lists and long descriptions among them.
fn everything() -> Hud {
    Hud {
        help: true,
        fps: Some(60.0),
        minimap: true,
        paused: true,
        message: Some("a message".into()),
        hint: vec!["FIRST FLIGHT".into(), "a hint".into()],
        parts: Parts {
            status_bar: true,
            crosshair: true,
            readout: true,
        },
        goal: GoalShown::Checkpoint { next: 3, of: 14 },
        clock: Some(10_000),
        keys: (0..30)
            .map(|i| {
                let what = "study: give the answer shown (number keys type one)";
                (format!("Enter / NumpadEnter / Pad South {i}"), what.into())
            })
            .collect(),
        prompts: Prompts {
            help: Some("F1".into()),
            ..Prompts::default()
        },
        ..Hud::default()
    }
}

#[test]
fn the_help_panel_hides_everything_behind_it_at_every_size_and_page() {
    // Two worlds facing different ways: different scenes, readouts and
    // minimaps behind the panel.
    let (east, south) = (world_facing('>'), world_facing('v'));
    let colours = [
        [0, 0, 0],
        [255, 220, 120],
        TEXT,
        [170, 170, 170],
        [16, 18, 24],
    ];
    for size in SIZES {
        let (w, h) = size;
        let hud = everything();
        let view = View::from_pose(east.camera());
        let layout = help::laid_out(&east, &view, &hud, size);
        let [px, py, pw, ph] = layout.panel.map(|v| v as usize);
        assert!(
            pw >= w / 3 && ph >= h / 3,
            "{w}x{h}: panel {:?}",
            layout.panel
        );
        for page in 0..layout.pages.len() {
            let hud = Hud {
                help_page: page,
                ..everything()
            };
            let (a, b) = (frame_of(&east, &hud, size), frame_of(&south, &hud, size));
            let mut lettered = 0;
            for y in py..py + ph {
                for x in px..px + pw {
                    let i = (y * w + x) * 4;
                    let at = format!("{w}x{h} page {page} at {x},{y}");
                    assert_eq!(a[i..i + 4], b[i..i + 4], "{at}: something shows through");
                    let rgb = [a[i], a[i + 1], a[i + 2]];
                    assert!(colours.contains(&rgb), "{at}: {rgb:?}");
                    lettered += usize::from(rgb == TEXT);
                }
            }
            // Every page full of text but the last, which may hold a line.
            let least = if page + 1 < layout.pages.len() {
                1000
            } else {
                100
            };
            assert!(
                lettered > least,
                "{w}x{h} page {page}: {lettered} text pixels"
            );
        }
    }
}

/// The rows (top, bottom) and columns (left, right) of `frame`'s
/// pixels of colour `rgb`, if any.
fn extent(frame: &[u8], w: usize, rgb: [u8; 3]) -> Option<[usize; 4]> {
    let mut found: Option<[usize; 4]> = None;
    for (i, p) in frame.chunks_exact(4).enumerate() {
        if p[..3] == rgb {
            let (x, y) = (i % w, i / w);
            let [t, b, l, r] = found.unwrap_or([y, y, x, x]);
            found = Some([t.min(y), b.max(y), l.min(x), r.max(x)]);
        }
    }
    found
}

#[test]
fn the_death_and_pause_words_stand_below_the_readout_and_minimap_whole() {
    let dead = crate::sim::Scenario::from_world(world_facing('>'))
        .combat(|c, _| c.health = 0)
        .build();
    let words = super::super::fight::DEATH_TEXT_RGB;
    for size in SIZES {
        let (w, h) = size;
        let hud = Hud {
            minimap: true,
            prompts: Prompts {
                restart: Some("Enter".into()),
                resume: Some("P".into()),
                ..Prompts::default()
            },
            parts: Parts {
                readout: true,
                ..Parts::default()
            },
            ..Hud::default()
        };
        let mut canvas_rows = vec![[0u8; 4]; w * h];
        let canvas = Canvas::whole(&mut canvas_rows, w, h);
        let scale = text_scale(h);
        let minimap = MinimapBox::new(dead.map(), &canvas, scale).bottom();
        let readout = readout_bottom(readout_lines(&dead, &hud).len(), scale);
        let below = minimap.max(readout) as usize;
        let [top, _, left, right] = extent(&frame_of(&dead, &hud, size), w, words)
            .unwrap_or_else(|| panic!("{w}x{h}: no death words"));
        assert!(
            top >= below,
            "{w}x{h}: words from row {top}, HUD to {below}"
        );
        assert!(left > 0 && right < w - 1, "{w}x{h}: cut at the edges");
        // Blind: no readout, whose text has the banner's colour.
        let paused = Hud {
            paused: true,
            blind: true,
            ..hud
        };
        let alive = world_facing('>');
        let [top, _, left, right] = extent(&frame_of(&alive, &paused, size), w, TEXT)
            .unwrap_or_else(|| panic!("{w}x{h}: no pause words"));
        let below = minimap as usize;
        assert!(
            top >= below,
            "{w}x{h}: paused from row {top}, minimap to {below}"
        );
        assert!(left > 0 && right < w - 1, "{w}x{h}: cut at the edges");
    }
}

#[test]
fn a_hint_fits_the_frame_above_the_bottom_line() {
    let world = world_facing('>');
    let hint = vec![
        "FIRST FLIGHT: this map is made for the jetpack (J)".to_string(),
        "Hold Q to hover (it barely climbs), E for full thrust (fast: use bursts).".into(),
        "W A S D tilt the ship to move; R brakes.".into(),
        "The engines cut out above 6.5 tiles (1.5 below the ceiling).".into(),
        "Letting go of hover up high hurts: land slower than 1.2 tiles/s.".into(),
    ];
    for size in SIZES {
        let (w, h) = size;
        let bare = Hud {
            message: Some("a message".into()),
            ..Hud::default()
        };
        let with = Hud {
            hint: hint.clone(),
            ..bare.clone()
        };
        let (a, b) = (frame_of(&world, &bare, size), frame_of(&world, &with, size));
        let (x0, y0, x1, y1) = differing_box(&a, &b, w).expect("the hint shows");
        let line = GLYPH * text_scale(h);
        assert!(
            x0 > 0 && x1 < w - 1 && y0 > 0,
            "{w}x{h}: {x0},{y0} to {x1},{y1}"
        );
        assert!(
            y1 < h - 2 * line - 4,
            "{w}x{h}: over the bottom line, to row {y1}"
        );
        let [top, ..] = extent(&b, w, HINT_TITLE).expect("its heading");
        assert!((y0..y1).contains(&top), "{w}x{h}");
    }
}

#[test]
fn a_hint_in_flight_keeps_clear_of_the_attitude_indicator() {
    let mut world = world_facing('>');
    world.step(&crate::sim::Controls {
        action: Some(crate::sim::Request::Jetpack),
        ..Default::default()
    });
    assert!(world.player().flight.is_some(), "flying");
    let hint = vec![
        "BLOCKADE: fly over the barricade; the fuel is short".to_string(),
        "Hold Q to hover (it barely climbs), E for full thrust (fast: use bursts).".into(),
        "W A S D tilt the ship to move; R brakes, and land slower than 1.2 tiles/s.".into(),
    ];
    for size in SIZES {
        let (w, h) = size;
        let bare = Hud::default();
        let with = Hud {
            hint: hint.clone(),
            ..Hud::default()
        };
        let (a, b) = (frame_of(&world, &bare, size), frame_of(&world, &with, size));
        let Some((x0, _, x1, y1)) = differing_box(&a, &b, w) else {
            assert!(w < 640, "{w}x{h}: the hint shows");
            continue;
        };
        let view_h = h - bar_height(&bare, size);
        let (bx, by, bw, _) = cockpit::attitude_box(view_h, text_scale(h));
        let beside = x0 as i64 >= bx + bw;
        let above = (y1 as i64) < by;
        assert!(
            beside || above,
            "{w}x{h}: hint {x0}..{x1} to row {y1}, attitude to {} from row {by}",
            bx + bw
        );
    }
}

#[test]
fn a_blind_hud_shows_nothing_of_the_model_but_the_gun_stays() {
    let world = World::new(
        crate::map::Map::from_rows(&["#####", "#.>.#", "#####"]),
        Default::default(),
        1,
    );
    let (w, h) = (640, 360);
    let draw = |hud: &Hud| frame_of(&world, hud, (w, h));
    let bare = draw(&Hud {
        hidden: true,
        ..Hud::default()
    });
    let lab = Parts {
        readout: true,
        ..Parts::default()
    };
    let full = draw(&Hud {
        help: true,
        parts: lab,
        ..Hud::default()
    });
    let blind = draw(&Hud {
        blind: true,
        parts: lab,
        ..Hud::default()
    });
    // Blind, the help says the study's clock runs on and shows the keys,
    // but not the movement options (they name the model).
    let view = View {
        pose: world.camera(),
        fov: 1.5,
    };
    let blind_help = Hud {
        help: true,
        blind: true,
        ..Hud::default()
    };
    let titles: Vec<&str> = super::help::sections(&world, &view, &blind_help)
        .iter()
        .map(|s| s.title)
        .collect();
    assert_eq!(titles, ["THE STUDY'S CLOCK RUNS ON", "CONTROLS"]);
    // The top-left readout and the help: drawn in full, not blind.
    let corner = |f: &[u8]| -> Vec<u8> {
        (0..40)
            .flat_map(|y| f[y * w * 4..(y * w + 160) * 4].to_vec())
            .collect()
    };
    assert_ne!(corner(&full), corner(&bare), "the readout is drawn");
    assert_eq!(corner(&blind), corner(&bare), "a blind HUD names no model");
    assert_ne!(blind, bare, "the gun is still drawn");
}

#[test]
fn the_status_bar_spans_the_foot_readable_at_960x540_and_fits_every_size() {
    assert_eq!(
        bar::scale(960, 540),
        2,
        "16-pixel text at the window's size"
    );
    let world = world_facing('>');
    let bare = Hud {
        parts: Parts {
            status_bar: false,
            ..Parts::default()
        },
        ..Hud::default()
    };
    let barred = Hud {
        goal: GoalShown::EnemiesLeft(4),
        clock: Some(120),
        ..Hud::default()
    };
    for size in SIZES {
        let (w, h) = size;
        let tall = bar_height(&barred, size);
        assert!(tall >= 2 * GLYPH && tall * 4 <= h, "{w}x{h}: {tall} rows");
        let (a, b) = (
            frame_of(&world, &bare, size),
            frame_of(&world, &barred, size),
        );
        let (x0, _, x1, y1) = differing_box(&a, &b, w).expect("the bar shows");
        assert_eq!((x0, x1, y1), (0, w - 1, h - 1), "{w}x{h}: across the foot");
        // Its bevel on top, its slate at the foot, from edge to edge.
        let row = |y: usize| b[y * w * 4..(y + 1) * w * 4].chunks_exact(4);
        assert!(row(h - tall).all(|p| p == bar::BEVEL), "{w}x{h}: bevel");
        assert!(row(h - 1).all(|p| p == bar::SLATE), "{w}x{h}: slate");
        // Every panel's label is drawn whole: the bar's words fit its width.
        let [_, _, left, right] = extent(&b, w, bar::LABEL).expect("labels");
        assert!(
            left > 0 && right < w - 1,
            "{w}x{h}: labels {left} to {right}"
        );
    }
    // Too small a frame has no bar rather than a bar over all of it.
    assert_eq!(bar_height(&barred, (33, 17)), 0);
    let words = words_of(&world, &barred);
    for word in [
        "HEALTH", "100", "KEYS", "ENEMIES", "4 left", "TIME", "0:01.0", "PISTOL",
    ] {
        assert!(words.iter().any(|w| w == word), "{word} in {words:?}");
    }
}

#[test]
fn the_readout_and_the_crosshair_are_drawn_only_when_asked() {
    let world = world_facing('>');
    let size = (640, 360);
    let (w, h) = size;
    let plain = frame_of(&world, &Hud::default(), size);
    let lab = Hud {
        parts: Parts {
            readout: true,
            ..Parts::default()
        },
        ..Hud::default()
    };
    let corner = |f: &[u8]| -> Vec<u8> {
        (0..40)
            .flat_map(|y| f[y * w * 4..(y * w + 160) * 4].to_vec())
            .collect()
    };
    let read = frame_of(&world, &lab, size);
    assert_ne!(corner(&read), corner(&plain), "the readout is drawn");
    let bare = frame_of(
        &world,
        &Hud {
            hidden: true,
            ..Hud::default()
        },
        size,
    );
    assert_eq!(corner(&plain), corner(&bare), "off by default");
    assert!(words_of(&world, &Hud::default())
        .iter()
        .all(|w| !w.contains("model")));
    let aimed = Hud {
        parts: Parts {
            crosshair: true,
            ..Parts::default()
        },
        ..Hud::default()
    };
    let (x0, y0, x1, y1) =
        differing_box(&plain, &frame_of(&world, &aimed, size), w).expect("a crosshair");
    let (cx, cy) = (w / 2, h / 2);
    assert!(x0 < cx && cx <= x1 && y0 < cy && cy <= y1, "centred");
    assert!(x1 - x0 < 16 && y1 - y0 < 16, "a dot, not a cross");
}

#[test]
fn a_notice_or_a_hint_is_never_drawn_over_a_banner_or_a_menu() {
    let mut world = World::new(
        crate::map::Map::from_rows(&["##########", "#k.>G....#", "##########"]),
        Default::default(),
        1,
    );
    world.step(&crate::sim::Controls {
        action: Some(crate::sim::Request::Use),
        ..Default::default()
    });
    let said = "Locked: it needs the gold key";
    let shows = |hud: &Hud| words_of(&world, hud).iter().any(|w| w == said);
    assert!(shows(&Hud::default()), "in play it is told");
    let paused = Hud {
        paused: true,
        ..Hud::default()
    };
    let covered = Hud {
        covered: true,
        ..Hud::default()
    };
    assert!(!shows(&paused) && !shows(&covered));
    // Nor a map's hint.
    let hint = "Hold W to push";
    let hinted = |hud: Hud| Hud {
        hint: vec![hint.into()],
        ..hud
    };
    let tells = |hud: &Hud| words_of(&world, hud).iter().any(|w| w == hint);
    assert!(tells(&hinted(Hud::default())), "in play it is told");
    assert!(!tells(&hinted(paused.clone())) && !tells(&hinted(covered.clone())));
    // And in pixels: the key's colour is not drawn while paused.
    let size = (640, 360);
    let gold = key_colour(Key::Gold);
    assert!(extent(&frame_of(&world, &Hud::default(), size), 640, gold).is_some());
    assert!(extent(&frame_of(&world, &paused, size), 640, gold).is_none());
}

/// The words the HUD draws over `world` from its camera with `hud`.
fn words_of(world: &World, hud: &Hud) -> Vec<String> {
    let view = View::from_pose(world.camera());
    words(&Scene {
        world,
        view: &view,
        hud,
        art: &crate::sprites::Art::plain(),
        map_art: &MapArt::plain(world.map()),
    })
}
