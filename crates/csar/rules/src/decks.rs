//! CSAR 2.2: the three decks. Resolution draws (the Reshuffle card does not
//! count as a draw and reshuffles at once; the Wild card), random
//! determinations by the ones digit of the card number, the Action deck
//! (reshuffled when it runs out) and the Event deck.

use crate::Csar;
use crate::data::Icon;
use crate::describe::{misrouted, purpose_words, random_words, verdict};
use crate::event::{Event, Purpose, RandomFor};
use crate::state::State;
use vt_core::dice::Adjudication;
use vt_core::engine::LogEntry;

impl Csar {
    pub fn icon(&self, card: u8) -> Icon {
        self.data.resolution[card as usize].icon
    }

    pub fn number(&self, card: u8) -> u8 {
        self.data.resolution[card as usize].number
    }

    /// Takes the top Resolution card; an empty draw pile (every card set
    /// aside or discarded without the Reshuffle card coming up) is first
    /// refilled from the discards. `None` only if no card is left anywhere.
    fn draw_top(&self, s: &mut State, ev: &mut Vec<Event>, purpose: Purpose) -> Option<u8> {
        if s.res.is_empty() {
            s.res.reshuffle_discards(&mut s.rng);
            ev.push(Event::Reshuffled);
        }
        let c = s.res.draw()?;
        ev.push(Event::Drawn { purpose, card: c });
        Some(c)
    }

    /// 2.2.1 Reshuffle card: discard it and shuffle the discards into the draw pile.
    fn reshuffle_with(&self, s: &mut State, ev: &mut Vec<Event>, card: u8) {
        s.res.discard(card);
        s.res.reshuffle_discards(&mut s.rng);
        ev.push(Event::Reshuffled);
    }

    /// 2.2.1 drawing for resolution: one card that counts. A Reshuffle card
    /// reshuffles and is not counted, so drawing goes on. The caller keeps the
    /// card (to discard it or set it aside).
    pub(crate) fn draw_counted(
        &self,
        s: &mut State,
        ev: &mut Vec<Event>,
        purpose: Purpose,
    ) -> Option<u8> {
        // Drawing goes on until a card counts; the one Reshuffle card can
        // come up again and again when few cards are left to draw (the hits
        // set aside are not reshuffled, 4.3.3 C). It stops only when no card
        // in the draw pile or the discards could count. Each draw that finds
        // one has at least one chance in the deck's size, so the cap (far
        // beyond any real game) is a guard against a hang, not a rule.
        for _ in 0..100_000 {
            let any_counts = s
                .res
                .draw_pile
                .iter()
                .chain(s.res.discards.iter())
                .any(|&c| self.icon(c) != Icon::Reshuffle);
            if !any_counts {
                return None;
            }
            let c = self.draw_top(s, ev, purpose)?;
            if self.icon(c) == Icon::Reshuffle {
                self.reshuffle_with(s, ev, c);
                continue;
            }
            return Some(c);
        }
        None
    }

    /// Draws `n` counted cards and discards them, calling `f` on each icon;
    /// returns true if `f` was true for any (the "if X is drawn at any point"
    /// of 4.3.5, 4.4.2, 4.4.3). All `n` are drawn even after a success (2.2.1).
    pub(crate) fn draw_any(
        &self,
        s: &mut State,
        ev: &mut Vec<Event>,
        purpose: Purpose,
        n: u8,
        f: impl Fn(Icon) -> bool,
    ) -> bool {
        let mut hit = false;
        for _ in 0..n {
            let Some(c) = self.draw_counted(s, ev, purpose) else {
                break;
            };
            if f(self.icon(c)) {
                hit = true;
            }
            s.res.discard(c);
        }
        hit
    }

    /// 2.2.1 drawing one card for its number (an odd or even ones digit): a
    /// random determination, so a Reshuffle card counts too; its number is
    /// used, then the deck is reshuffled. Returns the card, already discarded.
    pub(crate) fn draw_for_number(
        &self,
        s: &mut State,
        ev: &mut Vec<Event>,
        purpose: Purpose,
    ) -> Option<u8> {
        let c = self.draw_top(s, ev, purpose)?;
        if self.icon(c) == Icon::Reshuffle {
            self.reshuffle_with(s, ev, c);
        } else {
            s.res.discard(c);
        }
        Some(c)
    }

    /// 2.2.1 random determination: the outcomes are spread evenly over the
    /// ones digits 0-9 (digits beyond an even share are drawn again), and the
    /// drawn card's ones digit picks. Two outcomes: even or odd. More than ten:
    /// the whole card number is read the same way. A Reshuffle card's number
    /// is used, then the deck is reshuffled.
    pub(crate) fn pick(&self, s: &mut State, ev: &mut Vec<Event>, why: RandomFor, n: u8) -> u8 {
        if n <= 1 {
            return 0;
        }
        let max_number = self.max_number();
        let read = |number: u8| {
            if n <= 10 {
                (number % 10, 10u8)
            } else {
                (number.saturating_sub(1), max_number)
            }
        };
        let decides = |number: u8| {
            let (value, range) = read(number);
            value < (range / n) * n
        };
        // As for a counted draw: on until a card decides, while one that
        // could is left to draw (every card drawn here is discarded, so
        // the discards come back round).
        for _ in 0..100_000 {
            let any_decides = s
                .res
                .draw_pile
                .iter()
                .chain(s.res.discards.iter())
                .any(|&c| decides(self.number(c)));
            if !any_decides {
                break;
            }
            let Some(c) = self.draw_top(s, ev, Purpose::Random) else {
                return 0;
            };
            let number = self.number(c);
            if self.icon(c) == Icon::Reshuffle {
                self.reshuffle_with(s, ev, c);
            } else {
                s.res.discard(c);
            }
            let (value, _) = read(number);
            if decides(number) {
                let picked = value % n;
                ev.push(Event::RandomPick {
                    why,
                    card: c,
                    options: n,
                    picked,
                });
                return picked;
            }
        }
        // Only a deck none of whose numbers falls in range gets here; take
        // the first outcome.
        0
    }

    pub(crate) fn max_number(&self) -> u8 {
        self.data
            .resolution
            .iter()
            .map(|c| c.number)
            .max()
            .unwrap_or(10)
            .max(1)
    }

    /// Removes the Wild card from the draw or discard pile for the rest of the
    /// game (6.4, 6.5).
    pub(crate) fn remove_wild(&self, s: &mut State, ev: &mut Vec<Event>, rule: u8) {
        let wild = |c: &u8| self.icon(*c) == Icon::Wild;
        let taken = if let Some(i) = s.res.draw_pile.iter().position(wild) {
            Some(s.res.draw_pile.remove(i))
        } else if let Some(i) = s.res.discards.iter().position(wild) {
            Some(s.res.discards.remove(i))
        } else {
            None
        };
        if let Some(c) = taken {
            s.res.remove_from_game(c);
            ev.push(Event::WildRemoved { rule });
        }
    }

    /// 2.2.2: the top Action card; the discards are reshuffled into a new deck
    /// when none are left.
    pub(crate) fn draw_action(&self, s: &mut State, ev: &mut Vec<Event>) -> Option<u8> {
        if s.action.is_empty() && !s.action.discards.is_empty() {
            s.action.reshuffle_discards(&mut s.rng);
            ev.push(Event::ActionDeckReshuffled);
        }
        let c = s.action.draw()?;
        ev.push(Event::ActionDrawn { card: c });
        Some(c)
    }

    /// 2.2.2: a played card goes out of the game if its text says so,
    /// otherwise to the discards. Discarded unplayed cards always go to the discards.
    pub(crate) fn finish_card(&self, s: &mut State, ev: &mut Vec<Event>, card: u8, played: bool) {
        if played && self.card_def(card).remove_when_played {
            s.action.remove_from_game(card);
            ev.push(Event::CardRemovedFromGame { card });
        } else {
            s.action.discard(card);
        }
    }

    /// 2.2.3: the top Event card (the discards reshuffled when none are left).
    pub(crate) fn draw_event(&self, s: &mut State) -> Option<u8> {
        if s.events.is_empty() {
            s.events.reshuffle_discards(&mut s.rng);
        }
        s.events.draw()
    }

    pub fn card_def(&self, card: u8) -> &crate::data::ActionCardDef {
        &self.data.action_kinds[self.data.action_cards[card as usize] as usize]
    }

    pub fn card_kind(&self, card: u8) -> u8 {
        self.data.action_cards[card as usize]
    }
}

impl Csar {
    /// The log's words for this section's events (the dispatcher is in
    /// [`crate::describe`]).
    pub(crate) fn describe_decks(&self, e: &Event) -> LogEntry {
        let t = |s: String| LogEntry::text(s);
        match *e {
            Event::Drawn { purpose, card } => {
                let (what, rule, needed) = purpose_words(purpose);
                let mut a = Adjudication::new(what, rule);
                a.rolled = vec![self.number(card) as i32];
                a.rolled_as = Some("Card number".into());
                a.total = self.number(card) as i32;
                a.needed = Some(needed.into());
                let d = &self.data.resolution[card as usize];
                let (short, long) = verdict(purpose, d.icon, d.number, d.aircraft);
                a.result = format!("{}: {long}", self.res_label(card));
                // Short: the log shows it as a one-line header.
                let id = match (purpose, d.aircraft) {
                    (Purpose::HitAllocation, Some(x)) => format!(" id {x}"),
                    _ => String::new(),
                };
                LogEntry::with_rolls(
                    format!("{what}: card {} {}{id}: {short}.", d.number, d.icon.name()),
                    vec![a],
                )
            }
            Event::Reshuffled => t("The Resolution deck is reshuffled (2.2.1).".into()),
            Event::RandomPick {
                why,
                card,
                options,
                picked,
            } => {
                let mut a = Adjudication::new(
                    format!("Random determination: {}", random_words(why)),
                    "CSAR 2.2.1",
                );
                a.rolled = vec![self.number(card) as i32];
                a.rolled_as = Some("Card number".into());
                a.total = self.number(card) as i32;
                a.needed = Some(format!("{options} outcomes spread over the ones digit"));
                a.result = format!("outcome {} of {options}", picked + 1);
                LogEntry::with_rolls(
                    format!(
                        "Random determination ({}): outcome {} of {options}.",
                        random_words(why),
                        picked + 1
                    ),
                    vec![a],
                )
            }
            Event::WildRemoved { rule } => t(format!("The Wild card leaves the game (6.{rule}).")),
            Event::ActionDrawn { card } => t(format!("Drew {}.", self.card_name(card))),
            Event::ActionDeckReshuffled => {
                t("The Action discards are reshuffled into a new deck (2.2.2).".into())
            }
            Event::CardRemovedFromGame { card } => t(format!(
                "{} is removed from the game (2.2.2).",
                self.card_name(card)
            )),
            _ => misrouted(e),
        }
    }
}
