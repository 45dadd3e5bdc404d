//! A small made-up study written as the report writes it, the script
//! generated for it, and, where R with lme4 and survival is installed,
//! the script run and its numbers compared with this crate's fits.

use super::*;
use crate::stats::lmm::{self, Criterion, Data, Design};
use crate::stats::survival::{self, Spell};
use crate::study::agree::{self, Files};
use std::path::Path;
use std::process::Command;

const CONDITIONS: [&str; 3] = ["classic", "polar-velocity", "tank"];
const PARTICIPANTS: usize = 8;
const PROMPTS_PER_CONDITION: usize = 8;
const PROMPT_EVERY_S: f64 = 30.0;
const EXPOSURE_S: f64 = 300.0;

/// One in-play prompt of the made-up study.
struct Prompt {
    participant: String,
    condition: &'static str,
    position: usize,
    previous: &'static str,
    t_s: f64,
    rating: Option<f64>,
    /// A made-up prediction; none for participant 3's first condition (a
    /// recording missing).
    predicted: Option<f64>,
}

/// The made-up study's prompts, stops and MSSQ scores (participant 5
/// without one).
struct Study {
    prompts: Vec<Prompt>,
    stops: Vec<(String, &'static str, usize, f64, bool)>,
    mssq: Vec<Option<f64>>,
}

/// A deterministic stream of numbers in 0..1 (xorshift).
struct Noise(u64);

impl Noise {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

fn study() -> Study {
    let mut noise = Noise(0x2545_f491_4f6c_dd1d);
    let (mut prompts, mut stops, mut mssq) = (Vec::new(), Vec::new(), Vec::new());
    for p in 0..PARTICIPANTS {
        let participant = format!("P{:02}", p + 1);
        let level = 3.0 + 6.0 * noise.next();
        let susceptibility = (p != 4).then(|| (40.0 * noise.next()).round());
        mssq.push(susceptibility);
        let mut previous = "none";
        for position in 1..=CONDITIONS.len() {
            let rotation = if p % 2 == 0 {
                p + position
            } else {
                p + 3 - position
            };
            let index = rotation % CONDITIONS.len();
            let condition = CONDITIONS[index];
            for k in 1..=PROMPTS_PER_CONDITION {
                let t_s = k as f64 * PROMPT_EVERY_S;
                let value = level
                    + 2.0 * index as f64
                    + 0.5 * position as f64
                    + 0.01 * t_s
                    + 0.05 * susceptibility.unwrap_or(0.0)
                    + 4.0 * (noise.next() - 0.5);
                let missing = noise.next() < 0.06;
                let rating = (!missing).then(|| value.round().clamp(0.0, 20.0));
                let minutes = t_s / 60.0;
                let msi =
                    0.01 * (1.0 + index as f64) * minutes * minutes * (0.8 + 0.4 * noise.next());
                let predicted = (p != 2 || position != 1).then_some(msi);
                prompts.push(Prompt {
                    participant: participant.clone(),
                    condition,
                    position,
                    previous,
                    t_s,
                    rating,
                    predicted,
                });
            }
            let stopped = noise.next() < 0.3 + 0.2 * index as f64;
            let time_s = if stopped {
                (30.0 * (1.0 + 8.0 * noise.next()).floor()).min(EXPOSURE_S)
            } else {
                EXPOSURE_S
            };
            stops.push((participant.clone(), condition, position, time_s, stopped));
            previous = condition;
        }
    }
    Study {
        prompts,
        stops,
        mssq,
    }
}

/// Writes the three CSVs the script reads, with the report's headers.
fn write_folder(dir: &Path, s: &Study) {
    let mut ratings = String::from(
        "participant,site,sequence,condition,label,position,previous_condition,t_s,scale,rating,\
         predicted_msi\n",
    );
    for p in &s.prompts {
        let rating = p.rating.map(|r| r.to_string()).unwrap_or_default();
        let predicted = p.predicted.map(|r| r.to_string()).unwrap_or_default();
        ratings += &format!(
            "{},lab,1,{},{},{},{},{},fms,{rating},{predicted}\n",
            p.participant, p.condition, p.condition, p.position, p.previous, p.t_s
        );
    }
    let mut stops = String::from("participant,site,condition,position,time_s,event,reason\n");
    for (participant, condition, position, time_s, event) in &s.stops {
        let reason = if *event { "stop_rule" } else { "completed" };
        stops += &format!(
            "{participant},lab,{condition},{position},{time_s},{},{reason}\n",
            u8::from(*event)
        );
    }
    let mut people =
        String::from("participant,site,sequence,simulated,mssq_raw,sessions_resumed\n");
    for (p, score) in s.mssq.iter().enumerate() {
        let score = score.map(|v| v.to_string()).unwrap_or_default();
        people += &format!("P{:02},lab,1,true,{score},0\n", p + 1);
    }
    std::fs::create_dir_all(dir).unwrap();
    for (name, text) in [
        ("ratings_long.csv", ratings),
        ("stops.csv", stops),
        ("participants.csv", people),
    ] {
        std::fs::write(dir.join(name), text).unwrap();
    }
}

/// The ratings as this crate's model data, as the report builds it.
fn data(s: &Study) -> Data {
    let positions: Vec<String> = s.prompts.iter().map(|p| p.position.to_string()).collect();
    let conditions: Vec<Option<&str>> = s.prompts.iter().map(|p| Some(p.condition)).collect();
    let previous: Vec<Option<&str>> = s.prompts.iter().map(|p| Some(p.previous)).collect();
    let positions: Vec<Option<&str>> = positions.iter().map(|p| Some(p.as_str())).collect();
    let mut previous_levels = vec!["none"];
    previous_levels.extend(CONDITIONS);
    let mssq = s
        .prompts
        .iter()
        .map(|p| s.mssq[p.participant[1..].parse::<usize>().unwrap() - 1])
        .collect();
    let t_min = s.prompts.iter().map(|p| Some(p.t_s / 60.0)).collect();
    let predicted = s.prompts.iter().map(|p| p.predicted).collect();
    let groups = s.prompts.iter().map(|p| p.participant.clone()).collect();
    Data::new(s.prompts.iter().map(|p| p.rating).collect(), groups)
        .and_then(|d| d.with_factor("condition", &CONDITIONS, &conditions))
        .and_then(|d| d.with_factor("position", &["1", "2", "3"], &positions))
        .and_then(|d| d.with_factor("previous_condition", &previous_levels, &previous))
        .and_then(|d| d.with_numeric("t_min", t_min))
        .and_then(|d| d.with_numeric("mssq", mssq))
        .and_then(|d| d.with_numeric("predicted_msi", predicted))
        .unwrap()
}

/// This crate's three files for the made-up study.
fn our_files(s: &Study) -> [String; 3] {
    let data = data(s);
    let mut model = format!("{MODEL_HEADER}\n");
    for m in MODELS {
        let fit = lmm::fit(&Design::build(&data, m.terms).unwrap(), Criterion::Reml).unwrap();
        model += &model_rows(m.name, &fit);
    }
    let mut tests = format!("{TESTS_HEADER}\n");
    for t in TESTS {
        let c = lmm::compare(&data, t.reduced, t.full).unwrap();
        tests += &likelihood_ratio_row(t.name, &c.test);
    }
    let groups: Vec<Vec<Spell>> = CONDITIONS
        .iter()
        .map(|c| {
            s.stops
                .iter()
                .filter(|stop| stop.1 == *c)
                .map(|stop| Spell {
                    time_s: stop.3,
                    event: stop.4,
                })
                .collect()
        })
        .collect();
    let refs: Vec<&[Spell]> = groups.iter().map(Vec::as_slice).collect();
    let log_rank = survival::log_rank(&refs).unwrap();
    tests += &test_row(LOG_RANK, log_rank.chi_square, log_rank.df, log_rank.p);
    let participants: Vec<Vec<&str>> = CONDITIONS
        .iter()
        .map(|c| {
            s.stops
                .iter()
                .filter(|stop| stop.1 == *c)
                .map(|stop| stop.0.as_str())
                .collect()
        })
        .collect();
    let clusters: Vec<&[&str]> = participants.iter().map(Vec::as_slice).collect();
    let cox = survival::cox(&refs, &clusters).unwrap();
    model += &cox_rows(&CONDITIONS, &cox);
    tests += &test_row(COX_WALD, cox.wald, cox.df, cox.p);
    let mut curves = format!("{SURVIVAL_HEADER}\n");
    for (c, spells) in CONDITIONS.iter().zip(&groups) {
        curves += &survival_rows(c, &survival::kaplan_meier(spells).unwrap());
    }
    [model, tests, curves]
}

/// Whether `Rscript` runs and has the packages the script needs.
fn r_is_ready() -> bool {
    let check =
        "quit(status = !all(sapply(c('lme4', 'survival'), requireNamespace, quietly = TRUE)))";
    Command::new("Rscript")
        .args(["-e", check])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn the_script_names_the_models_and_the_reference_levels() {
    let script = analysis_r(&CONDITIONS, true);
    for needle in [
        "conditions <- c(\"classic\", \"polar-velocity\", \"tank\")",
        "mssq_collected <- TRUE",
        "M1 = list(formula = rating ~ condition + position + t_min + (1 | participant)",
        "M2 = list(formula = rating ~ condition + position + t_min + previous_condition + (1 | participant)",
        "M3 = list(formula = rating ~ condition + position + t_min + mssq + (1 | participant)",
        "M4 = list(formula = rating ~ condition + position + t_min + predicted_msi + (1 | participant)",
        "lrt_prediction = list(reduced = rating ~ condition + position + t_min + (1 | participant)",
        "lrt_condition = list(reduced = rating ~ position + t_min + (1 | participant)",
        "levels = c(\"none\", conditions)",
        "model_header <- \"model,term,estimate,se,ci_low,ci_high\"",
        "ordinal::clmm(rating ~ condition + position + t_min + (1 | participant)",
        "survfit(Surv(time_s, event) ~ condition",
        "coxph(Surv(time_s, event) ~ condition, data = stops, cluster = participant)",
        "print(sessionInfo())",
    ] {
        assert!(script.contains(needle), "the script lacks {needle:?}");
    }
    assert!(analysis_r(&["a"], false).contains("mssq_collected <- FALSE"));
    assert_eq!(r_string("say \"hi\"\\"), "\"say \\\"hi\\\"\\\\\"");
}

#[test]
fn r_fits_the_same_numbers_as_the_report() {
    let s = study();
    let ours = our_files(&s);
    if !r_is_ready() {
        eprintln!("Rscript with lme4 and survival is not installed: skipped running analysis.R");
        return;
    }
    let dir = std::env::temp_dir().join(format!("wobblecaster-rscript-{}", std::process::id()));
    write_folder(&dir, &s);
    std::fs::write(dir.join(SCRIPT_FILE), analysis_r(&CONDITIONS, true)).unwrap();
    let run = Command::new("Rscript")
        .arg(SCRIPT_FILE)
        .current_dir(&dir)
        .output()
        .unwrap();
    let printed = String::from_utf8_lossy(&run.stdout).into_owned();
    assert!(
        run.status.success(),
        "{printed}\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let theirs = Files::read(&dir, true).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(!printed.contains("failed:"), "{printed}");
    let [model, tests, survival] = ours;
    let a = agree::compare(
        &Files {
            model,
            tests,
            survival,
        },
        &theirs,
    );
    assert!(a.agrees(), "{}", a.faults.join("\n"));
    // R's extra rows are there too.
    assert!(theirs
        .model
        .contains(&format!("\n{ORDINAL_MODEL},conditiontank,")));
    assert!(theirs.tests.contains(&format!("\n{ORDINAL_CONDITION},")));
}
