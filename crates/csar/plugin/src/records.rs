//! The record of finished games, kept between runs in the launcher's data
//! store (a file in its data folder on the desktop, local storage on the
//! web), and the win rates per scenario it gives.

use bevy::prelude::*;
use csar_rules::Csar;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use vt_core::Ruleset;
use vt_core::session::Session;
use vt_ui::prelude::*;
use vt_ui::store::GameStore;

/// The key the record is stored under.
pub const RECORD_KEY: &str = "csar-record";

/// One finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SessionRecord {
    /// Scenario id (or the campaign's).
    pub scenario: String,
    pub scenario_name: String,
    /// The optional rules switched on, by their set-up key.
    pub options: Vec<String>,
    /// "win", "loss" or "draw".
    pub result: String,
    /// Turns played.
    pub turns: u8,
    /// When it ended, "YYYY-MM-DD HH:MM" (UTC); empty if the clock is unknown.
    pub date: String,
    pub seed: u64,
    pub commands: u32,
}

/// Every finished game, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Records {
    pub games: Vec<SessionRecord>,
}

/// Wins, draws and losses in one scenario.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub scenario: String,
    pub name: String,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    pub fn played(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Wins over games played (0 when none).
    pub fn win_rate(&self) -> f32 {
        if self.played() == 0 {
            0.0
        } else {
            self.wins as f32 / self.played() as f32
        }
    }
}

impl Records {
    /// Reads the stored text; a record that cannot be read starts afresh
    /// (and says why).
    pub fn parse(text: &str) -> Result<Records, String> {
        vt_core::data::parse_ron(RECORD_KEY, text)
            .map_err(|e| format!("the game record cannot be read: {e}"))
    }

    pub fn to_text(&self) -> String {
        use vt_core::data::{Layout, to_ron};
        to_ron(self, Layout::Pretty(Default::default())).unwrap_or_default()
    }

    pub fn add(&mut self, r: SessionRecord) {
        self.games.push(r);
    }

    /// Per scenario, in the order first played.
    pub fn tallies(&self) -> Vec<Tally> {
        let mut order: Vec<String> = Vec::new();
        let mut by: BTreeMap<String, Tally> = BTreeMap::new();
        for g in &self.games {
            let t = by.entry(g.scenario.clone()).or_insert_with(|| {
                order.push(g.scenario.clone());
                Tally {
                    scenario: g.scenario.clone(),
                    name: g.scenario_name.clone(),
                    ..Default::default()
                }
            });
            match g.result.as_str() {
                "win" => t.wins += 1,
                "draw" => t.draws += 1,
                _ => t.losses += 1,
            }
        }
        order.into_iter().filter_map(|s| by.remove(&s)).collect()
    }
}

/// Seconds since 1970 by the wall clock, if there is one.
pub fn unix_now() -> Option<i64> {
    #[cfg(target_arch = "wasm32")]
    {
        Some((js_sys::Date::now() / 1000.0) as i64)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .ok()
            .map(|d| d.as_secs() as i64)
    }
}

/// "YYYY-MM-DD HH:MM" (UTC) for seconds since 1970 (the civil calendar,
/// days to year/month/day as in Howard Hinnant's `civil_from_days`).
pub fn date_words(secs: i64) -> String {
    let days = secs.div_euclid(86_400);
    let rest = secs.rem_euclid(86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}",
        rest / 3600,
        rest % 3600 / 60
    )
}

/// The record of finished games, as loaded from the store.
#[derive(Resource, Default)]
pub struct CsarRecords {
    pub records: Records,
    /// Why the record could not be read or written, if it could not.
    pub problem: Option<String>,
    pub loaded: bool,
}

/// Reads the record from the launcher's store at start.
pub fn load(store: Option<Res<GameStore>>, mut rec: ResMut<CsarRecords>) {
    let Some(store) = store else { return };
    rec.loaded = true;
    match store.0.read_text(RECORD_KEY) {
        Ok(Some(t)) => match Records::parse(&t) {
            Ok(r) => rec.records = r,
            Err(e) => rec.problem = Some(e),
        },
        Ok(None) => {}
        Err(e) => rec.problem = Some(e),
    }
}

/// Adds a game to the record, and writes the record, when it ends.
pub fn keep(
    mut changes: MessageReader<SessionChanged<Csar>>,
    synced: Res<Synced<Csar>>,
    game: Option<Res<ActiveGame>>,
    store: Option<Res<GameStore>>,
    mut rec: ResMut<CsarRecords>,
) {
    let ended = changes.read().any(|c| c.change == Change::Played) && synced.finished;
    let Some(game) = game.filter(|_| ended) else {
        return;
    };
    let Some(session) = game.typed::<Csar>() else {
        return;
    };
    rec.records.add(session_record(&game, session));
    if let Some(store) = store
        && let Err(e) = store.0.write_text(RECORD_KEY, &rec.records.to_text())
    {
        rec.problem = Some(format!("the game record could not be saved: {e}"));
    }
}

fn session_record(game: &ActiveGame, s: &Session<Csar>) -> SessionRecord {
    let view = s.rules.view(&s.state, 0);
    let scenario = s.setup.scenario.clone();
    let name = game
        .info
        .scenarios
        .iter()
        .find(|x| x.id == scenario)
        .map(|x| x.name.clone())
        .unwrap_or_else(|| view.scenario_name.clone());
    SessionRecord {
        scenario,
        scenario_name: name,
        options: s
            .setup
            .options
            .iter()
            .filter(|(_, v)| matches!(v.as_str(), "true" | "on" | "yes" | "1"))
            .map(|(k, _)| k.clone())
            .collect(),
        result: view
            .result
            .map(|r| r.label().to_string())
            .unwrap_or_default(),
        turns: view.turn.min(view.last_turn),
        date: unix_now().map(date_words).unwrap_or_default(),
        seed: s.setup.seed,
        commands: s.commands.len() as u32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(scenario: &str, result: &str) -> SessionRecord {
        SessionRecord {
            scenario: scenario.into(),
            scenario_name: scenario.to_uppercase(),
            options: vec![],
            result: result.into(),
            turns: 10,
            date: String::new(),
            seed: 1,
            commands: 50,
        }
    }

    #[test]
    fn win_rates_count_each_scenario_apart() {
        let mut r = Records::default();
        for (s, res) in [
            ("caged-tiger", "win"),
            ("cauldron", "loss"),
            ("caged-tiger", "loss"),
            ("caged-tiger", "draw"),
            ("caged-tiger", "win"),
        ] {
            r.add(rec(s, res));
        }
        let t = r.tallies();
        assert_eq!(t.len(), 2);
        assert_eq!(t[0].scenario, "caged-tiger");
        assert_eq!((t[0].wins, t[0].draws, t[0].losses), (2, 1, 1));
        assert_eq!(t[0].win_rate(), 0.5);
        assert_eq!(t[1].played(), 1);
        assert_eq!(t[1].win_rate(), 0.0);
        let back = Records::parse(&r.to_text()).unwrap();
        assert_eq!(back, r);
        assert!(Records::parse("not a record").is_err());
        // Written and read through vt_core::data's one RON path, as ron would.
        use vt_core::testing::assert_same_as_ron;
        assert_eq!(assert_same_as_ron(RECORD_KEY, &r.to_text()), Ok(r));
        assert!(assert_same_as_ron::<Records>(RECORD_KEY, "not a record").is_err());
    }

    #[test]
    fn dates_follow_the_civil_calendar() {
        assert_eq!(date_words(0), "1970-01-01 00:00");
        assert_eq!(date_words(951_782_400), "2000-02-29 00:00");
        assert_eq!(date_words(1_700_000_000), "2023-11-14 22:13");
    }
}
