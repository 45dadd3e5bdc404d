//! The plots drawn into PNGs and read back: every condition's colour
//! where it should be, empty and degenerate inputs still drawn.

use super::fms::{dodges, time_axis_name, time_range, Rating, DODGE_SHARE};
use super::scatter::scatter_subtitle;
use super::*;

/// A fresh folder for one test's files, removed when it is dropped.
fn folder(test: &str) -> crate::files::Scratch {
    crate::files::Scratch::new(&format!("study-plot-{test}"))
}

/// The PNG at `path`, decoded, after checking its size.
fn decoded(path: &Path) -> image::RgbImage {
    let bytes = std::fs::read(path).unwrap();
    let image = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png)
        .unwrap()
        .to_rgb8();
    assert_eq!(image.dimensions(), SIZE);
    image
}

/// How many pixels of `image` are exactly `c`.
fn count(image: &image::RgbImage, c: RGBColor) -> usize {
    image.pixels().filter(|p| p.0 == [c.0, c.1, c.2]).count()
}

/// How many pixels of `image` are `c` drawn at `alpha` over white
/// (give or take rounding).
fn count_over_white(image: &image::RgbImage, c: RGBColor, alpha: f64) -> usize {
    let over = |v: u8| f64::from(v) * alpha + 255.0 * (1.0 - alpha);
    let want = [over(c.0), over(c.1), over(c.2)];
    image
        .pixels()
        .filter(|p| {
            p.0.iter()
                .zip(want)
                .all(|(&v, w)| (f64::from(v) - w).abs() <= 2.0)
        })
        .count()
}

/// A band with ratings every minute for five minutes.
fn band(label: &str, medians: [f64; 5]) -> Band {
    Band {
        label: label.to_owned(),
        t_s: vec![60.0, 120.0, 180.0, 240.0, 300.0],
        median: medians.to_vec(),
        q1: medians.iter().map(|m| m - 1.0).collect(),
        q3: medians.iter().map(|m| m + 2.0).collect(),
        n: vec![12, 12, 11, 10, 10],
    }
}

#[test]
fn quantile_interpolates_between_neighbours() {
    let sorted = [1.0, 2.0, 3.0, 4.0];
    assert_eq!(quantile(&sorted, 0.0), 1.0);
    assert_eq!(quantile(&sorted, 0.25), 1.75);
    assert_eq!(quantile(&sorted, 0.5), 2.5);
    assert_eq!(quantile(&sorted, 1.0), 4.0);
    assert_eq!(quantile(&[7.0], 0.75), 7.0);
}

#[test]
fn summary_leaves_out_values_that_are_not_finite() {
    let s = summary(&[5.0, f64::NAN, 1.0, 3.0, f64::INFINITY]).unwrap();
    assert_eq!((s.n, s.q1, s.median, s.q3), (3, 2.0, 3.0, 4.0));
    assert_eq!(summary(&[f64::NAN]), None);
    assert_eq!(summary(&[]), None);
}

#[test]
fn padded_ranges_are_never_empty() {
    assert_eq!(padded((0.0, 10.0), 0.1), (-1.0, 11.0));
    assert_eq!(padded((5.0, 5.0), 0.1), (4.5, 5.5));
    assert_eq!(padded((0.0, 0.0), 0.1), (-1.0, 1.0));
    assert_eq!(extent([f64::NAN, 3.0, -2.0]), Some((-2.0, 3.0)));
    assert_eq!(extent([f64::NAN]), None);
    assert_eq!(extent([f64::MAX, 1.0, -f64::INFINITY]), Some((1.0, 1.0)));
    assert!(plottable(1e300) && !plottable(f64::MAX) && !plottable(f64::NAN));
}

#[test]
fn decimals_resolve_a_tenth_of_the_span() {
    assert_eq!(decimals(20.0), 0);
    assert_eq!(decimals(324.0), 0);
    assert_eq!(decimals(5.0), 1);
    assert_eq!(decimals(0.9), 2);
    assert_eq!(decimals(0.0), 0);
}

#[test]
fn jitter_is_spread_within_half_a_unit() {
    let offsets: Vec<f64> = (0..12).map(jitter).collect();
    assert!(offsets.iter().all(|j| (-0.5..0.5).contains(j)));
    assert_eq!(offsets, (0..12).map(jitter).collect::<Vec<_>>());
    // Golden-ratio steps never land two of twelve dots in one place.
    let mut sorted = offsets.clone();
    sorted.sort_by(f64::total_cmp);
    assert!(sorted.windows(2).all(|w| w[1] - w[0] > 0.03));
}

#[test]
fn dodges_are_centred_and_a_share_of_the_interval() {
    let r = |t_s| Rating {
        t_s,
        median: 1.0,
        iqr: None,
    };
    let ratings = vec![vec![r(60.0), r(120.0)], vec![r(60.0)], vec![r(180.0)]];
    let step = DODGE_SHARE * 60.0;
    assert_eq!(dodges(&ratings), vec![-step, 0.0, step]);
    assert_eq!(dodges(&[vec![r(0.0)]]), vec![0.0]);
    let many = dodges(&vec![vec![r(0.0), r(10.0)]; 26]);
    assert!((many[25] - many[0] - 2.5).abs() < 1e-9);
    // 300 s of ratings: 3% margins (9 s) and room for the offsets.
    let (lo, hi) = time_range(&[vec![r(60.0), r(300.0)]], &[-3.0, 3.0]);
    assert!((lo + 12.0).abs() < 1e-9 && (hi - 312.0).abs() < 1e-9);
    assert!(time_axis_name(&[-3.0, 3.0]).contains("±3.0 s"));
    assert_eq!(time_axis_name(&[0.0]), "time in condition, s");
}

#[test]
fn band_ratings_skip_missing_values() {
    let mut b = band("a", [1.0, 2.0, 3.0, 4.0, 5.0]);
    b.median[1] = f64::NAN;
    b.n[2] = 0;
    b.q3[3] = f64::NAN;
    let ratings = b.ratings();
    let times: Vec<f64> = ratings.iter().map(|r| r.t_s).collect();
    assert_eq!(times, vec![60.0, 240.0, 300.0]);
    assert_eq!(ratings[0].iqr, Some((0.0, 3.0)));
    assert_eq!(ratings[1].iqr, None);
}

#[test]
fn fms_over_time_draws_every_condition() {
    let dir = folder("fms");
    let path = dir.join("fms.png");
    let bands = [
        band("smooth", [0.0, 1.0, 2.0, 3.0, 4.0]),
        band("snap", [1.0, 3.0, 6.0, 8.0, 9.0]),
    ];
    fms_over_time(&path, "SIMULATED DATA - FMS", &bands).unwrap();
    let image = decoded(&path);
    assert!(count(&image, COLOURS[0]) > 500);
    assert!(count(&image, COLOURS[1]) > 500);
    assert_eq!(count(&image, COLOURS[2]), 0);
}

#[test]
fn fms_over_time_refuses_uneven_columns() {
    let dir = folder("uneven");
    let path = dir.join("fms.png");
    let mut b = band("short", [1.0; 5]);
    b.n.pop();
    let err = fms_over_time(&path, "t", &[b]).unwrap_err();
    assert!(matches!(err, PlotError::UnevenBand { n: 4, t: 5, .. }));
    assert!(err.to_string().contains("short"));
    assert!(!path.exists());
}

#[test]
fn ssq_change_draws_dots_and_boxes() {
    let dir = folder("ssq");
    let path = dir.join("ssq.png");
    let groups = [
        Group {
            label: "smooth".to_owned(),
            values: vec![-3.7, 0.0, 7.5, 11.2, 22.4, f64::NAN],
        },
        Group {
            label: "snap".to_owned(),
            values: vec![3.7, 15.0, 18.7, 40.0],
        },
    ];
    ssq_change(&path, "SIMULATED DATA - SSQ", &groups).unwrap();
    let image = decoded(&path);
    assert!(count(&image, COLOURS[0]) > 200);
    assert!(count(&image, COLOURS[1]) > 200);
}

#[test]
fn scatter_draws_its_points() {
    let dir = folder("scatter");
    let path = dir.join("scatter.png");
    let points: Vec<(f64, f64)> = (0..20).map(|i| (i as f64 * 0.5, (i % 7) as f64)).collect();
    scatter(
        &path,
        "SIMULATED DATA - scatter",
        ("yaw rate, deg/s", "fms_max"),
        &points,
        Some(("r_rm", 0.4)),
    )
    .unwrap();
    assert!(count_over_white(&decoded(&path), COLOURS[0], DOT_ALPHA) > 500);
}

#[test]
fn scatter_subtitle_says_what_was_left_out() {
    assert_eq!(
        scatter_subtitle(10, 2, Some(("r_rm", 0.456))),
        "r_rm = 0.46, n = 10 points, 2 left out for a missing value"
    );
    assert_eq!(
        scatter_subtitle(1, 0, Some(("r_rm", f64::NAN))),
        "r_rm undefined, n = 1 points"
    );
    assert_eq!(scatter_subtitle(0, 0, None), "n = 0 points");
}

#[test]
fn empty_inputs_draw_empty_axes() {
    let dir = folder("empty");
    fms_over_time(&dir.join("fms.png"), "empty", &[]).unwrap();
    ssq_change(&dir.join("ssq.png"), "empty", &[]).unwrap();
    scatter(&dir.join("scatter.png"), "empty", ("x", "y"), &[], None).unwrap();
    still_playing(&dir.join("survival.png"), "empty", &[]).unwrap();
    fms_with_model(&dir.join("model.png"), "empty", "M1", &[]).unwrap();
    for name in [
        "fms.png",
        "ssq.png",
        "scatter.png",
        "survival.png",
        "model.png",
    ] {
        let image = decoded(&dir.join(name));
        // The note's and axes' grey and black are there, no series.
        assert!(count(&image, GREY) > 0, "{name}");
        assert!(COLOURS.iter().all(|&c| count(&image, c) == 0), "{name}");
    }
}

#[test]
fn degenerate_inputs_still_draw() {
    let dir = folder("degenerate");
    let one = Band {
        label: "one".to_owned(),
        t_s: vec![0.0],
        median: vec![20.0],
        q1: vec![20.0],
        q3: vec![20.0],
        n: vec![1],
    };
    let nan = Band {
        label: "nan".to_owned(),
        t_s: vec![f64::NAN, 60.0],
        median: vec![1.0, f64::NAN],
        q1: vec![f64::NAN; 2],
        q3: vec![f64::NAN; 2],
        n: vec![3, 3],
    };
    fms_over_time(&dir.join("fms.png"), "degenerate", &[one, nan]).unwrap();
    assert!(count(&decoded(&dir.join("fms.png")), COLOURS[0]) > 50);
    let groups = [
        Group {
            label: "equal".to_owned(),
            values: vec![5.0; 4],
        },
        Group {
            label: "none".to_owned(),
            values: vec![f64::NAN],
        },
    ];
    ssq_change(&dir.join("ssq.png"), "degenerate", &groups).unwrap();
    assert!(count(&decoded(&dir.join("ssq.png")), COLOURS[0]) > 50);
    let points = [(3.0, 4.0), (3.0, 4.0), (f64::NAN, 1.0)];
    scatter(
        &dir.join("scatter.png"),
        "degenerate",
        ("x", "y"),
        &points,
        Some(("r_rm", f64::NAN)),
    )
    .unwrap();
    // The two points coincide, so one dot is twice as dark.
    let twice = 1.0 - (1.0 - DOT_ALPHA).powi(2);
    let image = decoded(&dir.join("scatter.png"));
    assert!(count_over_white(&image, COLOURS[0], twice) > 20);
    assert_eq!(count_over_white(&image, COLOURS[0], DOT_ALPHA), 0);
    // Values too large for any axis are left out, not laid out forever.
    let huge = [(1e308, 1.0), (-1e308, 2.0), (1.0, 1.0)];
    scatter(&dir.join("huge.png"), "huge", ("x", "y"), &huge, None).unwrap();
    let huge = Group {
        label: "huge".to_owned(),
        values: vec![f64::MAX, -f64::MAX, 1.0],
    };
    ssq_change(&dir.join("huge_ssq.png"), "huge", &[huge]).unwrap();
}

#[test]
fn long_labels_are_shrunk_and_cut_to_fit() {
    let dir = folder("long");
    let long = "a condition with a very long name ".repeat(8);
    let groups: Vec<Group> = (0..8)
        .map(|i| Group {
            label: format!("{i} {long}"),
            values: vec![i as f64],
        })
        .collect();
    ssq_change(&dir.join("ssq.png"), &long, &groups).unwrap();
    decoded(&dir.join("ssq.png"));
    render(&dir.join("fit.png"), |area| {
        let (shown, style) = fit(area, &long, (TITLE_PX, FontStyle::Bold), 300)?;
        assert!(shown.ends_with('…'));
        assert!(area.estimate_text_size(&shown, &style)?.0 <= 300);
        let (shown, style) = fit(area, "short", (TITLE_PX, FontStyle::Bold), 300)?;
        assert_eq!(shown, "short");
        assert_eq!(style.font.get_size(), f64::from(TITLE_PX));
        Ok(())
    })
    .unwrap();
}

#[test]
fn an_unwritable_path_is_a_write_error_naming_it() {
    let dir = folder("unwritable");
    let path = dir.join("no such folder").join("fms.png");
    let err = scatter(&path, "t", ("x", "y"), &[(1.0, 2.0)], None).unwrap_err();
    assert!(matches!(&err, PlotError::Write { path: p, .. } if *p == path));
    assert!(err.to_string().contains("no such folder"));
}

/// A curve dropping at 100 s and 200 s, censored at 150 s and 300 s.
fn curve(label: &str) -> Curve {
    let step = |time_s, survival, low, high, censored| Step {
        time_s,
        survival,
        low,
        high,
        censored,
    };
    Curve {
        label: label.to_owned(),
        steps: vec![
            step(100.0, 0.9, Some(0.75), Some(1.0), 0),
            step(150.0, 0.9, Some(0.75), Some(1.0), 1),
            step(200.0, 0.6, Some(0.4), Some(0.85), 0),
            step(300.0, 0.6, Some(0.4), Some(0.85), 3),
        ],
    }
}

#[test]
fn survival_curves_step_down_with_their_bands_and_ticks() {
    let dir = folder("survival");
    let path = dir.join("survival.png");
    // A second curve lower down, with an interval end undefined.
    let mut second = curve("quake");
    for s in &mut second.steps {
        s.survival -= 0.3;
    }
    second.steps[2].low = None;
    still_playing(
        &path,
        "SIMULATED DATA - still playing",
        &[curve("polar"), second],
    )
    .unwrap();
    let image = decoded(&path);
    assert!(count(&image, COLOURS[0]) > 500);
    assert!(count(&image, COLOURS[1]) > 500);
    assert!(count_over_white(&image, COLOURS[0], BAND_ALPHA) > 1000);
    // The step line's corners: from 1 at 0, across to 100 s, down to 0.9.
    let c = curve("x");
    assert_eq!(c.corners()[..3], [(0.0, 1.0), (100.0, 1.0), (100.0, 0.9)]);
    assert_eq!(c.corners().len(), 9);
    // One band through the steps, each held to the next time.
    let bands = c.bands();
    assert_eq!(bands.len(), 1);
    assert_eq!(bands[0][..2], [(100.0, 1.0), (150.0, 1.0)]);
    // An undefined end breaks the band in two.
    let mut broken = curve("x");
    broken.steps[1].high = None;
    assert_eq!(broken.bands().len(), 2);
}

#[test]
fn the_model_panels_draw_ratings_and_line() {
    let dir = folder("model");
    let path = dir.join("model.png");
    let line = |slope: f64| -> Vec<Fitted> {
        (0..=10)
            .map(|i| {
                let t_s = i as f64 * 30.0;
                let estimate = 1.0 + slope * t_s / 60.0;
                Fitted {
                    t_s,
                    estimate,
                    low: estimate - 0.8,
                    high: estimate + 0.8,
                }
            })
            .collect()
    };
    let panels = [
        Panel {
            ratings: band("smooth", [1.0, 2.0, 3.0, 4.0, 5.0]),
            line: line(1.0),
        },
        Panel {
            ratings: band("snap", [2.0, 4.0, 6.0, 8.0, 9.0]),
            line: line(1.6),
        },
        Panel {
            ratings: band("none", [f64::NAN; 5]),
            line: Vec::new(),
        },
    ];
    fms_with_model(&path, "SIMULATED DATA - model", "M1", &panels).unwrap();
    let image = decoded(&path);
    assert!(count(&image, COLOURS[0]) > 300);
    assert!(count(&image, COLOURS[1]) > 300);
    assert!(count_over_white(&image, GREY, BAND_ALPHA) > 1000);
    assert_eq!(super::model::grid(3), (2, 2));
    assert_eq!(super::model::grid(4), (2, 2));
    assert_eq!(super::model::grid(5), (2, 3));
    assert_eq!(super::model::grid(1), (1, 1));
}
