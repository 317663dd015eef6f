//! 27.0 NVA Sappers: one-man units that only attack in Assaults, pass the
//! Assault check automatically, take -1 when fired at, are eliminated (no
//! marker, no VP) by KIA, WIA or Broken and unhurt by S or S?, leave play
//! after their first attack, and destroy a Bunker when they hit a unit in
//! it. The pieces live where the rules act: [`crate::activation`] (assault
//! only), [`crate::assault`] (auto-pass, removal, bunkers),
//! [`crate::fire`] (-1 DRM), [`crate::target_effects`] (results).

use crate::Fte;
use crate::data::Role;
use crate::state::Unit;

impl Fte {
    pub fn is_sapper(&self, u: &Unit) -> bool {
        self.role(u) == Role::Sapper
    }
}
