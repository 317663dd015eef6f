//! The tools: what each holds, what it measures (with the same geometry
//! the rules use), and the tool bar.

use super::look::TerrainLook;
use super::{Table, TablePreview, TableTools};
use crate::layout::panel_frame;
use crate::palette;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use vt_core::tabletop::{
    Base, BaseCrossing, Circle, Covers, Eye, Point, Rect, Seen, SightStretch, Template,
    UP_THE_TABLE, bases_crossed, line_of_sight, sight_profile,
};

/// What a press on the table does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tool {
    /// Select a stand (click), move it (drag).
    #[default]
    Move,
    /// Measure: press and drag; from or to a stand it measures edge to edge.
    Tape,
    /// Line of sight from the selected stand (or a pressed point) to the
    /// pointer.
    Sight,
    /// A template under the pointer.
    Template,
}

impl Tool {
    pub const ALL: [Tool; 4] = [Tool::Move, Tool::Tape, Tool::Sight, Tool::Template];

    pub fn label(self) -> &'static str {
        match self {
            Tool::Move => "Move",
            Tool::Tape => "Tape (M)",
            Tool::Sight => "Sight (V)",
            Tool::Template => "Template (B)",
        }
    }
}

/// The templates of the two games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TemplateKind {
    /// A 5" circle (area fire, mortar rounds).
    #[default]
    Blast,
    /// A 4" x 8" napalm strip, laid along the line from the selected stand.
    Napalm,
    /// A 3" x 1.5" smoke screen, across that line.
    Smoke,
    /// A 2" x 2" mine strip.
    Mines,
    /// A 2" x 1/2" strip of wire.
    Wire,
}

impl TemplateKind {
    pub const ALL: [TemplateKind; 5] = [
        TemplateKind::Blast,
        TemplateKind::Napalm,
        TemplateKind::Smoke,
        TemplateKind::Mines,
        TemplateKind::Wire,
    ];

    pub fn label(self) -> &'static str {
        match self {
            TemplateKind::Blast => "5\" blast",
            TemplateKind::Napalm => "napalm 4x8\"",
            TemplateKind::Smoke => "smoke 3x1.5\"",
            TemplateKind::Mines => "mines 2x2\"",
            TemplateKind::Wire => "wire 2x\u{bd}\"",
        }
    }

    pub fn look(self) -> TerrainLook {
        match self {
            TemplateKind::Blast => TerrainLook::Blast,
            TemplateKind::Napalm => TerrainLook::Napalm,
            TemplateKind::Smoke => TerrainLook::Smoke,
            TemplateKind::Mines => TerrainLook::Mines,
            TemplateKind::Wire => TerrainLook::Wire,
        }
    }

    /// The template centred at `at`, its long side along `along`.
    pub fn at(self, at: Point, along: Point) -> Template {
        let d = along.normalized().unwrap_or(UP_THE_TABLE);
        match self {
            TemplateKind::Blast => Circle::of_diameter(at, 5.0).into(),
            TemplateKind::Napalm => Rect::new(at, 4.0, 8.0, d).into(),
            // Across the line: 3" wide, 1.5" along it.
            TemplateKind::Smoke => Rect::new(at, 3.0, 1.5, d).into(),
            TemplateKind::Mines => Rect::new(at, 2.0, 2.0, d).into(),
            TemplateKind::Wire => Rect::new(at, 0.5, 2.0, d.perp()).into(),
        }
    }
}

/// A stand being dragged.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StandDrag {
    pub stand: u64,
    /// Where on the base it was picked up, from its centre.
    pub grab: Point,
    /// Where its centre would go (rounded to 1/100").
    pub to: Point,
}

/// A measuring tape.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tape {
    pub from: Point,
    pub from_stand: Option<u64>,
    pub to: Point,
    pub to_stand: Option<u64>,
    /// Still being dragged.
    pub live: bool,
}

/// A line of sight being looked along.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SightLine {
    pub from: Point,
    pub from_stand: Option<u64>,
    pub to: Point,
    pub live: bool,
}

impl TableTools {
    /// The template the template tool shows now: at the pointer, along the
    /// line from the selected stand (or turned by R).
    pub fn template_now(&self, table: &Table) -> Option<Template> {
        let at = self.pointer?;
        let along = self
            .selected
            .and_then(|k| table.stand(k))
            .and_then(|s| (at - s.base.centre()).normalized())
            .unwrap_or_else(|| {
                vt_core::tabletop::heading(
                    UP_THE_TABLE,
                    vt_core::tabletop::Direction::Degrees(self.turn),
                )
            });
        Some(self.template.at(at, along))
    }

    /// The sight line shown now: the one pressed out, else from the
    /// selected stand to the pointer.
    pub fn sight_now(&self, table: &Table) -> Option<SightLine> {
        if self.sight.is_some() {
            return self.sight;
        }
        let s = table.stand(self.selected?)?;
        Some(SightLine {
            from: s.base.centre(),
            from_stand: Some(s.key),
            to: self.pointer?,
            live: true,
        })
    }
}

/// What the tape reads.
#[derive(Clone, Debug, PartialEq)]
pub struct TapeReading {
    /// Inches, edge to edge where it starts or ends on a stand.
    pub inches: f64,
    pub edge_to_edge: bool,
}

pub fn read_tape(t: &Tape, table: &Table) -> TapeReading {
    let base = |k: Option<u64>| k.and_then(|k| table.stand(k)).map(|s| s.base);
    let (a, b) = (base(t.from_stand), base(t.to_stand));
    let inches = match (a, b) {
        (Some(a), Some(b)) => a.distance_to(&b),
        (Some(a), None) => a.distance_to_point(t.to),
        (None, Some(b)) => b.distance_to_point(t.from),
        (None, None) => t.from.distance(t.to),
    };
    TapeReading {
        inches,
        edge_to_edge: a.is_some() || b.is_some(),
    }
}

/// What the sight tool shows along a line.
#[derive(Clone, Debug, PartialEq)]
pub struct SightReading {
    /// Every stretch of the line: what a stand there would be.
    pub profile: Vec<SightStretch>,
    /// The verdict at the far end (on a stand there, from its own height).
    pub seen: Seen,
    /// In words: "clear", "in cover (jungle)", "blocked by tree line",
    /// "dead ground behind hill".
    pub words: String,
    /// Stands the line passes over (not the two ends').
    pub crossed: Vec<u64>,
    pub length: f64,
}

fn eye_of(table: &Table, at: Point, stand: Option<u64>) -> Eye {
    let h = stand.and_then(|k| table.stand(k)).map_or(0.0, |s| s.eye);
    Eye::standing(at, h, &table.features)
}

pub fn read_sight(line: &SightLine, table: &Table) -> SightReading {
    let rules = SightRulesOf(table);
    let from = eye_of(table, line.from, line.from_stand);
    let to_stand = table
        .stand_at(line.to)
        .filter(|s| Some(s.key) != line.from_stand);
    let to_at = to_stand.map_or(line.to, |s| s.base.centre());
    let to = eye_of(table, to_at, to_stand.map(|s| s.key));
    let profile = sight_profile(from, line.to, 0.0, &table.features, &rules);
    let verdict = line_of_sight(from, to, &table.features, &rules);
    let others: Vec<(u64, Base)> = table
        .stands
        .iter()
        .filter(|s| Some(s.key) != line.from_stand && Some(s.key) != to_stand.map(|t| t.key))
        .map(|s| (s.key, s.base))
        .collect();
    let bases: Vec<Base> = others.iter().map(|o| o.1).collect();
    let crossed: Vec<u64> = bases_crossed(line.from, to_at, &bases)
        .into_iter()
        .map(|c: BaseCrossing| others[c.base].0)
        .collect();
    let name = |i: Option<usize>| {
        i.and_then(|i| table.features.get(i))
            .map_or(String::new(), |f| f.kind.name.clone())
    };
    let words = match verdict.seen {
        Seen::Clear => "clear".to_string(),
        Seen::Cover => {
            let names: Vec<String> = verdict.cover.iter().map(|&i| name(Some(i))).collect();
            format!("in cover ({})", names.join(", "))
        }
        Seen::Blocked => format!("blocked by {}", name(verdict.by)),
        Seen::Dead => format!("dead ground behind {}", name(verdict.by)),
    };
    SightReading {
        profile,
        seen: verdict.seen,
        words,
        crossed,
        length: from.at.distance(to_at),
    }
}

/// The features' own sight rules with the table's dead ground.
pub struct SightRulesOf<'a>(pub &'a Table);

impl vt_core::tabletop::SightRules<super::TerrainInfo> for SightRulesOf<'_> {
    fn rule(&self, k: &super::TerrainInfo) -> vt_core::tabletop::SightRule {
        k.sight
    }
    fn dead_ground(&self) -> vt_core::tabletop::DeadGround {
        self.0.dead()
    }
}

/// How much of each stand a template covers: (stand, fraction, whole).
pub fn coverage(t: &Template, table: &Table) -> Vec<(u64, f64, bool)> {
    table
        .stands
        .iter()
        .map(|s| (s.key, s.base.fraction_under(t), t.covers_whole(&s.base)))
        .filter(|(_, f, _)| *f > 0.0)
        .collect()
}

/// The colour the sight tool gives a verdict.
pub fn seen_colour(s: Seen) -> palette::Rgba {
    match s {
        Seen::Clear => palette::board::LOS_CLEAR,
        Seen::Cover => super::look::colours::LOS_COVER,
        Seen::Blocked => palette::board::LOS_BLOCKED,
        Seen::Dead => super::look::colours::LOS_DEAD,
    }
}

/// The tool bar across the top of the board.
pub fn toolbar(
    mut contexts: EguiContexts,
    mut tools: ResMut<TableTools>,
    preview: Res<TablePreview>,
    table: Res<Table>,
    rect: Res<crate::board::BoardRect>,
    mut insets: ResMut<crate::camera::BoardInsets>,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let ratio = crate::layout::pixels_per_point(ctx, &window);
    // Along the top of the board, right of a plugin's column; the camera
    // fits the table below it.
    let top = rect.0.map_or(egui::pos2(8.0, 8.0), |r| {
        egui::pos2((r.min.x + insets.left) / ratio + 8.0, r.min.y / ratio + 8.0)
    });
    // One width whatever it says, so that its lines wrap alike and its
    // height (the room the table leaves it) stays put.
    let width = rect.0.map_or(560.0, |r| {
        ((r.width() - insets.left - insets.right) / ratio - 40.0).clamp(200.0, 560.0)
    });
    let shown = egui::Area::new(egui::Id::new("vt-table-tools"))
        .fixed_pos(top)
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            panel_frame().show(ui, |ui| {
                ui.set_width(width);
                ui.horizontal(|ui| {
                    for t in Tool::ALL {
                        if ui.selectable_label(tools.tool == t, t.label()).clicked() {
                            tools.tool = if tools.tool == t { Tool::Move } else { t };
                            tools.tape = None;
                            tools.sight = None;
                        }
                    }
                    if tools.tool == Tool::Template {
                        egui::ComboBox::from_id_salt("vt-table-template")
                            .selected_text(tools.template.label())
                            .show_ui(ui, |ui| {
                                for k in TemplateKind::ALL {
                                    ui.selectable_value(&mut tools.template, k, k.label());
                                }
                            });
                    }
                });
                if tools.tool == Tool::Sight {
                    ui.horizontal(|ui| {
                        for (seen, word) in [
                            (Seen::Clear, "clear"),
                            (Seen::Cover, "cover"),
                            (Seen::Blocked, "blocked"),
                            (Seen::Dead, "dead ground"),
                        ] {
                            let t = egui::RichText::new(format!("■ {word}"));
                            ui.label(t.color(seen_colour(seen).ui()));
                        }
                    });
                }
                if let Some(why) = &preview.refusal {
                    ui.label(egui::RichText::new(why).color(palette::ui::BAD.ui()));
                }
                let line = status_line(&tools, &table, &preview);
                if !line.is_empty() {
                    ui.label(egui::RichText::new(line).color(palette::ui::HEADING.ui()));
                }
            });
        });
    // The room it takes only grows while the table is up (the camera
    // would refit with every longer or shorter hint); leaving the game
    // gives it back (draw::leave).
    if let Some(r) = rect.0 {
        let bottom = shown.response.rect.max.y * ratio + 6.0 - r.min.y;
        if bottom > insets.top + 0.5 {
            insets.top = bottom;
        }
    }
    Ok(())
}

/// What the tool bar says under the tools.
pub fn status_line(tools: &TableTools, table: &Table, preview: &TablePreview) -> String {
    match tools.tool {
        Tool::Tape => match &tools.tape {
            Some(t) => {
                let r = read_tape(t, table);
                format!(
                    "{:.1}\"{}",
                    r.inches,
                    if r.edge_to_edge { " edge to edge" } else { "" }
                )
            }
            None => "Press and drag to measure; from a stand, edge to edge.".into(),
        },
        Tool::Sight => match tools.sight_now(table) {
            Some(l) => {
                let r = read_sight(&l, table);
                let over = match r.crossed.len() {
                    0 => String::new(),
                    n => format!(", over {n} stand{}", if n == 1 { "" } else { "s" }),
                };
                format!("{:.1}\": {}{over}", r.length, r.words)
            }
            None => "Select a stand, or press on the table, then point.".into(),
        },
        Tool::Template => match tools.template_now(table) {
            Some(t) => {
                let c = coverage(&t, table);
                let whole = c.iter().filter(|x| x.2).count();
                format!(
                    "{} stand{} under it, {whole} wholly. R turns it.",
                    c.len(),
                    if c.len() == 1 { "" } else { "s" }
                )
            }
            None => String::new(),
        },
        Tool::Move => preview
            .movement
            .as_ref()
            .map(|m| m.note.clone())
            .or_else(|| preview.hint.clone())
            .unwrap_or_default(),
    }
}
