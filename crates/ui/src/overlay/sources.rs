//! "Sources and assumptions": every data value of the current game whose
//! provenance is Assumed or Derived, with the reason, so a player can check
//! it against the rulebook or change it in `assets/`.

use bevy_egui::egui::{self, RichText};
use vt_core::provenance::{Provenance, SourceNote};

/// The notes that pass the filter (case-insensitive, on any column).
pub fn filtered<'a>(notes: &'a [SourceNote], filter: &str) -> Vec<&'a SourceNote> {
    let f = filter.to_lowercase();
    notes
        .iter()
        .filter(|n| {
            f.is_empty()
                || n.file.to_lowercase().contains(&f)
                || n.item.to_lowercase().contains(&f)
                || n.value.to_lowercase().contains(&f)
                || n.source.detail().to_lowercase().contains(&f)
        })
        .collect()
}

pub fn sources_ui(ui: &mut egui::Ui, notes: &[SourceNote], filter: &mut String) {
    let assumed = notes
        .iter()
        .filter(|n| matches!(n.source, Provenance::Assumed(_)))
        .count();
    ui.label(format!(
        "{} values not printed in the rulebook: {} assumed, {} derived from examples. Edit the file under assets/ to change one.",
        notes.len(),
        assumed,
        notes.len() - assumed
    ));
    ui.horizontal(|ui| {
        ui.label("Filter");
        ui.text_edit_singleline(filter);
    });
    let shown = filtered(notes, filter);
    egui::ScrollArea::both()
        .id_salt("vt-sources")
        .show(ui, |ui| {
            egui::Grid::new("vt-sources-grid")
                .striped(true)
                .num_columns(5)
                .show(ui, |ui| {
                    for h in ["File", "Item", "Value", "Source", "Reason"] {
                        ui.label(RichText::new(h).strong());
                    }
                    ui.end_row();
                    for n in shown {
                        ui.monospace(&n.file);
                        ui.label(&n.item);
                        ui.label(&n.value);
                        let color = match n.source {
                            Provenance::Assumed(_) => crate::palette::ui::ASSUMED.ui(),
                            Provenance::Derived(_) => crate::palette::ui::DERIVED.ui(),
                            Provenance::Rulebook(_) => crate::palette::GRAY.ui(),
                        };
                        ui.colored_label(color, n.source.kind());
                        ui.label(n.source.detail());
                        ui.end_row();
                    }
                });
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filter_matches_any_column() {
        let notes = vec![
            SourceNote {
                file: "csar/tables.ron".into(),
                item: "Rescue table, roll 9".into(),
                value: "2".into(),
                source: Provenance::Assumed("row cut in the scan".into()),
            },
            SourceNote {
                file: "fte/units.ron".into(),
                item: "Rifle squad morale".into(),
                value: "7".into(),
                source: Provenance::Derived("assault example, 8.0".into()),
            },
        ];
        assert_eq!(filtered(&notes, "").len(), 2);
        assert_eq!(filtered(&notes, "SCAN").len(), 1);
        assert_eq!(filtered(&notes, "fte/").len(), 1);
        assert_eq!(filtered(&notes, "morale")[0].value, "7");
        assert!(filtered(&notes, "nothing like it").is_empty());
    }
}
