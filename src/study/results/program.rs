//! What ran and what was shown, as `session.toml` records them: the
//! program (version, git commit, the binary's SHA-256, the operating
//! system) when a session starts or resumes, and the display (the screen's
//! size and distance as stated, the window's resolution, fullscreen,
//! refresh rate, present mode and graphics adapter) each time a window
//! opens on it, or the stated defaults of a simulated session.

use super::{toml_quote, utc_now};
use std::io;
use std::path::Path;

/// The git commit this program was built from, or `unknown` (built
/// outside a git checkout): captured by `build.rs`.
pub const COMMIT: &str = env!("WOBBLE_GIT_COMMIT");

/// The program that runs a session.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    /// The crate's version.
    pub version: String,
    /// The git commit it was built from ([`COMMIT`]).
    pub commit: String,
    /// The lower-case hex SHA-256 of the running binary, or `unknown` when
    /// it cannot be read.
    pub sha256: String,
    /// The operating system: its family and architecture, its release's
    /// name where it says (Linux's `/etc/os-release`) and its kernel's.
    pub os: String,
}

impl Program {
    /// This program, as it runs now.
    pub fn this() -> Self {
        let sha256 = std::env::current_exe()
            .and_then(|exe| file_sha256(&exe))
            .unwrap_or_else(|_| "unknown".to_string());
        Self {
            version: env!("CARGO_PKG_VERSION").to_string(),
            commit: COMMIT.to_string(),
            sha256,
            os: os_name(),
        }
    }

    /// Its `session.toml` keys, one a line.
    pub(super) fn toml_keys(&self) -> String {
        format!(
            "program_version = {}\nprogram_commit = {}\nprogram_sha256 = {}\nos = {}\n",
            toml_quote(&self.version),
            toml_quote(&self.commit),
            toml_quote(&self.sha256),
            toml_quote(&self.os)
        )
    }
}

/// The SHA-256 of the file at `path`, read in blocks.
pub fn file_sha256(path: &Path) -> io::Result<String> {
    use sha2::{Digest, Sha256};
    let mut hasher = Sha256::new();
    let mut file = std::fs::File::open(path)?;
    io::copy(&mut file, &mut hasher)?;
    Ok(hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}

/// The most bytes read of a system file naming the OS.
const SYSTEM_FILE_CAP: u64 = 64 << 10;

/// `linux x86_64, Debian GNU/Linux 12 (bookworm), kernel 6.1.0-18-amd64`,
/// or as much of it as the system tells.
fn os_name() -> String {
    let mut parts = vec![format!(
        "{} {}",
        std::env::consts::OS,
        std::env::consts::ARCH
    )];
    let pretty = small_file("/etc/os-release").and_then(|text| {
        text.lines().find_map(|l| {
            let v = l.strip_prefix("PRETTY_NAME=")?;
            Some(v.trim().trim_matches('"').to_string())
        })
    });
    parts.extend(pretty);
    if let Some(kernel) = small_file("/proc/sys/kernel/osrelease") {
        parts.push(format!("kernel {}", kernel.trim()));
    }
    parts.join(", ")
}

/// A small system file's text, or None.
fn small_file(path: &str) -> Option<String> {
    use std::io::Read;
    let mut text = String::new();
    std::fs::File::open(path)
        .ok()?
        .take(SYSTEM_FILE_CAP)
        .read_to_string(&mut text)
        .ok()?;
    Some(text)
}

/// What the participant was shown on: the screen as stated and the window
/// as the program opened it. Appended to `session.toml` as a `[[display]]`
/// table each time a window opens on the session (at its start and each
/// resume).
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    /// The screen's visible diagonal, inches, if stated
    /// (`--screen-diagonal-in` or the settings' `[display]`).
    pub screen_diagonal_in: Option<f64>,
    /// The eye's distance from the screen, centimetres, if stated.
    pub viewing_distance_cm: Option<f64>,
    /// The window's inner size in physical pixels.
    pub resolution: (u32, u32),
    /// The size the picture is rendered at before it is scaled up.
    pub render_size: (u32, u32),
    /// The window filled the screen.
    pub fullscreen: bool,
    /// The monitor's refresh rate, Hz, if it says.
    pub refresh_hz: Option<f64>,
    /// How frames reached the display (`vsync`, `mailbox`, `immediate`).
    pub present_mode: String,
    /// The graphics adapter that drew (name, driver, backend), or `none
    /// (headless)`.
    pub adapter: String,
    /// A simulated session's stated defaults, not a window's.
    pub simulated: bool,
}

/// The refresh rate a simulated session states.
pub const SIMULATED_REFRESH_HZ: f64 = 60.0;

impl Shown {
    /// What a simulated session states: no window, the settings' render
    /// size at the default refresh rate, the stated screen if any.
    pub fn simulated(
        render_size: (u32, u32),
        screen_diagonal_in: Option<f64>,
        viewing_distance_cm: Option<f64>,
    ) -> Self {
        Self {
            screen_diagonal_in,
            viewing_distance_cm,
            resolution: render_size,
            render_size,
            fullscreen: false,
            refresh_hz: Some(SIMULATED_REFRESH_HZ),
            present_mode: "vsync".to_string(),
            adapter: "none (headless)".to_string(),
            simulated: true,
        }
    }

    /// Its `[[display]]` table, opening with a blank line.
    pub(super) fn toml_table(&self) -> String {
        let mut t = format!("\n[[display]]\nat_utc = {}\n", toml_quote(&utc_now()));
        if let Some(d) = self.screen_diagonal_in {
            t.push_str(&format!("screen_diagonal_in = {d:?}\n"));
        }
        if let Some(d) = self.viewing_distance_cm {
            t.push_str(&format!("viewing_distance_cm = {d:?}\n"));
        }
        let size = |(w, h): (u32, u32)| toml_quote(&format!("{w}x{h}"));
        t.push_str(&format!(
            "resolution = {}\nrender_size = {}\nfullscreen = {}\n",
            size(self.resolution),
            size(self.render_size),
            self.fullscreen
        ));
        if let Some(hz) = self.refresh_hz {
            t.push_str(&format!("refresh_hz = {hz:?}\n"));
        }
        t.push_str(&format!(
            "present_mode = {}\nadapter = {}\nsimulated = {}\n",
            toml_quote(&self.present_mode),
            toml_quote(&self.adapter),
            self.simulated
        ));
        t
    }
}

/// The horizontal angle a screen of `diagonal_in` inches with the aspect
/// `width:height` fills at `distance_cm` from the eye, degrees:
/// 2 atan(w / 2d).
pub fn screen_angle_deg(diagonal_in: f64, (width, height): (u32, u32), distance_cm: f64) -> f64 {
    let (w, h) = (f64::from(width), f64::from(height));
    let width_cm = diagonal_in * 2.54 * w / w.hypot(h);
    2.0 * (width_cm / (2.0 * distance_cm)).atan().to_degrees()
}
