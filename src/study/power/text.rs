//! How `study power` prints what it found: a summary with a table for a
//! pre-registration, or CSV rows `n,effect,power,mc_se`.

use super::{Count, Power};
use std::fmt::Write as _;

/// The CSV's header.
pub const CSV_HEADER: &str = "n,effect,power,mc_se";

/// The rows `n,effect,power,mc_se` (with the header): `effect` is
/// `condition` for the overall test and `primary` for the contrast.
pub fn csv(power: &Power) -> String {
    let mut out = format!("{CSV_HEADER}\n");
    for row in &power.rows {
        for (effect, c) in [("condition", row.condition), ("primary", row.primary)] {
            let _ = writeln!(out, "{},{effect},{},{}", row.n, c.power(), c.mc_se());
        }
    }
    out
}

/// A figure to three decimals.
fn three(v: f64) -> String {
    format!("{v:.3}")
}

/// The summary: what was simulated, from what, and the table.
pub fn summary(power: &Power) -> String {
    let (p, d) = (&power.pilot, &power.design);
    let mut t = String::new();
    let name = |c: usize| d.conditions[c].name.as_str();
    let (a, b) = (name(power.primary.first), name(power.primary.second));
    let _ = writeln!(
        t,
        "power of study `{}` from its pilot: model {} ({} participants, {} plays), {} \
         simulated studies per size, seed {}",
        d.study, p.model, p.participants, p.plays, power.plan.sims, power.plan.seed
    );
    if power.plan.null {
        t.push_str(
            "--null: the condition effects are set to zero, so each rate below is the type I \
             error rate (it should be near 0.05)\n",
        );
    }
    let stop = d.stop_rating.map_or("none".to_string(), |r| {
        format!("at a rating of {r} or more")
    });
    let _ = writeln!(
        t,
        "ratings drawn from the model (fixed effects, random effects, residual), rounded and \
         held to 0-{}; stop rule {stop}; own-key stops at the pilot's {:.3} per minute played \
         ({} in {:.0} minutes)",
        d.scale.max(),
        p.own_stop_rate(),
        p.own_stops,
        p.minutes
    );
    match power.primary.declared {
        true => {
            let _ = writeln!(t, "primary contrast: {a} - {b} (the protocol's `primary`)");
        }
        false => {
            let _ = writeln!(
                t,
                "primary contrast: {a} - {b}; the protocol declares none, so this is the pilot's \
                 two most different conditions (declare `primary` before the study, not after \
                 seeing its data)"
            );
        }
    }
    let cycle = d.orders.len();
    let off: Vec<String> = power
        .rows
        .iter()
        .filter(|r| r.n % cycle != 0)
        .map(|r| r.n.to_string())
        .collect();
    if !off.is_empty() {
        let _ = writeln!(
            t,
            "note: {} not a multiple of {cycle}, the Williams design's cycle: the orders are \
             not balanced",
            off.join(", ")
        );
    }
    t.push('\n');
    t.push_str(&table(power));
    t
}

/// The table for a pre-registration: power and its Monte Carlo standard
/// error per size and test.
fn table(power: &Power) -> String {
    let mut t = String::from(
        "| participants | condition effect (LRT, alpha 0.05) | primary contrast (Wald z, \
         alpha 0.05) | fits failed |\n|---|---|---|---|\n",
    );
    let cell = |c: Count| format!("{} (MC SE {})", three(c.power()), three(c.mc_se()));
    for r in &power.rows {
        let _ = writeln!(
            t,
            "| {} | {} | {} | {} |",
            r.n,
            cell(r.condition),
            cell(r.primary),
            r.condition.failed.max(r.primary.failed)
        );
    }
    t
}
