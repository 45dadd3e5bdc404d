//! The predicted-sickness plot of `feel compare`: the MSI curve over the
//! drive, a panel per model and pathway (the published vestibular reading
//! above, the visual hypothesis below, each row on one scale), a line per
//! comfort option in the colours of [`plot::COLOURS`].

use super::comfort::OPTIONS;
use super::plot::{self, axes, legend, lines, register_fonts, Series, SIZE};
use super::predicted::{find, PredictedResult, MODELS};
use super::svc::visual::Pathway;
use plotters::prelude::*;

/// The plot's size, pixels: as wide as the maneuvers' (the legend's
/// width), two rows of panels.
const PLOT: (u32, u32) = (SIZE.0, 1000);
/// The key under the legend.
const NOTE: &str = "top: vestibular (published IN1; blind to what is seen, so plain, restrictor \
                    and reference coincide); bottom: visual (a hypothesis)";

/// The plot as PNG bytes: `title` over a panel per model (columns) and
/// pathway (rows).
pub fn predicted(title: &str, results: &[PredictedResult]) -> Result<Vec<u8>, String> {
    register_fonts();
    let labels: Vec<String> = OPTIONS.iter().map(|o| o.name.to_string()).collect();
    let mut rgb = vec![0u8; (PLOT.0 * PLOT.1 * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut rgb, PLOT).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let root = root
            .titled(title, ("sans-serif", 26))
            .map_err(|e| e.to_string())?;
        let (strip, body) = root.split_vertically(plot::LEGEND_HEIGHT);
        legend(&strip, &labels, NOTE)?;
        let areas = body.split_evenly((Pathway::ALL.len(), MODELS.len()));
        for (row, pathway) in Pathway::ALL.iter().enumerate() {
            let curves = |variant| -> Vec<Series> {
                OPTIONS
                    .iter()
                    .map(|o| {
                        find(results, variant, o.name)
                            .map(|r| r.curves[row].msi.clone())
                            .unwrap_or_default()
                    })
                    .collect()
            };
            let top = MODELS
                .iter()
                .flat_map(|&v| curves(v))
                .flatten()
                .map(|p| p.1)
                .fold(0.0, f64::max)
                .max(1e-6)
                * 1.05;
            let end = MODELS
                .iter()
                .flat_map(|&v| curves(v))
                .flatten()
                .map(|p| p.0)
                .fold(0.0, f64::max)
                .max(1e-6);
            for (col, &variant) in MODELS.iter().enumerate() {
                let caption = format!("{}, {}", variant.label(), pathway.name());
                let mut chart = axes(
                    &areas[row * MODELS.len() + col],
                    &caption,
                    ("minutes", "MSI (%)"),
                    ((0.0, end), (0.0, top)),
                )?;
                let series = curves(variant);
                lines(&mut chart, &series.iter().collect::<Vec<_>>(), 2, 1.0)?;
            }
        }
        root.present().map_err(|e| e.to_string())?;
    }
    plot::encode_png(&rgb, PLOT).map_err(|e| e.to_string())
}
