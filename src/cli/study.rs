//! `study`: run a feel study session (in the window with a person, or
//! headless with a simulated participant), and report over a results
//! folder.

use super::args::{parse_id, WindowArgs};
use super::run_input::load_map;
use super::CliError;
use crate::data;
use crate::files::{self, cap};
use crate::settings;
use crate::sim::Controls;
use crate::study::protocol::Protocol;
use crate::study::results::Results;
use crate::study::run::StudyRun;
use crate::study::screens::Screens;
use crate::study::session::Session;
use crate::study::simulate;
use crate::study::start::{new_session, Who};
use clap::Subcommand;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Feel studies: sessions with participants, and their report.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: StudyCommand,
}

// `run`'s arguments are the largest by far; the command is parsed once.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
enum StudyCommand {
    /// Run one participant's session of PROTOCOL: in the window, or with
    /// --simulate SEED --headless, a simulated participant.
    Run(Box<RunArgs>),
    /// Analyse every participant in RESULTS_DIR: summary.csv, report.md
    /// and plots.
    Report(super::study_report::Args),
    /// Check PROTOCOL and its map, list what it fixes for every
    /// participant (the conditions, the input), and every setting the
    /// conditions differ in, warning of any its `factors` do not declare.
    Check(super::study_check::Args),
    /// The power of a study like the pilot in REPORT_DIR for each number
    /// of participants, simulated from its chosen model and design.toml.
    Power(super::study_power::Args),
    /// Mark a participant withdrawn (appended to their events.csv; their
    /// data stays, and the report leaves it out and lists the withdrawal).
    Withdraw(super::study_withdraw::Args),
}

/// `study run`.
#[derive(clap::Args)]
pub struct RunArgs {
    /// The study protocol (TOML; studies/README.md describes it).
    #[arg(value_name = "PROTOCOL")]
    protocol: PathBuf,
    /// The participant's ID: letters, digits, `-` and `_` (such as P07).
    #[arg(long, value_name = "ID", value_parser = parse_id)]
    participant: String,
    /// The participant's number, which picks their row of the Latin
    /// square; default: the number the ID ends in (P07 is 7).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    sequence: Option<u32>,
    /// The folder the results go in (RESULTS/STUDY/ID/).
    #[arg(long, value_name = "DIR", default_value = "study-results")]
    results: PathBuf,
    /// Continue this participant's session after the last answer given.
    #[arg(long)]
    resume: bool,
    /// Run visit K (from 1) of a protocol of several visits (`visits = N`):
    /// the next part of the participant's order, in their folder (visit 2
    /// on opens the folder visit 1 made; add --resume to continue a visit
    /// cut off).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..=12))]
    visit: Option<u32>,
    /// A simulated participant seeded SEED answers instead of a person.
    #[arg(long, value_name = "SEED", requires = "headless")]
    simulate: Option<u64>,
    /// No window: only with --simulate.
    #[arg(long, requires = "simulate")]
    headless: bool,
    /// The site (lab or computer) this session runs at, recorded in its
    /// session.toml and the report's tables: letters, digits, `-` and `_`.
    #[arg(long, value_name = "NAME", value_parser = parse_id)]
    site: Option<String>,
    /// With --simulate: write a PNG of each kind of screen the participant
    /// sees, and screens.txt with the words on each, into DIR.
    #[arg(long, value_name = "DIR", requires = "simulate")]
    screens: Option<PathBuf>,
    /// The screen's visible diagonal, inches, recorded in session.toml
    /// with the window (default: the settings' [display]
    /// screen_diagonal_in).
    #[arg(long, value_name = "INCHES", value_parser = parse_diagonal)]
    screen_diagonal_in: Option<f64>,
    /// The eye's distance from the screen, centimetres, recorded in
    /// session.toml (default: the settings' [display]
    /// viewing_distance_cm).
    #[arg(long, value_name = "CM", value_parser = parse_distance)]
    viewing_distance_cm: Option<f64>,
    /// Stream the session's events (wobblecaster-markers) and play's
    /// camera (wobblecaster-camera) over Lab Streaming Layer: liblsl from
    /// LSL_LIB or the system (`pip install pylsl` has one). The one use
    /// of the network, and only when asked.
    #[arg(long)]
    lsl: bool,
    /// With --lsl: wait up to S seconds for a consumer of both streams
    /// (LabRecorder, an inlet) before the first marker.
    #[arg(long, value_name = "S", requires = "lsl", value_parser = parse_wait)]
    lsl_wait: Option<f64>,
    /// The size of the --screens PNGs.
    #[arg(long, value_name = "WxH", default_value = "960x540", value_parser = super::args::parse_size)]
    screens_size: (u32, u32),
    #[command(flatten)]
    window: WindowArgs,
}

/// Seconds to wait: 0 to an hour.
pub(super) fn parse_wait(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if (0.0..=3600.0).contains(&v) => Ok(v),
        _ => Err("seconds from 0 to 3600".into()),
    }
}

/// The LSL outlets `--lsl` asks for, opened (and, with `--lsl-wait S`,
/// consumed), named after `who`; None without `--lsl`.
pub(super) fn open_lsl(
    lsl: bool,
    wait: Option<f64>,
    who: &str,
) -> Result<Option<crate::lsl::Outlets>, CliError> {
    if !lsl {
        return Ok(None);
    }
    let outlets = crate::lsl::Outlets::open(&format!("wobblecaster-{who}"))?;
    say!(
        "lsl: streaming {} and {}",
        crate::lsl::MARKERS,
        crate::lsl::CAMERA
    );
    if let Some(s) = wait {
        if outlets.wait_for_consumers(s) {
            say!("lsl: both streams have a consumer");
        } else {
            say!("lsl: no consumer of both streams after {s} s; going on");
        }
    }
    Ok(Some(outlets))
}

/// A screen diagonal in inches: above 0, at most
/// [`settings::MAX_DIAGONAL_IN`].
fn parse_diagonal(s: &str) -> Result<f64, String> {
    parse_length(s, settings::MAX_DIAGONAL_IN, "inches")
}

/// A viewing distance in centimetres: above 0, at most
/// [`settings::MAX_DISTANCE_CM`].
fn parse_distance(s: &str) -> Result<f64, String> {
    parse_length(s, settings::MAX_DISTANCE_CM, "centimetres")
}

fn parse_length(s: &str, max: f64, unit: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v > 0.0 && v <= max => Ok(v),
        _ => Err(format!("a number of {unit} above 0 and at most {max}")),
    }
}

/// The screen's diagonal and distance: the command line's, else the
/// settings file's `[display]` (0 there is not stated).
fn stated_screen(args: &RunArgs, settings: &settings::Settings) -> (Option<f64>, Option<f64>) {
    let stated = |v: f64| (v > 0.0).then_some(v);
    (
        args.screen_diagonal_in
            .or(stated(settings.display.screen_diagonal_in)),
        args.viewing_distance_cm
            .or(stated(settings.display.viewing_distance_cm)),
    )
}

/// The number an ID ends in (P07 is 7), if any above 0.
fn trailing_number(id: &str) -> Option<usize> {
    let digits: String = id
        .chars()
        .rev()
        .take_while(char::is_ascii_digit)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    digits
        .parse::<usize>()
        .ok()
        .filter(|&n| (1..=100_000).contains(&n))
}

/// `study run`, `study report` or `study check`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    match args.command {
        StudyCommand::Run(a) => run_session(*a),
        StudyCommand::Report(a) => super::study_report::run(a),
        StudyCommand::Check(a) => super::study_check::run(a),
        StudyCommand::Withdraw(a) => super::study_withdraw::run(a),
        StudyCommand::Power(a) => super::study_power::run(a),
    }
}

/// `study check`: the protocol's faults, or its conditions listed.
/// A protocol read with its text (the text is what session.toml keeps).
fn load_protocol(path: &Path) -> Result<(Protocol, String), CliError> {
    let text = files::read_text(path, "study protocol", cap::PROTOCOL)?;
    let protocol = Protocol::parse(&text, path)?;
    Ok((protocol, text))
}

fn run_session(args: RunArgs) -> Result<ExitCode, CliError> {
    let (protocol, text) = load_protocol(&args.protocol)?;
    let map_asked = protocol.map_path(&args.protocol);
    let (loaded, map_path, _) = load_map(Some(map_asked))?;
    // Once, before the session: a difference no factor declares.
    for warning in super::study_check::compare(&protocol, &loaded.map).warnings() {
        eprintln!("{warning} (`study check` lists every difference)");
    }
    // Read once, before the participant's folder is made: a settings file
    // that does not load leaves no folder behind.
    let (settings, _) = args.window.load_settings()?;
    let sequence = match args.sequence {
        Some(n) => n as usize,
        None => trailing_number(&args.participant).ok_or_else(|| {
            CliError::refused(format!(
                "participant `{}` ends in no number to pick a row of the Latin square: give \
                 --sequence N (participants 1, 2, 3, ... in the order they take part)",
                args.participant
            ))
        })?,
    };
    let visits = protocol.procedure.visits;
    let visit = args.visit.map(|v| v as usize);
    if let Some(k) = visit.filter(|&k| k > visits) {
        return Err(CliError::refused(format!(
            "--visit {k}, but the protocol has {visits} visit(s) (its `visits` key)"
        )));
    }
    let outlets = open_lsl(args.lsl, args.lsl_wait, &args.participant)?;
    let mut study = if args.resume || visit.is_some_and(|k| k > 1) {
        let (results, order, done) =
            Results::resume(&args.results, &protocol, &text, &args.participant)?;
        let k = visit.unwrap_or_else(|| done.visits.iter().copied().max().unwrap_or(1));
        let before = protocol.procedure.positions(k, order.len()).start;
        if let Some(missing) = (0..before).find(|p| !done.played.contains(p)) {
            let earlier = protocol.procedure.visit_of(missing, order.len());
            return Err(CliError::refused(format!(
                "visit {earlier} of participant `{}` is not complete: finish it first with \
                 --visit {earlier} --resume",
                args.participant
            )));
        }
        let session = Session::resume_visit(protocol, order, &done, k);
        StudyRun::new(session, results)
    } else {
        let who = Who {
            participant: args.participant.clone(),
            sequence,
            simulated: args.simulate,
            results: args.results.clone(),
            site: args.site.clone(),
        };
        new_session((protocol, &args.protocol, text), &map_path, &who)?
    };
    let dir = study.results().dir().to_path_buf();
    let (diagonal, distance) = stated_screen(&args, &settings);
    study.set_screen(diagonal, distance);
    if let Some(outlets) = outlets {
        study.set_streams(Box::new(outlets));
    }
    match args.simulate {
        Some(seed) => {
            study.simulated_display(args.window.video(&settings).size)?;
            let route = driver_route()?;
            let mut screens = match &args.screens {
                Some(dir) => {
                    let (w, h) = args.screens_size;
                    let art = (
                        &loaded.map,
                        loaded.art.clone(),
                        super::run_input::load_art()?,
                    );
                    let seed = study.session().protocol().seed;
                    Some(Screens::new(dir, (w as usize, h as usize), art, seed)?)
                }
                None => None,
            };
            let outcome = simulate::simulate(
                &mut study,
                (&loaded.map, &map_path),
                &route,
                seed,
                screens.as_mut(),
            )?;
            if let Some(s) = &screens {
                let index = s.finish()?;
                say!("screens: {} ({} shots)", index.display(), s.shots().len());
            }
            say!(
                "simulated participant {} (seed {seed}): {} conditions, {} ticks",
                args.participant,
                outcome.recordings.len(),
                outcome.ticks
            );
        }
        None => run_in_window(study, (loaded, map_path), settings, args.window)?,
    }
    say!("results: {}", dir.display());
    if visits > 1 {
        let k = visit.unwrap_or(1);
        match k < visits {
            true => say!(
                "visit {k} of {visits}; the next: the same command with --visit {}",
                k + 1
            ),
            false => say!("visit {k} of {visits}: the last"),
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The simulated participant's route: the standard maneuvers, one after
/// another, in name order.
fn driver_route() -> Result<Vec<Controls>, CliError> {
    simulate::route(&data::dir("maneuvers")).map_err(|e| match e {
        simulate::RouteError::Script(e) => CliError::from(e),
        simulate::RouteError::List { dir, source } => {
            CliError::refused(format!("cannot list {}: {source}", dir.display()))
        }
        empty @ simulate::RouteError::Empty(_) => CliError::refused(empty.to_string()),
    })
}

/// A person's session in the window.
#[cfg(feature = "window")]
fn run_in_window(
    study: StudyRun,
    (map, map_path): (crate::map::Loaded, PathBuf),
    settings: settings::Settings,
    window: WindowArgs,
) -> Result<(), CliError> {
    let video = window.video(&settings);
    crate::app::run_study(crate::app::StudyConfig {
        study,
        map,
        map_path,
        settings,
        video,
        art: super::run_input::load_art()?,
        frames: window.frames,
        mute: window.mute,
    })?;
    Ok(())
}

/// Without the window a person cannot take part.
#[cfg(not(feature = "window"))]
fn run_in_window(
    _: StudyRun,
    _: (crate::map::Loaded, PathBuf),
    _: settings::Settings,
    _: WindowArgs,
) -> Result<(), CliError> {
    Err(CliError::NoWindow)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_names_its_number() {
        assert_eq!(trailing_number("P07"), Some(7));
        assert_eq!(trailing_number("sim-12"), Some(12));
        assert_eq!(trailing_number("anna"), None);
        assert_eq!(trailing_number("P0"), None);
        assert!(parse_id("../x").is_err());
        assert!(parse_id("P-01_a").is_ok());
    }
}
