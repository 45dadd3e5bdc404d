//! Files at the edge. Inputs come in bounded in size by kind ([`cap`]),
//! from regular files only, with the place of a byte that is not UTF-8; outputs (recordings, reports, traces, shots,
//! plots) go out whole: written under a temporary name beside the target
//! and renamed into place, never over an existing file unless asked.

use crate::located::{Located, Place};
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

/// The size caps, in bytes, by kind of file: each far beyond any real one
/// (a map of the largest grid, eight hours of recording), and each a bound
/// so a wrong path, a device or a file made to hurt cannot fill the memory.
pub mod cap {
    /// A map, text or Tiled: the largest grid (1024x1024) in Tiled's most
    /// verbose layer format fits.
    pub const MAP: u64 = 64 << 20;
    /// A Tiled tileset (at most 65,536 tiles with their properties).
    pub const TILESET: u64 = 16 << 20;
    /// A Tiled object template: one object.
    pub const TEMPLATE: u64 = 1 << 20;
    /// A PNG texture or sprite sheet (a 1024x1024 RGBA image stored
    /// without compression is 4 MiB).
    pub const TEXTURE: u64 = 16 << 20;
    /// A recording: eight hours with the controls changing every tick.
    pub const RECORDING: u64 = 64 << 20;
    /// A script of controls.
    pub const SCRIPT: u64 = 16 << 20;
    /// A sound effect (a WAV file): 30 s of 44.1 kHz 16-bit mono.
    pub const SOUND: u64 = 3 << 20;
    /// The settings file.
    pub const SETTINGS: u64 = 1 << 20;
    /// An episode file (at most 64 maps named).
    pub const EPISODE: u64 = 1 << 20;
    /// The player's progress through the episode (a few lines a map).
    pub const PROGRESS: u64 = 1 << 20;
    /// A study protocol (a few conditions and questions).
    pub const PROTOCOL: u64 = 1 << 20;
    /// One table of a study's results (a session's ratings of hours at a
    /// rating a second is under 1 MiB).
    pub const STUDY_TABLE: u64 = 16 << 20;
    /// A head-frame motion file for `feel predict --motion`: two hours at
    /// 100 Hz is 720,001 rows, about 60 MB with the times and forces
    /// written in full (17 digits) and the rest short, and under 128 MiB
    /// with all seven written in full.
    pub const MOTION: u64 = 128 << 20;
}

/// Why a file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The system refused: no such file, no permission, an I/O fault.
    #[error("cannot read the {what}")]
    Io {
        /// What the file was to be ("map", "script").
        what: &'static str,
        /// The system's reason.
        #[source]
        source: io::Error,
    },
    /// More bytes than the kind's cap.
    #[error("the {what} is larger than {} MiB: too large to be one", cap >> 20)]
    TooLarge {
        /// What the file was to be.
        what: &'static str,
        /// The cap, bytes.
        cap: u64,
    },
    /// A folder, pipe, device or socket where a file should be.
    #[error("the {what} is {found}, not a regular file")]
    NotAFile {
        /// What the file was to be.
        what: &'static str,
        /// What it is instead ("a folder", "a named pipe").
        found: &'static str,
    },
    /// A byte that is not UTF-8 in a text file.
    #[error("byte 0x{byte:02x} is not UTF-8 text; save the {what} as UTF-8")]
    NotUtf8 {
        /// What the file was to be.
        what: &'static str,
        /// The byte.
        byte: u8,
    },
}

/// Reads the regular file at `path` whole, at most `cap` bytes; `what`
/// names it in messages ("map", "tileset"). A pipe, device or folder is
/// refused without waiting on it: the file is opened without blocking and
/// checked before a byte is read.
pub fn read_bytes(path: &Path, what: &'static str, cap: u64) -> Result<Vec<u8>, ReadError> {
    let io = |source| ReadError::Io { what, source };
    let file = open_regular(path).map_err(io)?;
    let kind = file.metadata().map_err(io)?.file_type();
    if is_null_device(path, kind) {
        // The usual way to say "nothing": read as an empty file.
        return Ok(Vec::new());
    }
    if !kind.is_file() {
        return Err(ReadError::NotAFile {
            what,
            found: describe(kind),
        });
    }
    let mut bytes = Vec::new();
    file.take(cap + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > cap {
        return Err(ReadError::TooLarge { what, cap });
    }
    Ok(bytes)
}

/// Opens `path` for reading; on Unix without blocking, so a named pipe
/// with no writer cannot stall the open.
fn open_regular(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// True for the null device (`/dev/null`, or a link to it).
fn is_null_device(path: &Path, kind: std::fs::FileType) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        kind.is_char_device()
            && std::fs::canonicalize(path).is_ok_and(|p| p == Path::new("/dev/null"))
    }
    #[cfg(not(unix))]
    {
        let _ = (path, kind);
        false
    }
}

/// What a file that is not a regular file is, in words.
fn describe(kind: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a named pipe";
        }
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_block_device() || kind.is_char_device() {
            return "a device";
        }
    }
    match kind.is_dir() {
        true => "a folder",
        false => "not a file",
    }
}

/// Reads the UTF-8 text file at `path` as [`read_bytes`] does; a byte that
/// is not UTF-8 is reported at its line and column, and a byte-order mark
/// is skipped.
pub fn read_text(path: &Path, what: &'static str, cap: u64) -> Result<String, Located<ReadError>> {
    let bytes = read_bytes(path, what, cap).map_err(|e| Located::whole(path, e))?;
    text(bytes, what).map_err(|(at, e)| Located::new(path, at, e))
}

/// `bytes` as UTF-8 text without a leading byte-order mark, or the place
/// of the first byte that is not UTF-8; `what` names the file.
pub fn text(mut bytes: Vec<u8>, what: &'static str) -> Result<String, (Place, ReadError)> {
    if bytes.starts_with(b"\xef\xbb\xbf") {
        bytes.drain(..3);
    }
    String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let good = e.utf8_error().valid_up_to();
        // Valid up to `good` by the error's own word.
        let before = std::str::from_utf8(&bytes[..good]).unwrap_or_default();
        let at = Place::of_offset(before, good);
        let byte = bytes[good];
        (at, ReadError::NotUtf8 { what, byte })
    })
}

/// `path` with `.partial` added: what an interrupted recording is left as
/// (the recorder creates it exclusively, so it never takes over another).
pub fn partial_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

/// How many fresh names [`temp_beside`] tries before it gives up.
const TEMP_TRIES: u32 = 64;

/// A fresh name beside `path` for try `n`: `.NAME.PID-COUNT-N.tmp` in its
/// folder, unique to this process and call.
fn temp_name(path: &Path, n: u32) -> PathBuf {
    static COUNT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let count = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let temp = format!(".{name}.{}-{count}-{n}.tmp", std::process::id());
    path.with_file_name(temp)
}

/// Tries `make` on fresh names beside `path` until one is free: each is
/// created exclusively, so an existing file, folder or symlink under a
/// name is never reused or followed.
fn fresh_beside<T>(path: &Path, make: impl Fn(&Path) -> io::Result<T>) -> io::Result<(T, PathBuf)> {
    for n in 0..TEMP_TRIES {
        let temp = temp_name(path, n);
        match make(&temp) {
            Ok(made) => return Ok((made, temp)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!(
            "no free temporary name beside {} in {TEMP_TRIES} tries",
            path.display()
        ),
    ))
}

/// A new, empty file beside `path` (see `fresh_beside`) to write it in.
pub fn temp_beside(path: &Path) -> io::Result<(File, PathBuf)> {
    fresh_beside(path, create_new)
}

/// A new, empty folder beside `path` to build a multi-file output in.
pub fn temp_folder_beside(path: &Path) -> io::Result<PathBuf> {
    fresh_beside(path, |p: &Path| std::fs::create_dir(p)).map(|((), p)| p)
}

/// Writes the file at `path` whole, or leaves no file under that name:
/// `write` fills a fresh temporary file beside it ([`temp_beside`]), which
/// is then renamed to `path`. An existing `path` is replaced only if
/// `replace`; otherwise the result is an `AlreadyExists` error naming it,
/// and the file is untouched.
pub fn write_whole(
    path: &Path,
    replace: bool,
    write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
) -> io::Result<()> {
    // A link replaced is the file it leads to: renaming over the link
    // itself would leave the link's target stale and the link gone (a
    // settings file kept with the user's dotfiles).
    // (A dangling link is replaced, as a file would be.)
    let resolved = match path.symlink_metadata() {
        Ok(meta) if replace && meta.file_type().is_symlink() => path.canonicalize().ok(),
        _ => None,
    };
    let path = resolved.as_deref().unwrap_or(path);
    if let Ok(meta) = path.symlink_metadata() {
        if !replace {
            return Err(taken(path));
        }
        // Replacing renames over the name: a device, pipe or folder there
        // (`--out /dev/null`, a settings file given as /dev/null) would be
        // taken away from every program on the machine.
        if !meta.is_file() {
            return Err(named(
                io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "it is not a regular file, so it is not replaced",
                ),
                path,
            ));
        }
    }
    let (file, temp) = temp_beside(path).map_err(|e| named(e, path))?;
    let mut out = BufWriter::new(file);
    let filled = write(&mut out)
        .and_then(|()| out.into_inner().map_err(|e| e.into_error()))
        .and_then(|file| file.sync_all());
    let placed = filled.and_then(|()| persist(&temp, path, replace));
    if placed.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    placed.map_err(|e| named(e, path))
}

/// [`write_whole`] of `bytes`.
pub fn write_bytes(path: &Path, replace: bool, bytes: &[u8]) -> io::Result<()> {
    write_whole(path, replace, |out| out.write_all(bytes))
}

/// Creates `path` for writing, failing if anything is there (a file, a
/// folder, a symlink, even a dangling one).
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
        Err(_) if path.symlink_metadata().is_ok() => Err(taken(path)),
        Err(_) => std::fs::rename(partial, path),
    }
}

/// Why an output folder (see [`write_folder`]) was not put in place.
#[derive(Debug)]
pub enum FolderFault<E> {
    /// The folder has files in it and `force` was not given.
    NotEmpty(PathBuf),
    /// A file or folder could not be written.
    Io(PathBuf, io::Error),
    /// Building the outputs failed.
    Build(E),
}

/// Writes an output folder of several files all or nothing: `build` fills
/// a fresh folder beside `dir` (see [`temp_folder_beside`]) and returns
/// the names of what it wrote; then that folder becomes `dir` (when `dir`
/// is absent or empty) or, with `force` into a folder holding other files,
/// each file replaces its namesake (a file only) and the other files stay.
/// Without `force` a folder with anything in it is left untouched, and a
/// failure while building leaves `dir` as it was; with `force`, a file
/// that cannot be moved into place stops the rest, and those moved before
/// it stay. The paths written.
pub fn write_folder<E>(
    dir: &Path,
    force: bool,
    build: impl FnOnce(&Path) -> Result<Vec<String>, E>,
) -> Result<Vec<PathBuf>, FolderFault<E>> {
    let occupied = match std::fs::read_dir(dir) {
        Ok(mut entries) => entries.next().is_some(),
        Err(e) if e.kind() == io::ErrorKind::NotFound => false,
        Err(e) => return Err(FolderFault::Io(dir.to_owned(), e)),
    };
    if occupied && !force {
        return Err(FolderFault::NotEmpty(dir.to_owned()));
    }
    if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|e| FolderFault::Io(parent.to_owned(), e))?;
    }
    let temp = temp_folder_beside(dir).map_err(|e| FolderFault::Io(dir.to_owned(), e))?;
    let built = build(&temp)
        .map_err(FolderFault::Build)
        .and_then(|names| place_folder(&temp, dir, &names, occupied).map(|()| names));
    let _ = std::fs::remove_dir_all(&temp);
    Ok(built?.iter().map(|name| dir.join(name)).collect())
}

/// Puts the finished files `names` in `built` at `dir`: the whole folder
/// renamed when `dir` holds nothing, else each file moved over its
/// namesake, after checking that only files are in the way.
fn place_folder<E>(
    built: &Path,
    dir: &Path,
    names: &[String],
    occupied: bool,
) -> Result<(), FolderFault<E>> {
    if !occupied {
        // An empty folder is replaced by the rename; a folder that gained
        // files meanwhile makes it fail, and nothing of it is touched.
        return std::fs::rename(built, dir).map_err(|e| FolderFault::Io(dir.to_owned(), e));
    }
    for name in names {
        let target = dir.join(name);
        if target.symlink_metadata().is_ok_and(|m| !m.is_file()) {
            let e = io::Error::other("something other than a file is in the way");
            return Err(FolderFault::Io(target, e));
        }
    }
    for name in names {
        persist(&built.join(name), &dir.join(name), true)
            .map_err(|e| FolderFault::Io(dir.join(name), e))?;
    }
    Ok(())
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

/// A scratch folder for a unit test that writes files: fresh and empty
/// when made, and removed with everything in it when dropped, so a test
/// leaves nothing behind in the temp dir even when it fails. Each name
/// holds the process and a count of its own, so tests running at once in
/// threads never share a folder, and one test's drop never deletes
/// another's files.
#[cfg(test)]
pub(crate) struct Scratch(PathBuf);

#[cfg(test)]
impl Scratch {
    /// A fresh, empty folder under the temp dir, named after `name`.
    pub(crate) fn new(name: &str) -> Self {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let n = COUNT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("wobble-{name}-{}-{n}", std::process::id()));
        // A folder left by an earlier process of the same id is not ours.
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

#[cfg(test)]
impl std::ops::Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

#[cfg(test)]
impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

#[cfg(test)]
impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names in `dir`, sorted.
    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    /// A fresh folder for one test's files, removed when it is dropped.
    fn temp_dir(test: &str) -> Scratch {
        Scratch::new(&format!("files-{test}"))
    }

    #[test]
    fn a_byte_that_is_not_utf8_is_placed_by_line_and_column() {
        let (at, e) = text(b"ok\nab\xffc\n".to_vec(), "map").unwrap_err();
        assert_eq!((at.line(), at.col()), (2, 3));
        assert_eq!(
            e.to_string(),
            "byte 0xff is not UTF-8 text; save the map as UTF-8"
        );
        // Columns count characters, not bytes.
        let (at, _) = text("é\u{e9}x".bytes().chain([0xc3]).collect(), "map").unwrap_err();
        assert_eq!((at.line(), at.col()), (1, 4));
        assert_eq!(text(b"fine\n".to_vec(), "map").unwrap(), "fine\n");
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let with_mark = b"\xef\xbb\xbfname = x\n".to_vec();
        assert_eq!(text(with_mark, "map").unwrap(), "name = x\n");
    }

    #[test]
    fn a_missing_file_is_a_fault_of_the_whole_file() {
        let e = read_text(Path::new("/no/such/file.txt"), "script", cap::SCRIPT).unwrap_err();
        assert_eq!(e.at, Place::File);
        assert_eq!(e.to_string(), "/no/such/file.txt: cannot read the script");
        let cause = std::error::Error::source(&e).unwrap().to_string();
        assert!(cause.contains("No such file"), "{cause}");
    }

    #[test]
    fn a_folder_or_a_pipe_is_refused_without_waiting() {
        let dir = temp_dir("not-a-file");
        let e = read_bytes(&dir, "map", cap::MAP).unwrap_err();
        assert_eq!(e.to_string(), "the map is a folder, not a regular file");
        #[cfg(unix)]
        {
            let fifo = dir.join("pipe");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            assert!(made.unwrap().success(), "mkfifo");
            // No writer ever opens it: a blocking open would hang here.
            let e = read_bytes(&fifo, "tileset", cap::TILESET).unwrap_err();
            assert_eq!(
                e.to_string(),
                "the tileset is a named pipe, not a regular file"
            );
        }
    }

    #[test]
    fn a_file_over_its_cap_is_refused() {
        let dir = temp_dir("cap");
        let path = dir.join("big");
        std::fs::write(&path, vec![b'x'; 2 << 20]).unwrap();
        let e = read_bytes(&path, "settings file", 1 << 20).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the settings file is larger than 1 MiB: too large to be one"
        );
        assert_eq!(read_bytes(&path, "map", 2 << 20).unwrap().len(), 2 << 20);
    }

    /// Every cap at its limit and one byte past it, each limit written
    /// out here rather than taken from the constant: a cap raised (or
    /// lowered) by mistake fails this test. The files are sparse, so the
    /// 64 MiB ones cost no disk.
    #[test]
    fn each_cap_takes_its_limit_and_refuses_one_byte_more() {
        let dir = temp_dir("every-cap");
        let sized = |name: &str, len: u64| {
            let path = dir.join(name);
            File::create(&path).unwrap().set_len(len).unwrap();
            path
        };
        for (what, cap, limit) in [
            ("map", cap::MAP, 64 << 20),
            ("tileset", cap::TILESET, 16 << 20),
            ("template", cap::TEMPLATE, 1 << 20),
            ("texture", cap::TEXTURE, 16 << 20),
            ("recording", cap::RECORDING, 64 << 20),
            ("script", cap::SCRIPT, 16 << 20),
            ("settings file", cap::SETTINGS, 1 << 20),
            ("study protocol", cap::PROTOCOL, 1 << 20),
            ("study data file", cap::STUDY_TABLE, 16 << 20),
            ("motion file", cap::MOTION, 128 << 20),
        ] {
            let at = sized("at", limit);
            assert_eq!(
                read_bytes(&at, what, cap).unwrap().len() as u64,
                limit,
                "{what}"
            );
            let over = sized("over", limit + 1);
            let e = read_bytes(&over, what, cap).unwrap_err();
            assert!(matches!(e, ReadError::TooLarge { .. }), "{what}: {e}");
        }
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
        assert_eq!(entries(&dir), ["out.txt"], "no temporary file is left");
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
        assert!(entries(&dir).is_empty(), "nothing is left");
        // Into a folder that is not there: the error names the file.
        let e = write_bytes(&dir.join("no/such.txt"), false, b"x").unwrap_err();
        assert!(e.to_string().contains("no/such.txt"), "{e}");
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
    }

    #[cfg(unix)]
    #[test]
    fn an_output_never_uses_or_follows_a_name_already_there() {
        let dir = temp_dir("squat");
        let path = dir.join("shot.png");
        // Someone's own shot.png.partial, and a symlink waiting where an
        // older program put its temporary file.
        std::fs::write(dir.join("shot.png.partial"), b"mine").unwrap();
        let target = dir.join("precious.txt");
        std::fs::write(&target, b"precious").unwrap();
        std::os::unix::fs::symlink(&target, dir.join(".shot.png.tmp")).unwrap();
        write_bytes(&path, false, b"png").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"png");
        assert_eq!(
            std::fs::read(dir.join("shot.png.partial")).unwrap(),
            b"mine"
        );
        assert_eq!(std::fs::read(&target).unwrap(), b"precious");
        assert_eq!(entries(&dir).len(), 4, "{:?}", entries(&dir));
        // A dangling symlink under the output's own name is taken, not
        // followed.
        let link = dir.join("link.png");
        std::os::unix::fs::symlink(dir.join("nowhere"), &link).unwrap();
        let e = write_bytes(&link, false, b"x").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::AlreadyExists);
        assert!(!dir.join("nowhere").exists());
    }

    /// Replacing through a link writes the file it leads to: the link
    /// stays a link (a settings file kept with the user's dotfiles).
    #[cfg(unix)]
    #[test]
    fn a_replacing_write_through_a_link_writes_its_target_and_keeps_the_link() {
        let dir = temp_dir("link");
        let (target, link) = (dir.join("dotfiles.toml"), dir.join("settings.toml"));
        std::fs::write(&target, b"old").unwrap();
        std::os::unix::fs::symlink(&target, &link).unwrap();
        write_bytes(&link, true, b"new").unwrap();
        assert!(link.symlink_metadata().unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read(&target).unwrap(), b"new");
    }

    #[cfg(unix)]
    #[test]
    fn a_replacing_write_never_takes_the_place_of_a_device_or_folder() {
        use std::os::unix::fs::FileTypeExt;
        let e = write_bytes(Path::new("/dev/null"), true, b"x").unwrap_err();
        assert!(e.to_string().contains("not a regular file"), "{e}");
        let kind = std::fs::metadata("/dev/null").unwrap().file_type();
        assert!(kind.is_char_device(), "/dev/null is still the device");
        let dir = temp_dir("dir");
        assert!(write_bytes(&dir, true, b"x").is_err());
        assert!(dir.is_dir());
    }
}
