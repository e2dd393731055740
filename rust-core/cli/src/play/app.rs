//! Terminal play as a whole: the menu or a game on screen, the player's progress and the game in
//! progress (kept in the data folder after every change, as the phone apps keep them), notices
//! about saves, and quitting.

use super::canvas::Canvas;
use super::cursor::Direction;
use super::game_screen::GameScreen;
use super::input::Input;
use super::look::{DEFAULT_THEME, Look};
use super::menu::{Choice, Menu};
use super::store::Store;
use super::terminal::Screen;
use kami_core::catalogue::Catalogue;
use kami_core::daily::{Date, daily};
use kami_core::game::{Game, Status};
use kami_core::level::Level;
use kami_core::progress::Progress;
use std::sync::Arc;

/// The state of a terminal session.
pub struct App<'c> {
    catalogue: &'c Catalogue,
    menu: Menu<'c>,
    /// The current game: on screen when `playing`, else kept for the menu's "Continue".
    game: Option<GameScreen>,
    playing: bool,
    /// The player's progress: best results and opened packs.
    progress: Progress,
    /// Where progress and the game are saved; `None` keeps them for this session only.
    store: Option<Store>,
    /// Lines for the player (a save set aside or not written), shown over the screen until the
    /// next key.
    notices: Vec<String>,
    today: Date,
    quit: bool,
}

impl<'c> App<'c> {
    /// Starts on the menu of `catalogue` with the daily puzzle of `today`, or playing `level` if
    /// given; with the progress and the game in progress `store` holds.
    pub fn new(catalogue: &'c Catalogue, store: Option<Store>, today: Date, level: Option<Arc<Level>>) -> App<'c> {
        let loaded = store.as_ref().map(Store::load);
        let mut app = App {
            catalogue,
            menu: Menu::new(catalogue, today),
            game: None,
            playing: false,
            progress: Progress::default(),
            store,
            notices: Vec::new(),
            today,
            quit: false,
        };
        if let Some(loaded) = loaded {
            app.progress = loaded.progress;
            app.notices = loaded.problems;
            // A won game's result is in the progress: only a game still to finish is kept.
            if let Some(game) = loaded.game.filter(|g| !matches!(g.status(), Status::Won(_))) {
                app.adopt(game, false);
                app.playing = false;
            }
        }
        app.menu.select_where_left_off(&app.progress);
        app.update_menu();
        if let Some(level) = level {
            app.menu.select(level.id(), false);
            app.start(level);
        }
        app
    }

    /// Shows `line` to the player over the screen until the next key.
    pub fn notify(&mut self, line: String) {
        self.notices.push(line);
    }

    fn handle_menu(&mut self, input: Input, height: u16) {
        let choice = match input {
            Input::Arrow(Direction::Up) => return self.menu.move_by(-1),
            Input::Arrow(Direction::Down) => return self.menu.move_by(1),
            Input::PageUp => return self.menu.page(-1, height),
            Input::PageDown => return self.menu.page(1, height),
            Input::Home => return self.menu.first(),
            Input::End => return self.menu.last(),
            Input::Escape => {
                self.quit = true;
                return;
            }
            Input::Enter | Input::Char(' ') => self.menu.choice(),
            Input::Click { y, .. } => self.menu.click(y, height),
            _ => None,
        };
        match choice {
            Some(Choice::Continue) => self.playing = self.game.is_some(),
            Some(Choice::Daily) => match daily(self.today) {
                Ok(made) => self.start(made.level),
                Err(e) => self.notices.push(format!("Today's puzzle could not be made: {e}.")),
            },
            Some(Choice::Level(level)) => match self.menu.locked(level.id(), &self.progress) {
                Some(why) => self.notices.push(why),
                None => self.start(Arc::clone(level)),
            },
            None => {}
        }
    }

    /// Plays `level`: the kept game if it is of that level and not over, else a fresh one.
    fn start(&mut self, level: Arc<Level>) {
        let kept = self.game.as_ref().map(GameScreen::game);
        if kept.is_some_and(|g| g.level().id() == level.id() && g.status() == Status::Playing) {
            self.playing = true;
            return;
        }
        self.adopt(Game::new(level), true);
    }

    /// Makes `game` the current game, on screen, saved first if `save`.
    fn adopt(&mut self, game: Game, save: bool) {
        let id = game.level().id().to_string();
        let pack = self.catalogue.packs().iter().find(|p| p.levels.iter().any(|l| l.id() == id));
        let mut screen = GameScreen::new(game, pack.map_or(&DEFAULT_THEME, |p| &p.theme));
        screen.best = self.progress.best(&id);
        screen.has_next = self.playable_next(&id).is_some();
        self.game = Some(screen);
        self.playing = true;
        if save {
            self.save_game();
        }
    }

    /// After a move, undo, redo or restart: save the game, and record a win in the progress.
    fn changed(&mut self) {
        self.save_game();
        let Some(game) = &mut self.game else { return };
        let before = self.progress.clone();
        game.best = self.progress.record(self.catalogue, game.game()).or(game.best);
        if self.progress != before {
            let id = game.game().level().id().to_string();
            let has_next = self.playable_next(&id).is_some();
            if let Some(game) = &mut self.game {
                game.has_next = has_next;
            }
            if let Some(Err(e)) = self.store.as_ref().map(|s| s.save_progress(&self.progress)) {
                self.notices.push(format!("Your progress could not be saved: {e}."));
            }
        }
    }

    fn save_game(&mut self) {
        let (Some(store), Some(game)) = (&self.store, &self.game) else { return };
        if let Err(e) = store.save_game(game.game()) {
            self.notices.push(format!("The game could not be saved: {e}."));
        }
    }

    /// The level after `id` in the catalogue, if its pack is open.
    fn playable_next(&self, id: &str) -> Option<&'c Arc<Level>> {
        self.menu.next_level(id).filter(|next| self.menu.locked(next.id(), &self.progress).is_none())
    }

    /// Enter after a game is over: on to the next level of the packs, else to the menu.
    fn go_on(&mut self) {
        let Some(id) = self.game.as_ref().map(|g| g.game().level().id().to_string()) else { return };
        let won = self.game.as_ref().is_some_and(|g| matches!(g.game().status(), Status::Won(_)));
        match self.playable_next(&id).filter(|_| won) {
            Some(next) => {
                self.menu.select(next.id(), false);
                self.start(Arc::clone(next));
            }
            None => self.back_to_menu(),
        }
    }

    /// Back to the menu. A game not over stays kept (and saved) to continue; after a level of the
    /// packs its line stays selected (the next one after a win), after any other game (the daily,
    /// a level file) the first level not yet won.
    fn back_to_menu(&mut self) {
        self.playing = false;
        if let Some(game) = self.game.as_ref().map(GameScreen::game) {
            let won = matches!(game.status(), Status::Won(_));
            let id = game.level().id().to_string();
            if self.catalogue.level(&id).is_some() {
                self.menu.select(&id, won);
            } else {
                self.menu.select_where_left_off(&self.progress);
            }
        }
        self.update_menu();
    }

    /// Offers the kept game to continue in the menu unless it is won (a failed one can be undone).
    fn update_menu(&mut self) {
        let kept = self.game.as_ref().map(GameScreen::game).filter(|g| !matches!(g.status(), Status::Won(_)));
        self.menu
            .keep(kept.map(|g| format!("{} · moves {} / par {}", g.level().name(), g.moves_used(), g.level().par())));
    }
}

/// `text` in lines of at most `width` characters, broken between words.
fn wrap(text: &str, width: u16) -> Vec<String> {
    let width = usize::from(width.max(10));
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let line = lines.last_mut().expect("there is always a line");
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(word.to_string());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines
}

impl Screen for App<'_> {
    /// Whether the player has quit.
    fn quit(&self) -> bool {
        self.quit
    }

    /// Whether the screen changes without input (a hint is being searched for).
    fn busy(&self) -> bool {
        self.game.as_ref().is_some_and(GameScreen::busy)
    }

    /// Takes in what happened without input (a hint found).
    fn tick(&mut self) {
        if let Some(game) = &mut self.game {
            game.tick();
        }
    }

    /// Acts on `input` on a `width × height` screen.
    fn handle(&mut self, input: Input, width: u16, height: u16) {
        if matches!(input, Input::Char('q') | Input::Ctrl('c')) {
            self.quit = true;
            return;
        }
        if !self.notices.is_empty() {
            // The key that dismisses a notice does nothing else.
            self.notices.clear();
            return;
        }
        match &mut self.game {
            Some(game) if self.playing => {
                let finished = game.game().status().is_finished();
                match input {
                    Input::Char('m') | Input::Escape => self.back_to_menu(),
                    Input::Enter if finished => self.go_on(),
                    _ => {
                        let revision = game.game().revision();
                        game.handle(input, width, height);
                        if game.game().revision() != revision {
                            self.changed();
                        }
                    }
                }
            }
            _ => self.handle_menu(input, height),
        }
    }

    /// The screen as it should look on a `width × height` terminal.
    fn draw(&self, width: u16, height: u16) -> Canvas {
        let shown = self.game.as_ref().filter(|_| self.playing);
        let look = shown.map_or_else(|| Look::new(&self.menu.theme()), GameScreen::look);
        let mut canvas = Canvas::new(width, height, look.plain);
        match shown {
            Some(game) => game.draw(&mut canvas),
            None => self.menu.draw(&mut canvas, &self.progress),
        }
        if !self.notices.is_empty() {
            let mut lines: Vec<String> = self.notices.iter().flat_map(|n| wrap(n, width.saturating_sub(4))).collect();
            lines.push("Press any key to go on.".into());
            let top = height.saturating_sub(2).saturating_sub(u16::try_from(lines.len()).unwrap_or(u16::MAX));
            for (y, line) in (top..).zip(&lines) {
                canvas.text(0, y, &" ".repeat(usize::from(width)), look.selected);
                canvas.text(2, y, line, look.selected);
            }
        }
        canvas
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::fixtures::{catalogue, day};
    use kami_core::level_file::parse_level;
    use std::time::{Duration, Instant};

    fn screen(app: &App) -> String {
        let canvas = app.draw(80, 24);
        (0..24).map(|y| canvas.line(y) + "\n").collect()
    }

    fn press(app: &mut App, inputs: &[Input]) {
        for &input in inputs {
            app.handle(input, 80, 24);
        }
    }

    fn current<'a>(app: &'a App) -> Option<&'a str> {
        app.game.as_ref().filter(|_| app.playing).map(|g| g.game().level().id())
    }

    #[test]
    fn a_win_shows_the_grade_and_best_and_enter_goes_on_to_the_next_level() {
        let c = catalogue(&[2, 1]);
        let mut app = App::new(&c, None, day(), None);
        assert!(screen(&app).contains("choose a level"));
        // The strip is colours 0 and 1: colour key 2 on tile 0 wins in one move.
        press(&mut app, &[Input::Enter, Input::Char('2'), Input::Char(' ')]);
        let won = screen(&app);
        assert!(won.contains("★ PERFECT: solved in 1 move, par 1. Best: ★ 1 move."), "{won}");
        assert!(won.contains("Enter: next level"), "{won}");
        press(&mut app, &[Input::Enter]);
        assert_eq!(current(&app), Some("p0/l1"));
        press(&mut app, &[Input::Char('2'), Input::Char(' ')]);
        // The pack is won, so the next pack is open and Enter goes on into it.
        press(&mut app, &[Input::Enter]);
        assert_eq!(current(&app), Some("p1/l0"));
        press(&mut app, &[Input::Char('2'), Input::Char(' ')]);
        assert!(screen(&app).contains("Enter or m: menu"), "the last level has no next");
        press(&mut app, &[Input::Enter]);
        let menu = screen(&app);
        assert!(menu.contains("Pack 0  2 of 2 won") && menu.contains("★ perfect in 1"), "{menu}");
        press(&mut app, &[Input::Char('q')]);
        assert!(app.quit());
    }

    #[test]
    fn a_locked_pack_says_why_and_the_notice_goes_with_the_next_key() {
        let c = catalogue(&[3, 1]);
        let mut app = App::new(&c, None, day(), None);
        press(&mut app, &[Input::End, Input::Enter]);
        assert_eq!(current(&app), None);
        assert!(screen(&app).contains("Pack 1 opens when you win 2 more levels of Pack 0."), "{}", screen(&app));
        press(&mut app, &[Input::Arrow(Direction::Up)]);
        assert!(!screen(&app).contains("Pack 1 opens"));
        assert_eq!(app.menu.selected().map(|l| l.id()), Some("p1/l0"), "the dismissing key did nothing else");
    }

    #[test]
    fn m_keeps_the_game_which_is_saved_and_offered_again_after_a_restart() {
        let c = catalogue(&[2]);
        let dir = tempfile::tempdir().unwrap();
        let store = || Some(Store::new(dir.path().to_path_buf()));
        let mut app = App::new(&c, store(), day(), None);
        // Win l0, go on to l1 and leave it unplayed.
        press(&mut app, &[Input::Enter, Input::Char('2'), Input::Char(' '), Input::Enter, Input::Char('m')]);
        assert!(screen(&app).contains("Continue: L · moves 0 / par 1"), "{}", screen(&app));
        press(&mut app, &[Input::Enter]);
        assert_eq!(current(&app), Some("p0/l1"), "Continue goes back to the kept game");
        press(&mut app, &[Input::Char('q')]);
        // A new session finds the progress and the kept game.
        let app = App::new(&c, store(), day(), None);
        let menu = screen(&app);
        assert!(menu.contains("1 of 2 won") && menu.contains("Continue: L"), "{menu}");
        assert!(app.notices.is_empty());
    }

    #[test]
    fn a_damaged_save_is_reported_and_play_starts_afresh() {
        let c = catalogue(&[2]);
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("progress"), b"KAMI\x02 but cut short").unwrap();
        let mut app = App::new(&c, Some(Store::new(dir.path().to_path_buf())), day(), None);
        let shown = screen(&app);
        assert!(shown.contains("could not be used") && shown.contains("Press any key"), "{shown}");
        assert!(dir.path().join("progress.rejected").exists());
        press(&mut app, &[Input::Char('x')]);
        assert!(screen(&app).contains("0 of 2 won"));
    }

    #[test]
    fn after_a_game_outside_the_packs_the_menu_shows_where_the_player_left_off() {
        let c = catalogue(&[3]);
        let text = "name = \"Mine\"\npar = 1\npalette = [\"#000000\", \"#FFFFFF\"]\ngrid = \"01\"\n";
        let level = parse_level("/tmp/mine.toml", "/tmp/mine.toml", text).unwrap();
        let mut app = App::new(&c, None, day(), None);
        press(&mut app, &[Input::Enter, Input::Char('2'), Input::Char(' '), Input::Char('m')]);
        app.start(Arc::new(level));
        assert!(screen(&app).contains("Mine"));
        press(&mut app, &[Input::Char('2'), Input::Char(' ')]);
        assert!(screen(&app).contains("Enter or m: menu"), "{}", screen(&app));
        press(&mut app, &[Input::Enter]);
        assert_eq!(current(&app), None);
        assert_eq!(app.menu.selected().map(|l| l.id()), Some("p0/l1"), "the first level not yet won");
    }

    #[test]
    fn the_daily_puzzle_is_in_the_menu() {
        let c = catalogue(&[1]);
        let mut app = App::new(&c, None, day(), None);
        press(&mut app, &[Input::Home]);
        assert_eq!(app.menu.choice(), Some(Choice::Daily));
        press(&mut app, &[Input::Enter]);
        assert_eq!(current(&app), Some("daily/2026-11-25"));
        assert!(screen(&app).contains("Daily · Wednesday 25 November 2026"), "{}", screen(&app));
    }

    #[test]
    fn a_hint_is_found_off_the_ui_thread_and_a_move_cancels_it() {
        let c = catalogue(&[1]);
        let mut app = App::new(&c, None, day(), None);
        press(&mut app, &[Input::Enter, Input::Char('h')]);
        assert!(app.busy());
        assert!(screen(&app).contains("Thinking…"));
        let deadline = Instant::now() + Duration::from_secs(30);
        while app.busy() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
            app.tick();
        }
        let shown = screen(&app);
        assert!(shown.contains("Paint the marked region (row 0, column 0) with colour 2."), "{shown}");
        assert!(shown.contains("row 0, column 0"), "the cursor is on the hinted tile");
        press(&mut app, &[Input::Char('h'), Input::Char(' ')]);
        assert!(!app.busy(), "the move cancelled the hint");
        assert!(screen(&app).contains("★ PERFECT"), "space played the hinted move");
    }

    #[test]
    fn a_level_file_starts_in_play_and_a_menu_click_starts_a_level() {
        let c = catalogue(&[3]);
        let text = "name = \"Mine\"\npar = 2\npalette = [\"#000000\", \"#FFFFFF\"]\ngrid = \"01\"\n";
        let level = parse_level("/tmp/mine.toml", "/tmp/mine.toml", text).unwrap();
        let mut app = App::new(&c, None, day(), Some(Arc::new(level)));
        assert!(screen(&app).contains("Mine  /tmp/mine.toml"));
        press(&mut app, &[Input::Escape]);
        assert!(screen(&app).contains("choose a level"));
        // Lines: title, blank, continue, daily, pack heading, then levels l0, l1, l2 on rows 5, 6, 7.
        app.handle(Input::Click { x: 5, y: 7 }, 80, 24);
        assert_eq!(current(&app), Some("p0/l2"));
    }

    #[test]
    fn long_notices_wrap_between_words() {
        assert_eq!(wrap("one two three four", 10), ["one two", "three four"]);
        assert_eq!(wrap("", 10), [""]);
    }
}
