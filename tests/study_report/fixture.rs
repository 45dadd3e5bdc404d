//! The hand-built results folders `study_report` reads: the protocol,
//! three participants' sessions in the current and an older format, and
//! short recordings made by the recorder; with the readers of the
//! report's files.

use super::*;

/// The protocol the sessions ran: two conditions, a question, a ranking.
pub const PROTOCOL: &str = "name = \"pace\"\nmap = \"feel_course\"\nexposure_s = 120\n\
    fms_interval_s = 60\n[[question]]\nid = \"control\"\ntext = \"In control?\"\n\
    low = \"no\"\nhigh = \"yes\"\n[[condition]]\nname = \"slow\"\n\
    movement = { model = \"polar\" }\n[[condition]]\nname = \"fast\"\n\
    movement = { model = \"classic\" }\n";

/// The seed of every recorded world.
pub const SEED: u64 = 3;

/// How the files are written.
#[derive(Clone, Copy, PartialEq)]
pub enum Format {
    /// As `study run` writes them now: end reasons, recording hashes,
    /// the ratings' scale, a site.
    Current,
    /// As older versions did: `ended_early` only, `fms` ratings, no site.
    Older,
}

/// One participant's session as the test writes it.
pub struct Session {
    pub id: &'static str,
    /// Condition names in the order run.
    pub order: [&'static str; 2],
    /// Each position's `duration_s` and `ended_early` (a stop with the
    /// participant's key).
    pub ended: [(&'static str, bool); 2],
    /// ratings.csv rows after the label: `position,t_s,fms`.
    pub ratings: &'static [&'static str],
    /// The SSQ items of the baseline, then after each position.
    pub ssq: [[u8; 16]; 3],
    /// Seconds of turning in each position's recording.
    pub turn_s: [f64; 2],
    /// `[[resumed]]`: (position from 1, discarded ratings).
    pub resumed: Option<(usize, usize)>,
}

/// `n` zero items with `(item from 1, rating)` set.
pub fn items(set: &[(usize, u8)]) -> [u8; 16] {
    let mut a = [0; 16];
    for &(i, v) in set {
        a[i - 1] = v;
    }
    a
}

/// The three sessions.
///
/// fms_max by hand: slow P1 4, P2 6, P3 2; fast P1 10, P2 9, P3 7 (P3's
/// 19 and 20 belong to the attempt cut off, left out).
/// SSQ totals (x 3.74 of N + O + D raw sums): item 1 counts N and O, item
/// 3 O, item 8 N and D. P1: baseline 0, after slow item 1 = 1: 7.48, after
/// fast items 1 = 2 and 8 = 1: (3 + 2 + 1) 3.74 = 22.44. P2: baseline item
/// 3 = 1: 3.74, after fast 0 (delta -3.74), after slow item 1 = 3: 22.44
/// (delta 18.7).
pub fn sessions() -> Vec<Session> {
    vec![
        Session {
            id: "P1",
            order: ["slow", "fast"],
            ended: [("120.000", false), ("120.000", false)],
            ratings: &["1,60.000,3", "1,120.000,4", "2,60.000,8", "2,120.000,10"],
            ssq: [items(&[]), items(&[(1, 1)]), items(&[(1, 2), (8, 1)])],
            turn_s: [0.5, 2.0],
            resumed: None,
        },
        Session {
            id: "P2",
            order: ["fast", "slow"],
            ended: [("90.250", true), ("120.000", false)],
            ratings: &["1,60.000,9", "2,60.000,6", "2,120.000,5"],
            ssq: [items(&[(3, 1)]), items(&[]), items(&[(1, 3)])],
            turn_s: [1.5, 1.0],
            resumed: None,
        },
        Session {
            id: "P3",
            order: ["slow", "fast"],
            ended: [("120.000", false), ("120.000", false)],
            ratings: &[
                "1,60.000,1",
                "1,120.000,2",
                "2,60.000,19",
                "2,120.000,20",
                "2,60.000,5",
                "2,120.000,7",
            ],
            ssq: [items(&[]), items(&[]), items(&[(2, 1)])],
            turn_s: [0.25, 1.75],
            resumed: Some((2, 2)),
        },
    ]
}

/// The label of position `p` (from 1).
pub fn label(p: usize) -> &'static str {
    ["A", "B"][p - 1]
}

/// `s`'s session.toml; P1 names its site in the current format.
pub fn session_toml(s: &Session, format: Format) -> String {
    let site = match (format, s.id) {
        (Format::Current, "P1") => "site = \"lab-a\"\n",
        _ => "",
    };
    let mut toml = format!(
        "study = \"pace\"\nparticipant = \"{}\"\nsequence = 1\nsimulated = false\n{site}\
         program_version = \"0.1.0\"\nstarted_utc = \"2026-01-01T10:00:00Z\"\n\
         protocol_file = \"studies/pace.toml\"\nprotocol_sha256 = \"00\"\n\
         map = \"feel_course\"\norder = [\"{}\", \"{}\"]\nlabels = [\"A\", \"B\"]\n\
         protocol_text = {:?}\n",
        s.id, s.order[0], s.order[1], PROTOCOL
    );
    if let Some((position, discarded)) = s.resumed {
        toml += &format!(
            "\n[[resumed]]\nat_utc = \"2026-01-01T10:30:00Z\"\nfrom_position = {position}\n\
             condition = \"{}\"\ndiscarded_ratings = {discarded}\n",
            s.order[position - 1]
        );
    }
    toml
}

/// Writes `s`'s folder under `results` in `format`.
pub fn write_session(results: &Path, s: &Session, protocol: &Protocol, format: Format) {
    let dir = results.join(s.id);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("session.toml"), session_toml(s, format)).unwrap();
    let who = |p: usize| format!("{},{},{}", s.id, s.order[p - 1], label(p));
    let [mut conditions, mut ratings] = match format {
        // ratings.csv without its latency column (the program before it):
        // still read as it was.
        Format::Current => [CONDITIONS_HEADER, RATINGS_HEADER_V2],
        Format::Older => [CONDITIONS_HEADER_V1, RATINGS_HEADER_V1],
    }
    .map(|h| format!("{h}\n"));
    for p in 1..=2 {
        let (duration, early) = s.ended[p - 1];
        let name = format!("{p}-{}.wrec", s.order[p - 1]);
        let played = s.order[p - 1];
        let c = protocol.conditions.iter().find(|c| c.name == played);
        record(&dir.join(&name), c.unwrap().tunables, s.turn_s[p - 1]);
        conditions += &format!(
            "{},{p},2026-01-01T10:0{p}:00Z,{duration},{early},{name}",
            who(p)
        );
        if format == Format::Current {
            let id = identify(&dir.join(&name)).unwrap();
            let reason = if early { "participant" } else { "completed" };
            conditions += &format!(
                ",{reason},{duration},{},{},{}",
                id.sha256, id.map, id.settings_sha256
            );
        }
        conditions += "\n";
    }
    std::fs::write(dir.join("conditions.csv"), conditions).unwrap();
    let scale = match format {
        Format::Current => ",fms",
        Format::Older => "",
    };
    for row in s.ratings {
        let (p, rest) = row.split_once(',').unwrap();
        let (t, fms) = rest.split_once(',').unwrap();
        ratings += &format!("{},{p},{t}{scale},{fms}\n", who(p.parse().unwrap()));
    }
    std::fs::write(dir.join("ratings.csv"), ratings).unwrap();
    let mut ssq = format!("{}\n", ssq_header());
    for (i, answers) in s.ssq.iter().enumerate() {
        let whom = match i {
            0 => format!("{},,,baseline", s.id),
            p => format!("{},post", who(p)),
        };
        let sc = wobblecaster::study::ssq::score(answers);
        let scores = [sc.nausea, sc.oculomotor, sc.disorientation, sc.total];
        let items = answers.iter().map(u8::to_string);
        let fields: Vec<String> = items.chain(scores.map(|v| format!("{v:.2}"))).collect();
        ssq += &format!("{whom},{}\n", fields.join(","));
    }
    std::fs::write(dir.join("ssq.csv"), ssq).unwrap();
    let answers = format!(
        "{ANSWERS_HEADER}\n{a},control,6\n{b},control,3\n{a},rank,1\n{b},rank,2\n",
        a = who(1),
        b = who(2)
    );
    std::fs::write(dir.join("answers.csv"), answers).unwrap();
}

/// Records a run on the open plane with `tunables`: walking, turning for
/// `turn_s`, walking on.
pub fn record(path: &Path, tunables: wobblecaster::sim::Tunables, turn_s: f64) {
    let text = format!("0.5 forward\n{turn_s} forward+turn-right\n0.5 forward\n");
    let script = Script::parse(&text, Path::new("test.script")).unwrap();
    let mut world = World::new(Map::open_plane(), tunables, SEED);
    let header = Header::new(&world, None, SEED);
    let mut recorder = Recorder::create(path, &header, &world).unwrap();
    for c in script.ticks() {
        world.step(&c);
        recorder.record(&c, &world).unwrap();
    }
    recorder.finish().unwrap();
}

/// A results folder of the three sessions in a fresh scratch folder.
pub fn results(test: &str) -> (TempDir, PathBuf) {
    results_as(test, Format::Current)
}

/// ... written in `format`.
pub fn results_as(test: &str, format: Format) -> (TempDir, PathBuf) {
    let temp = TempDir::new("study-report", test);
    let results = temp.join("pace");
    let protocol = Protocol::parse(PROTOCOL, Path::new("pace.toml")).unwrap();
    for s in sessions() {
        write_session(&results, &s, &protocol, format);
    }
    (temp, results)
}

/// Runs the report into `results/report`.
pub fn run(results: &Path, force: bool) -> Result<Summary, ReportError> {
    report::report(&[results], &results.join(report::DEFAULT_OUT), force)
}

/// The file `name` of `results`' report.
pub fn read(results: &Path, name: &str) -> String {
    text(&results.join("report").join(name))
}

/// `summary.csv` as rows of fields, keyed by participant and condition.
pub fn summary_rows(results: &Path) -> (Vec<String>, Vec<Vec<String>>) {
    let text = read(results, "summary.csv");
    let mut lines = text.lines();
    let header: Vec<String> = lines.next().unwrap().split(',').map(String::from).collect();
    let rows = lines
        .map(|l| l.split(',').map(String::from).collect())
        .collect();
    (header, rows)
}

/// The value of `column` in the row of `participant` and `condition`.
pub fn cell(results: &Path, participant: &str, condition: &str, column: &str) -> String {
    let (header, rows) = summary_rows(results);
    let i = header.iter().position(|h| h == column).unwrap();
    let row = rows
        .iter()
        .find(|r| r[0] == participant && r[1] == condition)
        .unwrap();
    row[i].clone()
}
