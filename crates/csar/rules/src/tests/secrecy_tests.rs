//! Hidden information: two games that differ only in what lies face down
//! must look the same to the player (view, decision, legal commands, odds
//! and the log) until it is turned up (`vt_core::testing`).

use super::*;
use crate::data::MarkerValue;
use vt_core::testing::play_secret_pair;

/// The face-down markers of a state: (zone, true for the Hidden marker,
/// false for the Enemy marker, its value).
fn face_down(s: &State) -> Vec<(Zone, bool, MarkerValue)> {
    let mut v = Vec::new();
    for z in Zone::ALL {
        let st = s.zone(z);
        if let (Some(m), false) = (st.hidden, st.hidden_revealed) {
            v.push((z, true, m));
        }
        if let (Some(m), false) = (st.enemy, st.enemy_revealed) {
            v.push((z, false, m));
        }
    }
    v
}

fn set(s: &mut State, (z, hidden, _): (Zone, bool, MarkerValue), m: MarkerValue) {
    let st = &mut s.zones[z.index()];
    if hidden {
        st.hidden = Some(m);
    } else {
        st.enemy = Some(m);
    }
}

// CSAR 3.0, 4.3.1, 4.3.5: Hidden and Enemy markers are placed face down and
// turned up only when a move, a rescue or an event reveals them. Two games
// in which two face-down markers trade values play the same, command for
// command, until one of them is turned up: nothing the player sees (the
// board, the odds of the draw at hand, the fire previews, the log) tells
// which is which.
#[test]
fn face_down_markers_tell_nothing_until_turned_up() {
    let c = csar();
    let mut pairs = 0;
    let mut played = 0;
    for seed in 1..=8 {
        let mut a = new(&c, "caged-tiger", seed);
        past_setup(&c, &mut a);
        let down = face_down(&a);
        let Some((i, j)) = (0..down.len())
            .flat_map(|i| (i + 1..down.len()).map(move |j| (i, j)))
            .find(|&(i, j)| down[i].2 != down[j].2)
        else {
            continue;
        };
        let mut b = a.clone();
        set(&mut b, down[i], down[j].2);
        set(&mut b, down[j], down[i].2);
        pairs += 1;
        let (x, y) = (down[i], down[j]);
        let still_down = move |s: &State| {
            let f = face_down(s);
            f.iter().any(|m| (m.0, m.1) == (x.0, x.1)) && f.iter().any(|m| (m.0, m.1) == (y.0, y.1))
        };
        let mut k = seed as usize;
        played += play_secret_pair(&c, &mut a, &mut b, 0, 60, |sa, _| {
            // A command drawn from the legal list that turns neither up.
            let legal = c.legal(sa);
            k = k.wrapping_mul(31).wrapping_add(7);
            (0..legal.len())
                .map(|n| legal[(k + n) % legal.len()])
                .find(|cmd| {
                    let mut t = sa.clone();
                    c.apply(&mut t, cmd).is_ok() && still_down(&t)
                })
                .map(|cmd| (cmd, cmd))
        });
    }
    assert!(
        pairs >= 4,
        "only {pairs} games had two face-down markers of different values"
    );
    assert!(played >= 40, "only {played} commands played in step");
}
