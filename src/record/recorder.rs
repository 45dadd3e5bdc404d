//! Writing a recording as the world runs: one call per tick, a state hash
//! and a flush every second, into `NAME.partial`, renamed to its name when
//! closed, and never over an existing file.

use super::format::{check_line, controls_text, run_line};
use super::{Check, Header, CHECK_INTERVAL};
use crate::files;
use crate::sim::{Controls, World};
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// How many numbered names (`name-1.ext`, `name-2.ext`, ...) are tried
/// before giving up.
const MAX_NUMBERED: u32 = 9999;

/// Records a world tick by tick into a new file.
///
/// Lines go to `NAME.partial` through a buffer that is flushed at every
/// hash line, so a crash loses at most the last second. [`Recorder::finish`]
/// writes the end line and gives the file its name; a recorder dropped
/// without it leaves the partial file, a truncated recording, which still
/// replays up to its last hash line.
#[derive(Debug)]
pub struct Recorder {
    out: BufWriter<File>,
    /// The name the recording will have.
    path: PathBuf,
    /// The file being written until then.
    partial: PathBuf,
    /// Ticks recorded so far.
    ticks: u64,
    /// Ticks not yet written: how many, and their controls as text.
    pending: Option<(u64, String)>,
    /// The world's state hash after the newest tick.
    hash: u64,
}

impl Recorder {
    /// Starts recording `world`, which must be fresh (tick 0) and match
    /// `header`, into a new file at `path`. If that name is taken, the
    /// first free one of `name-1.ext`, `name-2.ext`, ... is used instead:
    /// [`Recorder::path`] says which. The header is on disk, in
    /// [`Recorder::partial_path`], when this returns.
    pub fn create(path: &Path, header: &Header, world: &World) -> io::Result<Self> {
        assert_eq!(world.tick(), 0, "a recording starts from a fresh world");
        assert_eq!(header.tunables, *world.tunables(), "the header's tunables");
        assert_eq!(header.map_name, world.map().name, "the header's map");
        let map = header.map.as_deref().unwrap_or(Path::new(""));
        let values = [map.to_string_lossy(), header.map_name.as_str().into()];
        if values.iter().any(|v| v.contains(['\n', '\r'])) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "the map's path or name holds a line break, which a recording cannot store",
            ));
        }
        let text = header.to_text();
        let (file, path) = create_new(path)?;
        let mut out = BufWriter::new(file);
        out.write_all(text.as_bytes())?;
        out.flush()?;
        Ok(Self {
            out,
            partial: files::partial_path(&path),
            path,
            ticks: 0,
            pending: None,
            hash: world.state_hash(),
        })
    }

    /// The name the recording will have once finished (another numbered
    /// one if something takes it first).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file being written: what an interrupted recording is left as.
    pub fn partial_path(&self) -> &Path {
        &self.partial
    }

    /// Ticks recorded so far.
    pub fn ticks(&self) -> u64 {
        self.ticks
    }

    /// Records one tick: the `controls` the world just stepped with, and
    /// `world` after the step. Call it after every step, none skipped.
    pub fn record(&mut self, controls: &Controls, world: &World) -> io::Result<()> {
        self.ticks += 1;
        assert_eq!(
            world.tick(),
            self.ticks,
            "record every tick, after its step"
        );
        self.hash = world.state_hash();
        let text = controls_text(controls);
        match &mut self.pending {
            // Equal text is equal bits: the format round-trips exactly.
            Some((count, pending)) if *pending == text => *count += 1,
            _ => {
                self.write_pending()?;
                self.pending = Some((1, text));
            }
        }
        if self.ticks.is_multiple_of(CHECK_INTERVAL) {
            self.write_check("hash")?;
            self.out.flush()?;
        }
        Ok(())
    }

    /// Closes the recording properly: the last ticks, then the end line
    /// with the tick count and the final hash; then gives it its name, or
    /// the next free numbered one if that was taken meanwhile. Returns the
    /// file's path.
    pub fn finish(mut self) -> io::Result<PathBuf> {
        self.write_check("end")?;
        self.out.flush()?;
        self.out.get_ref().sync_all()?;
        for candidate in candidates(&self.path) {
            match files::persist(&self.partial, &candidate, false) {
                Ok(()) => return Ok(candidate),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => {
                    let message = format!(
                        "cannot name {} {}: {e}",
                        self.partial.display(),
                        candidate.display()
                    );
                    return Err(io::Error::new(e.kind(), message));
                }
            }
        }
        Err(all_taken(&self.path))
    }

    /// Writes the pending run, then a check line `word`.
    fn write_check(&mut self, word: &str) -> io::Result<()> {
        self.write_pending()?;
        let check = Check {
            tick: self.ticks,
            hash: self.hash,
        };
        writeln!(self.out, "{}", check_line(word, check))
    }

    /// Writes the ticks not yet written, if any.
    fn write_pending(&mut self) -> io::Result<()> {
        match self.pending.take() {
            Some((count, text)) => writeln!(self.out, "{}", run_line(count, &text)),
            None => Ok(()),
        }
    }
}

/// `path`, then the numbered names beside it, in order.
fn candidates(path: &Path) -> impl Iterator<Item = PathBuf> + '_ {
    std::iter::once(path.to_path_buf()).chain((1..=MAX_NUMBERED).map(|n| numbered(path, n)))
}

/// The partial file of the first name that is free (with its partial
/// file) among `path` and the numbered names beside it, created; also
/// that name. Never opens an existing file.
fn create_new(path: &Path) -> io::Result<(File, PathBuf)> {
    for candidate in candidates(path) {
        if candidate.exists() {
            continue;
        }
        let partial = files::partial_path(&candidate);
        match files::create_new(&partial) {
            Ok(file) => return Ok((file, candidate)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => {
                let message = format!("cannot create {}: {e}", partial.display());
                return Err(io::Error::new(e.kind(), message));
            }
        }
    }
    Err(all_taken(path))
}

/// The error when `path` and every numbered name beside it are taken.
fn all_taken(path: &Path) -> io::Error {
    io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!(
            "{} and {MAX_NUMBERED} numbered names beside it are all taken",
            path.display()
        ),
    )
}

/// `name-N.ext` beside `name.ext` (`name-N` without an extension).
fn numbered(path: &Path, n: u32) -> PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let name = match path.extension() {
        Some(ext) => format!("{stem}-{n}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{n}"),
    };
    path.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_names_keep_the_extension() {
        let p = |s: &str, n| numbered(Path::new(s), n);
        assert_eq!(p("rec/a.wrec", 1), Path::new("rec/a-1.wrec"));
        assert_eq!(p("a.b.wrec", 12), Path::new("a.b-12.wrec"));
        assert_eq!(p("plain", 2), Path::new("plain-2"));
    }
}
