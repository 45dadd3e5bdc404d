//! The comparison report: what `feel compare` found, as Markdown. It opens
//! with the answers (which variant moves least, lags least, cuts least ...
//! over every maneuver, and where variants tie), then a section per
//! maneuver whose table keeps only the metrics that tell the variants
//! apart, and article 000's question about spinning.

use super::bot::BotTunables;
use super::course::DEFAULT_LIMIT_S;
use super::results::{CourseResult, ManeuverResult, COURSE_MAP};
use super::{series, Metric, Scale, Trajectory};
use crate::short::{self, Short};
use std::fmt::Write as _;

/// Significant figures of the report's numbers (its tables' cells).
pub const FIGURES: usize = 3;

/// Differences within this share of the larger figure are a tie.
pub const TIE_SHARE: f64 = 0.05;

/// A question the report answers: the metric that decides it, summed over
/// the maneuvers (or averaged, for a time or a rate), least first.
struct Question {
    asks: &'static str,
    metric: &'static str,
    /// True to average the defined values instead of summing.
    mean: bool,
}

/// The questions, in the order the report answers them.
const QUESTIONS: [Question; 6] = [
    Question {
        asks: "Least motion dose (all three axes)",
        metric: "msdv_total",
        mean: false,
    },
    Question {
        asks: "Least lag behind a commanded turn",
        metric: "yaw_lag_deg",
        mean: false,
    },
    Question {
        asks: "Fewest view cuts",
        metric: "view_cuts",
        mean: false,
    },
    Question {
        asks: "Least turning nobody commanded",
        metric: "uncommanded_yaw_deg",
        mean: false,
    },
    Question {
        asks: "Fastest settle after a heading step",
        metric: "heading_settle_s",
        mean: true,
    },
    Question {
        asks: "Least optic flow at the screen edges",
        metric: "edge_flow_deg_s_mean",
        mean: true,
    },
];

/// The report's Markdown: the maneuvers' `results`, then the `course`
/// driven by the bot.
pub fn report(results: &[ManeuverResult], course: &[CourseResult], command: &str) -> String {
    let mut md = String::new();
    let scale = results.first().map_or(Scale::default(), |r| r.scale);
    let fov = results
        .first()
        .and_then(|r| r.runs.first())
        .map_or(super::DEFAULT_FOV_DEG, |run| run.trajectory.fov_deg);
    let _ = writeln!(md, "# Feel comparison\n");
    let _ = writeln!(
        md,
        "Made by `{command}` (wobblecaster {}). Every maneuver in `maneuvers/` is run headless \
         by every walking model and camera coupling from the same controls; the metrics come \
         from the camera's trajectory at 120 Hz, the same way for every model, with 1 tile = {} m \
         and the optic flow seen through a {} degree field of view.\n",
        env!("CARGO_PKG_VERSION"),
        scale.metres_per_tile,
        fov
    );
    turn_speeds(&mut md, results);
    let _ = writeln!(
        md,
        "A label `polar KEY=VALUE` is the polar model, camera along the velocity, with one of \
         article 000's alternatives set in its `[polar]` settings (docs/playing.md, \
         \"The movement model\"): the others keep the article's own choices.\n"
    );
    answers(&mut md, results);
    if let Some(first) = results.first().and_then(|r| r.runs.first()) {
        let _ = writeln!(
            md,
            "## The metrics\n\n| metric | unit | meaning |\n|---|---|---|"
        );
        for m in &first.metrics {
            let _ = writeln!(md, "| `{}` | {} | {} |", m.name, m.unit, m.meaning);
        }
        let _ = writeln!(
            md,
            "\nIn the tables, `-` is a value the run does not define (no heading step, no real \
             spectral peak, a run too short for the band) and `>= x` a settling time cut short \
             by the end of its hold (censored: a lower bound).\n"
        );
    }
    for r in results {
        maneuver_section(&mut md, r);
    }
    if let Some(spin) = results.iter().find(|r| r.maneuver.name == "spin_release") {
        spin_section(&mut md, spin);
    }
    course_section(&mut md, course);
    md
}

/// The feel metrics shown beside the course's own figures.
const COURSE_METRICS: [&str; 3] = ["msdv_total", "yaw_rate_rms", "uncommanded_yaw_deg"];

/// The course driven by the bot: a row per variant with the course's
/// figures and a few feel metrics of the run.
fn course_section(md: &mut String, course: &[CourseResult]) {
    let Some(first) = course.first() else { return };
    let bot = BotTunables::default();
    let _ = writeln!(
        md,
        "## Course\n\n`maps/{}`'s course ({} checkpoints and the finish) driven by the bot \
         (`wobblecaster feel course`): only the forward and turn keys, on or off, acting on \
         what it saw {} s before, each key held down or up at least {} s, aiming {} tiles ahead \
         along the straight segments between the checkpoints, one steering law for every model. \
         It steers by the heading the turn keys turn, so the polar model's two couplings drive \
         alike and differ only in what the camera does. A run not finished within {DEFAULT_LIMIT_S} s shows `-` as its time; deviations are \
         distances from the route.\n",
        COURSE_MAP,
        first.run.progress.course().checkpoints().len() - 1,
        bot.reaction_s,
        bot.hold_s,
        bot.look_ahead,
    );
    let _ = write!(md, "| model/coupling |");
    for m in &first.run.figures {
        let _ = write!(md, " {} ({}) |", m.name, m.unit);
    }
    for name in COURSE_METRICS {
        let unit = first
            .metrics
            .iter()
            .find(|m| m.name == name)
            .map_or("", |m| m.unit);
        let _ = write!(md, " {name} ({unit}) |");
    }
    let columns = first.run.figures.len() + COURSE_METRICS.len();
    let _ = writeln!(md, "\n|---|{}", "---:|".repeat(columns));
    for r in course {
        let _ = write!(md, "| {} |", r.variant.label());
        for m in &r.run.figures {
            let _ = write!(md, " {} |", short::figures(m.value, FIGURES));
        }
        for name in COURSE_METRICS {
            let _ = write!(
                md,
                " {} |",
                short::figures(value_of(&r.metrics, name), FIGURES)
            );
        }
        md.push('\n');
    }
    md.push('\n');
}

/// Which turn speeds the turn keys had: each model's own, or one for all.
fn turn_speeds(md: &mut String, results: &[ManeuverResult]) {
    let Some(first) = results.first() else { return };
    let speeds: Vec<(String, (f64, f64))> = first
        .runs
        .iter()
        .map(|run| (run.variant.label(), run.turn_deg_s))
        .collect();
    let common = speeds
        .windows(2)
        .all(|w| (w[0].1 .0 - w[1].1 .0).abs() < 1e-9);
    // Tenths of a degree: what the settings file and the originals say.
    let tenths = |v: f64| Short((v * 10.0).round() / 10.0);
    let listed: Vec<String> = speeds
        .iter()
        .map(
            |&(ref label, (walk, run))| match (walk - run).abs() < 1e-9 {
                true => format!("{label} {}", tenths(walk)),
                false => format!("{label} {} ({} running)", tenths(walk), tenths(run)),
            },
        )
        .collect();
    let how = match common {
        true => "one turn speed for every model (`--heading-speed`), for a controlled comparison",
        false => {
            "each model's own, as its original shipped it (`--heading-speed` sets one for all)"
        }
    };
    let _ = writeln!(
        md,
        "The turn keys turn at {how}: {} deg/s; the maneuvers do not hold the run key.\n",
        listed.join(", ")
    );
}

/// The Answers section: for each question, the variants ranked by its
/// deciding figure over every maneuver, ties marked.
fn answers(md: &mut String, results: &[ManeuverResult]) {
    let _ = writeln!(
        md,
        "## Answers\n\nEach question is decided by one metric over all {} maneuvers (summed, or \
         averaged where it is a time or a rate); variants within {}% of the one ranked above \
         them are tied with it (`=`).\n\n| question | metric | ranking, least first |\n|---|---|---|",
        results.len(),
        TIE_SHARE * 100.0
    );
    for q in &QUESTIONS {
        let mut ranked = figures(results, q);
        ranked.sort_by(|a, b| a.1.total_cmp(&b.1));
        let mut line = String::new();
        for (i, (label, figure, censored)) in ranked.iter().enumerate() {
            if i > 0 {
                let tied = ties(ranked[i - 1].1, *figure);
                line.push_str(if tied { " = " } else { " < " });
            }
            let bound = if *censored { ">= " } else { "" };
            let _ = write!(
                line,
                "{label} ({bound}{})",
                short::figures(Some(*figure), FIGURES)
            );
        }
        let _ = writeln!(md, "| {} | `{}` | {line} |", q.asks, q.metric);
    }
    md.push('\n');
}

/// Each variant's deciding figure for `q`: its label, the figure, and
/// whether a censored value went into it.
fn figures(results: &[ManeuverResult], q: &Question) -> Vec<(String, f64, bool)> {
    let Some(first) = results.first() else {
        return Vec::new();
    };
    (0..first.runs.len())
        .map(|v| {
            let mut values = Vec::new();
            let mut censored = false;
            for r in results {
                let Some(run) = r.runs.get(v) else { continue };
                if let Some(value) = value_of(&run.metrics, q.metric) {
                    values.push(value);
                    censored |= q.metric == "heading_settle_s"
                        && value_of(&run.metrics, "heading_settle_censored") == Some(1.0);
                }
            }
            let figure = match q.mean {
                true => series::mean(&values),
                false => values.iter().sum(),
            };
            (first.runs[v].variant.label(), figure, censored)
        })
        .collect()
}

/// True when `a` and `b` differ by at most [`TIE_SHARE`] of the larger.
fn ties(a: f64, b: f64) -> bool {
    (a - b).abs() <= TIE_SHARE * a.abs().max(b.abs())
}

/// The value of metric `name` in `metrics`, if defined.
fn value_of(metrics: &[Metric], name: &str) -> Option<f64> {
    metrics
        .iter()
        .find(|m| m.name == name)
        .and_then(|m| m.value)
}

/// One maneuver's heading, description, table and plot. The table keeps
/// the metrics whose values differ between the variants; those the same
/// for every variant (they measure the script, not the model) are listed
/// under it with their common value.
fn maneuver_section(md: &mut String, r: &ManeuverResult) {
    let m = &r.maneuver;
    let on = m
        .map
        .map_or("the open plane".to_string(), |f| format!("`maps/{f}`"));
    let _ = writeln!(
        md,
        "## {}\n\n{} Script `maneuvers/{}.txt`, on {on}.\n",
        m.name, m.about, m.name
    );
    let Some(first) = r.runs.first() else { return };
    let (differ, same): (Vec<usize>, Vec<usize>) =
        (0..first.metrics.len()).partition(|&i| differs(r, i));
    let _ = write!(md, "| model/coupling |");
    for &i in &differ {
        let metric = &first.metrics[i];
        let _ = write!(md, " {} ({}) |", metric.name, metric.unit);
    }
    let _ = write!(md, "\n|---|");
    for _ in &differ {
        md.push_str("---:|");
    }
    md.push('\n');
    for run in &r.runs {
        let _ = write!(md, "| {} |", run.variant.label());
        for &i in &differ {
            let _ = write!(md, " {} |", cell(&run.metrics, i));
        }
        md.push('\n');
    }
    if !same.is_empty() {
        let listed: Vec<String> = same
            .iter()
            .map(|&i| format!("`{}` {}", first.metrics[i].name, cell(&first.metrics, i)))
            .collect();
        let _ = writeln!(md, "\nThe same for every variant: {}.", listed.join(", "));
    }
    let _ = writeln!(md, "\n![{}]({}.png)\n", m.name, m.name);
}

/// True when metric `i` differs between the runs of `r`: defined in some
/// and not others, or apart by more than rounding.
fn differs(r: &ManeuverResult, i: usize) -> bool {
    let values: Vec<Option<f64>> = r.runs.iter().map(|run| run.metrics[i].value).collect();
    values.windows(2).any(|w| match (w[0], w[1]) {
        (Some(a), Some(b)) => (a - b).abs() > 1e-9 * a.abs().max(b.abs()).max(1.0),
        (a, b) => a.is_some() != b.is_some(),
    })
}

/// Metric `i` of `metrics` for a table: short, `-` when undefined, `>= x`
/// for a censored settling time.
fn cell(metrics: &[Metric], i: usize) -> String {
    let m = &metrics[i];
    let censored =
        m.name == "heading_settle_s" && value_of(metrics, "heading_settle_censored") == Some(1.0);
    match censored {
        true => format!(">= {}", short::figures(m.value, FIGURES)),
        false => short::figures(m.value, FIGURES),
    }
}

/// When the spin of `spin_release` ends: 36 eighth-turn pushes of 10 ticks.
pub const SPIN_RELEASE_S: f64 = 3.0;
/// A direction of travel turning slower than this has settled, deg/s.
pub const SETTLED_TURN_DEG_S: f64 = 30.0;

/// Article 000's question, answered: does spinning lock the body into 360s?
fn spin_section(md: &mut String, r: &ManeuverResult) {
    let _ = writeln!(
        md,
        "## Article 000: does spinning lock the player into 360s?\n\n\
         In `spin_release` the push is swept round for {SPIN_RELEASE_S} s, then only forward is held. \
         The direction of travel (from the path, the same for every model):\n\n\
         | model/coupling | travel turns while spinning (revolutions) | still turning after release (s) |\n|---|---:|---:|"
    );
    for run in &r.runs {
        let (turns, locked) = spin_lock(&run.trajectory, SPIN_RELEASE_S, SETTLED_TURN_DEG_S);
        let _ = writeln!(
            md,
            "| {} | {} | {} |",
            run.variant.label(),
            short::figures(Some(turns), FIGURES),
            short::figures(Some(locked), FIGURES)
        );
    }
    md.push('\n');
}

/// How many revolutions the direction of travel makes before `release_s`,
/// and for how long after it the direction keeps turning faster than
/// `settled_deg_s` (until the last tick it does).
pub fn spin_lock(t: &Trajectory, release_s: f64, settled_deg_s: f64) -> (f64, f64) {
    let s = &t.samples;
    let headings: Vec<f64> = s
        .windows(2)
        .filter_map(|w| {
            let (dx, dy) = (w[1].x - w[0].x, w[1].y - w[0].y);
            // Standing still has no direction: keep the last one.
            (dx.hypot(dy) > 1e-9).then(|| dy.atan2(dx))
        })
        .collect();
    let dir = series::unwrap(headings);
    let rate = series::rate(&dir, t.dt);
    let release = ((release_s / t.dt) as usize).min(dir.len().saturating_sub(1));
    let turns = (dir.get(release).copied().unwrap_or(0.0) - dir.first().copied().unwrap_or(0.0))
        .abs()
        / std::f64::consts::TAU;
    let last_fast = rate
        .iter()
        .enumerate()
        .skip(release)
        .rfind(|(_, r)| r.abs().to_degrees() > settled_deg_s)
        .map(|(i, _)| i + 1);
    let locked = last_fast.map_or(0.0, |i| (i - release) as f64 * t.dt);
    (turns, locked)
}
