//! The readings a group may play differently, as game options: each is a
//! row of `rules.ron`'s `options` (its values, default and why), chosen on
//! the set-up screen (or `vt new ... --option KEY=VALUE`) and kept in the
//! state so a save replays under the same readings.

use crate::data::OptionDef;
use serde::{Deserialize, Serialize};
use vt_core::engine::{OptionInfo, Setup, SetupError};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Readings {
    /// NO FIRE after a reactive pin as well as a miss (CF6.2.1, C20).
    pub no_fire_on_pin: bool,
    /// A Suppressed stand suppressed again is killed (CF6.5.2).
    pub second_suppression_kills: bool,
    /// Recon by fire that flushes nobody loses the initiative (6.7).
    pub rbf_empty_loses: bool,
    /// Flamed field defences leave casualty markers (6.12, C16).
    pub flame_leaves_casualties: bool,
    /// A hidden stand that fires is placed on the table (CF base).
    pub reveal_on_fire: bool,
    /// A stand needs sight of its Command Group to move (CF4.0).
    pub command_control: bool,
    /// A Command Group beside a fire team cannot be singled out (6.9).
    pub cg_shielded: bool,
    /// A carrier reaching its edge leaves the table with its load (6.5).
    pub carriers_leave: bool,
    /// VC/NVA snipers may fire directly without limit (6.9).
    pub vc_sniper_unlimited: bool,
    /// RPG and LAW teams have back-blast as RCLs do (6.11).
    pub rpg_backblast: bool,
}

impl Readings {
    /// The readings chosen in `setup`, the others at their defaults; an
    /// unknown key or value is refused with the values it accepts.
    pub fn from_setup(defs: &[OptionDef], setup: &Setup) -> Result<Readings, SetupError> {
        for (k, v) in &setup.options {
            let Some(d) = defs.iter().find(|d| &d.key == k) else {
                return Err(SetupError::BadOption {
                    key: k.clone(),
                    message: format!(
                        "no such option; the options are {}",
                        defs.iter()
                            .map(|d| d.key.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                });
            };
            if !d.values.contains(v) {
                return Err(SetupError::BadOption {
                    key: k.clone(),
                    message: format!("'{v}' is not one of {}", d.values.join(", ")),
                });
            }
        }
        let pick = |key: &str, when: &str| -> bool {
            let chosen = setup.options.get(key).cloned().or_else(|| {
                defs.iter()
                    .find(|d| d.key == key)
                    .map(|d| d.default.clone())
            });
            chosen.as_deref() == Some(when)
        };
        Ok(Readings {
            no_fire_on_pin: pick("no-fire-on", "miss-or-pin"),
            second_suppression_kills: pick("second-suppression", "kills"),
            rbf_empty_loses: pick("rbf-empty", "loses-initiative"),
            flame_leaves_casualties: pick("flame-occupants", "casualties"),
            reveal_on_fire: pick("reveal-on-fire", "revealed"),
            command_control: pick("command-control", "on"),
            cg_shielded: pick("cg-shielded", "shielded"),
            carriers_leave: pick("carriers-at-edge", "leaves"),
            vc_sniper_unlimited: pick("vc-sniper-fire", "unlimited"),
            rpg_backblast: pick("rpg-backblast", "backblast"),
        })
    }

    /// The options as the set-up screen offers them.
    pub fn infos(defs: &[OptionDef]) -> Vec<OptionInfo> {
        defs.iter()
            .map(|d| OptionInfo {
                key: d.key.clone(),
                name: d.name.clone(),
                rule: d.rule.clone(),
                default: d.default.clone(),
                values: d.values.clone(),
            })
            .collect()
    }
}
