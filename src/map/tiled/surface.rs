//! The `surface` tile layer: what the floor is made of, painted with the
//! tileset's texture tiles. A tile gives its texture's material in
//! `TEXTURE_MATERIALS` (paint `wood_panel` where the floor is boards); an
//! empty tile keeps the floor texture's own.

use super::reader::Reader;
use crate::map::error::{MapErrorKind, Place, TileLayer};
use crate::map::Material;
use std::collections::HashMap;

impl Reader<'_, '_> {
    /// Each tile's material from the `surface` layer `tiles` (row-major,
    /// None for an empty tile), reporting a tile whose texture has none
    /// at its first use.
    pub(super) fn surface_layer(
        &mut self,
        tiles: &tiled::TileLayer,
        width: usize,
        height: usize,
    ) -> Vec<Option<Material>> {
        let mut out = vec![None; width * height];
        // Each kind of tile is looked up once, at its first use (where its
        // fault is reported).
        let mut kinds: HashMap<(usize, u32), Option<Material>> = HashMap::new();
        for y in 0..height {
            for x in 0..width {
                let Some(tile) = tiles.get_tile(x as i32, y as i32) else {
                    continue;
                };
                let key = (tile.tileset_index(), tile.id());
                let material = match kinds.get(&key) {
                    Some(&m) => m,
                    None => {
                        let at = Place::Tile {
                            layer: TileLayer::Surface.name(),
                            x,
                            y,
                        };
                        let m = self.tile_texture(&tile, at).and_then(|texture| {
                            let name = texture.to_string_lossy();
                            let m = Material::of_texture(&name);
                            if m.is_none() {
                                self.error(at, MapErrorKind::NoSurface(name.into_owned()));
                            }
                            m
                        });
                        kinds.insert(key, m);
                        m
                    }
                };
                out[y * width + x] = material;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::map::tiled::parse_tmx_with;
    use crate::map::{Loaded, MapErrors, Material};
    use crate::texture::Texture;
    use std::path::Path;

    /// A 5x3 room of `floor` with a `surface` layer of `surface` (CSV,
    /// row-major; 0 empty, 1 wood_panel, 2 metal_plate, 3 door, 4
    /// brick_red).
    fn tmx(floor: &str, surface: &str) -> String {
        format!(
            r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="5" height="3" tilewidth="16" tileheight="16" infinite="0">
 <properties>
  <property name="name" value="s"/>
  <property name="floor" value="{floor}"/>
 </properties>
 <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="4" columns="0">
  <tile id="0"><properties><property name="texture" value="wood_panel"/></properties></tile>
  <tile id="1"><properties><property name="texture" type="file" value="../assets/metal_plate.png"/></properties></tile>
  <tile id="2"><properties><property name="texture" value="door"/></properties></tile>
  <tile id="3"><properties><property name="texture" value="brick_red"/></properties></tile>
 </tileset>
 <layer id="1" name="walls" width="5" height="3"><data encoding="csv">4,4,4,4,4,4,0,0,0,4,4,4,4,4,4</data></layer>
 <layer id="2" name="surface" width="5" height="3"><data encoding="csv">{surface}</data></layer>
 <objectgroup id="3" name="things"><object id="1" type="start" x="24" y="24"><point/></object></objectgroup>
</map>"#
        )
    }

    fn parse(text: &str) -> Result<Loaded, MapErrors> {
        let mut plain = |_: &str| Ok(Texture::solid([9, 9, 9]));
        parse_tmx_with(text, Path::new("dir/s.tmx"), &mut plain)
    }

    #[test]
    fn the_surface_layer_gives_its_tiles_their_textures_material() {
        let map = parse(&tmx("floor_tiles", "0,0,0,0,0,0,1,2,0,0,0,0,0,0,0"))
            .unwrap()
            .map;
        assert_eq!(map.material_at(1, 1), Material::Wood);
        assert_eq!(map.material_at(2, 1), Material::Metal);
        assert_eq!(map.material_at(3, 1), Material::Stone, "the floor's own");
        let wooden = parse(&tmx("wood_panel", "0,0,0,0,0,0,0,2,0,0,0,0,0,0,0"))
            .unwrap()
            .map;
        assert_eq!(wooden.material_at(1, 1), Material::Wood);
        assert_eq!(wooden.material_at(2, 1), Material::Metal);
    }

    #[test]
    fn a_tile_without_a_material_is_located() {
        let e = parse(&tmx("floor_tiles", "0,0,0,0,0,0,0,3,3,0,0,0,0,0,0"))
            .unwrap_err()
            .to_string();
        let want = "dir/s.tmx: layer `surface`, tile (2, 1): texture `door` has no surface";
        assert!(e.contains(want), "expected `{want}` in:\n{e}");
        assert_eq!(e.matches("has no surface").count(), 1, "once a kind:\n{e}");
        assert!(e.contains("wood_panel (wood)"), "{e}");
    }
}
