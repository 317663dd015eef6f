//! The computer's suggestion on the table: the stands its command would
//! use ringed, a line from each to where it goes or at what it aims
//! ([`TablePreview::suggestion`]).

use bevy::prelude::*;
use platoon_cards_rules::PlatoonCards;
use platoon_cards_rules::command::{Aim, Command};
use platoon_cards_rules::state::StandId;
use platoon_cards_rules::view::View;
use vt_core::tabletop::Point;
use vt_ui::prelude::*;
use vt_ui::tabletop::{SuggestionMarks, TablePreview};

/// What `c` would use: an activation its platoon's stands; a move, a
/// landing place or a set-up place a line to it; fire, a charge, a call
/// for fire or an air strike a line to its aim (a stand or a spot).
pub fn suggestion_marks(view: &View, c: &Command) -> SuggestionMarks {
    let at = |id: StandId| view.stands.iter().find(|s| s.id == id).map(|s| s.pos);
    let aim_at = |a: &Aim| match a {
        Aim::Stand(t) => at(*t),
        Aim::Point(p) => Some(*p),
        Aim::Mine(_) | Aim::Wire(_) => None,
    };
    let (stands, to): (Vec<StandId>, Option<Point>) = match c {
        Command::Activate { platoon } => (
            view.stands
                .iter()
                .filter(|s| s.platoon == *platoon)
                .map(|s| s.id)
                .collect(),
            None,
        ),
        Command::PlaceStand { stand, at: p }
        | Command::Move { stand, to: p }
        | Command::Disembark { stand, to: p }
        | Command::MoveObserver { stand, to: p } => (vec![*stand], Some(*p)),
        Command::Fire { stand, target, .. }
        | Command::OverwatchFire { stand, target, .. }
        | Command::Rockets { stand, target, .. } => (vec![*stand], aim_at(target)),
        Command::CallFire { stand, aim, .. } | Command::CallAirStrike { stand, aim, .. } => {
            (vec![*stand], aim_at(aim))
        }
        Command::Charge { stand, target } | Command::PointBlank { stand, target, .. } => {
            (vec![*stand], at(*target))
        }
        Command::Embark { stand, carrier, .. } => (vec![*stand], at(*carrier)),
        Command::Pivot { stand, .. }
        | Command::CutWire { stand, .. }
        | Command::ClearMines { stand, .. }
        | Command::Land { stand }
        | Command::TakeOff { stand }
        | Command::ExitTable { stand }
        | Command::AirDefence { stand, .. }
        | Command::Support { stand }
        | Command::Lose { stand } => (vec![*stand], None),
        _ => (Vec::new(), None),
    };
    let lines = match to {
        Some(to) => stands
            .iter()
            .filter_map(|s| at(*s))
            .map(|a| (a, to))
            .collect(),
        None => Vec::new(),
    };
    SuggestionMarks {
        stands: stands.into_iter().map(|s| s as u64).collect(),
        lines,
    }
}

/// The computer's suggestion, shown on the table while it stands.
pub fn show_suggestion(
    suggested: Res<vt_ui::Suggested>,
    synced: Res<Synced<PlatoonCards>>,
    mut preview: ResMut<TablePreview>,
    mut fit: ResMut<vt_ui::camera::CameraFit>,
) {
    let view = synced.view.as_ref();
    vt_ui::tabletop::show_suggestion(&suggested, view, &mut preview, &mut fit, suggestion_marks);
}

#[cfg(test)]
mod tests {
    use super::*;
    use vt_core::Ruleset;

    // Session 41: the suggestion marked on the table, as in Crossfire.
    #[test]
    fn a_suggestion_marks_what_it_would_use() {
        let rules = PlatoonCards::embedded();
        let setup = vt_core::Setup::new(&rules.info().scenarios[0].id, 3);
        let s = rules.new_game(&setup).unwrap();
        let side = rules.decision(&s).side.unwrap_or(0);
        let view = rules.view(&s, side);
        let st = &view.stands[0];
        let to = Point::new(st.pos.x + 3.0, st.pos.y);
        let m = suggestion_marks(&view, &Command::Move { stand: st.id, to });
        assert_eq!(m.stands, vec![st.id as u64]);
        assert_eq!(m.lines, vec![(st.pos, to)]);
        // An activation: every stand of the platoon, no line.
        let m = suggestion_marks(
            &view,
            &Command::Activate {
                platoon: st.platoon,
            },
        );
        let of_platoon = view
            .stands
            .iter()
            .filter(|x| x.platoon == st.platoon)
            .count();
        assert_eq!(m.stands.len(), of_platoon);
        assert!(m.stands.contains(&(st.id as u64)) && m.lines.is_empty());
        // Fire at a stand: a line from the firer to the target.
        let t = view.stands.iter().find(|x| x.side != st.side).unwrap();
        let m = suggestion_marks(
            &view,
            &Command::Fire {
                stand: st.id,
                weapon: 0,
                target: Aim::Stand(t.id),
            },
        );
        assert_eq!(m.lines, vec![(st.pos, t.pos)]);
    }
}
