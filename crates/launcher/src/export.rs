//! Saves exported to, and imported from, a file the player picks: on the
//! desktop through the system's file dialog (rfd: the XDG desktop portal,
//! or zenity, on Linux; no system library is needed to build), in the
//! browser through its own file picker and download.
//!
//! A dialog runs beside the game (the frame loop never waits for it); its
//! answer lands in the [`DialogInbox`] and [`dialog_answers`] turns it into
//! a notice or a load. Tests put their own [`PickFiles`] in the app and
//! drive the same code with no dialog.

use crate::flow::{Action, Notice};
use bevy::prelude::*;
use std::sync::{Arc, Mutex};
use vt_core::files::MAX_SAVE_BYTES;

/// What came back from a dialog.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DialogAnswer {
    /// The save was written there (a path, or the file name in a browser).
    Exported(String),
    /// The player picked this file; its name and text.
    Imported {
        name: String,
        text: String,
    },
    /// The player closed the dialog, or none could be shown.
    Cancelled,
    Failed(String),
}

/// Answers not yet handled, written from the dialog's task.
#[derive(Resource, Clone, Default)]
pub struct DialogInbox(pub Arc<Mutex<Vec<DialogAnswer>>>);

impl DialogInbox {
    pub fn put(&self, a: DialogAnswer) {
        if let Ok(mut v) = self.0.lock() {
            v.push(a);
        }
    }

    fn take(&self) -> Vec<DialogAnswer> {
        self.0
            .lock()
            .map(|mut v| v.split_off(0))
            .unwrap_or_default()
    }
}

/// Whatever shows the dialogs. Each call returns at once and puts its one
/// answer in the inbox later.
pub trait PickFiles: Send + Sync + 'static {
    /// Asks where to write `text`, suggesting `file_name`, and writes it.
    fn export(&self, file_name: String, text: String, inbox: DialogInbox);
    /// Asks for a save to read.
    fn import(&self, inbox: DialogInbox);
}

/// The app's dialogs, and whether one is open (one at a time).
#[derive(Resource, Clone)]
pub struct FileDialogs {
    pub picker: Arc<dyn PickFiles>,
    pub open: bool,
}

impl Default for FileDialogs {
    fn default() -> Self {
        FileDialogs {
            picker: Arc::new(SystemDialogs),
            open: false,
        }
    }
}

impl FileDialogs {
    pub fn with(picker: impl PickFiles) -> Self {
        FileDialogs {
            picker: Arc::new(picker),
            open: false,
        }
    }
}

/// A file name for a save: the store's cleaned name and `.ron`.
pub fn file_name_for(save_name: &str) -> String {
    format!("{}.ron", crate::saves::clean_name(save_name))
}

/// The save's name from a file's name (`g.ron` gives `g`).
pub fn save_name_from(file_name: &str) -> String {
    let stem = file_name.strip_suffix(".ron").unwrap_or(file_name);
    crate::saves::clean_name(stem)
}

/// Writes an exported save where the player chose, whole or not at all.
#[cfg(not(target_arch = "wasm32"))]
pub fn write_export(path: &std::path::Path, text: &str) -> DialogAnswer {
    match vt_core::files::write_atomic(path, text.as_bytes()) {
        Ok(()) => DialogAnswer::Exported(path.display().to_string()),
        Err(e) => DialogAnswer::Failed(e.to_string()),
    }
}

/// Reads the file a player picked to import (at most a save's size).
#[cfg(not(target_arch = "wasm32"))]
pub fn read_import(path: &std::path::Path) -> DialogAnswer {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    match vt_core::files::read_text(path, MAX_SAVE_BYTES) {
        Ok(text) => DialogAnswer::Imported {
            name: save_name_from(&name),
            text,
        },
        Err(e) => DialogAnswer::Failed(e.to_string()),
    }
}

/// The system's dialogs, through rfd.
pub struct SystemDialogs;

fn dialog(title: &str) -> rfd::AsyncFileDialog {
    rfd::AsyncFileDialog::new()
        .set_title(title)
        .add_filter("Vietnam Tactics save", &["ron"])
}

impl PickFiles for SystemDialogs {
    fn export(&self, file_name: String, text: String, inbox: DialogInbox) {
        let d = dialog("Export the game to a file").set_file_name(file_name);
        bevy::tasks::IoTaskPool::get()
            .spawn(async move {
                let answer = match d.save_file().await {
                    None => DialogAnswer::Cancelled,
                    #[cfg(not(target_arch = "wasm32"))]
                    Some(h) => write_export(h.path(), &text),
                    // The browser asks where to put the download.
                    #[cfg(target_arch = "wasm32")]
                    Some(h) => match h.write(text.as_bytes()).await {
                        Ok(()) => DialogAnswer::Exported(h.file_name()),
                        Err(e) => DialogAnswer::Failed(e.to_string()),
                    },
                };
                inbox.put(answer);
            })
            .detach();
    }

    fn import(&self, inbox: DialogInbox) {
        let d = dialog("Load a saved game from a file");
        bevy::tasks::IoTaskPool::get()
            .spawn(async move {
                let answer = match d.pick_file().await {
                    None => DialogAnswer::Cancelled,
                    #[cfg(not(target_arch = "wasm32"))]
                    Some(h) => read_import(h.path()),
                    #[cfg(target_arch = "wasm32")]
                    Some(h) => web_import(&h).await,
                };
                inbox.put(answer);
            })
            .detach();
    }
}

#[cfg(target_arch = "wasm32")]
async fn web_import(h: &rfd::FileHandle) -> DialogAnswer {
    let name = h.file_name();
    let size = h.inner().size();
    if size > MAX_SAVE_BYTES as f64 {
        return DialogAnswer::Failed(format!(
            "{}: {size} bytes, more than a save can be",
            vt_core::echo::clip(&name)
        ));
    }
    match String::from_utf8(h.read().await) {
        Ok(text) => DialogAnswer::Imported {
            name: save_name_from(&name),
            text,
        },
        Err(_) => DialogAnswer::Failed(format!(
            "{}: not a save (not text)",
            vt_core::echo::clip(&name)
        )),
    }
}

/// Opens the export dialog for this save text, unless a dialog is open.
pub fn start_export(dialogs: &mut FileDialogs, inbox: &DialogInbox, name: &str, text: String) {
    if dialogs.open {
        return;
    }
    dialogs.open = true;
    dialogs
        .picker
        .export(file_name_for(name), text, inbox.clone());
}

pub fn start_import(dialogs: &mut FileDialogs, inbox: &DialogInbox) {
    if dialogs.open {
        return;
    }
    dialogs.open = true;
    dialogs.picker.import(inbox.clone());
}

/// Turns the dialogs' answers into a notice or a load.
pub fn dialog_answers(
    inbox: Res<DialogInbox>,
    mut dialogs: ResMut<FileDialogs>,
    mut notice: ResMut<Notice>,
    mut actions: MessageWriter<Action>,
) {
    for answer in inbox.take() {
        dialogs.open = false;
        match answer {
            DialogAnswer::Exported(to) => notice.info(format!("Exported to {to}.")),
            DialogAnswer::Imported { name, text } => {
                actions.write(Action::LoadText { name, text });
            }
            DialogAnswer::Cancelled => {
                if cfg!(target_os = "linux") {
                    notice.info(
                        "No file chosen. (If no dialog opened, this desktop offers none: the \
                         XDG desktop portal or zenity shows it.)",
                    );
                } else {
                    notice.info("No file chosen.");
                }
            }
            DialogAnswer::Failed(e) => notice.error(format!("Could not use that file: {e}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_go_both_ways() {
        assert_eq!(file_name_for("mid game"), "mid-game.ron");
        assert_eq!(save_name_from("mid-game.ron"), "mid-game");
        assert_eq!(save_name_from("../x y.ron"), "---x-y");
        assert_eq!(save_name_from(".ron"), "save");
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn export_and_import_through_files() {
        let dir = std::env::temp_dir().join(format!("vt-export-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("g.ron");
        assert_eq!(
            write_export(&p, "(format: 1)"),
            DialogAnswer::Exported(p.display().to_string())
        );
        assert_eq!(
            read_import(&p),
            DialogAnswer::Imported {
                name: "g".into(),
                text: "(format: 1)".into()
            }
        );
        // A directory where the file would go: refused, by name.
        let blocked = dir.join("blocked.ron");
        std::fs::create_dir_all(&blocked).unwrap();
        assert!(
            matches!(write_export(&blocked, "x"), DialogAnswer::Failed(m) if m.contains("blocked.ron"))
        );
        assert!(
            matches!(read_import(&blocked), DialogAnswer::Failed(m) if m.contains("directory"))
        );
        let _ = std::fs::remove_dir_all(dir);
    }
}
