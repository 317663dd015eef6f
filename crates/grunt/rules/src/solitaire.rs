//! B6 The Solitaire Game: the NLF played by the rules' own procedure.
//!
//! US units stop as they come beside a face-down counter (in
//! [`crate::movement`]); after all US movement every face-down counter
//! beside a US unit is turned up; the US may not fire at the NLF units so
//! found in the Combat Phase that follows, and the units that found them may
//! not move away until they are destroyed. NLF units never move; each one
//! face up must fire at the most vulnerable US unit, the nearest of equals.
//!
//! Readings (README): "most vulnerable" is the target giving the firing
//! unit its best odds column; ties go to the nearest, then to the hex first
//! in column-row order. Units that pick the same hex fire together, so no
//! US unit is attacked twice in the turn (B3). A booby trap turned up
//! attacks each US unit beside it at 3 to 1, as a probed one does (B8).

use crate::Grunt;
use crate::data::Role;
use crate::event::{AttackKind, Event, RevealHow};
use crate::line_of_sight::Sight;
use crate::map::{Hex, distance};
use crate::odds;
use crate::state::*;
use crate::step::Step;
use vt_core::sort::StableSort;

/// One NLF unit's choice of target, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub unit: CounterId,
    pub hex: Hex,
    pub column: usize,
    pub distance: u32,
    pub why: String,
}

impl Grunt {
    /// After the US Movement Phase: every face-down counter beside a US unit
    /// is turned up (B6).
    pub(crate) fn solitaire_reveal(&self, s: &mut State, ev: &mut Vec<Event>) {
        let map = self.map_of(s);
        let mut hexes: Vec<Hex> = s
            .on_map()
            .filter(|c| c.side == Side::Nlf && c.face_down)
            .filter_map(|c| c.hex)
            .filter(|h| {
                map.neighbours(*h)
                    .any(|n| s.at(n).any(|u| u.side == Side::Us && u.role.is_us_unit()))
            })
            .collect();
        hexes.stable_sort();
        hexes.dedup();
        for h in hexes {
            let beside: Vec<CounterId> = map
                .neighbours(h)
                .flat_map(|n| {
                    s.at(n)
                        .filter(|u| u.side == Side::Us && u.role.is_us_unit())
                })
                .map(|u| u.id)
                .collect();
            let shown = self.reveal(s, h, RevealHow::Adjacent, |_| true, ev);
            for id in shown {
                let role = s.c(id).role;
                if role.is_nlf_combat() {
                    for &u in &beside {
                        if !s.c(u).locked_by.contains(&id) {
                            s.cm(u).locked_by.push(id);
                        }
                    }
                }
                if role == Role::BoobyTrap {
                    for &u in &beside {
                        if s.c(u).in_play() {
                            self.spring_trap(s, id, vec![u], ev);
                        }
                    }
                }
            }
        }
    }

    /// The target a face-up NLF unit must fire at (B6), if any is in reach.
    pub fn solitaire_choice(&self, s: &State, blockers: &[bool], id: CounterId) -> Option<Choice> {
        let c = s.c(id);
        let from = c.hex?;
        let attack = self.attack(c.role);
        let columns = &self.tables.columns.value;
        let mut best: Option<Choice> = None;
        let mut in_reach = 0;
        let mut hexes: Vec<Hex> = s
            .on_map()
            .filter(|u| u.side == Side::Us && u.role.is_us_unit())
            .filter_map(|u| u.hex)
            .collect();
        hexes.stable_sort();
        hexes.dedup();
        for h in hexes {
            if self.line(s, blockers, from, h, Sight::Fire).is_err() {
                continue;
            }
            let targets = self.subjects(s, Side::Nlf, h, true);
            if targets.is_empty() {
                continue;
            }
            let defence: u16 = self
                .defence(s, h, &targets, false)
                .iter()
                .map(|t| t.halves)
                .sum();
            let Some(col) = odds::column(columns, attack, defence) else {
                continue;
            };
            let d = distance(from, h);
            in_reach += 1;
            let better = match &best {
                None => true,
                Some(b) => col > b.column || (col == b.column && d < b.distance),
            };
            if better {
                let t = self.map_of(s).terrain(h);
                best = Some(Choice {
                    unit: id,
                    hex: h,
                    column: col,
                    distance: d,
                    why: format!(
                        "most vulnerable target: {} against {} in {} is {}, {} hex{} away",
                        crate::data::Strength(attack),
                        crate::data::Strength(defence),
                        t.name().to_lowercase(),
                        columns[col].label,
                        d,
                        if d == 1 { "" } else { "es" }
                    ),
                });
            }
        }
        // Say what it was chosen from, so the player can check the choice.
        if let Some(b) = &mut best
            && in_reach > 1
        {
            b.why.push_str(&format!(
                " (the best of {in_reach} US hexes in range and sight)"
            ));
        }
        best
    }

    /// The NLF Combat Phase of the solitaire game: every face-up NLF unit
    /// able to fire does, at its most vulnerable target; units that chose
    /// the same hex fire together.
    pub(crate) fn solitaire_fire(&self, s: &mut State, ev: &mut Vec<Event>) {
        let blockers = self.blockers(s);
        let mut choices: Vec<Choice> = Vec::new();
        let firers: Vec<CounterId> = s
            .on_map()
            .filter(|c| c.side == Side::Nlf && !c.face_down && c.role.is_nlf_combat())
            .map(|c| c.id)
            .collect();
        for id in firers {
            if self.can_fire(s, id, 1).is_err() {
                continue;
            }
            if let Some(c) = self.solitaire_choice(s, &blockers, id) {
                choices.push(c);
            }
        }
        let mut hexes: Vec<Hex> = choices.iter().map(|c| c.hex).collect();
        hexes.stable_sort();
        hexes.dedup();
        s.steps.push(Step::Combat { side: Side::Nlf });
        for h in hexes {
            let group: Vec<&Choice> = choices.iter().filter(|c| c.hex == h).collect();
            for c in &group {
                ev.push(Event::SolitaireChoice {
                    unit: c.unit,
                    hex: c.hex,
                    why: c.why.clone(),
                });
            }
            let firers: Vec<(CounterId, u8)> = group
                .iter()
                .filter(|c| s.c(c.unit).in_play())
                .map(|c| (c.unit, 1))
                .collect();
            if firers.is_empty() || self.subjects(s, Side::Nlf, h, true).is_empty() {
                continue;
            }
            self.execute_fire(s, &firers, h, AttackKind::Solitaire, ev);
        }
        s.steps.pop();
    }
}

#[cfg(test)]
mod tests {
    use crate::Grunt;
    use crate::data::{Level, Mode, Role, Terrain};
    use crate::state::Side;
    use crate::tests::util::*;
    use vt_core::engine::{Ruleset, Setup};
    use vt_core::playout::{Policy, RandomPolicy};

    // Grunt B6: the NLF is played by the rules' own procedure: in a whole
    // solitaire game (random US play) the NLF is never asked anything, and
    // the scenario says so to the launcher, which seats no one there.
    #[test]
    fn b6_the_nlf_never_decides_in_solitaire() {
        let g = Grunt::embedded();
        let info = g.info();
        assert_eq!(info.played_by_rules("solitaire"), vec![Side::Nlf.idx()]);
        assert!(info.played_by_rules("basic").is_empty());
        for seed in 1..=4 {
            let mut s = g.new_game(&Setup::new("solitaire", seed)).unwrap();
            let mut p = RandomPolicy::new(seed);
            for _ in 0..5000 {
                if g.outcome(&s).is_finished() {
                    break;
                }
                assert_eq!(g.decision(&s).side, Some(Side::Us.idx()), "seed {seed}");
                let legal = g.legal(&s);
                let k = Policy::<Grunt>::choose(&mut p, &g, &s, &legal);
                g.apply(&mut s, &legal[k]).unwrap();
            }
            assert!(g.outcome(&s).is_finished(), "seed {seed} ends");
        }
    }

    // Grunt B6: a revealed NLF unit fires at the most vulnerable American
    // unit: the best odds, the closest of equals.
    #[test]
    fn b6_most_vulnerable_then_closest() {
        let (mut g, mut s) = bare(Level::Basic, &["..........."; 11]);
        s.mode = Mode::Solitaire;
        set_terrain(&mut g, "06.02", Terrain::Forest);
        let hc = put(&g, &mut s, Role::HardCore, "06.06");
        // In forest (3): 3 to 3, 1-1; in the open (1): 3-1, as far away.
        put(&g, &mut s, Role::Infantry, "06.02");
        let far = put(&g, &mut s, Role::Infantry, "06.10");
        let b = g.blockers(&s);
        let c = g.solitaire_choice(&s, &b, hc).unwrap();
        assert_eq!(c.hex, s.c(far).hex.unwrap());
        assert!(c.why.contains("3-1"), "{}", c.why);
        // Two in the open: the nearer.
        let near = put(&g, &mut s, Role::Infantry, "06.08");
        let b = g.blockers(&s);
        let c = g.solitaire_choice(&s, &b, hc).unwrap();
        assert_eq!(c.hex, s.c(near).hex.unwrap());
    }
}
