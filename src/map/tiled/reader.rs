//! Reading a loaded Tiled map: its properties, its tile layers (walls,
//! floor, ceiling and the open sky), and the [`Map`] they make with the
//! objects.

use super::paths::relative_to;
use super::things::{thing, Placed};
use super::{error, number};
use crate::located::note;
use crate::map::error::{MapError, MapErrorKind, MapErrors, Place, TileLayer};
use crate::map::limits::{MAX_ACTORS, MAX_PICKUPS};
use crate::map::limits::{MAX_ORDER, MAX_WALLS};
use crate::map::parse::Loader;
use crate::map::{
    Course, Floors, Hint, Loaded, Map, MapArt, Material, Sky, Surface, DEFAULT_CEILING,
    DEFAULT_FLOOR, DOOR, MAX_WALL_HEIGHT,
};
use crate::texture::Texture;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use tiled::{LayerType, PropertyValue};

/// Reads a loaded Tiled map into a [`Map`], gathering every fault.
pub(super) struct Reader<'a, 'l> {
    path: &'a Path,
    loader: &'a mut Loader<'l>,
    errors: Vec<MapError>,
    /// Wall textures by name, in first-use order.
    walls: Vec<(PathBuf, Texture)>,
    /// Door textures by name, in first-use order.
    pub(super) door_textures: Vec<(PathBuf, Texture)>,
}

impl<'a, 'l> Reader<'a, 'l> {
    pub(super) fn new(path: &'a Path, loader: &'a mut Loader<'l>) -> Self {
        Self {
            path,
            loader,
            errors: Vec::new(),
            walls: Vec::new(),
            door_textures: Vec::new(),
        }
    }

    /// Records a fault at `at`.
    pub(super) fn error(&mut self, at: Place, kind: MapErrorKind) {
        let fault = error(self.path, at, kind);
        note(&mut self.errors, fault, || MapErrorKind::TooManyFaults);
    }

    pub(super) fn read(mut self, tmx: &tiled::Map) -> Result<Loaded, MapErrors> {
        let (width, height) = (tmx.width as usize, tmx.height as usize);
        if tmx.orientation != tiled::Orientation::Orthogonal {
            let kind = MapErrorKind::Tiled("only orthogonal maps are read".into());
            self.error(Place::File, kind);
        }
        if width == 0 || height == 0 {
            self.error(Place::File, MapErrorKind::NoGrid);
        }
        let mut header = Header::default();
        self.header(tmx, &mut header);
        let mut cells = vec![0u8; width * height];
        let mut floor_texture = None;
        let mut ceiling_tiles: Option<Vec<bool>> = None;
        let mut surface_tiles = Vec::new();
        let mut things = Vec::new();
        let (tw, th) = (tmx.tile_width.max(1) as f64, tmx.tile_height.max(1) as f64);
        for layer in tmx.layers() {
            match layer.layer_type() {
                LayerType::Tiles(tiles) => {
                    let which = TileLayer::ALL.into_iter().find(|l| l.name() == layer.name);
                    let Some(which) = which else {
                        let kind = MapErrorKind::Tiled(format!(
                            "unknown tile layer `{}` (expected walls, floor, ceiling or surface)",
                            layer.name
                        ));
                        self.error(Place::File, kind);
                        continue;
                    };
                    if which == TileLayer::Surface {
                        surface_tiles = self.surface_layer(&tiles, width, height);
                        continue;
                    }
                    let mut covered = vec![false; width * height];
                    // Each kind of tile is read once, at its first use (where
                    // any fault in it is reported): a big map has few kinds.
                    let mut kinds: HashMap<(usize, u32), Option<u8>> = HashMap::new();
                    for y in 0..height {
                        for x in 0..width {
                            let Some(tile) = tiles.get_tile(x as i32, y as i32) else {
                                continue;
                            };
                            covered[y * width + x] = true;
                            let key = (tile.tileset_index(), tile.id());
                            let cell = match kinds.get(&key) {
                                Some(&cell) => cell,
                                None => {
                                    let at = Place::Tile {
                                        layer: which.name(),
                                        x,
                                        y,
                                    };
                                    let cell =
                                        self.tile_texture(&tile, at).and_then(
                                            |texture| match which {
                                                TileLayer::Walls => self.wall(texture, at),
                                                _ => {
                                                    self.flat(
                                                        which,
                                                        &mut floor_texture,
                                                        &mut header,
                                                        texture,
                                                        at,
                                                    );
                                                    None
                                                }
                                            },
                                        );
                                    kinds.insert(key, cell);
                                    cell
                                }
                            };
                            if let Some(v) = cell {
                                cells[y * width + x] = v;
                            }
                        }
                    }
                    if which == TileLayer::Ceiling {
                        ceiling_tiles = Some(covered);
                    }
                }
                LayerType::Objects(objects) => {
                    for o in objects.objects() {
                        things.push(thing(&o, tw, th));
                    }
                }
                _ => {
                    let kind = MapErrorKind::Tiled(format!(
                        "layer `{}`: image and group layers are not read; keep tile and object layers at the top level",
                        layer.name
                    ));
                    self.error(Place::File, kind);
                }
            }
        }
        let mut placed = Placed::default();
        for t in &things {
            self.object(t, &mut placed, (width, height), &cells);
        }
        if let Some(s) = placed.spawns.get(MAX_ACTORS) {
            self.error(s.place, MapErrorKind::TooManyActors);
        }
        if let Some(p) = placed.pickups.get(MAX_PICKUPS) {
            self.error(p.place, MapErrorKind::TooManyPickups);
        }
        self.closed(&cells, &placed.doors, width, height);
        let course = match Course::from_marks(&placed.marks) {
            Ok(course) => course,
            Err(faults) => {
                for (at, kind) in faults {
                    self.error(at, kind);
                }
                None
            }
        };
        let sky = self.sky(&mut header, ceiling_tiles);
        let start = placed.start.map(|(s, _)| s);
        if start.is_none() && width > 0 {
            self.error(Place::File, MapErrorKind::NoStart);
        }
        let name = header.name.take();
        if name.is_none() {
            self.error(Place::File, MapErrorKind::NoName);
        }
        if !self.errors.is_empty() {
            return Err(crate::located::Faults(self.errors));
        }
        let pads = cover(&placed.pads, width, height);
        let hint_tiles = hint_tiles(&placed.hints, width, height);
        for d in &placed.doors {
            cells[d.tile.1 as usize * width + d.tile.0 as usize] = DOOR;
        }
        let (sky, panorama) = sky.unzip();
        let floor_name = header.floor_name.take().or(floor_texture.map(|(t, _)| t));
        let floor = Material::of_floor(floor_name.as_deref().and_then(Path::to_str));
        let art = MapArt {
            walls: self.walls.into_iter().map(|(_, t)| t).collect(),
            doors: self.door_textures.into_iter().map(|(_, t)| t).collect(),
            floor: header.floor.unwrap_or(Surface::Colour(DEFAULT_FLOOR)),
            ceiling: header.ceiling.unwrap_or(Surface::Colour(DEFAULT_CEILING)),
            sky: panorama,
        };
        let mut map = Map {
            name: name.expect("a name when no errors"),
            description: header.description.take().unwrap_or_default(),
            width,
            height,
            cells,
            sky,
            doors: Vec::new(),
            door_index: Vec::new(),
            pickups: placed.pickups,
            pushwalls: Vec::new(),
            slide: None,
            generation: 0,
            start: start.expect("a start when no errors"),
            spawns: placed.spawns,
            wall_height: header.wall_height.unwrap_or(1.0),
            pads,
            exit_tiles: Vec::new(),
            open: false,
            walls_near: Vec::new(),
            framed: Vec::new(),
            course,
            order: header.order,
            hints: Vec::new(),
            hint_tiles: Vec::new(),
            floors: Floors::layered(floor, &surface_tiles),
            music: header.music.take(),
            ambience: header.ambience.take(),
            exits: placed.exits,
            par: header.par,
        };
        map.derive_tables();
        map.set_doors(placed.doors);
        map.set_hints(placed.hints.into_iter().map(|h| h.0).collect(), &hint_tiles);
        map.set_pushwalls(placed.pushwalls);
        let stuck: Vec<_> = map.stuck_pushwalls().map(|p| p.place).collect();
        for &at in &stuck {
            let fault = error(self.path, at, MapErrorKind::PushWallStuck);
            note(&mut self.errors, fault, || MapErrorKind::TooManyFaults);
        }
        if !stuck.is_empty() {
            return Err(crate::located::Faults(self.errors));
        }
        Ok(Loaded { map, art })
    }

    /// The map's own properties.
    fn header(&mut self, tmx: &tiled::Map, header: &mut Header) {
        let mut keys: Vec<&String> = tmx.properties.keys().collect();
        keys.sort();
        for key in keys {
            let value = &tmx.properties[key];
            let bad = |what: &str| MapErrorKind::Tiled(format!("map property `{key}`: {what}"));
            match key.as_str() {
                "name" => match value {
                    PropertyValue::StringValue(s) if !s.trim().is_empty() => {
                        header.name = Some(s.trim().to_owned())
                    }
                    _ => self.error(Place::File, bad("expected a string")),
                },
                "description" => match value {
                    PropertyValue::StringValue(s) => header.description = Some(s.trim().to_owned()),
                    _ => self.error(Place::File, bad("expected a string")),
                },
                "order" => match value {
                    PropertyValue::IntValue(o) if (1..=MAX_ORDER as i32).contains(o) => {
                        header.order = Some(*o as u32)
                    }
                    _ => {
                        let written = match value {
                            PropertyValue::StringValue(s) => s.clone(),
                            PropertyValue::IntValue(i) => i.to_string(),
                            other => format!("{other:?}"),
                        };
                        self.error(Place::File, MapErrorKind::BadOrder(written))
                    }
                },
                "wall_height" => {
                    match number(value).filter(|h| (1.0..=MAX_WALL_HEIGHT).contains(h)) {
                        Some(h) => header.wall_height = Some(h),
                        None => {
                            let kind = MapErrorKind::BadWallHeight(format!("{value:?}"));
                            self.error(Place::File, kind);
                        }
                    }
                }
                "floor" | "ceiling" => {
                    let surface = match value {
                        PropertyValue::ColorValue(c) => {
                            Some(Surface::Colour([c.red, c.green, c.blue]))
                        }
                        PropertyValue::StringValue(s) | PropertyValue::FileValue(s) => self
                            .texture(Path::new(s), Place::File)
                            .map(Surface::Texture),
                        _ => {
                            self.error(Place::File, bad("expected a colour or a texture path"));
                            None
                        }
                    };
                    if let (PropertyValue::StringValue(s) | PropertyValue::FileValue(s), "floor") =
                        (value, key.as_str())
                    {
                        header.floor_name = Some(PathBuf::from(s));
                    }
                    match key.as_str() {
                        "floor" => header.floor = surface,
                        _ => header.ceiling = surface,
                    }
                }
                "sky" => match value {
                    PropertyValue::StringValue(s) | PropertyValue::FileValue(s) => {
                        header.sky = self.texture(Path::new(s), Place::File)
                    }
                    _ => self.error(Place::File, bad("expected a texture path")),
                },
                "music" | "ambience" => match value {
                    PropertyValue::StringValue(s) if crate::map::is_sound_name(s.trim()) => {
                        let name = Some(s.trim().to_owned());
                        match key.as_str() {
                            "music" => header.music = name,
                            _ => header.ambience = name,
                        }
                    }
                    other => {
                        let what = if key == "music" { "music" } else { "ambience" };
                        let written = match other {
                            PropertyValue::StringValue(s) => s.clone(),
                            other => format!("{other:?}"),
                        };
                        self.error(Place::File, MapErrorKind::BadSoundName(written, what));
                    }
                },
                "par" => match value {
                    PropertyValue::StringValue(s) if crate::map::parse_par(s).is_some() => {
                        header.par = crate::map::parse_par(s);
                    }
                    other => {
                        let written = match other {
                            PropertyValue::StringValue(s) => s.clone(),
                            other => format!("{other:?}"),
                        };
                        self.error(Place::File, MapErrorKind::BadPar(written));
                    }
                },
                _ => self.error(Place::File, MapErrorKind::UnknownKey(key.clone())),
            }
        }
    }

    /// Loads a texture, reporting a failure at `at`.
    pub(super) fn texture(&mut self, name: &Path, at: Place) -> Option<Texture> {
        match (self.loader)(&name.to_string_lossy()) {
            Ok(t) => Some(t),
            Err(e) => {
                self.error(at, MapErrorKind::Texture(e));
                None
            }
        }
    }

    /// The texture a layer tile names, relative to the map's folder (a
    /// tileset's own folder for an external tileset's `file` property);
    /// reports a tile with none or with other properties.
    pub(super) fn tile_texture(&mut self, tile: &tiled::LayerTile, at: Place) -> Option<PathBuf> {
        let tileset = tile.get_tileset();
        let Some(data) = tile.get_tile() else {
            let kind = MapErrorKind::Tiled(format!(
                "tile {} of tileset `{}` has no `texture` property",
                tile.id(),
                tileset.name
            ));
            self.error(at, kind);
            return None;
        };
        let mut texture = None;
        let mut keys: Vec<&String> = data.properties.keys().collect();
        keys.sort();
        for key in keys {
            match (key.as_str(), &data.properties[key]) {
                ("texture", PropertyValue::FileValue(s)) => {
                    // File properties are relative to the file that holds
                    // the tileset.
                    let base = tileset.source.parent().unwrap_or(Path::new(""));
                    let map_dir = self.path.parent().unwrap_or(Path::new(""));
                    texture = Some(relative_to(&base.join(s), map_dir));
                }
                ("texture", PropertyValue::StringValue(s)) => texture = Some(PathBuf::from(s)),
                _ => {
                    let kind = MapErrorKind::Tiled(format!(
                        "tile {} of tileset `{}`: unknown property `{key}` (a tile takes `texture`, a file)",
                        tile.id(),
                        tileset.name
                    ));
                    self.error(at, kind);
                }
            }
        }
        if texture.is_none() && self.errors.last().is_none_or(|e| e.at != at) {
            let kind = MapErrorKind::Tiled(format!(
                "tile {} of tileset `{}` has no `texture` property",
                tile.id(),
                tileset.name
            ));
            self.error(at, kind);
        }
        texture
    }

    /// The cell value of a wall with `texture`, loading it on first use.
    fn wall(&mut self, texture: PathBuf, at: Place) -> Option<u8> {
        if let Some(i) = self.walls.iter().position(|(n, _)| *n == texture) {
            return Some(i as u8 + 1);
        }
        if self.walls.len() == MAX_WALLS {
            self.error(at, MapErrorKind::TooManyWalls);
            return None;
        }
        let loaded = self.texture(&texture, at)?;
        self.walls.push((texture, loaded));
        Some(self.walls.len() as u8)
    }

    /// A floor or ceiling layer tile: every tile of the layer must name
    /// the one texture the layer gives its plane.
    fn flat(
        &mut self,
        which: TileLayer,
        floor_seen: &mut Option<(PathBuf, Place)>,
        header: &mut Header,
        texture: PathBuf,
        at: Place,
    ) {
        let (seen, slot) = match which {
            TileLayer::Floor => (floor_seen, &mut header.floor),
            _ => (&mut header.ceiling_seen, &mut header.ceiling),
        };
        match seen {
            Some((first, first_at)) if *first != texture => {
                let kind = MapErrorKind::Tiled(format!(
                    "`{}` here, but {} names `{}`: a map has one {} texture",
                    texture.display(),
                    first_at,
                    first.display(),
                    which.name()
                ));
                self.error(at, kind);
            }
            Some(_) => {}
            None => {
                *seen = Some((texture.clone(), at));
                let loaded = self.texture(&texture, at);
                if slot.is_some() {
                    let kind = MapErrorKind::Tiled(format!(
                        "the {} is given both as a map property and as a layer",
                        which.name()
                    ));
                    self.error(at, kind);
                }
                *slot = loaded.map(Surface::Texture);
            }
        }
    }

    /// The sky: over the whole map when there is a `sky` and no ceiling
    /// layer; over the ceiling layer's empty tiles when there is one.
    fn sky(
        &mut self,
        header: &mut Header,
        ceiling_tiles: Option<Vec<bool>>,
    ) -> Option<(Sky, Texture)> {
        let texture = header.sky.take()?;
        match ceiling_tiles {
            None if header.ceiling.is_some() => {
                self.error(Place::File, MapErrorKind::CeilingAndSky);
                None
            }
            None => Some((Sky { tiles: Vec::new() }, texture)),
            Some(covered) => {
                let tiles = covered.into_iter().map(|c| !c).collect();
                Some((Sky { tiles }, texture))
            }
        }
    }
}

/// The map properties read so far.
#[derive(Default)]
struct Header {
    name: Option<String>,
    description: Option<String>,
    order: Option<u32>,
    floor: Option<Surface>,
    /// The `floor` property's texture as written (it names the floor's
    /// material).
    floor_name: Option<PathBuf>,
    ceiling: Option<Surface>,
    /// The ceiling layer's texture and where it was first named.
    ceiling_seen: Option<(PathBuf, Place)>,
    sky: Option<Texture>,
    wall_height: Option<f64>,
    /// The `music` and `ambience` properties.
    music: Option<String>,
    ambience: Option<String>,
    /// The `par` property, seconds.
    par: Option<u32>,
}

/// For each tile of a `width` x `height` map (row-major), the index of
/// the last of `hints` whose rectangle (west, north, east, south, ends
/// included) covers it: a later hint object overlies an earlier one.
/// Empty when there are no hints.
fn hint_tiles(hints: &[(Hint, [usize; 4])], width: usize, height: usize) -> Vec<Option<usize>> {
    if hints.is_empty() {
        return Vec::new();
    }
    let mut tiles = vec![None; width * height];
    for (i, (_, [x0, y0, x1, y1])) in hints.iter().enumerate() {
        for y in *y0..=*y1 {
            tiles[y * width + x0..=y * width + x1].fill(Some(i));
        }
    }
    tiles
}

/// The tiles of a `width` x `height` map that any of `rects` (west, north,
/// east, south, ends included) covers, row-major. However many rectangles
/// and however large, the cost is one pass over the map: each rectangle
/// marks its corners in a difference grid, and running sums fill it in.
fn cover(rects: &[[usize; 4]], width: usize, height: usize) -> Vec<bool> {
    let w = width + 1;
    let mut diff = vec![0i32; w * (height + 1)];
    for &[x0, y0, x1, y1] in rects {
        diff[y0 * w + x0] += 1;
        diff[y0 * w + x1 + 1] -= 1;
        diff[(y1 + 1) * w + x0] -= 1;
        diff[(y1 + 1) * w + x1 + 1] += 1;
    }
    // Running sums along rows, then down columns.
    for y in 0..=height {
        for x in 1..w {
            diff[y * w + x] += diff[y * w + x - 1];
        }
    }
    for y in 1..=height {
        for x in 0..w {
            diff[y * w + x] += diff[(y - 1) * w + x];
        }
    }
    (0..height)
        .flat_map(|y| (0..width).map(move |x| (x, y)))
        .map(|(x, y)| diff[y * w + x] > 0)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::cover;

    #[test]
    fn cover_marks_what_the_rectangles_cover_and_nothing_else() {
        let rects = [[1, 0, 2, 1], [2, 1, 4, 2], [0, 2, 0, 2], [3, 0, 3, 0]];
        let (w, h) = (5, 3);
        let brute: Vec<bool> = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .map(|(x, y)| {
                rects
                    .iter()
                    .any(|r| (r[0]..=r[2]).contains(&x) && (r[1]..=r[3]).contains(&y))
            })
            .collect();
        assert_eq!(cover(&rects, w, h), brute);
        // Overlaps and repeats count once; the whole map many times over.
        let whole = vec![[0, 0, w - 1, h - 1]; 300];
        assert!(cover(&whole, w, h).into_iter().all(|c| c));
        assert!(cover(&[], w, h).into_iter().all(|c| !c));
    }
}
