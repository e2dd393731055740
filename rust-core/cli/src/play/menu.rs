//! The level menu: every pack's name followed by its levels, in one scrolling list with one level
//! selected.

use super::canvas::Canvas;
use super::look::{DEFAULT_THEME, Look};
use kami_core::catalogue::{Catalogue, Pack, Theme};
use kami_core::game::Grade;
use kami_core::level::Level;
use kami_core::progress::Progress;
use std::sync::Arc;

/// Screen row of the first list line.
const LIST_TOP: u16 = 2;
/// Rows below the list: the key help.
const FOOTER: u16 = 1;

/// A line of the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
    /// A pack heading, by pack index.
    Pack(usize),
    /// A level, by pack and level index.
    Level(usize, usize),
}

/// The packs and levels of a catalogue, one of them selected.
pub struct Menu<'c> {
    catalogue: &'c Catalogue,
    lines: Vec<Line>,
    /// Indices into `lines` of the level lines, in order.
    levels: Vec<usize>,
    /// Index into `levels`.
    selected: usize,
}

impl<'c> Menu<'c> {
    /// The menu of `catalogue`, its first level selected.
    pub fn new(catalogue: &'c Catalogue) -> Menu<'c> {
        let mut lines = Vec::new();
        for (p, pack) in catalogue.packs().iter().enumerate() {
            lines.push(Line::Pack(p));
            lines.extend((0..pack.levels.len()).map(|l| Line::Level(p, l)));
        }
        let levels = (0..lines.len()).filter(|&i| matches!(lines[i], Line::Level(..))).collect();
        Menu { catalogue, lines, levels, selected: 0 }
    }

    /// The selected level, `None` when the catalogue has none.
    pub fn selected(&self) -> Option<&'c Arc<Level>> {
        self.levels.get(self.selected).and_then(|&i| self.level(self.lines[i]))
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
        if let Some(i) = self.levels.iter().position(|&i| self.level(self.lines[i]).is_some_and(|l| l.id() == id)) {
            self.selected = i;
            self.move_by(isize::from(next));
        }
    }

    /// Selects the level on screen row `y` of a `height`-row screen and returns it; `None` (and
    /// no change) when that row shows no level.
    pub fn click(&mut self, y: u16, height: u16) -> Option<&'c Arc<Level>> {
        let offset = y.checked_sub(LIST_TOP).filter(|&o| o < list_height(height))?;
        let line = self.first_visible(height) + usize::from(offset);
        self.selected = self.levels.iter().position(|&i| i == line)?;
        self.selected()
    }

    /// The theme of the selected level's pack.
    pub fn theme(&self) -> Theme {
        self.levels.get(self.selected).and_then(|&i| self.pack(self.lines[i])).map_or(DEFAULT_THEME, |p| p.theme)
    }

    /// Draws the menu, with each won level's best result from `progress`.
    pub fn draw(&self, canvas: &mut Canvas, progress: &Progress) {
        let look = Look::new(&self.theme());
        canvas.text(1, 0, "Kami: choose a level", look.strong);
        let help = "↑↓ PgUp PgDn Home End: choose · Enter or click: play · q quit";
        canvas.text(1, canvas.height().saturating_sub(1), help, look.plain);
        if self.levels.is_empty() {
            canvas.text(1, LIST_TOP, "No levels are shipped in this build.", look.plain);
            return;
        }
        let height = list_height(canvas.height());
        let first = self.first_visible(canvas.height());
        let selected = self.levels[self.selected];
        for (row, (i, &line)) in self.lines.iter().enumerate().skip(first).take(usize::from(height)).enumerate() {
            let y = LIST_TOP + u16::try_from(row).unwrap_or(u16::MAX);
            match (line, self.pack(line), self.level(line)) {
                (Line::Pack(_), Some(pack), _) => {
                    let won = format!("{} of {} won", progress.wins(pack), pack.levels.len());
                    let end = canvas.text(1, y, &pack.name, look.strong);
                    canvas.text(end.saturating_add(2), y, &won, look.plain);
                }
                (Line::Level(..), _, Some(level)) => {
                    let style = if i == selected { look.selected } else { look.plain };
                    canvas.text(3, y, &level_line(level, progress), style);
                }
                _ => {}
            }
        }
    }

    /// Index of the first line shown on a `height`-row screen: the selected level kept near the middle.
    fn first_visible(&self, height: u16) -> usize {
        let height = usize::from(list_height(height));
        let selected = self.levels.get(self.selected).copied().unwrap_or(0);
        selected.saturating_sub(height / 2).min(self.lines.len().saturating_sub(height))
    }

    fn pack(&self, line: Line) -> Option<&'c Pack> {
        let (Line::Pack(p) | Line::Level(p, _)) = line;
        self.catalogue.packs().get(p)
    }

    fn level(&self, line: Line) -> Option<&'c Arc<Level>> {
        let Line::Level(p, l) = line else { return None };
        self.catalogue.packs().get(p)?.levels.get(l)
    }
}

/// Rows the list has on a `height`-row screen.
fn list_height(height: u16) -> u16 {
    height.saturating_sub(LIST_TOP + FOOTER)
}

/// A level's line: name, par and best result so far.
fn level_line(level: &Level, progress: &Progress) -> String {
    let best = match progress.best(level.id()) {
        Some(best) if best.grade == Grade::Perfect => format!("★ perfect in {}", best.moves),
        Some(best) => format!("✓ solved in {}", best.moves),
        None => String::new(),
    };
    format!(" {:<28} par {:<3} {best:<16}", level.name(), level.par())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::fixtures::catalogue;
    use kami_core::game::Game;
    use kami_core::history::Move;

    fn ids(menu: &Menu) -> String {
        menu.selected().map_or(String::new(), |l| l.id().to_string())
    }

    #[test]
    fn selection_moves_over_levels_and_skips_pack_headings() {
        let c = catalogue(&[2, 1]);
        let mut menu = Menu::new(&c);
        assert_eq!(ids(&menu), "p0/l0");
        menu.move_by(2);
        assert_eq!(ids(&menu), "p1/l0");
        menu.move_by(5);
        assert_eq!(ids(&menu), "p1/l0");
        menu.move_by(-9);
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
        let mut menu = Menu::new(&c);
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
        assert_eq!(ids(&menu), "p0/l0");
        menu.page(-1, 12);
        assert_eq!(ids(&menu), "p0/l0");
        // A screen too small for a list still moves a level at a time.
        menu.page(1, 2);
        assert_eq!(ids(&menu), "p0/l1");
        let empty = Catalogue::default();
        let mut menu = Menu::new(&empty);
        menu.last();
        menu.page(1, 12);
        assert!(menu.selected().is_none());
    }

    #[test]
    fn a_long_list_scrolls_to_keep_the_selection_in_view_and_clicks_follow() {
        let c = catalogue(&[30, 30]);
        let mut menu = Menu::new(&c);
        menu.select("p1/l20", false);
        let mut canvas = Canvas::new(60, 20, Look::new(&DEFAULT_THEME).plain);
        menu.draw(&mut canvas, &Progress::default());
        let row = (0..20).find(|&y| canvas.line(y).contains(" L ") && canvas.cell(3, y).unwrap().style.bold);
        let row = row.expect("the selected level is on screen");
        // The line below it is the next level; clicking it selects that level.
        assert_eq!(menu.click(row + 1, 20).map(|l| l.id()), Some("p1/l21"));
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
        Menu::new(&c).draw(&mut canvas, &progress);
        assert!(canvas.line(2).contains("Pack 0  1 of 2 won"), "{}", canvas.line(2));
        assert!(canvas.line(3).contains("L") && !canvas.line(3).contains('★'));
        assert!(canvas.line(4).contains("par 1") && canvas.line(4).contains("★ perfect in 1"));
        let empty = Catalogue::default();
        Menu::new(&empty).draw(&mut canvas, &progress);
        assert!(canvas.line(2).contains("No levels"));
    }
}
