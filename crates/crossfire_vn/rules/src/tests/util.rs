//! A laboratory table with pieces at known places, and a game on it with
//! only the stands a test puts down.

use crate::state::*;
use crate::step::Step;
use crate::{Command, CrossfireVn, Event};
use vt_core::engine::{RuleError, Ruleset, Setup};
use vt_core::tabletop::Point;

pub const LAB_TABLE: &str = r#"(
    id: "lab",
    name: "Laboratory",
    size: (72, 48),
    source: Assumed("tests"),
    pieces: [
        (name: "J1", kind: Jungle, shape: Area([(10, 10), (20, 10), (20, 20), (10, 20)])),
        (name: "J2", kind: Jungle, shape: Area([(30, 10), (40, 10), (40, 20), (30, 20)])),
        (name: "D1", kind: Jungle, shape: Area([(50, 30), (55, 30), (55, 40), (50, 40)])),
        (name: "D2", kind: Jungle, shape: Area([(57.5, 30), (62, 30), (62, 40), (57.5, 40)])),
        (name: "Trail", kind: Trail, shape: Line([(5, 0), (5, 48)])),
        (name: "Dyke", kind: Dyke, shape: Line([(0, 25), (30, 25)])),
        (name: "Bunker", kind: Bunker, shape: Area([(40, 40), (42.5, 40), (42.5, 42.5), (40, 42.5)])),
        (name: "Pagoda", kind: Masonry, shape: Area([(60, 5), (64, 5), (64, 9), (60, 9)])),
        (name: "Hootch", kind: Hootch, shape: Area([(66, 12), (69, 12), (69, 15), (66, 15)])),
        (name: "Tree line", kind: TreeLine, shape: Line([(20, 30), (40, 30)])),
        (name: "Grass", kind: ElephantGrass, shape: Area([(20, 40), (30, 40), (30, 46), (20, 46)])),
        (name: "Paddy", kind: DryPaddy, shape: Area([(44, 14), (56, 14), (56, 24), (44, 24)])),
    ],
)"#;

pub const LAB_SCENARIO: &str = r#"(
    id: "lab",
    name: "Laboratory",
    description: "tests",
    source: Assumed("tests"),
    tabletop: "lab",
    attacker: FreeWorld,
    first: FreeWorld,
    setup_order: [VcNva, FreeWorld],
    clock: (start: 420, end: 660, roll: 5, step: 30),
    objectives: [(name: "Hill", kind: Hold, area: [(0, 44), (8, 44), (8, 48), (0, 48)])],
    victory: [],
    sides: [
        (side: FreeWorld, hidden: false, edges: [South], dust_offs: 3, missions: Some((he: 2, smoke: 1)),
         forces: [(type: "us-ft", label: "F", platoon: 1, squad: 1, at: (1, 1))]),
        (side: VcNva, hidden: true, edges: [North],
         forces: [(type: "vc-ft", label: "V", platoon: 1, squad: 1, at: (70, 46))]),
    ],
)"#;

pub fn lab_rules() -> CrossfireVn {
    let files = crate::data_files()
        .with("crossfire_vn/tabletops/lab.ron", LAB_TABLE)
        .with("crossfire_vn/scenarios/lab.ron", LAB_SCENARIO);
    CrossfireVn::from_files(&files).expect("lab data loads")
}

pub struct Lab {
    pub g: CrossfireVn,
    pub s: State,
    pub ev: Vec<Event>,
}

impl Lab {
    /// An empty laboratory table, the Free World to act.
    pub fn new() -> Lab {
        Lab::with(Setup::new("lab", 1))
    }

    pub fn with(setup: Setup) -> Lab {
        let g = lab_rules();
        let mut s = g.new_game(&setup).expect("lab sets up");
        s.stands.clear();
        s.markers.clear();
        s.missions.clear();
        s.steps = vec![Step::Initiative {
            side: Side::FreeWorld,
        }];
        s.initiative = Side::FreeWorld;
        s.initiative_no = 1;
        Lab {
            g,
            s,
            ev: Vec::new(),
        }
    }

    /// Puts a stand down (platoon 1, squad 1; facing up the table for the
    /// Free World, down it for the VC/NVA).
    pub fn add(&mut self, unit: &str, side: Side, x: f64, y: f64) -> StandId {
        let u = self
            .g
            .data
            .unit(unit)
            .unwrap_or_else(|| panic!("no type {unit}"));
        let id = self.s.stands.len() as StandId;
        self.s.stands.push(Stand {
            id,
            side,
            unit: u as u16,
            label: format!("{unit}#{id}"),
            platoon: 1,
            squad: 1,
            at: Point::new(x, y),
            facing: match side {
                Side::FreeWorld => Point::new(0.0, 1.0),
                Side::VcNva => Point::new(0.0, -1.0),
            },
            presence: Presence::Table,
            hidden: false,
            status: Status::Ok,
            no_fire: false,
            carrying: Vec::new(),
            medevac_done: false,
            shots: 0,
            moved: false,
            withdrawing: false,
            detached: false,
        });
        if self.g.data.units[u].role == crate::data::Role::Observer {
            self.s.missions.push(MissionsLeft {
                observer: id,
                he: 2,
                smoke: 1,
            });
        }
        id
    }

    pub fn hide(&mut self, id: StandId) {
        self.s.stand_mut(id).hidden = true;
    }

    pub fn casualty(&mut self, side: Side, x: f64, y: f64) -> MarkerId {
        let id = self.s.markers.len() as MarkerId;
        self.s.markers.push(Marker {
            id,
            kind: MarkerKind::Casualty,
            side,
            place: MarkerPlace::Ground(Point::new(x, y)),
            from: None,
        });
        id
    }

    /// Gives `side` the initiative, between actions.
    pub fn turn(&mut self, side: Side) {
        self.s.steps = vec![Step::Initiative { side }];
        self.s.initiative = side;
    }

    pub fn force(&mut self, dice: &[u8]) {
        self.s.rng.force(dice);
    }

    /// Applies a command that must be legal; keeps its events.
    pub fn ok(&mut self, c: Command) -> &[Event] {
        match self.g.check(&self.s, &c) {
            Ok(()) => {}
            Err(e) => panic!("{c:?} refused: {e}"),
        }
        self.ev.clear();
        let mut ev = Vec::new();
        self.g.execute(&mut self.s, &c, &mut ev);
        self.ev = ev;
        &self.ev
    }

    /// Lets every reactive-fire chance the other side has pass.
    pub fn settle(&mut self) {
        while matches!(self.s.step(), Step::Reaction(_)) {
            let mut ev = Vec::new();
            self.g.execute(&mut self.s, &Command::NoReaction, &mut ev);
            self.ev.extend(ev);
        }
    }

    pub fn refused(&self, c: Command) -> RuleError {
        match self.g.check(&self.s, &c) {
            Ok(()) => panic!("{c:?} was accepted"),
            Err(e) => e,
        }
    }

    pub fn st(&self, id: StandId) -> &Stand {
        self.s.stand(id)
    }

    pub fn step(&self) -> &Step {
        self.s.step()
    }

    pub fn has_initiative(&self, side: Side) -> bool {
        matches!(self.s.step(), Step::Initiative { side: x } if *x == side)
    }
}

pub fn p(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

pub fn mv(stand: StandId, x: f64, y: f64) -> Command {
    Command::Move {
        moves: vec![crate::StandMove {
            stand,
            to: p(x, y),
            facing: None,
        }],
    }
}

pub fn fire(firers: &[StandId], target: StandId) -> Command {
    Command::Fire {
        firers: firers.to_vec(),
        target,
        support: Vec::new(),
    }
}
