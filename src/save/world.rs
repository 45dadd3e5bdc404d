//! A world into a save and a save back into a world: the header from what
//! the world was built from, the thumbnail from the pure renderer, the body
//! from [`World::visit_state`]; read back, the map is found again as a
//! recording's is and must be the file the state was played on.

use super::codec::{Reader, Writer};
use super::format::{Header, Save, THUMBNAIL};
use crate::files::{cap, ReadError};
use crate::map::{Loaded, MapErrors};
use crate::render::{self, Hud, View};
use crate::sim::World;
use crate::sprites::Art;
use std::path::{Path, PathBuf};

/// Why a world could not be saved or restored.
#[derive(Debug, thiserror::Error)]
pub enum WorldFault {
    /// The map file could not be found.
    #[error("its map")]
    NoMap(#[source] crate::data::NoSuchMap),
    /// The map file could not be read.
    #[error("its map {}", .0.display())]
    MapUnreadable(PathBuf, #[source] ReadError),
    /// The map file does not parse.
    #[error("its map {}", .0.display())]
    MapBroken(PathBuf, #[source] MapErrors),
    /// The map file is not the one the state was played on.
    #[error("its map {} has changed since the game was saved", .0.display())]
    MapChanged(PathBuf),
    /// The body could not be read, or holds a state no play could make.
    #[error("its state is damaged at byte {offset} of the body: {what}")]
    Body {
        /// Where, bytes into the body.
        offset: usize,
        /// What was wrong.
        what: &'static str,
    },
    /// The world's state could not be written (a state outside its
    /// lists: a bug).
    #[error("the state cannot be written: {0}")]
    Unwritable(&'static str),
}

/// What a world is saved with beside itself.
#[derive(Clone, Copy, Debug)]
pub struct Context<'a> {
    /// The map file it plays, as loaded (shipped or on disk).
    pub map: &'a Path,
    /// The seed it was built with.
    pub seed: u64,
    /// When, as seconds since the Unix epoch.
    pub now: u64,
    /// The sprites, for the thumbnail.
    pub art: &'a Art,
    /// The map's textures, for the thumbnail.
    pub map_art: &'a crate::map::MapArt,
}

/// FNV-1a of the map file's bytes.
pub fn map_hash(path: &Path) -> Result<u64, ReadError> {
    let bytes = crate::data::read_bytes(path, "map", cap::MAP)?;
    Ok(crate::rng::fnv1a(crate::rng::FNV1A_START, &bytes))
}

/// A save of `world` (cloned: visiting reads its fields through `&mut`).
pub fn save_world(world: &World, at: Context) -> Result<Save, WorldFault> {
    let map_hash =
        map_hash(at.map).map_err(|e| WorldFault::MapUnreadable(at.map.to_path_buf(), e))?;
    let mut writer = Writer::default();
    world.clone().visit_state(&mut writer);
    if let Some(what) = writer.fault {
        return Err(WorldFault::Unwritable(what));
    }
    let header = Header {
        program: env!("CARGO_PKG_VERSION").to_string(),
        map: crate::data::as_recorded(at.map),
        map_name: world.map().name.clone(),
        map_hash,
        saved_at: crate::calendar::utc(at.now),
        tick: world.tick(),
        seed: at.seed,
        difficulty: world.difficulty(),
        armed: world.arms().is_some(),
        tunables: *world.tunables(),
        extra: Vec::new(),
    };
    Ok(Save {
        header,
        thumbnail: thumbnail(world, at.art, at.map_art),
        body: writer.bytes,
    })
}

/// The view of `world` from its camera, [`THUMBNAIL`]-sized, with no HUD.
pub fn thumbnail(world: &World, art: &Art, map_art: &crate::map::MapArt) -> Vec<u8> {
    let (w, h) = THUMBNAIL;
    let mut pixels = vec![0; w * h * 4];
    let view = View {
        pose: world.camera(),
        fov: render::DEFAULT_FOV_DEG.to_radians(),
    };
    let hud = Hud {
        parts: render::Parts {
            status_bar: false,
            crosshair: false,
            readout: false,
        },
        ..Hud::default()
    };
    let scene = render::Scene {
        world,
        view: &view,
        hud: &hud,
        art,
        map_art,
    };
    render::draw(&scene, render::Frame::new(&mut pixels, w, h));
    pixels
}

/// A world read back from a save, with its map.
#[derive(Debug)]
pub struct Restored {
    /// The world as it was saved.
    pub world: World,
    /// Its map as loaded (the level and its textures).
    pub loaded: Loaded,
    /// The map file found for it.
    pub map: PathBuf,
}

/// The world `save` holds, on its map found as a recording's is (a
/// shipped map by its source path) and checked to be the file it was
/// played on; with the map as loaded, for its textures.
pub fn restore(save: &Save) -> Result<Restored, WorldFault> {
    let h = &save.header;
    let path = crate::data::resolve_recorded_map(&h.map).map_err(WorldFault::NoMap)?;
    let hash = map_hash(&path).map_err(|e| WorldFault::MapUnreadable(path.clone(), e))?;
    if hash != h.map_hash {
        return Err(WorldFault::MapChanged(path));
    }
    let loaded = crate::map::load(&path).map_err(|e| WorldFault::MapBroken(path.clone(), e))?;
    let world = restore_on(save, loaded.map.clone())?;
    Ok(Restored {
        world,
        loaded,
        map: path,
    })
}

/// The world `save` holds, on `level` (the map as loaded).
pub fn restore_on(save: &Save, level: crate::map::Map) -> Result<World, WorldFault> {
    let h = &save.header;
    let mut world = World::at_difficulty(level, h.tunables, h.difficulty, h.seed);
    if h.armed {
        world = world.armed();
    }
    let mut reader = Reader::new(&save.body);
    world.visit_state(&mut reader);
    let fault = |offset, what| WorldFault::Body { offset, what };
    reader.finish().map_err(|f| fault(f.offset, f.what))?;
    world
        .check_restored()
        .map_err(|what| fault(save.body.len(), what))?;
    Ok(world)
}
