//! A command in a player's words, naming stands by their labels and
//! places by the terrain piece they are in.

use crossfire_vn_rules::CrossfireVn;
use crossfire_vn_rules::command::Command;
use crossfire_vn_rules::state::StandId;
use crossfire_vn_rules::view::View;
use vt_core::tabletop::Point;

pub struct Words<'a> {
    pub rules: &'a CrossfireVn,
    pub view: &'a View,
}

impl Words<'_> {
    pub fn stand(&self, id: StandId) -> String {
        self.view
            .stands
            .iter()
            .find(|s| s.id == id)
            .map_or(format!("stand {id}"), |s| s.label.clone())
    }

    fn stands(&self, ids: &[StandId]) -> String {
        ids.iter()
            .map(|i| self.stand(*i))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The piece of terrain a point is in ("Jungle 3"), or "the open".
    pub fn place(&self, p: Point) -> String {
        let Some(t) = self.rules.tables.iter().find(|t| t.id == self.view.table) else {
            return format!("({:.1}, {:.1})", p.x, p.y);
        };
        match t.pieces_at(p).last() {
            Some(i) => t.names.get(i).cloned().unwrap_or_default(),
            None => format!("the open at ({:.0}, {:.0})", p.x, p.y),
        }
    }

    /// A place with its coordinates, so that two places in one piece read
    /// apart ("LZ Hawk at (36, 30)").
    pub fn place_at(&self, p: Point) -> String {
        let place = self.place(p);
        if place.starts_with("the open at") {
            place
        } else {
            format!("{place} at ({:.0}, {:.0})", p.x, p.y)
        }
    }

    fn feature(&self, f: u16) -> String {
        self.rules
            .tables
            .iter()
            .find(|t| t.id == self.view.table)
            .and_then(|t| t.names.get(f as usize).cloned())
            .unwrap_or(format!("piece {f}"))
    }

    fn point(&self, i: u16) -> String {
        match &self.view.moving {
            Some(m) => match m.points.get(i as usize) {
                Some(p) => format!(
                    "point {} ({:.1}\" along, {})",
                    i + 1,
                    p.along,
                    self.place(p.at)
                ),
                None => format!("point {}", i + 1),
            },
            None => format!("point {}", i + 1),
        }
    }

    /// The stand that acts in a command, if one does.
    pub fn actor(c: &Command) -> Vec<StandId> {
        match c {
            Command::Place { stand, .. }
            | Command::Pivot { stand, .. }
            | Command::AntiTank { stand, .. }
            | Command::Rally { stand }
            | Command::ReconByFire { stand, .. }
            | Command::Flame { stand, .. }
            | Command::ReactiveAntiTank { stand, .. } => vec![*stand],
            Command::Move { moves } | Command::CloseCombat { moves, .. } => {
                moves.iter().map(|m| m.stand).collect()
            }
            Command::Fire { firers, .. } | Command::ReactiveFire { firers, .. } => firers.clone(),
            Command::Medevac { carrier, .. } => vec![*carrier],
            Command::FormAidPost { medics } => medics.to_vec(),
            Command::DetachSniper { team, .. } => vec![*team],
            Command::WithdrawSniper { sniper } => vec![*sniper],
            Command::CallFire { observer, .. } => vec![*observer],
            _ => vec![],
        }
    }

    pub fn command(&self, c: &Command) -> String {
        match c {
            Command::Place { stand, at, .. } => {
                format!("Set up {} in {}", self.stand(*stand), self.place(*at))
            }
            Command::SetupDone => "Set-up done".into(),
            Command::Move { moves } if moves.len() == 1 => format!(
                "Move {} to {}",
                self.stand(moves[0].stand),
                self.place_at(moves[0].to)
            ),
            Command::Move { moves } => format!(
                "Group move: {} to {}",
                self.stands(&moves.iter().map(|m| m.stand).collect::<Vec<_>>()),
                self.place(moves[0].to)
            ),
            Command::Pivot { stand, .. } => format!("Pivot {}", self.stand(*stand)),
            Command::Fire {
                firers,
                target,
                support,
            } => {
                let mut s = format!("{} fire at {}", self.stands(firers), self.stand(*target));
                if !support.is_empty() {
                    s += &format!(" (+{} adds a die, 6.11)", self.stands(support));
                }
                s
            }
            Command::AntiTank { stand, target } => format!(
                "{} fires anti-armour at {} (6.11)",
                self.stand(*stand),
                self.stand(*target)
            ),
            Command::Rally { stand } => format!("Rally {}", self.stand(*stand)),
            Command::CloseCombat { moves, target } => format!(
                "Close assault on {} with {}",
                self.stand(*target),
                self.stands(&moves.iter().map(|m| m.stand).collect::<Vec<_>>())
            ),
            Command::ReconByFire {
                stand,
                feature,
                moving_to,
            } => {
                let mut s = format!(
                    "{} recons {} by fire (6.7)",
                    self.stand(*stand),
                    self.feature(*feature)
                );
                if let Some(p) = moving_to {
                    s += &format!(", moving to {}", self.place(*p));
                }
                s
            }
            Command::Medevac {
                carrier,
                pick_up,
                to,
                drop,
                ..
            } => format!(
                "{} picks up {} marker{} and goes towards {}{} (6.5)",
                self.stand(*carrier),
                pick_up.len(),
                if pick_up.len() == 1 { "" } else { "s" },
                self.place_at(*to),
                if *drop {
                    ", setting down what it carries"
                } else {
                    ""
                }
            ),
            Command::FormAidPost { medics } => {
                format!("{} form a Company Aid Post (6.5)", self.stands(medics))
            }
            Command::RequestDustOff => "Call a Dust Off (6.5)".into(),
            Command::DetachSniper { team, at } => format!(
                "{} detaches a sniper in {} and withdraws (6.9.1)",
                self.stand(*team),
                self.place(*at)
            ),
            Command::WithdrawSniper { sniper } => {
                format!("Withdraw sniper {} (6.9)", self.stand(*sniper))
            }
            Command::Flame { stand, feature } => format!(
                "{} flames {} (6.12)",
                self.stand(*stand),
                self.feature(*feature)
            ),
            Command::CallFire {
                observer,
                at,
                smoke,
            } => format!(
                "{} calls {} on {}",
                self.stand(*observer),
                if *smoke { "smoke" } else { "a barrage" },
                self.place(*at)
            ),
            Command::EndInitiative => "End the initiative".into(),
            Command::ReactiveFire {
                firers,
                point,
                support,
            } => {
                let mut s = format!("{} fire at {}", self.stands(firers), self.point(*point));
                if !support.is_empty() {
                    s += &format!(" (+{} adds a die)", self.stands(support));
                }
                s
            }
            Command::ReactiveAntiTank { stand, point } => format!(
                "{} fires anti-armour at {}",
                self.stand(*stand),
                self.point(*point)
            ),
            Command::NoReaction => "Let the move go on".into(),
            Command::LandDustOff { at } => format!("Land the Dust Off in {}", self.place_at(*at)),
            Command::WaveOff => "Wave the Dust Off off".into(),
        }
    }
}
