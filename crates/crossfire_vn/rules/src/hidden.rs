//! CF base hidden deployment (S16, S17): a stand set up hidden is absent
//! from the enemy's view until it is placed on the table. Our reading of
//! when that happens: when it moves or fires (firing is an option; 6.11
//! always for recoilless weapons), when an enemy stand passes within one
//! stand width of it or ends its move in the terrain piece it holds, when
//! recon by fire or a barrage finds it, when it fights, and when the
//! attacker stands in the objective it holds.

use crate::CrossfireVn;
use crate::event::{Event, RevealWhy};
use crate::state::*;
use vt_core::tabletop::Point;

impl CrossfireVn {
    /// Places a hidden stand on the table.
    pub(crate) fn reveal(&self, s: &mut State, id: StandId, why: RevealWhy, ev: &mut Vec<Event>) {
        let st = s.stand_mut(id);
        if !st.hidden {
            return;
        }
        st.hidden = false;
        ev.push(Event::Revealed {
            stand: id,
            at: st.at,
            why,
        });
    }

    /// How many of a side's stands on the table are hidden: public, as the
    /// forces of a scenario are (only where they are is secret).
    pub fn hidden_count(&self, s: &State, side: Side) -> usize {
        s.side_on_table(side).filter(|x| x.hidden).count()
    }

    /// After a move from `from`: hidden enemy stands within reach of the
    /// path, or in the piece of terrain the mover ends in, are found.
    pub(crate) fn spot_after_move(
        &self,
        s: &mut State,
        id: StandId,
        from: Point,
        ev: &mut Vec<Event>,
    ) {
        let st = s.stand(id).clone();
        if !st.on_table() {
            return;
        }
        let range = self.rules().sw(self.rules().hidden.spot_range.value);
        let end_piece = self.feature_at(s, st.at);
        let t = self.table_of(s);
        let len = from.distance(st.at);
        let n = (len / 0.5).ceil().max(1.0) as usize;
        let path: Vec<Point> = (0..=n)
            .map(|k| from.toward(st.at, len * k as f64 / n as f64))
            .collect();
        let found: Vec<StandId> = s
            .side_on_table(st.side.other())
            .filter(|o| o.hidden)
            .filter(|o| {
                let ob = self.base(o);
                let near = path
                    .iter()
                    .any(|p| self.base_at(&st, *p, st.facing).distance_to(&ob) < range);
                let same_piece = end_piece.is_some_and(|i| t.features[i].contains(o.at));
                near || same_piece
            })
            .map(|o| o.id)
            .collect();
        for f in found {
            self.reveal(s, f, RevealWhy::Spotted, ev);
        }
    }
}

use vt_core::engine::LogEntry;

impl CrossfireVn {
    pub(crate) fn describe_hidden(&self, s: Option<&State>, e: &Event) -> LogEntry {
        let Event::Revealed { stand, why, .. } = e else {
            return LogEntry::text(format!("{e:?}"));
        };
        let why = match why {
            RevealWhy::Fired => "it fired",
            RevealWhy::Backblast => "its back-blast gives it away (6.11)",
            RevealWhy::Moved => "it moved",
            RevealWhy::Spotted => "an enemy stand came upon it",
            RevealWhy::ReconByFire => "recon by fire flushed it (6.7)",
            RevealWhy::Barrage => "fire struck it",
            RevealWhy::CloseCombat => "it is caught in a close combat",
            RevealWhy::Objective => "the enemy is in its objective",
            RevealWhy::Burnt => "flames drove it out (6.12)",
        };
        LogEntry::text(format!("{} is found: {why}.", self.who(s, *stand)))
    }
}
