//! Courses: an ordered list of checkpoints ending at a finish, as a map
//! places them, and [`Progress`], which follows a run through them tick
//! by tick (the feel lab's bot driver and a run timer both read it).

use super::error::{MapErrorKind, Place};

/// How close to a checkpoint's centre a run must come to pass it, tiles,
/// when the map gives no `radius`: a gate across a corridor three tiles
/// wide, passed by running down its middle third.
pub const DEFAULT_RADIUS: f64 = 1.0;
/// The smallest checkpoint radius a map may ask for, tiles.
pub const MIN_RADIUS: f64 = 0.25;
/// The largest checkpoint radius a map may ask for, tiles.
pub const MAX_RADIUS: f64 = 8.0;

/// A checkpoint or the finish as a map file places it, before the course
/// is checked: its number (None for the finish), where it stands and where
/// the file says so.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mark {
    /// The checkpoint's number, from 1; None for the finish.
    pub number: Option<u32>,
    /// Centre in tiles.
    pub at: [f64; 2],
    /// Radius in tiles.
    pub radius: f64,
    /// Where the map file puts it.
    pub place: Place,
}

/// One point of a course: passed when a run comes within `radius` of it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Checkpoint {
    /// Centre in tiles (the centre of its tile).
    pub at: [f64; 2],
    /// How close a run must come, tiles.
    pub radius: f64,
    /// Where the map file puts it, for messages.
    pub place: Place,
}

impl Checkpoint {
    /// True if a body centred at `p` (tiles) is within the radius.
    pub fn holds(&self, p: [f64; 2]) -> bool {
        (p[0] - self.at[0]).hypot(p[1] - self.at[1]) <= self.radius
    }
}

/// The checkpoints of a map in order, the finish last (so never empty).
#[derive(Clone, Debug, PartialEq)]
pub struct Course {
    points: Vec<Checkpoint>,
}

impl Course {
    /// The course the marks of one map file make, None when there are
    /// none; or every fault, each at its mark's place: a number given
    /// twice (at the later mark), a gap in the numbers (at the first mark
    /// after it), a second finish, and checkpoints without a finish (at
    /// the last checkpoint), in file order. `marks` come in file order.
    pub fn from_marks(marks: &[Mark]) -> Result<Option<Course>, Vec<(Place, MapErrorKind)>> {
        if marks.is_empty() {
            return Ok(None);
        }
        let mut faults = Vec::new();
        let finishes: Vec<&Mark> = marks.iter().filter(|m| m.number.is_none()).collect();
        for extra in finishes.iter().skip(1) {
            faults.push((extra.place, MapErrorKind::SecondFinish));
        }
        let mut numbered: Vec<(u32, &Mark)> =
            marks.iter().filter_map(|m| Some((m.number?, m))).collect();
        // Stable: of two marks with one number, the later in the file is
        // the one reported.
        numbered.sort_by_key(|(n, _)| *n);
        let mut expected = 1;
        for (i, &(n, m)) in numbered.iter().enumerate() {
            if i > 0 && numbered[i - 1].0 == n {
                faults.push((m.place, MapErrorKind::DuplicateCheckpoint(n)));
                continue;
            }
            if n != expected {
                let kind = MapErrorKind::CheckpointGap {
                    found: n,
                    missing: expected,
                };
                faults.push((m.place, kind));
            }
            expected = n.saturating_add(1);
        }
        let Some(finish) = finishes.first() else {
            let last = numbered.last().expect("marks but no finish: a checkpoint");
            faults.push((last.1.place, MapErrorKind::NoFinish));
            faults.sort_by_key(|f| file_order(&f.0));
            return Err(faults);
        };
        if !faults.is_empty() {
            faults.sort_by_key(|f| file_order(&f.0));
            return Err(faults);
        }
        let point = |m: &Mark| Checkpoint {
            at: m.at,
            radius: m.radius,
            place: m.place,
        };
        let mut points: Vec<Checkpoint> = numbered.iter().map(|(_, m)| point(m)).collect();
        points.push(point(finish));
        Ok(Some(Course { points }))
    }

    /// Every checkpoint in order, the finish last.
    pub fn checkpoints(&self) -> &[Checkpoint] {
        &self.points
    }

    /// How many numbered checkpoints there are: the finish not counted.
    pub fn numbered(&self) -> usize {
        self.points.len() - 1
    }

    /// The course in words, as the HUD, the finish screen and `check-map`
    /// all say it: "4 checkpoints and a finish", "1 checkpoint and a
    /// finish", or "a finish" alone.
    pub fn describe(&self) -> String {
        match self.numbered() {
            0 => "a finish".to_string(),
            1 => "1 checkpoint and a finish".to_string(),
            n => format!("{n} checkpoints and a finish"),
        }
    }

    /// The finish.
    pub fn finish(&self) -> &Checkpoint {
        self.points.last().expect("a course ends at its finish")
    }

    /// The route from `start` through every checkpoint's centre to the
    /// finish's: straight segments between these points, in tiles.
    pub fn route(&self, start: [f64; 2]) -> Vec<[f64; 2]> {
        std::iter::once(start)
            .chain(self.points.iter().map(|c| c.at))
            .collect()
    }
}

/// Where a place comes in its file: line and column, or a Tiled
/// object's id.
fn file_order(p: &Place) -> (usize, usize) {
    match *p {
        Place::Object { id, .. } => (id as usize, 0),
        other => (other.line(), other.col()),
    }
}

/// The distance in tiles from `p` to the nearest of the straight segments
/// joining the points of `route` in turn (to the point itself when the
/// route has one).
pub fn distance_to_route(route: &[[f64; 2]], p: [f64; 2]) -> f64 {
    let one = route.first().map_or(f64::INFINITY, |a| dist(*a, p));
    route
        .windows(2)
        .map(|s| dist(nearest_on_segment(s[0], s[1], p).0, p))
        .fold(one, f64::min)
}

/// The point of the segment from `a` to `b` nearest `p`, and how far along
/// the segment it is (0 at `a`, 1 at `b`).
pub fn nearest_on_segment(a: [f64; 2], b: [f64; 2], p: [f64; 2]) -> ([f64; 2], f64) {
    let d = [b[0] - a[0], b[1] - a[1]];
    let len2 = d[0] * d[0] + d[1] * d[1];
    let t = if len2 > 0.0 {
        (((p[0] - a[0]) * d[0] + (p[1] - a[1]) * d[1]) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    ([a[0] + t * d[0], a[1] + t * d[1]], t)
}

fn dist(a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

/// How a run takes a course's checkpoints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// The feel lab's: a run that comes within the radius of a later
    /// checkpoint (or the finish) before the next one passes that one and
    /// misses every one it skipped (`checkpoints_missed` counts them).
    Skipping,
    /// Play's: only the next checkpoint counts; a later one (or the finish
    /// before every checkpoint) is out of order and passes nothing
    /// ([`Progress::out_of_order`] tells which was touched).
    Strict,
}

/// A run through a course, followed tick by tick: which checkpoint was
/// passed at which tick, which were missed, and the tick of the finish.
///
/// Checkpoints are taken in order, as the run's [`Order`] says; the finish
/// ends the run, and later positions change nothing.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    course: Course,
    /// How checkpoints are taken.
    order: Order,
    /// For each checkpoint (the finish last), the tick it was passed at.
    passed: Vec<Option<u64>>,
    /// The first checkpoint not yet passed or missed.
    next: usize,
}

impl Progress {
    /// A run that has passed nothing yet, in the feel lab's order
    /// ([`Order::Skipping`]).
    pub fn new(course: &Course) -> Self {
        Self::with_order(course, Order::Skipping)
    }

    /// A run that has passed nothing yet, taking checkpoints in `order`.
    pub fn with_order(course: &Course, order: Order) -> Self {
        Self {
            passed: vec![None; course.points.len()],
            course: course.clone(),
            order,
            next: 0,
        }
    }

    /// Takes the body's centre `p` (tiles) at `tick`; the index of the
    /// checkpoint it passes now, if any (the finish is the last index).
    pub fn update(&mut self, tick: u64, p: [f64; 2]) -> Option<usize> {
        if self.finished().is_some() {
            return None;
        }
        let points = match self.order {
            Order::Skipping => &self.course.points[self.next..],
            Order::Strict => &self.course.points[self.next..=self.next],
        };
        let hit = self.next + points.iter().position(|c| c.holds(p))?;
        self.passed[hit] = Some(tick);
        self.next = hit + 1;
        Some(hit)
    }

    /// In [`Order::Strict`], the index of a checkpoint after the next one
    /// (the finish included) whose radius holds `p` (tiles): touched out of
    /// order, it did not count. None in [`Order::Skipping`], once finished,
    /// or when `p` is in none of them.
    pub fn out_of_order(&self, p: [f64; 2]) -> Option<usize> {
        if self.order != Order::Strict || self.finished().is_some() {
            return None;
        }
        let later = &self.course.points[self.next + 1..];
        Some(self.next + 1 + later.iter().position(|c| c.holds(p))?)
    }

    /// How checkpoints are taken in this run.
    pub fn order(&self) -> Order {
        self.order
    }

    /// The tick each checkpoint was passed at (the finish last); None for
    /// one missed or not reached yet.
    pub fn passed(&self) -> &[Option<u64>] {
        &self.passed
    }

    /// The index of the next checkpoint to pass (the checkpoints' count
    /// once finished).
    pub fn next(&self) -> usize {
        self.next
    }

    /// How many checkpoints were skipped so far: behind the next one and
    /// not passed; once the run ends, every one not passed (the finish
    /// included when it was never reached).
    pub fn missed(&self) -> usize {
        self.passed[..self.next]
            .iter()
            .filter(|t| t.is_none())
            .count()
    }

    /// How many checkpoints a run ending now has missed: those skipped and
    /// those never reached.
    pub fn missed_at_end(&self) -> usize {
        self.passed.iter().filter(|t| t.is_none()).count()
    }

    /// The tick the finish was passed at, if it was.
    pub fn finished(&self) -> Option<u64> {
        *self.passed.last().expect("a course ends at its finish")
    }

    /// The course followed.
    pub fn course(&self) -> &Course {
        &self.course
    }
}

impl Progress {
    /// Visits a run through the course: the tick each checkpoint was passed
    /// at and the next to pass (the course and its order are the map's).
    pub fn visit_state(&mut self, v: &mut impl crate::snapshot::Visitor) {
        v.fixed(&mut self.passed, "the number of checkpoints", |v, t| {
            let most = crate::snapshot::MAX_COUNT;
            v.option(
                t,
                || 0,
                |v, tick| v.counter(tick, most, "a checkpoint's tick"),
            );
        });
        let points = self.passed.len();
        v.index(&mut self.next, points + 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mark(number: Option<u32>, x: f64, line: usize) -> Mark {
        Mark {
            number,
            at: [x, 0.5],
            radius: 1.0,
            place: Place::Text { line, col: 1 },
        }
    }

    fn course() -> Course {
        let marks = [
            mark(Some(2), 20.5, 1),
            mark(None, 30.5, 2),
            mark(Some(1), 10.5, 3),
        ];
        Course::from_marks(&marks).unwrap().unwrap()
    }

    #[test]
    fn marks_come_in_number_order_with_the_finish_last() {
        let xs: Vec<f64> = course().checkpoints().iter().map(|c| c.at[0]).collect();
        assert_eq!(xs, vec![10.5, 20.5, 30.5]);
        assert_eq!(course().route([0.0, 0.5]).len(), 4);
        assert_eq!(course().numbered(), 2);
        assert_eq!(course().describe(), "2 checkpoints and a finish");
        assert_eq!(Course::from_marks(&[]).unwrap(), None);
    }

    #[test]
    fn duplicates_gaps_and_a_missing_finish_are_each_placed() {
        let marks = [
            mark(Some(1), 1.5, 1),
            mark(Some(3), 2.5, 2),
            mark(Some(1), 3.5, 3),
        ];
        let faults = Course::from_marks(&marks).unwrap_err();
        let lines: Vec<usize> = faults.iter().map(|f| f.0.line()).collect();
        assert_eq!(lines, vec![2, 2, 3], "{faults:?}");
        assert!(matches!(faults[2].1, MapErrorKind::DuplicateCheckpoint(1)));
        assert!(matches!(
            faults[0].1,
            MapErrorKind::CheckpointGap {
                found: 3,
                missing: 2
            }
        ));
        assert!(matches!(faults[1].1, MapErrorKind::NoFinish));
        let two = [mark(None, 1.5, 1), mark(None, 2.5, 2)];
        let faults = Course::from_marks(&two).unwrap_err();
        assert_eq!(faults.len(), 1);
        assert!(matches!(faults[0].1, MapErrorKind::SecondFinish));
        assert_eq!(faults[0].0.line(), 2);
    }

    /// The largest number a map can write is a gap, not an overflow.
    #[test]
    fn the_largest_checkpoint_number_is_a_located_gap() {
        let marks = [
            mark(Some(1), 1.5, 1),
            mark(Some(u32::MAX), 2.5, 2),
            mark(None, 3.5, 3),
        ];
        let faults = Course::from_marks(&marks).unwrap_err();
        assert_eq!(faults.len(), 1, "{faults:?}");
        assert!(matches!(
            faults[0].1,
            MapErrorKind::CheckpointGap {
                found: u32::MAX,
                missing: 2
            }
        ));
    }

    #[test]
    fn progress_passes_in_order_and_a_skipped_checkpoint_is_missed() {
        let c = course();
        let mut run = Progress::new(&c);
        assert_eq!(run.update(0, [0.0, 0.5]), None);
        assert_eq!(run.update(5, [10.0, 0.5]), Some(0));
        // Inside the same one again: nothing new.
        assert_eq!(run.update(6, [10.2, 0.5]), None);
        // Round checkpoint 2 (at 20.5) and on to the finish.
        assert_eq!(run.update(9, [20.5, 3.0]), None);
        assert_eq!(run.missed(), 0);
        assert_eq!(run.update(12, [30.0, 0.5]), Some(2));
        assert_eq!(run.finished(), Some(12));
        assert_eq!(run.passed(), &[Some(5), None, Some(12)]);
        assert_eq!(run.missed(), 1);
        // After the finish, nothing counts.
        assert_eq!(run.update(13, [10.5, 0.5]), None);
    }

    #[test]
    fn in_strict_order_a_later_checkpoint_does_not_count() {
        let c = course();
        let mut run = Progress::with_order(&c, Order::Strict);
        // Checkpoint 2 first: out of order, nothing passed.
        assert_eq!(run.update(1, [20.5, 0.5]), None);
        assert_eq!(run.out_of_order([20.5, 0.5]), Some(1));
        // The finish before checkpoint 1 and 2: out of order too.
        assert_eq!(run.update(2, [30.5, 0.5]), None);
        assert_eq!(run.out_of_order([30.5, 0.5]), Some(2));
        assert_eq!((run.next(), run.finished(), run.missed()), (0, None, 0));
        assert_eq!(run.update(3, [10.5, 0.5]), Some(0));
        assert_eq!(run.out_of_order([10.5, 0.5]), None, "the one passed");
        assert_eq!(run.update(4, [30.5, 0.5]), None);
        assert_eq!(run.update(5, [20.5, 0.5]), Some(1));
        assert_eq!(run.update(6, [30.5, 0.5]), Some(2));
        assert_eq!(run.passed(), &[Some(3), Some(5), Some(6)]);
        assert_eq!((run.missed(), run.missed_at_end()), (0, 0));
        assert_eq!(run.out_of_order([30.5, 0.5]), None, "finished");
        // The lab's order tells of nothing out of order.
        assert_eq!(Progress::new(&c).out_of_order([20.5, 0.5]), None);
    }

    #[test]
    fn a_run_that_stops_short_misses_what_it_never_reached() {
        let c = course();
        let mut run = Progress::new(&c);
        run.update(3, [10.5, 0.5]);
        assert_eq!(run.finished(), None);
        assert_eq!(run.missed(), 0);
        assert_eq!(run.missed_at_end(), 2);
        assert_eq!(run.next(), 1);
    }

    #[test]
    fn distance_to_route_is_to_the_nearest_segment() {
        let route = [[0.0, 0.0], [10.0, 0.0], [10.0, 10.0]];
        assert_eq!(distance_to_route(&route, [5.0, 2.0]), 2.0);
        assert_eq!(distance_to_route(&route, [12.0, 5.0]), 2.0);
        // Beyond the end: to the end point.
        assert_eq!(distance_to_route(&route, [13.0, 14.0]), 5.0);
    }
}
