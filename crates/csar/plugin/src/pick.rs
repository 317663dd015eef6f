//! Clicks to commands, without a screen.
//!
//! Every legal command has one or more *routes*: the things the player
//! clicks, in order, to give it (a card, then the aircraft that takes it; a
//! helicopter, then the Survivor it picks up). The [`Picker`] keeps the
//! things clicked so far; a click that extends a route is taken, and when
//! exactly one command's route is complete and no longer route goes on
//! from there, that command is sent. When several commands end at the same
//! click (play or discard a Command card; Attack with or without the
//! Pilot's ability) the screen offers them as buttons, and commands with
//! no route at all ("done", "draw a Pilot card at random", purchases) are
//! always buttons.

use csar_rules::{Command, CommandTarget, Csar, Dest, Purchase, Step, Target, View, Zone};
use std::collections::BTreeSet;

/// Something on the board or in the card rows that can be clicked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Thing {
    /// An Action card in the hand, the Reserve or a zone's card box (ids are
    /// unique in the deck).
    Card(u8),
    /// A kind of Aircraft card offered for the starting hand.
    CardKind(u8),
    /// A Pilot/PJ card offered at set-up.
    PilotCard(u8),
    Aircraft(u8),
    /// An Enemy Gun, by counter.
    Gun(u8),
    Survivor(u8),
    Zone(Zone),
    Orbit,
    /// A zone's Barrage markers.
    Barrage(Zone),
    /// A zone's Target of Opportunity marker.
    TargetOfOpportunity(Zone),
    /// The Search marker on its track.
    SearchMarker,
}

/// The routes of a command. An empty route means "a button".
pub fn routes(c: &Command, legal_zone_of_card: impl Fn(u8) -> Option<Zone>) -> Vec<Vec<Thing>> {
    use Thing::*;
    match *c {
        Command::ChoosePilot(Some(p)) => vec![vec![PilotCard(p)]],
        Command::ChoosePilot(None) | Command::Buy(_) | Command::Done => vec![vec![]],
        Command::PlacePilot { aircraft } => vec![vec![Aircraft(aircraft)]],
        Command::PickCard(k) => vec![vec![CardKind(k)]],
        Command::RevealZone(z) => vec![vec![Zone(z)]],
        Command::DiscardReserve(card)
        | Command::Reserve(card)
        | Command::DiscardCommand(card)
        | Command::DiscardAssigned(card)
        | Command::Burn(card) => vec![vec![Card(card)]],
        Command::PlayCommand { card, target } => match target {
            CommandTarget::None => vec![vec![Card(card)]],
            CommandTarget::MoveSurvivor { survivor, to } => {
                vec![vec![Card(card), Survivor(survivor), Zone(to)]]
            }
            CommandTarget::Exfil { survivor, via } => match via {
                None => vec![vec![Card(card), Survivor(survivor)]],
                Some(z) => vec![vec![Card(card), Survivor(survivor), Zone(z)]],
            },
        },
        Command::Move { aircraft, to } => {
            let dest = match to {
                Dest::Orbit => Orbit,
                Dest::Zone(z) => Zone(z),
            };
            vec![vec![Aircraft(aircraft), dest]]
        }
        Command::Assign { card, aircraft } => vec![
            vec![Card(card), Aircraft(aircraft)],
            vec![Aircraft(aircraft), Card(card)],
        ],
        Command::Play { card, target, .. } => {
            let zone = legal_zone_of_card(card);
            match target {
                Target::None => vec![vec![Card(card)]],
                Target::Gun(g) => vec![vec![Card(card), Gun(g)]],
                Target::TargetOfOpportunity => match zone {
                    Some(z) => vec![vec![Card(card), TargetOfOpportunity(z)]],
                    None => vec![vec![Card(card)]],
                },
                Target::Barrage => match zone {
                    Some(z) => vec![vec![Card(card), Barrage(z)]],
                    None => vec![vec![Card(card)]],
                },
                Target::SearchMarker => vec![vec![Card(card), SearchMarker]],
            }
        }
        Command::ResolveZone(z) => vec![vec![Zone(z)]],
        Command::UsePilot { aircraft } | Command::WildHit { aircraft } => {
            vec![vec![Aircraft(aircraft)]]
        }
        Command::Rescue {
            helicopter,
            survivor,
            ..
        } => vec![
            vec![Aircraft(helicopter), Survivor(survivor)],
            vec![Survivor(survivor), Aircraft(helicopter)],
        ],
    }
}

/// The command a player most likely meant by these clicks, legal or not
/// (a helicopter, then a zone two away: a move), so that a refused click
/// can say why with the rule that forbids it.
pub fn intended(clicks: &[Thing]) -> Option<Command> {
    use Thing::*;
    Some(match *clicks {
        [Aircraft(aircraft), Zone(z)] => Command::Move {
            aircraft,
            to: Dest::Zone(z),
        },
        [Aircraft(aircraft), Orbit] => Command::Move {
            aircraft,
            to: Dest::Orbit,
        },
        [Aircraft(helicopter), Survivor(survivor)] | [Survivor(survivor), Aircraft(helicopter)] => {
            Command::Rescue {
                helicopter,
                survivor,
                pilot: false,
            }
        }
        [Card(card), Aircraft(aircraft)] | [Aircraft(aircraft), Card(card)] => {
            Command::Assign { card, aircraft }
        }
        _ => return None,
    })
}

/// The legal commands with their routes, for one decision.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Routes {
    pub commands: Vec<(Command, Vec<Vec<Thing>>)>,
}

impl Routes {
    /// `zone_of_card`: the zone of an assigned card (its Barrage and Target
    /// of Opportunity are the ones it can hit).
    pub fn new(legal: &[Command], zone_of_card: impl Fn(u8) -> Option<Zone>) -> Self {
        Routes {
            commands: legal
                .iter()
                .map(|c| (*c, routes(c, &zone_of_card)))
                .collect(),
        }
    }

    fn starting(&self, prefix: &[Thing]) -> impl Iterator<Item = (&Command, &Vec<Thing>)> {
        self.commands.iter().flat_map(move |(c, rs)| {
            rs.iter()
                .filter(move |r| r.len() >= prefix.len() && r[..prefix.len()] == *prefix)
                .map(move |r| (c, r))
        })
    }

    /// True if some route begins with `prefix` (and goes at least that far).
    pub fn extends(&self, prefix: &[Thing]) -> bool {
        !prefix.is_empty() && self.starting(prefix).next().is_some()
    }

    /// The commands whose route ends exactly at `prefix`, each once.
    pub fn exact(&self, prefix: &[Thing]) -> Vec<Command> {
        let mut v: Vec<Command> = Vec::new();
        for (c, r) in self.starting(prefix) {
            if r.len() == prefix.len() && !v.contains(c) {
                v.push(*c);
            }
        }
        v
    }

    /// What can be clicked next after `prefix`.
    pub fn next(&self, prefix: &[Thing]) -> BTreeSet<Thing> {
        self.starting(prefix)
            .filter(|(_, r)| r.len() > prefix.len())
            .map(|(_, r)| r[prefix.len()])
            .collect()
    }

    /// Commands with no route: always shown as buttons.
    pub fn buttons(&self) -> Vec<Command> {
        self.exact(&[])
    }
}

/// What a selection offers, for the panel: what more clicks would do, the
/// commands a button gives now, and the discards (after an "or", drawn
/// smaller: a tester discarded three Command cards by mistake when
/// "Discard" was the only button under a card that wanted a target).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Offer {
    /// "play it", "assign it", ...: what the further clicks give, when
    /// they all give one kind of command.
    pub onward: Option<&'static str>,
    /// More clicks are wanted for some command.
    pub more: bool,
    pub now: Vec<Command>,
    pub discards: Vec<Command>,
}

/// A command that gives a card up (the secondary choice beside playing it).
pub fn is_discard(c: &Command) -> bool {
    matches!(
        c,
        Command::DiscardCommand(_) | Command::DiscardAssigned(_) | Command::DiscardReserve(_)
    )
}

impl Routes {
    /// What the selection `sel` offers.
    pub fn offer(&self, sel: &[Thing]) -> Offer {
        let (discards, now): (Vec<Command>, Vec<Command>) =
            self.exact(sel).into_iter().partition(is_discard);
        let onward: Vec<&'static str> = self
            .starting(sel)
            .filter(|(_, r)| r.len() > sel.len())
            .map(|(c, _)| match c {
                Command::Play { .. } | Command::PlayCommand { .. } => "play it",
                Command::Assign { .. } => "assign it",
                Command::Move { .. } => "move it",
                Command::Rescue { .. } => "try the rescue",
                _ => "",
            })
            .collect();
        let more = !onward.is_empty();
        let first = onward.first().copied().filter(|w| !w.is_empty());
        Offer {
            onward: first.filter(|w| onward.iter().all(|x| x == w)),
            more,
            now,
            discards,
        }
    }
}

/// What a click did.
#[derive(Clone, Debug, PartialEq)]
pub enum Picked {
    /// Send this command.
    Submit(Command),
    /// The selection grew (or shrank); more clicks or a button to go.
    Selected,
    /// Nothing to do with that click now; why, in words.
    Ignored(String),
}

/// The things clicked so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Picker {
    pub selection: Vec<Thing>,
}

impl Picker {
    pub fn clear(&mut self) {
        self.selection.clear();
    }

    /// A click on the board or a card. `under` lists what is under the
    /// pointer, topmost first (a counter, then the zone it stands in).
    pub fn click(&mut self, routes: &Routes, under: &[Thing]) -> Picked {
        // Clicking a selected thing again takes it (and what came after) back.
        if let Some(i) = under
            .first()
            .and_then(|t| self.selection.iter().position(|s| s == t))
        {
            self.selection.truncate(i);
            return Picked::Selected;
        }
        for &t in under {
            let mut sel = self.selection.clone();
            sel.push(t);
            if routes.extends(&sel) {
                return self.take(routes, sel);
            }
        }
        for &t in under {
            if routes.extends(&[t]) {
                return self.take(routes, vec![t]);
            }
        }
        Picked::Ignored(if self.selection.is_empty() {
            "Nothing to do with that now.".into()
        } else {
            "That does not go with what is selected.".into()
        })
    }

    fn take(&mut self, routes: &Routes, sel: Vec<Thing>) -> Picked {
        let exact = routes.exact(&sel);
        // A card given up is never given up by the click that picks it: a
        // King Coordination that could not be played went to the discards
        // at one click on it (issue 14). It stays selected and the discard
        // is a button beside it.
        if exact.len() == 1 && routes.next(&sel).is_empty() && !is_discard(&exact[0]) {
            self.selection.clear();
            return Picked::Submit(exact[0]);
        }
        self.selection = sel;
        Picked::Selected
    }

    /// Drops a selection the decision no longer accepts (after a command).
    pub fn keep_valid(&mut self, routes: &Routes) {
        if !self.selection.is_empty() && !routes.extends(&self.selection) {
            self.selection.clear();
        }
    }
}

/// A command in words as the player sees it, from the side's view: an
/// Action card assigned from the Reserve says so, because the hand and the
/// Reserve can hold two copies of one card ("Assign Suppress to Nail 7"
/// twice in the Assign prompt, one for each, could not be told apart).
pub fn command_words_in(csar: &Csar, c: &Command, view: &View) -> String {
    let words = command_words(csar, c, view.step);
    match *c {
        Command::Assign { card, .. } if view.reserve.iter().any(|r| r.card == card) => {
            format!("{words} from the Reserve")
        }
        _ => words,
    }
}

/// A command in words, for a button.
pub fn command_words(csar: &Csar, c: &Command, step: Step) -> String {
    let card = |c: u8| csar.card_name(c);
    let ac = |a: u8| csar.aircraft_name(a);
    let pilot_name = |p: u8| {
        csar.data
            .pilots
            .get(p as usize)
            .map(|d| d.name.clone())
            .unwrap_or_else(|| format!("Pilot card {p}"))
    };
    match *c {
        Command::ChoosePilot(Some(p)) => format!("Take {}", pilot_name(p)),
        Command::ChoosePilot(None) => "Draw a Pilot/PJ card at random".into(),
        Command::PlacePilot { aircraft } => format!("Put the counter on {}", ac(aircraft)),
        Command::PickCard(k) => format!(
            "Take {}",
            csar.data
                .action_kinds
                .get(k as usize)
                .map(|d| d.name.clone())
                .unwrap_or_default()
        ),
        Command::RevealZone(z) => format!("Reveal the Enemy marker in the {}", z.name()),
        Command::Buy(p) => match p {
            Purchase::Card(c) => format!("Buy {}", card(c)),
            Purchase::ExtraTurn => "Buy an extra turn".into(),
            Purchase::Pilot(p) => format!("Buy {}", pilot_name(p)),
            Purchase::FastMover => "Buy a Fast Mover".into(),
        },
        Command::DiscardReserve(c) => format!("Discard {} from the Reserve", card(c)),
        Command::Reserve(c) => format!("Put {} in the Reserve", card(c)),
        Command::PlayCommand { card: c, target } => match target {
            CommandTarget::None => format!("Play {}", card(c)),
            CommandTarget::MoveSurvivor { survivor, to } => format!(
                "{}: Survivor {} to the {}",
                card(c),
                survivor + 1,
                to.name()
            ),
            CommandTarget::Exfil { survivor, via } => match via {
                None => format!("{}: Survivor {} off the map", card(c), survivor + 1),
                Some(z) => format!(
                    "{}: Survivor {} out through the {}",
                    card(c),
                    survivor + 1,
                    z.name()
                ),
            },
        },
        Command::DiscardCommand(c) => format!("Discard {}", card(c)),
        Command::Move { aircraft, to } => format!(
            "Move {} to {}",
            ac(aircraft),
            match to {
                Dest::Orbit => "the Orbit Box".to_string(),
                Dest::Zone(z) => format!("the {}", z.name()),
            }
        ),
        Command::Assign { card: c, aircraft } => {
            format!("Assign {} to {}", card(c), ac(aircraft))
        }
        Command::Play {
            card: c,
            target,
            pilot,
        } => {
            let on = match target {
                Target::None => String::new(),
                Target::Gun(g) => format!(" on the {}", csar.gun_name(g)),
                Target::TargetOfOpportunity => " on the Target of Opportunity".into(),
                Target::Barrage => " on a Barrage".into(),
                Target::SearchMarker => " on the Search marker".into(),
            };
            let with = if pilot { " using the Pilot card" } else { "" };
            format!("Play {}{on}{with}", card(c))
        }
        Command::DiscardAssigned(c) => format!("Discard {} unplayed", card(c)),
        Command::ResolveZone(z) => format!("Resolve the fire into the {}", z.name()),
        Command::Burn(c) => format!("Burn {}", card(c)),
        Command::UsePilot { aircraft } => {
            format!("Cancel a Hit with {}'s Pilot card", ac(aircraft))
        }
        Command::WildHit { aircraft } => format!("{} takes the Hit", ac(aircraft)),
        Command::Rescue {
            helicopter,
            survivor,
            pilot,
        } => format!(
            "{} tries to pick up Survivor {}{}",
            ac(helicopter),
            survivor + 1,
            if pilot { " using the PJ card" } else { "" }
        ),
        Command::Done => done_words(step).into(),
    }
}

/// "Done" in the words of the segment it ends.
pub fn done_words(step: Step) -> &'static str {
    match step {
        Step::Purchase => "Done buying: start the mission",
        Step::DiscardBeforeDraw => "Done: draw Action cards",
        Step::Reserve => "Done reserving",
        // 4.2.3: each Command card is played or discarded; Done discards
        // the ones left (a player took it for "skip the segment").
        Step::Commands => "Done with Command cards (discard the rest)",
        Step::Move => "Done moving",
        Step::Assign => "Done assigning: the guns fire",
        Step::FireWindow => "Let the guns fire",
        Step::Burn => "Take the Hits",
        Step::Play => "Done playing cards (discard the rest)",
        Step::Rescue => "End the Rescue Segment",
        Step::SearchBurn => "Draw for the Enemy Search",
        Step::AbortBurn => "Draw for the Abort Check",
        _ => "Done",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_assign_from_the_reserve_says_so() {
        // CSAR 4.3.2: Action cards are assigned from the hand or the
        // Reserve. Issue 14: with a copy of one card in each, the Assign
        // prompt read "Assign Suppress to Nail 7." twice.
        use vt_core::{Ruleset, Setup};
        let rules = Csar::embedded();
        let state = rules
            .new_game(&Setup::new("caged-tiger", 1))
            .expect("a game");
        let mut view = rules.view(&state, 0);
        view.step = Step::Assign;
        let (in_hand, in_reserve) = (3u8, 9u8);
        view.reserve = vec![csar_rules::view::CardView {
            card: in_reserve,
            name: rules.card_name(in_reserve),
            command: false,
            text: String::new(),
            aircraft: None,
        }];
        let words = |card| command_words_in(&rules, &Command::Assign { card, aircraft: 0 }, &view);
        assert!(
            words(in_reserve).ends_with(" from the Reserve"),
            "{}",
            words(in_reserve)
        );
        assert!(!words(in_hand).contains("Reserve"), "{}", words(in_hand));
        assert_eq!(
            words(in_hand),
            command_words(
                &rules,
                &Command::Assign {
                    card: in_hand,
                    aircraft: 0
                },
                Step::Assign
            )
        );
    }

    #[test]
    fn a_card_that_can_only_be_discarded_waits_for_the_button() {
        // CSAR 4.2.3: a Command card that cannot be played now may only be
        // discarded. The click selects it; the discard is a button.
        let legal = [Command::DiscardCommand(9), Command::Done];
        let routes = routes_of(&legal);
        let mut p = Picker::default();
        assert_eq!(p.click(&routes, &[Thing::Card(9)]), Picked::Selected);
        assert_eq!(p.selection, vec![Thing::Card(9)]);
        let offer = routes.offer(&p.selection);
        assert_eq!(offer.discards, vec![Command::DiscardCommand(9)]);
        assert!(offer.now.is_empty());
    }

    fn routes_of(legal: &[Command]) -> Routes {
        Routes::new(legal, |_| Some(Zone::North))
    }

    #[test]
    fn a_card_then_an_aircraft_assigns_it() {
        // CSAR 4.3.2: a card from the hand to an aircraft in a zone.
        let legal = [
            Command::Assign {
                card: 3,
                aircraft: 1,
            },
            Command::Assign {
                card: 3,
                aircraft: 2,
            },
            Command::Assign {
                card: 4,
                aircraft: 1,
            },
            Command::Done,
        ];
        let r = routes_of(&legal);
        let mut p = Picker::default();
        assert_eq!(p.click(&r, &[Thing::Card(3)]), Picked::Selected);
        assert_eq!(
            r.next(&p.selection),
            [Thing::Aircraft(1), Thing::Aircraft(2)].into()
        );
        // The aircraft is clicked where it stands: the counter, then its zone.
        assert_eq!(
            p.click(&r, &[Thing::Aircraft(2), Thing::Zone(Zone::North)]),
            Picked::Submit(legal[1])
        );
        assert!(p.selection.is_empty());
        // The other order works too.
        assert_eq!(p.click(&r, &[Thing::Aircraft(1)]), Picked::Selected);
        assert_eq!(p.click(&r, &[Thing::Card(4)]), Picked::Submit(legal[2]));
        assert_eq!(r.buttons(), vec![Command::Done]);
    }

    #[test]
    fn a_click_that_fits_nothing_starts_over_or_is_ignored() {
        let legal = [
            Command::Move {
                aircraft: 0,
                to: Dest::Zone(Zone::East),
            },
            Command::Move {
                aircraft: 1,
                to: Dest::Orbit,
            },
        ];
        let r = routes_of(&legal);
        let mut p = Picker::default();
        p.click(&r, &[Thing::Aircraft(0)]);
        // Another aircraft: the selection starts again from it.
        assert_eq!(p.click(&r, &[Thing::Aircraft(1)]), Picked::Selected);
        assert_eq!(p.selection, vec![Thing::Aircraft(1)]);
        // Clicking it again takes it back.
        assert_eq!(p.click(&r, &[Thing::Aircraft(1)]), Picked::Selected);
        assert!(p.selection.is_empty());
        assert!(matches!(
            p.click(&r, &[Thing::Zone(Zone::South)]),
            Picked::Ignored(_)
        ));
        p.click(&r, &[Thing::Aircraft(1)]);
        assert_eq!(p.click(&r, &[Thing::Orbit]), Picked::Submit(legal[1]));
    }

    #[test]
    fn commands_ending_at_the_same_click_become_buttons() {
        // CSAR 4.2.3: a Command card is played or discarded.
        let legal = [
            Command::PlayCommand {
                card: 9,
                target: CommandTarget::None,
            },
            Command::DiscardCommand(9),
            Command::Done,
        ];
        let r = routes_of(&legal);
        let mut p = Picker::default();
        assert_eq!(p.click(&r, &[Thing::Card(9)]), Picked::Selected);
        assert_eq!(r.exact(&p.selection), vec![legal[0], legal[1]]);
        // A card with a target and a no-target reading waits for the target.
        let legal = [
            Command::Play {
                card: 2,
                target: Target::Gun(7),
                pilot: false,
            },
            Command::Play {
                card: 2,
                target: Target::Gun(7),
                pilot: true,
            },
            Command::Play {
                card: 2,
                target: Target::Barrage,
                pilot: false,
            },
            Command::DiscardAssigned(2),
        ];
        let r = routes_of(&legal);
        let mut p = Picker::default();
        p.click(&r, &[Thing::Card(2)]);
        assert_eq!(r.exact(&p.selection), vec![Command::DiscardAssigned(2)]);
        assert_eq!(
            r.next(&p.selection),
            [Thing::Gun(7), Thing::Barrage(Zone::North)].into()
        );
        assert_eq!(
            p.click(&r, &[Thing::Barrage(Zone::North), Thing::Zone(Zone::North)]),
            Picked::Submit(legal[2])
        );
        p.click(&r, &[Thing::Card(2)]);
        assert_eq!(p.click(&r, &[Thing::Gun(7)]), Picked::Selected);
        assert_eq!(r.exact(&p.selection), vec![legal[0], legal[1]]);
    }

    #[test]
    fn a_card_that_wants_a_target_says_so_before_its_discard() {
        // CSAR 4.2.3: a Command card with a target (Move Survivor) is
        // played by clicking the Survivor, then the zone; discarding it is
        // the other choice, offered second.
        let legal = [
            Command::PlayCommand {
                card: 5,
                target: CommandTarget::MoveSurvivor {
                    survivor: 0,
                    to: Zone::Center,
                },
            },
            Command::DiscardCommand(5),
            Command::Done,
        ];
        let r = routes_of(&legal);
        let offer = r.offer(&[Thing::Card(5)]);
        assert_eq!(offer.onward, Some("play it"));
        assert!(offer.more);
        assert!(offer.now.is_empty());
        assert_eq!(offer.discards, vec![Command::DiscardCommand(5)]);
        // A card played without a target: one button plays it.
        let legal = [
            Command::PlayCommand {
                card: 9,
                target: CommandTarget::None,
            },
            Command::DiscardCommand(9),
        ];
        let offer = routes_of(&legal).offer(&[Thing::Card(9)]);
        assert!(!offer.more);
        assert_eq!(offer.now, vec![legal[0]]);
        assert_eq!(offer.discards, vec![legal[1]]);
        // CSAR 4.3.4: an Aircraft card in a card box, played on a gun.
        let legal = [
            Command::Play {
                card: 2,
                target: Target::Gun(7),
                pilot: false,
            },
            Command::DiscardAssigned(2),
        ];
        let offer = routes_of(&legal).offer(&[Thing::Card(2)]);
        assert_eq!(offer.onward, Some("play it"));
        assert_eq!(offer.discards, vec![legal[1]]);
    }

    #[test]
    fn a_selection_the_next_decision_refuses_is_dropped() {
        let mut p = Picker {
            selection: vec![Thing::Card(1)],
        };
        p.keep_valid(&routes_of(&[Command::Burn(1)]));
        assert_eq!(p.selection, vec![Thing::Card(1)]);
        p.keep_valid(&routes_of(&[Command::Done]));
        assert!(p.selection.is_empty());
    }
}
