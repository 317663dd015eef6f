//! What the screen keeps of the game between frames, beside what
//! [`Synced<Csar>`] holds: the routes of clicks of the legal commands, the
//! sheet's layout, the things clicked so far, the draws of the last command,
//! what Tab points at; and the systems that turn clicks and keys into
//! commands.

use crate::draws::{self, DrawGroup};
use crate::layout::BoardLayout;
use crate::pick::{Picked, Picker, Routes, Thing};
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use csar_rules::{Csar, Step};
use vt_core::Ruleset;
use vt_ui::board::{BoardClick, CycleUnits};
use vt_ui::camera::CameraFit;
use vt_ui::overlay::OverlayState;
use vt_ui::overlay::track::{TurnTrack, TurnTrackSpec};
use vt_ui::prelude::*;
use vt_ui::sync::typed_session;

/// A click on something of the game: what is under the pointer, topmost
/// first. The board's clicks and the card rows' clicks both become these.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct CsarClick(pub Vec<Thing>);

/// What the screen keeps of the game.
#[derive(Resource, Default)]
pub struct CsarScreen {
    pub routes: Routes,
    pub layout: Option<BoardLayout>,
    /// The layout before the last change (where things were when the
    /// events happened).
    pub before: Option<BoardLayout>,
    pub picker: Picker,
    /// Why the last click did nothing.
    pub hint: Option<String>,
    /// The last command's draws, and how many of their cards are face up.
    pub draws: Vec<DrawGroup>,
    pub shown_cards: usize,
    pub reveal_clock: f32,
    /// Seconds since the last card turned up (the panel closes after a while).
    pub draws_idle: f32,
    /// The thing Tab moved to (Enter clicks it).
    pub focus: Option<Thing>,
    /// Bumped when the highlights must be drawn again.
    pub generation: u64,
    /// The last change may be animated (pieces slide to their new places).
    pub slide: bool,
    /// What the last command set off, segment by segment, while the player
    /// steps through it (the Step-through setting); empty otherwise.
    pub steps: Vec<crate::segments::Segment>,
    /// The segment shown now.
    pub step_at: usize,
    /// The computer's suggestion to the player, while it stands.
    pub suggested: Option<csar_rules::Command>,
}

impl CsarScreen {
    /// After the selection changed: redraw the highlights.
    pub fn touch(&mut self) {
        self.generation += 1;
    }

    /// The zone of an assigned card.
    pub fn zone_of_card(&self, view: &csar_rules::View, card: u8) -> Option<csar_rules::Zone> {
        let a = view.assigned.iter().find(|c| c.card == card)?.aircraft?;
        match view.aircraft.iter().find(|x| x.index == a)?.place {
            csar_rules::Place::Zone(z) => Some(z),
            _ => None,
        }
    }

    /// Shows the next segment of what the last command set off, or closes
    /// the step-through after the last one.
    pub fn next_step(&mut self) {
        self.step_at += 1;
        match self.steps.get(self.step_at) {
            Some(seg) => {
                self.draws = seg.groups.clone();
                self.shown_cards = 0;
                self.reveal_clock = 0.0;
                self.draws_idle = 0.0;
            }
            None => self.close_steps(),
        }
    }

    pub fn close_steps(&mut self) {
        self.steps.clear();
        self.step_at = 0;
        self.draws.clear();
    }

    /// What the suggested command would have the player click (marked on
    /// the board and in the card strip).
    pub fn suggested_things(&self) -> Vec<Thing> {
        let c = self.suggested.as_ref();
        (self.routes.commands.iter())
            .find(|(x, _)| Some(x) == c)
            .and_then(|(_, r)| r.first().cloned())
            .unwrap_or_default()
    }

    /// The things that may be clicked next.
    pub fn next(&self) -> std::collections::BTreeSet<Thing> {
        self.routes.next(&self.picker.selection)
    }
}

/// The phases of a turn for the launcher's turn track (3.0).
pub const PHASES: [&str; 12] = [
    "Event", "Draw", "Reserve", "Command", "Move", "Assign", "Gun fire", "Play", "Rescue",
    "Damage", "Search", "Abort",
];

fn phase_of(step: Step) -> Option<usize> {
    use Step::*;
    Some(match step {
        AutoEventPhase => 0,
        DiscardBeforeDraw | AutoDraw => 1,
        Reserve => 2,
        Commands => 3,
        Move => 4,
        Assign => 5,
        AutoGunFire | FireWindow | FireOrder | Burn | WildHit => 6,
        Play => 7,
        Rescue => 8,
        AutoEndTurn => 9,
        SearchBurn => 10,
        AutoAbortCheck | AbortBurn | AutoCleanup => 11,
        _ => return None,
    })
}

/// Follows the game: the routes, the layout, the draws of the commands
/// just played, the turn track.
#[allow(clippy::too_many_arguments)]
pub fn follow(
    mut changes: MessageReader<SessionChanged<Csar>>,
    synced: Res<Synced<Csar>>,
    game: Option<Res<ActiveGame>>,
    mut st: ResMut<CsarScreen>,
    mut overlay: ResMut<OverlayState>,
    mut track: ResMut<TurnTrackSpec>,
    mut fit: ResMut<CameraFit>,
    step_through: Option<Res<vt_ui::anim::StepThrough>>,
) {
    let step_through = step_through.as_deref().copied().unwrap_or_default();
    let Some(change) = changes.read().last() else {
        return;
    };
    let (Some(session), Some(rules)) = (typed_session::<Csar>(game.as_deref()), &synced.rules)
    else {
        *st = CsarScreen {
            generation: st.generation + 1,
            ..Default::default()
        };
        return;
    };
    match change.change {
        Change::NewGame => {
            *st = CsarScreen {
                generation: st.generation,
                ..Default::default()
            };
            fit.new_game();
            // The draw panel shows the draws; the dice tray would repeat them.
            overlay.dice = false;
        }
        Change::Played => {
            st.steps = if step_through.0 {
                crate::segments::stops(rules, &change.events)
            } else {
                Vec::new()
            };
            st.step_at = 0;
            let groups = match st.steps.first() {
                Some(first) => first.groups.clone(),
                None => draws::draw_groups(rules, &change.events),
            };
            if !groups.is_empty() || !st.steps.is_empty() {
                st.draws = groups;
                st.shown_cards = 0;
                st.reveal_clock = 0.0;
                st.draws_idle = 0.0;
            }
        }
        _ => {
            st.steps.clear();
            st.step_at = 0;
        }
    }
    st.slide = change.animate();
    let state = &session.state;
    st.routes = Routes::new(&synced.legal, |c| {
        state.assigned.iter().find(|x| x.card == c).map(|a| a.zone)
    });
    let routes = st.routes.clone();
    st.picker.keep_valid(&routes);
    st.before = st.layout.take();
    st.layout = (synced.view.as_ref()).map(|v| BoardLayout::new(v, st.before.as_ref()));
    if st.focus.is_some_and(|f| !st.next().contains(&f)) {
        st.focus = None;
    }
    if let Some(v) = &synced.view {
        let now = phase_of(v.step);
        track.0 = Some(TurnTrack::numbered(
            v.last_turn,
            v.turn.max(1),
            &PHASES,
            now,
        ));
    }
    st.touch();
}

/// Follows the computer's suggestion, to mark it.
pub fn follow_suggestion(shared: Res<vt_ui::Suggested>, mut st: ResMut<CsarScreen>) {
    if !shared.is_changed() {
        return;
    }
    let now = (shared.0.clone()).and_then(|v| serde_json::from_value(v).ok());
    if st.suggested != now {
        st.suggested = now;
        st.touch();
    }
}

/// Board clicks to the things under them.
pub fn board_clicks(
    mut clicks: MessageReader<BoardClick>,
    st: Res<CsarScreen>,
    mut out: MessageWriter<CsarClick>,
) {
    for c in clicks.read() {
        if let Some(l) = &st.layout {
            let under = l.hit(c.world);
            if !under.is_empty() {
                out.write(CsarClick(under));
            }
        }
    }
}

/// Tab moves among the things on the sheet that may be clicked now, Enter
/// clicks the one it points at.
pub fn cycle(
    mut tabs: MessageReader<CycleUnits>,
    keys: Res<ButtonInput<KeyCode>>,
    egui: Option<Res<EguiWantsInput>>,
    mut st: ResMut<CsarScreen>,
    mut out: MessageWriter<CsarClick>,
) {
    let next = st.next();
    let on_sheet = tab_order(&next, st.layout.as_ref());
    for t in tabs.read() {
        let at = st.focus.and_then(|f| on_sheet.iter().position(|x| *x == f));
        st.focus = t.next_index(on_sheet.len(), at).map(|i| on_sheet[i]);
        st.touch();
    }
    let typing = egui.is_some_and(|e| e.wants_any_keyboard_input());
    if !typing
        && keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter])
        && let Some(f) = st.focus
    {
        out.write(CsarClick(vec![f]));
    }
}

/// Where Tab goes: the cards in the strip first (a card is usually
/// clicked first), then the counters on the sheet in their order, then the
/// zones and boxes, then the Search marker: everything a click could give,
/// so that every command can be given from the keyboard (the zones were
/// not among them: an aircraft could be picked but not moved).
pub fn tab_order(
    next: &std::collections::BTreeSet<Thing>,
    layout: Option<&BoardLayout>,
) -> Vec<Thing> {
    let is_card =
        |t: &&Thing| matches!(t, Thing::Card(_) | Thing::CardKind(_) | Thing::PilotCard(_));
    let counters: Vec<Thing> = (layout.iter())
        .flat_map(|l| l.items.iter().filter_map(|i| i.thing))
        .filter(|t| next.contains(t))
        .collect();
    let place = |t: &&Thing| matches!(t, Thing::Zone(_) | Thing::Orbit);
    let rest: Vec<Thing> = (next.iter())
        .filter(|t| !is_card(t) && !place(t) && !counters.contains(t))
        .copied()
        .collect();
    let mut order: Vec<Thing> = next.iter().filter(is_card).copied().collect();
    order.extend(counters);
    order.extend(next.iter().filter(place));
    order.extend(rest);
    order
}

/// Space shows the next segment of what the last command set off.
pub fn step_keys(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Option<Res<EguiWantsInput>>,
    mut st: ResMut<CsarScreen>,
) {
    let typing = egui.is_some_and(|e| e.wants_any_keyboard_input());
    if !typing && !st.steps.is_empty() && keys.just_pressed(KeyCode::Space) {
        st.next_step();
    }
}

/// Clicks to commands, through the picker.
pub fn apply_clicks(
    mut clicks: MessageReader<CsarClick>,
    mut st: ResMut<CsarScreen>,
    synced: Res<Synced<Csar>>,
    game: Option<Res<vt_ui::ActiveGame>>,
    mut submit: MessageWriter<SubmitCommand>,
) {
    for CsarClick(under) in clicks.read() {
        if !synced.to_decide {
            continue;
        }
        let routes = st.routes.clone();
        match st.picker.click(&routes, under) {
            Picked::Submit(c) => {
                st.hint = None;
                submit.write(SubmitCommand::typed(&c));
            }
            Picked::Selected => {
                // A card that may only be discarded says why it cannot be
                // played (issue 14: an Attack card offered "Discard" alone
                // and no reason). The rules answer from what the player
                // sees (guns, Barrages, Rules of Engagement, the Pool).
                st.hint = None;
                let sel = st.picker.selection.clone();
                let offer = st.routes.offer(&sel);
                if let [Thing::Card(card)] = sel[..]
                    && offer.now.is_empty()
                    && !offer.more
                    && offer.discards.iter().any(|d| {
                        matches!(
                            d,
                            csar_rules::Command::DiscardAssigned(_)
                                | csar_rules::Command::DiscardCommand(_)
                        )
                    })
                    && let Some(s) = game.as_deref().and_then(|g| g.typed::<Csar>())
                    && let Some(why) = s.rules.why_unplayable(&s.state, card)
                {
                    st.hint = Some(format!("It cannot be played: {why}."));
                }
            }
            Picked::Ignored(why) => {
                // Ask the rules why the command the clicks most likely
                // meant is refused, and say it with its rule.
                let session = game.as_deref().and_then(|g| g.typed::<Csar>());
                let meant = under.first().and_then(|t| {
                    let mut clicks = st.picker.selection.clone();
                    clicks.push(*t);
                    crate::pick::intended(&clicks)
                });
                let rule = match (session, meant) {
                    (Some(s), Some(c)) => s.rules.check(&s.state, &c).err(),
                    _ => None,
                };
                st.hint = Some(match rule {
                    Some(e) => format!("Not allowed: {e}."),
                    None => why,
                });
            }
        }
        st.touch();
    }
}
