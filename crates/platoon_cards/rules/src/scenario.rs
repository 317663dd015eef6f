//! Our own tables and scenarios (the text has none): the files, and a new
//! game set up from them.

use crate::PlatoonCards;
use crate::data::{Control, TerrainKind, UnitClass};
use crate::state::*;
use crate::step::{Pending, Step};
use serde::{Deserialize, Serialize};
use vt_core::GameRng;
use vt_core::deck::Deck;
use vt_core::engine::{Setup, SetupError};
use vt_core::provenance::Provenance;
use vt_core::sort::StableSort;
use vt_core::tabletop::{Feature, Point, point_in_polygon};

/// A table: its size and terrain. Written by us for the scenarios.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tabletop {
    pub id: String,
    pub name: String,
    pub width: f64,
    pub height: f64,
    pub features: Vec<Feature<TerrainKind>>,
    pub source: Provenance,
    /// Each feature's bounding box (min x, min y, max x, max y), roads and
    /// trails widened by their width: worked out at load, so a line of
    /// sight looks only at the features near it.
    #[serde(skip)]
    pub boxes: Vec<[f64; 4]>,
}

impl Tabletop {
    /// Works out the bounding boxes, and gives each feature the height
    /// its kind has on the chart (hills level 2, trees and buildings 1).
    pub fn index(&mut self, charts: &crate::data::Charts) {
        use vt_core::tabletop::Elevation;
        for f in self.features.iter_mut() {
            let level = charts.terrain_row(f.kind).map_or(0, |r| r.level.value) as f64;
            f.elevation = match f.kind {
                TerrainKind::Hill | TerrainKind::HillCrest => Elevation::Hill(level),
                _ if level > 0.0 => Elevation::Tall(level),
                _ => Elevation::Flat,
            };
        }
        self.boxes = self
            .features
            .iter()
            .map(|f| {
                let (lo, hi) = f.bounds();
                [lo.x, lo.y, hi.x, hi.y]
            })
            .collect();
    }

    /// Features whose box the segment's box meets.
    pub fn near(&self, a: Point, b: Point) -> impl Iterator<Item = usize> + '_ {
        let (x0, x1) = (a.x.min(b.x), a.x.max(b.x));
        let (y0, y1) = (a.y.min(b.y), a.y.max(b.y));
        self.boxes
            .iter()
            .enumerate()
            .filter(move |(_, bx)| bx[0] <= x1 && bx[2] >= x0 && bx[1] <= y1 && bx[3] >= y0)
            .map(|(i, _)| i)
    }

    pub fn contains(&self, p: Point) -> bool {
        p.x >= 0.0 && p.y >= 0.0 && p.x <= self.width && p.y <= self.height
    }
}

fn default_true() -> bool {
    true
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StandSpec {
    pub unit: String,
    /// Where it stands; for a platoon under a hidden card, relative to the
    /// card.
    pub at: Point,
    #[serde(default)]
    pub facing: Option<f64>,
    /// Carries an M79 (US rifle squads, about one in three).
    #[serde(default)]
    pub gl: bool,
    /// A commander's rating.
    #[serde(default)]
    pub rating: i8,
    /// Starts aboard the platoon's stand with this index.
    #[serde(default)]
    pub aboard: Option<usize>,
    #[serde(default)]
    pub on_top: bool,
    #[serde(default)]
    pub airborne: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlatoonSpec {
    pub name: String,
    pub side: Side,
    pub quality: Quality,
    #[serde(default = "default_true")]
    pub card: bool,
    #[serde(default)]
    pub company: bool,
    /// Deployed under a hidden card (when the side deploys hidden).
    #[serde(default)]
    pub hidden: bool,
    /// Its hidden card is full size (FOs, company commanders).
    #[serde(default)]
    pub large_card: bool,
    #[serde(default)]
    pub arrives: Option<u8>,
    pub stands: Vec<StandSpec>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BatterySpec {
    pub name: String,
    pub side: Side,
    pub band: crate::data::AreaBand,
    pub calibre_mm: u32,
    pub models: u8,
    pub smoke: crate::data::SmokeSize,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StrikeSpec {
    pub name: String,
    pub side: Side,
    pub kind: StrikeKind,
    pub planes: u8,
    pub from_turn: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SniperSpec {
    pub side: Side,
    pub count: u8,
    /// Places the sniper may start; the owner may move him in set-up.
    pub spots: Vec<Point>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MineSpec {
    pub side: Side,
    pub real: u8,
    /// Strip centres, at least three per real strip (two bogus each).
    pub spots: Vec<Point>,
    /// The scenario hides the strips themselves.
    #[serde(default)]
    pub hidden: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireSpec {
    pub at: Point,
    pub angle: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Zone {
    pub name: String,
    pub side: Side,
    pub area: Vec<Point>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Objective {
    pub name: String,
    pub area: Vec<Point>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BombardSpec {
    pub side: Side,
    pub templates: u8,
    /// The defenders count dug in (cover) against it, except in woods.
    pub dug_in: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Edge {
    North,
    South,
    East,
    West,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Condition {
    /// Holds at least `count` of these objectives at the end: a stand of
    /// the side in good order (not Disrupted) inside, no enemy stand inside.
    Hold { objectives: Vec<String>, count: u8 },
    /// Has lost no more than this share of its strength.
    LossesAtMost { percent: u8 },
    /// The enemy has lost at least this share of its strength.
    EnemyLossesAtLeast { percent: u8 },
    /// At least `count` stands got off by the exit edge.
    Exit { count: u8 },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Victory {
    /// The side that must achieve the conditions.
    pub side: Side,
    pub all: Vec<Condition>,
    /// Short of a win, any of these gives a draw.
    #[serde(default)]
    pub draw: Vec<Condition>,
    pub text: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExtraCards {
    pub us: u8,
    pub vc: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScenarioFile {
    pub id: String,
    pub name: String,
    pub description: String,
    pub source: Provenance,
    pub tabletop: String,
    pub turns: u8,
    pub attacker: Side,
    #[serde(default)]
    pub night: bool,
    pub extra_cards: ExtraCards,
    /// The side deploying hidden, if the scenario uses it.
    #[serde(default)]
    pub hidden_side: Option<Side>,
    #[serde(default)]
    pub card_spots: Vec<Point>,
    /// Bogus cards; by default one for every two real.
    #[serde(default)]
    pub bogus_cards: Option<u8>,
    pub platoons: Vec<PlatoonSpec>,
    #[serde(default)]
    pub batteries: Vec<BatterySpec>,
    #[serde(default)]
    pub strikes: Vec<StrikeSpec>,
    #[serde(default)]
    pub snipers: Option<SniperSpec>,
    #[serde(default)]
    pub mines: Option<MineSpec>,
    #[serde(default)]
    pub wire: Vec<WireSpec>,
    pub zones: Vec<Zone>,
    #[serde(default)]
    pub objectives: Vec<Objective>,
    #[serde(default)]
    pub bombardment: Option<BombardSpec>,
    #[serde(default)]
    pub exit_edge: Option<Edge>,
    pub victory: Victory,
}

impl PlatoonCards {
    pub fn scenario(&self, id: &str) -> Option<&ScenarioFile> {
        self.scenarios.iter().find(|s| s.id == id)
    }

    pub fn tabletop_of(&self, s: &State) -> &Tabletop {
        self.tabletops
            .get(s.table as usize)
            .unwrap_or(&self.tabletops[0])
    }

    pub fn scenario_of(&self, s: &State) -> &ScenarioFile {
        self.scenarios
            .get(s.scen as usize)
            .unwrap_or(&self.scenarios[0])
    }

    fn read_options(&self, sc: &ScenarioFile, setup: &Setup) -> Result<Options, SetupError> {
        let mut o = Options {
            hidden_deployment: sc.hidden_side.is_some(),
            hidden_mines: sc.mines.as_ref().is_some_and(|m| m.hidden),
            ..Options::default()
        };
        for (k, v) in &setup.options {
            let on = match v.as_str() {
                "on" | "true" | "yes" | "1" => true,
                "off" | "false" | "no" | "0" => false,
                _ => {
                    return Err(SetupError::BadOption {
                        key: k.clone(),
                        message: format!("'{v}' is neither on nor off"),
                    });
                }
            };
            match k.as_str() {
                "acav-three" => o.acav_three = on,
                "divisional-next-turn" => o.divisional_next_turn = on,
                "us-105-local" => o.us_105_local = on,
                "escalate" => o.escalate = on,
                "part-quality" => o.part_quality = on,
                "hidden-deployment" => o.hidden_deployment = on && sc.hidden_side.is_some(),
                "hidden-mines" => o.hidden_mines = on && sc.mines.is_some(),
                _ => {
                    return Err(SetupError::BadOption {
                        key: k.clone(),
                        message: "no such option".into(),
                    });
                }
            }
        }
        Ok(o)
    }

    /// A new game of a scenario.
    pub fn start(&self, setup: &Setup) -> Result<State, SetupError> {
        let sc = self
            .scenario(&setup.scenario)
            .ok_or_else(|| SetupError::UnknownScenario(setup.scenario.clone()))?;
        let options = self.read_options(sc, setup)?;
        let mut rng = GameRng::seeded(setup.seed);
        let scen = self
            .scenarios
            .iter()
            .position(|x| x.id == sc.id)
            .unwrap_or(0) as u16;
        let table = self
            .tabletops
            .iter()
            .position(|t| t.id == sc.tabletop)
            .unwrap_or(0) as u16;
        let mut s = State {
            rng: GameRng::seeded(0),
            scenario: sc.id.clone(),
            scen,
            table,
            options,
            turn: 0,
            turns: sc.turns,
            steps: Vec::new(),
            deck: Deck::default(),
            card: None,
            stands: Vec::new(),
            platoons: Vec::new(),
            cards: Vec::new(),
            mines: Vec::new(),
            wire: Vec::new(),
            snipers: Vec::new(),
            smoke: Vec::new(),
            batteries: Vec::new(),
            plots: Vec::new(),
            strikes: Vec::new(),
            melees: Vec::new(),
            next_melee: 0,
            overwatch_seq: 0,
            holding_fire: None,
            active: None,
            bombard: Vec::new(),
            bombard_side: None,
            winner: None,
            result_text: String::new(),
        };

        // Hidden cards: which spot each hidden platoon (and each bogus
        // card) takes is drawn from the seed, so the public scenario file
        // does not tell where anyone is.
        let hidden_side = sc.hidden_side.filter(|_| s.options.hidden_deployment);
        let hidden_specs: Vec<usize> = sc
            .platoons
            .iter()
            .enumerate()
            .filter(|(_, p)| p.hidden && Some(p.side) == sc.hidden_side)
            .map(|(i, _)| i)
            .collect();
        let mut spots = sc.card_spots.clone();
        rng.shuffle(&mut spots);
        let bogus = sc.bogus_cards.unwrap_or_else(|| {
            hidden_specs.len() as u8 / self.charts.hidden.real_per_bogus.value.max(1)
        });
        let mut markers: Vec<u16> = (1..=(hidden_specs.len() + bogus as usize) as u16).collect();
        rng.shuffle(&mut markers);

        for (pi, spec) in sc.platoons.iter().enumerate() {
            let pid = s.platoons.len() as PlatoonId;
            let hidden_at = hidden_specs.iter().position(|&h| h == pi).map(|k| {
                (
                    spots.get(k).copied().unwrap_or(Point::new(0.0, 0.0)),
                    markers[k],
                )
            });
            let origin = hidden_at.map_or(Point::new(0.0, 0.0), |h| h.0);
            let hidden = hidden_at.is_some() && hidden_side == Some(spec.side);
            let mut strength = 0;
            let first = s.stands.len();
            for (k, st) in spec.stands.iter().enumerate() {
                let unit = self.unit_index(&st.unit).ok_or_else(|| {
                    SetupError::Data(format!("scenario {}: no unit '{}'", sc.id, st.unit))
                })?;
                let t = &self.types[unit as usize];
                if t.counts && !t.single_figure {
                    strength += 1;
                }
                let default_facing = if spec.side == Side::Us { 0.0 } else { 180.0 };
                s.stands.push(Stand {
                    id: s.stands.len() as StandId,
                    unit,
                    side: spec.side,
                    platoon: pid,
                    number: k as u8 + 1,
                    pos: origin + st.at,
                    facing: st.facing.unwrap_or(default_facing),
                    status: Status::Ok,
                    gone: None,
                    aboard: st.aboard.map(|c| Aboard {
                        carrier: (first + c) as StandId,
                        on_top: st.on_top,
                    }),
                    hidden,
                    grenade_launcher: st.gl,
                    rating: st.rating,
                    immobile: false,
                    stuck: false,
                    airborne: st.airborne,
                    damaged: 0,
                    arrives: spec.arrives,
                    act: ActivationLog::default(),
                    this_turn: TurnLog::default(),
                });
            }
            let mut quality = spec.quality;
            let us = spec.side == Side::Us;
            if s.options.part_quality && us && quality == Quality::Regular {
                // Notes: MORALE, the optional part veteran / part green.
                let d = rng.die(6);
                if self.charts.morale.part_roll_green.value.contains(&d) {
                    quality = Quality::PartGreen;
                } else if self.charts.morale.part_roll_veteran.value.contains(&d) {
                    quality = Quality::PartVeteran;
                }
            }
            s.platoons.push(Platoon {
                id: pid,
                name: spec.name.clone(),
                side: spec.side,
                quality,
                us,
                card: spec.card,
                company: spec.company,
                activations: 0,
                overwatch: None,
                record: FireRecord::default(),
                strength,
                card_marker: None,
                arrives: spec.arrives,
                last_morale: None,
            });
            if let Some((at, marker)) = hidden_at
                && hidden
            {
                s.platoons[pid as usize].card_marker = Some(marker);
                s.cards.push(HiddenCard {
                    marker,
                    side: spec.side,
                    pos: at,
                    platoon: Some(pid),
                    large: spec.large_card,
                    revealed: false,
                });
            }
        }
        if let Some(side) = hidden_side {
            for k in 0..bogus as usize {
                let i = hidden_specs.len() + k;
                if let Some(&at) = spots.get(i) {
                    s.cards.push(HiddenCard {
                        marker: markers[i],
                        side,
                        pos: at,
                        platoon: None,
                        large: false,
                        revealed: false,
                    });
                }
            }
            s.cards.stable_sort_by_key(|c| c.marker);
        }

        if let Some(sn) = &sc.snipers {
            let mut spots = sn.spots.clone();
            rng.shuffle(&mut spots);
            for (k, at) in spots.into_iter().take(sn.count as usize).enumerate() {
                s.snipers.push(Sniper {
                    id: k as u16 + 1,
                    side: sn.side,
                    pos: at,
                    gone: false,
                });
            }
        }

        if let Some(m) = &sc.mines {
            let n = (m.real as usize * (1 + self.charts.mines.bogus_per_real.value as usize))
                .min(m.spots.len());
            let mut reals: Vec<bool> = (0..n).map(|i| i < m.real as usize).collect();
            rng.shuffle(&mut reals);
            let mut markers: Vec<u16> = (1..=n as u16).collect();
            rng.shuffle(&mut markers);
            for i in 0..n {
                s.mines.push(MineStrip {
                    marker: markers[i],
                    side: m.side,
                    pos: m.spots[i],
                    real: reals[i],
                    state: MineState::Laid,
                    hidden: s.options.hidden_mines,
                    wreck: false,
                });
            }
            s.mines.stable_sort_by_key(|m| m.marker);
        }

        for (k, w) in sc.wire.iter().enumerate() {
            s.wire.push(WireStrip {
                id: k as u16 + 1,
                pos: w.at,
                angle: w.angle,
                gone: false,
            });
        }

        for (k, b) in sc.batteries.iter().enumerate() {
            s.batteries.push(Battery {
                id: k as u16 + 1,
                side: b.side,
                name: b.name.clone(),
                band: b.band,
                calibre_mm: b.calibre_mm,
                models: b.models,
                control: self.control_of(&s.options, b.side, b.calibre_mm),
                smoke: b.smoke,
                fired: 0,
            });
        }

        for (k, a) in sc.strikes.iter().enumerate() {
            s.strikes.push(AirStrike {
                id: k as u16 + 1,
                side: a.side,
                name: a.name.clone(),
                kind: a.kind,
                planes: a.planes,
                from_turn: a.from_turn,
                used: false,
                suppressed: false,
            });
        }

        s.rng = rng;
        let defender = sc.attacker.other();
        s.steps = vec![
            Step::Resolve(Pending::BeginPlay),
            Step::Setup { side: sc.attacker },
            Step::Setup { side: defender },
        ];
        Ok(s)
    }

    /// Local or divisional (Chart: DIVISIONAL ARTILLERY; the notes' reading
    /// for US 105s as an option).
    pub fn control_of(&self, o: &Options, side: Side, calibre_mm: u32) -> Control {
        match side {
            Side::Vc => Control::Divisional,
            Side::Us if calibre_mm <= self.charts.divisional.us_local_up_to_mm.value => {
                Control::Local
            }
            Side::Us if o.us_105_local && calibre_mm <= 105 => Control::Local,
            Side::Us => Control::Divisional,
        }
    }

    pub fn unit_index(&self, id: &str) -> Option<u16> {
        self.types.iter().position(|t| t.id == id).map(|i| i as u16)
    }

    /// The zones a side may set up in.
    pub fn in_zone(&self, s: &State, side: Side, p: Point) -> bool {
        let sc = self.scenario_of(s);
        sc.zones
            .iter()
            .any(|z| z.side == side && point_in_polygon(&z.area, p))
    }

    /// Checks a scenario against the units and tables loaded with it.
    pub fn validate_scenario(&self, sc: &ScenarioFile) -> Result<(), String> {
        let Some(t) = self.tabletops.iter().find(|t| t.id == sc.tabletop) else {
            return Err(format!("no tabletop '{}'", sc.tabletop));
        };
        let hidden = sc
            .platoons
            .iter()
            .filter(|p| p.hidden && Some(p.side) == sc.hidden_side)
            .count();
        let bogus = sc.bogus_cards.map_or(
            hidden / self.charts.hidden.real_per_bogus.value.max(1) as usize,
            |b| b as usize,
        );
        if sc.hidden_side.is_some() && sc.card_spots.len() < hidden + bogus {
            return Err(format!(
                "{} card spots for {} hidden platoons and {} bogus cards",
                sc.card_spots.len(),
                hidden,
                bogus
            ));
        }
        for p in &sc.platoons {
            for st in &p.stands {
                let Some(u) = self.types.iter().find(|u| u.id == st.unit) else {
                    return Err(format!("{}: no unit '{}'", p.name, st.unit));
                };
                if let Some(c) = st.aboard
                    && p.stands.get(c).is_none_or(|c| {
                        self.types
                            .iter()
                            .find(|u| u.id == c.unit)
                            .is_none_or(|u| u.carries == 0)
                    })
                {
                    return Err(format!("{}: {} aboard no carrier", p.name, u.name));
                }
                let absolute = !(p.hidden && Some(p.side) == sc.hidden_side);
                if absolute && st.aboard.is_none() && !t.contains(st.at) {
                    return Err(format!(
                        "{}: {} at {:?} is off the table",
                        p.name, u.name, st.at
                    ));
                }
                if u.class == UnitClass::Helicopter && !st.airborne && st.aboard.is_some() {
                    return Err(format!("{}: a helicopter aboard something", p.name));
                }
            }
        }
        if let Some(m) = &sc.mines
            && m.spots.len()
                < m.real as usize * (1 + self.charts.mines.bogus_per_real.value as usize)
        {
            return Err(format!(
                "{} mine spots for {} real strips and their bogus ones",
                m.spots.len(),
                m.real
            ));
        }
        for c in &sc.victory.all {
            if let Condition::Hold { objectives, .. } = c {
                for o in objectives {
                    if !sc.objectives.iter().any(|x| &x.name == o) {
                        return Err(format!("victory names no objective '{o}'"));
                    }
                }
            }
        }
        Ok(())
    }
}
