//! The tables viewer: any table of the current game, with the row and the
//! column the last adjudication used highlighted.

use bevy_egui::egui::{self, Color32, RichText};
use vt_core::TableView;
use vt_core::dice::TableCell;

/// Where a table's highlight goes: the index of the highlighted row (into
/// `rows`) and column (into `columns`, 0 being the row labels).
pub fn highlight_of(table: &TableView, cell: Option<&TableCell>) -> (Option<usize>, Option<usize>) {
    let Some(cell) = cell.filter(|c| c.table == table.id) else {
        return (None, None);
    };
    let row = table
        .rows
        .iter()
        .position(|r| r.first().is_some_and(|l| l == &cell.row));
    let col = cell.column.as_ref().and_then(|c| {
        table
            .columns
            .iter()
            .skip(1)
            .position(|h| h == c)
            .map(|i| i + 1)
    });
    (row, col)
}

/// The picker and the selected table. `selected` holds the id of the table
/// shown; `last` is the cell of the most recent adjudication.
pub fn tables_ui(
    ui: &mut egui::Ui,
    tables: &[TableView],
    selected: &mut Option<String>,
    last: Option<&TableCell>,
) {
    if tables.is_empty() {
        ui.weak("This game has no tables to show.");
        return;
    }
    if selected
        .as_ref()
        .is_none_or(|s| tables.iter().all(|t| &t.id != s))
    {
        *selected = Some(tables[0].id.clone());
    }
    let current = selected.clone().unwrap_or_default();
    ui.horizontal(|ui| {
        egui::ComboBox::from_id_salt("vt-table-pick")
            .selected_text(
                tables
                    .iter()
                    .find(|t| t.id == current)
                    .map(|t| t.name.clone())
                    .unwrap_or_default(),
            )
            .show_ui(ui, |ui| {
                for t in tables {
                    ui.selectable_value(selected, Some(t.id.clone()), &t.name);
                }
            });
        if let Some(cell) = last
            && ui
                .button("Last roll")
                .on_hover_text("Show the table the last adjudication used")
                .clicked()
        {
            *selected = Some(cell.table.clone());
        }
    });
    let Some(table) = tables.iter().find(|t| Some(&t.id) == selected.as_ref()) else {
        return;
    };
    if !table.rule.is_empty() {
        ui.weak(format!("Rule {}", table.rule));
    }
    let (hrow, hcol) = highlight_of(table, last);
    egui::ScrollArea::both().id_salt("vt-table").show(ui, |ui| {
        egui::Grid::new(("vt-table-grid", &table.id))
            .striped(true)
            .show(ui, |ui| {
                for (c, h) in table.columns.iter().enumerate() {
                    let t = RichText::new(h).strong();
                    cell(ui, t, Some(c) == hcol && c > 0, false);
                }
                ui.end_row();
                for (r, row) in table.rows.iter().enumerate() {
                    for (c, v) in row.iter().enumerate() {
                        let in_row = Some(r) == hrow;
                        let in_col = Some(c) == hcol && c > 0;
                        let exact = in_row && (in_col || (hcol.is_none() && c > 0));
                        let text = if c == 0 {
                            RichText::new(v).strong()
                        } else {
                            RichText::new(v)
                        };
                        cell(ui, text, in_row || in_col, exact);
                    }
                    ui.end_row();
                }
            });
    });
}

fn cell(ui: &mut egui::Ui, text: RichText, lit: bool, exact: bool) {
    // In the chosen scheme (the colour-blind one too).
    let fill = if exact {
        crate::palette::ui::TABLE_CELL.ui()
    } else if lit {
        crate::palette::ui::TABLE_LINE.ui()
    } else {
        Color32::TRANSPARENT
    };
    egui::Frame::NONE
        .fill(fill)
        .inner_margin(egui::Margin::symmetric(4, 1))
        .show(ui, |ui| {
            ui.label(if exact {
                text.color(Color32::BLACK)
            } else {
                text
            });
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> TableView {
        TableView {
            id: "fire".into(),
            name: "Fire table".into(),
            rule: "7.4".into(),
            columns: vec!["Roll".into(), "1".into(), "2".into()],
            rows: vec![
                vec!["1-3".into(), "miss".into(), "miss".into()],
                vec!["4-6".into(), "hit".into(), "kill".into()],
            ],
        }
    }

    #[test]
    fn highlight_finds_row_and_column() {
        let t = table();
        let c = TableCell {
            table: "fire".into(),
            row: "4-6".into(),
            column: Some("2".into()),
        };
        assert_eq!(highlight_of(&t, Some(&c)), (Some(1), Some(2)));
        let other = TableCell {
            table: "morale".into(),
            ..c.clone()
        };
        assert_eq!(highlight_of(&t, Some(&other)), (None, None));
        let row_only = TableCell { column: None, ..c };
        assert_eq!(highlight_of(&t, Some(&row_only)), (Some(1), None));
    }
}
