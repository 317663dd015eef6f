//! Notes: HIDDEN DEPLOYMENT (and SPOTTING): the defender puts down a card
//! for each platoon (full-size cards for FOs and company commanders) and a
//! bogus card for every two real ones; a card is turned over once an enemy
//! has it within spotting range (a card spots as an infantry squad), and
//! never hides again. Our reading: a hidden platoon stays under its card
//! while it holds still; moving or firing shows it.

use crate::PlatoonCards;
use crate::event::Event;
use crate::state::*;

impl PlatoonCards {
    /// Turns over every card an enemy now spots.
    pub fn reveal_check(&self, s: &mut State, ev: &mut Vec<Event>) {
        if s.cards.iter().all(|c| c.revealed) {
            return;
        }
        let size = self.charts.hidden.card_size.value;
        let found: Vec<(u16, StandId)> = s
            .cards
            .iter()
            .filter(|c| !c.revealed)
            .filter_map(|c| {
                self.side_spots_point(s, c.side.other(), c.pos, size)
                    .map(|by| (c.marker, by))
            })
            .collect();
        for (marker, by) in found {
            self.reveal_card(s, marker, Some(by), ev);
        }
    }

    /// Turns a card over: a platoon shows its stands; a bogus card goes.
    pub fn reveal_card(
        &self,
        s: &mut State,
        marker: u16,
        by: Option<StandId>,
        ev: &mut Vec<Event>,
    ) {
        let Some(i) = s
            .cards
            .iter()
            .position(|c| c.marker == marker && !c.revealed)
        else {
            return;
        };
        s.cards[i].revealed = true;
        let (side, platoon) = (s.cards[i].side, s.cards[i].platoon);
        let mut stands = Vec::new();
        if let Some(p) = platoon {
            s.platoon_mut(p).card_marker = None;
            for st in s.stands.iter_mut().filter(|st| st.platoon == p) {
                st.hidden = false;
                if st.alive() {
                    stands.push((st.id, st.pos));
                }
            }
        }
        ev.push(Event::Revealed {
            marker,
            side,
            platoon,
            stands,
            by,
        });
    }

    /// Shows a hidden platoon (it moved or fired).
    pub fn reveal_platoon(
        &self,
        s: &mut State,
        p: PlatoonId,
        by: Option<StandId>,
        ev: &mut Vec<Event>,
    ) {
        if let Some(m) = s.platoon(p).card_marker {
            self.reveal_card(s, m, by, ev);
        }
    }

    /// Unrevealed cards of a side (real or bogus: the enemy cannot tell).
    pub fn hidden_cards(&self, s: &State, side: Side) -> usize {
        s.cards
            .iter()
            .filter(|c| c.side == side && !c.revealed)
            .count()
    }
}
