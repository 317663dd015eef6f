//! B3: odds. The total Attack Strength against the Defence Strength of the
//! target hex, simplified to a column of the Combat Results Table and
//! rounded in favour of the defender ("11 to 3" is read as "3 to 1").
//!
//! Strengths are counted in half points (a landing helicopter defends at ½,
//! B5; the outer band of a field of fire attacks at half strength, O8).

use crate::data::OddsColumn;

/// The column an attack is read on: the best column whose odds the attack
/// reaches, so that any odds between two columns fall to the defender's
/// side. `None` when the odds are worse than the first column (the attack
/// cannot affect the target). Odds better than the last column are read on
/// the last.
pub fn column(columns: &[OddsColumn], attack: u16, defence: u16) -> Option<usize> {
    if attack == 0 {
        return None;
    }
    if defence == 0 {
        return columns.len().checked_sub(1);
    }
    columns
        .iter()
        .rposition(|c| attack as u32 * c.defence as u32 >= defence as u32 * c.attack as u32)
}

/// "11 to 3" from half points, with ½ where there is one.
pub fn ratio_text(attack: u16, defence: u16) -> String {
    format!(
        "{} to {}",
        crate::data::Strength(attack),
        crate::data::Strength(defence)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grunt;

    fn cols() -> Vec<OddsColumn> {
        Grunt::embedded().tables.columns.value
    }

    fn label(a: u16, d: u16) -> Option<String> {
        let c = cols();
        column(&c, a * 2, d * 2).map(|i| c[i].label.clone())
    }

    // Grunt B3: odds which simplify unevenly are rounded off in favour of
    // the defending units; "11 to 3" is read as "3 to 1".
    #[test]
    fn b3_rounding_favours_the_defender() {
        assert_eq!(label(11, 3).as_deref(), Some("3-1"));
        assert_eq!(label(12, 3).as_deref(), Some("4-1"));
        assert_eq!(label(4, 3).as_deref(), Some("1-1"));
        assert_eq!(label(5, 2).as_deref(), Some("2-1"));
        assert_eq!(label(3, 4).as_deref(), Some("1-2"));
        assert_eq!(label(2, 5).as_deref(), Some("1-3"));
        assert_eq!(label(1, 2).as_deref(), Some("1-2"));
        assert_eq!(label(1, 3).as_deref(), Some("1-3"));
        // Worse than the first column: no attack; better than the last: the last.
        assert_eq!(label(1, 4), None);
        assert_eq!(label(30, 1).as_deref(), Some("6-1"));
        assert_eq!(label(0, 1), None);
    }

    // Grunt B5: helicopters defend at ½: a hard-core squad (3) against a
    // landing helicopter is 6 to 1.
    #[test]
    fn b5_half_point_defence() {
        let c = cols();
        let i = column(&c, 3 * 2, 1).unwrap();
        assert_eq!(c[i].label, "6-1");
        let i = column(&c, 2, 1).unwrap();
        assert_eq!(c[i].label, "2-1");
        assert_eq!(ratio_text(6, 1), "3 to ½");
    }
}
