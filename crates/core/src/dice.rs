//! Dice and the record of an adjudication.
//!
//! Rolls are made through [`GameRng`]; what a player reads about a roll is an
//! [`Adjudication`]: the purpose, the dice, every modifier with the rule that
//! gives it, what was needed and what it meant. Games keep compact events
//! during play and build adjudications when the log is read, so playouts do
//! not pay for the words.

use crate::rng::GameRng;
use serde::{Deserialize, Serialize};

/// A die-roll (or card-draw) modifier with the rule section that grants it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    pub label: String,
    /// Rule reference as the rulebook prints it, e.g. "FTE 7.1".
    pub rule: String,
    pub value: i32,
}

impl Modifier {
    pub fn new(label: impl Into<String>, rule: impl Into<String>, value: i32) -> Self {
        Modifier {
            label: label.into(),
            rule: rule.into(),
            value,
        }
    }
}

/// Which cell of which table an adjudication used, so a tables viewer can
/// highlight it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableCell {
    pub table: String,
    pub row: String,
    pub column: Option<String>,
}

/// One adjudication as the player reads it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Adjudication {
    pub purpose: String,
    pub rule: String,
    /// The dice as rolled (or the card numbers drawn), before modifiers.
    pub rolled: Vec<i32>,
    pub modifiers: Vec<Modifier>,
    pub total: i32,
    /// What was needed, in words ("3 or less", "any crosshair").
    pub needed: Option<String>,
    pub table: Option<TableCell>,
    pub result: String,
    /// Whose roll it is and which way helps them, where the game says: a
    /// screen colours each modifier by whether it helps the side reading
    /// it, not by its sign (+2 on a to-hit roll that must be low is bad for
    /// the firer and good for the target).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stake: Option<Stake>,
    /// A pool judged die by die (Crossfire: each die hits on 5 or 6): the
    /// score each die needs. The dice then have no sum worth showing;
    /// `total` is the number of dice that made the score, and screens mark
    /// each die as a hit or a miss instead of adding them up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub each_die_needs: Option<i32>,
    /// What [`Adjudication::rolled`] holds when it is not dice (CSAR's card
    /// numbers and counts of draws): screens label it so, not "Rolled"
    /// (issue 14: "Rolled 30" for a card number).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rolled_as: Option<String>,
}

/// Whose roll an [`Adjudication`] is, and whether a low total helps them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stake {
    pub side: crate::SideIdx,
    pub low_is_good: bool,
}

impl Adjudication {
    pub fn new(purpose: impl Into<String>, rule: impl Into<String>) -> Self {
        Adjudication {
            purpose: purpose.into(),
            rule: rule.into(),
            rolled: Vec::new(),
            modifiers: Vec::new(),
            total: 0,
            needed: None,
            table: None,
            result: String::new(),
            stake: None,
            each_die_needs: None,
            rolled_as: None,
        }
    }

    /// Names what `rolled` holds when it is not dice ("Card number").
    pub fn rolled_as(mut self, what: impl Into<String>) -> Self {
        self.rolled_as = Some(what.into());
        self
    }

    /// The label of the `rolled` line: "Rolled" for dice.
    pub fn rolled_label(&self) -> &str {
        self.rolled_as.as_deref().unwrap_or("Rolled")
    }

    /// A pool of `dice` judged each alone against `needs` or more: the
    /// total is the number of hits ([`Adjudication::each_die_needs`]).
    pub fn pool(mut self, dice: impl IntoIterator<Item = i32>, needs: i32) -> Self {
        self.rolled = dice.into_iter().collect();
        self.each_die_needs = Some(needs);
        self.total = self.hits().unwrap_or(0);
        self
    }

    /// For a pool judged die by die: how many dice made their score.
    pub fn hits(&self) -> Option<i32> {
        let needs = self.each_die_needs?;
        Some(self.rolled.iter().filter(|&&d| d >= needs).count() as i32)
    }

    /// Whether die `i` of a pool judged die by die made its score.
    pub fn die_hits(&self, i: usize) -> Option<bool> {
        Some(*self.rolled.get(i)? >= self.each_die_needs?)
    }

    /// Whether screens show a total after the dice: when there are
    /// modifiers or several dice to add, never for a pool judged die by die.
    pub fn shows_total(&self) -> bool {
        self.each_die_needs.is_none() && (!self.modifiers.is_empty() || self.rolled.len() > 1)
    }

    /// The roll is `side`'s, and a low total helps it (`low_is_good`).
    pub fn rolled_by(mut self, side: crate::SideIdx, low_is_good: bool) -> Self {
        self.stake = Some(Stake { side, low_is_good });
        self
    }

    /// Whether a modifier of this roll helps `viewer` (the side reading
    /// it): `None` where nobody in particular reads, the game did not say
    /// whose roll it is, or the modifier is 0.
    pub fn helps(&self, m: &Modifier, viewer: Option<crate::SideIdx>) -> Option<bool> {
        let stake = self.stake?;
        let viewer = viewer?;
        if m.value == 0 {
            return None;
        }
        let helps_roller = (m.value < 0) == stake.low_is_good;
        Some(if viewer == stake.side {
            helps_roller
        } else {
            !helps_roller
        })
    }

    /// Sum of the modifiers.
    pub fn modifier_sum(&self) -> i32 {
        self.modifiers.iter().map(|m| m.value).sum()
    }

    /// One line: "Fire: rolled 4, Jungle +2 (FTE 6.1), adjacent -1 (FTE 7.1) = 5; needed 3 or less: miss".
    /// A pool judged die by die reads "rolled 6 5 3 (5+ each: 2 hits)".
    pub fn summary(&self) -> String {
        let mut s = format!("{}: rolled ", self.purpose);
        let dice: Vec<String> = self.rolled.iter().map(|d| d.to_string()).collect();
        match self.each_die_needs {
            Some(n) => {
                let hits = self.hits().unwrap_or(0);
                s.push_str(&dice.join(" "));
                s.push_str(&format!(
                    " ({n}+ each: {hits} hit{})",
                    if hits == 1 { "" } else { "s" }
                ));
            }
            None => s.push_str(&dice.join("+")),
        }
        for m in &self.modifiers {
            s.push_str(&format!(", {} {:+} ({})", m.label, m.value, m.rule));
        }
        if self.shows_total() {
            s.push_str(&format!(" = {}", self.total));
        }
        if let Some(n) = &self.needed {
            s.push_str(&format!("; needed {n}"));
        }
        if !self.result.is_empty() {
            s.push_str(&format!(": {}", self.result));
        }
        s
    }
}

/// Plain dice helpers over the game's generator.
pub struct Dice;

impl Dice {
    pub fn d6(rng: &mut GameRng) -> u8 {
        rng.die(6)
    }

    pub fn d10(rng: &mut GameRng) -> u8 {
        rng.die(10)
    }

    /// A d10 read 0-9, as some tables print it (the "10" face is 0).
    pub fn d10_zero(rng: &mut GameRng) -> u8 {
        rng.die(10) % 10
    }

    /// `n` dice of `sides` faces.
    pub fn roll(rng: &mut GameRng, n: u8, sides: u8) -> Vec<u8> {
        (0..n).map(|_| rng.die(sides)).collect()
    }

    /// A pool of `n` d6 counting hits on `hit_on` or better; returns the dice
    /// too, so the player can see them.
    pub fn pool(rng: &mut GameRng, n: u8, hit_on: u8) -> PoolRoll {
        let dice = Self::roll(rng, n, 6);
        PoolRoll::judge(dice, hit_on)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PoolRoll {
    pub dice: Vec<u8>,
    pub hit_on: u8,
    pub hits: u8,
}

impl PoolRoll {
    pub fn judge(dice: Vec<u8>, hit_on: u8) -> Self {
        let hits = dice.iter().filter(|&&d| d >= hit_on).count() as u8;
        PoolRoll { dice, hit_on, hits }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_d10_is_uniform_enough() {
        // 100,000 rolls: each face should be within 4% of 10,000 (about 4.2
        // standard deviations), and the same seed gives the same counts.
        let count = |seed| {
            let mut rng = GameRng::seeded(seed);
            let mut c = [0u32; 10];
            for _ in 0..100_000 {
                let d = Dice::d10(&mut rng);
                assert!((1..=10).contains(&d));
                c[(d - 1) as usize] += 1;
            }
            c
        };
        let c = count(2026);
        for (face, &n) in c.iter().enumerate() {
            assert!(
                (9_600..=10_400).contains(&n),
                "face {} came {} times",
                face + 1,
                n
            );
        }
        assert_eq!(c, count(2026));
        let chi2: f64 = c
            .iter()
            .map(|&n| (n as f64 - 10_000.0).powi(2) / 10_000.0)
            .sum();
        // 9 degrees of freedom; 27.9 is the 0.1% critical value.
        assert!(chi2 < 27.9, "chi-square {chi2}");
    }

    #[test]
    fn d10_zero_reads_ten_as_zero() {
        let mut rng = GameRng::seeded(3);
        let mut seen = [false; 10];
        for _ in 0..1000 {
            seen[Dice::d10_zero(&mut rng) as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn pool_counts_hits() {
        let p = PoolRoll::judge(vec![1, 5, 6, 4, 6], 5);
        assert_eq!(p.hits, 3);
        let p = PoolRoll::judge(vec![1, 2, 3], 4);
        assert_eq!(p.hits, 0);
        let mut rng = GameRng::seeded(5);
        let mut total = 0u32;
        for _ in 0..30_000 {
            let p = Dice::pool(&mut rng, 3, 5);
            assert_eq!(p.dice.len(), 3);
            assert_eq!(p.hits as usize, p.dice.iter().filter(|&&d| d >= 5).count());
            total += p.hits as u32;
        }
        // Expected 1 hit per 3 dice at 5+: 30,000 on average.
        assert!((29_000..=31_000).contains(&total), "{total}");
    }

    #[test]
    fn a_pool_judged_die_by_die_counts_hits_not_a_sum() {
        let a = Adjudication::new("Fire", "CF 6.4").pool([6, 5, 3], 5);
        assert_eq!(a.total, 2);
        assert_eq!(a.hits(), Some(2));
        assert_eq!(a.die_hits(2), Some(false));
        assert!(!a.shows_total());
        assert_eq!(a.summary(), "Fire: rolled 6 5 3 (5+ each: 2 hits)");
    }

    #[test]
    fn summary_names_every_modifier() {
        let mut a = Adjudication::new("Fire at 12.05", "FTE 7.0");
        a.rolled = vec![4];
        a.modifiers = vec![
            Modifier::new("Jungle", "FTE 6.1", 2),
            Modifier::new("adjacent", "FTE 7.1", -1),
        ];
        a.total = 4 + a.modifier_sum();
        a.needed = Some("3 or less".into());
        a.result = "miss".into();
        assert_eq!(
            a.summary(),
            "Fire at 12.05: rolled 4, Jungle +2 (FTE 6.1), adjacent -1 (FTE 7.1) = 5; needed 3 or less: miss"
        );
    }
}

#[cfg(test)]
mod stake_tests {
    use super::*;

    // Issue 14: a modifier is good or bad for the side reading it, not by
    // its sign.
    #[test]
    fn a_modifier_helps_by_side_and_direction() {
        let up = Modifier::new("Jungle", "FTE 6.1", 2);
        let down = Modifier::new("adjacent", "FTE 7.1", -1);
        let a = Adjudication::new("To hit", "FTE 7.1").rolled_by(0, true);
        assert_eq!(
            a.helps(&up, Some(0)),
            Some(false),
            "+2 hurts a firer rolling low"
        );
        assert_eq!(a.helps(&up, Some(1)), Some(true), "and helps the target");
        assert_eq!(a.helps(&down, Some(0)), Some(true));
        assert_eq!(a.helps(&down, Some(1)), Some(false));
        assert_eq!(a.helps(&up, None), None);
        let b = Adjudication::new("Search", "CSAR 6.5").rolled_by(1, false);
        assert_eq!(b.helps(&up, Some(1)), Some(true));
        assert_eq!(Adjudication::new("x", "y").helps(&up, Some(0)), None);
    }
}
