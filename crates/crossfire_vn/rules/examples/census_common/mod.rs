//! What the census examples (`attack_census`, `dust_off_census`,
//! `terms_census`) share: the scripted player's choice, a command's kind
//! for the tallies and the TRACE=1 print of one step.

use crossfire_vn_rules::CrossfireVn;
use crossfire_vn_rules::command::Command;
use crossfire_vn_rules::event::Event;
use crossfire_vn_rules::state::State;
use vt_core::engine::{Reader, Ruleset};
use vt_core::{AiRules, GameRng};

/// A command's variant name ("Fire", "Move"), the key of the tallies.
pub fn kind<T: std::fmt::Debug>(c: &T) -> String {
    let name = format!("{c:?}");
    name.split([' ', '{', '(']).next().unwrap_or("").to_string()
}

/// One step as TRACE=1 prints it: the side, how many commands it had, the
/// one it chose, and each event as the referee reads it.
pub fn print_step(
    rules: &CrossfireVn,
    s: &State,
    side: u8,
    offered: usize,
    chosen: &Command,
    ev: &[Event],
) {
    println!("> {side} [{offered}]: {chosen:?}");
    for e in ev {
        let entry = rules.describe_in(s, e);
        let (text, _) = entry.read_by(Reader::Referee);
        println!("    {text}");
    }
}

/// The index in `legal` of the command `side`'s scripted player chooses
/// (the rules of thumb of `AiRules::rollout_weights` on a sample of what
/// the side may know, as `vt --policy SIDE=scripted` plays), or a random
/// one if `scripted` is false or there is no choice.
pub fn choose(
    rules: &CrossfireVn,
    s: &State,
    side: u8,
    legal: &[Command],
    scripted: bool,
    rng: &mut GameRng,
) -> usize {
    if !scripted || legal.len() < 2 {
        return rng.index(legal.len());
    }
    let sample = rules.determinize(s, side, rng);
    let seen = rules.legal(&sample);
    let j = rules.rollout(&sample, &seen, rng);
    let want = format!("{:?}", seen[j]);
    legal
        .iter()
        .position(|c| format!("{c:?}") == want)
        .unwrap_or_else(|| rng.index(legal.len()))
}
