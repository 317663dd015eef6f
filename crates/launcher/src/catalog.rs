//! The games of this build, built from the data files under `assets/`.
//!
//! The loading screen loads every data file the registered games name
//! (`vt_games::entries()[i].data_files()` keys, paths under `assets/`) as
//! text through bevy_asset_loader, then builds each game from them, so a
//! player's edit of a file takes effect. A file that is missing or broken
//! does not stop the app: that game is built from the copy embedded in the
//! program and the menu says which file and line was refused.
//!
//! The web build reads no file ([`DataSource::Embedded`]): the data
//! embedded in the program is the only copy shipped.

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext, LoadState};
use bevy::prelude::*;
use bevy_asset_loader::prelude::*;
use std::sync::Arc;
use tracing::warn;
use vt_core::GameInfo;
use vt_core::dynamic::DynGame;
use vt_core::sort::StableSort;
use vt_games::GameEntry;

/// A data file's text, parsed later by the game's own build function (so
/// its errors name the file and line).
#[derive(Asset, TypePath, Debug, Clone)]
pub struct DataText(pub String);

#[derive(Default, TypePath)]
pub struct DataTextLoader;

#[derive(Debug)]
pub struct DataTextError(String);

impl std::fmt::Display for DataTextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DataTextError {}

impl AssetLoader for DataTextLoader {
    type Asset = DataText;
    type Settings = ();
    type Error = DataTextError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        _ctx: &mut LoadContext<'_>,
    ) -> Result<DataText, DataTextError> {
        let mut bytes = Vec::new();
        reader
            .read_to_end(&mut bytes)
            .await
            .map_err(|e| DataTextError(e.to_string()))?;
        String::from_utf8(bytes)
            .map(DataText)
            .map_err(|e| DataTextError(format!("not UTF-8 text: {e}")))
    }

    fn extensions(&self) -> &[&str] {
        &["ron"]
    }
}

/// The dynamic asset behind the key [`DATA_KEY`]: every data file of every
/// registered game.
#[derive(Debug, Clone)]
pub struct GameDataFiles {
    pub paths: Vec<String>,
}

pub const DATA_KEY: &str = "vt.game-data";

impl DynamicAsset for GameDataFiles {
    fn load(&self, asset_server: &AssetServer) -> Vec<UntypedHandle> {
        self.paths
            .iter()
            .map(|p| asset_server.load::<DataText>(p.clone()).untyped())
            .collect()
    }

    fn build(&self, world: &mut World) -> Result<DynamicAssetType, anyhow::Error> {
        let server = world.resource::<AssetServer>();
        Ok(DynamicAssetType::Collection(
            self.paths
                .iter()
                .map(|p| server.load::<DataText>(p.clone()).untyped())
                .collect(),
        ))
    }
}

/// What bevy_asset_loader hands over when every file loaded.
#[derive(AssetCollection, Resource)]
pub struct GameDataCollection {
    #[asset(key = "vt.game-data", collection(typed))]
    pub files: Vec<Handle<DataText>>,
}

/// The registered games, in menu order.
#[derive(Resource, Clone)]
pub struct Entries(pub Vec<GameEntry>);

impl Entries {
    /// Every data file of every game, as paths under `assets/`.
    pub fn data_paths(&self) -> Vec<String> {
        let mut v: Vec<String> = self
            .0
            .iter()
            .flat_map(|e| {
                (e.data_files)()
                    .paths()
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .collect();
        v.stable_sort();
        v.dedup();
        v
    }
}

/// Where the games' data comes from.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataSource {
    /// The files under `assets/`, falling back to the embedded copy of a
    /// game whose files are missing or refused.
    Files,
    /// The copies embedded in the program; no file is read.
    Embedded,
}

/// Handles to the data files, held while loading, for the progress bar and
/// to read each file's state afterwards.
#[derive(Resource, Default)]
pub struct DataHandles(pub Vec<(String, Handle<DataText>)>);

/// A game ready to play.
#[derive(Clone)]
pub struct CatalogGame {
    pub info: GameInfo,
    pub game: Arc<dyn DynGame>,
    /// Its computer player (`GameEntry::ai`).
    pub ai: Option<Arc<dyn vt_ai::DynAi>>,
    /// True if it was built from the embedded copy because a file was refused.
    pub fallback: bool,
}

/// The games the menu offers, and what went wrong loading their data.
#[derive(Resource, Clone, Default)]
pub struct Catalog {
    pub games: Vec<CatalogGame>,
    /// Shown on the menu: "assets/csar/cards.ron:12:5: ...; using the built-in copy".
    pub notices: Vec<String>,
}

impl Catalog {
    pub fn find(&self, id: &str) -> Option<&CatalogGame> {
        self.games.iter().find(|g| g.info.id == id)
    }
}

/// Builds every game from the files as loaded, falling back to the embedded
/// data for a game whose files are missing or refused. `text_of` answers a
/// path with its loaded text or the reason it could not be read.
pub fn build_catalog(
    entries: &[GameEntry],
    mut text_of: impl FnMut(&str) -> Result<String, String>,
) -> Catalog {
    let mut cat = Catalog::default();
    for e in entries {
        let embedded = (e.data_files)();
        let mut files = embedded.clone();
        let mut problems = Vec::new();
        let paths: Vec<String> = embedded.paths().map(str::to_string).collect();
        for p in &paths {
            match text_of(p) {
                Ok(text) => files.insert(p, text),
                Err(why) => problems.push(format!("assets/{p}: {why}")),
            }
        }
        let built = if problems.is_empty() {
            (e.build)(&files).map_err(|err| err.to_string())
        } else {
            Err(problems.join("; "))
        };
        match built {
            Ok(game) => cat.games.push(CatalogGame {
                info: game.info(),
                ai: (e.ai)(&*game),
                game,
                fallback: false,
            }),
            Err(why) => match (e.build)(&embedded) {
                Ok(game) => {
                    cat.notices.push(format!(
                        "{why} — {} uses its built-in data instead.",
                        game.info().name
                    ));
                    cat.games.push(CatalogGame {
                        info: game.info(),
                        ai: (e.ai)(&*game),
                        game,
                        fallback: true,
                    });
                }
                Err(err) => cat.notices.push(format!(
                    "{why} — and the built-in data of '{}' is refused too ({err}); the game is left out.",
                    e.id
                )),
            },
        }
    }
    cat
}

/// Takes handles to every data file (Startup), for the progress bar; the
/// loading state loads the same files through [`GameDataFiles`].
pub fn start_loading(
    entries: Res<Entries>,
    source: Res<DataSource>,
    server: Res<AssetServer>,
    mut handles: ResMut<DataHandles>,
) {
    if *source == DataSource::Embedded {
        return;
    }
    handles.0 = entries
        .data_paths()
        .into_iter()
        .map(|p| (p.clone(), server.load::<DataText>(p.clone())))
        .collect();
}

/// (loaded or failed, total), for the progress bar.
pub fn progress(handles: &DataHandles, server: &AssetServer) -> (usize, usize) {
    let done = handles
        .0
        .iter()
        .filter(|(_, h)| {
            matches!(
                server.load_state(h.id()),
                LoadState::Loaded | LoadState::Failed(_)
            )
        })
        .count();
    (done, handles.0.len())
}

/// Builds the catalog once loading has ended, well or badly (OnExit of the
/// loading screen).
pub fn finish_loading(
    mut commands: Commands,
    entries: Res<Entries>,
    source: Res<DataSource>,
    handles: Res<DataHandles>,
    server: Res<AssetServer>,
    texts: Res<Assets<DataText>>,
) {
    let cat = match *source {
        DataSource::Embedded => {
            let embedded: Vec<_> = entries.0.iter().map(|e| (e.data_files)()).collect();
            build_catalog(&entries.0, |path| {
                embedded
                    .iter()
                    .find_map(|f| f.text(path).ok())
                    .map(str::to_string)
                    .ok_or_else(|| "not embedded".to_string())
            })
        }
        DataSource::Files => build_catalog(&entries.0, |path| {
            let Some((_, h)) = handles.0.iter().find(|(p, _)| p == path) else {
                return Err("not requested".into());
            };
            match (texts.get(h), server.load_state(h.id())) {
                (Some(t), _) => Ok(t.0.clone()),
                (None, LoadState::Failed(e)) => Err(format!("could not be read ({e})")),
                (None, _) => Err("did not finish loading".into()),
            }
        }),
    };
    for n in &cat.notices {
        warn!("{n}");
    }
    commands.insert_resource(cat);
    commands.remove_resource::<DataHandles>();
}
