//! What the player did, independent of the terminal library: keys, arrows and clicks.

use super::cursor::Direction;
use crossterm::event::{Event, KeyCode, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind};

/// One thing the player did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// A character key, space included; letters in lower case, so that Shift or Caps Lock make
    /// no difference.
    Char(char),
    /// A character key with Ctrl held (letters in lower case too).
    Ctrl(char),
    /// An arrow key.
    Arrow(Direction),
    /// Page Up.
    PageUp,
    /// Page Down.
    PageDown,
    /// Home.
    Home,
    /// End.
    End,
    /// Enter.
    Enter,
    /// Escape.
    Escape,
    /// The left mouse button pressed on a cell, counted from the top-left at 0.
    Click { x: u16, y: u16 },
    /// The mouse moved onto a cell with the left button held (the editor paints along it).
    Drag { x: u16, y: u16 },
    /// The left mouse button let go.
    Release,
}

impl Input {
    /// The input a terminal event means; `None` for events nobody uses (key releases, moves
    /// without a button, resizes: the screen is redrawn at its new size after any event).
    pub fn from_event(event: Event) -> Option<Input> {
        match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => match key.code {
                KeyCode::Char(c) if key.modifiers.contains(KeyModifiers::CONTROL) => {
                    Some(Input::Ctrl(c.to_ascii_lowercase()))
                }
                KeyCode::Char(c) => Some(Input::Char(c.to_ascii_lowercase())),
                KeyCode::Up => Some(Input::Arrow(Direction::Up)),
                KeyCode::Down => Some(Input::Arrow(Direction::Down)),
                KeyCode::Left => Some(Input::Arrow(Direction::Left)),
                KeyCode::Right => Some(Input::Arrow(Direction::Right)),
                KeyCode::PageUp => Some(Input::PageUp),
                KeyCode::PageDown => Some(Input::PageDown),
                KeyCode::Home => Some(Input::Home),
                KeyCode::End => Some(Input::End),
                KeyCode::Enter => Some(Input::Enter),
                KeyCode::Esc => Some(Input::Escape),
                _ => None,
            },
            Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
                Some(Input::Click { x: mouse.column, y: mouse.row })
            }
            Event::Mouse(mouse) if mouse.kind == MouseEventKind::Drag(MouseButton::Left) => {
                Some(Input::Drag { x: mouse.column, y: mouse.row })
            }
            Event::Mouse(mouse) if mouse.kind == MouseEventKind::Up(MouseButton::Left) => Some(Input::Release),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{KeyEvent, MouseEvent};

    #[test]
    fn keys_and_left_clicks_become_inputs() {
        let key = |code, modifiers| Input::from_event(Event::Key(KeyEvent::new(code, modifiers)));
        assert_eq!(key(KeyCode::Char('r'), KeyModifiers::CONTROL), Some(Input::Ctrl('r')));
        assert_eq!(key(KeyCode::Char('r'), KeyModifiers::NONE), Some(Input::Char('r')));
        // Shift or Caps Lock: the same key.
        assert_eq!(key(KeyCode::Char('Q'), KeyModifiers::SHIFT), Some(Input::Char('q')));
        assert_eq!(key(KeyCode::Char('U'), KeyModifiers::NONE), Some(Input::Char('u')));
        assert_eq!(key(KeyCode::Char('R'), KeyModifiers::CONTROL | KeyModifiers::SHIFT), Some(Input::Ctrl('r')));
        assert_eq!(key(KeyCode::Char('2'), KeyModifiers::NONE), Some(Input::Char('2')));
        assert_eq!(key(KeyCode::PageDown, KeyModifiers::NONE), Some(Input::PageDown));
        assert_eq!(key(KeyCode::Home, KeyModifiers::NONE), Some(Input::Home));
        assert_eq!(key(KeyCode::Left, KeyModifiers::NONE), Some(Input::Arrow(Direction::Left)));
        assert_eq!(key(KeyCode::F(1), KeyModifiers::NONE), None);
        let mouse = |kind| {
            Input::from_event(Event::Mouse(MouseEvent { kind, column: 7, row: 3, modifiers: KeyModifiers::NONE }))
        };
        assert_eq!(mouse(MouseEventKind::Down(MouseButton::Left)), Some(Input::Click { x: 7, y: 3 }));
        assert_eq!(mouse(MouseEventKind::Up(MouseButton::Left)), Some(Input::Release));
        assert_eq!(mouse(MouseEventKind::Drag(MouseButton::Left)), Some(Input::Drag { x: 7, y: 3 }));
        assert_eq!(mouse(MouseEventKind::Moved), None);
        assert_eq!(mouse(MouseEventKind::Down(MouseButton::Right)), None);
        assert_eq!(Input::from_event(Event::Resize(80, 24)), None);
    }
}
