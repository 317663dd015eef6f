//! The card widget for the card-driven games: a hand, a reserve, a face-down
//! deck with its count, and the discard pile.

use bevy_egui::egui::{self, Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, vec2};

/// One card as the widget shows it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CardFace {
    pub title: String,
    /// A short line under the title (a number, a suit, a cost).
    pub subtitle: String,
    /// Shown on hover: what the card does and its state.
    pub tooltip: String,
    /// Draw it lit (a legal play).
    pub playable: bool,
}

impl CardFace {
    pub fn new(title: impl Into<String>) -> Self {
        CardFace {
            title: title.into(),
            ..Default::default()
        }
    }
}

/// Which zone a card is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zone {
    Hand,
    Reserve,
    Deck,
    Discard,
}

/// The cards one side may see.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CardZones {
    pub hand: Vec<CardFace>,
    pub reserve: Vec<CardFace>,
    /// Face-down cards left to draw.
    pub deck_count: usize,
    /// The discard pile, top card last.
    pub discard: Vec<CardFace>,
}

/// A click on a card (or on the deck, `index` 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardClick {
    pub zone: Zone,
    pub index: usize,
}

pub const CARD_SIZE: egui::Vec2 = vec2(84.0, 118.0);

/// Draws the zones on two rows; returns the card clicked, if any.
pub fn cards_ui(ui: &mut egui::Ui, zones: &CardZones) -> Option<CardClick> {
    let mut clicked = None;
    ui.horizontal(|ui| {
        ui.vertical(|ui| {
            ui.label(format!("Hand ({})", zones.hand.len()));
            ui.horizontal(|ui| {
                for (i, c) in zones.hand.iter().enumerate() {
                    if card(ui, Some(c)).clicked() {
                        clicked = Some(CardClick {
                            zone: Zone::Hand,
                            index: i,
                        });
                    }
                }
            });
        });
        if !zones.reserve.is_empty() {
            ui.separator();
            ui.vertical(|ui| {
                ui.label(format!("Reserve ({})", zones.reserve.len()));
                ui.horizontal(|ui| {
                    for (i, c) in zones.reserve.iter().enumerate() {
                        if card(ui, Some(c)).clicked() {
                            clicked = Some(CardClick {
                                zone: Zone::Reserve,
                                index: i,
                            });
                        }
                    }
                });
            });
        }
        ui.separator();
        ui.vertical(|ui| {
            ui.label(format!("Deck ({})", zones.deck_count));
            let r = if zones.deck_count > 0 {
                card(ui, None).on_hover_text(format!("{} cards face down", zones.deck_count))
            } else {
                empty_slot(ui).on_hover_text("The deck is empty")
            };
            if r.clicked() && zones.deck_count > 0 {
                clicked = Some(CardClick {
                    zone: Zone::Deck,
                    index: 0,
                });
            }
        });
        ui.vertical(|ui| {
            ui.label(format!("Discard ({})", zones.discard.len()));
            match zones.discard.last() {
                Some(top) => {
                    let all: Vec<&str> = zones
                        .discard
                        .iter()
                        .rev()
                        .map(|c| c.title.as_str())
                        .collect();
                    if card(ui, Some(top))
                        .on_hover_text(format!("Newest first: {}", all.join(", ")))
                        .clicked()
                    {
                        clicked = Some(CardClick {
                            zone: Zone::Discard,
                            index: zones.discard.len() - 1,
                        });
                    }
                }
                None => {
                    empty_slot(ui).on_hover_text("Nothing discarded yet");
                }
            }
        });
    });
    clicked
}

fn empty_slot(ui: &mut egui::Ui) -> egui::Response {
    let (rect, r) = ui.allocate_exact_size(CARD_SIZE, Sense::hover());
    ui.painter().rect_stroke(
        rect,
        6.0,
        Stroke::new(1.0, Color32::DARK_GRAY),
        StrokeKind::Inside,
    );
    r
}

/// One card: face up with its title, or face down (`None`).
pub fn card(ui: &mut egui::Ui, face: Option<&CardFace>) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(CARD_SIZE, Sense::click());
    let hovered = response.hovered();
    let p = ui.painter();
    match face {
        None => {
            p.rect(
                rect,
                6.0,
                Color32::from_rgb(40, 62, 44),
                Stroke::new(2.0, Color32::from_rgb(200, 190, 150)),
                StrokeKind::Inside,
            );
            let inner = rect.shrink(10.0);
            p.rect_stroke(
                inner,
                4.0,
                Stroke::new(1.0, Color32::from_rgb(120, 140, 110)),
                StrokeKind::Inside,
            );
            p.line_segment(
                [inner.left_top(), inner.right_bottom()],
                Stroke::new(1.0, Color32::from_rgb(90, 110, 80)),
            );
            p.line_segment(
                [inner.right_top(), inner.left_bottom()],
                Stroke::new(1.0, Color32::from_rgb(90, 110, 80)),
            );
            response
        }
        Some(c) => {
            let border = if c.playable {
                Color32::from_rgb(240, 200, 60)
            } else {
                Color32::from_rgb(90, 90, 90)
            };
            let lift = if hovered { -4.0 } else { 0.0 };
            let rect = rect.translate(vec2(0.0, lift));
            p.rect(
                rect,
                6.0,
                Color32::from_rgb(236, 230, 212),
                Stroke::new(if c.playable { 3.0 } else { 1.5 }, border),
                StrokeKind::Inside,
            );
            let title_rect =
                Rect::from_min_size(rect.min + vec2(6.0, 6.0), vec2(rect.width() - 12.0, 40.0));
            let galley = ui.painter().layout(
                c.title.clone(),
                FontId::proportional(12.0),
                Color32::from_rgb(20, 20, 20),
                title_rect.width(),
            );
            p.galley(title_rect.min, galley, Color32::BLACK);
            if !c.subtitle.is_empty() {
                p.text(
                    Pos2::new(rect.center().x, rect.bottom() - 14.0),
                    Align2::CENTER_CENTER,
                    &c.subtitle,
                    FontId::proportional(11.0),
                    Color32::from_rgb(70, 60, 40),
                );
            }
            if c.tooltip.is_empty() {
                response
            } else {
                response.on_hover_text(&c.tooltip)
            }
        }
    }
}
