//! Words the rules put in front of players.

/// "1 gun", "3 guns": a count with its noun in the right number (issue 14:
/// "(s)" plurals read as a form, not a wargame's log).
pub fn counted(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::counted;

    #[test]
    fn counts_take_the_noun_in_their_number() {
        assert_eq!(counted(1u8, "gun", "guns"), "1 gun");
        assert_eq!(counted(0u32, "gun", "guns"), "0 guns");
        assert_eq!(
            counted(3usize as u64, "rocket pair", "rocket pairs"),
            "3 rocket pairs"
        );
    }
}
