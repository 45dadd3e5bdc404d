//! Files at the edge. Text comes in bounded in size, with the place of a
//! byte that is not UTF-8; outputs (recordings, reports, traces, shots,
//! plots) go out whole: written under a temporary name beside the target
//! and renamed into place, never over an existing file unless asked.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

/// The largest text file read, in bytes: far beyond any map, script or
/// settings file, and hours of recording at a tick a line; a bound so a
/// device file or a wrong path cannot fill the memory.
pub const MAX_TEXT_BYTES: u64 = 64 << 20;

/// Why a text file could not be read, with the place when there is one.
#[derive(Clone, Debug, PartialEq)]
pub struct TextFault {
    /// Line, from 1; 0 for the file as a whole.
    pub line: usize,
    /// Column in characters, from 1; 0 with line 0.
    pub col: usize,
    /// What is wrong.
    pub message: String,
}

/// Reads the UTF-8 text file at `path`, at most [`MAX_TEXT_BYTES`]; a byte
/// that is not UTF-8 is reported at its line and column. `what` names the
/// file in messages ("script", "settings file").
pub fn read_text(path: &Path, what: &str) -> Result<String, TextFault> {
    let whole = |message: String| TextFault {
        line: 0,
        col: 0,
        message,
    };
    let file = File::open(path).map_err(|e| whole(format!("cannot read the {what}: {e}")))?;
    let mut bytes = Vec::new();
    file.take(MAX_TEXT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| whole(format!("cannot read the {what}: {e}")))?;
    if bytes.len() as u64 > MAX_TEXT_BYTES {
        return Err(whole(format!(
            "the {what} is larger than {} MiB: too large to be one",
            MAX_TEXT_BYTES >> 20
        )));
    }
    text(bytes, what)
}

/// `bytes` as UTF-8 text, or the place of the first byte that is not;
/// `what` names the file in the message.
pub fn text(bytes: Vec<u8>, what: &str) -> Result<String, TextFault> {
    String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let good = e.utf8_error().valid_up_to();
        // Valid up to `good` by the error's own word.
        let before = std::str::from_utf8(&bytes[..good]).unwrap_or_default();
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        TextFault {
            line: before.matches('\n').count() + 1,
            col: before[line_start..].chars().count() + 1,
            message: format!(
                "byte 0x{:02x} is not UTF-8 text; save the {what} as UTF-8",
                bytes[good]
            ),
        }
    })
}

/// `path` with `.partial` added: where an output is written before it is
/// renamed into place, and what an interrupted recording is left as.
pub fn partial_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

/// Writes the file at `path` whole, or leaves no file under that name:
/// `write` fills `NAME.partial`, which is then renamed to `path`. An
/// existing `path` is replaced only if `replace`; otherwise the result is
/// an `AlreadyExists` error naming it, and the file is untouched.
pub fn write_whole(
    path: &Path,
    replace: bool,
    write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
) -> io::Result<()> {
    if !replace && path.exists() {
        return Err(taken(path));
    }
    let partial = partial_path(path);
    let filled = File::create(&partial).and_then(|file| {
        let mut out = BufWriter::new(file);
        write(&mut out)?;
        out.into_inner().map_err(|e| e.into_error())?.sync_all()
    });
    let placed = filled.and_then(|()| persist(&partial, path, replace));
    if placed.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    placed.map_err(|e| named(e, path))
}

/// [`write_whole`] of `bytes`.
pub fn write_bytes(path: &Path, replace: bool, bytes: &[u8]) -> io::Result<()> {
    write_whole(path, replace, |out| out.write_all(bytes))
}

/// Creates `path` for writing, failing if it exists: how a recording's
/// partial file is started without touching another's.
pub fn create_new(path: &Path) -> io::Result<File> {
    OpenOptions::new().write(true).create_new(true).open(path)
}

/// Gives the finished file `partial` the name `path`. Unless `replace`,
/// an existing `path` stays as it is and the result is `AlreadyExists`
/// (a hard link is the one step that cannot replace; where the file
/// system has none, a check then a rename). `partial` is gone on success.
pub fn persist(partial: &Path, path: &Path, replace: bool) -> io::Result<()> {
    if replace {
        return std::fs::rename(partial, path);
    }
    match std::fs::hard_link(partial, path) {
        Ok(()) => std::fs::remove_file(partial),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(taken(path)),
        Err(_) if path.exists() => Err(taken(path)),
        Err(_) => std::fs::rename(partial, path),
    }
}

/// The error for an output name that is already taken.
fn taken(path: &Path) -> io::Error {
    io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!("{} exists; pass --force to replace it", path.display()),
    )
}

/// `e`, saying which file it was about unless it already does.
fn named(e: io::Error, path: &Path) -> io::Error {
    if e.kind() == io::ErrorKind::AlreadyExists {
        return e;
    }
    io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(test: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("wobble-files-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_byte_that_is_not_utf8_is_placed_by_line_and_column() {
        let e = text(b"ok\nab\xffc\n".to_vec(), "map").unwrap_err();
        assert_eq!((e.line, e.col), (2, 3));
        assert_eq!(
            e.message,
            "byte 0xff is not UTF-8 text; save the map as UTF-8"
        );
        // Columns count characters, not bytes.
        let e = text("é\u{e9}x".bytes().chain([0xc3]).collect(), "map").unwrap_err();
        assert_eq!((e.line, e.col), (1, 4));
        assert_eq!(text(b"fine\n".to_vec(), "map").unwrap(), "fine\n");
    }

    #[test]
    fn a_missing_file_is_a_fault_of_the_whole_file() {
        let e = read_text(Path::new("/no/such/file.txt"), "script").unwrap_err();
        assert_eq!((e.line, e.col), (0, 0));
        assert!(
            e.message.starts_with("cannot read the script: "),
            "{}",
            e.message
        );
    }

    #[test]
    fn outputs_never_replace_a_file_unless_asked() {
        let dir = temp_dir("keep");
        let path = dir.join("out.txt");
        write_bytes(&path, false, b"first").unwrap();
        let e = write_bytes(&path, false, b"second").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::AlreadyExists);
        assert!(e.to_string().contains("out.txt exists"), "{e}");
        assert_eq!(std::fs::read(&path).unwrap(), b"first");
        write_bytes(&path, true, b"third").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"third");
        assert!(!partial_path(&path).exists(), "no partial file is left");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_failed_write_leaves_nothing_under_the_name() {
        let dir = temp_dir("fail");
        let path = dir.join("out.txt");
        let e = write_whole(&path, false, |out| {
            out.write_all(b"half")?;
            Err(io::Error::other("the disk is full"))
        })
        .unwrap_err();
        assert!(e.to_string().contains("out.txt: the disk is full"), "{e}");
        assert!(!path.exists() && !partial_path(&path).exists());
        // Into a folder that is not there: the error names the file.
        let e = write_bytes(&dir.join("no/such.txt"), false, b"x").unwrap_err();
        assert!(e.to_string().contains("no/such.txt"), "{e}");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn persisting_over_a_taken_name_keeps_both_files() {
        let dir = temp_dir("persist");
        let (partial, path) = (dir.join("a.partial"), dir.join("a"));
        std::fs::write(&partial, b"new").unwrap();
        std::fs::write(&path, b"old").unwrap();
        let e = persist(&partial, &path, false).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read(&path).unwrap(), b"old");
        assert_eq!(std::fs::read(&partial).unwrap(), b"new");
        std::fs::remove_file(&path).unwrap();
        persist(&partial, &path, false).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        assert!(!partial.exists());
        std::fs::remove_dir_all(dir).unwrap();
    }
}
