//! Terminal play as a whole: the menu or a game on screen, the session's results, and quitting.

use super::canvas::Canvas;
use super::cursor::Direction;
use super::game_screen::GameScreen;
use super::input::Input;
use super::look::{DEFAULT_THEME, Look};
use super::menu::Menu;
use kami_core::catalogue::Catalogue;
use kami_core::game::Status;
use kami_core::level::Level;
use kami_core::progress::Progress;
use std::sync::Arc;

/// The state of a terminal session.
pub struct App<'c> {
    catalogue: &'c Catalogue,
    menu: Menu<'c>,
    /// The game on screen; the menu when `None`.
    game: Option<GameScreen>,
    /// Best results this session, shown in the menu.
    progress: Progress,
    quit: bool,
}

impl<'c> App<'c> {
    /// Starts on the menu of `catalogue`, or playing `level` if given.
    pub fn new(catalogue: &'c Catalogue, level: Option<Arc<Level>>) -> App<'c> {
        let mut app =
            App { catalogue, menu: Menu::new(catalogue), game: None, progress: Progress::default(), quit: false };
        if let Some(level) = level {
            app.menu.select(level.id(), false);
            app.start(level);
        }
        app
    }

    /// Whether the player has quit.
    pub fn quit(&self) -> bool {
        self.quit
    }

    /// Acts on `input` on a `width × height` screen.
    pub fn handle(&mut self, input: Input, width: u16, height: u16) {
        if matches!(input, Input::Char('q') | Input::Ctrl('c')) {
            self.quit = true;
            return;
        }
        match &mut self.game {
            Some(game) => {
                let finished = game.game().status().is_finished();
                match input {
                    Input::Char('m') | Input::Escape => self.back_to_menu(),
                    Input::Enter if finished => self.back_to_menu(),
                    _ => {
                        game.handle(input, width, height);
                        self.progress.record(self.catalogue, game.game());
                    }
                }
            }
            None => match input {
                Input::Arrow(Direction::Up) => self.menu.move_by(-1),
                Input::Arrow(Direction::Down) => self.menu.move_by(1),
                Input::PageUp => self.menu.page(-1, height),
                Input::PageDown => self.menu.page(1, height),
                Input::Home => self.menu.first(),
                Input::End => self.menu.last(),
                Input::Enter | Input::Char(' ') => {
                    if let Some(level) = self.menu.selected() {
                        self.start(Arc::clone(level));
                    }
                }
                Input::Click { y, .. } => {
                    if let Some(level) = self.menu.click(y, height) {
                        self.start(Arc::clone(level));
                    }
                }
                Input::Escape => self.quit = true,
                _ => {}
            },
        }
    }

    /// The screen as it should look on a `width × height` terminal.
    pub fn draw(&self, width: u16, height: u16) -> Canvas {
        let look = self.game.as_ref().map_or_else(|| Look::new(&self.menu.theme()), GameScreen::look);
        let mut canvas = Canvas::new(width, height, look.plain);
        match &self.game {
            Some(game) => game.draw(&mut canvas),
            None => self.menu.draw(&mut canvas, &self.progress),
        }
        canvas
    }

    fn start(&mut self, level: Arc<Level>) {
        let pack = self.catalogue.packs().iter().find(|p| p.levels.iter().any(|l| l.id() == level.id()));
        self.game = Some(GameScreen::new(level, pack.map_or(&DEFAULT_THEME, |p| &p.theme)));
    }

    /// Back to the menu, with the next level selected after a win and this one otherwise.
    fn back_to_menu(&mut self) {
        if let Some(game) = self.game.take() {
            let won = matches!(game.game().status(), Status::Won(_));
            self.menu.select(game.game().level().id(), won);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::fixtures::catalogue;
    use kami_core::level_file::parse_level;

    fn screen(app: &App) -> String {
        let canvas = app.draw(80, 24);
        (0..24).map(|y| canvas.line(y) + "\n").collect()
    }

    #[test]
    fn pick_a_level_win_it_and_come_back_for_the_next() {
        let c = catalogue(&[2]);
        let mut app = App::new(&c, None);
        assert!(screen(&app).contains("choose a level"));
        // The strip is colours 0 and 1: colour key 2 on tile 0 wins in one move.
        for input in [Input::Enter, Input::Char('2'), Input::Char(' ')] {
            app.handle(input, 80, 24);
        }
        assert!(screen(&app).contains("★ PERFECT"), "{}", screen(&app));
        app.handle(Input::Enter, 80, 24);
        let menu = screen(&app);
        assert!(menu.contains("★ perfect in 1") && menu.contains("1 of 2 won"), "{menu}");
        assert_eq!(app.menu.selected().map(|l| l.id()), Some("p0/l1"));
        app.handle(Input::Char('q'), 80, 24);
        assert!(app.quit());
    }

    #[test]
    fn enter_plays_on_until_the_game_is_over_and_m_leaves_at_any_time() {
        let c = catalogue(&[2]);
        let mut app = App::new(&c, None);
        app.handle(Input::Arrow(Direction::Down), 80, 24);
        app.handle(Input::Enter, 80, 24);
        app.handle(Input::Enter, 80, 24);
        assert!(app.game.is_some(), "Enter during play does not leave the game");
        app.handle(Input::Char('m'), 80, 24);
        assert!(app.game.is_none());
        assert_eq!(app.menu.selected().map(|l| l.id()), Some("p0/l1"), "an unfinished level stays selected");
        app.handle(Input::Escape, 80, 24);
        assert!(app.quit());
    }

    #[test]
    fn menu_page_keys_and_upper_case_letters() {
        use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
        let shifted = |c| Input::from_event(Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::SHIFT))).unwrap();
        let c = catalogue(&[30]);
        let mut app = App::new(&c, None);
        app.handle(Input::End, 80, 24);
        assert_eq!(app.menu.selected().map(|l| l.id()), Some("p0/l29"));
        app.handle(Input::PageUp, 80, 24);
        app.handle(Input::Home, 80, 24);
        assert_eq!(app.menu.selected().map(|l| l.id()), Some("p0/l0"));
        app.handle(Input::PageDown, 80, 24);
        assert_eq!(app.menu.selected().map(|l| l.id()), Some("p0/l20"), "a 24-row screen lists 21 lines");
        app.handle(Input::Enter, 80, 24);
        app.handle(shifted('M'), 80, 24);
        assert!(app.game.is_none(), "M leaves the game like m");
        app.handle(shifted('Q'), 80, 24);
        assert!(app.quit(), "Q quits like q");
    }

    #[test]
    fn a_level_file_starts_in_play_and_a_menu_click_starts_a_level() {
        let c = catalogue(&[3]);
        let text = "name = \"Mine\"\npar = 2\npalette = [\"#000000\", \"#FFFFFF\"]\ngrid = \"01\"\n";
        let level = parse_level("/tmp/mine.toml", "/tmp/mine.toml", text).unwrap();
        let mut app = App::new(&c, Some(Arc::new(level)));
        assert!(screen(&app).contains("Mine  /tmp/mine.toml"));
        app.handle(Input::Escape, 80, 24);
        assert!(screen(&app).contains("choose a level"));
        // Lines: title, blank, pack heading, then levels l0, l1, l2 on rows 3, 4, 5.
        app.handle(Input::Click { x: 5, y: 5 }, 80, 24);
        assert_eq!(app.game.as_ref().map(|g| g.game().level().id()), Some("p0/l2"));
    }
}
