//! Tiled (`.tmx`) maps, read with the `tiled` crate into the same [`Map`]
//! a text map makes. The schema is in `maps/README.md`:
//!
//! - map properties `name`, `floor`, `ceiling`, `sky`, `wall_height`;
//! - tile layers `walls` (each tile's `texture` property names its wall
//!   texture), `floor` and `ceiling` (one texture each; an empty ceiling
//!   tile is open sky);
//! - objects, in any object layer, whose class (or, without one, name) is
//!   `start`, `walker`, `tank`, `door`, `pad`, `key`, `health` or `fuel`.
//!
//! Every fault names the layer and tile, or the object. Before the `tiled`
//! crate sees a file, a quick scan refuses what it would not bound: a huge
//! grid or tileset, compressed or infinite layers, and layer data of the
//! wrong length (which would make it index out of range).

use super::error::{MapError, MapErrorKind, MapErrors, Place, TileLayer};
use super::limits::{DEFAULT_HALF_WIDTH, MAX_DOORS, MAX_GRID, MAX_WALLS};
use super::parse::{door_axis, parse_facing, parse_lock, Loader};
use super::{
    Door, Key, Map, Pickup, PickupKind, Sky, Spawn, SpawnKind, Start, Surface, DEFAULT_CEILING,
    DEFAULT_FLOOR, DOOR, MAX_HALF_WIDTH, MAX_WALL_HEIGHT, MIN_HALF_WIDTH,
};
use crate::texture::Texture;
use quick_xml::events::Event;
use std::collections::{HashMap, HashSet};
use std::io::Cursor;
use std::path::{Path, PathBuf};
use tiled::{LayerType, PropertyValue};

/// The most tiles a tileset may say it has.
const MAX_TILESET: u64 = 1 << 16;

/// Parses Tiled map `text` as if read from `path`; tilesets and textures
/// load from beside it.
pub fn parse_tmx(text: &str, path: &Path) -> Result<Map, MapErrors> {
    let dir = path.parent().unwrap_or(Path::new(".")).to_owned();
    parse_tmx_with(text, path, &mut |name| Texture::load(&dir.join(name)))
}

/// Parses with a given texture loader (tests load no textures).
pub(super) fn parse_tmx_with(
    text: &str,
    path: &Path,
    loader: &mut Loader,
) -> Result<Map, MapErrors> {
    let fail = |kind| MapErrors(vec![error(path, Place::File, kind)]);
    scan(text).map_err(|m| fail(MapErrorKind::Tiled(m)))?;
    let map_path = path.to_owned();
    // The map comes from `text`; tilesets and templates from their files,
    // each scanned first.
    let reader = move |p: &Path| -> std::io::Result<Cursor<Vec<u8>>> {
        if p == map_path {
            return Ok(Cursor::new(text.as_bytes().to_vec()));
        }
        let bytes = std::fs::read(p)?;
        let inner = String::from_utf8_lossy(&bytes);
        scan(&inner).map_err(|m| std::io::Error::other(format!("{}: {m}", p.display())))?;
        Ok(Cursor::new(bytes))
    };
    let tmx = tiled::Loader::with_reader(reader)
        .load_tmx_map(path)
        .map_err(|e| fail(MapErrorKind::Tiled(describe(&e))))?;
    Reader::new(path, loader).read(&tmx)
}

/// `path` with each `folder/..` pair removed, as written (no file system
/// access), so one texture named two ways is one texture and messages
/// show short paths.
fn tidy(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out: Vec<Component> = Vec::new();
    for c in path.components() {
        match (c, out.last()) {
            (Component::CurDir, _) => {}
            (Component::ParentDir, Some(Component::Normal(_))) => {
                out.pop();
            }
            _ => out.push(c),
        }
    }
    out.iter().collect()
}

/// `path` as seen from the folder `dir` (both as written, relative to the
/// same working folder or both absolute): `maps/../assets/x.png` from
/// `maps` is `../assets/x.png`. Where the walk back out of `dir` cannot be
/// written (it climbs above the working folder), the absolute path.
fn relative_to(path: &Path, dir: &Path) -> PathBuf {
    use std::path::Component;
    let (path, dir) = (tidy(path), tidy(dir));
    let common = path
        .components()
        .zip(dir.components())
        .take_while(|(a, b)| a == b)
        .count();
    let up: Vec<Component> = dir.components().skip(common).collect();
    if up.iter().any(|c| !matches!(c, Component::Normal(_))) {
        return std::path::absolute(&path).unwrap_or(path);
    }
    let mut out: PathBuf = up.iter().map(|_| Component::ParentDir).collect();
    out.extend(path.components().skip(common));
    out
}

/// A `tiled` error in words, with its cause.
fn describe(e: &tiled::Error) -> String {
    let mut text = e.to_string();
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        text.push_str(&format!(": {s}"));
        source = s.source();
    }
    text
}

fn error(file: &Path, at: Place, kind: MapErrorKind) -> MapError {
    MapError {
        file: file.to_owned(),
        at,
        kind,
    }
}

/// Checks, before the `tiled` crate parses `text`, what it would not
/// bound: map and layer sizes, tileset tile counts, compression, infinite
/// maps, and layer data that does not fill its layer.
fn scan(text: &str) -> Result<(), String> {
    let mut xml = quick_xml::Reader::from_str(text);
    let mut layer: Option<(u64, u64)> = None;
    // Inside a layer's `<data>`: its encoding, its text, and its `<tile>`
    // elements (the XML encoding).
    let mut data: Option<(String, String, u64)> = None;
    loop {
        let event = xml.read_event().map_err(|e| format!("not XML: {e}"))?;
        match event {
            Event::Start(e) | Event::Empty(e) => {
                let name = e.name().as_ref().to_vec();
                if let Some((encoding, _, tiles)) = &mut data {
                    // The tiled crate reads elements in CSV or base64 data
                    // as missing tiles, then indexes past its end.
                    if name != b"tile" || !encoding.is_empty() {
                        return Err(format!(
                            "a `<{}>` element inside layer data: the data is CSV or base64 text, or `<tile>` elements only",
                            String::from_utf8_lossy(&name)
                        ));
                    }
                    *tiles += 1;
                }
                let mut size = (0u64, 0u64);
                let mut encoding = String::new();
                for a in e.attributes() {
                    let a = a.map_err(|e| format!("bad attribute: {e}"))?;
                    let value = a
                        .unescape_value()
                        .map_err(|e| format!("bad attribute: {e}"))?;
                    let number = || value.trim().parse::<u64>().unwrap_or(0);
                    match a.key.as_ref() {
                        b"width" => size.0 = number(),
                        b"height" => size.1 = number(),
                        b"tilecount" if number() > MAX_TILESET => {
                            return Err(format!("a tileset of more than {MAX_TILESET} tiles"));
                        }
                        b"infinite" if value.trim() != "0" => {
                            return Err("infinite maps are not read: in Tiled, untick Map > Map Properties > Infinite".into());
                        }
                        b"compression" if !value.is_empty() => {
                            return Err(format!("compressed layer data ({value}) is not read: in Tiled, set Map > Map Properties > Tile Layer Format to CSV"));
                        }
                        b"encoding" => encoding = value.into_owned(),
                        _ => {}
                    }
                }
                match name.as_slice() {
                    b"map" | b"layer" if size.0 > MAX_GRID as u64 || size.1 > MAX_GRID as u64 => {
                        return Err(format!(
                            "the map is larger than {MAX_GRID}x{MAX_GRID} tiles"
                        ));
                    }
                    b"layer" => layer = Some(size),
                    b"chunk" => return Err("layer chunks (infinite maps) are not read".into()),
                    b"data" => data = Some((encoding, String::new(), 0)),
                    _ => {}
                }
            }
            Event::Text(t) => {
                if let Some((_, body, _)) = &mut data {
                    body.push_str(&t.unescape().map_err(|e| format!("bad text: {e}"))?);
                }
            }
            Event::CData(c) => {
                if let Some((_, body, _)) = &mut data {
                    body.push_str(&String::from_utf8_lossy(&c));
                }
            }
            Event::End(e) if e.name().as_ref() == b"data" => {
                if let (Some((encoding, body, tiles)), Some((w, h))) = (data.take(), layer) {
                    let found = data_len(&encoding, &body, tiles);
                    if found.is_some_and(|n| n != w * h) {
                        return Err(format!(
                            "a {w}x{h} layer's data holds {} tiles, not {}",
                            found.unwrap_or(0),
                            w * h
                        ));
                    }
                }
            }
            Event::Eof => return Ok(()),
            _ => {}
        }
    }
}

/// How many tiles layer data holds: comma-separated numbers for CSV, four
/// bytes each for base64, `tiles` (its `<tile>` elements) for XML; None
/// for other encodings (which `tiled` refuses).
fn data_len(encoding: &str, body: &str, tiles: u64) -> Option<u64> {
    match encoding {
        "" => Some(tiles),
        "csv" => Some(body.split(',').count() as u64),
        "base64" => {
            let chars = body.bytes().filter(|b| !b.is_ascii_whitespace()).count() as u64;
            let pad = body
                .trim_end()
                .bytes()
                .rev()
                .take_while(|&b| b == b'=')
                .count() as u64;
            Some((chars / 4 * 3).saturating_sub(pad) / 4)
        }
        _ => None,
    }
}

/// Reads a loaded Tiled map into a [`Map`], gathering every fault.
struct Reader<'a, 'l> {
    path: &'a Path,
    loader: &'a mut Loader<'l>,
    errors: Vec<MapError>,
    /// Wall textures by name, in first-use order.
    walls: Vec<(PathBuf, Texture)>,
    door_textures: Vec<(PathBuf, Texture)>,
}

/// One object's position and what it holds, read off the Tiled object.
struct Thing {
    id: u32,
    class: String,
    /// Its centre, in tiles.
    centre: [f64; 2],
    /// Its rectangle, in tiles (west, north, east, south).
    rect: [f64; 4],
    properties: tiled::Properties,
}

impl Thing {
    fn tile(&self) -> (i64, i64) {
        Map::tile_of(self.centre[0], self.centre[1])
    }

    fn place(&self) -> Place {
        let (x, y) = self.tile();
        Place::Object { id: self.id, x, y }
    }
}

impl<'a, 'l> Reader<'a, 'l> {
    fn new(path: &'a Path, loader: &'a mut Loader<'l>) -> Self {
        Self {
            path,
            loader,
            errors: Vec::new(),
            walls: Vec::new(),
            door_textures: Vec::new(),
        }
    }

    fn error(&mut self, at: Place, kind: MapErrorKind) {
        self.errors.push(error(self.path, at, kind));
    }

    fn read(mut self, tmx: &tiled::Map) -> Result<Map, MapErrors> {
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
        let mut things = Vec::new();
        let (tw, th) = (tmx.tile_width.max(1) as f64, tmx.tile_height.max(1) as f64);
        for layer in tmx.layers() {
            match layer.layer_type() {
                LayerType::Tiles(tiles) => {
                    let which = TileLayer::ALL.into_iter().find(|l| l.name() == layer.name);
                    let Some(which) = which else {
                        let kind = MapErrorKind::Tiled(format!(
                            "unknown tile layer `{}` (expected walls, floor or ceiling)",
                            layer.name
                        ));
                        self.error(Place::File, kind);
                        continue;
                    };
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
                                    let at = Place::Tile { layer: which, x, y };
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
        self.closed(&cells, &placed.doors, width, height);
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
            return Err(MapErrors(self.errors));
        }
        let mut pads = vec![false; width * height];
        for (x, y) in placed.pads {
            pads[y as usize * width + x as usize] = true;
        }
        for d in &placed.doors {
            cells[d.tile.1 as usize * width + d.tile.0 as usize] = DOOR;
        }
        let mut map = Map {
            name: name.expect("a name when no errors"),
            description: header.description.take().unwrap_or_default(),
            width,
            height,
            cells,
            walls: self.walls.into_iter().map(|(_, t)| t).collect(),
            floor: header.floor.unwrap_or(Surface::Colour(DEFAULT_FLOOR)),
            ceiling: header.ceiling.unwrap_or(Surface::Colour(DEFAULT_CEILING)),
            sky,
            doors: Vec::new(),
            door_textures: self.door_textures.into_iter().map(|(_, t)| t).collect(),
            door_index: Vec::new(),
            pickups: placed.pickups,
            start: start.expect("a start when no errors"),
            spawns: placed.spawns,
            wall_height: header.wall_height.unwrap_or(1.0),
            pads,
            open: false,
        };
        map.set_doors(placed.doors);
        Ok(map)
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
                _ => self.error(Place::File, MapErrorKind::UnknownKey(key.clone())),
            }
        }
    }

    /// Loads a texture, reporting a failure at `at`.
    fn texture(&mut self, name: &Path, at: Place) -> Option<Texture> {
        match (self.loader)(&name.to_string_lossy()) {
            Ok(t) => Some(t),
            Err(e) => {
                self.error(at, MapErrorKind::Texture(e.to_string()));
                None
            }
        }
    }

    /// The texture a layer tile names, relative to the map's folder (a
    /// tileset's own folder for an external tileset's `file` property);
    /// reports a tile with none or with other properties.
    fn tile_texture(&mut self, tile: &tiled::LayerTile, at: Place) -> Option<PathBuf> {
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

    /// One object: the start, an enemy, a door, a pad or a pickup.
    fn object(&mut self, t: &Thing, placed: &mut Placed, size: (usize, usize), cells: &[u8]) {
        let (x, y) = t.tile();
        let inside = x >= 0 && y >= 0 && (x as usize) < size.0 && (y as usize) < size.1;
        let on_wall = inside && cells[y as usize * size.0 + x as usize] != 0;
        let allowed: &[&str] = match t.class.as_str() {
            "start" => &["facing"],
            "walker" => &["facing", "patrol"],
            "tank" => &["facing", "half_width"],
            "door" => &["texture", "locked"],
            "pad" | "health" | "fuel" => &[],
            "key" => &["colour"],
            other => {
                let kind = MapErrorKind::BadActor(format!(
                    "unknown object class `{other}` (expected start, walker, tank, door, pad, key, health or fuel)"
                ));
                self.error(t.place(), kind);
                return;
            }
        };
        let mut keys: Vec<&String> = t.properties.keys().collect();
        keys.sort();
        for key in keys {
            if !allowed.contains(&key.as_str()) {
                let expected = if allowed.is_empty() {
                    "it takes none".to_owned()
                } else {
                    format!("it takes {}", allowed.join(", "))
                };
                let kind = MapErrorKind::BadActor(format!(
                    "unknown property `{key}` on a {} ({expected})",
                    t.class
                ));
                self.error(t.place(), kind);
            }
        }
        if !inside || (on_wall && t.class != "pad") {
            let kind = MapErrorKind::BadActor(format!(
                "this {} is {} the map's open floor",
                t.class,
                if inside {
                    "on a wall, not on"
                } else {
                    "outside"
                }
            ));
            self.error(t.place(), kind);
            return;
        }
        let (cx, cy) = (x as f64 + 0.5, y as f64 + 0.5);
        match t.class.as_str() {
            "start" => {
                let Some(angle) = self.facing(t) else { return };
                if let Some((_, first)) = placed.start {
                    let kind = MapErrorKind::Tiled(format!(
                        "a second player start (the first is object {first})"
                    ));
                    self.error(t.place(), kind);
                    return;
                }
                placed.start = Some((
                    Start {
                        x: cx,
                        y: cy,
                        angle,
                    },
                    t.id,
                ));
            }
            "walker" | "tank" => {
                let Some(angle) = self.facing(t) else { return };
                let kind = if t.class == "walker" {
                    let patrol = match t.properties.get("patrol") {
                        None => false,
                        Some(PropertyValue::BoolValue(b)) => *b,
                        Some(_) => return self.bad(t, "`patrol` is a bool"),
                    };
                    SpawnKind::Walker { patrol }
                } else {
                    let half_width = match t.properties.get("half_width") {
                        None => DEFAULT_HALF_WIDTH,
                        Some(v) => match number(v)
                            .filter(|w| (MIN_HALF_WIDTH..=MAX_HALF_WIDTH).contains(w))
                        {
                            Some(w) => w,
                            None => {
                                return self.bad(
                                    t,
                                    &format!("`half_width` is a number from {MIN_HALF_WIDTH} to {MAX_HALF_WIDTH} tiles"),
                                )
                            }
                        },
                    };
                    SpawnKind::Tank { half_width }
                };
                placed.spawns.push(Spawn {
                    kind,
                    x: cx,
                    y: cy,
                    angle,
                    place: t.place(),
                });
            }
            "door" => self.door(t, placed, size, cells),
            "pad" => {
                // Every tile whose centre the rectangle covers (at least
                // the tile under its centre).
                let [w, n, e, s] = t.rect;
                let mut any = false;
                for ty in (n.floor() as i64).max(0)..=(s.ceil() as i64).min(size.1 as i64 - 1) {
                    for tx in (w.floor() as i64).max(0)..=(e.ceil() as i64).min(size.0 as i64 - 1) {
                        let (mx, my) = (tx as f64 + 0.5, ty as f64 + 0.5);
                        if (w..=e).contains(&mx) && (n..=s).contains(&my) {
                            placed.pads.push((tx, ty));
                            any = true;
                        }
                    }
                }
                if !any {
                    placed.pads.push((x, y));
                }
            }
            _ => {
                let kind = match t.class.as_str() {
                    "health" => PickupKind::Health,
                    "fuel" => PickupKind::Fuel,
                    _ => {
                        let colour = match t.properties.get("colour") {
                            Some(PropertyValue::StringValue(s)) => Key::from_name(s),
                            _ => None,
                        };
                        match colour {
                            Some(k) => PickupKind::Key(k),
                            None => return self.bad(t, "a key needs `colour`, gold or silver"),
                        }
                    }
                };
                placed.pickups.push(Pickup {
                    kind,
                    x: cx,
                    y: cy,
                    place: t.place(),
                });
            }
        }
    }

    fn bad(&mut self, t: &Thing, message: &str) {
        self.error(
            t.place(),
            MapErrorKind::BadActor(format!("this {}: {message}", t.class)),
        );
    }

    /// An object's `facing`: a compass word or degrees (default east).
    fn facing(&mut self, t: &Thing) -> Option<f64> {
        let angle = match t.properties.get("facing") {
            None => Some(0.0),
            Some(PropertyValue::StringValue(s)) => parse_facing(s.trim()),
            Some(v) => number(v).and_then(|d| parse_facing(&d.to_string())),
        };
        if angle.is_none() {
            self.bad(
                t,
                "`facing` is east, south, west, north or degrees (0 east, 90 south)",
            );
        }
        angle
    }

    /// A door object: its texture, its lock, and the walls it sits between.
    fn door(&mut self, t: &Thing, placed: &mut Placed, size: (usize, usize), cells: &[u8]) {
        let (x, y) = t.tile();
        let lock = match t.properties.get("locked") {
            None => None,
            Some(PropertyValue::StringValue(s)) => match parse_lock(&format!("locked={s}")) {
                Ok(k) => Some(k),
                Err(m) => return self.bad(t, &m),
            },
            Some(_) => return self.bad(t, "`locked` is gold or silver"),
        };
        let texture = match t.properties.get("texture") {
            Some(PropertyValue::StringValue(s) | PropertyValue::FileValue(s)) => PathBuf::from(s),
            _ => return self.bad(t, "a door needs `texture`, a file"),
        };
        let index = match self.door_textures.iter().position(|(n, _)| *n == texture) {
            Some(i) => i,
            None => {
                let Some(loaded) = self.texture(&texture, t.place()) else {
                    return;
                };
                self.door_textures.push((texture, loaded));
                self.door_textures.len() - 1
            }
        };
        let wall = |dx: i64, dy: i64| {
            let (wx, wy) = (x + dx, y + dy);
            let outside = wx < 0 || wy < 0 || wx >= size.0 as i64 || wy >= size.1 as i64;
            outside || cells[wy as usize * size.0 + wx as usize] != 0
        };
        let Some(axis) = door_axis(wall(-1, 0), wall(1, 0), wall(0, -1), wall(0, 1)) else {
            return self.error(t.place(), MapErrorKind::DoorNotBetweenWalls);
        };
        if !placed.door_tiles.insert((x, y)) {
            return self.bad(t, "a second door on this tile");
        }
        if placed.doors.len() == MAX_DOORS {
            return self.error(t.place(), MapErrorKind::TooManyDoors);
        }
        let mut door = Door::new((x, y), axis, lock, index);
        door.place = t.place();
        placed.doors.push(door);
    }

    /// Reports open floor (or a door) on the edge of the map.
    fn closed(&mut self, cells: &[u8], doors: &[Door], width: usize, height: usize) {
        for y in 0..height {
            for x in 0..width {
                let edge = x == 0 || y == 0 || x + 1 == width || y + 1 == height;
                if !edge {
                    continue;
                }
                let door = doors.iter().any(|d| d.tile == (x as i64, y as i64));
                if cells[y * width + x] == 0 || door {
                    let at = Place::Tile {
                        layer: TileLayer::Walls,
                        x,
                        y,
                    };
                    self.error(at, MapErrorKind::NotClosed);
                    return;
                }
            }
        }
    }

    /// The sky: over the whole map when there is a `sky` and no ceiling
    /// layer; over the ceiling layer's empty tiles when there is one.
    fn sky(&mut self, header: &mut Header, ceiling_tiles: Option<Vec<bool>>) -> Option<Sky> {
        let texture = header.sky.take()?;
        match ceiling_tiles {
            None if header.ceiling.is_some() => {
                self.error(Place::File, MapErrorKind::CeilingAndSky);
                None
            }
            None => Some(Sky {
                texture,
                tiles: Vec::new(),
            }),
            Some(covered) => Some(Sky {
                texture,
                tiles: covered.into_iter().map(|c| !c).collect(),
            }),
        }
    }
}

/// The map properties read so far.
#[derive(Default)]
struct Header {
    name: Option<String>,
    description: Option<String>,
    floor: Option<Surface>,
    ceiling: Option<Surface>,
    /// The ceiling layer's texture and where it was first named.
    ceiling_seen: Option<(PathBuf, Place)>,
    sky: Option<Texture>,
    wall_height: Option<f64>,
}

/// What the objects place.
#[derive(Default)]
struct Placed {
    start: Option<(Start, u32)>,
    spawns: Vec<Spawn>,
    doors: Vec<Door>,
    /// The tiles of `doors`.
    door_tiles: HashSet<(i64, i64)>,
    pickups: Vec<Pickup>,
    pads: Vec<(i64, i64)>,
}

/// A number property (float or int).
fn number(v: &PropertyValue) -> Option<f64> {
    match v {
        // Tiled writes the decimal the author typed; the crate reads it as
        // an f32. Its shortest decimal form is what was typed (0.4, not
        // 0.4000000059604645), so a .tmx map and a text map agree.
        PropertyValue::FloatValue(f) => f.to_string().parse().ok().filter(|f: &f64| f.is_finite()),
        PropertyValue::IntValue(i) => Some(f64::from(*i)),
        _ => None,
    }
}

/// An object's class, place and properties, in tiles.
fn thing(o: &tiled::Object, tw: f64, th: f64) -> Thing {
    let class = if o.user_type.is_empty() {
        o.name.as_str()
    } else {
        o.user_type.as_str()
    };
    let (w, h) = match o.shape {
        tiled::ObjectShape::Rect { width, height }
        | tiled::ObjectShape::Ellipse { width, height } => (f64::from(width), f64::from(height)),
        _ => (0.0, 0.0),
    };
    // A tile object hangs from its bottom-left corner; others from the top
    // left.
    let top = if o.tile_data().is_some() {
        f64::from(o.y) - h
    } else {
        f64::from(o.y)
    };
    let (x0, y0) = (f64::from(o.x) / tw, top / th);
    let (x1, y1) = (x0 + w / tw, y0 + h / th);
    let finite = |v: f64| if v.is_finite() { v } else { -1.0 };
    Thing {
        id: o.id(),
        class: class.trim().to_owned(),
        centre: [finite((x0 + x1) / 2.0), finite((y0 + y1) / 2.0)],
        rect: [finite(x0), finite(y0), finite(x1), finite(y1)],
        properties: o.properties.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Tiled map of `walls` rows (`#` wall, `.` floor) with an inline
    /// tileset, a ceiling layer leaving `open` tiles to the sky, and
    /// `objects` (object XML, positions in 16-pixel tiles).
    fn tmx(walls: &[&str], open: &[(usize, usize)], objects: &str) -> String {
        let (w, h) = (walls[0].len(), walls.len());
        let grid = |f: &dyn Fn(usize, usize) -> u8| {
            (0..h)
                .map(|y| {
                    (0..w)
                        .map(|x| f(x, y).to_string())
                        .collect::<Vec<_>>()
                        .join(",")
                })
                .collect::<Vec<_>>()
                .join(",\n")
        };
        let wall_data = grid(&|x, y| u8::from(walls[y].as_bytes()[x] == b'#'));
        let ceiling = grid(&|x, y| if open.contains(&(x, y)) { 0 } else { 2 });
        format!(
            r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="{w}" height="{h}" tilewidth="16" tileheight="16" infinite="0">
 <properties>
  <property name="name" value="test"/>
  <property name="sky" type="file" value="sky.png"/>
 </properties>
 <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="2" columns="0">
  <tile id="0"><properties><property name="texture" type="file" value="wall.png"/></properties></tile>
  <tile id="1"><properties><property name="texture" type="file" value="roof.png"/></properties></tile>
 </tileset>
 <layer id="1" name="walls" width="{w}" height="{h}"><data encoding="csv">{wall_data}</data></layer>
 <layer id="2" name="ceiling" width="{w}" height="{h}"><data encoding="csv">{ceiling}</data></layer>
 <objectgroup id="3" name="things">{objects}</objectgroup>
</map>"#
        )
    }

    fn parse(text: &str) -> Result<Map, MapErrors> {
        let mut loaded = |_: &str| Ok(Texture::solid([9, 9, 9]));
        parse_tmx_with(text, Path::new("dir/t.tmx"), &mut loaded)
    }

    fn object(id: u32, class: &str, (x, y): (usize, usize), props: &str) -> String {
        let (px, py) = (x * 16 + 8, y * 16 + 8);
        format!(
            r#"<object id="{id}" type="{class}" x="{px}" y="{py}"><properties>{props}</properties><point/></object>"#
        )
    }

    const ROOMS: [&str; 5] = ["#######", "#.....#", "###.###", "#.....#", "#######"];

    #[test]
    fn layers_and_objects_make_the_same_map_a_text_map_would() {
        let objects = [
            object(1, "start", (1, 1), r#"<property name="facing" value="south"/>"#),
            object(
                2,
                "door",
                (3, 2),
                r#"<property name="texture" type="file" value="door.png"/><property name="locked" value="gold"/>"#,
            ),
            object(3, "key", (5, 1), r#"<property name="colour" value="gold"/>"#),
            object(4, "walker", (5, 3), r#"<property name="patrol" type="bool" value="true"/>"#),
            object(5, "tank", (1, 3), r#"<property name="half_width" type="float" value="0.4"/>"#),
            object(6, "fuel", (2, 3), ""),
        ]
        .concat();
        let map = parse(&tmx(&ROOMS, &[(1, 3), (2, 3)], &objects)).unwrap();
        assert_eq!((map.width(), map.height()), (7, 5));
        assert_eq!((map.start.x, map.start.y), (1.5, 1.5));
        assert!((map.start.angle - std::f64::consts::FRAC_PI_2).abs() < 1e-9);
        assert!(map.is_wall(0, 0) && !map.is_wall(1, 1));
        assert_eq!(map.door_at(3, 2), Some(0));
        assert_eq!(map.doors[0].lock, Some(Key::Gold));
        assert_eq!(map.doors[0].axis, super::super::DoorAxis::EastWest);
        assert_eq!(map.pickups.len(), 2);
        assert_eq!(map.pickups[0].kind, PickupKind::Key(Key::Gold));
        assert_eq!(map.spawns.len(), 2);
        assert!(map
            .spawns
            .iter()
            .any(|s| s.kind == SpawnKind::Walker { patrol: true }));
        assert!(map
            .spawns
            .iter()
            .any(|s| s.kind == SpawnKind::Tank { half_width: 0.4 }));
        assert!(map.is_open_sky(1, 3) && map.is_open_sky(2, 3));
        assert!(!map.is_open_sky(1, 1) && !map.all_sky());
    }

    #[test]
    fn each_fault_names_its_object_or_tile() {
        let objects = [
            object(1, "start", (1, 1), ""),
            object(2, "walker", (0, 0), ""),
            object(
                3,
                "door",
                (5, 1),
                r#"<property name="texture" value="door.png"/>"#,
            ),
            object(4, "ghost", (4, 1), ""),
        ]
        .concat();
        let mut rows = ROOMS;
        rows[4] = "###.###";
        let e = parse(&tmx(&rows, &[], &objects)).unwrap_err().to_string();
        for want in [
            "dir/t.tmx: object 2 at tile (0, 0): this walker is on a wall",
            "dir/t.tmx: object 3 at tile (5, 1): this door is not between two walls",
            "dir/t.tmx: object 4 at tile (4, 1): unknown object class `ghost`",
            "dir/t.tmx: layer `walls`, tile (3, 4): the grid is not closed",
        ] {
            assert!(e.contains(want), "expected `{want}` in:\n{e}");
        }
    }

    #[test]
    fn the_scan_refuses_what_would_not_be_bounded() {
        let huge = tmx(&ROOMS, &[], "").replacen(r#"width="7""#, r#"width="100000""#, 1);
        assert!(parse(&huge).unwrap_err().to_string().contains("dir/t.tmx"));
        let short = tmx(&ROOMS, &[], "").replacen("1,1,1,1,1,1,1,", "1,1,", 1);
        assert!(parse(&short).is_err());
        // An element inside CSV data made the tiled crate index past its
        // tiles (found by the fuzz run).
        let inside = tmx(&ROOMS, &[], "").replacen("1,1,1,1,1,1,1,", "1,1,1<ellipse/>,1,1,1,1,", 1);
        assert!(parse(&inside)
            .unwrap_err()
            .to_string()
            .contains("inside layer data"));
        let too_few = tmx(&ROOMS, &[], "").replacen(
            r#"<data encoding="csv">"#,
            r#"<data><tile gid="1"/></data><data encoding="csv">"#,
            1,
        );
        assert!(parse(&too_few).is_err());
        let zipped = tmx(&ROOMS, &[], "").replacen(
            r#"encoding="csv""#,
            r#"encoding="base64" compression="zlib""#,
            1,
        );
        assert!(parse(&zipped).is_err());
        assert!(parse("<map").is_err());
        assert!(parse("").is_err());
    }

    #[test]
    fn texture_paths_are_seen_from_the_map_folder() {
        let from = |p: &str, d: &str| relative_to(Path::new(p), Path::new(d));
        assert_eq!(
            from("maps/../assets/x.png", "maps"),
            Path::new("../assets/x.png")
        );
        assert_eq!(
            from("./maps/../assets/x.png", "./maps"),
            Path::new("../assets/x.png")
        );
        assert_eq!(from("maps/tiles/x.png", "maps"), Path::new("tiles/x.png"));
        assert_eq!(
            from("/r/assets/x.png", "/r/t/m/b"),
            Path::new("../../../assets/x.png")
        );
        assert_eq!(from("x.png", ""), Path::new("x.png"));
        assert!(from("a/x.png", "../m").is_absolute());
    }

    #[test]
    fn tidy_folds_folder_and_parent_pairs() {
        assert_eq!(
            tidy(Path::new("a/b/../../maps/../assets/x.png")),
            Path::new("assets/x.png")
        );
        assert_eq!(
            tidy(Path::new("../assets/./x.png")),
            Path::new("../assets/x.png")
        );
        assert_eq!(tidy(Path::new("/a/../b")), Path::new("/b"));
    }
}
