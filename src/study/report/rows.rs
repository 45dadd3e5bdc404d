//! The columns every results table starts with: whose row it is and of
//! which condition, checked against the participant's session.

use super::session_file::SessionFile;
use super::table::{self, Checker, Row, Table};

/// The columns that say whose row it is and of which condition.
pub(super) struct Identity {
    /// The `label` column.
    label: usize,
    /// The `position` column, if the table has one.
    position: Option<usize>,
}

/// The first columns of every table: participant, condition, label.
pub(super) const WHO: Identity = Identity {
    label: 2,
    position: None,
};
/// ... and position.
pub(super) const WHO_AT: Identity = Identity {
    label: 2,
    position: Some(3),
};

/// The condition of `row` and its position in the order run (from 1),
/// after checking the participant, the label and the position against
/// the session; None after a fault.
pub(super) fn identify(
    f: &mut Checker,
    t: &Table,
    row: &Row,
    s: &SessionFile,
    who: &Identity,
) -> Option<(String, usize)> {
    if !is_participant(f, row, s) {
        return None;
    }
    let condition = f.field(t, row, 1, table::name)?;
    let Some(position) = s.position_of(&condition) else {
        let message = format!(
            "`condition` must be one of the session's ({}), found `{condition}`",
            s.order.join(", ")
        );
        f.at_field(row, 1, message);
        return None;
    };
    let label = &s.labels[position - 1];
    if row.text(who.label) != label {
        let message = format!("`label` of `{condition}` is `{label}` in session.toml");
        f.at_field(row, who.label, message);
        return None;
    }
    if let Some(i) = who.position {
        let n = s.order.len() as u64;
        let at = f.field(t, row, i, |v| table::whole(v, 1, n))?;
        if at != position as u64 {
            let message = format!("`position` of `{condition}` is {position} in session.toml");
            f.at_field(row, i, message);
            return None;
        }
    }
    Some((condition, position))
}

/// True if `row`'s first field is the session's participant; else false
/// after a fault.
pub(super) fn is_participant(f: &mut Checker, row: &Row, s: &SessionFile) -> bool {
    let participant = row.text(0);
    if participant != s.participant {
        let message = format!(
            "`participant` must be `{}` (the folder's), found {}",
            s.participant,
            table::shown(participant)
        );
        f.at_field(row, 0, message);
    }
    participant == s.participant
}
