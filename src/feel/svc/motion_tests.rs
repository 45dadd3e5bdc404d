use super::*;
use std::path::Path;

fn parse(text: &str) -> Result<MotionFile, MotionError> {
    MotionFile::parse(text, Path::new("m.csv"))
}

fn message(text: &str) -> String {
    parse(text).unwrap_err().to_string()
}

#[test]
fn a_file_reads_its_step_and_rows() {
    let m = parse("t_s,wx,wy,wz,fx,fy,fz\n0,0,0,0.5,0,0,9.81\r\n0.01,1,2,3,4,5,6\n\n").unwrap();
    assert_eq!(m.dt, 0.01);
    assert_eq!(m.t_s, vec![0.0, 0.01]);
    assert_eq!(m.inputs[0].omega, [0.0, 0.0, 0.5]);
    assert_eq!(m.inputs[1].f, [4.0, 5.0, 6.0]);
}

#[test]
fn what_is_written_reads_back_exactly() {
    let mut text = format!("{HEADER}\n");
    let rows: Vec<(f64, Motion)> = (0..50)
        .map(|k| {
            let t = k as f64 / 120.0;
            let m = Motion {
                omega: [t.sin() / 3.0, -0.1, 1e-17],
                f: [0.1 * t, -t.cos(), 9.81 + t / 7.0],
            };
            (t, m)
        })
        .collect();
    for (t, m) in &rows {
        write_row(&mut text, *t, m);
    }
    let back = parse(&text).unwrap();
    for (k, (t, m)) in rows.iter().enumerate() {
        assert_eq!((back.t_s[k], back.inputs[k]), (*t, *m));
    }
    assert!((back.dt - 1.0 / 120.0).abs() < 1e-15);
}

#[test]
fn faults_are_located() {
    assert_eq!(
        message("t,wx\n0,0"),
        "m.csv:1:1: the header is `t,wx`; a motion file starts with `t_s,wx,wy,wz,fx,fy,fz`"
    );
    assert_eq!(
        message("t_s,wx,wy,wz,fx,fy,fz\n0,0,0,0,0,0,9.81\n0.01,0,0,x,0,0,9.81\n"),
        "m.csv:3:10: `x` in column wz is not a finite number"
    );
    assert_eq!(
        message("t_s,wx,wy,wz,fx,fy,fz\n0,0,0,0,0,0,9.81\n0.01,0,0,0,0,NaN,9.81\n"),
        "m.csv:3:14: `NaN` in column fy is not a finite number"
    );
    assert_eq!(
        message("t_s,wx,wy,wz,fx,fy,fz\n0,0,0,0,0,0,9.81\n0.01,1e300,0,0,0,0,9.81\n"),
        "m.csv:3:6: 1e300 in column wx is past the most it takes, 1000 either way"
    );
    assert_eq!(
        message("t_s,wx,wy,wz,fx,fy,fz\n0,0,0,0,0,0,9.81\n0.01,0,0,0,0,0,-2e5\n"),
        "m.csv:3:16: -200000 in column fz is past the most it takes, 100000 either way"
    );
    assert_eq!(
        message("t_s,wx,wy,wz,fx,fy,fz\n0,0,0,0,0,0\n"),
        "m.csv:2:1: 6 fields; a row has 7 (t_s,wx,wy,wz,fx,fy,fz)"
    );
    assert!(message("t_s,wx,wy,wz,fx,fy,fz\n0,0,0,0,0,0,9.81\n")
        .starts_with("m.csv:2:1: 1 rows; a motion file needs two or more"));
    assert!(
        message(&format!("{HEADER}\n0,0,0,0,0,0,9.81\n1,0,0,0,0,0,9.81\n"))
            .starts_with("m.csv:3:1: the step is 1 s; it must be from 0.001 to 0.1 s")
    );
}

#[test]
fn a_dropped_row_is_refused_at_its_place() {
    let mut text = format!("{HEADER}\n");
    for k in (0..10).filter(|&k| k != 4) {
        text += &format!("{},0,0,0,0,0,9.81\n", k as f64 * 0.01);
    }
    // Nine rows over 0.09 s: the step reads as 0.01125 s and the second
    // row is already off it.
    let e = parse(&text).unwrap_err();
    assert_eq!(e.at, Place::text(3, 1));
    assert!(matches!(e.kind, MotionFault::Step { .. }), "{e}");
    assert!(e.to_string().contains("the step must be constant"), "{e}");
}
