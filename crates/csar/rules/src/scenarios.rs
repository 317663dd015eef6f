//! CSAR 7.0-7.4: setting up a scenario from its data, and the set-up
//! decisions (Pilot/PJ card, starting hand, the zones revealed in 7.4).

use crate::Csar;
use crate::command::Command;
use crate::components::{Aircraft, AircraftKind, Place, Survivor, SurvivorAt, Zone};
use crate::data::CardClass;
use crate::data::MarkerValue;
use crate::data::{Data, HandSetup, PilotRule, ScenarioDef, Special, Start, ZoneMarkerKind};
use crate::describe::misrouted;
use crate::event::RandomFor;
use crate::event::{Event, RevealCause};
use crate::markers::{Chit, RevealWhich, ZoneState};
use crate::state::{Campaign, FireProc, Limits, Options, State, Step, Tally, TurnFlags};
use std::cell::Cell;
use vt_core::GameRng;
use vt_core::cup::Cup;
use vt_core::deck::Deck;
use vt_core::engine::LogEntry;
use vt_core::refusal::{Checked, ensure};
use vt_core::{Setup, SetupError};

/// The option keys of 6.1-6.5.
pub const OPTION_KEYS: [&str; 5] = [
    "bombing-effectiveness",
    "pinpointing",
    "danger-close",
    "recovering-pilots",
    "search-effectiveness",
];

pub const CAMPAIGN_ID: &str = "campaign";

thread_local! {
    /// A state a playout is done with (`Ruleset::recycle`): the next set-up
    /// on this thread takes its lists, emptied, rather than allocating
    /// twenty-odd lists a game. Only the lists' room is reused, never
    /// their contents.
    static SPARE: Cell<Option<State>> = const { Cell::new(None) };
}

impl Csar {
    /// Keeps `s` for the next set-up on this thread ([`SPARE`]).
    pub(crate) fn keep_spare(&self, s: State) {
        SPARE.with(|c| c.set(Some(s)));
    }
}

/// Gives the lists of a new state (all empty) the room of `old`'s.
fn reuse_lists(s: &mut State, old: State) {
    fn give<T>(to: &mut Vec<T>, mut from: Vec<T>) {
        from.clear();
        *to = from;
    }
    fn give_deck<T>(to: &mut Deck<T>, from: Deck<T>) {
        give(&mut to.draw_pile, from.draw_pile);
        give(&mut to.discards, from.discards);
        give(&mut to.removed, from.removed);
    }
    fn give_cup<T>(to: &mut Cup<T>, from: Cup<T>) {
        give(&mut to.chits, from.chits);
        give(&mut to.removed, from.removed);
    }
    give_deck(&mut s.res, old.res);
    give(&mut s.res_aside, old.res_aside);
    give_deck(&mut s.action, old.action);
    give(&mut s.hand, old.hand);
    give(&mut s.reserve, old.reserve);
    give(&mut s.assigned, old.assigned);
    give_deck(&mut s.events, old.events);
    give(&mut s.aircraft, old.aircraft);
    give(&mut s.survivors, old.survivors);
    give(&mut s.guns, old.guns);
    give_cup(&mut s.gun_cup, old.gun_cup);
    give_cup(&mut s.hidden_cup, old.hidden_cup);
    give_cup(&mut s.enemy_cup, old.enemy_cup);
    give_cup(&mut s.zone_cup, old.zone_cup);
}

/// The aircraft of a scenario's set-up, in `out` (emptied first): one
/// entry per counter, in data order, so that an aircraft's index is the
/// same in every scenario (2.4); in a campaign only the Fast Movers bought,
/// `fast_movers`, come along (8.0).
pub(crate) fn place_aircraft(
    d: &Data,
    sc: &ScenarioDef,
    fast_movers: Option<u8>,
    out: &mut Vec<Aircraft>,
) {
    out.clear();
    out.extend(
        d.aircraft
            .iter()
            .map(|a| Aircraft::new(a.id, a.kind, Place::Unused)),
    );
    let mut fast_movers_allowed = fast_movers;
    for a in &sc.aircraft {
        let Some(i) = d.aircraft.iter().position(|x| x.id == a.id) else {
            continue;
        };
        let kind = d.aircraft[i].kind;
        let mut place = match a.at {
            Start::Orbit | Start::OrbitEnter => Place::Orbit,
            Start::Pool => Place::Pool,
            Start::Arrives(t) => Place::Arriving(t),
        };
        if kind == AircraftKind::FastMover
            && let Some(left) = fast_movers_allowed.as_mut()
        {
            // 8.0: no Fast Movers unless bought.
            if *left == 0 {
                continue;
            }
            *left -= 1;
            place = Place::Pool;
        }
        out[i].place = place;
    }
}

/// What a scenario's set-up puts in the cups, the Event deck and (outside
/// a campaign) on the aircraft before any draw: the same every game, so
/// worked out once at loading ([`Data::setup_lists`]) rather than at every
/// set-up.
#[derive(Clone, Debug, Default)]
pub(crate) struct SetupLists {
    /// The guns the scenario places (counter, zone), in its order.
    pub(crate) guns: Vec<(u8, Zone)>,
    pub(crate) gun_cup: Vec<Chit>,
    pub(crate) hidden_cup: Vec<MarkerValue>,
    pub(crate) enemy_cup: Cup<MarkerValue>,
    pub(crate) zone_cup: Vec<ZoneMarkerKind>,
    /// The Event deck (card ids) less the scenario's removals (2.2.3),
    /// before its shuffle.
    pub(crate) events: Vec<u8>,
    /// The aircraft outside a campaign ([`place_aircraft`]).
    pub(crate) aircraft: Vec<Aircraft>,
}

/// The scenario's [`SetupLists`] (7.0-7.4, cups of 9.4 and 9.5).
pub(crate) fn setup_lists(d: &Data, sc: &ScenarioDef) -> SetupLists {
    let events = d
        .event_cards
        .iter()
        .enumerate()
        .filter_map(|(i, &k)| {
            let name = &d.event_kinds[k as usize].name;
            (!sc.remove_events.iter().any(|r| r == name)).then_some(i as u8)
        })
        .collect();
    let mut used = vec![false; d.gun_counters.len()];
    let mut guns = Vec::with_capacity(sc.guns.len());
    for g in &sc.guns {
        let kind = d.gun_index(&g.gun).unwrap_or(0);
        if let Some(i) = (0..d.gun_counters.len()).find(|&i| !used[i] && d.gun_counters[i] == kind)
        {
            used[i] = true;
            guns.push((i as u8, g.zone));
        }
    }
    let excluded: Vec<u8> = sc
        .exclude_guns
        .iter()
        .filter_map(|g| d.gun_index(g))
        .collect();
    let mut gun_cup = Vec::with_capacity(d.gun_counters.len() + d.barrages.value as usize);
    for (i, &k) in d.gun_counters.iter().enumerate() {
        if !used[i] && !excluded.contains(&k) {
            gun_cup.push(Chit::Gun(i as u8));
        }
    }
    for _ in 0..d.barrages.value {
        gun_cup.push(Chit::Barrage);
    }
    let fill = |defs: &[crate::data::MarkerDef], min: Option<u8>| {
        let mut v = Vec::new();
        if let Some(min) = min {
            for m in defs {
                if m.value.at_least(min) {
                    for _ in 0..m.count {
                        v.push(m.value);
                    }
                }
            }
        }
        v
    };
    let hidden_cup = fill(&d.hidden, sc.hidden_cup);
    let mut enemy_cup = Cup::new(fill(&d.enemy, sc.enemy_cup));
    for v in &sc.remove_enemy_markers {
        enemy_cup.remove_permanently(v);
    }
    let mut zone_cup = Vec::new();
    if sc.zone_cup {
        for m in &d.zone_markers {
            let fixed = sc.zone_markers.iter().filter(|z| z.kind == m.kind).count() as u8;
            for _ in 0..m.count.saturating_sub(fixed) {
                zone_cup.push(m.kind);
            }
        }
    }
    let mut aircraft = Vec::new();
    place_aircraft(d, sc, None, &mut aircraft);
    SetupLists {
        aircraft,
        guns,
        gun_cup,
        hidden_cup,
        enemy_cup,
        zone_cup,
        events,
    }
}

/// Empties a deck and puts `cards` in its draw pile in order: the deck
/// `Deck::stacked` makes, in the deck's own lists.
fn refill(deck: &mut Deck<u8>, cards: impl Iterator<Item = u8>) {
    deck.draw_pile.clear();
    deck.discards.clear();
    deck.removed.clear();
    deck.draw_pile.reserve(cards.size_hint().1.unwrap_or(0));
    deck.draw_pile.extend(cards);
}

/// Empties a cup (the cup `Cup::new` makes) and hands back its chits'
/// list to fill.
fn empty_cup<T>(cup: &mut Cup<T>) -> &mut Vec<T> {
    cup.removed.clear();
    cup.chits.clear();
    &mut cup.chits
}

impl Csar {
    pub(crate) fn options_from(&self, setup: &Setup) -> Result<Options, SetupError> {
        for (k, v) in &setup.options {
            if !OPTION_KEYS.contains(&k.as_str()) {
                return Err(SetupError::BadOption {
                    key: k.clone(),
                    message: "not an option of this game (6.1-6.5)".into(),
                });
            }
            if !matches!(
                v.as_str(),
                "on" | "off" | "true" | "false" | "yes" | "no" | "1" | "0"
            ) {
                return Err(SetupError::BadOption {
                    key: k.clone(),
                    message: format!("'{v}' is neither on nor off"),
                });
            }
        }
        Ok(Options {
            bombing_effectiveness: setup.is_on(OPTION_KEYS[0]),
            pinpointing: setup.is_on(OPTION_KEYS[1]),
            danger_close: setup.is_on(OPTION_KEYS[2]),
            recovering_pilots: setup.is_on(OPTION_KEYS[3]),
            search_effectiveness: setup.is_on(OPTION_KEYS[4]),
        })
    }

    /// The set-up's state, its events in `ev` (which the caller may pass
    /// on to the procedures that follow: one list for the two).
    pub(crate) fn new_state(
        &self,
        setup: &Setup,
        ev: &mut Vec<Event>,
    ) -> Result<State, SetupError> {
        let options = self.options_from(setup)?;
        let campaign = setup.scenario == CAMPAIGN_ID;
        let scenario = if campaign {
            self.data.scenario_index(&self.data.campaign.base_scenario)
        } else {
            self.data.scenario_index(&setup.scenario)
        }
        .ok_or_else(|| SetupError::UnknownScenario(setup.scenario.clone()))?;
        let r = &self.data.rules;
        let mut s = State {
            rng: GameRng::seeded(setup.seed),
            scenario: scenario as u8,
            options,
            limits: Limits {
                hand: r.hand_size.value,
                reserve: r.reserve_size.value,
                search_cap: r.search_track_max.value,
                auto_abort: r.abort_last_numbered_space.value + 1,
                arclight_turn: 0,
            },
            turn: 1,
            last_turn: 1,
            search: 0,
            abort: 0,
            step: Step::AutoTurnStart,
            res: Deck::default(),
            res_aside: Vec::new(),
            search_spared: false,
            action: Deck::default(),
            hand: Vec::new(),
            reserve: Vec::new(),
            assigned: Vec::new(),
            events: Deck::default(),
            aircraft: Vec::new(),
            survivors: Vec::new(),
            guns: Vec::new(),
            gun_cup: Cup::default(),
            hidden_cup: Cup::default(),
            enemy_cup: Cup::default(),
            zone_cup: Cup::default(),
            zones: [ZoneState::default(); 5],
            fire: FireProc::default(),
            burned: 0,
            flags: TurnFlags::default(),
            tally: Tally::default(),
            end: None,
            result: None,
            campaign: None,
        };
        if let Some(old) = SPARE.with(Cell::take) {
            reuse_lists(&mut s, old);
        }
        if campaign {
            s.campaign = Some(Campaign {
                mission: 1,
                morale: self.data.campaign.start_morale.value,
                pilots: vec![crate::state::PilotStatus::Available; self.data.pilots.len()],
                bought_cards: Vec::new(),
                extra_turn: false,
                fast_movers: 0,
                results: Vec::new(),
                to_place: Vec::new(),
            });
            s.step = Step::Purchase;
        } else {
            self.setup_mission(&mut s, ev);
        }
        Ok(s)
    }

    /// Lays out the scenario (or the campaign's next mission) on a state whose
    /// generator, options and campaign record are already set.
    pub(crate) fn setup_mission(&self, s: &mut State, ev: &mut Vec<Event>) {
        let sc = &self.data.scenarios[s.scenario as usize];
        let d = &self.data;
        ev.push(Event::ScenarioBegins {
            scenario: s.scenario,
        });
        // Tracks (2.1.1) and limits.
        let r = &d.rules;
        s.limits = Limits {
            hand: r.hand_size.value,
            reserve: r.reserve_size.value,
            search_cap: r.search_track_max.value,
            auto_abort: r.abort_last_numbered_space.value + 1,
            arclight_turn: 0,
        };
        for sp in &sc.specials {
            match sp {
                Special::ArcLight { turn } => s.limits.arclight_turn = *turn,
                Special::HandLimit(n) => s.limits.hand = *n,
                Special::ReserveLimit(n) => s.limits.reserve = *n,
                Special::SearchCap(n) => s.limits.search_cap = (*n).min(s.limits.search_cap),
                Special::ForceOption(k) => match k.as_str() {
                    "bombing-effectiveness" => s.options.bombing_effectiveness = true,
                    "pinpointing" => s.options.pinpointing = true,
                    "danger-close" => s.options.danger_close = true,
                    "recovering-pilots" => s.options.recovering_pilots = true,
                    "search-effectiveness" => s.options.search_effectiveness = true,
                    _ => {}
                },
                _ => {}
            }
        }
        s.turn = 1;
        s.last_turn = sc.turns;
        s.search = sc.search.min(s.limits.search_cap);
        s.abort = sc.abort.min(s.limits.auto_abort - 1);
        s.end = None;
        s.result = None;
        s.tally = Tally::default();
        s.flags = TurnFlags::default();
        s.fire = FireProc::default();
        s.search_spared = false;
        s.hand.clear();
        s.reserve.clear();
        s.assigned.clear();
        s.res_aside.clear();
        s.guns.clear();
        // Room for what these lists usually hold over a game, made once:
        // grown from nothing push by push, each game reallocated them
        // several times over.
        s.hand.reserve(16);
        s.reserve.reserve(8);
        s.assigned.reserve(8);
        s.res_aside.reserve(8);
        s.guns.reserve(16);
        s.zones = [ZoneState::default(); 5];

        // The decks and cups below are filled in the lists the state
        // already has (a recycled state's, `Ruleset::recycle`), each as
        // `Deck::shuffled` and `Cup::new` would make it: the same cards in
        // the same order, without allocating them anew every game.

        // Resolution deck (2.2.1); 6.4 takes the Wild card out.
        refill(&mut s.res, 0..d.resolution.len() as u8);
        s.rng.shuffle(&mut s.res.draw_pile);
        s.res.discards.reserve(d.resolution.len());
        if s.options.recovering_pilots {
            self.remove_wild(s, ev, 4);
        }

        // Action deck (2.2.2) less the scenario's (and the campaign's) removals.
        let mut cards = std::mem::take(&mut s.action.draw_pile);
        cards.clear();
        cards.extend(0..d.action_cards.len() as u8);
        let mut removed = std::mem::take(&mut s.action.removed);
        removed.clear();
        let mut removals: Vec<(u8, Option<u8>)> = sc
            .remove_action
            .iter()
            .filter_map(|r| d.action_kind(&r.name).map(|k| (k, r.count)))
            .collect();
        if let Some(c) = &s.campaign {
            for r in &d.campaign.removed_cards {
                if let Some(k) = d.action_kind(&r.name) {
                    removals.push((k, r.count));
                }
            }
            let _ = c;
        }
        for (kind, count) in removals {
            let mut left = count.unwrap_or(u8::MAX);
            cards.retain(|&c| {
                if left > 0 && d.action_cards[c as usize] == kind {
                    left -= 1;
                    removed.push(c);
                    false
                } else {
                    true
                }
            });
        }
        if let Some(c) = &s.campaign {
            for &b in &c.bought_cards {
                if let Some(i) = removed.iter().position(|&r| r == b) {
                    removed.remove(i);
                    cards.push(b);
                }
            }
        }
        s.rng.shuffle(&mut cards);
        s.action.draw_pile = cards;
        s.action.discards.clear();
        s.action.discards.reserve(d.action_cards.len());
        s.action.removed = removed;
        if let HandSetup::Fixed(names) = &sc.hand {
            for nm in names {
                if let Some(k) = d.action_kind(nm)
                    && let Some(c) = s.action.take_where(|&c| d.action_cards[c as usize] == k)
                {
                    s.hand.push(c);
                }
            }
        }

        // Event deck (2.2.3). The lists below are sized before they are
        // filled: growing them push by push was a sixtieth of a playout.
        refill(
            &mut s.events,
            d.setup_lists[s.scenario as usize].events.iter().copied(),
        );
        s.rng.shuffle(&mut s.events.draw_pile);
        s.events.discards.reserve(d.event_cards.len());

        // Aircraft (2.4): as `place_aircraft` lays them out; without a
        // campaign the same every game, laid out at loading.
        match s.campaign.as_ref().map(|c| c.fast_movers) {
            None => {
                s.aircraft.clear();
                s.aircraft
                    .extend_from_slice(&d.setup_lists[s.scenario as usize].aircraft);
            }
            fast_movers => place_aircraft(d, sc, fast_movers, &mut s.aircraft),
        }

        // Survivors.
        let pinpointed = sc.specials.contains(&Special::Pinpointed);
        s.survivors.clear();
        s.survivors.extend(sc.survivors.iter().map(|v| Survivor {
            at: SurvivorAt::Stranded(v.zone),
            injured: v.injured,
            pinpointed,
            pilot: None,
        }));

        // Cups (9.4, 9.5): as `setup_lists` fills them for the scenario.
        let lists = &d.setup_lists[s.scenario as usize];
        empty_cup(&mut s.gun_cup).extend_from_slice(&lists.gun_cup);
        empty_cup(&mut s.hidden_cup).extend_from_slice(&lists.hidden_cup);
        empty_cup(&mut s.enemy_cup).extend_from_slice(&lists.enemy_cup.chits);
        s.enemy_cup
            .removed
            .extend_from_slice(&lists.enemy_cup.removed);
        empty_cup(&mut s.zone_cup).extend_from_slice(&lists.zone_cup);

        // The map.
        for &(counter, zone) in &lists.guns {
            self.put_gun(s, ev, counter, zone);
        }
        for g in s.guns.iter_mut() {
            g.fresh = false;
        }
        for z in &sc.zone_markers {
            s.zones[z.zone.index()].markers |= z.kind.bit();
            ev.push(Event::ZoneMarkerPlaced {
                zone: z.zone,
                kind: z.kind,
            });
        }
        for &z in &sc.random_zone_markers {
            if let Some(k) = s.zone_cup.draw(&mut s.rng) {
                s.zones[z.index()].markers |= k.bit();
                ev.push(Event::ZoneMarkerPlaced { zone: z, kind: k });
            }
        }
        for &z in &sc.enemy_markers {
            s.zones[z.index()].enemy = s.enemy_cup.draw(&mut s.rng);
        }
        for &z in &sc.hidden_markers {
            s.zones[z.index()].hidden = s.hidden_cup.draw(&mut s.rng);
        }

        // Campaign: every Pilot/PJ bought comes along (8.0).
        if let Some(c) = s.campaign.as_mut() {
            c.to_place = c
                .pilots
                .iter()
                .enumerate()
                .filter(|(_, p)| **p == crate::state::PilotStatus::Roster)
                .map(|(i, _)| i as u8)
                .collect();
        }
        s.step = match &sc.pilot {
            PilotRule::NoPilot => Step::AutoTurnStart,
            _ if !self.any_pilot_choice(s) => Step::AutoTurnStart,
            _ => Step::ChoosePilot,
        };
        if s.step == Step::AutoTurnStart {
            self.after_pilot(s, ev);
        }
    }

    /// True if the set-up has a Pilot/PJ card to choose from (asked at
    /// every set-up: without making the list).
    pub(crate) fn any_pilot_choice(&self, s: &State) -> bool {
        self.pilot_choices(s) != 0
    }

    /// The Pilot/PJ cards the set-up may choose from (7.0), card `p` as
    /// bit `p` (`Data::validate` allows 64 cards at most): the aircraft
    /// that could carry a counter are looked at once for all the cards
    /// (by kind), rather than once a card, since the set-up asks this
    /// for the decision, its list, the random draw and the check.
    pub(crate) fn pilot_choices(&self, s: &State) -> u64 {
        let sc = &self.data.scenarios[s.scenario as usize];
        let fixed = match &sc.pilot {
            PilotRule::NoPilot => return 0,
            PilotRule::Any => None,
            PilotRule::OneOf { aircraft, .. } => Some(*aircraft),
        };
        // The kinds (bit `kind as u8`) with an aircraft free to carry a
        // counter: as `pilot_aircraft` finds them.
        let carriers = s
            .aircraft
            .iter()
            .filter(|a| Self::may_carry_pilot(a, fixed))
            .fold(0u8, |b, a| b | 1 << (a.kind as u8));
        let mut m = 0u64;
        for (p, def) in self.data.pilots.iter().enumerate().take(64) {
            let ok_name = match &sc.pilot {
                PilotRule::OneOf { names, .. } => names.contains(&def.name),
                _ => true,
            };
            let free = s
                .campaign
                .as_ref()
                .is_none_or(|c| c.pilots[p] == crate::state::PilotStatus::Available);
            if ok_name && free && carriers & (1 << (def.kind as u8)) != 0 {
                m |= 1 << p;
            }
        }
        m
    }

    /// True if aircraft `a` may take a Pilot/PJ counter (7.0): in play,
    /// without one, and the scenario's fixed aircraft if it names one.
    /// The card's kind is the caller's test.
    fn may_carry_pilot(a: &Aircraft, fixed: Option<u8>) -> bool {
        a.pilot.is_none()
            && !matches!(a.place, Place::Removed | Place::Unused)
            && fixed.is_none_or(|id| id == a.id)
    }

    /// Aircraft that may carry this Pilot/PJ card's counter.
    pub(crate) fn pilot_aircraft<'a>(
        &'a self,
        s: &'a State,
        card: u8,
    ) -> impl Iterator<Item = u8> + 'a {
        let sc = &self.data.scenarios[s.scenario as usize];
        let kind = self.data.pilots[card as usize].kind;
        let fixed = match &sc.pilot {
            PilotRule::OneOf { aircraft, .. } => Some(*aircraft),
            _ => None,
        };
        s.aircraft.iter().enumerate().filter_map(move |(i, a)| {
            let ok = a.kind == kind && Self::may_carry_pilot(a, fixed);
            ok.then_some(i as u8)
        })
    }

    /// Places a chosen Pilot/PJ card: on its fixed aircraft, or asks where.
    pub(crate) fn pilot_chosen(&self, s: &mut State, ev: &mut Vec<Event>, card: u8) {
        // The first two places tell the three cases apart (no list).
        let first_two = {
            let mut places = self.pilot_aircraft(s, card);
            (places.next(), places.next())
        };
        match first_two {
            (None, _) => self.after_pilot(s, ev),
            (Some(a), None) => {
                self.place_pilot(s, ev, card, a);
                self.after_pilot(s, ev);
            }
            (Some(_), Some(_)) => s.step = Step::PlacePilot { card },
        }
    }

    pub(crate) fn place_pilot(&self, s: &mut State, ev: &mut Vec<Event>, card: u8, aircraft: u8) {
        s.aircraft[aircraft as usize].pilot = Some(card);
        ev.push(Event::PilotPlaced { card, aircraft });
    }

    /// After the free Pilot/PJ card: the campaign's roster, then the hand,
    /// then the zones 7.4 reveals, then turn 1.
    pub(crate) fn after_pilot(&self, s: &mut State, ev: &mut Vec<Event>) {
        if let Some(c) = s.campaign.as_mut()
            && let Some(card) = c.to_place.pop()
        {
            self.pilot_chosen(s, ev, card);
            return;
        }
        let sc = &self.data.scenarios[s.scenario as usize];
        if let HandSetup::ChooseDistinct(n) = sc.hand
            && s.hand.is_empty()
            && n > 0
        {
            s.step = Step::ChooseHand { left: n };
            return;
        }
        self.after_hand(s, ev);
    }

    pub(crate) fn after_hand(&self, s: &mut State, _ev: &mut Vec<Event>) {
        let sc = &self.data.scenarios[s.scenario as usize];
        for sp in &sc.specials {
            if let Special::RevealEnemyChoice { zones, .. } = sp
                && !s.zones.iter().any(|z| z.enemy_revealed)
            {
                s.step = Step::RevealChoice { left: *zones };
                return;
            }
        }
        s.step = Step::AutoTurnStart;
    }

    /// Card kinds the player may still pick for a chosen starting hand,
    /// as bits (kind `k` is bit `k`): the set-up asks after every card
    /// picked, and only the kinds left in the deck are looked up, not
    /// every kind.
    fn hand_kind_bits(&self, s: &State) -> u128 {
        let d = &self.data;
        // Kinds as bits from the data's table (the deck has a few dozen
        // kinds at most; a kind past 127 is never offered, which the data
        // tests rule out).
        let bit = |c: u8| d.card_kind_bits[c as usize];
        let held = s.hand.iter().fold(0u128, |b, &c| b | bit(c));
        in_deck_kinds(d, s) & !held & d.aircraft_kind_bits
    }

    pub(crate) fn pick_card(&self, s: &mut State, ev: &mut Vec<Event>, kind: u8) {
        let d = &self.data;
        if let Some(c) = s.action.take_where(|&c| d.action_cards[c as usize] == kind) {
            s.hand.push(c);
            ev.push(Event::CardPicked { card: c });
        }
    }

    /// 7.4: reveal a chosen zone's Enemy marker, place its guns and the zone marker.
    pub(crate) fn reveal_chosen(&self, s: &mut State, ev: &mut Vec<Event>, zone: Zone) {
        let sc = &self.data.scenarios[s.scenario as usize];
        self.reveal(s, ev, zone, RevealWhich::Enemy, RevealCause::SetUp);
        for g in s.guns.iter_mut() {
            g.fresh = false;
        }
        for sp in &sc.specials {
            if let Special::RevealEnemyChoice { marker, .. } = sp {
                s.zones[zone.index()].markers |= marker.bit();
                ev.push(Event::ZoneMarkerPlaced {
                    zone,
                    kind: *marker,
                });
            }
        }
    }
}

/// The card kinds in the Action deck's draw pile, as bits (7.0: the
/// starting hand is picked from the deck). A card is in one place at a
/// time, so a pile that holds as many cards as the deck less the hand
/// holds every card not in the hand: its kinds are then the deck's kinds
/// (a kind whose every copy is in the hand is left out by the caller's
/// "no two alike"), read at loading rather than over the pile after every
/// pick. Otherwise (cards removed by the scenario, 6.4, or dealt) the pile
/// is read.
fn in_deck_kinds(d: &Data, s: &State) -> u128 {
    if s.action.draw_pile.len() + s.hand.len() == d.action_cards.len() {
        d.deck_kind_bits
    } else {
        s.action
            .draw_pile
            .iter()
            .fold(0u128, |b, &c| b | d.card_kind_bits[c as usize])
    }
}

/// The set-up decisions (7.0, 7.4): what each offers and what it refuses.
impl Csar {
    /// The scenario's ArcLight turn (7.2): no Action cards, no leaving the Orbit Box.
    pub(crate) fn arclight_now(&self, s: &State) -> bool {
        s.limits.arclight_turn == s.turn
    }

    /// Each card `check_choose_pilot` accepts, and the random draw when
    /// there is a card to draw.
    pub(crate) fn pilot_candidates(&self, s: &State, v: &mut Vec<Command>) {
        // Straight into the list (the list of cards in between was an
        // allocation a set-up).
        let mut m = self.pilot_choices(s);
        if m == 0 {
            return;
        }
        while m != 0 {
            v.push(Command::ChoosePilot(Some(m.trailing_zeros() as u8)));
            m &= m - 1;
        }
        v.push(Command::ChoosePilot(None));
    }

    /// Each aircraft `check_place_pilot` accepts: the list needs no
    /// further check (both are `pilot_aircraft`).
    pub(crate) fn place_pilot_candidates(&self, s: &State, card: u8, v: &mut Vec<Command>) {
        for a in self.pilot_aircraft(s, card) {
            v.push(Command::PlacePilot { aircraft: a });
        }
    }

    pub(crate) fn hand_candidates(&self, s: &State, v: &mut Vec<Command>) {
        // Lowest kind first, from the bits straight into the list (a
        // list of kinds in between was an allocation a pick).
        let mut kinds = self.hand_kind_bits(s);
        while kinds != 0 {
            v.push(Command::PickCard(kinds.trailing_zeros() as u8));
            kinds &= kinds - 1;
        }
    }

    pub(crate) fn reveal_zone_candidates(&self, v: &mut Vec<Command>) {
        for z in Zone::OUTER {
            v.push(Command::RevealZone(z));
        }
    }

    pub(crate) fn check_choose_pilot(&self, s: &State, p: Option<u8>) -> Checked {
        match p {
            None => ensure(self.any_pilot_choice(s), "7.0", "no Pilot/PJ card to draw"),
            Some(p) => ensure(
                p < 64 && self.pilot_choices(s) & (1 << p) != 0,
                "7.0",
                "that Pilot/PJ card is not available for this scenario",
            ),
        }
    }

    pub(crate) fn check_place_pilot(&self, s: &State, card: u8, aircraft: u8) -> Checked {
        ensure(
            self.pilot_aircraft(s, card).any(|a| a == aircraft),
            "7.0",
            "the counter goes on an aircraft of the card's type",
        )
    }

    pub(crate) fn check_pick_card(&self, s: &State, k: u8) -> Checked {
        let d = &self.data;
        let ok = d
            .action_kinds
            .get(k as usize)
            .is_some_and(|c| c.class == CardClass::Aircraft)
            && s.action
                .draw_pile
                .iter()
                .any(|&c| d.action_cards[c as usize] == k)
            && !s.hand.iter().any(|&c| d.action_cards[c as usize] == k);
        ensure(
            ok,
            "7.0",
            "pick Aircraft cards, no two of the same name, from the deck",
        )
    }

    pub(crate) fn check_reveal_zone(&self, s: &State, z: Zone) -> Checked {
        let zs = s.zone(z);
        ensure(
            z.is_outer() && zs.enemy.is_some() && !zs.enemy_revealed,
            "7.4",
            "choose an Outer Zone whose Enemy marker is still face down",
        )
    }
}

/// Carrying out the set-up decisions (7.0, 7.4).
impl Csar {
    /// 7.0: the chosen Pilot/PJ card, or one drawn at random.
    pub(crate) fn choose_pilot(&self, s: &mut State, ev: &mut Vec<Event>, p: Option<u8>) {
        let card = match p {
            Some(p) => p,
            None => {
                // The k-th of the choices, counted rather than listed
                // (an allocation a set-up). `check_choose_pilot` made
                // sure there is one.
                let mut m = self.pilot_choices(s);
                let n = m.count_ones() as usize;
                if n == 0 {
                    self.after_pilot(s, ev);
                    return;
                }
                let k = self.pick(s, ev, RandomFor::PilotCard, n as u8) as usize;
                // The k-th set bit, lowest first.
                for _ in 0..k.min(n - 1) {
                    m &= m - 1;
                }
                m.trailing_zeros() as u8
            }
        };
        ev.push(Event::PilotChosen {
            card,
            random: p.is_none(),
        });
        self.pilot_chosen(s, ev, card);
    }

    pub(crate) fn place_pilot_on(&self, s: &mut State, ev: &mut Vec<Event>, aircraft: u8) {
        if let Step::PlacePilot { card } = s.step {
            self.place_pilot(s, ev, card, aircraft);
            self.after_pilot(s, ev);
        }
    }

    /// 7.0, 7.4: a card for the starting hand; the hand is done when it is
    /// full or nothing else may be picked.
    pub(crate) fn pick_hand_card(&self, s: &mut State, ev: &mut Vec<Event>, k: u8) {
        self.pick_card(s, ev, k);
        if let Step::ChooseHand { left } = s.step {
            if left > 1 && self.hand_kind_bits(s) != 0 {
                s.step = Step::ChooseHand { left: left - 1 };
            } else {
                self.after_hand(s, ev);
            }
        }
    }

    /// 7.4: a zone whose Enemy marker is revealed; the game starts after the last.
    pub(crate) fn reveal_zone(&self, s: &mut State, ev: &mut Vec<Event>, z: Zone) {
        self.reveal_chosen(s, ev, z);
        if let Step::RevealChoice { left } = s.step {
            s.step = if left > 1 {
                Step::RevealChoice { left: left - 1 }
            } else {
                Step::AutoTurnStart
            };
        }
    }
}

impl Csar {
    /// The log's words for this section's events (the dispatcher is in
    /// [`crate::describe`]).
    pub(crate) fn describe_scenarios(&self, e: &Event) -> LogEntry {
        let t = |s: String| LogEntry::text(s);
        match *e {
            Event::ScenarioBegins { scenario } => {
                let sc = &self.data.scenarios[scenario as usize];
                t(format!("{} ({}) is set up.", sc.name, sc.section))
            }
            Event::PilotChosen { card, random } => t(format!(
                "Pilot/PJ card {} {}.",
                self.data.pilots[card as usize].name,
                if random { "drawn at random" } else { "chosen" }
            )),
            Event::PilotPlaced { card, aircraft } => t(format!(
                "{}'s counter rides on {}.",
                self.data.pilots[card as usize].name,
                self.aircraft_name(aircraft)
            )),
            Event::CardPicked { card } => t(format!(
                "{} goes into the starting hand.",
                self.card_name(card)
            )),
            Event::ArcLightClears => {
                t("The ArcLight strike is due: every aircraft leaves the zones (7.2).".into())
            }
            _ => misrouted(e),
        }
    }
}
