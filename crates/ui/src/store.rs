//! Small text files a game's plugin keeps between runs (a record of
//! finished games, say), stored where the launcher keeps its data: a folder
//! on the desktop, the browser's local storage on the web. The launcher
//! puts a [`GameStore`] in the app; headless tests use [`MemoryStore`].

use bevy::prelude::Resource;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

/// Text by key. Keys are short names (letters, digits, '-').
pub trait TextStore: Send + Sync {
    /// `Ok(None)` if nothing is stored under the key.
    fn read_text(&self, key: &str) -> Result<Option<String>, String>;
    fn write_text(&self, key: &str, text: &str) -> Result<(), String>;
    /// Where it is kept, in words.
    fn describe(&self) -> String;
}

/// The app's store for game plugins.
#[derive(Resource, Clone)]
pub struct GameStore(pub Arc<dyn TextStore>);

impl GameStore {
    pub fn memory() -> Self {
        GameStore(Arc::new(MemoryStore::default()))
    }
}

/// Kept in memory only (tests).
#[derive(Default)]
pub struct MemoryStore(Mutex<BTreeMap<String, String>>);

impl TextStore for MemoryStore {
    fn read_text(&self, key: &str) -> Result<Option<String>, String> {
        Ok(self.0.lock().map_err(|e| e.to_string())?.get(key).cloned())
    }

    fn write_text(&self, key: &str, text: &str) -> Result<(), String> {
        self.0
            .lock()
            .map_err(|e| e.to_string())?
            .insert(key.to_string(), text.to_string());
        Ok(())
    }

    fn describe(&self) -> String {
        "memory".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_store_round_trips() {
        let s = GameStore::memory();
        assert_eq!(s.0.read_text("a").unwrap(), None);
        s.0.write_text("a", "one").unwrap();
        s.0.write_text("a", "two").unwrap();
        assert_eq!(s.0.read_text("a").unwrap().as_deref(), Some("two"));
    }
}
