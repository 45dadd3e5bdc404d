//! What the floor is made of, tile by tile: the surface a footstep sounds
//! on (stone, wood or metal).
//!
//! A map's floor has the material its floor texture has in
//! [`TEXTURE_MATERIALS`] (stone for a colour or a texture the table does
//! not name); a text map's `[surface]` grid, or a Tiled map's `surface`
//! layer, gives tiles another (see `maps/README.md`). The simulation never
//! reads it; the audio side picks the step's clip by the material under
//! the foot.

/// A floor's material: what a step on it sounds like.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Material {
    /// Stone, tiles and brick: a dull, short thud.
    #[default]
    Stone,
    /// Boards: a hollow knock.
    Wood,
    /// Plate: a ringing clank.
    Metal,
}

/// Which material each shipped texture's floor is, by the texture's file
/// name without its extension (`floor_tiles`, `../assets/floor_tiles.png`
/// and a map's own `floor_tiles.png` all look up `floor_tiles`). The
/// material follows what the picture shows (the generator
/// `examples/gen_assets.rs` draws each): tiles, stone and brick are
/// stone; boards are wood; riveted plate is metal. A texture not named
/// here (the ceiling's plaster, the doors, a map's own) is stone, the
/// commonest floor.
#[rustfmt::skip]
pub const TEXTURE_MATERIALS: [(&str, Material); 6] = [
    ("floor_tiles", Material::Stone),
    ("stone_grey",  Material::Stone),
    ("stone_moss",  Material::Stone),
    ("brick_red",   Material::Stone),
    ("wood_panel",  Material::Wood),
    ("metal_plate", Material::Metal),
];

impl Material {
    /// Every material, in the order the guide lists them.
    pub const ALL: [Material; 3] = [Material::Stone, Material::Wood, Material::Metal];

    /// Its name in maps and messages.
    pub fn name(self) -> &'static str {
        match self {
            Material::Stone => "stone",
            Material::Wood => "wood",
            Material::Metal => "metal",
        }
    }

    /// Its character in a text map's `[surface]` grid: its name's first
    /// letter.
    pub fn symbol(self) -> char {
        match self {
            Material::Stone => 's',
            Material::Wood => 'w',
            Material::Metal => 'm',
        }
    }

    /// The material of a `[surface]` grid character.
    pub fn from_symbol(ch: char) -> Option<Material> {
        Material::ALL.into_iter().find(|m| m.symbol() == ch)
    }

    /// The material [`TEXTURE_MATERIALS`] gives a texture written as
    /// `name` in a map (a shipped name or a path); None if it names none.
    pub fn of_texture(name: &str) -> Option<Material> {
        let stem = std::path::Path::new(name.trim()).file_stem()?.to_str()?;
        TEXTURE_MATERIALS
            .iter()
            .find(|(texture, _)| texture.eq_ignore_ascii_case(stem))
            .map(|&(_, material)| material)
    }

    /// The material of a floor written as `floor` (a texture name or
    /// path, or `#rrggbb`; None for no floor line): the table's, else
    /// stone.
    pub fn of_floor(floor: Option<&str>) -> Material {
        floor.and_then(Material::of_texture).unwrap_or_default()
    }
}

/// The material of every tile of a map.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Floors {
    /// The floor's own material: every tile's without a layer, and
    /// outside the grid.
    floor: Material,
    /// Each tile's material, row-major; empty when every tile is the
    /// floor's.
    tiles: Vec<Material>,
}

impl Floors {
    /// Every tile of the floor's material.
    pub fn uniform(floor: Material) -> Self {
        Self {
            floor,
            tiles: Vec::new(),
        }
    }

    /// The floor's material and, for each tile (row-major), its own or
    /// None for the floor's.
    pub fn layered(floor: Material, tiles: &[Option<Material>]) -> Self {
        if tiles.iter().all(|t| t.is_none_or(|m| m == floor)) {
            return Self::uniform(floor);
        }
        Self {
            floor,
            tiles: tiles.iter().map(|t| t.unwrap_or(floor)).collect(),
        }
    }

    /// The floor's own material.
    pub fn floor(&self) -> Material {
        self.floor
    }

    /// The material of the tile at row-major `index` (None off the grid:
    /// the floor's).
    pub fn at(&self, index: Option<usize>) -> Material {
        index
            .and_then(|i| self.tiles.get(i))
            .copied()
            .unwrap_or(self.floor)
    }

    /// True if these floors fit a grid of `tiles` tiles: uniform, or a
    /// material for each.
    pub fn fits(&self, tiles: usize) -> bool {
        self.tiles.is_empty() || self.tiles.len() == tiles
    }

    /// True if some tile is not of the floor's material.
    pub fn is_layered(&self) -> bool {
        !self.tiles.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_texture_is_looked_up_by_its_file_name_whatever_its_path() {
        for written in ["wood_panel", "../assets/wood_panel.png", "WOOD_PANEL.PNG"] {
            assert_eq!(Material::of_texture(written), Some(Material::Wood));
        }
        assert_eq!(Material::of_texture("metal_plate"), Some(Material::Metal));
        assert_eq!(Material::of_texture("floor_tiles"), Some(Material::Stone));
        assert_eq!(Material::of_texture("my_carpet.png"), None);
        assert_eq!(Material::of_floor(Some("my_carpet.png")), Material::Stone);
        assert_eq!(Material::of_floor(Some("#808080")), Material::Stone);
        assert_eq!(Material::of_floor(None), Material::Stone);
        assert_eq!(Material::of_floor(Some("wood_panel")), Material::Wood);
    }

    #[test]
    fn every_shipped_texture_is_in_the_table_once_and_exists() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
        for (i, (name, _)) in TEXTURE_MATERIALS.iter().enumerate() {
            assert!(root.join(format!("{name}.png")).is_file(), "{name}");
            assert!(TEXTURE_MATERIALS[..i].iter().all(|(n, _)| n != name));
        }
    }

    #[test]
    fn symbols_and_names_go_both_ways() {
        for m in Material::ALL {
            assert_eq!(Material::from_symbol(m.symbol()), Some(m));
            assert!(m.name().starts_with(m.symbol()));
        }
        assert_eq!(Material::from_symbol('.'), None);
    }

    #[test]
    fn a_layer_gives_its_tiles_and_the_floor_the_rest() {
        let w = Some(Material::Wood);
        let floors = Floors::layered(Material::Metal, &[None, w, None]);
        assert!(floors.is_layered());
        assert_eq!(floors.at(Some(0)), Material::Metal);
        assert_eq!(floors.at(Some(1)), Material::Wood);
        assert_eq!(floors.at(Some(7)), Material::Metal);
        assert_eq!(floors.at(None), Material::Metal);
        let same = Floors::layered(Material::Wood, &[None, w]);
        assert!(!same.is_layered());
        assert_eq!(same, Floors::uniform(Material::Wood));
    }
}
