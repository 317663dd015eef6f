//! Where saves go: a folder in the user's data directory on the desktop,
//! the browser's local storage on the web, memory in tests.
//!
//! A save is the RON text `DynSession::save_ron` writes (the set-up, every
//! command and a snapshot); `vt replay FILE` reads the same files. Every
//! file here (saves, settings, records) is written whole or not at all
//! ([`vt_core::files::write_atomic`]): a full disk never costs a save.

use bevy::prelude::Resource;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use vt_core::files::{MAX_SAVE_BYTES, read_text, write_atomic};
use vt_core::sort::StableSort;

/// One save as the load list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveEntry {
    pub name: String,
    /// The game id from the save's header, if it could be read.
    pub game: Option<String>,
    /// The scenario id from the header (empty if the header has none).
    pub scenario: String,
}

#[derive(Resource, Clone, Debug)]
pub enum SaveStore {
    /// A folder of `NAME.ron` files.
    Dir(PathBuf),
    /// The browser's local storage, keys `vietnam-tactics/saves/NAME`.
    Browser,
    /// Kept in memory (tests).
    Memory(Arc<Mutex<BTreeMap<String, String>>>),
}

/// The data folder of the app, by the platform's convention, without the
/// `dirs` crate: `$XDG_DATA_HOME/vietnam-tactics` or
/// `~/.local/share/vietnam-tactics` on Linux, `%APPDATA%\vietnam-tactics`
/// on Windows, `~/Library/Application Support/vietnam-tactics` on macOS.
pub fn data_dir_from(env: impl Fn(&str) -> Option<String>, os: &str) -> Option<PathBuf> {
    let non_empty = |k: &str| env(k).filter(|v| !v.is_empty());
    let base = match os {
        "windows" => PathBuf::from(non_empty("APPDATA")?),
        "macos" => PathBuf::from(non_empty("HOME")?).join("Library/Application Support"),
        _ => match non_empty("XDG_DATA_HOME") {
            Some(x) => PathBuf::from(x),
            None => PathBuf::from(non_empty("HOME")?).join(".local/share"),
        },
    };
    Some(base.join("vietnam-tactics"))
}

/// Letters, digits, '-' and '_' only; everything else becomes '-'.
pub fn clean_name(name: &str) -> String {
    let s: String = name
        .trim()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    if s.is_empty() { "save".into() } else { s }
}

const WEB_PREFIX: &str = "vietnam-tactics/saves/";

impl SaveStore {
    /// The platform's default: `VT_SAVE_DIR` if set (with its settings and
    /// records in its own `data/`), else the data folder's `saves/`; local
    /// storage on the web.
    pub fn platform_default() -> Self {
        if cfg!(target_arch = "wasm32") {
            return SaveStore::Browser;
        }
        if let Ok(d) = std::env::var("VT_SAVE_DIR")
            && !d.is_empty()
        {
            return SaveStore::Dir(PathBuf::from(d));
        }
        match data_dir_from(|k| std::env::var(k).ok(), std::env::consts::OS) {
            Some(d) => SaveStore::Dir(d.join("saves")),
            None => SaveStore::Dir(PathBuf::from("saves")),
        }
    }

    pub fn memory() -> Self {
        SaveStore::Memory(Arc::default())
    }

    /// Where the saves are, in words.
    pub fn describe(&self) -> String {
        match self {
            SaveStore::Dir(d) => d.display().to_string(),
            SaveStore::Browser => "this browser's local storage".into(),
            SaveStore::Memory(_) => "memory".into(),
        }
    }

    pub fn write(&self, name: &str, text: &str) -> Result<String, String> {
        let name = clean_name(name);
        match self {
            SaveStore::Dir(d) => {
                std::fs::create_dir_all(d)
                    .map_err(|e| format!("cannot create {}: {e}", d.display()))?;
                let p = d.join(format!("{name}.ron"));
                write_atomic(&p, text.as_bytes()).map_err(|e| e.to_string())?;
            }
            SaveStore::Browser => web::set(&format!("{WEB_PREFIX}{name}"), text)?,
            SaveStore::Memory(m) => {
                m.lock()
                    .map_err(|e| e.to_string())?
                    .insert(name.clone(), text.to_string());
            }
        }
        Ok(name)
    }

    pub fn read(&self, name: &str) -> Result<String, String> {
        let name = clean_name(name);
        match self {
            SaveStore::Dir(d) => {
                let p = d.join(format!("{name}.ron"));
                read_text(&p, MAX_SAVE_BYTES).map_err(|e| e.to_string())
            }
            SaveStore::Browser => web::get(&format!("{WEB_PREFIX}{name}"))?
                .ok_or_else(|| format!("no save named {name}")),
            SaveStore::Memory(m) => m
                .lock()
                .map_err(|e| e.to_string())?
                .get(&name)
                .cloned()
                .ok_or_else(|| format!("no save named {name}")),
        }
    }

    /// True if a save of this name (as [`clean_name`] makes it) exists.
    pub fn exists(&self, name: &str) -> bool {
        match self {
            SaveStore::Dir(d) => d.join(format!("{}.ron", clean_name(name))).is_file(),
            _ => self.read(name).is_ok(),
        }
    }

    pub fn delete(&self, name: &str) -> Result<(), String> {
        let name = clean_name(name);
        match self {
            SaveStore::Dir(d) => {
                std::fs::remove_file(d.join(format!("{name}.ron"))).map_err(|e| e.to_string())
            }
            SaveStore::Browser => web::remove(&format!("{WEB_PREFIX}{name}")),
            SaveStore::Memory(m) => {
                m.lock().map_err(|e| e.to_string())?.remove(&name);
                Ok(())
            }
        }
    }

    /// Every save, by name.
    pub fn list(&self) -> Vec<SaveEntry> {
        if let SaveStore::Dir(d) = self {
            // What writers killed mid-write left (issue 16).
            vt_core::files::sweep_stale_temps(d, vt_core::files::STALE_TEMP_AGE);
        }
        let names: Vec<String> = match self {
            SaveStore::Dir(d) => std::fs::read_dir(d)
                .map(|rd| {
                    rd.filter_map(|e| e.ok())
                        .filter_map(|e| {
                            let n = e.file_name().to_string_lossy().to_string();
                            n.strip_suffix(".ron").map(str::to_string)
                        })
                        .collect()
                })
                .unwrap_or_default(),
            SaveStore::Browser => web::keys()
                .into_iter()
                .filter_map(|k| k.strip_prefix(WEB_PREFIX).map(str::to_string))
                .collect(),
            SaveStore::Memory(m) => m
                .lock()
                .map(|m| m.keys().filter(|k| !k.contains('/')).cloned().collect())
                .unwrap_or_default(),
        };
        let mut v: Vec<SaveEntry> = names
            .into_iter()
            .map(|name| {
                let header = self
                    .read(&name)
                    .ok()
                    .and_then(|t| vt_core::session::read_header(&t, &name).ok());
                let (game, scenario) = match header {
                    Some(h) => (Some(h.game), h.scenario),
                    None => (None, String::new()),
                };
                SaveEntry {
                    name,
                    game,
                    scenario,
                }
            })
            .collect();
        v.stable_sort_by(|a, b| a.name.cmp(&b.name));
        v
    }
}

/// The load list as last read: reading and parsing every save on every
/// frame the list is shown made the menu slow with many saves. Read again
/// when older than [`SaveList::MAX_AGE`] seconds or after
/// [`SaveList::invalidate`] (a save written or deleted here).
#[derive(Clone, Debug, Default)]
pub struct SaveList {
    read_at: Option<f64>,
    entries: Vec<SaveEntry>,
}

impl SaveList {
    /// Seconds a reading stays good (a save another program wrote shows
    /// within this).
    pub const MAX_AGE: f64 = 3.0;

    /// The saves at time `now` (seconds, any clock that goes forward).
    pub fn get(&mut self, store: &SaveStore, now: f64) -> &[SaveEntry] {
        if self
            .read_at
            .is_none_or(|t| now < t || now - t > Self::MAX_AGE)
        {
            self.entries = store.list();
            self.read_at = Some(now);
        }
        &self.entries
    }

    /// Read the store again at the next [`SaveList::get`].
    pub fn invalidate(&mut self) {
        self.read_at = None;
    }
}

const WEB_DATA_PREFIX: &str = "vietnam-tactics/data/";

/// Game plugins' own files (records): `data/NAME.ron` beside the saves
/// folder, `vietnam-tactics/data/NAME` in local storage, `data/NAME` in
/// memory (never listed as a save).
impl vt_ui::store::TextStore for SaveStore {
    fn read_text(&self, key: &str) -> Result<Option<String>, String> {
        let key = clean_name(key);
        match self {
            SaveStore::Dir(d) => {
                let p = data_folder(d).join(format!("{key}.ron"));
                match read_text(&p, MAX_SAVE_BYTES) {
                    Ok(t) => Ok(Some(t)),
                    Err(e) if e.error.kind() == std::io::ErrorKind::NotFound => Ok(None),
                    Err(e) => Err(e.to_string()),
                }
            }
            SaveStore::Browser => web::get(&format!("{WEB_DATA_PREFIX}{key}")),
            SaveStore::Memory(m) => Ok(m
                .lock()
                .map_err(|e| e.to_string())?
                .get(&format!("data/{key}"))
                .cloned()),
        }
    }

    fn write_text(&self, key: &str, text: &str) -> Result<(), String> {
        let key = clean_name(key);
        match self {
            SaveStore::Dir(d) => {
                let dir = data_folder(d);
                std::fs::create_dir_all(&dir)
                    .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
                let p = dir.join(format!("{key}.ron"));
                write_atomic(&p, text.as_bytes()).map_err(|e| e.to_string())
            }
            SaveStore::Browser => web::set(&format!("{WEB_DATA_PREFIX}{key}"), text),
            SaveStore::Memory(m) => {
                m.lock()
                    .map_err(|e| e.to_string())?
                    .insert(format!("data/{key}"), text.to_string());
                Ok(())
            }
        }
    }

    fn describe(&self) -> String {
        match self {
            SaveStore::Dir(d) => data_folder(d).display().to_string(),
            other => other.describe(),
        }
    }
}

/// `data/` beside the saves folder.
/// The settings' and the games' records' folder for a save folder:
/// `data/` beside `saves/` (the platform's layout, and the tools' `out/saves`),
/// else `data/` inside the folder given. A `VT_SAVE_DIR` of `/tmp/NAME-saves`
/// kept its data in `/tmp/data`, shared by every such folder: the menu
/// offered "Continue" with another game's note over this folder's autosave.
fn data_folder(saves: &std::path::Path) -> PathBuf {
    match saves.parent() {
        Some(p) if saves.file_name().is_some_and(|n| n == "saves") => p.join("data"),
        _ => saves.join("data"),
    }
}

#[cfg(target_arch = "wasm32")]
mod web {
    fn storage() -> Result<web_sys::Storage, String> {
        web_sys::window()
            .ok_or("no window")?
            .local_storage()
            .map_err(|_| "local storage refused".to_string())?
            .ok_or_else(|| "no local storage".to_string())
    }

    pub fn set(key: &str, value: &str) -> Result<(), String> {
        storage()?
            .set_item(key, value)
            .map_err(|_| "the browser refused to store the save (storage full?)".to_string())
    }

    pub fn get(key: &str) -> Result<Option<String>, String> {
        storage()?
            .get_item(key)
            .map_err(|_| "cannot read local storage".to_string())
    }

    pub fn remove(key: &str) -> Result<(), String> {
        storage()?
            .remove_item(key)
            .map_err(|_| "cannot remove from local storage".to_string())
    }

    pub fn keys() -> Vec<String> {
        let Ok(s) = storage() else { return Vec::new() };
        let n = s.length().unwrap_or(0);
        (0..n).filter_map(|i| s.key(i).ok().flatten()).collect()
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod web {
    const NONE: &str = "local storage exists only in the web build";

    pub fn set(_key: &str, _value: &str) -> Result<(), String> {
        Err(NONE.into())
    }

    pub fn get(_key: &str) -> Result<Option<String>, String> {
        Err(NONE.into())
    }

    pub fn remove(_key: &str) -> Result<(), String> {
        Err(NONE.into())
    }

    pub fn keys() -> Vec<String> {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_save_folder_keeps_its_own_data() {
        let p = |s: &str| PathBuf::from(s);
        assert_eq!(
            data_folder(&p("/home/a/.local/share/vietnam-tactics/saves")),
            p("/home/a/.local/share/vietnam-tactics/data")
        );
        assert_eq!(data_folder(&p("/tmp/ux-saves")), p("/tmp/ux-saves/data"));
        assert_ne!(
            data_folder(&p("/tmp/ux-saves")),
            data_folder(&p("/tmp/web-saves")),
            "two players' folders in /tmp share no autosave note"
        );
    }

    #[test]
    fn data_dir_follows_each_platform() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == k)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(
            data_dir_from(env(&[("HOME", "/home/a")]), "linux"),
            Some(PathBuf::from("/home/a/.local/share/vietnam-tactics"))
        );
        assert_eq!(
            data_dir_from(
                env(&[("HOME", "/home/a"), ("XDG_DATA_HOME", "/data")]),
                "linux"
            ),
            Some(PathBuf::from("/data/vietnam-tactics"))
        );
        // An empty XDG_DATA_HOME counts as unset.
        assert_eq!(
            data_dir_from(env(&[("HOME", "/h"), ("XDG_DATA_HOME", "")]), "linux"),
            Some(PathBuf::from("/h/.local/share/vietnam-tactics"))
        );
        assert_eq!(
            data_dir_from(
                env(&[("APPDATA", r"C:\Users\a\AppData\Roaming")]),
                "windows"
            ),
            Some(PathBuf::from(r"C:\Users\a\AppData\Roaming").join("vietnam-tactics"))
        );
        assert_eq!(
            data_dir_from(env(&[("HOME", "/Users/a")]), "macos"),
            Some(PathBuf::from(
                "/Users/a/Library/Application Support/vietnam-tactics"
            ))
        );
        assert_eq!(data_dir_from(env(&[]), "linux"), None);
    }

    #[test]
    fn names_cannot_leave_the_folder() {
        assert_eq!(clean_name("../../etc/passwd"), "------etc-passwd");
        assert_eq!(clean_name("  pig race 3 "), "pig-race-3");
        assert_eq!(clean_name(""), "save");
    }

    #[test]
    fn folder_store_round_trips() {
        let dir = std::env::temp_dir().join(format!("vt-saves-{}", std::process::id()));
        let s = SaveStore::Dir(dir.clone());
        let name = s.write("a game", "(format: 1, game: \"pig\")").unwrap();
        assert_eq!(name, "a-game");
        assert_eq!(s.read("a game").unwrap(), "(format: 1, game: \"pig\")");
        let list = s.list();
        assert_eq!(list.len(), 1);
        assert_eq!(list[0].game.as_deref(), Some("pig"));
        assert_eq!(list[0].scenario, "", "a header without a scenario");
        s.write(
            "b",
            "(format: 1, game: \"pig\", scenario: \"race\", seed: 3)",
        )
        .unwrap();
        assert_eq!(s.list()[1].scenario, "race");
        s.delete("b").unwrap();
        s.delete("a-game").unwrap();
        assert!(s.list().is_empty());
        assert!(s.read("a-game").is_err());
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn the_load_list_is_read_once_and_again_when_stale_or_changed() {
        let s = SaveStore::memory();
        s.write("one", "(format: 1, game: \"pig\")").unwrap();
        let mut l = SaveList::default();
        assert_eq!(l.get(&s, 10.0).len(), 1);
        s.write("two", "(format: 1, game: \"pig\")").unwrap();
        assert_eq!(l.get(&s, 11.0).len(), 1, "kept between frames");
        assert_eq!(l.get(&s, 10.0 + SaveList::MAX_AGE + 0.1).len(), 2);
        s.delete("one").unwrap();
        l.invalidate();
        assert_eq!(l.get(&s, 13.2).len(), 1, "read again when told");
    }

    /// A writer killed mid-write leaves `.NAME.PID-N.tmp`: listing the
    /// saves sweeps such files once they are a minute old (issue 16).
    #[test]
    fn listing_sweeps_what_dead_writers_left() {
        let dir = std::env::temp_dir().join(format!("vt-saves-sweep-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let s = SaveStore::Dir(dir.clone());
        s.write("kept", "(format: 1, game: \"pig\")").unwrap();
        let stale = dir.join(".kept.ron.999-0.tmp");
        let fresh = dir.join(".kept.ron.999-1.tmp");
        std::fs::write(&stale, "half a sa").unwrap();
        std::fs::write(&fresh, "half a sa").unwrap();
        let old = std::time::SystemTime::now() - std::time::Duration::from_secs(120);
        std::fs::File::options()
            .write(true)
            .open(&stale)
            .unwrap()
            .set_modified(old)
            .unwrap();
        let names: Vec<String> = s.list().into_iter().map(|e| e.name).collect();
        assert_eq!(names, ["kept"]);
        assert!(!stale.exists(), "a minute old: a dead writer's");
        assert!(fresh.exists(), "seconds old: may be a live writer's");
        let _ = std::fs::remove_dir_all(dir);
    }

    /// A write that fails leaves what was there: here a directory sits
    /// where the save would go, and the folder of records is a file.
    #[test]
    fn failed_writes_are_reported_and_harm_nothing() {
        use vt_ui::store::TextStore;
        let dir = std::env::temp_dir().join(format!("vt-saves-fail-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let s = SaveStore::Dir(dir.join("saves"));
        s.write("kept", "(format: 1, game: \"pig\")").unwrap();
        std::fs::create_dir_all(dir.join("saves/blocked.ron/inside")).unwrap();
        let e = s.write("blocked", "new").unwrap_err();
        assert!(e.contains("blocked.ron"), "{e}");
        assert!(dir.join("saves/blocked.ron/inside").is_dir());
        let e = s.read("blocked").unwrap_err();
        assert!(e.contains("directory"), "{e}");
        // The list shows the saves and nothing a failed write left.
        let names: Vec<String> = s.list().into_iter().map(|e| e.name).collect();
        assert_eq!(names, vec!["blocked".to_string(), "kept".to_string()]);
        assert_eq!(s.read("kept").unwrap(), "(format: 1, game: \"pig\")");
        // Settings and records: `data/` is a file, so nothing can be kept,
        // and the store says so instead of losing the old text silently.
        std::fs::write(dir.join("data"), "not a folder").unwrap();
        let e = s.write_text("settings", "(ui_scale: 2.0)").unwrap_err();
        assert!(e.contains("data"), "{e}");
        assert_eq!(
            std::fs::read_to_string(dir.join("data")).unwrap(),
            "not a folder"
        );
        std::fs::remove_file(dir.join("data")).unwrap();
        s.write_text("settings", "(ui_scale: 2.0)").unwrap();
        s.write_text("settings", "(ui_scale: 1.5)").unwrap();
        assert_eq!(
            s.read_text("settings").unwrap().as_deref(),
            Some("(ui_scale: 1.5)")
        );
        let left: Vec<_> = std::fs::read_dir(dir.join("data")).unwrap().collect();
        assert_eq!(left.len(), 1, "only settings.ron: {left:?}");
        let _ = std::fs::remove_dir_all(dir);
    }
}
