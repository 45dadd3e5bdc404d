use super::*;
use crate::files::Scratch;

#[test]
fn the_shipped_folders_are_in_the_program() {
    let maps: Vec<String> = maps_in(&maps_dir()).iter().map(|p| short_name(p)).collect();
    for name in ["arena", "bunker", "default", "feel_course", "hangar"] {
        assert!(maps.iter().any(|m| m == name), "{name} in {maps:?}");
    }
    assert!(is_file(&default_map()));
    assert!(is_file(&sprites_dir().join("walker.png")));
    assert!(is_file(&sounds_dir().join("gun.wav")));
    assert!(is_file(&dir("maneuvers/flight/landing.txt")));
    assert!(is_file(&dir("studies/walking.toml")));
    assert!(!is_file(&maps_dir()), "a folder is not a file");
    let text = read_text(&default_map(), "map", files::cap::MAP).unwrap();
    let source = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(DEFAULT_MAP));
    assert_eq!(text, source.unwrap());
}

#[test]
fn shipped_paths_fold_their_parent_steps_and_stay_inside() {
    assert!(is_file(Path::new("(shipped)/maps/../assets/brick_red.png")));
    assert!(is_file(Path::new("(shipped)/maps/./wobblecaster.tsx")));
    assert!(!is_file(Path::new("(shipped)/../Cargo.toml")));
    assert!(
        !is_file(Path::new("(shipped)/src/data.rs")),
        "only the shipped folders"
    );
    let missing = read_bytes(Path::new("(shipped)/maps/nowhere.map"), "map", 1 << 20);
    assert!(matches!(missing, Err(ReadError::Io { .. })));
    let over = read_bytes(&default_map(), "map", 10);
    assert!(
        matches!(over, Err(ReadError::TooLarge { .. })),
        "the caps hold"
    );
    let folder = read_bytes(&maps_dir(), "map", 1 << 20);
    assert!(matches!(folder, Err(ReadError::NotAFile { .. })));
}

#[test]
fn a_shipped_path_is_recorded_as_its_source_path() {
    assert_eq!(as_recorded(&default_map()), Path::new(DEFAULT_MAP));
    assert_eq!(as_recorded(Path::new("a/b.map")), Path::new("a/b.map"));
}

/// A folder of the player's maps with `names` in it (each a copy of the
/// shipped default map).
fn player_maps(scratch: &Scratch, names: &[&str]) -> MapFolders {
    let dir = scratch.join("maps");
    std::fs::create_dir_all(&dir).unwrap();
    let text = read_text(&default_map(), "map", files::cap::MAP).unwrap();
    for name in names {
        std::fs::write(dir.join(name), &text).unwrap();
    }
    MapFolders { yours: vec![dir] }
}

#[test]
fn a_bare_name_is_the_players_map_before_the_shipped_one() {
    let scratch = Scratch::new("data-names");
    let folders = player_maps(&scratch, &["mine.map", "arena.map"]);
    let mine = folders.resolve(Path::new("mine")).unwrap();
    assert_eq!(mine, scratch.join("maps/mine.map"));
    let arena = folders.resolve(Path::new("arena")).unwrap();
    assert_eq!(arena, scratch.join("maps/arena.map"), "yours first");
    let bunker = folders.resolve(Path::new("bunker")).unwrap();
    assert_eq!(bunker, maps_dir().join("bunker.tmx"));
    let all = folders.all();
    let yours: Vec<&str> = all
        .iter()
        .filter(|m| m.yours)
        .map(|m| m.name.as_str())
        .collect();
    assert_eq!(yours, ["arena", "mine"]);
    assert!(
        all.iter().any(|m| !m.yours && m.name == "arena"),
        "both listed"
    );
    let e = folders.resolve(Path::new("mien")).unwrap_err().to_string();
    assert!(
        e.contains("no map `mien`") && e.contains("yours: arena, mine"),
        "{e}"
    );
    assert!(e.contains("shipped maps: arena, blockade, bunker"), "{e}");
}

#[test]
fn a_path_is_a_file_and_a_recordings_missing_path_is_the_shipped_map() {
    let scratch = Scratch::new("data-paths");
    let folders = player_maps(&scratch, &["mine.map"]);
    let file = scratch.join("maps/mine.map");
    assert_eq!(folders.resolve(&file).unwrap(), file);
    let gone = Path::new("nowhere/default.map");
    let e = folders.resolve(gone).unwrap_err();
    assert!(e.is_path && e.to_string().contains("no such file"), "{e}");
    assert_eq!(folders.resolve_recorded(gone).unwrap(), default_map());
    assert_eq!(folders.resolve_recorded(&file).unwrap(), file);
    assert!(folders
        .resolve_recorded(Path::new("nowhere/x.map"))
        .is_err());
}

#[test]
fn a_texture_is_a_shipped_name_or_a_path_with_the_shipped_one_behind_assets() {
    let scratch = Scratch::new("data-textures");
    let here: &Path = &scratch;
    let shipped = dir("assets/brick_red.png");
    assert_eq!(texture_file("brick_red", here), Some(shipped.clone()));
    assert_eq!(texture_file("brik_red", here), None);
    // An older map's path, with no assets folder beside it.
    assert_eq!(
        texture_file("../assets/brick_red.png", here),
        Some(shipped.clone())
    );
    // A folder called assets with the player's own texture: theirs.
    std::fs::create_dir_all(scratch.join("assets")).unwrap();
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/stone_grey.png"),
        scratch.join("assets/brick_red.png"),
    )
    .unwrap();
    let theirs = texture_file("assets/brick_red.png", here).unwrap();
    assert_eq!(theirs, scratch.join("assets/brick_red.png"));
    // A missing path anywhere else is that path, and fails as it is.
    let elsewhere = texture_file("mine/brick_red.png", here).unwrap();
    assert_eq!(elsewhere, scratch.join("mine/brick_red.png"));
    assert!(map_texture("mine/brick_red.png", here).is_err());
    let e = map_texture("brik_red", here).unwrap_err().to_string();
    assert!(
        e.contains("no shipped texture is called `brik_red` (did you mean `brick_red`?)"),
        "{e}"
    );
    assert!(map_texture("brick_red", here).is_ok());
}

#[test]
fn a_copy_of_the_shipped_tileset_is_not_needed_beside_a_map() {
    let scratch = Scratch::new("data-tileset");
    let beside = scratch.join("wobblecaster.tsx");
    assert_eq!(tileset_file(&beside), maps_dir().join("wobblecaster.tsx"));
    std::fs::write(&beside, "<tileset/>").unwrap();
    assert_eq!(tileset_file(&beside), beside, "a file there is read");
    let other = scratch.join("other.tsx");
    assert_eq!(tileset_file(&other), other);
}

#[test]
fn the_source_of_a_shipped_file_is_that_file() {
    let shipped = dir("maneuvers/flight/landing.txt");
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("maneuvers/flight/landing.txt");
    assert!(is_same_shipped(&source, &shipped));
    assert!(is_same_shipped(&shipped, &shipped));
    assert!(!is_same_shipped(&dir("maneuvers/turn_90.txt"), &shipped));
    let scratch = Scratch::new("data-same");
    let copy = scratch.join("landing.txt");
    std::fs::copy(&source, &copy).unwrap();
    assert!(
        !is_same_shipped(&copy, &shipped),
        "a copy is the user's own"
    );
}

#[test]
fn the_source_tree_s_maps_are_the_shipped_ones_not_the_player_s() {
    let tree = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let scratch = Scratch::new("data-source-maps");
    std::fs::copy(tree.join("arena.map"), scratch.join("mine.map")).unwrap();
    let folders = MapFolders {
        yours: vec![tree, scratch.to_path_buf()],
    };
    let yours: Vec<String> = folders
        .all()
        .into_iter()
        .filter(|m| m.yours)
        .map(|m| m.name)
        .collect();
    assert_eq!(yours, ["mine"], "a copy is the player's, the source is not");
}
