//! The `wobblecaster` command: play, or work headless (shot, trace, check-map).

use clap::{Args, Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use wobblecaster::app::{self, AppConfig};
use wobblecaster::map::{self, Map, Start};
use wobblecaster::render::{self, Hud, View};
use wobblecaster::script::Script;
use wobblecaster::sim::{Coupling, Model, Pose, Tunables, World};

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
    /// The map to play (default: maps/default.map).
    #[arg(long, value_name = "FILE")]
    map: Option<PathBuf>,
    /// Internal render resolution, scaled up to the window (the default
    /// draws in about 3.5 ms on one core of a small machine: see README).
    #[arg(long, value_name = "WxH", default_value = "960x540", value_parser = parse_size)]
    size: (u32, u32),
    /// Horizontal field of view in degrees.
    #[arg(long, value_name = "DEG", default_value_t = render::DEFAULT_FOV_DEG, value_parser = parse_fov)]
    fov: f64,
    /// Quit after this many presented frames (for automated checks).
    #[arg(long, value_name = "N")]
    frames: Option<u64>,
    /// Seed of the world's random generator.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    tuning: TuningArgs,
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
        t
    }
}

#[derive(Subcommand)]
enum Command {
    /// Render one frame headless (no window, no GPU) to a PNG.
    Shot {
        /// The map (default: maps/default.map).
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
        /// Where to write the PNG.
        #[arg(long, value_name = "FILE.png")]
        out: PathBuf,
        /// Replace `--out` if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Run the simulation headless on a script and print CSV.
    Trace {
        /// The input script (lines of `SECONDS ACTIONS`).
        #[arg(long, value_name = "FILE")]
        script: PathBuf,
        /// The map; without one, an open plane with no walls.
        #[arg(long, value_name = "FILE")]
        map: Option<PathBuf>,
        #[command(flatten)]
        tuning: TuningArgs,
    },
    /// Measure frame and tick times on this machine (medians).
    Bench {
        /// The map (default: maps/default.map).
        #[arg(long, value_name = "FILE")]
        map: Option<PathBuf>,
        /// Print `name,value,unit` rows.
        #[arg(long)]
        csv: bool,
    },
    /// Load maps and report every fault with its location.
    CheckMap {
        /// The map files.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None => play(cli.play),
        Some(Command::Shot {
            map,
            at,
            size,
            fov,
            minimap,
            out,
            force,
        }) => shot(map, at, size, fov, minimap, &out, force),
        Some(Command::Trace {
            script,
            map,
            tuning,
        }) => trace(&script, map, &tuning),
        Some(Command::CheckMap { files }) => check_maps(&files),
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

/// The map at `path`, or the shipped default map.
fn load_map(path: Option<PathBuf>) -> Result<(Map, PathBuf)> {
    let path = path.unwrap_or_else(default_map_path);
    let map = map::load(&path)?;
    Ok((map, path))
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
    let (map, map_path) = load_map(args.map)?;
    app::run(AppConfig {
        map,
        map_path,
        render_size: args.size,
        fov_deg: args.fov,
        frames: args.frames,
        tunables: args.tuning.tunables(),
        seed: args.seed,
    })?;
    Ok(ExitCode::SUCCESS)
}

fn shot(
    map: Option<PathBuf>,
    at: Option<Pose>,
    (w, h): (u32, u32),
    fov: f64,
    minimap: bool,
    out: &Path,
    force: bool,
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
    let world = World::new(map, Tunables::default(), 1);
    let mut view = View::from_pose(world.camera());
    view.fov = fov.to_radians();
    let hud = Hud {
        minimap,
        ..Hud::default()
    };
    let mut frame = vec![0u8; w as usize * h as usize * 4];
    render::draw(&world, &view, &hud, &mut frame, w as usize, h as usize);
    write_png(out, &frame, w, h)?;
    Ok(ExitCode::SUCCESS)
}

/// Writes the PNG beside its final name, then renames it into place, so a
/// failure never leaves a half-written file.
fn write_png(out: &Path, rgba: &[u8], w: u32, h: u32) -> Result<()> {
    let mut tmp = out.as_os_str().to_owned();
    tmp.push(".partial");
    let tmp = PathBuf::from(tmp);
    image::save_buffer_with_format(
        &tmp,
        rgba,
        w,
        h,
        image::ExtendedColorType::Rgba8,
        image::ImageFormat::Png,
    )
    .map_err(|e| format!("cannot write {}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, out).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    Ok(())
}

fn trace(script: &Path, map: Option<PathBuf>, tuning: &TuningArgs) -> Result<ExitCode> {
    let script = Script::load(script)?;
    let map = match map {
        Some(p) => map::load(&p)?,
        None => Map::open_plane(),
    };
    let mut world = World::new(map, tuning.tunables(), 1);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    wobblecaster::trace::run(&mut world, &script, &mut out)?;
    Ok(ExitCode::SUCCESS)
}

fn bench(map: Option<PathBuf>, csv: bool) -> Result<ExitCode> {
    let (map, _) = load_map(map)?;
    let world = World::new(map, Tunables::default(), 1);
    wobblecaster::bench::print(&wobblecaster::bench::run(&world), csv);
    Ok(ExitCode::SUCCESS)
}

fn check_maps(files: &[PathBuf]) -> Result<ExitCode> {
    let mut failed = 0;
    for f in files {
        match map::load(f) {
            Ok(m) => println!(
                "{}: ok ({}, {}x{})",
                f.display(),
                m.name,
                m.width(),
                m.height()
            ),
            Err(errors) => {
                failed += 1;
                for e in &errors.0 {
                    println!("{e}");
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
    if !(30.0..=150.0).contains(&v) {
        return Err("the field of view must be 30 to 150 degrees".into());
    }
    Ok(v)
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
        }),
        _ => Err(format!("expected X,Y,ANGLE_DEG, found `{s}`")),
    }
}
