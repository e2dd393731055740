//! The terminal itself: raw mode, the alternate screen and mouse capture while play lasts,
//! restored on every way out (return, error or panic), showing a canvas, and the loop that runs a
//! [`Screen`] (the game's and the editor's).

use super::canvas::{Canvas, Style};
use super::input::Input;
use crossterm::cursor::{Hide, MoveTo, Show};
use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use crossterm::style::{Attribute, Color, Colors, Print, ResetColor, SetAttribute, SetColors};
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode};
use crossterm::{execute, queue};
use kami_core::level::Rgb;
use std::io::{self, BufWriter, Stdout, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Whether the terminal is in play mode, so that it is restored exactly once: leaving the
/// alternate screen twice would move the cursor back over a panic message printed in between.
static IN_PLAY: AtomicBool = AtomicBool::new(false);

/// What runs in the terminal: it draws itself at any size and acts on input.
pub trait Screen {
    /// Whether the user has quit.
    fn quit(&self) -> bool;
    /// Whether the screen changes without input (a search running beside it).
    fn busy(&self) -> bool;
    /// Takes in what happened without input.
    fn tick(&mut self);
    /// Acts on `input` on a `width × height` screen.
    fn handle(&mut self, input: Input, width: u16, height: u16);
    /// The screen as it should look on a `width × height` terminal.
    fn draw(&self, width: u16, height: u16) -> Canvas;
}

/// The terminal in play mode; dropping it puts the terminal back as it was.
pub struct Terminal {
    out: BufWriter<Stdout>,
}

impl Terminal {
    /// Switches the terminal to play mode.
    pub fn enter() -> io::Result<Terminal> {
        // A panic message printed on the alternate screen would vanish with it: restore first.
        let report = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            report(info);
        }));
        enable_raw_mode()?;
        IN_PLAY.store(true, Ordering::SeqCst);
        let mut terminal = Terminal { out: BufWriter::new(io::stdout()) };
        execute!(terminal.out, EnterAlternateScreen, EnableMouseCapture, Hide)?;
        Ok(terminal)
    }

    /// Shows `screen` and feeds it the user's input until they quit; while it is busy, it is
    /// redrawn ten times a second (a spinner, news from a search).
    pub fn run(&mut self, screen: &mut impl Screen) -> io::Result<()> {
        while !screen.quit() {
            screen.tick();
            // Drawn at the current size on every event, so a resize refits the board.
            let (width, height) = crossterm::terminal::size()?;
            self.show(&screen.draw(width, height))?;
            if screen.busy() && !event::poll(Duration::from_millis(100))? {
                continue;
            }
            if let Some(input) = Input::from_event(event::read()?) {
                screen.handle(input, width, height);
            }
        }
        Ok(())
    }

    /// Draws `canvas` over the whole screen, sending colours only where they change.
    pub fn show(&mut self, canvas: &Canvas) -> io::Result<()> {
        let mut last: Option<Style> = None;
        for y in 0..canvas.height() {
            queue!(self.out, MoveTo(0, y))?;
            for cell in canvas.row(y) {
                if last != Some(cell.style) {
                    let weight = if cell.style.bold { Attribute::Bold } else { Attribute::NormalIntensity };
                    queue!(
                        self.out,
                        SetAttribute(weight),
                        SetColors(Colors::new(colour(cell.style.fg), colour(cell.style.bg)))
                    )?;
                    last = Some(cell.style);
                }
                queue!(self.out, Print(cell.ch))?;
            }
        }
        self.out.flush()
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = self.out.flush();
        restore();
    }
}

/// Leaves play mode if in it; the panic hook and the drop both call it.
fn restore() {
    if !IN_PLAY.swap(false, Ordering::SeqCst) {
        return;
    }
    let _ = execute!(
        io::stdout(),
        SetAttribute(Attribute::Reset),
        ResetColor,
        DisableMouseCapture,
        Show,
        LeaveAlternateScreen
    );
    let _ = disable_raw_mode();
}

fn colour(rgb: Rgb) -> Color {
    Color::Rgb { r: rgb.red, g: rgb.green, b: rgb.blue }
}
