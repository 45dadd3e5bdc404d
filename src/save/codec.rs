//! The bytes of a save's body: a [`Writer`] and a [`Reader`], the two
//! directions of [`crate::snapshot::Visitor`]. Every value is 8 bytes,
//! little-endian; every list's length is bounded by its visit; every read
//! is checked, and the first fault (the body ending early, a value that
//! cannot be) is kept with the byte offset it was met at.

use crate::snapshot::Visitor;

/// Writes a state's fields into bytes.
#[derive(Debug, Default)]
pub struct Writer {
    /// The bytes so far.
    pub bytes: Vec<u8>,
    /// The first value that could not be written (a state outside its
    /// lists: a bug, reported rather than saved).
    pub fault: Option<&'static str>,
}

impl Visitor for Writer {
    fn word(&mut self, v: &mut u64) {
        self.bytes.extend_from_slice(&v.to_le_bytes());
    }

    fn count(&mut self, n: usize, max: usize) -> usize {
        if n > max {
            self.refuse("a list longer than its bound");
        }
        self.word(&mut (n as u64));
        n
    }

    fn refuse(&mut self, what: &'static str) {
        self.fault.get_or_insert(what);
    }

    fn reading(&self) -> bool {
        false
    }
}

/// Why a body could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fault {
    /// The byte offset in the body where it was met.
    pub offset: usize,
    /// What was wrong.
    pub what: &'static str,
}

/// Reads a state's fields from bytes, overwriting them.
#[derive(Debug)]
pub struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    fault: Option<Fault>,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        Self {
            bytes,
            at: 0,
            fault: None,
        }
    }

    /// The first fault met, or one for bytes left over: a body is read
    /// whole or not at all.
    pub fn finish(&self) -> Result<(), Fault> {
        match self.fault {
            Some(f) => Err(f),
            None if self.at != self.bytes.len() => Err(Fault {
                offset: self.at,
                what: "bytes after the end of the state",
            }),
            None => Ok(()),
        }
    }
}

impl Visitor for Reader<'_> {
    fn word(&mut self, v: &mut u64) {
        if self.fault.is_some() {
            *v = 0;
            return;
        }
        match self.bytes.get(self.at..self.at + 8) {
            Some(b) => {
                *v = u64::from_le_bytes(b.try_into().expect("8 bytes"));
                self.at += 8;
            }
            None => {
                self.refuse("the state ends early");
                *v = 0;
            }
        }
    }

    fn count(&mut self, _n: usize, max: usize) -> usize {
        let mut w = 0;
        self.word(&mut w);
        match usize::try_from(w) {
            Ok(n) if n <= max => n,
            _ => {
                self.refuse("a list longer than its bound");
                0
            }
        }
    }

    fn refuse(&mut self, what: &'static str) {
        let offset = self.at;
        self.fault.get_or_insert(Fault { offset, what });
    }

    fn reading(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_float_read_must_be_finite_and_one_written_goes_as_it_is() {
        let mut w = Writer::default();
        for mut x in [1.5, f64::NAN, f64::INFINITY, -0.25] {
            w.f64(&mut x);
        }
        assert_eq!(w.fault, None);
        let mut r = Reader::new(&w.bytes);
        let mut x = 7.0;
        r.f64(&mut x);
        assert_eq!((x, r.fault), (1.5, None));
        r.f64(&mut x);
        assert_eq!(x, 0.0);
        let fault = r.fault.unwrap();
        assert_eq!(
            (fault.offset, fault.what),
            (16, "a number that is not finite")
        );
    }
}
