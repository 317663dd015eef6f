//! `legal` lists every command `check` accepts (the contract test checks the
//! other way round): over states from random games, every command of a broad
//! universe that passes `check` must be listed.

use csar_rules::{Command, CommandTarget, Csar, Dest, Purchase, Target, Zone};
use vt_core::playout::Policy;
use vt_core::playout::RandomPolicy;
use vt_core::{Ruleset, Setup};

fn universe() -> Vec<Command> {
    let mut u = vec![Command::Done];
    let targets: Vec<Target> = [
        Target::None,
        Target::TargetOfOpportunity,
        Target::Barrage,
        Target::SearchMarker,
    ]
    .into_iter()
    .chain((0..20).map(Target::Gun))
    .collect();
    for card in 0..37u8 {
        u.push(Command::DiscardReserve(card));
        u.push(Command::Reserve(card));
        u.push(Command::DiscardCommand(card));
        u.push(Command::DiscardAssigned(card));
        u.push(Command::Burn(card));
        u.push(Command::Buy(Purchase::Card(card)));
        u.push(Command::PlayCommand {
            card,
            target: CommandTarget::None,
        });
        for survivor in 0..4 {
            for z in Zone::ALL {
                u.push(Command::PlayCommand {
                    card,
                    target: CommandTarget::MoveSurvivor { survivor, to: z },
                });
                u.push(Command::PlayCommand {
                    card,
                    target: CommandTarget::Exfil {
                        survivor,
                        via: Some(z),
                    },
                });
            }
            u.push(Command::PlayCommand {
                card,
                target: CommandTarget::Exfil {
                    survivor,
                    via: None,
                },
            });
        }
        for &t in &targets {
            for pilot in [false, true] {
                u.push(Command::Play {
                    card,
                    target: t,
                    pilot,
                });
            }
        }
        for aircraft in 0..11 {
            u.push(Command::Assign { card, aircraft });
        }
    }
    for aircraft in 0..11u8 {
        u.push(Command::Move {
            aircraft,
            to: Dest::Orbit,
        });
        for z in Zone::ALL {
            u.push(Command::Move {
                aircraft,
                to: Dest::Zone(z),
            });
        }
        u.push(Command::PlacePilot { aircraft });
        u.push(Command::UsePilot { aircraft });
        u.push(Command::WildHit { aircraft });
        for survivor in 0..4 {
            for pilot in [false, true] {
                u.push(Command::Rescue {
                    helicopter: aircraft,
                    survivor,
                    pilot,
                });
            }
        }
    }
    for z in Zone::ALL {
        u.push(Command::ResolveZone(z));
        u.push(Command::RevealZone(z));
    }
    for k in 0..16u8 {
        u.push(Command::PickCard(k));
    }
    for p in 0..4u8 {
        u.push(Command::ChoosePilot(Some(p)));
        u.push(Command::Buy(Purchase::Pilot(p)));
    }
    u.push(Command::ChoosePilot(None));
    u.push(Command::Buy(Purchase::ExtraTurn));
    u.push(Command::Buy(Purchase::FastMover));
    u
}

#[test]
fn every_accepted_command_is_listed() {
    let rules = Csar::embedded();
    let u = universe();
    for (id, seed) in [
        ("caged-tiger", 1),
        ("streetcar-down", 2),
        ("air-force-cross", 3),
        ("campaign", 4),
    ] {
        let mut s = rules.new_game(&Setup::new(id, seed)).unwrap();
        let mut policy = RandomPolicy::new(seed + 100);
        let mut n = 0;
        while rules.outcome(&s).result.is_none() && n < 150 {
            let legal = rules.legal(&s);
            for c in &u {
                if rules.check(&s, c).is_ok() {
                    assert!(
                        legal.contains(c),
                        "{id}: {c:?} passes check at {:?} but is not listed",
                        s.step
                    );
                }
            }
            let k = Policy::<Csar>::choose(&mut policy, &rules, &s, &legal);
            let mut ev = Vec::new();
            rules.execute(&mut s, &legal[k], &mut ev);
            n += 1;
        }
    }
}
