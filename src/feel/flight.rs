//! Flight in the feel lab: the flight maneuvers (scripts in
//! `maneuvers/flight/`, flown on the hangar), the flown view sampled each
//! tick as the renderer is given it, and the flight section of `feel
//! compare`: every flight maneuver with the horizon tilting or kept level
//! (`level_horizon`) and the stabilising jets on or off.
//!
//! The view: in flight the world's camera looks along the heading, tilted
//! down by the roof's tilt toward it (`Flier::view_pitch`) and never
//! rolled; the game's `level_horizon` comfort option hands the renderer
//! the same view with the pitch held at zero, and so does [`flown`] here.
//!
//! The maneuvers run on the hangar with its enemies left out: the lab
//! measures flying, and a walker's strike or a tank's shell would end a
//! run early in one variant and not another.

use super::metrics::{compute_flight, FlownSample, FlownTrajectory, LandingCue};
use super::results::CompareError;
use super::{compute, run, Metric, Scale, Trajectory};
use crate::map::{self, Map};
use crate::script::Script;
use crate::sim::{Controls, Pose, Tunables, World, TICK_DT};
use rayon::prelude::*;
use std::path::{Path, PathBuf};

/// A flight maneuver: a script flown on a map from its start.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FlightManeuver {
    /// Short name; the script is `maneuvers/flight/NAME.txt`, the plot
    /// `flight_NAME.png`.
    pub name: &'static str,
    /// What it does and what to look for, one sentence.
    pub about: &'static str,
    /// The map it flies on, a file in `maps/` (its enemies left out).
    pub map: &'static str,
    /// When the script starts to land, seconds; None when it does not.
    pub land_cue_s: Option<f64>,
}

/// The folder of the flight maneuvers' scripts, under the data root.
pub const FLIGHT_DIR: &str = "maneuvers/flight";

/// Every flight maneuver, in report order.
pub const FLIGHT_MANEUVERS: [FlightManeuver; 4] = [
    FlightManeuver {
        name: "takeoff_climb",
        about: "Off the floor on full thrust, then a climbing hover tilted forward to near 6 tiles, stopped on the brake.",
        map: "hangar.map",
        land_cue_s: None,
    },
    FlightManeuver {
        name: "hover_hold",
        about: "A hover held on the brake; a quarter second of thrust into the wall knocks the ship spinning, then the hold again.",
        map: "hangar.map",
        land_cue_s: None,
    },
    FlightManeuver {
        name: "slalom_gap",
        about: "Tilted 45 degrees: east, left past the towers, left through the middle wall's gap, right, stop.",
        map: "hangar.map",
        land_cue_s: None,
    },
    FlightManeuver {
        name: "landing",
        about: "Fly forward, flare, and from the cue at 4.4 s come down in falls caught by hover until the floor.",
        map: "hangar.map",
        land_cue_s: Some(4.4),
    },
];

/// True if `a` and `b` are the same file on disk, by any path to it.
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

impl FlightManeuver {
    /// Its script under the data folder `root`.
    pub fn script_path(&self, root: &Path) -> PathBuf {
        root.join(FLIGHT_DIR).join(format!("{}.txt", self.name))
    }

    /// The flight maneuver whose script `file` is, if it is one of the
    /// shipped scripts under the data folder `root` (the same file, by any
    /// path to it; a copy elsewhere, in a folder of the same name, is the
    /// user's own and flies on its own map).
    pub fn of_script(file: &Path, root: &Path) -> Option<FlightManeuver> {
        FLIGHT_MANEUVERS.into_iter().find(|m| {
            let shipped = m.script_path(root);
            match crate::data::is_shipped(&shipped) {
                true => crate::data::is_same_shipped(file, &shipped),
                false => same_file(file, &shipped),
            }
        })
    }

    /// Its landing cue.
    pub fn cue(&self) -> LandingCue {
        LandingCue {
            at_s: self.land_cue_s,
        }
    }

    /// Its map from `root/maps/`, enemies left out.
    pub fn load_map(&self, root: &Path) -> Result<Map, map::MapErrors> {
        let mut map = map::load(&root.join("maps").join(self.map))?.map;
        map.spawns.clear();
        Ok(map)
    }
}

/// How the flight is shown and stabilised in the comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlightVariant {
    /// The comfort option `level_horizon`: the view's pitch held at zero.
    pub level_horizon: bool,
    /// The stabilising jets (`[jetpack] stabilise`).
    pub jets: bool,
}

/// The comparison's variants: the game's defaults first (the horizon
/// tilting, the jets on), then the horizon kept level, then each with the
/// jets off.
pub const FLIGHT_VARIANTS: [FlightVariant; 4] = [
    FlightVariant {
        level_horizon: false,
        jets: true,
    },
    FlightVariant {
        level_horizon: true,
        jets: true,
    },
    FlightVariant {
        level_horizon: false,
        jets: false,
    },
    FlightVariant {
        level_horizon: true,
        jets: false,
    },
];

impl FlightVariant {
    /// A label such as `tilting, jets on`.
    pub fn label(&self) -> String {
        let horizon = if self.level_horizon {
            "level"
        } else {
            "tilting"
        };
        let jets = if self.jets { "on" } else { "off" };
        format!("{horizon}, jets {jets}")
    }

    /// `base` with the jets set as this variant has them.
    pub fn tunables(&self, base: &Tunables) -> Tunables {
        let mut t = *base;
        t.flight.stabilise = self.jets;
        t
    }
}

/// The flown view now: the world's camera as the renderer is given it,
/// its pitch held at zero with `level_horizon`, and the flier's altitude.
pub fn flown(world: &World, level_horizon: bool) -> FlownSample {
    let c = world.camera();
    let player = world.player();
    FlownSample {
        view: Pose {
            pitch: if level_horizon { 0.0 } else { c.pitch },
            ..c
        },
        altitude: player.altitude(),
        flying: player.flight.is_some(),
    }
}

/// One run of the flight lab: the camera as the walking metrics see it
/// and the flown view.
pub struct FlightRun {
    /// The camera trajectory (the walking metrics' input).
    pub trajectory: Trajectory,
    /// The flown view.
    pub flown: FlownTrajectory,
}

/// Steps `world` through `controls`, one tick each, sampling the camera
/// (depths for a view `fov_deg` wide) and the flown view (with
/// `level_horizon` as given) before the first tick and after every tick.
pub fn fly(
    world: &mut World,
    controls: impl IntoIterator<Item = Controls>,
    fov_deg: f64,
    level_horizon: bool,
) -> FlightRun {
    let mut samples = vec![run::sample(world, &Controls::default(), fov_deg)];
    let mut views = vec![flown(world, level_horizon)];
    for c in controls {
        world.step(&c);
        samples.push(run::sample(world, &c, fov_deg));
        views.push(flown(world, level_horizon));
    }
    FlightRun {
        trajectory: Trajectory {
            dt: TICK_DT,
            fov_deg,
            samples,
        },
        flown: FlownTrajectory {
            dt: TICK_DT,
            samples: views,
        },
    }
}

/// One flight maneuver flown by one variant.
pub struct FlightVariantRun {
    /// The view and jets.
    pub variant: FlightVariant,
    /// The trajectories.
    pub run: FlightRun,
    /// Its flight metrics ([`compute_flight`]).
    pub flight: Vec<Metric>,
    /// Its walking-family metrics of the camera ([`compute`]).
    pub metrics: Vec<Metric>,
}

/// One flight maneuver's runs, one per variant.
pub struct FlightResult {
    /// The maneuver.
    pub maneuver: FlightManeuver,
    /// Its runs, in [`FLIGHT_VARIANTS`] order.
    pub runs: Vec<FlightVariantRun>,
    /// The tile-to-metre scale of its metrics and plot.
    pub scale: Scale,
}

/// Flies `m` from `base` tunables on `map` with `variant`: both families
/// of metrics of the run.
pub fn fly_variant(
    m: &FlightManeuver,
    (map, script): (&Map, &Script),
    base: &Tunables,
    variant: FlightVariant,
    (scale, fov_deg): (Scale, f64),
) -> FlightVariantRun {
    let mut world = World::new(map.clone(), variant.tunables(base), 1);
    let run = fly(&mut world, script.ticks(), fov_deg, variant.level_horizon);
    FlightVariantRun {
        variant,
        flight: compute_flight(&run.flown, scale, m.cue()),
        metrics: compute(&run.trajectory, scale),
        run,
    }
}

/// Flies every flight maneuver (scripts from `root/maneuvers/flight`, maps
/// from `root/maps`) with every variant from `base` tunables, the runs
/// spread over the cores and gathered in order, so the results are the
/// same on any number of threads.
pub fn run_all(
    root: &Path,
    base: &Tunables,
    scale: Scale,
    fov_deg: f64,
) -> Result<Vec<FlightResult>, CompareError> {
    let mut inputs = Vec::new();
    for m in FLIGHT_MANEUVERS {
        let script = Script::load(&m.script_path(root))?;
        inputs.push((m, m.load_map(root)?, script));
    }
    let jobs: Vec<(usize, FlightVariant)> = (0..inputs.len())
        .flat_map(|i| FLIGHT_VARIANTS.map(|v| (i, v)))
        .collect();
    let mut runs: Vec<FlightVariantRun> = jobs
        .par_iter()
        .map(|&(i, variant)| {
            let (m, map, script) = &inputs[i];
            fly_variant(m, (map, script), base, variant, (scale, fov_deg))
        })
        .collect();
    let mut results = Vec::new();
    for (m, _, _) in inputs.iter().rev() {
        let rest = runs.split_off(runs.len() - FLIGHT_VARIANTS.len());
        results.push(FlightResult {
            maneuver: *m,
            runs: rest,
            scale,
        });
    }
    results.reverse();
    Ok(results)
}

/// The flight section's numbers as CSV: a header `maneuver,level_horizon,
/// jets`, every flight metric and every walking metric by name; then a
/// row per maneuver and variant, values in Rust's shortest exact form (so
/// they read back bit for bit), empty where a run does not define one.
pub fn csv(results: &[FlightResult]) -> String {
    let mut out = String::from("maneuver,level_horizon,jets");
    for name in super::flight_names().chain(super::names()) {
        out.push(',');
        out.push_str(name);
    }
    out.push('\n');
    for r in results {
        for run in &r.runs {
            out += &format!(
                "{},{},{}",
                r.maneuver.name, run.variant.level_horizon, run.variant.jets
            );
            for m in run.flight.iter().chain(&run.metrics) {
                out.push(',');
                if let Some(v) = m.value {
                    out += &v.to_string();
                }
            }
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shipped_flight_script_is_known_by_its_path() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let of = |file: &str| FlightManeuver::of_script(&root.join(file), root);
        let found = of("maneuvers/flight/landing.txt");
        assert_eq!(found.map(|m| m.name), Some("landing"));
        assert_eq!(found.and_then(|m| m.land_cue_s), Some(4.4));
        for other in [
            "maneuvers/landing.txt",
            "maneuvers/flight/landing.csv",
            "maneuvers/flight/turn_90.txt",
            "landing.txt",
        ] {
            assert_eq!(of(other), None, "{other}");
        }
        // A copy in a folder of the user's called `flight` is not shipped.
        let dir = crate::files::Scratch::new("flight");
        std::fs::create_dir_all(dir.join("flight")).unwrap();
        let copy = dir.join("flight").join("landing.txt");
        std::fs::copy(root.join("maneuvers/flight/landing.txt"), &copy).unwrap();
        assert_eq!(FlightManeuver::of_script(&copy, root), None);
    }

    #[test]
    fn each_variant_sets_only_the_jets() {
        let base = Tunables::default();
        assert!(base.flight.stabilise, "the game flies with the jets on");
        let labels: Vec<String> = FLIGHT_VARIANTS.iter().map(|v| v.label()).collect();
        assert_eq!(
            labels,
            [
                "tilting, jets on",
                "level, jets on",
                "tilting, jets off",
                "level, jets off"
            ]
        );
        for v in FLIGHT_VARIANTS {
            let t = v.tunables(&base);
            assert_eq!(t.flight.stabilise, v.jets);
            let mut back = t;
            back.flight.stabilise = base.flight.stabilise;
            assert_eq!(back, base);
        }
    }

    #[test]
    fn a_level_horizon_zeroes_the_pitch_and_nothing_else() {
        // Flying forward with the ship tilted: the world moves the same,
        // the view is the same but for its pitch.
        let rows = ["#####", "#...#", "#.^.#", "#...#", "#####"];
        let mut map = Map::from_rows(&rows);
        map.wall_height = 8.0;
        let mut world = World::new(map, Tunables::default(), 1);
        let take_off = Controls {
            action: Some(crate::sim::Request::Jetpack),
            thrust: true,
            ..Controls::default()
        };
        let tilt = Controls {
            hover: true,
            pointer: [0.0, 0.3],
            ..Controls::default()
        };
        let ticks = std::iter::once(take_off).chain(std::iter::repeat_n(tilt, 30));
        let mut other = world.clone();
        let tilted = fly(&mut world, ticks.clone(), 90.0, false);
        let level = fly(&mut other, ticks, 90.0, true);
        assert_eq!(tilted.trajectory, level.trajectory);
        let last = tilted.flown.samples.last().unwrap();
        assert!(
            last.view.pitch > 0.1 && last.flying && last.altitude > 0.0,
            "{last:?}"
        );
        for (a, b) in tilted.flown.samples.iter().zip(&level.flown.samples) {
            assert_eq!(b.view.pitch, 0.0);
            let view = Pose {
                pitch: 0.0,
                ..a.view
            };
            assert_eq!(FlownSample { view, ..*a }, *b);
        }
    }
}
