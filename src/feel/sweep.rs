//! `feel sweep`: one run measured over a grid of values, every point on
//! its own core. The grid has one or two axes: tunables (`KEY=FROM..TO:N`,
//! checked against the tunable table's ranges before anything runs), or
//! any other labelled values (the spin study's release actions). Each
//! point is a fresh world, and the rows come back in grid order whatever
//! the thread count, so `sweep.csv` is the same bytes on one core or many.

use super::bot::BotTunables;
use super::{compute, compute_flight, course, LandingCue, Metric, Scale};
use crate::map::Map;
use crate::names;
use crate::short::Short;
use crate::sim::tunable_table::{Number, TunableError, NUMBERS};
use crate::sim::Tunables;
use crate::sim::{Controls, World};
use rayon::prelude::*;
use std::fmt::Write as _;

pub use super::sweep_table::{Axis, Column, Sweep, Tick};

/// The most values along one axis.
pub const MAX_COUNT: usize = 101;
/// The most axes a sweep has (a line plot for one, a heat map for two).
pub const MAX_AXES: usize = 2;

/// Why a sweep was refused before it ran.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum SweepError {
    /// `--set` is not `KEY=FROM..TO:N`.
    #[error("`--set {text}`: {why}")]
    Spec {
        /// What was given.
        text: String,
        /// What is wrong with it.
        why: String,
    },
    /// No tunable has the key.
    #[error("no tunable is called `{key}`{}", hint_text(.hint))]
    UnknownKey {
        /// The key given.
        key: String,
        /// The nearest key, if any is near.
        hint: Option<&'static str>,
    },
    /// The key is a settings key of more than one section.
    #[error("`{key}` is in more than one section of the settings file: write {}", .keys.join(" or "))]
    AmbiguousKey {
        /// The key given.
        key: String,
        /// The keys that tell them apart.
        keys: Vec<&'static str>,
    },
    /// A value is outside the tunable's range.
    #[error("`--set {text}`: {source}")]
    Range {
        /// What was given.
        text: String,
        /// The range refused it.
        #[source]
        source: TunableError,
    },
    /// The same key twice.
    #[error("`{0}` is swept twice")]
    Twice(&'static str),
    /// Too many keys.
    #[error("a sweep has at most {MAX_AXES} keys")]
    TooManyKeys,
    /// No such metric.
    #[error("no metric is called `{name}`{}", hint_text(.hint))]
    UnknownMetric {
        /// The name given.
        name: String,
        /// The nearest name, if any is near.
        hint: Option<&'static str>,
    },
}

/// ` (did you mean `x`?)`, or nothing.
fn hint_text(hint: &Option<&'static str>) -> String {
    hint.map_or(String::new(), |h| format!(" (did you mean `{h}`?)"))
}

/// One swept tunable: `KEY=FROM..TO:N` read and checked.
#[derive(Clone, Copy)]
pub struct SetRange {
    /// The tunable.
    pub number: &'static Number,
    /// The first value, written unit.
    pub from: f64,
    /// The last value, written unit.
    pub to: f64,
    /// How many values, evenly spaced, ends included.
    pub count: usize,
}

impl std::fmt::Debug for SetRange {
    /// As it was written: `turn_rate=6..48:8`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (from, to) = (Short(self.from), Short(self.to));
        write!(f, "{}={from}..{to}:{}", self.number.key, self.count)
    }
}

impl SetRange {
    /// Reads `KEY=FROM..TO:N`: KEY a tunable's key as the settings file or
    /// a recording writes it, FROM and TO in the settings file's unit and
    /// within the tunable's range, N from 2 to [`MAX_COUNT`] (1 when FROM
    /// is TO).
    pub fn parse(text: &str) -> Result<Self, SweepError> {
        let spec = |why: &str| SweepError::Spec {
            text: text.to_string(),
            why: why.to_string(),
        };
        let form = "expected KEY=FROM..TO:N, e.g. turn_rate=6..48:8";
        let (key, rest) = text.split_once('=').ok_or_else(|| spec(form))?;
        let (span, count) = rest.rsplit_once(':').ok_or_else(|| spec(form))?;
        let (from, to) = span.split_once("..").ok_or_else(|| spec(form))?;
        let number = find_number(key.trim())?;
        let value = |v: &str| {
            number.parse_written(v).map_err(|source| SweepError::Range {
                text: text.to_string(),
                source,
            })
        };
        let (from, to) = (value(from)?, value(to)?);
        let count: usize = count
            .trim()
            .parse()
            .map_err(|_| spec("N must be a whole number of values"))?;
        let fewest = if from == to { 1 } else { 2 };
        if !(fewest..=MAX_COUNT).contains(&count) {
            return Err(spec(&format!(
                "N must be {fewest} to {MAX_COUNT} values, found {count}"
            )));
        }
        Ok(Self {
            number,
            from,
            to,
            count,
        })
    }

    /// The values, evenly spaced from `from` to `to` (both exact).
    pub fn values(&self) -> Vec<f64> {
        let last = self.count.saturating_sub(1).max(1) as f64;
        (0..self.count)
            .map(|i| match i + 1 == self.count && self.count > 1 {
                true => self.to,
                false => self.from + (self.to - self.from) * i as f64 / last,
            })
            .collect()
    }

    /// The axis of these values.
    pub fn axis(&self) -> Axis {
        Axis {
            name: self.number.key.to_string(),
            unit: self.number.unit_words.to_string(),
            ticks: self
                .values()
                .into_iter()
                .map(|value| Tick {
                    value,
                    label: Short(value).to_string(),
                })
                .collect(),
        }
    }
}

/// Checks a sweep's keys: at most [`MAX_AXES`], none twice.
pub fn check_keys(sets: &[SetRange]) -> Result<(), SweepError> {
    if sets.len() > MAX_AXES {
        return Err(SweepError::TooManyKeys);
    }
    if let [a, b] = sets {
        if a.number.key == b.number.key {
            return Err(SweepError::Twice(a.number.key));
        }
    }
    Ok(())
}

/// The numeric tunable named `key`: its key in recordings (unique), else
/// its key in the settings file when only one section has it.
pub fn find_number(key: &str) -> Result<&'static Number, SweepError> {
    if let Some(n) = NUMBERS.iter().find(|n| n.key == key) {
        return Ok(n);
    }
    let by_setting: Vec<&'static Number> = NUMBERS
        .iter()
        .copied()
        .filter(|n| n.setting == key)
        .collect();
    match by_setting[..] {
        [n] => Ok(n),
        [] => {
            let known = NUMBERS.iter().flat_map(|n| [n.key, n.setting]);
            Err(SweepError::UnknownKey {
                key: key.to_string(),
                hint: names::nearest(key, known),
            })
        }
        _ => Err(SweepError::AmbiguousKey {
            key: key.to_string(),
            keys: by_setting.iter().map(|n| n.key).collect(),
        }),
    }
}

/// The metrics named in `list` (comma-separated), in that order, each
/// once, from those `known` (a run's metrics, for their names and units).
pub fn metric_columns(list: &str, known: &[Metric]) -> Result<Vec<Column>, SweepError> {
    let mut seen = Vec::new();
    list.split(',')
        .map(str::trim)
        .filter(|name| !name.is_empty())
        // A name given twice is one column (and one plot, not two files
        // of one name, which would fail only after the whole sweep ran).
        .filter(|name| match seen.contains(name) {
            true => false,
            false => {
                seen.push(*name);
                true
            }
        })
        .map(|name| {
            known
                .iter()
                .find(|m| m.name == name)
                .map(|m| Column {
                    name: m.name,
                    unit: m.unit,
                })
                .ok_or_else(|| SweepError::UnknownMetric {
                    name: name.to_string(),
                    hint: names::nearest(name, known.iter().map(|m| m.name)),
                })
        })
        .collect()
}

/// Every point of the grid of `axes`, the first axis varying slowest.
pub fn points(axes: &[Axis]) -> Vec<Vec<usize>> {
    axes.iter().fold(vec![Vec::new()], |done, axis| {
        done.iter()
            .flat_map(|p| {
                (0..axis.ticks.len()).map(move |i| {
                    let mut q = p.clone();
                    q.push(i);
                    q
                })
            })
            .collect()
    })
}

/// Measures every point of the grid of `axes` with `measure` (given the
/// tick index on each axis; one value per column), spread over every
/// core; the rows come back in grid order.
pub fn run(
    axes: Vec<Axis>,
    columns: Vec<Column>,
    measure: impl Fn(&[usize]) -> Vec<Option<f64>> + Sync,
) -> Sweep {
    let rows = points(&axes)
        .into_par_iter()
        .map(|p| {
            let values = measure(&p);
            assert_eq!(values.len(), columns.len(), "one value per column");
            (p, values)
        })
        .collect();
    Sweep {
        axes,
        columns,
        rows,
    }
}

/// How each point of a tunable sweep is driven.
#[derive(Clone, Copy)]
pub enum Drive<'a> {
    /// The controls of every tick (a maneuver's script).
    Script(&'a [Controls]),
    /// A flight maneuver's controls: measured with the flown view's
    /// metrics after the walking family's.
    Flight {
        /// The controls of every tick.
        controls: &'a [Controls],
        /// The landing cue, for the time to land.
        cue: LandingCue,
        /// The view's pitch held at zero (`level_horizon`).
        level_horizon: bool,
    },
    /// The map's course, driven by the bot until the finish or `limit_s`.
    Course {
        /// The bot.
        bot: BotTunables,
        /// Seconds before a run counts as not finished.
        limit_s: f64,
    },
}

/// What a tunable sweep runs at each point.
pub struct Setup<'a> {
    /// The map (with a course, for [`Drive::Course`]).
    pub map: &'a Map,
    /// The tunables every point starts from.
    pub base: &'a Tunables,
    /// How the world is driven.
    pub drive: Drive<'a>,
    /// The field of view for the optic flow, degrees.
    pub fov_deg: f64,
    /// Tiles to metres.
    pub scale: Scale,
}

impl Setup<'_> {
    /// Every measure a point gives, with its value: the feel metrics, and
    /// for a course its figures first. With `unrun`, the world is not
    /// stepped: the names and units, every value None.
    fn measure(&self, tunables: Tunables, unrun: bool) -> Vec<Metric> {
        let mut world = World::new(self.map.clone(), tunables, 1);
        match self.drive {
            Drive::Script(controls) => {
                let controls = if unrun { &[][..] } else { controls };
                let trajectory =
                    super::run::run(&mut world, controls.iter().copied(), self.fov_deg);
                compute(&trajectory, self.scale)
            }
            Drive::Flight {
                controls,
                cue,
                level_horizon,
            } => {
                let controls = if unrun { &[][..] } else { controls };
                let run = super::flight::fly(
                    &mut world,
                    controls.iter().copied(),
                    self.fov_deg,
                    level_horizon,
                );
                let mut metrics = compute(&run.trajectory, self.scale);
                metrics.extend(compute_flight(&run.flown, self.scale, cue));
                metrics
            }
            Drive::Course { bot, limit_s } => {
                let limit = if unrun { 0.0 } else { limit_s };
                let run = course::drive(&mut world, bot, limit, self.fov_deg, self.scale)
                    .expect("the sweep's map was checked for a course");
                let mut metrics = run.figures;
                metrics.extend(compute(&run.trajectory, self.scale));
                metrics
            }
        }
    }

    /// Every measure a point gives (names and units; no run is made).
    pub fn known(&self) -> Vec<Metric> {
        self.measure(*self.base, true)
    }
}

/// Runs `setup` at every point of the grid of `sets`, measuring `columns`.
pub fn tunables(setup: &Setup, sets: &[SetRange], columns: Vec<Column>) -> Sweep {
    let axes: Vec<Axis> = sets.iter().map(SetRange::axis).collect();
    let values: Vec<Vec<f64>> = sets.iter().map(SetRange::values).collect();
    let wanted: Vec<&'static str> = columns.iter().map(|c| c.name).collect();
    run(axes, columns, |point| {
        let mut t = *setup.base;
        for ((set, vs), &i) in sets.iter().zip(&values).zip(point) {
            // Checked against the range when the sweep was read.
            (set.number.set)(&mut t, set.number.unit.to_stored(vs[i]));
        }
        let metrics = setup.measure(t, false);
        wanted
            .iter()
            .map(|w| metrics.iter().find(|m| m.name == *w).and_then(|m| m.value))
            .collect()
    })
}

/// `sweep.csv`: a header of the axes' names then the columns', and one
/// row per point (an axis's label, each value in shortest round-trip form,
/// empty where undefined).
pub fn csv(sweep: &Sweep) -> String {
    let mut out = String::new();
    let header: Vec<&str> = sweep
        .axes
        .iter()
        .map(|a| a.name.as_str())
        .chain(sweep.columns.iter().map(|c| c.name))
        .collect();
    let _ = writeln!(out, "{}", header.join(","));
    for (point, values) in &sweep.rows {
        let cells: Vec<String> = point
            .iter()
            .zip(&sweep.axes)
            .map(|(&i, a)| a.ticks[i].label.clone())
            .chain(
                values
                    .iter()
                    .map(|v| v.map_or(String::new(), |v| v.to_string())),
            )
            .collect();
        let _ = writeln!(out, "{}", cells.join(","));
    }
    out
}

/// Writes `sweep.csv` and one PNG per measure (`NAME.png`) into `dir`,
/// all or nothing, leaving a folder with anything in it alone unless
/// `force` (see [`super::folder`]); `what` says in each plot's title what
/// was swept. The paths written.
pub fn write(
    dir: &std::path::Path,
    sweep: &Sweep,
    what: &str,
    force: bool,
) -> Result<Vec<std::path::PathBuf>, super::folder::FolderError> {
    let mut outputs = vec![("sweep.csv".to_string(), csv(sweep).into_bytes())];
    for (c, column) in sweep.columns.iter().enumerate() {
        let name = format!("{}.png", column.name);
        let title = format!("{} ({}): {what}", column.name, column.unit);
        let png = super::sweep_plot::plot(sweep, c, &title).map_err(|reason| {
            super::folder::FolderError::Write {
                path: dir.join(&name),
                reason: format!("cannot draw it: {reason}"),
            }
        })?;
        outputs.push((name, png));
    }
    super::folder::write(dir, &outputs, force)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_reads_its_key_range_and_count() {
        let s = SetRange::parse("turn_rate=6..48:8").unwrap();
        assert_eq!(s.number.key, "turn_rate");
        assert_eq!(s.values(), [6.0, 12.0, 18.0, 24.0, 30.0, 36.0, 42.0, 48.0]);
        // A settings key found in one section only.
        let s = SetRange::parse("radius=0.1..0.3:3").unwrap();
        assert_eq!(s.number.key, "player_radius");
        assert_eq!(s.values(), [0.1, 0.2, 0.3]);
        assert_eq!(SetRange::parse("gyro=0..0:1").unwrap().values(), [0.0]);
    }

    #[test]
    fn bad_sets_are_refused_naming_the_key_and_range() {
        let e = |t: &str| SetRange::parse(t).unwrap_err().to_string();
        assert_eq!(
            e("turn_rate=0..48:8"),
            "`--set turn_rate=0..48:8`: `turn_rate` must be 1 to 100 per second, found 0"
        );
        assert!(e("max_speed=1..30:4").contains("`max_speed` must be 0.5 to 20"));
        assert_eq!(
            e("turn_rat=1..2:2"),
            "no tunable is called `turn_rat` (did you mean `turn_rate`?)"
        );
        assert!(e("friction=0..1:2").contains("quake_friction or jet_friction"));
        assert!(e("turn_rate=1..2").contains("expected KEY=FROM..TO:N"));
        assert!(e("turn_rate=1..2:1").contains("N must be 2 to 101"));
        assert!(e("turn_rate=1..2:x").contains("whole number"));
    }

    #[test]
    fn the_grid_has_every_point_once_the_first_axis_slowest() {
        let a = SetRange::parse("turn_rate=6..12:2").unwrap().axis();
        let b = SetRange::parse("max_speed=2..4:3").unwrap().axis();
        let p = points(&[a, b]);
        assert_eq!(
            p,
            [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]].map(|q| q.to_vec())
        );
        assert_eq!(points(&[]), [Vec::<usize>::new()]);
    }

    #[test]
    fn metrics_are_checked_with_the_nearest_named() {
        let map = Map::open_plane();
        let setup = Setup {
            map: &map,
            base: &Tunables::default(),
            drive: Drive::Script(&[]),
            fov_deg: 90.0,
            scale: Scale::default(),
        };
        let known = setup.known();
        let c = metric_columns("view_cuts,yaw_rate_rms", &known).unwrap();
        assert_eq!(c.len(), 2);
        assert_eq!(c[1].unit, "deg/s");
        let once = metric_columns("view_cuts, yaw_rate_rms,view_cuts", &known).unwrap();
        let names: Vec<&str> = once.iter().map(|c| c.name).collect();
        assert_eq!(
            names,
            ["view_cuts", "yaw_rate_rms"],
            "a repeat is one column"
        );
        assert_eq!(
            metric_columns("view_cut", &known).unwrap_err().to_string(),
            "no metric is called `view_cut` (did you mean `view_cuts`?)"
        );
    }

    #[test]
    fn keys_twice_or_too_many_are_refused() {
        let s = SetRange::parse("turn_rate=6..12:2").unwrap();
        assert_eq!(check_keys(&[s, s]), Err(SweepError::Twice("turn_rate")));
        assert_eq!(check_keys(&[s, s, s]), Err(SweepError::TooManyKeys));
    }
}
