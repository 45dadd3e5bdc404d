//! The check before the `tiled` crate parses a file: what it would not
//! bound (map, layer and tileset sizes, compression, infinite maps) and
//! layer data that does not fill its layer.

use crate::map::limits::MAX_GRID;
use quick_xml::events::Event;

/// The most tiles a tileset may say it has.
const MAX_TILESET: u64 = 1 << 16;

/// Checks, before the `tiled` crate parses `text`, what it would not
/// bound: map and layer sizes, tileset tile counts, compression, infinite
/// maps, and layer data that does not fill its layer.
pub(super) fn scan(text: &str) -> Result<(), String> {
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
