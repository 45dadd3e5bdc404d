//! The comfort section of `feel compare`: every standard walking maneuver
//! run again with each comfort option on (the field-of-view restrictor, a
//! fixed reference, snap turning) for the polar model's two couplings and
//! the classic model, and what each option removes from the motion on
//! screen, as figures and in words.

use super::maneuver_files;
use super::maneuvers::{self, Variant, VARIANTS};
use super::report::{FIGURES as SIGNIFICANT, TIE_SHARE};
use super::results::CompareError;
use super::{run, Scale};
use crate::short;
use crate::sim::comfort::Reference;
use crate::sim::{Tunables, World};
use std::fmt::Write as _;
use std::path::Path;

/// A comfort option as the comparison sets it.
#[derive(Clone, Copy, Debug)]
pub struct ComfortOption {
    /// Its name in the report.
    pub name: &'static str,
    /// Its setting, as `[comfort]` writes it.
    pub setting: &'static str,
    /// Sets it in the tunables.
    apply: fn(&mut Tunables),
}

impl ComfortOption {
    /// Sets the option in `t`.
    pub fn set(&self, t: &mut Tunables) {
        (self.apply)(t);
    }
}

/// Plain play, then each option on alone.
pub const OPTIONS: [ComfortOption; 4] = [
    ComfortOption {
        name: "plain",
        setting: "none",
        apply: |_| {},
    },
    ComfortOption {
        name: "restrictor",
        setting: "vignette = 1",
        apply: |t| t.comfort.vignette = 1.0,
    },
    ComfortOption {
        name: "reference",
        setting: "reference = \"dot\"",
        apply: |t| t.comfort.reference = Reference::Dot,
    },
    ComfortOption {
        name: "snap turning",
        setting: "snap_turn = 30",
        apply: |t| t.comfort.snap_turn = 30f64.to_radians(),
    },
];

/// The models and couplings the options are tried with: the polar model
/// along the velocity and along the heading, and the classic model.
pub const BASES: [Variant; 3] = [VARIANTS[0], VARIANTS[1], VARIANTS[2]];

/// How a figure gathers a metric over the maneuvers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Gather {
    Mean,
    Total,
}

/// The figures compared: a metric, what it says, how it is gathered.
const FIGURES: [(&str, &str, Gather); 6] = [
    ("edge_flow_deg_s_mean", "edge flow", Gather::Mean),
    (
        "edge_flow_deg_s_p95",
        "edge flow's 95th percentile",
        Gather::Mean,
    ),
    ("yaw_rate_rms", "yaw rate", Gather::Mean),
    ("yaw_accel_rms", "yaw acceleration", Gather::Mean),
    ("view_cuts", "view cuts", Gather::Total),
    ("visible_fov_mean_deg", "visible field", Gather::Mean),
];

/// One base and option over every maneuver: each figure compared (the
/// edge flow and its 95th percentile, the yaw rate and acceleration, the
/// view cuts, the visible field), in order.
#[derive(Clone, Debug)]
pub struct ComfortResult {
    /// The model and coupling.
    pub base: Variant,
    /// The option on.
    pub option: ComfortOption,
    /// Each figure, gathered over the maneuvers.
    pub figures: Vec<f64>,
}

/// Runs every walking maneuver (from `root`) for each of [`BASES`] with
/// each of [`OPTIONS`], from `base` tunables, seen through a view
/// `fov_deg` wide.
pub fn run_all(
    root: &Path,
    base: &Tunables,
    scale: Scale,
    fov_deg: f64,
) -> Result<Vec<ComfortResult>, CompareError> {
    let loaded = maneuver_files::load_all(root)?;
    let mut results = Vec::new();
    for variant in BASES {
        for option in OPTIONS {
            let mut tunables = variant.tunables(base);
            (option.apply)(&mut tunables);
            let metrics: Vec<Vec<super::Metric>> = loaded
                .iter()
                .map(|(_, script, map)| {
                    let mut world = World::new(map.clone(), tunables, 1);
                    let traj = run::run(&mut world, script.ticks(), fov_deg);
                    super::compute(&traj, scale)
                })
                .collect();
            let figures = FIGURES
                .iter()
                .map(|&(name, _, gather)| gathered(&metrics, name, gather))
                .collect();
            results.push(ComfortResult {
                base: variant,
                option,
                figures,
            });
        }
    }
    Ok(results)
}

/// The metric `name` over the maneuvers' `metrics`, gathered.
fn gathered(metrics: &[Vec<super::Metric>], name: &str, gather: Gather) -> f64 {
    let values: Vec<f64> = metrics
        .iter()
        .filter_map(|ms| ms.iter().find(|m| m.name == name).and_then(|m| m.value))
        .collect();
    let total: f64 = values.iter().sum();
    match gather {
        Gather::Total => total,
        Gather::Mean => total / values.len().max(1) as f64,
    }
}

/// Appends the comfort section to `md`: what each option removes, in
/// words, then a table per base. Nothing without results.
pub fn section(md: &mut String, results: &[ComfortResult]) {
    if results.is_empty() {
        return;
    }
    let _ = writeln!(
        md,
        "## Comfort options\n\nEvery walking maneuver above run again with each comfort \
         option on alone (`[comfort]` in the settings: {}), for {}. Figures are means over the \
         {} maneuvers (view cuts: their total); the edge flow is measured at the edge of the \
         view the restrictor leaves visible.\n",
        OPTIONS[1..]
            .iter()
            .map(|o| format!("`{}`", o.setting))
            .collect::<Vec<_>>()
            .join(", "),
        BASES
            .iter()
            .map(|b| format!("`{}`", b.label()))
            .collect::<Vec<_>>()
            .join(", "),
        maneuvers::MANEUVERS.len(),
    );
    let _ = writeln!(md, "### What each option removes\n");
    for option in &OPTIONS[1..] {
        let _ = writeln!(md, "- **{}** (`{}`):", option.name, option.setting);
        for base in BASES {
            let (Some(plain), Some(on)) = (
                find(results, base, "plain"),
                find(results, base, option.name),
            ) else {
                continue;
            };
            let _ = writeln!(md, "  - `{}`: {}.", base.label(), changes(plain, on));
        }
    }
    let _ = writeln!(md);
    for base in BASES {
        let _ = writeln!(md, "### `{}`\n", base.label());
        let _ = writeln!(
            md,
            "| figure | {} |\n|---|{}",
            OPTIONS.map(|o| o.name).join(" | "),
            "---|".repeat(OPTIONS.len())
        );
        for (i, (metric, _, _)) in FIGURES.iter().enumerate() {
            let cells: Vec<String> = OPTIONS
                .iter()
                .map(|o| find(results, base, o.name).map_or("-".to_string(), |r| fig(r.figures[i])))
                .collect();
            let _ = writeln!(md, "| `{metric}` | {} |", cells.join(" | "));
        }
        let _ = writeln!(md);
    }
}

/// The result of `base` with the option called `option`.
fn find<'a>(
    results: &'a [ComfortResult],
    base: Variant,
    option: &str,
) -> Option<&'a ComfortResult> {
    results
        .iter()
        .find(|r| r.base == base && r.option.name == option)
}

/// `v` to the report's significant figures.
fn fig(v: f64) -> String {
    short::figures(Some(v), SIGNIFICANT)
}

/// What `on` changed from `plain`, in words: each figure that moved by
/// more than [`TIE_SHARE`] of the larger (a count, by any), with how
/// much; or that nothing did.
fn changes(plain: &ComfortResult, on: &ComfortResult) -> String {
    let moved: Vec<String> = FIGURES
        .iter()
        .zip(plain.figures.iter().zip(&on.figures))
        .filter_map(|(&(_, what, gather), (&a, &b))| {
            let larger = a.abs().max(b.abs());
            let differs = match gather {
                Gather::Total => a != b,
                Gather::Mean => larger > 0.0 && (a - b).abs() > TIE_SHARE * larger,
            };
            differs.then(|| match gather {
                Gather::Mean if a > 0.0 => {
                    let pct = (b - a) / a * 100.0;
                    format!("{what} {:+.0}% ({} to {})", pct, fig(a), fig(b))
                }
                _ => format!("{what} {} to {}", fig(a), fig(b)),
            })
        })
        .collect();
    if moved.is_empty() {
        format!(
            "no figure moves by more than {:.0}%: it changes what is seen, not the motion",
            TIE_SHARE * 100.0
        )
    } else {
        moved.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(option: ComfortOption, figures: [f64; 6]) -> ComfortResult {
        ComfortResult {
            base: BASES[2],
            option,
            figures: figures.to_vec(),
        }
    }

    #[test]
    fn the_words_name_what_moved_and_by_how_much() {
        let plain = result(OPTIONS[0], [20.0, 100.0, 40.0, 300.0, 0.0, 90.0]);
        let snap = result(OPTIONS[3], [10.0, 99.0, 0.0, 0.0, 12.0, 90.0]);
        assert_eq!(
            changes(&plain, &snap),
            "edge flow -50% (20 to 10), yaw rate -100% (40 to 0), yaw acceleration -100% \
             (300 to 0), view cuts 0 to 12"
        );
        assert!(changes(&plain, &plain).starts_with("no figure moves"));
    }

    #[test]
    fn the_section_has_a_row_per_figure_and_a_column_per_option() {
        let results: Vec<ComfortResult> = OPTIONS
            .iter()
            .map(|&o| result(o, [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]))
            .collect();
        let mut md = String::new();
        section(&mut md, &results);
        assert!(md.contains("| figure | plain | restrictor | reference | snap turning |"));
        assert!(md.contains("| `view_cuts` | 5 | 5 | 5 | 5 |"), "{md}");
        assert!(md.contains("- **restrictor** (`vignette = 1`):"));
        assert!(md.contains("  - `classic`: no figure moves"), "{md}");
    }
}
