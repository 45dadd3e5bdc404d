//! The rows of `ratings.csv` in the shape of the header its file has: a
//! session resumed after the program changed keeps writing the rows its
//! file began with, so the report can still read every one.

use super::{RATINGS_HEADER, RATINGS_HEADER_V1, RATINGS_HEADER_V2};

/// Which of the headers of `ratings.csv` a file has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Shape {
    /// [`RATINGS_HEADER_V1`]: every rating an FMS, no scale column.
    V1,
    /// [`RATINGS_HEADER_V2`]: the scale, no latency.
    V2,
    /// [`RATINGS_HEADER`].
    #[default]
    Current,
}

/// One in-play rating, as [`Shape::row`] writes it.
pub(super) struct Rating<'a> {
    /// `participant,condition,label`.
    pub at: &'a str,
    /// The position, from 1.
    pub position: usize,
    /// Seconds into the condition.
    pub t_s: f64,
    /// The scale's name (`fms`, `misc`).
    pub scale: &'a str,
    /// The rating; None when the prompt went unanswered.
    pub rating: Option<u8>,
    /// Seconds from the prompt to the answer; None when unanswered.
    pub latency_s: Option<f64>,
}

impl Shape {
    /// The shape whose header is `line`; None for a header this program
    /// never wrote.
    pub(super) fn of_header(line: &str) -> Option<Self> {
        [
            (RATINGS_HEADER, Shape::Current),
            (RATINGS_HEADER_V2, Shape::V2),
            (RATINGS_HEADER_V1, Shape::V1),
        ]
        .into_iter()
        .find(|(header, _)| line.trim_end() == *header)
        .map(|(_, shape)| shape)
    }

    /// `r` as a row under this shape's header.
    pub(super) fn row(self, r: &Rating) -> String {
        let rating = r.rating.map_or(String::new(), |v| v.to_string());
        let (at, position, t_s, scale) = (r.at, r.position, r.t_s, r.scale);
        match self {
            Shape::V1 => format!("{at},{position},{t_s:.3},{rating}"),
            Shape::V2 => format!("{at},{position},{t_s:.3},{scale},{rating}"),
            Shape::Current => {
                let latency = r.latency_s.map_or(String::new(), |v| format!("{v:.3}"));
                format!("{at},{position},{t_s:.3},{scale},{rating},{latency}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_shape_writes_as_many_fields_as_its_header() {
        let r = Rating {
            at: "P1,a,A",
            position: 1,
            t_s: 12.5,
            scale: "fms",
            rating: Some(4),
            latency_s: Some(1.25),
        };
        for header in [RATINGS_HEADER, RATINGS_HEADER_V2, RATINGS_HEADER_V1] {
            let shape = Shape::of_header(header).unwrap();
            let row = shape.row(&r);
            assert_eq!(row.split(',').count(), header.split(',').count(), "{row}");
            assert!(row.starts_with("P1,a,A,1,12.500,"), "{row}");
        }
        assert_eq!(Shape::V2.row(&r), "P1,a,A,1,12.500,fms,4");
        assert_eq!(Shape::of_header("participant,x"), None);
    }
}
