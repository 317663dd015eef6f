//! The card widget of the card-driven games: cards face up with a banner,
//! title, lines and footer, lit when they can be played and lifted when
//! selected; groups of cards (a hand, a reserve, the cards on a unit); a
//! face-down deck with its count and a discard pile; and dragging a card
//! onto something (the board, another group).
//!
//! Cards are named by a key of the game's own (`K`, a card number or the
//! plugin's "thing" type); a frame's clicks, drops and where each card was
//! drawn come back in [`CardEvents`].

use crate::palette::{self, Rgba};
use bevy_egui::egui::{
    self, Align2, FontId, Pos2, RichText, Sense, Stroke, StrokeKind, pos2, vec2,
};

/// A card's size in the widget.
pub const CARD: egui::Vec2 = vec2(70.0, 98.0);

/// One card face up.
#[derive(Clone, Debug, PartialEq)]
pub struct CardFace {
    pub title: String,
    /// The band across the top: what kind of card it is.
    pub banner: Rgba,
    /// Short lines under the title.
    pub lines: Vec<String>,
    /// A line at the foot (where it is, what it is on).
    pub footer: String,
    /// Shown on hover: what the card does.
    pub tooltip: String,
    /// It can be clicked now (a legal play).
    pub lit: bool,
    /// It is selected (part of a command being put together).
    pub selected: bool,
    /// It can be dragged.
    pub draggable: bool,
}

impl Default for CardFace {
    fn default() -> Self {
        CardFace {
            title: String::new(),
            banner: palette::cards::BANNER_ACTION,
            lines: Vec::new(),
            footer: String::new(),
            tooltip: String::new(),
            lit: false,
            selected: false,
            draggable: false,
        }
    }
}

impl CardFace {
    pub fn new(title: impl Into<String>, banner: Rgba) -> Self {
        CardFace {
            title: title.into(),
            banner,
            ..Default::default()
        }
    }
}

/// A card being dragged, kept between frames.
#[derive(Clone, Debug)]
pub struct CardDrag<K> {
    pub dragging: Option<(K, CardFace)>,
}

impl<K> Default for CardDrag<K> {
    fn default() -> Self {
        CardDrag { dragging: None }
    }
}

/// What the player did with the cards this frame.
#[derive(Clone, Debug)]
pub struct CardEvents<K> {
    pub clicked: Vec<K>,
    /// A card let go at this point (egui points).
    pub dropped: Option<(K, Pos2)>,
    /// Where each card was drawn (centres, egui points), for tools that
    /// drive the app from outside.
    pub shown: Vec<(K, Pos2)>,
}

impl<K> Default for CardEvents<K> {
    fn default() -> Self {
        CardEvents {
            clicked: Vec::new(),
            dropped: None,
            shown: Vec::new(),
        }
    }
}

/// How far a selected card rises out of its row.
const LIFT: f32 = 8.0;

/// Paints one card face up; returns its response (click and drag).
pub fn card_ui(ui: &mut egui::Ui, f: &CardFace) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(CARD, Sense::click_and_drag());
    let lift = if f.selected {
        -LIFT
    } else if response.hovered() {
        -3.0
    } else {
        0.0
    };
    let rect = rect.translate(vec2(0.0, lift));
    let p = ui.painter();
    let border = if f.selected {
        Stroke::new(3.0, palette::board::SELECTED.ui())
    } else if f.lit {
        Stroke::new(3.0, palette::board::LIT.alpha(255).ui())
    } else {
        Stroke::new(1.0, palette::cards::EDGE.ui())
    };
    let paper = if f.lit || f.selected {
        palette::cards::FACE
    } else {
        palette::cards::FACE_DIM
    };
    p.rect(rect, 5.0, paper.ui(), border, StrokeKind::Inside);
    let banner =
        egui::Rect::from_min_size(rect.min + vec2(3.0, 3.0), vec2(rect.width() - 6.0, 7.0));
    p.rect_filled(banner, 2.0, f.banner.ui());
    let room = rect.width() - 8.0;
    let title = p.layout(
        f.title.clone(),
        FontId::proportional(title_size(ui, &f.title, room)),
        palette::cards::TITLE.ui(),
        room,
    );
    let title_h = title.size().y;
    p.galley(rect.min + vec2(4.0, 13.0), title, palette::BLACK.ui());
    let mut y = rect.min.y + 15.0 + title_h;
    for l in &f.lines {
        let g = p.layout(
            l.clone(),
            FontId::proportional(9.5),
            palette::cards::LINE.ui(),
            rect.width() - 8.0,
        );
        let h = g.size().y;
        p.galley(pos2(rect.min.x + 4.0, y), g, palette::BLACK.ui());
        y += h + 1.0;
    }
    if !f.footer.is_empty() {
        p.text(
            pos2(rect.center().x, rect.max.y - 9.0),
            Align2::CENTER_CENTER,
            &f.footer,
            FontId::proportional(10.0),
            palette::cards::FOOTER.ui(),
        );
    }
    if f.tooltip.is_empty() {
        response
    } else {
        response.on_hover_text(&f.tooltip)
    }
}

/// The title's font size: 12, or smaller until its longest word fits the
/// card's width, so a title wraps between words ("King Coordination"
/// wrapped to "King Coordinati / on").
fn title_size(ui: &egui::Ui, title: &str, room: f32) -> f32 {
    let widest = |size: f32| {
        title
            .split_whitespace()
            .map(|w| {
                ui.painter()
                    .layout_no_wrap(
                        w.to_string(),
                        FontId::proportional(size),
                        egui::Color32::WHITE,
                    )
                    .size()
                    .x
            })
            .fold(0.0, f32::max)
    };
    let mut size = 12.0;
    while size > 8.0 && widest(size) > room {
        size -= 0.5;
    }
    size
}

/// A card face down (a deck, a card not yet turned up).
pub fn face_down(ui: &mut egui::Ui, size: egui::Vec2) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(size, Sense::click());
    let p = ui.painter();
    p.rect(
        rect,
        size.x * 0.08,
        palette::cards::BACK.ui(),
        Stroke::new(1.5, palette::cards::BACK_EDGE.ui()),
        StrokeKind::Inside,
    );
    let inner = rect.shrink(size.x * 0.12);
    let line = Stroke::new(1.0, palette::cards::BACK_LINE.ui());
    p.rect_stroke(inner, 3.0, line, StrokeKind::Inside);
    p.line_segment([inner.left_top(), inner.right_bottom()], line);
    p.line_segment([inner.right_top(), inner.left_bottom()], line);
    response
}

/// An empty place for a card, with a word in it.
pub fn empty_slot(ui: &mut egui::Ui, text: &str) -> egui::Response {
    let (rect, r) = ui.allocate_exact_size(CARD, Sense::hover());
    ui.painter().rect_stroke(
        rect,
        5.0,
        Stroke::new(1.0, palette::cards::SLOT.ui()),
        StrokeKind::Inside,
    );
    ui.painter().text(
        rect.center(),
        Align2::CENTER_CENTER,
        text,
        FontId::proportional(10.0),
        palette::GRAY.ui(),
    );
    r
}

/// A titled row of cards; clicks, drags and drops go to `events`. Returns
/// the group's rectangle (to drop cards on it).
pub fn card_group<K: Copy>(
    ui: &mut egui::Ui,
    title: impl Into<String>,
    faces: Vec<(K, CardFace)>,
    empty: &str,
    drag: &mut CardDrag<K>,
    events: &mut CardEvents<K>,
) -> egui::Rect {
    ui.vertical(|ui| {
        // On one line even where the row has scrolled to its end (it was
        // drawn a letter a line there).
        ui.add(egui::Label::new(RichText::new(title).small().strong()).extend());
        // Room for a selected card to rise into: it covered the title.
        ui.add_space(LIFT - ui.spacing().item_spacing.y);
        ui.horizontal(|ui| {
            if faces.is_empty() {
                empty_slot(ui, empty);
            }
            for (k, f) in faces {
                let r = card_ui(ui, &f);
                if ui.clip_rect().contains(r.rect.center()) {
                    events.shown.push((k, r.rect.center()));
                }
                if r.clicked() {
                    events.clicked.push(k);
                }
                if !f.draggable {
                    continue;
                }
                if r.drag_started() {
                    drag.dragging = Some((k, f.clone()));
                }
                if r.drag_stopped()
                    && drag.dragging.is_some()
                    && let Some(p) = ui.ctx().pointer_latest_pos()
                    && let Some((k, _)) = drag.dragging.take()
                {
                    events.dropped = Some((k, p));
                }
            }
        });
    })
    .response
    .rect
}

/// A face-down deck with the number of cards left; clicking it gives
/// `true` when there is a card to draw.
pub fn deck_ui(ui: &mut egui::Ui, title: &str, count: usize) -> bool {
    ui.vertical(|ui| {
        ui.add(
            egui::Label::new(RichText::new(format!("{title} ({count})")).small().strong()).extend(),
        );
        if count > 0 {
            face_down(ui, CARD)
                .on_hover_text(format!("{count} cards face down"))
                .clicked()
        } else {
            empty_slot(ui, "empty");
            false
        }
    })
    .inner
}

/// A discard pile: its top card, the rest on hover (newest first).
pub fn discard_ui(ui: &mut egui::Ui, title: &str, pile: &[CardFace]) {
    ui.vertical(|ui| {
        ui.label(
            RichText::new(format!("{title} ({})", pile.len()))
                .small()
                .strong(),
        );
        match pile.last() {
            Some(top) => {
                let all: Vec<&str> = pile.iter().rev().map(|c| c.title.as_str()).collect();
                card_ui(ui, top).on_hover_text(format!("Newest first: {}", all.join(", ")));
            }
            None => {
                empty_slot(ui, "none");
            }
        }
    });
}

/// Draws the card being dragged at the pointer; forgets it once no button
/// is down.
pub fn drag_ghost<K>(ctx: &egui::Context, drag: &mut CardDrag<K>) {
    let Some((_, face)) = &drag.dragging else {
        return;
    };
    if let Some(p) = ctx.pointer_latest_pos() {
        let face = CardFace {
            selected: true,
            tooltip: String::new(),
            ..face.clone()
        };
        egui::Area::new(egui::Id::new("vt-card-drag"))
            .fixed_pos(p - CARD / 2.0)
            .order(egui::Order::Tooltip)
            .interactable(false)
            .show(ctx, |ui| {
                card_ui(ui, &face);
            });
    }
    if !ctx.input(|i| i.pointer.any_down()) {
        drag.dragging = None;
    }
}
