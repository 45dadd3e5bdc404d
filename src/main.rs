//! The `wobblecaster` command: play or replay, or work headless (shot,
//! trace, replay --headless, check-map).

use clap::{Args, Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use wobblecaster::app::{self, AppConfig};
use wobblecaster::feel::{self, compare, Scale};
use wobblecaster::files;
use wobblecaster::map::{self, shipped, Map, Start};
use wobblecaster::record::{self, Outcome, Playback, Recording};
use wobblecaster::render::{self, Hud, View};
use wobblecaster::script::Script;
use wobblecaster::settings::{self, Settings, Video};
use wobblecaster::sim::actors::{placement_problems, EnemyTunables, Severity};
use wobblecaster::sim::{Controls, Coupling, Model, Pose, Tunables, World};
use wobblecaster::sprites::Art;

/// A Wolfenstein-style first-person game for feeling and measuring
/// unusual movement models.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    play: PlayArgs,
}

/// Options for playing in a window.
#[derive(Args)]
struct PlayArgs {
    /// The map to play: a file, or a shipped map's name such as `bunker`
    /// (`wobblecaster maps` lists them); default: maps/default.map.
    #[arg(long, value_name = "FILE")]
    map: Option<PathBuf>,
    #[command(flatten)]
    window: WindowArgs,
    /// Seed of the world's random generator.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Record from the first tick into FILE (never over an existing file:
    /// a taken name gets a number, FILE-1, FILE-2, ...).
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    #[command(flatten)]
    tuning: TuningArgs,
}

/// How the window shows the game.
#[derive(Args)]
struct WindowArgs {
    /// The settings file (default: the one in the per-user config folder,
    /// see `wobblecaster settings --path`); edits apply while playing.
    #[arg(long, value_name = "FILE")]
    settings: Option<PathBuf>,
    /// Internal render resolution, scaled up to the window (default from
    /// the settings, 960x540: about 3.5 ms a frame on one core of a small
    /// machine, see README).
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    size: Option<(u32, u32)>,
    /// Horizontal field of view in degrees (default from the settings, 90).
    #[arg(long, value_name = "DEG", value_parser = parse_fov)]
    fov: Option<f64>,
    /// Quit after this many presented frames (for automated checks).
    #[arg(long, value_name = "N")]
    frames: Option<u64>,
}

impl WindowArgs {
    /// The settings file (this one's, else the per-user one), read; also
    /// the file to watch. A file named with `--settings` must exist; the
    /// per-user one may not (yet): then the defaults stand, and creating
    /// it while playing applies it.
    fn load_settings(&self) -> Result<(Settings, Option<PathBuf>)> {
        let Some(path) = self.settings.clone().or_else(settings::default_path) else {
            return Ok((Settings::default(), None));
        };
        if self.settings.is_none() && !path.exists() {
            return Ok((Settings::default(), Some(path)));
        }
        Ok((Settings::load(&path)?, Some(path)))
    }

    /// The video settings of `settings` with this command line's choices.
    fn video(&self, settings: &Settings) -> Video {
        let mut video = settings.video.clone();
        if let Some(size) = self.size {
            video.size = size;
        }
        if let Some(fov) = self.fov {
            video.fov_deg = fov;
        }
        video
    }
}

/// Movement and comfort choices shared by the commands that run the world.
#[derive(Args, Clone)]
struct TuningArgs {
    /// Walking model: polar (article 000), classic (Wolfenstein 3D) or quake.
    #[arg(long, value_parser = parse_model)]
    model: Option<Model>,
    /// Camera coupling for the polar model: velocity or heading.
    #[arg(long, value_parser = parse_coupling)]
    coupling: Option<Coupling>,
    /// Head bob amplitude: 0 off, 1 Quake's.
    #[arg(long, value_name = "AMOUNT")]
    head_bob: Option<f64>,
    /// Gyro jet against the polar model's spin, degrees per second squared (0 off).
    #[arg(long, value_name = "DEG_PER_S2")]
    gyro: Option<f64>,
    /// Heading turn speed, degrees per second.
    #[arg(long, value_name = "DEG_PER_S")]
    heading_speed: Option<f64>,
}

impl TuningArgs {
    /// The default tunables with these choices applied.
    fn tunables(&self) -> Tunables {
        let mut t = Tunables::default();
        self.apply(&mut t);
        t
    }

    /// Replaces the tunables in `t` that these choices set.
    fn apply(&self, t: &mut Tunables) {
        if let Some(m) = self.model {
            t.model = m;
        }
        if let Some(c) = self.coupling {
            t.coupling = c;
        }
        if let Some(b) = self.head_bob {
            t.head_bob = b.max(0.0);
        }
        if let Some(g) = self.gyro {
            t.gyro = g.max(0.0).to_radians();
        }
        if let Some(h) = self.heading_speed {
            t.heading_speed = h.to_radians();
        }
    }
}

/// How the feel metrics turn tiles into metres.
#[derive(Args)]
struct ScaleArgs {
    /// Metres per tile, for the speeds and sickness doses.
    #[arg(long, value_name = "M", default_value_t = feel::DEFAULT_METRES_PER_TILE, value_parser = parse_positive)]
    metres_per_tile: f64,
}

impl ScaleArgs {
    fn scale(&self) -> Scale {
        Scale {
            metres_per_tile: self.metres_per_tile,
        }
    }
}

#[derive(Subcommand)]
enum FeelCommand {
    /// Run every standard maneuver (maneuvers/) with every model and
    /// coupling; write DIR/report.md and a plot per maneuver.
    Compare {
        /// The folder for the report; it must be empty or absent.
        #[arg(long, value_name = "DIR", default_value = "feel-report")]
        out: PathBuf,
        /// Write into a folder that is not empty (only report.md and the
        /// plots are replaced; other files stay).
        #[arg(long)]
        force: bool,
        #[command(flatten)]
        scale: ScaleArgs,
    },
}

#[derive(Subcommand)]
enum Command {
    /// Render one frame headless (no window, no GPU) to a PNG.
    Shot {
        /// The map, a file or a shipped map's name (default: maps/default.map).
        #[arg(long, value_name = "FILE")]
        map: Option<PathBuf>,
        /// Camera position and view angle (tiles, tiles, degrees; 0 east,
        /// 90 south); default: the player start.
        #[arg(long, value_name = "X,Y,ANGLE_DEG", value_parser = parse_at, allow_hyphen_values = true)]
        at: Option<Pose>,
        /// Image size.
        #[arg(long, value_name = "WxH", default_value = "640x360", value_parser = parse_size)]
        size: (u32, u32),
        /// Horizontal field of view in degrees.
        #[arg(long, value_name = "DEG", default_value_t = render::DEFAULT_FOV_DEG, value_parser = parse_fov)]
        fov: f64,
        /// Show the minimap in the shot.
        #[arg(long)]
        minimap: bool,
        /// Show the help overlay (F1 in the game) in the shot.
        #[arg(long)]
        help_overlay: bool,
        /// Show the enemies' steering overlay (F4 in the game) on the
        /// minimap.
        #[arg(long)]
        steering: bool,
        /// Run the world this many ticks first (120 a second), the player
        /// standing still and firing if `--fire`: the enemies move.
        #[arg(long, value_name = "N", default_value_t = 0)]
        ticks: u64,
        /// Hold the trigger during `--ticks`.
        #[arg(long, requires = "ticks")]
        fire: bool,
        /// Run this script (lines of `SECONDS ACTIONS`, e.g. `1 jetpack+thrust`)
        /// from the start before the shot, after `--ticks`.
        #[arg(long, value_name = "FILE")]
        script: Option<PathBuf>,
        /// Eye height in tiles (0.5 walking; up to the map's wall height).
        #[arg(long, value_name = "TILES", value_parser = parse_positive)]
        z: Option<f64>,
        /// Look down by this many degrees (negative: up), as a flier's tilt
        /// does; at most 60 either way.
        #[arg(long, value_name = "DEG", allow_hyphen_values = true, value_parser = parse_pitch)]
        pitch: Option<f64>,
        /// Where to write the PNG.
        #[arg(long, value_name = "FILE.png")]
        out: PathBuf,
        /// Replace `--out` if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Run the simulation headless on a script or a recording and print CSV.
    #[command(group(clap::ArgGroup::new("input").required(true)))]
    Trace {
        /// The input script (lines of `SECONDS ACTIONS`).
        #[arg(long, value_name = "FILE", group = "input")]
        script: Option<PathBuf>,
        /// A recording: its ticks, on its map with its seed and tunables
        /// (each of which `--map` and the tuning options override).
        #[arg(long, value_name = "FILE", group = "input")]
        recording: Option<PathBuf>,
        /// The map (a file or a shipped map's name); without one, a script runs on an open plane with no walls.
        #[arg(long, value_name = "FILE")]
        map: Option<PathBuf>,
        /// Also write one CSV row per enemy per tick here:
        /// tick,id,kind,x,y,heading,track_left,track_right,half_width.
        #[arg(long, value_name = "OUT.csv")]
        actors: Option<PathBuf>,
        /// Replace `--actors` if it exists.
        #[arg(long)]
        force: bool,
        #[command(flatten)]
        tuning: TuningArgs,
    },
    /// Play a recording back in the window, or headless to check it.
    Replay {
        /// The recording (made with `--record` or F9).
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// Replay on this map (a file or a shipped map's name) instead of the
        /// one the recording names.
        #[arg(long, value_name = "FILE")]
        map: Option<PathBuf>,
        /// No window: run every tick and check every stored state hash;
        /// exits 1 at a desync.
        #[arg(long)]
        headless: bool,
        /// Print only the final state hash, in hex.
        #[arg(long, requires = "headless")]
        hash: bool,
        #[command(flatten)]
        window: WindowArgs,
    },
    /// Measure feel: run a script or a recording headless and print its
    /// metrics; `feel compare` runs every standard maneuver with every model.
    #[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
    Feel {
        #[command(subcommand)]
        compare: Option<FeelCommand>,
        /// A script (lines of `SECONDS ACTIONS`) or a recording (made with
        /// `--record` or F9), told apart by the recording's first line.
        #[arg(value_name = "RUN", required = true)]
        run: Option<PathBuf>,
        /// The map (a file or a shipped map's name); default: a recording's
        /// own, else an open plane.
        #[arg(long, value_name = "FILE")]
        map: Option<PathBuf>,
        /// Print `metric,value,unit` rows.
        #[arg(long)]
        csv: bool,
        #[command(flatten)]
        scale: ScaleArgs,
        #[command(flatten)]
        tuning: TuningArgs,
    },
    /// The settings file: where it is read from, or a complete default one.
    #[command(group(clap::ArgGroup::new("what").required(true)))]
    Settings {
        /// Print a complete, commented settings file with every default
        /// (`wobblecaster settings --defaults > my.toml`).
        #[arg(long, group = "what")]
        defaults: bool,
        /// Print where the game looks for the settings file.
        #[arg(long, group = "what")]
        path: bool,
    },
    /// Measure frame and tick times on this machine (medians).
    Bench {
        /// The map, a file or a shipped map's name (default: maps/default.map).
        #[arg(long, value_name = "FILE")]
        map: Option<PathBuf>,
        /// Print `name,value,unit` rows.
        #[arg(long)]
        csv: bool,
    },
    /// List the shipped maps, each with the name `--map` takes and what it is for.
    Maps,
    /// Load maps and report every fault with its location.
    CheckMap {
        /// The map files or shipped map names (none: every shipped map).
        #[arg(value_name = "FILE")]
        files: Vec<PathBuf>,
    },
}

fn main() -> ExitCode {
    // The main thread is one of rayon's workers: it draws and ticks with
    // the others rather than handing each frame's work to the pool and
    // waiting (a hand-off from outside the pool allocates now and then).
    let _ = rayon::ThreadPoolBuilder::new()
        .use_current_thread()
        .build_global();
    let cli = Cli::parse();
    let result = match cli.command {
        None => play(cli.play),
        Some(Command::Shot {
            map,
            at,
            size,
            fov,
            minimap,
            help_overlay,
            out,
            force,
            steering,
            ticks,
            fire,
            script,
            z,
            pitch,
        }) => shot(
            map,
            at,
            (size, fov),
            (minimap, help_overlay, steering),
            (ticks, fire, script),
            (z, pitch),
            (&out, force),
        ),
        Some(Command::Trace {
            script,
            recording,
            map,
            actors,
            force,
            tuning,
        }) => trace(script, recording, map, (actors, force), &tuning),
        Some(Command::Replay {
            file,
            map,
            headless,
            hash,
            window,
        }) => replay(&file, map, headless.then_some(hash), window),
        Some(Command::Feel {
            compare: Some(FeelCommand::Compare { out, force, scale }),
            ..
        }) => feel_compare(&out, force, scale.scale()),
        Some(Command::Feel {
            compare: None,
            run,
            map,
            csv,
            scale,
            tuning,
        }) => feel(run, map, csv, scale.scale(), &tuning),
        Some(Command::Settings { defaults, .. }) => settings_command(defaults),
        Some(Command::CheckMap { files }) => check_maps(&files),
        Some(Command::Maps) => list_maps(),
        Some(Command::Bench { map, csv }) => bench(map, csv),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            let mut source = e.source();
            while let Some(s) = source {
                eprintln!("  caused by: {s}");
                source = s.source();
            }
            ExitCode::FAILURE
        }
    }
}

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

/// The map at `path`, or the shipped default map; also the path as given
/// (what a recording names).
fn load_map(path: Option<PathBuf>) -> Result<(Map, PathBuf)> {
    let path = path.unwrap_or_else(default_map_path);
    let map = map::load(&resolve_map(path.clone())?)?;
    Ok((map, path))
}

/// Where the map file `path` is: as given; else (for a relative path not
/// found in the working directory) in the source tree this binary was built
/// from, which holds the shipped maps; else, for a bare name like `bunker`,
/// the shipped map of that name. A path that is none of these is an error
/// naming the shipped maps.
fn resolve_map(path: PathBuf) -> Result<PathBuf> {
    if path.exists() {
        return Ok(path);
    }
    let source_tree = Path::new(env!("CARGO_MANIFEST_DIR")).join(&path);
    if path.is_relative() && source_tree.exists() {
        return Ok(source_tree);
    }
    let dir = shipped_maps_dir();
    if let Some(found) = shipped::find(&dir, &path.to_string_lossy()) {
        return Ok(found);
    }
    let names: Vec<String> = shipped::list(&dir)
        .iter()
        .map(|p| shipped::short_name(p))
        .collect();
    Err(format!(
        "no map `{}`: not a file, nor a shipped map (shipped: {}; `wobblecaster maps` describes them)",
        path.display(),
        names.join(", ")
    )
    .into())
}

/// The folder of the shipped maps.
fn shipped_maps_dir() -> PathBuf {
    shipped_root("maps").join("maps")
}

/// `maps`: every shipped map with its short name (what `--map` takes), its
/// title and what it is for.
fn list_maps() -> Result<ExitCode> {
    let dir = shipped_maps_dir();
    let files = shipped::list(&dir);
    if files.is_empty() {
        return Err(format!("no maps in {}", dir.display()).into());
    }
    let rows: Vec<(String, String, String)> = files
        .iter()
        .map(|f| match map::load(f) {
            Ok(m) => (shipped::short_name(f), m.name, m.description),
            Err(e) => (
                shipped::short_name(f),
                "(does not load)".into(),
                e.to_string(),
            ),
        })
        .collect();
    let name_w = rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
    let title_w = rows.iter().map(|r| r.1.chars().count()).max().unwrap_or(0);
    for (name, title, about) in &rows {
        println!("{name:name_w$}  {title:title_w$}  {about}");
    }
    println!(
        "\nPlay one with `wobblecaster --map NAME`; maps live in {}.",
        dir.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// `maps/default.map` in the working directory, else in the source tree
/// this binary was built from.
fn default_map_path() -> PathBuf {
    let local = PathBuf::from("maps/default.map");
    if local.exists() {
        return local;
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/default.map")
}

fn play(args: PlayArgs) -> Result<ExitCode> {
    let (settings, settings_path) = args.window.load_settings()?;
    let (map, map_path) = load_map(args.map)?;
    let mut tunables = settings.tunables;
    args.tuning.apply(&mut tunables);
    let report = app::run(AppConfig {
        map,
        map_file: resolve_map(map_path.clone())?,
        map_path,
        video: args.window.video(&settings),
        art: load_art()?,
        settings,
        settings_path,
        frames: args.window.frames,
        tunables,
        seed: args.seed,
        record: args.record,
        replay: None,
    })?;
    for path in &report.saved {
        println!("recording saved: {}", path.display());
    }
    for problem in &report.problems {
        eprintln!("warning: {problem}");
    }
    Ok(ExitCode::SUCCESS)
}

fn shot(
    map: Option<PathBuf>,
    at: Option<Pose>,
    ((w, h), fov): ((u32, u32), f64),
    (minimap, help, steering): (bool, bool, bool),
    (ticks, fire, script): (u64, bool, Option<PathBuf>),
    (z, pitch): (Option<f64>, Option<f64>),
    (out, force): (&Path, bool),
) -> Result<ExitCode> {
    if out.exists() && !force {
        return Err(format!("{} exists; pass --force to replace it", out.display()).into());
    }
    let (mut map, _) = load_map(map)?;
    // The player stands where the camera is, so the HUD and minimap agree.
    if let Some(pose) = at {
        map.start = Start {
            x: pose.x,
            y: pose.y,
            angle: pose.yaw,
        };
    }
    let mut world = World::new(map, Tunables::default(), 1);
    let controls = Controls {
        fire,
        ..Controls::default()
    };
    for _ in 0..ticks {
        world.step(&controls);
    }
    if let Some(file) = script {
        for controls in Script::load(&file)?.ticks() {
            world.step(&controls);
        }
    }
    let mut view = View::from_pose(world.camera());
    view.fov = fov.to_radians();
    if let Some(z) = z {
        view.pose.z = z;
    }
    if let Some(pitch) = pitch {
        view.pose.pitch = pitch.to_radians();
    }
    let hud = Hud {
        minimap,
        help,
        steering,
        keys: render::key_lines(&Settings::default().bindings),
        ..Hud::default()
    };
    let mut frame = vec![0u8; w as usize * h as usize * 4];
    render::draw(
        &world,
        &view,
        &hud,
        &load_art()?,
        &mut frame,
        w as usize,
        h as usize,
    );
    write_png(out, &frame, (w, h), force)?;
    Ok(ExitCode::SUCCESS)
}

/// Writes the PNG whole (see [`files::write_whole`]), replacing `out` only
/// if `force`.
fn write_png(out: &Path, rgba: &[u8], (w, h): (u32, u32), force: bool) -> Result<()> {
    files::write_whole(out, force, |file| {
        image::write_buffer_with_format(
            file,
            rgba,
            w,
            h,
            image::ExtendedColorType::Rgba8,
            image::ImageFormat::Png,
        )
        .map_err(std::io::Error::other)
    })?;
    Ok(())
}

fn trace(
    script: Option<PathBuf>,
    recording: Option<PathBuf>,
    map: Option<PathBuf>,
    (actors, force): (Option<PathBuf>, bool),
    tuning: &TuningArgs,
) -> Result<ExitCode> {
    if let Some(path) = actors.as_deref().filter(|p| p.exists() && !force) {
        return Err(format!("{} exists; pass --force to replace it", path.display()).into());
    }
    let input = match (script, recording) {
        (Some(script), _) => Input::script(&script, map, tuning)?,
        (None, Some(file)) => Input::recording(&file, map, tuning)?,
        (None, None) => unreachable!("clap asks for a script or a recording"),
    };
    let (mut world, ticks) = input.world();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let Some(path) = actors else {
        wobblecaster::trace::run_ticks(&mut world, ticks, &mut out, None)?;
        return Ok(ExitCode::SUCCESS);
    };
    // Written whole, so an interrupted run never leaves half a file under
    // the name asked for.
    files::write_whole(&path, force, |rows| {
        wobblecaster::trace::run_ticks(&mut world, ticks, &mut out, Some(rows))
    })?;
    Ok(ExitCode::SUCCESS)
}

/// A headless run: the controls of every tick and the world they drive.
struct Input {
    ticks: Vec<Controls>,
    map: Map,
    tunables: Tunables,
    seed: u64,
}

impl Input {
    /// A script's ticks on `map` (default: the open plane), with the default
    /// tunables and the tuning options applied.
    fn script(file: &Path, map: Option<PathBuf>, tuning: &TuningArgs) -> Result<Self> {
        Self::from_script(Script::load(file)?, map, tuning)
    }

    /// A script already read, as [`Input::script`] runs it.
    fn from_script(script: Script, map: Option<PathBuf>, tuning: &TuningArgs) -> Result<Self> {
        let map = match map {
            Some(p) => map::load(&resolve_map(p)?)?,
            None => Map::open_plane(),
        };
        Ok(Self {
            ticks: script.ticks().collect(),
            map,
            tunables: tuning.tunables(),
            seed: 1,
        })
    }

    /// A recording's ticks on its map (or `map`) with its seed and
    /// tunables, the tuning options applied over them.
    fn recording(file: &Path, map: Option<PathBuf>, tuning: &TuningArgs) -> Result<Self> {
        Self::from_recording(load_recording(file)?, map, tuning)
    }

    /// A recording already read, as [`Input::recording`] runs it.
    fn from_recording(
        recording: Recording,
        map: Option<PathBuf>,
        tuning: &TuningArgs,
    ) -> Result<Self> {
        let map = recording_map(&recording, map)?;
        let mut tunables = recording.header.tunables;
        tuning.apply(&mut tunables);
        Ok(Self {
            ticks: recording.ticks().collect(),
            map,
            tunables,
            seed: recording.header.seed,
        })
    }

    /// A script or a recording, whichever `file` is: a recording starts
    /// with its magic line.
    fn either(file: &Path, map: Option<PathBuf>, tuning: &TuningArgs) -> Result<Self> {
        let text = files::read_text(file, "file").map_err(|f| match f.line {
            0 => format!("{}: {}", file.display(), f.message),
            _ => format!("{}:{}:{}: {}", file.display(), f.line, f.col, f.message),
        })?;
        // Read once, parsed as whichever it is.
        match text.starts_with("wobblecaster-recording") {
            true => Self::from_recording(noted(Recording::parse(&text, file)?)?, map, tuning),
            false => Self::from_script(Script::parse(&text, file)?, map, tuning),
        }
    }

    /// The fresh world and the ticks to run on it.
    fn world(self) -> (World, Vec<Controls>) {
        (World::new(self.map, self.tunables, self.seed), self.ticks)
    }
}

/// `feel RUN`: the metrics of a script or recording, as a table or CSV.
fn feel(
    run: Option<PathBuf>,
    map: Option<PathBuf>,
    csv: bool,
    scale: Scale,
    tuning: &TuningArgs,
) -> Result<ExitCode> {
    let file = run.expect("clap asks for RUN without a subcommand");
    let (mut world, ticks) = Input::either(&file, map, tuning)?.world();
    let t = world.tunables;
    let trajectory = feel::run::run(&mut world, ticks);
    let metrics = feel::compute(&trajectory, scale);
    if csv {
        print!("{}", feel::format_csv(&metrics));
        return Ok(ExitCode::SUCCESS);
    }
    let seconds = (trajectory.samples.len() - 1) as f64 * trajectory.dt;
    println!(
        "{}: {seconds:.2} s on {}, model {}, camera along {}, 1 tile = {} m",
        file.display(),
        world.map.name,
        t.model.name(),
        t.coupling.name(),
        scale.metres_per_tile
    );
    if trajectory.samples.len() < feel::MIN_SAMPLES {
        println!("(too short to measure: every metric is 0)");
    }
    println!();
    print!("{}", feel::format_table(&metrics));
    Ok(ExitCode::SUCCESS)
}

/// `feel compare`: every maneuver with every model and coupling, written
/// up in `out`.
fn feel_compare(out: &Path, force: bool, scale: Scale) -> Result<ExitCode> {
    let root = shipped_root("maneuvers");
    let started = std::time::Instant::now();
    let results = compare::run_all(&root, &Tunables::default(), scale)?;
    let mut command = "wobblecaster feel compare".to_string();
    if scale.metres_per_tile != feel::DEFAULT_METRES_PER_TILE {
        command += &format!(" --metres-per-tile {}", scale.metres_per_tile);
    }
    let written = compare::write(out, &results, force, &command)?;
    for path in &written {
        println!("wrote {}", path.display());
    }
    println!(
        "{} maneuvers x {} models and couplings in {:.1} s",
        results.len(),
        feel::maneuvers::VARIANTS.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

/// The shipped sprite sheets, from `assets/sprites` here or in the source
/// tree this binary was built from.
fn load_art() -> Result<Art> {
    let dir = shipped_root("assets/sprites").join("assets/sprites");
    Ok(Art::load(&dir)?)
}

/// The folder holding the shipped `dir` (`maps`, `maneuvers`): the working
/// directory if it has one, else the source tree this binary was built from.
fn shipped_root(dir: &str) -> PathBuf {
    if Path::new(dir).is_dir() {
        return PathBuf::from(".");
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `replay`: in the window (`headless` None), else headless, printing the
/// final hash alone if `headless` is `Some(true)`. Exits 1 at a desync.
fn replay(
    file: &Path,
    map: Option<PathBuf>,
    headless: Option<bool>,
    window: WindowArgs,
) -> Result<ExitCode> {
    let recording = load_recording(file)?;
    let map = recording_map(&recording, map)?;
    let Some(hash_only) = headless else {
        let total = recording.len_ticks();
        let (settings, settings_path) = window.load_settings()?;
        let report = app::run(AppConfig {
            map,
            map_path: file.to_owned(),
            map_file: file.to_owned(),
            video: window.video(&settings),
            art: load_art()?,
            settings,
            settings_path,
            frames: window.frames,
            tunables: recording.header.tunables,
            seed: recording.header.seed,
            record: None,
            replay: Some(Playback::new(recording)),
        })?;
        let outcome = report.replay.expect("a replay reports its outcome");
        if outcome.ticks < total {
            println!("replay stopped at tick {} of {total}", outcome.ticks);
        }
        return Ok(tell(&outcome, false));
    };
    Ok(tell(&record::replay(&recording, map), hash_only))
}

/// Prints how a replay ended: a desync (exit 1), else the final hash,
/// alone if `hash_only`.
fn tell(outcome: &Outcome, hash_only: bool) -> ExitCode {
    if let Some(desync) = outcome.desync {
        eprintln!("{desync}");
        return ExitCode::FAILURE;
    }
    if hash_only {
        println!("{:016x}", outcome.final_hash);
    } else {
        println!(
            "replayed {} ticks, final hash {:016x}: every stored hash matched",
            outcome.ticks, outcome.final_hash
        );
    }
    ExitCode::SUCCESS
}

/// Loads a recording, telling on stderr what a replay should know: a
/// truncated file, another program version, tunables left to defaults.
fn load_recording(file: &Path) -> Result<Recording> {
    noted(Recording::load(file)?)
}

/// `recording`, after telling on stderr what a replay should know of it.
fn noted(recording: Recording) -> Result<Recording> {
    let name = recording.file.display();
    if recording.is_truncated() {
        eprintln!(
            "note: {name} has no end line (its recorder stopped without closing it, or the \
             file was cut): it replays up to its last complete second, tick {} ({} later \
             ticks dropped)",
            recording.last_verified_tick(),
            recording.dropped_ticks
        );
    }
    let version = &recording.header.version;
    if version != env!("CARGO_PKG_VERSION") {
        eprintln!(
            "note: {name} was recorded by wobblecaster {version}, this is {}: a changed \
             simulation shows as a desync",
            env!("CARGO_PKG_VERSION")
        );
    }
    if !recording.defaulted.is_empty() {
        eprintln!(
            "note: {name} does not set {}: the defaults stand in",
            recording.defaulted.join(", ")
        );
    }
    Ok(recording)
}

/// The map to run `recording` on: `chosen`, else the one its header names
/// (resolved as `--map` is; none is the open plane).
fn recording_map(recording: &Recording, chosen: Option<PathBuf>) -> Result<Map> {
    let header = &recording.header;
    let path = match (chosen, &header.map) {
        (Some(p), _) => resolve_map(p)?,
        (None, Some(p)) => resolve_map(p.clone())?,
        (None, None) => return Ok(Map::open_plane()),
    };
    let map = map::load(&path).map_err(|e| {
        format!(
            "cannot load the map {} to replay {} on (--map FILE chooses another):\n{e}",
            path.display(),
            recording.file.display()
        )
    })?;
    if map.name != header.map_name {
        eprintln!(
            "note: {} is the map `{}`; {} was recorded on `{}`",
            path.display(),
            map.name,
            recording.file.display(),
            header.map_name
        );
    }
    Ok(map)
}

/// `settings --defaults` prints the default file; `settings --path` where
/// the game looks for one.
fn settings_command(defaults: bool) -> Result<ExitCode> {
    if defaults {
        print!("{}", Settings::defaults_text());
        return Ok(ExitCode::SUCCESS);
    }
    match settings::default_path() {
        Some(path) => println!("{}", path.display()),
        None => {
            return Err("this system has no per-user config folder; use --settings FILE".into())
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn bench(map: Option<PathBuf>, csv: bool) -> Result<ExitCode> {
    let (map, _) = load_map(map)?;
    let world = World::new(map, Tunables::default(), 1);
    let mut figures = wobblecaster::bench::run(&world, &load_art()?);
    figures.extend(wobblecaster::bench::maps::run(
        &shipped_root("assets").join("assets"),
    ));
    wobblecaster::bench::print(&figures, csv);
    Ok(ExitCode::SUCCESS)
}

fn check_maps(files: &[PathBuf]) -> Result<ExitCode> {
    if files.is_empty() {
        let all = shipped::list(&shipped_maps_dir());
        if all.is_empty() {
            return Err("no map files given, and no shipped maps found".into());
        }
        return check_maps(&all);
    }
    let mut failed = 0;
    let walker_radius = EnemyTunables::default().walker.radius;
    for f in files {
        let f = &match resolve_map(f.clone()) {
            Ok(f) => f,
            Err(e) => {
                failed += 1;
                println!("{}: error: {e}", f.display());
                continue;
            }
        };
        match map::load(f) {
            Ok(m) => {
                let problems = placement_problems(&m, walker_radius);
                let mut errors = 0;
                for p in &problems {
                    let severity = match p.severity {
                        Severity::Error => "error",
                        Severity::Warning => "warning",
                    };
                    errors += usize::from(p.severity == Severity::Error);
                    println!("{}: {severity}: {}", p.place.locate(f), p.message);
                }
                if errors > 0 {
                    failed += 1;
                    continue;
                }
                let warnings = match problems.len() {
                    0 => String::new(),
                    1 => ", 1 warning".into(),
                    n => format!(", {n} warnings"),
                };
                println!(
                    "{}: ok ({}, {}x{}, {} enemies, {} doors, {} pickups{warnings})",
                    f.display(),
                    m.name,
                    m.width(),
                    m.height(),
                    m.spawns.len(),
                    m.doors.len(),
                    m.pickups.len(),
                )
            }
            Err(errors) => {
                failed += 1;
                for e in &errors.0 {
                    println!("{}: error: {}", e.at.locate(&e.file), e.kind);
                }
            }
        }
    }
    if failed > 0 {
        eprintln!("{failed} of {} maps failed", files.len());
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}

/// A walking model by name.
fn parse_model(s: &str) -> std::result::Result<Model, String> {
    Model::from_name(s)
        .ok_or_else(|| format!("unknown model `{s}`: expected polar, classic or quake"))
}

/// A camera coupling by name.
fn parse_coupling(s: &str) -> std::result::Result<Coupling, String> {
    Coupling::from_name(s)
        .ok_or_else(|| format!("unknown coupling `{s}`: expected velocity or heading"))
}

/// `640x360` to (640, 360).
fn parse_size(s: &str) -> std::result::Result<(u32, u32), String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or("expected WxH, e.g. 640x360")?;
    let w: u32 = w.trim().parse().map_err(|_| format!("bad width `{w}`"))?;
    let h: u32 = h.trim().parse().map_err(|_| format!("bad height `{h}`"))?;
    if !(1..=8192).contains(&w) || !(1..=8192).contains(&h) {
        return Err("width and height must be 1 to 8192".into());
    }
    Ok((w, h))
}

/// A field of view in degrees, 30 to 150.
fn parse_fov(s: &str) -> std::result::Result<f64, String> {
    let v: f64 = s.parse().map_err(|_| format!("bad field of view `{s}`"))?;
    if !(render::MIN_FOV_DEG..=render::MAX_FOV_DEG).contains(&v) {
        return Err(format!(
            "the field of view must be {} to {} degrees",
            render::MIN_FOV_DEG,
            render::MAX_FOV_DEG
        ));
    }
    Ok(v)
}

/// A finite number above zero.
fn parse_positive(s: &str) -> std::result::Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => Err(format!("expected a number above 0, found `{s}`")),
    }
}

/// A view pitch in degrees, -60 to 60.
fn parse_pitch(s: &str) -> std::result::Result<f64, String> {
    let limit = render::MAX_VIEW_PITCH.to_degrees();
    match s.parse::<f64>() {
        Ok(v) if v.abs() <= limit + 1e-9 => Ok(v),
        _ => Err(format!(
            "expected degrees from -{limit} to {limit}, found `{s}`"
        )),
    }
}

/// `X,Y,ANGLE_DEG` to a pose.
fn parse_at(s: &str) -> std::result::Result<Pose, String> {
    let parts: Vec<f64> = s
        .split(',')
        .map(|p| p.trim().parse::<f64>())
        .collect::<std::result::Result<_, _>>()
        .map_err(|_| format!("expected X,Y,ANGLE_DEG, found `{s}`"))?;
    match parts[..] {
        [x, y, a] if x.is_finite() && y.is_finite() && a.is_finite() => Ok(Pose {
            x,
            y,
            z: wobblecaster::sim::EYE_HEIGHT,
            yaw: wobblecaster::sim::angle::wrap_positive(a.to_radians()),
            pitch: 0.0,
        }),
        _ => Err(format!("expected X,Y,ANGLE_DEG, found `{s}`")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn command_line_is_well_formed() {
        Cli::command().debug_assert();
    }
}
