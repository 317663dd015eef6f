//! What a side may answer to a decision. Counters are named by their id; a
//! face-down NLF counter is named to the US by its hex (the US never sees
//! its id in a view; commands about such counters take hexes).

use crate::data::{Column, Deployment, OrderId};
use crate::map::Hex;
use crate::state::{CounterId, Group, HeliJob};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Command {
    // --- set-up ---
    /// C0: the US picks its orders (secret).
    ChooseOrders {
        order: OrderId,
    },
    /// C0: the US draws one of the four order slips at random (secret).
    DrawOrders,
    /// D1-D3: the US picks its deployment (secret).
    ChooseDeployment {
        deployment: Deployment,
    },
    /// O9.1: a pre-planned air strike on Game Turn `turn`; on Game Turn 1,
    /// the landing-zone preparation with its impact area written down.
    PlanStrike {
        turn: u8,
        area: Vec<Hex>,
    },
    PlanDone,
    /// D0: the NLF picks its order of battle (secret).
    ChooseOob {
        column: Column,
    },
    /// B4: the NLF places one of its counters face down.
    Place {
        counter: CounterId,
        hex: Hex,
    },
    /// B4: the rest of the NLF counters placed at random on legal hexes.
    PlaceRest,
    PlacementDone,

    // --- the US Movement Phase ---
    /// O9.3: the eight hexes of an air strike coming in now.
    Strike {
        area: Vec<Hex>,
    },
    CancelStrike,
    /// B5: one helicopter load lands on `hex`.
    Land {
        hex: Hex,
        units: Vec<CounterId>,
    },
    /// B5, S4: the landing group is complete.
    EndGroup,
    /// O10: door guns or Cobras fire at a hex.
    Suppress {
        hex: Hex,
        guns: u8,
    },
    EndSuppress,
    /// B5, B7e: hard-core guerrillas fire at the helicopter landing (or
    /// lifting, or on the ground, O10.2) at `hex`.
    HeliFire {
        firers: Vec<CounterId>,
        hex: Hex,
    },
    HoldFire,
    /// B2: pick the unit to move next (its destinations are then listed).
    Select {
        unit: CounterId,
    },
    /// B2: the picked unit does not move after all.
    Stay,
    /// B2: move a unit along `path` (its hex first).
    Move {
        unit: CounterId,
        path: Vec<Hex>,
    },
    /// D3: a ground unit enters on a road: `path` starts at the entry hex.
    Enter {
        unit: CounterId,
        path: Vec<Hex>,
    },
    /// S5: uncover the face-down counters in the unit's hex (3 MP).
    Uncover {
        unit: CounterId,
    },
    /// O3a: refill at an ammunition cache or an Ammo Supply counter (3 MP).
    Resupply {
        unit: CounterId,
    },
    /// A3: a porter loads the cache in its hex, or unloads it (3 MP).
    Load {
        porter: CounterId,
    },
    Unload {
        porter: CounterId,
    },
    /// D6, C3: a written call for reinforcements (secret); `entry` is the
    /// road for ground reinforcements (index into the map's entries).
    Call {
        group: Group,
        entry: Option<u8>,
    },
    /// O9.2: ask for an on-call air strike (secret delay roll).
    RequestAirStrike,
    /// O3a, O4, O10.2: a helicopter brings ammunition or takes out wounded.
    CallHelicopter {
        job: HeliJob,
        hex: Hex,
    },
    /// Lift units off the map by helicopter (records, prisoners, casualties).
    Lift {
        units: Vec<CounterId>,
    },
    /// D0: the US declares the NLF set-up to be Day-to-Day.
    DeclareDayToDay,
    EndMovement,

    // --- between the US Movement and Combat Phases ---
    /// B8: probe an adjacent hex.
    Probe {
        unit: CounterId,
        hex: Hex,
    },
    /// A6: make the NLF turn over the counters of an open hex in sight.
    Challenge {
        unit: CounterId,
        hex: Hex,
    },
    /// A4: an ARVN unit starts to interrogate the peasants (or a captured
    /// porter) it is with.
    Interrogate {
        arvn: CounterId,
        subject: CounterId,
    },
    EndDiscovery,

    // --- the Combat Phase ---
    /// B3: the firers (each with the units of fire it spends, O2b/O3a) fire
    /// at `hex`.
    Fire {
        firers: Vec<(CounterId, u8)>,
        hex: Hex,
    },
    /// O3b: fire into a hex to find out whether people are there.
    ReconByFire {
        firers: Vec<(CounterId, u8)>,
        hex: Hex,
    },
    /// O7.1: an F.O. asks for fire; the adjustment roll says when.
    RequestArtillery {
        fo: CounterId,
    },
    /// O7.2-O7.5: fire for effect on `coi`, and with a shift (O7.3) on a
    /// second Center of Impact taking `shifted_guns` of the six guns.
    Artillery {
        coi: Hex,
        shift: Option<Hex>,
        shifted_guns: u8,
    },
    EndCombat,

    // --- end of a Player Turn ---
    /// B3.5: the cache a unit has sat on is destroyed, or captured.
    DestroyCache,
    CaptureCache,
    /// S3: a unit goes face down again.
    Hide {
        unit: CounterId,
    },
    /// O5: an ambush counter is laid face down in sight of a unit.
    PlaceAmbush {
        unit: CounterId,
        hex: Hex,
    },
    EndTurn,
}

impl Command {
    /// Commands that end a phase or step.
    pub fn is_end(&self) -> bool {
        matches!(
            self,
            Command::PlanDone
                | Command::PlacementDone
                | Command::EndGroup
                | Command::EndSuppress
                | Command::HoldFire
                | Command::EndMovement
                | Command::Stay
                | Command::EndDiscovery
                | Command::EndCombat
                | Command::EndTurn
        )
    }
}
