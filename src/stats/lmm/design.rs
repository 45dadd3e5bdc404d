//! The data a model is fitted to and its model matrix, with R's column
//! names and lme4's dropping of aliased columns.

use super::*;
use std::collections::BTreeMap;

/// One predictor column of [`Data`].
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Column {
    /// Each row's level as an index into the levels (None = missing); the
    /// first level is the reference.
    Factor {
        levels: Vec<String>,
        values: Vec<Option<usize>>,
    },
    /// Each row's value in its own units (None = missing).
    Numeric(Vec<Option<f64>>),
}

/// A response, each row's group and named predictor columns: a data frame
/// with the few column kinds a formula here uses.
#[derive(Clone, Debug, PartialEq)]
pub struct Data {
    pub(super) response: Vec<Option<f64>>,
    pub(super) groups: Vec<String>,
    columns: Vec<(String, Column)>,
}

impl Data {
    /// The response per row (None = missing, as R's `NA`; the row is then
    /// skipped) and each row's group (participant).
    pub fn new(response: Vec<Option<f64>>, groups: Vec<String>) -> Result<Data, LmmError> {
        check_lengths("group", groups.len(), response.len())?;
        check_finite("response", &response)?;
        Ok(Data {
            response,
            groups,
            columns: Vec::new(),
        })
    }

    /// Adds a factor: its levels in order, the first being the reference
    /// (as R's `factor(x, levels = ...)` or `relevel`), and each row's
    /// level (None = missing). Levels no complete row uses are left out of
    /// the model, as lme4's `drop.unused.levels` does.
    pub fn with_factor(
        mut self,
        name: &str,
        levels: &[&str],
        values: &[Option<&str>],
    ) -> Result<Data, LmmError> {
        self.check_new(name, values.len())?;
        for (i, level) in levels.iter().enumerate() {
            if levels[..i].contains(level) {
                return Err(LmmError::Duplicate(format!("{name}{level}")));
            }
        }
        let indexes = values
            .iter()
            .enumerate()
            .map(|(row, value)| match value {
                None => Ok(None),
                Some(v) => levels
                    .iter()
                    .position(|level| level == v)
                    .map(Some)
                    .ok_or_else(|| LmmError::UnknownLevel {
                        name: name.to_string(),
                        row,
                        value: v.to_string(),
                    }),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let levels = levels.iter().map(|l| l.to_string()).collect();
        self.columns.push((
            name.to_string(),
            Column::Factor {
                levels,
                values: indexes,
            },
        ));
        Ok(self)
    }

    /// Adds a numeric covariate in its own units (None = missing).
    pub fn with_numeric(mut self, name: &str, values: Vec<Option<f64>>) -> Result<Data, LmmError> {
        self.check_new(name, values.len())?;
        check_finite(name, &values)?;
        self.columns
            .push((name.to_string(), Column::Numeric(values)));
        Ok(self)
    }

    /// Rows, missing ones included.
    pub fn rows(&self) -> usize {
        self.response.len()
    }

    fn check_new(&self, name: &str, len: usize) -> Result<(), LmmError> {
        if self.columns.iter().any(|(n, _)| n == name) {
            return Err(LmmError::Duplicate(name.to_string()));
        }
        check_lengths(name, len, self.rows())
    }

    pub(super) fn column(&self, name: &str) -> Result<&Column, LmmError> {
        self.columns
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, c)| c)
            .ok_or_else(|| LmmError::UnknownColumn(name.to_string()))
    }

    /// Whether row `row` has a response and every named column.
    pub(super) fn complete(&self, row: usize, names: &[&Column]) -> bool {
        self.response[row].is_some()
            && names.iter().all(|c| match c {
                Column::Factor { values, .. } => values[row].is_some(),
                Column::Numeric(values) => values[row].is_some(),
            })
    }
}

fn check_lengths(name: &str, got: usize, want: usize) -> Result<(), LmmError> {
    if got == want {
        return Ok(());
    }
    Err(LmmError::Length {
        name: name.to_string(),
        got,
        want,
    })
}

fn check_finite(name: &str, values: &[Option<f64>]) -> Result<(), LmmError> {
    match values
        .iter()
        .enumerate()
        .find(|(_, v)| v.is_some_and(|v| !v.is_finite()))
    {
        Some((row, value)) => Err(LmmError::NotFinite {
            name: name.to_string(),
            row,
            value: value.unwrap_or(f64::NAN),
        }),
        None => Ok(()),
    }
}

/// A model matrix reduced to what the fit needs: its column names, the
/// aliased columns dropped, the group sizes, the group means of `[X y]` and
/// the within-group cross-products of `[X y]`.
#[derive(Clone, Debug)]
pub struct Design {
    /// The kept columns' names, as lme4 names the fixed effects.
    pub columns: Vec<String>,
    /// Columns dropped as aliased (a linear combination of earlier ones),
    /// as lme4 drops them.
    pub dropped: Vec<String>,
    /// Complete rows used.
    pub observations: usize,
    /// Rows per group, for the groups with complete rows.
    pub(super) sizes: Vec<f64>,
    /// Group means of `[X y]`, one column per group (`p + 1` rows).
    pub(super) means: DMatrix<f64>,
    /// `Σ (z - mean of z's group)(z - mean)'` over the rows, `z = [x y]`.
    pub(super) within: DMatrix<f64>,
}

impl Design {
    /// The model `response ~ terms + (1 | group)` on the rows complete in
    /// the response and the terms. The intercept comes first, then each
    /// term's columns in the order given.
    pub fn build(data: &Data, terms: &[&str]) -> Result<Design, LmmError> {
        Design::build_complete_in(data, terms, &[])
    }

    /// As [`Design::build`], on the rows complete in `also` as well: a
    /// reduced model fitted on a fuller model's rows, so the two can be
    /// compared.
    pub fn build_complete_in(
        data: &Data,
        terms: &[&str],
        also: &[&str],
    ) -> Result<Design, LmmError> {
        let used: Vec<&Column> = terms
            .iter()
            .chain(also)
            .flat_map(|term| term.split(':'))
            .map(|name| data.column(name))
            .collect::<Result<_, _>>()?;
        let rows: Vec<usize> = (0..data.rows())
            .filter(|&row| data.complete(row, &used))
            .collect();
        let (names, x) = model_matrix(data, terms, &rows)?;
        let kept = unaliased(&x);
        let dropped = (0..names.len())
            .filter(|j| !kept.contains(j))
            .map(|j| names[j].clone())
            .collect();
        let columns = kept.iter().map(|&j| names[j].clone()).collect();
        let x = x.select_columns(kept.iter());
        let y: Vec<f64> = rows
            .iter()
            .map(|&r| data.response[r].unwrap_or(0.0))
            .collect();
        let groups: Vec<&str> = rows.iter().map(|&r| data.groups[r].as_str()).collect();
        let (sizes, means, within) = group_statistics(&x, &y, &groups);
        Ok(Design {
            columns,
            dropped,
            observations: rows.len(),
            sizes,
            means,
            within,
        })
    }

    /// Groups with complete rows.
    pub fn groups(&self) -> usize {
        self.sizes.len()
    }
}

/// The model matrix of `terms` on `rows`, with R's column names: the
/// intercept, a factor's non-reference levels used in `rows` (named term
/// then level), a numeric term as itself, an interaction `a:b` as
/// `interaction` makes it.
pub(super) fn model_matrix(
    data: &Data,
    terms: &[&str],
    rows: &[usize],
) -> Result<(Vec<String>, DMatrix<f64>), LmmError> {
    let mut names = vec![INTERCEPT.to_string()];
    let mut columns: Vec<Vec<f64>> = vec![vec![1.0; rows.len()]];
    for &term in terms {
        if let Some((a, b)) = term.split_once(':') {
            for (name, column) in interaction(data, a, b, rows)? {
                names.push(name);
                columns.push(column);
            }
            continue;
        }
        match data.column(term)? {
            Column::Factor { levels, values } => {
                let present: Vec<usize> = (0..levels.len())
                    .filter(|&l| rows.iter().any(|&r| values[r] == Some(l)))
                    .collect();
                for &level in present.iter().skip(1) {
                    names.push(format!("{term}{}", levels[level]));
                    columns.push(
                        rows.iter()
                            .map(|&r| f64::from(u8::from(values[r] == Some(level))))
                            .collect(),
                    );
                }
            }
            Column::Numeric(values) => {
                names.push(term.to_string());
                columns.push(rows.iter().map(|&r| values[r].unwrap_or(0.0)).collect());
            }
        }
    }
    for (i, name) in names.iter().enumerate() {
        if names[..i].contains(name) {
            return Err(LmmError::Duplicate(name.clone()));
        }
    }
    let x = DMatrix::from_fn(rows.len(), names.len(), |i, j| columns[j][i]);
    Ok((names, x))
}

/// The columns of the interaction `a:b` on `rows`, as R's `model.matrix`
/// names them when both main effects are in the model: a numeric term
/// times a numeric one (`a:b`), or a factor's non-reference levels used in
/// `rows`, each times the numeric term (`conditionpolar:t_min`, the names
/// in the order written). Two factors are refused.
fn interaction(
    data: &Data,
    a: &str,
    b: &str,
    rows: &[usize],
) -> Result<Vec<(String, Vec<f64>)>, LmmError> {
    let numeric = |name: &str| -> Result<bool, LmmError> {
        Ok(matches!(data.column(name)?, Column::Numeric(_)))
    };
    let dummies = |name: &str| -> Result<Vec<(String, Vec<f64>)>, LmmError> {
        match data.column(name)? {
            Column::Numeric(values) => Ok(vec![(
                name.to_string(),
                rows.iter().map(|&r| values[r].unwrap_or(0.0)).collect(),
            )]),
            Column::Factor { levels, values } => Ok((0..levels.len())
                .filter(|&l| rows.iter().any(|&r| values[r] == Some(l)))
                .skip(1)
                .map(|level| {
                    (
                        format!("{name}{}", levels[level]),
                        rows.iter()
                            .map(|&r| f64::from(u8::from(values[r] == Some(level))))
                            .collect(),
                    )
                })
                .collect()),
        }
    };
    if !numeric(a)? && !numeric(b)? {
        return Err(LmmError::UnknownColumn(format!("{a}:{b}")));
    }
    let (left, right) = (dummies(a)?, dummies(b)?);
    Ok(left
        .iter()
        .flat_map(|(l, lv)| {
            right.iter().map(move |(r, rv)| {
                (
                    format!("{l}:{r}"),
                    lv.iter().zip(rv).map(|(x, y)| x * y).collect(),
                )
            })
        })
        .collect())
}

/// The indexes of the columns lme4 keeps: those whose residual after the
/// columns before them is at least [`RANK_TOLERANCE`] of their norm, read
/// from the diagonal of an unpivoted Householder QR. R's LINPACK `dqrdc2`
/// measures the residual after the kept columns only; the two differ only
/// for a column whose residual lies within about 1e-7 of the tolerance.
pub(super) fn unaliased(x: &DMatrix<f64>) -> Vec<usize> {
    let norms: Vec<f64> = x.column_iter().map(|c| c.norm()).collect();
    let r = x.clone().qr().r();
    (0..x.ncols())
        .filter(|&j| {
            let reference = if norms[j] > 0.0 { norms[j] } else { 1.0 };
            j < r.nrows() && r[(j, j)].abs() >= RANK_TOLERANCE * reference
        })
        .collect()
}

/// Group sizes, group means of `[x y]` (one column per group) and the
/// within-group cross-product of `[x y]`, groups in name order.
fn group_statistics(
    x: &DMatrix<f64>,
    y: &[f64],
    groups: &[&str],
) -> (Vec<f64>, DMatrix<f64>, DMatrix<f64>) {
    let mut index: BTreeMap<&str, usize> = BTreeMap::new();
    for g in groups {
        index.insert(g, 0);
    }
    for (i, slot) in index.values_mut().enumerate() {
        *slot = i;
    }
    let group_of: Vec<usize> = groups.iter().map(|g| index[g]).collect();
    let z = DMatrix::from_fn(x.nrows(), x.ncols() + 1, |i, j| {
        if j < x.ncols() {
            x[(i, j)]
        } else {
            y[i]
        }
    });
    let mut sizes = vec![0.0; index.len()];
    let mut means = DMatrix::zeros(z.ncols(), index.len());
    for (i, &g) in group_of.iter().enumerate() {
        sizes[g] += 1.0;
        for j in 0..z.ncols() {
            means[(j, g)] += z[(i, j)];
        }
    }
    for (g, size) in sizes.iter().enumerate() {
        let mut column = means.column_mut(g);
        column /= *size;
    }
    let centred = DMatrix::from_fn(z.nrows(), z.ncols(), |i, j| {
        z[(i, j)] - means[(j, group_of[i])]
    });
    let within = centred.tr_mul(&centred);
    (sizes, means, within)
}
