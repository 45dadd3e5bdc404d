//! `shot`: one frame rendered headless to a PNG.

use super::args::{
    parse_at, parse_fov, parse_pitch, parse_positive, parse_size, parse_ticks, ComfortArgs,
    DifficultyArgs,
};
use super::run_input::{load_art, load_map};
use super::CliError;
use crate::files;
use crate::map::course::Order;
use crate::map::{Progress, Start, Weapon};
use crate::render::{self, GoalShown, Hud, Parts, View};
use crate::script::Script;
use crate::settings::{self, Settings};
use crate::sim::tunable_table::arms::AMMO;
use crate::sim::{Arms, Controls, Difficulty, Pose, Tunables, World};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Render one frame headless (no window, no GPU) to a PNG.
#[derive(clap::Args)]
pub struct Args {
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
    /// Show the minimap in the shot: the whole map, as a map's author
    /// wants it (`[hud] full_map`).
    #[arg(long)]
    minimap: bool,
    /// With `--minimap`: show only what the player has seen by the shot
    /// (from the start, through `--ticks` and `--script`), as a player's
    /// minimap does.
    #[arg(long, requires = "minimap")]
    seen_map: bool,
    /// Show the help overlay (F1 in the game) in the shot.
    #[arg(long)]
    help_overlay: bool,
    /// The help overlay's page to show where it takes more than one at
    /// `--size` (F1 turns them in the game).
    #[arg(long, value_name = "N", default_value_t = 1, requires = "help_overlay",
          value_parser = clap::value_parser!(u16).range(1..))]
    help_page: u16,
    /// Show the enemies' steering overlay (F4 in the game) on the
    /// minimap.
    #[arg(long)]
    steering: bool,
    /// Show the lab readout (F10 in the game): the model, camera, speeds,
    /// angles and the dial.
    #[arg(long)]
    readout: bool,
    /// Show the crosshair (`[hud] crosshair` in the settings file).
    #[arg(long)]
    crosshair: bool,
    /// Run the world this many ticks first (120 a second), the player
    /// standing still and firing if `--fire`: the enemies move.
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = parse_ticks)]
    ticks: u64,
    /// Hold the trigger during `--ticks`.
    #[arg(long, requires = "ticks")]
    fire: bool,
    /// Play with weapons, weapon N up in hand (the number keys' order: 1
    /// the knife, 2 the pistol, 3 the machine gun, 4 the chain gun),
    /// every weapon carried and the most rounds; with `--ticks N --fire`,
    /// the frame N ticks into a shot.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=4))]
    weapon: Option<u8>,
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
    #[command(flatten)]
    comfort: ComfortArgs,
    /// Without it, hard: the enemies as before there were levels.
    #[command(flatten)]
    difficulty: DifficultyArgs,
    /// Where to write the PNG.
    #[arg(long, value_name = "FILE.png")]
    out: PathBuf,
    /// Replace `--out` if it exists.
    #[arg(long)]
    force: bool,
}

/// Runs the world as asked, renders the view and writes the PNG.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let png = args
        .out
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"));
    if !png {
        return Err(CliError::refused(format!(
            "{}: a shot is a PNG image; name it FILE.png",
            args.out.display()
        )));
    }
    if args.out.symlink_metadata().is_ok() && !args.force {
        return Err(CliError::refused(format!(
            "{} exists; pass --force to replace it",
            args.out.display()
        )));
    }
    let (loaded, _, _) = load_map(args.map)?;
    let (mut map, map_art) = (loaded.map, loaded.art);
    // The player stands where the camera is, so the HUD and minimap agree.
    if let Some(pose) = args.at {
        stand_check(&map, pose)?;
        map.start = Start {
            x: pose.x,
            y: pose.y,
            angle: pose.yaw,
        };
    }
    let mut tunables = Tunables::default();
    args.comfort.apply(&mut tunables);
    let difficulty = args.difficulty.difficulty.unwrap_or(Difficulty::LEGACY);
    let mut world = World::at_difficulty(map, tunables, difficulty, 1);
    if let Some(n) = args.weapon.and_then(|n| Weapon::at(usize::from(n) - 1)) {
        world = world.armed_with(Arms {
            held: n,
            chosen: n,
            carried: Weapon::ALL.iter().fold(0, |bits, w| bits | w.bit()),
            ammo: AMMO.max,
            ..Arms::new()
        });
    }
    let controls = Controls {
        fire: args.fire,
        ..Controls::default()
    };
    // The course taken as in play, so the beacons show the run's next one.
    let mut run = (world.map().course.as_ref()).map(|c| Progress::with_order(c, Order::Strict));
    let mut step = |world: &mut World, controls: &Controls| {
        world.step(controls);
        if let Some(run) = &mut run {
            run.update(world.tick(), [world.player().x, world.player().y]);
        }
    };
    for _ in 0..args.ticks {
        step(&mut world, &controls);
    }
    if let Some(file) = args.script {
        for controls in Script::load(&file)?.ticks() {
            step(&mut world, &controls);
        }
    }
    let mut view = View::from_pose(world.camera());
    view.fov = args.fov.to_radians();
    if let Some(z) = args.z {
        view.pose.z = z;
    }
    if let Some(pitch) = args.pitch {
        view.pose.pitch = pitch.to_radians();
    }
    let defaults = Settings::default();
    let bindings = &defaults.bindings;
    let goal = goal_at_start(&world);
    // The map's hint where the player stands, as the game shows it.
    let (tx, ty) = crate::map::Map::tile_of(world.player().x, world.player().y);
    let hint = world.map().hint_at(tx, ty);
    let hud = Hud {
        hint: hint.map_or_else(Vec::new, |h| vec![settings::fill_keys(&h.text, bindings)]),
        minimap: args.minimap,
        full_map: !args.seen_map,
        course_next: run.as_ref().map_or(0, Progress::next),
        help: args.help_overlay,
        help_page: usize::from(args.help_page - 1),
        steering: args.steering,
        keys: settings::help_lines(bindings),
        prompts: settings::prompts(bindings),
        input: settings::input_lines(&defaults),
        parts: Parts {
            readout: args.readout,
            crosshair: args.crosshair,
            ..Parts::default()
        },
        goal,
        // The run's clock from the world's first tick, as the game's.
        clock: (goal != GoalShown::None).then(|| world.tick()),
        ..Hud::default()
    };
    let (w, h) = args.size;
    if args.help_overlay {
        let pages = render::help::pages(&world, &view, &hud, (w as usize, h as usize));
        if hud.help_page >= pages {
            return Err(CliError::refused(format!(
                "--help-page {}: the help overlay takes {pages} page{} at {w}x{h}",
                args.help_page,
                if pages == 1 { "" } else { "s" }
            )));
        }
    }
    let mut frame = vec![0u8; w as usize * h as usize * 4];
    render::draw(
        &render::Scene {
            world: &world,
            view: &view,
            hud: &hud,
            art: &load_art()?,
            map_art: &map_art,
        },
        render::Frame::new(&mut frame, w as usize, h as usize),
    );
    write_png(&args.out, &frame, (w, h), args.force)?;
    say!("wrote {} ({w}x{h})", args.out.display());
    Ok(ExitCode::SUCCESS)
}

/// The goal a run started at the world's first tick shows: the first
/// checkpoint of the course (the finish not counted), or the enemies left.
fn goal_at_start(world: &World) -> GoalShown {
    match &world.map().course {
        Some(course) if course.checkpoints().len() > 1 => GoalShown::Checkpoint {
            next: 1,
            of: course.checkpoints().len() - 1,
        },
        Some(_) => GoalShown::Finish,
        None if world.actors().living() > 0 => GoalShown::EnemiesLeft(world.actors().living()),
        None => GoalShown::None,
    }
}

/// Refuses a camera `pose` outside `map`'s grid or inside a wall.
fn stand_check(map: &crate::map::Map, pose: Pose) -> Result<(), CliError> {
    let (tx, ty) = crate::map::Map::tile_of(pose.x, pose.y);
    let (w, h) = (map.width() as i64, map.height() as i64);
    let at = format!(
        "--at {},{}",
        crate::short::Short(pose.x),
        crate::short::Short(pose.y)
    );
    if !(0..w).contains(&tx) || !(0..h).contains(&ty) {
        return Err(CliError::refused(format!(
            "{at} is outside the map, which is {w}x{h} tiles (x 0 to {w}, y 0 to {h})"
        )));
    }
    if map.is_solid(tx, ty) {
        return Err(CliError::refused(format!(
            "{at} is inside a wall (tile {tx}, {ty}); stand on open floor"
        )));
    }
    Ok(())
}

/// Writes the PNG whole (see [`files::write_whole`]), replacing `out` only
/// if `force`.
fn write_png(out: &Path, rgba: &[u8], (w, h): (u32, u32), force: bool) -> Result<(), CliError> {
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
