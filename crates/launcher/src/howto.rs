//! How to play each game, short: what a turn is (from the rulebook's
//! sequence of play, paraphrased with its section numbers), how to do the
//! common things on this screen, and where the rules are shown. The menu's
//! Help and the in-game Help window (H, F1) show it.
//!
//! The text is light markup for [`vt_ui::overlay::how_to_ui`]: `## ` starts
//! a heading, `- ` a bullet, anything else a paragraph.

/// The how-to-play text of a game, by its id (`None`: the keys alone).
pub fn how_to_play(game: &str) -> Option<&'static str> {
    Some(match game {
        "fte" => FTE,
        "csar" => CSAR,
        "grunt" => GRUNT,
        "crossfire-vn" => CROSSFIRE,
        "platoon-cards" => PLATOON,
        "pig" => PIG,
        "skirmish" => SKIRMISH,
        _ => return None,
    })
}

/// Where every game shows its rules at work.
const RULES_SHOWN: &str = "## Where the rules are shown
- Before any roll the panel shows the number needed with each modifier and its section; blue modifiers help you, orange ones hurt.
- The log (L) keeps every roll: open an entry for the dice, each modifier with its rule, the total and the result.
- Tables (T) holds the game's tables, with the last cell used marked; Sources (S) lists every value the rulebook lacks and what was assumed.
- A refused click says why, with the rule.";

const FTE: &str = "## A turn (3.0)
- Reinforcements enter on their map edge (4.0).
- Activations (5.0): the first side named by the scenario activates first; after that each Activation Chit drawn from the cup says whose turn it is. The chit cup in the panel shows what is left.
- Fire Missions land (16.0), Casualties are checked (17.0), units may regain Concealment (18.0), and the turn ends (20.0).
- The side with more Victory Points at the end wins; a tie goes to the NVA/VC (29.0).
## Doing things
- Activate: click a Leader (he brings friendly infantry within two hexes) or a hex of your units, or pick a line of the panel's activation list (5.1).
- Move: with your units selected, click a hex in the highlighted reach; the path is walked hex by hex so the enemy may Opportunity Fire (21.0). Double Time and helicopter levels are buttons of the panel.
- Fire: with a unit selected, click an enemy hex shown as a target (its badge is the number needed); the panel shows each modifier; click the hex again, press Enter or the Fire button to fire, Cancel to think again.
- Opportunity Fire: when the enemy moves into sight the panel asks; fire or let it pass.
- Stacks: click a stack to open it; every counter's markers are listed there.
- Concealment: \"Try to conceal all\" rolls for every unit that may, one after another; or click a unit's button. Set-up and the rest: the panel's buttons; \"Every legal command\" lists every command the rules allow now.
- E ends the phase or passes; Tab goes through your units; Enter fires what is aimed; U undoes; Esc opens the pause menu; the line-of-sight tool checks a line before you commit.
- Suggest (top right): the computer's move for you and your chance of winning; the units it would use are ringed in violet, and the hex it would go to, act in or aim at shaded. Think longer searches on from where it stopped; the other moves it weighed are listed with their chances.";

const CSAR: &str = "## A turn (4.0)
- Event Phase (4.1, not turn 1): an Event Card is drawn and done.
- Card Phase (4.2): draw Action Cards up to five in hand and Reserve; put Aircraft cards in the Reserve (three at most); play or discard every Command card.
- Combat Phase (4.3): move aircraft (Orbit Box, zones: four aircraft a zone, Fast Movers never with a helicopter); assign Aircraft cards to aircraft in the zones (two a zone); the enemy guns fire (burn cards from the hand to cancel Hits); play the assigned cards; helicopters that did not move try rescues.
- End Turn Phase (4.4): damage assessment of the guns hit, the enemy search and the abort check (burn cards to draw fewer), clean-up and markers.
- You win if every Survivor is off the map and no aircraft was destroyed; a Survivor killed, captured or left stranded, or an abort, loses (5.0).
## Doing things
- Assign or play a card: click it in the card strip, then the aircraft, gun, Survivor or zone it is for; the places lit in gold are the legal ones. A Command card that needs a target says \"To play it: click ...\"; discarding it is the small button after \"or\".
- Move an aircraft: click it, then the zone or box it goes to.
- Reserve (4.2.2): drag an Aircraft card from the hand onto the Reserve, or click it and its button.
- The card strip scrolls with the mouse wheel; its cards hold their places while the pointer is over it. Hover a card or a counter for what it does.
- The draw panel turns up each card drawn; the card counting shows what is left and the odds of the next draw. With Automatic steps: \"Step through them\" (Esc, Settings) Space shows what one command set off, segment by segment.
- Suggest (top right): the computer's move and your chance of winning; what it would click is ringed in violet on the board. Think longer searches on from where it stopped; the other moves it weighed are listed with their chances.
- Tab moves among what can be clicked now and Enter clicks it; E ends the segment; Esc opens the pause menu.";

const GRUNT: &str = "## A turn (Sequence of Play)
- Each Game Turn has a U.S. Player Turn and then an NLF Player Turn; ten Game Turns make a game.
- A Player Turn is a Movement Phase (units move up to six Movement Points, one a hex) and then a Combat Phase (fire, results from the Combat Results Tables).
- Game Points come from firing on enemy units and destroying equipment; the side with more at the end wins.
- The NLF's units start face down: the U.S. must find them.
## Doing things
- Landing (B5): click a lit hex to land the next load there. Tick \"Choose each load from a menu\" in the panel to pick which load lands (the company commander, an F.O., medics) from a menu at each click.
- Click one of your units to select it, then a highlighted hex to move it or an enemy to fire at it.
- Fire (Combat Phase): click an enemy to aim at it; the panel shows each term of attack and defence, the odds and the Combat Results Table column. Enter or F fires (as the Fire button does); Esc puts the aim, or a click's menu, away.
- The panel lists every legal command; E ends the phase; Tab goes through your units; Esc (with nothing aimed) opens the pause menu.
- Suggest (top right): the computer's move for you and your chance of winning; the units it would use are ringed in violet, and the hex it would land in, go to or fire at shaded. Think longer searches on from where it stopped; the other moves it weighed are listed with their chances.";

const CROSSFIRE: &str = "## How play goes
- There are no fixed turns: the side with the initiative acts with its stands one action at a time until it fails a fire or the enemy's reactive fire takes the initiative away (Crossfire, with the Vietnam amendments 6.4 to 6.12).
- Movement is from terrain feature to terrain feature; fire pins, suppresses or kills; close combat settles a position.
## Doing things
- Click a stand to select it, then a feature to move there or an enemy stand to fire at it.
- The panel lists every legal command; E passes the initiative; Tab goes through your stands; Esc opens the pause menu.
- Suggest (top right): the computer's move for you and your chance of winning; the stands it would use are ringed in violet, with a line to where a move would stop or to what it would fire at. Think longer searches on from where it stopped; the other moves it weighed are listed with their chances.";

const PLATOON: &str = "## A turn (Turn Sequence)
- Cards are drawn one by one; each card lets one platoon of its side act. Extra cards let platoons act a second time (never more than twice).
- An activated platoon first checks its morale (if it fired or was fired on), then moves and fires, moves and close assaults, stands and fires, or goes on overwatch to fire later.
- Distances are in inches; fire is rolled as pools of six-sided dice.
## Doing things
- When a card is yours, pick the platoon and its action in the panel, then the stands and targets on the table.
- M is the tape measure and V the sight line, to check before you commit; the panel lists every legal command; Esc opens the pause menu.
- Suggest (top right): the computer's move for you and your chance of winning; the stands it would use are ringed in violet (a whole platoon for an activation, its card edged), with a line to where one would go or what it would fire at. Think longer searches on from where it stopped; the other moves it weighed are listed with their chances.";

const PIG: &str = "## How play goes
- On your turn roll the die as often as you like: each roll adds to your turn's total, but a 1 loses it and ends your turn. Hold to bank the total. First to the goal wins.
## Doing things
- The commands on the left: Roll or Hold (or press 1 or 2).";

const SKIRMISH: &str = "## How play goes
- A test game of the table board: each side moves and shoots its stands in turn.
## Doing things
- Click a stand, then where it goes or what it shoots; M is the tape measure, V the sight line, F fires; the panel lists every legal command.";

/// The whole text for `game`: its own part, then where the rules are shown.
pub fn full_text(game: &str) -> Option<String> {
    how_to_play(game).map(|t| format!("{t}\n{RULES_SHOWN}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registered_game_has_a_how_to_play() {
        for e in crate::game_entries() {
            let t = full_text(e.id).unwrap_or_else(|| panic!("{} has no how-to-play", e.id));
            assert!(t.contains("## Doing things"), "{}", e.id);
            assert!(t.contains("## Where the rules are shown"), "{}", e.id);
        }
    }
}
