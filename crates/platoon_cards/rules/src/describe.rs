//! Events in words, each roll as an adjudication: the dice, every
//! modifier with its chart, what was needed, the result. What would tell
//! the other side something hidden is written for its owner only.

use crate::PlatoonCards;
use crate::event::*;
use crate::sections::*;
use crate::state::*;
use vt_core::engine::LogEntry;
use vt_core::{Adjudication, Modifier};

/// A pool as two adjudications: how many dice (the weapon's dice and each
/// die added or taken away: they add up to the pool), and the dice rolled,
/// judged die by die against the score each needed (pip modifiers
/// included): the dice are never added up, the total shown is the hits.
pub fn pool_rolls(what: &str, rule: &str, p: &Pool, result: &str) -> Vec<Adjudication> {
    let mut size = Adjudication::new(format!("{what}: dice"), rule);
    size.modifiers
        .push(Modifier::new("the weapon's dice", rule, p.base as i32));
    size.modifiers.extend(p.dice_mods.iter().cloned());
    size.total = size.modifier_sum();
    size.result = format!("{}D6", p.dice());
    let need = p.needed();
    let roll = Adjudication::new(format!("{what}: roll"), rule)
        .pool(p.rolled.iter().map(|&d| d as i32), need as i32);
    let pips: Vec<String> = p
        .pip_mods
        .iter()
        .map(|m| format!("{} {:+} on each die ({})", m.label, m.value, m.rule))
        .collect();
    let mut roll = roll;
    roll.needed = Some(if need > 6 {
        format!(
            "none can hit ({}+ on each die{})",
            p.hit_on,
            pip_note(&pips)
        )
    } else if pips.is_empty() {
        format!("{need} or more on each die")
    } else {
        format!(
            "{need} or more on each die ({}+{})",
            p.hit_on,
            pip_note(&pips)
        )
    });
    roll.result = format!(
        "{} hit{}: {result}",
        p.hits,
        if p.hits == 1 { "" } else { "s" }
    );
    vec![size, roll]
}

/// "1 hit", "2 hits".
fn hits(n: u8) -> String {
    format!("{n} hit{}", if n == 1 { "" } else { "s" })
}

fn pip_note(pips: &[String]) -> String {
    if pips.is_empty() {
        String::new()
    } else {
        format!(", {}", pips.join(", "))
    }
}

/// A D10 (or D6) with modifiers against a number.
pub fn check_roll(what: &str, rule: &str, c: &Check, result: &str) -> Adjudication {
    let mut a = Adjudication::new(what, rule);
    a.rolled = vec![c.roll as i32];
    a.modifiers = c.mods.clone();
    a.total = c.total;
    if c.need != 0 {
        a.needed = Some(format!("{} or more", c.need));
    }
    a.result = result.to_string();
    a
}

/// Whether a command's events may be taken back: it rolled nothing and
/// showed nothing hidden, and gave the other side no chance.
pub fn undoable(events: &[Event]) -> bool {
    !events.is_empty()
        && events.iter().all(|e| {
            matches!(
                e,
                Event::Moved {
                    fallback: false,
                    ..
                } | Event::Pivoted { .. }
                    | Event::Embarked { .. }
                    | Event::Disembarked { .. }
                    | Event::SetupPlaced { .. }
                    | Event::Plotted { .. }
                    | Event::BatteryAssigned { .. }
            )
        })
}

impl PlatoonCards {
    fn sname(&self, s: Option<&State>, id: StandId) -> String {
        match s {
            Some(s) if (id as usize) < s.stands.len() => self.stand_name(s, id),
            _ => format!("stand {id}"),
        }
    }

    fn pname(&self, s: Option<&State>, id: PlatoonId) -> String {
        match s {
            Some(s) if (id as usize) < s.platoons.len() => s.platoon(id).name.clone(),
            _ => format!("platoon {id}"),
        }
    }

    /// What a hidden card is, for its owner: the platoon under it, or bogus.
    fn card_words(&self, s: Option<&State>, marker: u16) -> String {
        match s.and_then(|s| s.cards.iter().find(|c| c.marker == marker)) {
            Some(c) => match c.platoon {
                Some(p) => self.pname(s, p),
                None => "bogus".into(),
            },
            None => "face down".into(),
        }
    }

    fn side_of(&self, s: Option<&State>, id: StandId) -> Option<Side> {
        s.and_then(|s| s.stands.get(id as usize)).map(|x| x.side)
    }

    pub fn describe_event(&self, s: Option<&State>, e: &Event) -> LogEntry {
        let n = |id: StandId| self.sname(s, id);
        match e {
            Event::SetupPlaced {
                side,
                what,
                at,
                secret,
            } => {
                let thing = match what {
                    Placed::Card(m) => format!("card {m} ({})", self.card_words(s, *m)),
                    Placed::Stand(id) => n(*id),
                    Placed::Mine(m) => format!("mine strip {m}"),
                    Placed::Sniper(k) => format!("sniper {k}"),
                };
                let at_words = format!("({:.1}, {:.1})", at.x, at.y);
                let entry =
                    LogEntry::text(format!("{} places {thing} at {at_words}.", side.name()));
                if let Placed::Card(m) = what {
                    // Where a card lies is public (it is on the table); what
                    // lies under it is its owner's: the enemy reads a
                    // face-down card.
                    entry.private_to(
                        side.idx(),
                        format!(
                            "{} places a face-down card (no. {m}) at {at_words}.",
                            side.name()
                        ),
                    )
                } else if *secret {
                    entry.private_to(
                        side.idx(),
                        format!("{} adjusts its hidden deployment.", side.name()),
                    )
                } else {
                    entry
                }
            }
            Event::SetupDone { side } => LogEntry::text(format!("{} has set up.", side.name())),
            Event::BombardmentPlotted { side, aims } => LogEntry::text(format!(
                "The pre-game bombardment by {}: {} templates ({}).",
                side.name(),
                aims.len(),
                book(BOMBARDMENT)
            )),
            Event::TurnBegins {
                turn,
                us_cards,
                vc_cards,
            } => LogEntry::text(format!(
                "Turn {turn} begins: {us_cards} US and {vc_cards} VC/NVA cards in the deck."
            )),
            Event::Arrived { platoon, stands } => LogEntry::text(format!(
                "{} arrives ({} stands).",
                self.pname(s, *platoon),
                stands.len()
            )),
            Event::CardDrawn { side, left } => {
                LogEntry::text(format!("A {} card is turned ({left} left).", side.name()))
            }
            Event::CardWasted { side } => LogEntry::text(format!(
                "The {} card is wasted: no platoon may take it ({}).",
                side.name(),
                book(TURN)
            )),
            Event::Activated {
                platoon,
                side,
                activation,
                hidden,
            } => {
                let nth = if *activation > 1 { " again" } else { "" };
                let entry =
                    LogEntry::text(format!("{} is activated{nth}.", self.pname(s, *platoon)));
                if *hidden {
                    entry.private_to(
                        side.idx(),
                        format!("{} activates a platoon still hidden.", side.name()),
                    )
                } else {
                    entry
                }
            }
            Event::MoraleCheck {
                platoon,
                side,
                check,
                result,
                hidden,
            } => {
                let a = check_roll(
                    "Morale check",
                    &book(MORALE),
                    check,
                    &format!("{}: {}", result.name(), morale_effect(*result)),
                );
                let mut a = a;
                a.needed = Some("5+ OK, 3-4 Unsteady, 1-2 Shaken, below 1 Routed".into());
                let entry = LogEntry::with_rolls(
                    format!(
                        "{} checks morale: {}.",
                        self.pname(s, *platoon),
                        result.name()
                    ),
                    vec![a],
                );
                if *hidden {
                    entry.private_to(
                        side.idx(),
                        format!("A hidden {} platoon checks its morale.", side.name()),
                    )
                } else {
                    entry
                }
            }
            Event::MoraleSkipped { platoon, hidden } => {
                let entry = LogEntry::text(format!(
                    "{} need not check morale: it neither fired nor was fired upon last turn ({}).",
                    self.pname(s, *platoon),
                    book(TURN_NOTES)
                ));
                match (hidden, s) {
                    (true, Some(st)) => {
                        let side = st.platoon(*platoon).side;
                        entry.private_to(side.idx(), "A hidden platoon skips its morale check.")
                    }
                    _ => entry,
                }
            }
            Event::ActionChosen {
                platoon,
                action,
                hidden,
            } => {
                let entry =
                    LogEntry::text(format!("{}: {}.", self.pname(s, *platoon), action.name()));
                match (hidden, s) {
                    (true, Some(st)) => {
                        let side = st.platoon(*platoon).side;
                        entry
                            .private_to(side.idx(), format!("A hidden platoon: {}.", action.name()))
                    }
                    _ => entry,
                }
            }
            Event::Moved {
                stand,
                from,
                to,
                cost,
                fallback,
            } => {
                let how = if *fallback { "falls back" } else { "moves" };
                LogEntry::text(format!(
                    "{} {how} {:.1}\" ({:.1}\" of its allowance) to ({:.1}, {:.1}).",
                    n(*stand),
                    from.distance(*to),
                    cost,
                    to.x,
                    to.y
                ))
            }
            Event::Pivoted { stand, facing } => LogEntry::text(format!(
                "{} turns to face {:.0} degrees.",
                n(*stand),
                facing
            )),
            Event::SmallArms {
                firer,
                weapon,
                target,
                range,
                mode,
                pool,
                effect,
                note,
            } => {
                let who = match firer {
                    Firer::Stand(id) => n(*id),
                    Firer::Sniper(k) => format!("Sniper {k}"),
                };
                let how = match mode {
                    Mode::Proximity => " by proximity",
                    Mode::Overwatch => " from overwatch",
                    Mode::PointBlank => " point-blank",
                    Mode::Spotted => "",
                };
                let mut rolls = pool_rolls(
                    &format!("{weapon} at {:.1}\"", range),
                    &book(SMALL_ARMS),
                    pool,
                    effect.name(),
                );
                if !note.is_empty()
                    && let Some(r) = rolls.last_mut()
                {
                    r.result = format!("{} ({note})", r.result);
                }
                LogEntry::with_rolls(
                    format!(
                        "{who} fires{how} ({weapon}, {:.1}\") at {}: {}, {}.",
                        range,
                        n(*target),
                        hits(pool.hits),
                        effect.name()
                    ),
                    rolls,
                )
            }
            Event::GunFire {
                firer,
                weapon,
                target,
                range,
                mode,
                to_hit,
                penetration,
                effect,
            } => {
                let how = if *mode == Mode::Proximity {
                    " by proximity"
                } else {
                    ""
                };
                let mut rolls = vec![check_roll(
                    &format!("{weapon} to hit at {range:.1}\""),
                    &book(GUN_TO_HIT),
                    to_hit,
                    if to_hit.passed() { "hit" } else { "miss" },
                )];
                let text = match penetration {
                    Some(p) => {
                        let r = match effect {
                            Effect::Killed => "destroyed",
                            Effect::Disrupted => "one short: disrupted",
                            Effect::Suppressed => "two short: suppressed",
                            Effect::None => "no effect",
                        };
                        rolls.push(check_roll("Penetration", &book(PENETRATION), p, r));
                        format!(
                            "{} fires {weapon}{how} at {}: a hit, {r}.",
                            n(*firer),
                            n(*target)
                        )
                    }
                    None => format!(
                        "{} fires {weapon}{how} at {}: a miss.",
                        n(*firer),
                        n(*target)
                    ),
                };
                LogEntry::with_rolls(text, rolls)
            }
            Event::Template {
                source,
                aim,
                scatter,
                centre,
                diameter,
                under,
                smoke: _,
                destroyed,
            } => self.describe_template(
                s,
                source,
                *aim,
                scatter.as_ref(),
                *centre,
                *diameter,
                under,
                destroyed.as_deref(),
            ),
            Event::Napalm {
                strike,
                corners: _,
                scatter,
                under,
            } => {
                let mut text = format!(
                    "Napalm from strike {strike}{}: {} stands under the strip.",
                    scatter_words(Some(scatter)),
                    under.iter().filter(|u| !u.hidden).count()
                );
                self.under_words(s, under, &mut text, false);
                let rolls = self.under_rolls(s, under, false, &book(AIRCRAFT));
                self.private_under(s, under, text, rolls, &book(AIRCRAFT))
            }
            Event::StatusChanged {
                stand, from, to, ..
            } => LogEntry::text(format!(
                "{} is now {} (was {}).",
                n(*stand),
                to.name(),
                from.name()
            )),
            Event::StandLost { stand, gone, .. } => LogEntry::text(format!(
                "{} is {}.",
                n(*stand),
                match gone {
                    Gone::Killed => "killed",
                    Gone::Destroyed => "destroyed",
                    Gone::Exited => "off the table",
                    Gone::LeftTable => "damaged and leaves the table",
                }
            )),
            Event::Passengers { carrier, rolls } => {
                let adj: Vec<Adjudication> = rolls
                    .iter()
                    .map(|(id, c, e)| {
                        let mut a = check_roll(
                            &format!("Passenger {}", n(*id)),
                            &book(PENETRATION),
                            c,
                            e.name(),
                        );
                        a.needed = Some("3-4 suppressed, 5 disrupted, 6 dead".into());
                        a
                    })
                    .collect();
                LogEntry::with_rolls(
                    format!("Passengers of {} roll for damage.", n(*carrier)),
                    adj,
                )
            }
            Event::Revealed {
                marker,
                side,
                platoon,
                stands,
                by,
            } => {
                let by = by
                    .map(|b| format!(" ({} spots it)", n(b)))
                    .unwrap_or_default();
                LogEntry::text(match platoon {
                    Some(p) => format!(
                        "{} card {marker} is turned over{by}: {} ({} stands) ({}).",
                        side.name(),
                        self.pname(s, *p),
                        stands.len(),
                        book(HIDDEN)
                    ),
                    None => format!(
                        "{} card {marker} is turned over{by}: a bogus card, removed ({}).",
                        side.name(),
                        book(HIDDEN)
                    ),
                })
            }
            Event::SniperFired {
                sniper,
                side,
                pos,
                target,
                pool,
                effect,
            } => LogEntry::with_rolls(
                format!(
                    "A {} sniper fires from ({:.1}, {:.1}) at {}: {}, {}. He is gone, unhurt ({}).",
                    side.name(),
                    pos.x,
                    pos.y,
                    n(*target),
                    hits(pool.hits),
                    effect.name(),
                    book(SNIPERS)
                ),
                pool_rolls(
                    &format!("Sniper {sniper}"),
                    &book(SNIPERS),
                    pool,
                    effect.name(),
                ),
            ),
            Event::SniperSpotted {
                sniper,
                side,
                pos,
                by,
            } => LogEntry::text(format!(
                "{} comes within 3\" of a {} sniper at ({:.1}, {:.1}): sniper {sniper} is killed or flees ({}).",
                n(*by),
                side.name(),
                pos.x,
                pos.y,
                book(SNIPERS)
            )),
            Event::MineEntered { stand, marker, .. } => LogEntry::text(format!(
                "{} enters mine strip {marker} and stops ({}).",
                n(*stand),
                book(MINES)
            )),
            Event::MineRoll {
                stand,
                marker,
                real,
                check,
                outcome,
            } => {
                let words = match outcome {
                    MineOutcome::Bogus => "a dummy strip, removed".to_string(),
                    MineOutcome::Destroyed => "destroyed".to_string(),
                    MineOutcome::LostTrack => "loses a track: immobile for the game".to_string(),
                    MineOutcome::Cleared => "clears the strip, removed".to_string(),
                    MineOutcome::PassedActive => {
                        "gets through; the strip is still live".to_string()
                    }
                    MineOutcome::EngineersLost => "the engineers are lost".to_string(),
                    MineOutcome::Halted => {
                        "halted by fire: no damage, no clearing, the strip still unknown"
                            .to_string()
                    }
                };
                let real_w = if *real { "real: " } else { "" };
                let text = format!("Mine strip {marker}, {}: {real_w}{words}.", n(*stand));
                match check {
                    Some(c) => {
                        let mut a = check_roll("Mine", &book(MINES), c, &words);
                        a.needed = Some(mine_table_words(self, s, *stand));
                        LogEntry::with_rolls(text, vec![a])
                    }
                    None => LogEntry::text(text),
                }
            }
            Event::WireAttempt {
                stand,
                wire,
                check,
                cleared,
                stuck,
            } => {
                let words = if *stuck {
                    "stuck in the wire"
                } else if *cleared {
                    "the wire is cleared"
                } else {
                    "the wire holds"
                };
                let text = format!("{} at wire {wire}: {words} ({}).", n(*stand), book(WIRE));
                match check {
                    Some(c) => {
                        LogEntry::with_rolls(text, vec![check_roll("Wire", &book(WIRE), c, words)])
                    }
                    None => LogEntry::text(text),
                }
            }
            Event::Charged { stand, target, .. } => LogEntry::text(format!(
                "{} charges {} ({}).",
                n(*stand),
                n(*target),
                book(CLOSE_ASSAULT)
            )),
            Event::StoppedShort { stand, .. } => LogEntry::text(format!(
                "{} was suppressed or worse on the way in and never reaches the close combat ({}).",
                n(*stand),
                book(CLOSE_COMBAT_MODS)
            )),
            Event::Supported { stand, .. } => LogEntry::text(match stand {
                Some(id) => format!("{} comes to the defender's aid.", n(*id)),
                None => "No one comes to the defender's aid.".to_string(),
            }),
            Event::Melee {
                attackers,
                defenders,
                result,
                ..
            } => {
                let mut rolls = Vec::new();
                for (side, rs) in [("Attacker", attackers), ("Defender", defenders)] {
                    for r in rs {
                        let mut a = Adjudication::new(
                            format!("{side} {}", n(r.stand)),
                            book(CLOSE_ASSAULT),
                        );
                        a.rolled = vec![r.roll as i32];
                        a.modifiers = r.mods.clone();
                        a.total = r.total;
                        rolls.push(a);
                    }
                }
                let words = match result {
                    MeleeResult::AttackerWins => "the attackers win",
                    MeleeResult::DefenderWins => "the defenders win",
                    MeleeResult::Draw => "a draw: the fight goes on at the next activation",
                    MeleeResult::NoAttack => "no attacker got in",
                };
                LogEntry::with_rolls(format!("Close combat: {words}."), rolls)
            }
            Event::Retreated { stand, .. } => LogEntry::text(format!(
                "{} falls back 2\" ({}).",
                n(*stand),
                book(CLOSE_ASSAULT)
            )),
            Event::Advanced { stand, .. } => {
                LogEntry::text(format!("{} advances into the vacated position.", n(*stand)))
            }
            Event::OverwatchStoodDown { platoon } => {
                let entry = LogEntry::text(format!(
                    "{} fails its check: no overwatch fire ({}).",
                    self.pname(s, *platoon),
                    book(TURN_NOTES)
                ));
                match s {
                    Some(st) if st.platoon(*platoon).card_marker.is_some() => {
                        let side = st.platoon(*platoon).side;
                        entry.private_to(side.idx(), "A hidden platoon's overwatch ends.")
                    }
                    _ => entry,
                }
            }
            Event::OverwatchEnded { platoon } => {
                let entry =
                    LogEntry::text(format!("{}'s overwatch ends.", self.pname(s, *platoon)));
                match s {
                    Some(st) if st.platoon(*platoon).card_marker.is_some() => {
                        let side = st.platoon(*platoon).side;
                        entry.private_to(side.idx(), "A hidden platoon's overwatch ends.")
                    }
                    _ => entry,
                }
            }
            Event::ReactionOffered { side } => {
                LogEntry::text(format!("{} may react.", side.name()))
            }
            Event::ReactionDeclined {
                side,
                for_activation,
            } => LogEntry::text(if *for_activation {
                format!(
                    "{} holds its fire for the rest of this activation.",
                    side.name()
                )
            } else {
                format!("{} holds its fire.", side.name())
            }),
            Event::Plotted { side, counter, at } => LogEntry::text(format!(
                "{} places divisional counter {counter} at ({:.1}, {:.1}).",
                side.name(),
                at.x,
                at.y
            )),
            Event::BatteryAssigned {
                side,
                battery,
                counter,
            } => LogEntry::text(format!(
                "Battery {} is plotted on counter {counter}.",
                self.battery_name(s, *battery)
            ))
            .private_to(
                side.idx(),
                format!("{} plots its divisional artillery.", side.name()),
            ),
            Event::DivisionalFalls { side, counters } => {
                let real: Vec<String> = counters
                    .iter()
                    .filter_map(|(c, b)| b.map(|b| format!("{c} ({})", self.battery_name(s, b))))
                    .collect();
                LogEntry::text(format!(
                    "{} divisional artillery falls: real counters {}; the rest were decoys.",
                    side.name(),
                    if real.is_empty() {
                        "none".to_string()
                    } else {
                        real.join(", ")
                    }
                ))
            }
            Event::SmokeLaid { screen } => LogEntry::text(format!(
                "A smoke screen {}\" x {}\" at ({:.1}, {:.1}) until the end of the turn ({}).",
                screen.width,
                screen.depth,
                screen.centre.x,
                screen.centre.y,
                book(SMOKE)
            )),
            Event::SmokeClears => LogEntry::text("The smoke clears."),
            Event::Embarked {
                stand,
                carrier,
                on_top,
            } => LogEntry::text(format!(
                "{} gets {} {}.",
                n(*stand),
                if *on_top { "on top of" } else { "into" },
                n(*carrier)
            )),
            Event::Disembarked { stand, carrier, .. } => {
                LogEntry::text(format!("{} gets off {}.", n(*stand), n(*carrier)))
            }
            Event::Landed { stand } => LogEntry::text(format!("{} lands.", n(*stand))),
            Event::TookOff { stand } => LogEntry::text(format!("{} takes off.", n(*stand))),
            Event::Exited { stand } => {
                LogEntry::text(format!("{} leaves by the far edge.", n(*stand)))
            }
            Event::AirStrikeCalled { strike, fo, aim } => LogEntry::text(format!(
                "{} calls in {} on ({:.1}, {:.1}) ({}).",
                n(*fo),
                self.strike_name(s, *strike),
                aim.x,
                aim.y,
                book(AIRCRAFT)
            )),
            Event::GroundToAir {
                firer,
                target,
                pool,
                effect,
            } => {
                let t = match target {
                    crate::command::AirTarget::Helicopter(h) => n(*h),
                    crate::command::AirTarget::Strike(k) => self.strike_name(s, *k),
                };
                let words = match effect {
                    AirEffect::None => "no effect",
                    AirEffect::Suppressed => "suppressed",
                    AirEffect::Damaged => "damaged: it leaves the table",
                    AirEffect::Crashed => "damaged a second time: it crashes",
                    AirEffect::Exploded => "explodes in mid-air",
                };
                LogEntry::with_rolls(
                    format!("{} fires at {t}: {}, {words}.", n(*firer), hits(pool.hits)),
                    pool_rolls("Ground to air", &book(GROUND_TO_AIR), pool, words),
                )
            }
            Event::EndOfTurn { turn } => LogEntry::text(format!("End of turn {turn}.")),
            Event::GameOver { text, .. } => LogEntry::text(format!("Game over. {text}")),
        }
    }

    fn battery_name(&self, s: Option<&State>, id: u16) -> String {
        s.and_then(|s| s.batteries.iter().find(|b| b.id == id))
            .map_or(format!("{id}"), |b| b.name.clone())
    }

    fn strike_name(&self, s: Option<&State>, id: u16) -> String {
        s.and_then(|s| s.strikes.iter().find(|a| a.id == id))
            .map_or(format!("air strike {id}"), |a| a.name.clone())
    }

    fn source_words(&self, s: Option<&State>, src: &Source) -> String {
        match src {
            Source::Battery { battery } => self.battery_name(s, *battery),
            Source::Mortar { stand } => self.sname(s, *stand),
            Source::Rocket { stand } => format!("a rocket from {}", self.sname(s, *stand)),
            Source::Bomb { strike } => format!("a bomb from {}", self.strike_name(s, *strike)),
            Source::Bombardment => "the pre-game bombardment".to_string(),
            Source::Divisional { battery, counter } => {
                format!("{} on counter {counter}", self.battery_name(s, *battery))
            }
            Source::DirectHe { stand } => self.sname(s, *stand),
        }
    }

    fn under_words(
        &self,
        s: Option<&State>,
        under: &[UnderTemplate],
        text: &mut String,
        all: bool,
    ) {
        for u in under.iter().filter(|u| all || !u.hidden) {
            if u.stand == u16::MAX {
                continue;
            }
            text.push_str(&format!(
                " {}: {}.",
                self.sname(s, u.stand),
                u.effect.name()
            ));
        }
    }

    fn under_rolls(
        &self,
        s: Option<&State>,
        under: &[UnderTemplate],
        all: bool,
        rule: &str,
    ) -> Vec<Adjudication> {
        under
            .iter()
            .filter(|u| all || !u.hidden)
            .flat_map(|u| {
                let who = if u.stand == u16::MAX {
                    "the strip".to_string()
                } else {
                    self.sname(s, u.stand)
                };
                pool_rolls(&who, rule, &u.pool, u.effect.name())
            })
            .collect()
    }

    /// The owner of hidden stands under a template reads their fate; the
    /// other side reads the same entry without them.
    fn private_under(
        &self,
        s: Option<&State>,
        under: &[UnderTemplate],
        public: String,
        rolls: Vec<Adjudication>,
        rule: &str,
    ) -> LogEntry {
        let hidden: Vec<&UnderTemplate> = under.iter().filter(|u| u.hidden).collect();
        let Some(owner) = hidden.first().and_then(|u| self.side_of(s, u.stand)) else {
            return LogEntry::with_rolls(public, rolls);
        };
        let mut full = public.clone();
        self.under_words(s, under, &mut full, true);
        full.push_str(" (hidden stands hit: only you know)");
        let all_rolls = self.under_rolls(s, under, true, rule);
        LogEntry::with_rolls(full, all_rolls).private_with_rolls(owner.idx(), public, rolls)
    }

    #[allow(clippy::too_many_arguments)]
    fn describe_template(
        &self,
        s: Option<&State>,
        source: &Source,
        aim: vt_core::tabletop::Point,
        scatter: Option<&Scatter>,
        centre: vt_core::tabletop::Point,
        diameter: f64,
        under: &[UnderTemplate],
        destroyed: Option<&str>,
    ) -> LogEntry {
        let mut text = format!(
            "{}: a {diameter}\" template aimed at ({:.1}, {:.1}){} lands at ({:.1}, {:.1});",
            self.source_words(s, source),
            aim.x,
            aim.y,
            scatter_words(scatter),
            centre.x,
            centre.y
        );
        if let Some(d) = destroyed {
            text.push_str(&format!(" {d} destroyed."));
        } else if under.iter().any(|u| u.stand == u16::MAX) {
            text.push_str(" the strip survives.");
        } else {
            let seen = under.iter().filter(|u| !u.hidden).count();
            text.push_str(&format!(
                " {} under it.",
                vt_core::words::counted(seen as u64, "stand", "stands")
            ));
        }
        self.under_words(s, under, &mut text, false);
        let mut rolls = Vec::new();
        if let Some(sc) = scatter {
            let mut a = Adjudication::new("Scatter", book(INDIRECT));
            if sc.on_target {
                a.result = "Hit: on target".into();
            } else {
                a.rolled = vec![sc.distance_roll as i32];
                let adj = sc.distance - sc.distance_roll as f64;
                if adj.abs() > 1e-9 {
                    a.modifiers.push(Modifier::new(
                        "bombs are accurate / suppressed",
                        book(AIRCRAFT),
                        adj.round() as i32,
                    ));
                }
                a.total = sc.distance.round() as i32;
                a.result = format!("{}\" toward {:.0} degrees", sc.distance, sc.degrees);
            }
            a.needed = Some("scatter die: 2 hit faces of 6, else an arrow and 1D6 inches".into());
            rolls.push(a);
        }
        let rule = book(AREA_FIRE);
        rolls.extend(self.under_rolls(s, under, false, &rule));
        self.private_under(s, under, text, rolls, &rule)
    }
}

fn scatter_words(sc: Option<&Scatter>) -> String {
    match sc {
        None => String::new(),
        Some(s) if s.on_target => " (scatter die: Hit)".to_string(),
        Some(s) => format!(
            " (scatters {}\" toward {:.0} degrees)",
            s.distance, s.degrees
        ),
    }
}

fn morale_effect(r: crate::data::MoraleResult) -> &'static str {
    use crate::data::MoraleResult::*;
    match r {
        Ok => "every squad one suppression level better",
        Unsteady => "squads keep their suppression and disruption",
        Shaken => "every squad at least suppressed, no advance, may fire",
        Routed => "every squad disrupted and falls back",
    }
}

fn mine_table_words(g: &PlatoonCards, s: Option<&State>, stand: StandId) -> String {
    let Some(st) = s.and_then(|s| s.stands.get(stand as usize)) else {
        return "the mine table for its type".into();
    };
    let t = g.unit(st);
    if t.engineers {
        "engineers: 6 lost, else cleared".into()
    } else {
        match t.mover {
            crate::data::Mover::Tracked | crate::data::Mover::HalfTrack => {
                "5-6 destroyed, 3-4 track lost, 1-2 cleared".into()
            }
            crate::data::Mover::Wheeled => "3-6 destroyed, 1-2 cleared".into(),
            _ => "5-6 destroyed, 3-4 through (still live), 1-2 cleared".into(),
        }
    }
}
