//! Lab Streaming Layer (LSL): the study's events and play's camera as two
//! LSL outlets, so they line up with physiology recorded alongside
//! (LabRecorder writes them all to one XDF file on one clock).
//!
//! liblsl is loaded when `--lsl` asks for it, never linked: from the file
//! `LSL_LIB` names, else the system's `liblsl.so`. The `lsl` crate's
//! bundled liblsl does not build here, and the `pylsl` wheel carries a
//! current `liblsl.so`, so `pip install pylsl` and `LSL_LIB` pointing at
//! it is the usual way to get one. Only the few C functions below are
//! bound (liblsl's `lsl_c.h`). This is the program's one network use, and
//! only when asked: LSL's discovery and its data go over the network that
//! its `lsl_api.cfg` allows (`.ci/lsl_api.cfg` keeps them on this machine).
//!
//! - `wobblecaster-markers` (type `Markers`, irregular rate, one string
//!   channel): every row of `events.csv` as `event detail`, stamped with
//!   `lsl_local_clock` (the stamp is the row's `lsl_time`).
//! - `wobblecaster-camera` (type `MoCap`, 120 Hz, six double channels): x,
//!   y, z in metres and yaw, pitch, roll in degrees, one sample per tick of
//!   play ([`crate::study::results::camera_sample`]).

use crate::study::results::Streams;
use libloading::Library;
use std::ffi::{c_char, c_void, CString};
use std::path::PathBuf;
use std::time::Duration;

/// The markers' stream name.
pub const MARKERS: &str = "wobblecaster-markers";
/// The camera's stream name.
pub const CAMERA: &str = "wobblecaster-camera";
/// The camera stream's nominal rate: the simulation's tick rate, Hz.
pub const CAMERA_HZ: f64 = 120.0;
/// The camera's channels, with their units.
pub const CAMERA_CHANNELS: [(&str, &str); 6] = [
    ("x", "metres"),
    ("y", "metres"),
    ("z", "metres"),
    ("yaw", "degrees"),
    ("pitch", "degrees"),
    ("roll", "degrees"),
];
/// The environment variable naming liblsl's file.
pub const LIB_VAR: &str = "LSL_LIB";

/// Seconds of data an outlet keeps for a slow consumer: a simulated
/// session pushes its ticks faster than real time.
const MAX_BUFFERED_S: i32 = 3600;
/// How long the outlets stay open after the last sample while a consumer
/// is connected, so it receives what was pushed last.
const LINGER: Duration = Duration::from_secs(5);

/// liblsl's channel formats used here (`lsl_channel_format_t`).
const CFT_DOUBLE64: i32 = 2;
const CFT_STRING: i32 = 3;
/// liblsl's rate of an irregular stream.
const IRREGULAR_RATE: f64 = 0.0;

/// Why LSL could not be used.
#[derive(Debug, thiserror::Error)]
pub enum LslError {
    /// The library could not be loaded.
    #[error(
        "--lsl needs liblsl, Lab Streaming Layer's library, and none could be loaded from \
         {tried}. Get one with `pip install pylsl` and point {LIB_VAR} at the liblsl.so in \
         its folder (`export {LIB_VAR}=$(python3 -c \"import pylsl, os; \
         print(os.path.join(os.path.dirname(pylsl.__file__), 'lib', 'liblsl.so'))\")`), or \
         install your system's liblsl; then run again"
    )]
    NotFound {
        /// Where it was looked for.
        tried: String,
        /// What the loader said.
        #[source]
        source: libloading::Error,
    },
    /// The library lacks a function bound here.
    #[error("{file} is not a liblsl this program can use: it has no `{symbol}`")]
    Missing {
        /// The library's file.
        file: String,
        /// The function.
        symbol: &'static str,
        /// What the loader said.
        #[source]
        source: libloading::Error,
    },
    /// liblsl refused to make an outlet.
    #[error("liblsl could not open the outlet `{0}`")]
    Outlet(&'static str),
}

type CreateInfo =
    unsafe extern "C" fn(*const c_char, *const c_char, i32, f64, i32, *const c_char) -> *mut c_void;
type CreateOutlet = unsafe extern "C" fn(*mut c_void, i32, i32) -> *mut c_void;
type Destroy = unsafe extern "C" fn(*mut c_void);
type PushStr = unsafe extern "C" fn(*mut c_void, *const *const c_char, f64) -> i32;
type PushDouble = unsafe extern "C" fn(*mut c_void, *const f64, f64) -> i32;
type HaveConsumers = unsafe extern "C" fn(*mut c_void) -> i32;
type WaitConsumers = unsafe extern "C" fn(*mut c_void, f64) -> i32;
type Clock = unsafe extern "C" fn() -> f64;
type GetDesc = unsafe extern "C" fn(*mut c_void) -> *mut c_void;
type AppendChild = unsafe extern "C" fn(*mut c_void, *const c_char) -> *mut c_void;
type AppendValue = unsafe extern "C" fn(*mut c_void, *const c_char, *const c_char) -> *mut c_void;

/// liblsl, loaded, with the functions this program calls.
struct Api {
    create_info: CreateInfo,
    destroy_info: Destroy,
    create_outlet: CreateOutlet,
    destroy_outlet: Destroy,
    push_str: PushStr,
    push_double: PushDouble,
    have_consumers: HaveConsumers,
    wait_consumers: WaitConsumers,
    clock: Clock,
    get_desc: GetDesc,
    append_child: AppendChild,
    append_value: AppendValue,
    /// Kept loaded while the functions above are used.
    _library: Library,
}

impl Api {
    /// liblsl from the file `named` (`LSL_LIB`), else the system's.
    fn load(named: Option<PathBuf>) -> Result<Self, LslError> {
        let candidates: Vec<PathBuf> = match named {
            Some(path) => vec![path],
            None => vec!["liblsl.so".into(), "liblsl.so.2".into()],
        };
        let mut last = None;
        for file in &candidates {
            // SAFETY: loading liblsl runs its initialisers, which set up
            // its own state only; no other code of ours runs meanwhile.
            match unsafe { Library::new(file) } {
                Ok(library) => return Self::bind(library, &file.display().to_string()),
                Err(e) => last = Some(e),
            }
        }
        let tried: Vec<String> = candidates
            .iter()
            .map(|c| format!("`{}`", c.display()))
            .collect();
        Err(LslError::NotFound {
            tried: tried.join(" or "),
            source: last.expect("a candidate was tried"),
        })
    }

    /// The functions of `library` (read from `file`).
    fn bind(library: Library, file: &str) -> Result<Self, LslError> {
        macro_rules! get {
            ($name:literal) => {{
                // SAFETY: the symbol is liblsl's function of that name, whose
                // C signature (lsl_c.h) the type it is read as repeats; the
                // pointer is used only while `_library` keeps it loaded.
                let symbol = unsafe { library.get(concat!($name, "\0").as_bytes()) };
                *symbol.map_err(|source| LslError::Missing {
                    file: file.to_string(),
                    symbol: $name,
                    source,
                })?
            }};
        }
        Ok(Self {
            create_info: get!("lsl_create_streaminfo"),
            destroy_info: get!("lsl_destroy_streaminfo"),
            create_outlet: get!("lsl_create_outlet"),
            destroy_outlet: get!("lsl_destroy_outlet"),
            push_str: get!("lsl_push_sample_strt"),
            push_double: get!("lsl_push_sample_dt"),
            have_consumers: get!("lsl_have_consumers"),
            wait_consumers: get!("lsl_wait_for_consumers"),
            clock: get!("lsl_local_clock"),
            get_desc: get!("lsl_get_desc"),
            append_child: get!("lsl_append_child"),
            append_value: get!("lsl_append_child_value"),
            _library: library,
        })
    }

    /// LSL's clock now, seconds.
    fn now(&self) -> f64 {
        // SAFETY: lsl_local_clock takes nothing and only reads a clock.
        unsafe { (self.clock)() }
    }
}

/// One outlet, destroyed when dropped (the library that made it must
/// still be loaded then: [`Outlets`] keeps its [`Api`] after its outlets).
struct Outlet {
    handle: *mut c_void,
    destroy: Destroy,
}

impl Drop for Outlet {
    fn drop(&mut self) {
        // SAFETY: the outlet is live (made by `Outlet::open`, never null)
        // and destroyed once, here, while liblsl is loaded.
        unsafe { (self.destroy)(self.handle) };
    }
}

/// The stream's description: its name, type, channels, rate, format.
struct Stream {
    name: &'static str,
    kind: &'static str,
    channels: &'static [(&'static str, &'static str)],
    rate: f64,
    format: i32,
}

impl Outlet {
    fn open(api: &Api, s: &Stream, source_id: &str) -> Result<Self, LslError> {
        let c = |t: &str| CString::new(t).unwrap_or_default();
        let (name, kind, source) = (c(s.name), c(s.kind), c(source_id));
        let count = s.channels.len() as i32;
        // SAFETY: every pointer is to a live NUL-terminated string; liblsl
        // copies them. The info is destroyed below, after the outlet has
        // copied it.
        let info = unsafe {
            (api.create_info)(
                name.as_ptr(),
                kind.as_ptr(),
                count,
                s.rate,
                s.format,
                source.as_ptr(),
            )
        };
        if info.is_null() {
            return Err(LslError::Outlet(s.name));
        }
        // SAFETY: `info` is the live stream info made above; the strings
        // are live and copied; each element pointer comes from liblsl.
        unsafe {
            let channels = (api.append_child)((api.get_desc)(info), c("channels").as_ptr());
            for (label, unit) in s.channels {
                let ch = (api.append_child)(channels, c("channel").as_ptr());
                (api.append_value)(ch, c("label").as_ptr(), c(label).as_ptr());
                (api.append_value)(ch, c("unit").as_ptr(), c(unit).as_ptr());
            }
        }
        // SAFETY: `info` is live; liblsl copies it into the outlet, after
        // which it is destroyed once.
        let handle = unsafe {
            let outlet = (api.create_outlet)(info, 0, MAX_BUFFERED_S);
            (api.destroy_info)(info);
            outlet
        };
        if handle.is_null() {
            return Err(LslError::Outlet(s.name));
        }
        Ok(Self {
            handle,
            destroy: api.destroy_outlet,
        })
    }
}

/// The two outlets, `wobblecaster-markers` and `wobblecaster-camera`.
pub struct Outlets {
    // Fields drop in this order: the outlets before the library.
    markers: Outlet,
    camera: Outlet,
    api: Api,
}

// SAFETY: liblsl's outlets may be used from any thread (its functions are
// thread-safe); the handles are only ever used through `&mut self` or
// `&self` calls that liblsl serialises itself.
unsafe impl Send for Outlets {}

impl std::fmt::Debug for Outlets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Outlets")
    }
}

impl Outlets {
    /// liblsl loaded and both outlets opened, with `source_id` naming this
    /// run (so a recorder reconnects to the same streams). Where the camera's
    /// outlet fails, the markers' is destroyed (dropped) before the error.
    pub fn open(source_id: &str) -> Result<Self, LslError> {
        let api = Api::load(std::env::var_os(LIB_VAR).map(PathBuf::from))?;
        let markers = Outlet::open(
            &api,
            &Stream {
                name: MARKERS,
                kind: "Markers",
                channels: &[("event", "")],
                rate: IRREGULAR_RATE,
                format: CFT_STRING,
            },
            &format!("{source_id}-markers"),
        )?;
        let camera = Outlet::open(
            &api,
            &Stream {
                name: CAMERA,
                kind: "MoCap",
                channels: &CAMERA_CHANNELS,
                rate: CAMERA_HZ,
                format: CFT_DOUBLE64,
            },
            &format!("{source_id}-camera"),
        )?;
        Ok(Self {
            markers,
            camera,
            api,
        })
    }

    /// Waits up to `seconds` for a consumer of each stream; true if both
    /// have one.
    pub fn wait_for_consumers(&self, seconds: f64) -> bool {
        let start = self.api.now();
        [&self.markers, &self.camera].iter().all(|o| {
            let left = (seconds - (self.api.now() - start)).max(0.0);
            // SAFETY: the outlet is live until `self` drops.
            unsafe { (self.api.wait_consumers)(o.handle, left) != 0 }
        })
    }

    fn has_consumers(&self) -> bool {
        [&self.markers, &self.camera].iter().any(|o| {
            // SAFETY: the outlet is live until `self` drops.
            unsafe { (self.api.have_consumers)(o.handle) != 0 }
        })
    }
}

impl Streams for Outlets {
    fn marker(&mut self, marker: &str) -> Option<f64> {
        let text = CString::new(marker.replace('\0', " ")).unwrap_or_default();
        let at = self.api.now();
        let data = [text.as_ptr()];
        // SAFETY: one channel, one live NUL-terminated string, copied by
        // liblsl before it returns.
        let status = unsafe { (self.api.push_str)(self.markers.handle, data.as_ptr(), at) };
        (status >= 0).then_some(at)
    }

    fn camera(&mut self, sample: [f64; 6]) {
        let at = self.api.now();
        // SAFETY: six channels, six doubles, copied by liblsl.
        unsafe { (self.api.push_double)(self.camera.handle, sample.as_ptr(), at) };
    }
}

impl Drop for Outlets {
    /// Lingers for a connected consumer; the outlets are then destroyed as
    /// the fields drop, before the library.
    fn drop(&mut self) {
        if self.has_consumers() {
            std::thread::sleep(LINGER);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_library_is_refused_saying_how_to_get_one() {
        // A library at a path that does not exist cannot load.
        let named = Some(PathBuf::from("/nonexistent/liblsl.so"));
        let Err(e) = Api::load(named) else {
            panic!("a library loaded from nowhere")
        };
        let text = e.to_string();
        assert!(text.contains("pip install pylsl"), "{text}");
        assert!(text.contains("LSL_LIB"), "{text}");
        assert!(text.contains("/nonexistent/liblsl.so"), "{text}");
    }

    static DESTROYED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

    /// Stands for `lsl_destroy_outlet`: counts the calls.
    unsafe extern "C" fn count_destroyed(_: *mut c_void) {
        DESTROYED.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }

    #[test]
    fn an_outlet_is_destroyed_once_when_dropped_as_on_a_failed_open() {
        // `Outlets::open` returning early drops the markers' outlet made
        // before the camera's failed: it must reach liblsl's destroy.
        let outlet = Outlet {
            handle: std::ptr::NonNull::<u8>::dangling().as_ptr().cast(),
            destroy: count_destroyed,
        };
        drop(outlet);
        assert_eq!(DESTROYED.load(std::sync::atomic::Ordering::SeqCst), 1);
    }
}
