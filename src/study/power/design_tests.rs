use super::*;
use std::path::Path;

fn walking() -> Design {
    Design {
        study: "walking".into(),
        scale: InPlayScale::Fms,
        stop_rating: Some(15),
        prompt_interval_s: 60.0,
        conditions: ["polar-velocity", "polar-heading", "classic", "quake"]
            .iter()
            .map(|n| Condition {
                name: n.to_string(),
                exposure_s: 300.0,
            })
            .collect(),
        orders: latin::rows(4),
        primary: Some(("quake".into(), "polar-velocity".into())),
    }
}

fn parse(text: &str) -> Result<Design, Located<DesignFault>> {
    Design::parse(text, Path::new("design.toml"))
}

#[test]
fn a_design_reads_back_as_written() {
    let mut d = walking();
    assert_eq!(parse(&d.to_toml()), Ok(d.clone()));
    d.stop_rating = None;
    d.primary = None;
    d.scale = InPlayScale::Misc;
    d.conditions[2].exposure_s = 90.5;
    d.orders = latin::rows(4)[..2].to_vec();
    assert_eq!(parse(&d.to_toml()), Ok(d));
}

#[test]
fn prompts_come_at_each_whole_interval_before_the_end() {
    let mut d = walking();
    assert_eq!(d.prompt_times(0), vec![60.0, 120.0, 180.0, 240.0]);
    d.conditions[1].exposure_s = 61.0;
    assert_eq!(d.prompt_times(1), vec![60.0]);
    // Participant 5 starts the square again.
    assert_eq!(d.order(5), d.order(1));
    assert_eq!(d.order(2), &[1, 2, 0, 3]);
}

/// `text` with `from` replaced by `to` is refused at line `line`, column
/// `col`, with a message containing `says`.
#[track_caller]
fn refused(from: &str, to: &str, line: usize, col: usize, says: &str) {
    let text = walking().to_toml();
    assert!(text.contains(from), "{from:?} not in {text}");
    let e = parse(&text.replacen(from, to, 1)).expect_err(to);
    let message = e.to_string();
    assert_eq!((e.at.line(), e.at.col()), (line, col), "{message}");
    assert!(message.contains(says), "{message}");
    assert!(message.starts_with("design.toml:"), "{message}");
}

#[test]
fn hostile_designs_are_refused_at_their_place() {
    // Lines: 1-2 comments, 3 design_version, 4 study, 5 scale, 6
    // stop_rating, 7 prompt_interval_s, 8 conditions, 9 exposure_s, 10
    // orders, 11 primary.
    refused(
        "design_version = 1",
        "design_version = 2",
        3,
        18,
        "from 1 to 1",
    );
    refused("study = \"walking\"", "study = \"a b\"", 4, 9, "letters");
    refused(
        "scale = \"fms\"",
        "scale = \"ssq\"",
        5,
        9,
        "\"fms\" or \"misc\"",
    );
    refused(
        "stop_rating = 15",
        "stop_rating = 21",
        6,
        15,
        "from 1 to 20",
    );
    refused(
        "prompt_interval_s = 60",
        "prompt_interval_s = nan",
        7,
        21,
        "from 10 to 600",
    );
    refused(
        "prompt_interval_s = 60",
        "prompt_interval_s = 1e9",
        7,
        21,
        "from 10 to 600",
    );
    refused(
        "\"classic\", \"quake\"]",
        "\"classic\", \"classic\"]",
        8,
        61,
        "once each",
    );
    refused(
        "exposure_s = [300, 300, 300, 300]",
        "exposure_s = [300]",
        9,
        14,
        "one exposure",
    );
    refused(
        "exposure_s = [300,",
        "exposure_s = [-1,",
        9,
        15,
        "from 10 to 3600",
    );
    refused(
        "orders = [[0, 1, 3, 2]",
        "orders = [[0, 1, 1, 2]",
        10,
        11,
        "once",
    );
    refused(
        "orders = [[0, 1, 3, 2]",
        "orders = [[0, 1, 3, 9]",
        10,
        21,
        "once",
    );
    refused(
        "orders = [[0, 1, 3, 2]",
        "orders = [[0, 1, 3]",
        10,
        11,
        "once",
    );
    refused(
        "\"quake\", \"polar",
        "\"walk\", \"polar",
        11,
        12,
        "two different",
    );
    refused(
        "primary = [",
        "nonsense = 1\nprimary = [",
        11,
        1,
        "unknown key `nonsense`",
    );
    refused("scale", "scale = = ", 5, 9, "not TOML");
    let e = parse(&walking().to_toml().replace("orders", "#orders")).unwrap_err();
    assert!(e.to_string().contains("`orders` is missing"), "{e}");
}

#[test]
fn the_file_is_read_bounded_and_only_if_regular() {
    let dir = std::env::temp_dir().join(format!("wobble-design-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(FILE);
    std::fs::write(&path, walking().to_toml()).unwrap();
    assert_eq!(Design::load(&path).unwrap(), walking());
    let big = " ".repeat(MAX_BYTES as usize + 1);
    std::fs::write(&path, big).unwrap();
    assert!(matches!(Design::load(&path), Err(DesignError::Read(_))));
    std::fs::remove_file(&path).unwrap();
    std::fs::create_dir(&path).unwrap();
    let e = Design::load(&path).unwrap_err();
    assert!(e.to_string().contains("design.toml"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}
