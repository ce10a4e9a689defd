//! The styles of the board and panel. Without colour (`NO_COLOR`) only modifiers are
//! used, and whatever colour alone would tell gets a character as well: highlighted
//! digits are bracketed (`[5]`) or, where a cell has no room, shown in reverse video;
//! a cell whose marks leave out its digit ends in `!`.

use ratatui::style::{Color, Modifier, Style};

/// The styles of the board and panel; without colour only modifiers are used.
#[derive(Clone, Copy, Debug)]
pub struct Palette {
    /// Whether colours are used (`NO_COLOR` unset).
    pub color: bool,
}

impl Palette {
    fn pick(self, colored: Style, plain: Style) -> Style {
        if self.color {
            colored
        } else {
            plain
        }
    }

    /// Grid lines.
    pub fn lines(self) -> Style {
        self.pick(Style::new().fg(Color::Gray), Style::new())
    }

    /// A given digit.
    pub fn given(self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// A placed digit.
    pub fn placed(self) -> Style {
        self.pick(Style::new().fg(Color::Cyan), Style::new())
    }

    /// The player's pencil marks.
    pub fn marks(self) -> Style {
        self.pick(
            Style::new().fg(Color::Gray),
            Style::new().add_modifier(Modifier::DIM),
        )
    }

    /// Auto candidates where the player has no marks: dimmer than the player's own.
    pub fn auto(self) -> Style {
        self.pick(
            Style::new().fg(Color::DarkGray),
            Style::new().add_modifier(Modifier::DIM),
        )
    }

    /// A digit marked by a check, or marks that leave out the cell's digit.
    pub fn flagged(self) -> Style {
        self.pick(
            Style::new()
                .fg(Color::Red)
                .add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
        )
    }

    /// The highlighted digit, placed or pencilled (patched over the cell's style).
    pub fn highlight(self) -> Style {
        self.pick(
            Style::new()
                .fg(Color::Black)
                .bg(Color::Yellow)
                .add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }

    /// Whether highlights need brackets or reverse video (no colour to show them).
    pub fn plain(self) -> bool {
        !self.color
    }

    /// Cells of diagonals, extra houses, and the selected cell's honeycomb lines.
    pub fn tint(self) -> Style {
        self.pick(Style::new().bg(Color::Indexed(236)), Style::new())
    }

    /// Messages that report a problem.
    pub fn error(self) -> Style {
        self.pick(
            Style::new().fg(Color::Red),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }

    /// Messages that report success.
    pub fn good(self) -> Style {
        self.pick(
            Style::new().fg(Color::Green),
            Style::new().add_modifier(Modifier::BOLD),
        )
    }
}
