//! The level menu: the game to continue (if one is kept), today's daily puzzle, then every pack's
//! name followed by its levels, in one scrolling list with one choice selected. Packs still
//! locked (the core's rule, as on the phones) say what opens them.

use super::canvas::Canvas;
use super::look::{DEFAULT_THEME, Look};
use kami_core::catalogue::{Catalogue, Pack, Theme};
use kami_core::daily::Date;
use kami_core::game::Grade;
use kami_core::level::Level;
use kami_core::progress::{Progress, wins_to_unlock_next};
use std::sync::Arc;

/// Screen row of the first list line.
const LIST_TOP: u16 = 2;
/// Rows below the list: the key help.
const FOOTER: u16 = 1;

/// A line of the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
    /// The game kept from before.
    Continue,
    /// Today's daily puzzle.
    Daily,
    /// A pack heading, by pack index.
    Pack(usize),
    /// A level, by pack and level index.
    Level(usize, usize),
}

/// What a menu line offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice<'c> {
    /// Go back to the game kept from before.
    Continue,
    /// Play today's daily puzzle.
    Daily,
    /// Play a level of the catalogue.
    Level(&'c Arc<Level>),
}

/// The packs and levels of a catalogue, one of them selected.
pub struct Menu<'c> {
    catalogue: &'c Catalogue,
    /// The date of the daily puzzle offered.
    today: Date,
    /// The name of the game kept from before, offered first.
    kept: Option<String>,
    lines: Vec<Line>,
    /// Indices into `lines` of the lines that can be chosen, in order.
    levels: Vec<usize>,
    /// Index into `levels`.
    selected: usize,
}

impl<'c> Menu<'c> {
    /// The menu of `catalogue` and the daily puzzle of `today`, the first pack level selected.
    pub fn new(catalogue: &'c Catalogue, today: Date) -> Menu<'c> {
        let mut menu = Menu { catalogue, today, kept: None, lines: Vec::new(), levels: Vec::new(), selected: 0 };
        menu.lay_out();
        menu.selected = menu.levels.iter().position(|&i| matches!(menu.lines[i], Line::Level(..))).unwrap_or(0);
        menu
    }

    /// Offers (or stops offering) to continue the game named `kept`, which is then selected.
    pub fn keep(&mut self, kept: Option<String>) {
        let offered = kept.is_some();
        if self.kept.is_some() != offered {
            let was = self.levels.get(self.selected).map(|&i| self.lines[i]);
            self.kept = kept;
            self.lay_out();
            let line = if offered { Some(Line::Continue) } else { was };
            self.selected = self.levels.iter().position(|&i| Some(self.lines[i]) == line).unwrap_or(0);
        } else {
            self.kept = kept;
        }
    }

    fn lay_out(&mut self) {
        self.lines = self.kept.iter().map(|_| Line::Continue).chain([Line::Daily]).collect();
        for (p, pack) in self.catalogue.packs().iter().enumerate() {
            self.lines.push(Line::Pack(p));
            self.lines.extend((0..pack.levels.len()).map(|l| Line::Level(p, l)));
        }
        self.levels = (0..self.lines.len()).filter(|&i| !matches!(self.lines[i], Line::Pack(_))).collect();
    }

    /// The selected choice.
    pub fn choice(&self) -> Option<Choice<'c>> {
        self.levels.get(self.selected).and_then(|&i| self.choice_of(self.lines[i]))
    }

    /// The selected level, `None` when the selection is not a catalogue level.
    #[cfg(test)]
    pub fn selected(&self) -> Option<&'c Arc<Level>> {
        match self.choice() {
            Some(Choice::Level(level)) => Some(level),
            _ => None,
        }
    }

    /// The level after the one with id `id` in catalogue order, if there is one.
    pub fn next_level(&self, id: &str) -> Option<&'c Arc<Level>> {
        let mut levels = self.catalogue.packs().iter().flat_map(|p| &p.levels);
        levels.position(|l| l.id() == id)?;
        levels.next()
    }

    /// Selects the first level not yet won in the packs that are open: where the player left off.
    pub fn select_where_left_off(&mut self, progress: &Progress) {
        let open = |p: &Pack| progress.is_unlocked(self.catalogue, &p.id);
        let level = self
            .catalogue
            .packs()
            .iter()
            .filter(|p| open(p))
            .flat_map(|p| &p.levels)
            .find(|l| progress.best(l.id()).is_none());
        if let Some(level) = level {
            self.select(level.id(), false);
        }
    }

    /// Moves the selection `delta` levels down (up if negative), stopping at the ends.
    pub fn move_by(&mut self, delta: isize) {
        let last = self.levels.len().saturating_sub(1);
        self.selected = self.selected.saturating_add_signed(delta).min(last);
    }

    /// Moves the selection a screenful of a `height`-row screen down (up if `pages` is negative).
    pub fn page(&mut self, pages: isize, height: u16) {
        // One line less than the list shows, so the line at the edge stays in view.
        let page = isize::try_from(list_height(height).saturating_sub(1).max(1)).unwrap_or(isize::MAX);
        self.move_by(pages.saturating_mul(page));
    }

    /// Selects the first level.
    pub fn first(&mut self) {
        self.selected = 0;
    }

    /// Selects the last level.
    pub fn last(&mut self) {
        self.selected = self.levels.len().saturating_sub(1);
    }

    /// Selects the level with id `id`, or the one after it when `next`; a level not in the
    /// catalogue changes nothing, and after the last level the last stays selected.
    pub fn select(&mut self, id: &str, next: bool) {
        let is = |line| matches!(self.choice_of(line), Some(Choice::Level(l)) if l.id() == id);
        if let Some(i) = self.levels.iter().position(|&i| is(self.lines[i])) {
            self.selected = i;
            self.move_by(isize::from(next));
        }
    }

    /// Selects the level on screen row `y` of a `height`-row screen and returns it; `None` (and
    /// no change) when that row shows no level.
    pub fn click(&mut self, y: u16, height: u16) -> Option<Choice<'c>> {
        let offset = y.checked_sub(LIST_TOP).filter(|&o| o < list_height(height))?;
        let line = self.first_visible(height) + usize::from(offset);
        self.selected = self.levels.iter().position(|&i| i == line)?;
        self.choice()
    }

    /// The theme of the selected level's pack.
    pub fn theme(&self) -> Theme {
        self.levels.get(self.selected).and_then(|&i| self.pack(self.lines[i])).map_or(DEFAULT_THEME, |p| p.theme)
    }

    /// Why the pack of a level line cannot be played yet, if it cannot.
    pub fn locked(&self, level_id: &str, progress: &Progress) -> Option<String> {
        let packs = self.catalogue.packs();
        let p = packs.iter().position(|p| p.levels.iter().any(|l| l.id() == level_id))?;
        if progress.is_unlocked(self.catalogue, &packs[p].id) {
            return None;
        }
        let before = &packs[p.checked_sub(1)?];
        let more = wins_to_unlock_next(before.levels.len()).saturating_sub(progress.credit(before));
        let wins = if more == 1 { "1 more level".to_string() } else { format!("{more} more levels") };
        Some(format!("{} opens when you win {wins} of {}.", packs[p].name, before.name))
    }

    /// Draws the menu, with each won level's best result from `progress`.
    pub fn draw(&self, canvas: &mut Canvas, progress: &Progress) {
        let look = Look::new(&self.theme());
        canvas.text(1, 0, "Kami: choose a level", look.strong);
        let help = "↑↓ PgUp PgDn Home End: choose · Enter or click: play · q quit";
        canvas.text(1, canvas.height().saturating_sub(1), help, look.plain);
        let height = list_height(canvas.height());
        let first = self.first_visible(canvas.height());
        let selected = self.levels.get(self.selected).copied();
        for (row, (i, &line)) in self.lines.iter().enumerate().skip(first).take(usize::from(height)).enumerate() {
            let y = LIST_TOP + u16::try_from(row).unwrap_or(u16::MAX);
            let style = if Some(i) == selected { look.selected } else { look.plain };
            match (line, self.pack(line), self.choice_of(line)) {
                (Line::Continue, ..) => {
                    let kept = self.kept.as_deref().unwrap_or_default();
                    canvas.text(1, y, &format!(" Continue: {kept} "), style);
                }
                (Line::Daily, ..) => {
                    let best = best_words(progress, &format!("daily/{}", self.today));
                    canvas.text(1, y, &format!(" Daily puzzle · {:<26} {best:<16}", self.today.long_name()), style);
                }
                (Line::Pack(_), Some(pack), _) => {
                    let end = canvas.text(1, y, &pack.name, look.strong);
                    let state = match pack.levels.first().and_then(|l| self.locked(l.id(), progress)) {
                        Some(_) => "locked".to_string(),
                        None => format!("{} of {} won", progress.wins(pack), pack.levels.len()),
                    };
                    canvas.text(end.saturating_add(2), y, &state, look.plain);
                }
                (Line::Level(..), _, Some(Choice::Level(level))) => {
                    canvas.text(3, y, &level_line(level, progress), style);
                }
                _ => {}
            }
        }
        if self.catalogue.packs().iter().all(|p| p.levels.is_empty()) {
            let y = LIST_TOP + u16::try_from(self.lines.len()).unwrap_or(u16::MAX);
            canvas.text(1, y, "No levels are shipped in this build.", look.plain);
        }
    }

    /// Index of the first line shown on a `height`-row screen: the selected level kept near the middle.
    fn first_visible(&self, height: u16) -> usize {
        let height = usize::from(list_height(height));
        let selected = self.levels.get(self.selected).copied().unwrap_or(0);
        selected.saturating_sub(height / 2).min(self.lines.len().saturating_sub(height))
    }

    fn pack(&self, line: Line) -> Option<&'c Pack> {
        match line {
            Line::Pack(p) | Line::Level(p, _) => self.catalogue.packs().get(p),
            Line::Continue | Line::Daily => None,
        }
    }

    fn choice_of(&self, line: Line) -> Option<Choice<'c>> {
        match line {
            Line::Continue => Some(Choice::Continue),
            Line::Daily => Some(Choice::Daily),
            Line::Pack(_) => None,
            Line::Level(p, l) => self.catalogue.packs().get(p)?.levels.get(l).map(Choice::Level),
        }
    }
}

/// Rows the list has on a `height`-row screen.
fn list_height(height: u16) -> u16 {
    height.saturating_sub(LIST_TOP + FOOTER)
}

/// A level's line: name, par and best result so far.
fn level_line(level: &Level, progress: &Progress) -> String {
    format!(" {:<28} par {:<3} {:<16}", level.name(), level.par(), best_words(progress, level.id()))
}

/// The best result on a level, in a few words; empty if it has not been won.
fn best_words(progress: &Progress, id: &str) -> String {
    match progress.best(id) {
        Some(best) if best.grade == Grade::Perfect => format!("★ perfect in {}", best.moves),
        Some(best) => format!("✓ solved in {}", best.moves),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::fixtures::{catalogue, day};
    use kami_core::game::Game;
    use kami_core::history::Move;

    fn ids(menu: &Menu) -> String {
        menu.selected().map_or(String::new(), |l| l.id().to_string())
    }

    #[test]
    fn selection_moves_over_levels_and_skips_pack_headings() {
        let c = catalogue(&[2, 1]);
        let mut menu = Menu::new(&c, day());
        assert_eq!(ids(&menu), "p0/l0");
        menu.move_by(2);
        assert_eq!(ids(&menu), "p1/l0");
        menu.move_by(5);
        assert_eq!(ids(&menu), "p1/l0");
        menu.move_by(-9);
        assert_eq!(menu.choice(), Some(Choice::Daily), "the daily puzzle comes first");
        menu.move_by(1);
        assert_eq!(ids(&menu), "p0/l0");
        menu.select("p0/l1", true);
        assert_eq!(ids(&menu), "p1/l0");
        menu.select("p1/l0", true);
        assert_eq!(ids(&menu), "p1/l0");
        menu.select("elsewhere.toml", false);
        assert_eq!(ids(&menu), "p1/l0");
    }

    #[test]
    fn page_keys_move_a_screenful_and_home_and_end_go_to_the_ends() {
        let c = catalogue(&[30, 30]);
        let mut menu = Menu::new(&c, day());
        // A 12-row screen lists 9 lines: a page is 8 levels.
        menu.page(1, 12);
        assert_eq!(ids(&menu), "p0/l8");
        menu.page(2, 12);
        assert_eq!(ids(&menu), "p0/l24");
        menu.page(1, 12);
        assert_eq!(ids(&menu), "p1/l2");
        menu.page(-1, 12);
        assert_eq!(ids(&menu), "p0/l24");
        menu.last();
        assert_eq!(ids(&menu), "p1/l29");
        menu.page(1, 12);
        assert_eq!(ids(&menu), "p1/l29");
        menu.first();
        assert_eq!(menu.choice(), Some(Choice::Daily));
        menu.page(-1, 12);
        assert_eq!(menu.choice(), Some(Choice::Daily));
        // A screen too small for a list still moves a level at a time.
        menu.page(1, 2);
        assert_eq!(ids(&menu), "p0/l0");
        let empty = Catalogue::default();
        let mut menu = Menu::new(&empty, day());
        menu.last();
        menu.page(1, 12);
        assert!(menu.selected().is_none());
    }

    #[test]
    fn a_long_list_scrolls_to_keep_the_selection_in_view_and_clicks_follow() {
        let c = catalogue(&[30, 30]);
        let mut menu = Menu::new(&c, day());
        menu.select("p1/l20", false);
        let mut canvas = Canvas::new(60, 20, Look::new(&DEFAULT_THEME).plain);
        menu.draw(&mut canvas, &Progress::default());
        let row = (0..20).find(|&y| canvas.line(y).contains(" L ") && canvas.cell(3, y).unwrap().style.bold);
        let row = row.expect("the selected level is on screen");
        // The line below it is the next level; clicking it selects that level.
        assert!(matches!(menu.click(row + 1, 20), Some(Choice::Level(l)) if l.id() == "p1/l21"));
        assert_eq!(menu.click(0, 20), None);
        assert_eq!(menu.click(19, 20), None, "the help line is not a level");
        assert_eq!(ids(&menu), "p1/l21");
    }

    #[test]
    fn the_menu_shows_packs_levels_and_results() {
        let c = catalogue(&[2]);
        let mut progress = Progress::default();
        let mut game = Game::new(Arc::clone(&c.packs()[0].levels[1]));
        game.play(Move { tile: 0, colour: 1 }).unwrap();
        progress.record(&c, &game);
        let mut canvas = Canvas::new(70, 8, Look::new(&DEFAULT_THEME).plain);
        Menu::new(&c, day()).draw(&mut canvas, &progress);
        assert!(canvas.line(2).contains("Daily puzzle · Wednesday 25 November 2026"), "{}", canvas.line(2));
        assert!(canvas.line(3).contains("Pack 0  1 of 2 won"), "{}", canvas.line(3));
        assert!(canvas.line(4).contains("L") && !canvas.line(4).contains('★'));
        assert!(canvas.line(5).contains("par 1") && canvas.line(5).contains("★ perfect in 1"));
        let empty = Catalogue::default();
        let mut canvas = Canvas::new(70, 8, Look::new(&DEFAULT_THEME).plain);
        Menu::new(&empty, day()).draw(&mut canvas, &progress);
        assert!(canvas.line(3).contains("No levels"));
    }

    #[test]
    fn a_locked_pack_says_what_opens_it_and_the_next_level_follows_the_catalogue() {
        let c = catalogue(&[3, 2]);
        let menu = Menu::new(&c, day());
        let mut progress = Progress::default();
        let mut canvas = Canvas::new(70, 12, Look::new(&DEFAULT_THEME).plain);
        menu.draw(&mut canvas, &progress);
        assert!(canvas.line(7).contains("Pack 1  locked"), "{}", canvas.line(7));
        assert_eq!(menu.locked("p0/l2", &progress), None);
        assert_eq!(
            menu.locked("p1/l0", &progress).as_deref(),
            Some("Pack 1 opens when you win 2 more levels of Pack 0.")
        );
        let mut game = Game::new(Arc::clone(&c.packs()[0].levels[0]));
        game.play(Move { tile: 0, colour: 1 }).unwrap();
        progress.record(&c, &game);
        assert_eq!(
            menu.locked("p1/l0", &progress).as_deref(),
            Some("Pack 1 opens when you win 1 more level of Pack 0.")
        );
        assert_eq!(menu.next_level("p0/l2").map(|l| l.id()), Some("p1/l0"));
        assert_eq!(menu.next_level("p1/l1"), None);
        assert_eq!(menu.next_level("daily/2026-11-25"), None);
    }

    #[test]
    fn a_locked_pack_counts_the_wins_on_levels_that_have_left_the_pack_before_it() {
        // Progress saved by the release before Deep Water's island levels moved or were retired:
        // nine of them won, which still count towards opening Summit.
        let golden = concat!(env!("CARGO_MANIFEST_DIR"), "/../core/tests/golden/shipped-2026-11-25-midway.save");
        let progress = kami_core::save::restore_progress(&std::fs::read(golden).unwrap()).unwrap();
        let menu = Menu::new(Catalogue::shipped(), day());
        assert_eq!(
            menu.locked("08-summit/alpenglow", &progress).as_deref(),
            Some("Summit opens when you win 1 more level of Deep Water.")
        );
    }

    #[test]
    fn a_kept_game_is_offered_first_and_selected() {
        let c = catalogue(&[3]);
        let mut menu = Menu::new(&c, day());
        menu.select("p0/l1", false);
        menu.keep(Some("L · moves 1 / par 1".into()));
        assert_eq!(menu.choice(), Some(Choice::Continue));
        let mut canvas = Canvas::new(70, 10, Look::new(&DEFAULT_THEME).plain);
        menu.draw(&mut canvas, &Progress::default());
        assert!(canvas.line(2).contains("Continue: L · moves 1 / par 1"), "{}", canvas.line(2));
        assert!(canvas.line(3).contains("Daily puzzle"));
        menu.select("p0/l2", false);
        menu.keep(None);
        assert_eq!(ids(&menu), "p0/l2", "the selection stays when the offer goes");
        let mut progress = Progress::default();
        let mut game = Game::new(Arc::clone(&c.packs()[0].levels[0]));
        game.play(Move { tile: 0, colour: 1 }).unwrap();
        progress.record(&c, &game);
        menu.select_where_left_off(&progress);
        assert_eq!(ids(&menu), "p0/l1");
    }
}
