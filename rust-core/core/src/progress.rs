//! The player's progress: the best result on each level, and which packs are open.

use crate::catalogue::{Catalogue, Pack};
use crate::game::{Game, Grade, Status};
use crate::past_levels;
use std::collections::{BTreeMap, BTreeSet};

/// The best win on a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Best {
    /// Fewest moves used in a win.
    pub moves: u32,
    /// The grade of that win.
    pub grade: Grade,
}

/// Wins needed in a pack of `levels` levels to open the next pack: two thirds, rounded up,
/// so a player can skip a level or two that stumps them, as in KAMI.
pub fn wins_to_unlock_next(levels: usize) -> usize {
    (2 * levels).div_ceil(3)
}

/// Best results by level id, and the packs that have been opened. Opened packs stay open even if
/// a later version changes the packs or the rule; results on levels that moved or were retired
/// are kept (see [`past_levels`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    pub(crate) best: BTreeMap<String, Best>,
    pub(crate) unlocked: BTreeSet<String>,
}

impl Progress {
    /// Records a won game (anything else is ignored) and opens the packs it earns; returns the
    /// level's best result after the game, `None` if the game was not won.
    pub fn record(&mut self, catalogue: &Catalogue, game: &Game) -> Option<Best> {
        let Status::Won(grade) = game.status() else { return None };
        // A game saved before its level moved may still carry the level's old id.
        let best = self.keep_best(past_levels::current_id(game.level().id()), Best { moves: game.moves_used(), grade });
        for pair in catalogue.packs().windows(2) {
            if self.credit(&pair[0]) >= wins_to_unlock_next(pair[0].levels.len()) {
                self.unlocked.insert(pair[1].id.clone());
            }
        }
        Some(best)
    }

    /// Keeps `result` as level `id`'s best unless it already has one in fewer moves; returns the best.
    fn keep_best(&mut self, id: &str, result: Best) -> Best {
        *self
            .best
            .entry(id.to_string())
            .and_modify(|b| {
                if result.moves < b.moves {
                    *b = result;
                }
            })
            .or_insert(result)
    }

    /// Gives each level that moved since this progress was saved the result won under its old
    /// id (the old id stays, for [`Progress::credit`]). Restoring a save does this.
    pub(crate) fn carry_moved_results(&mut self) {
        for &(old, new) in past_levels::PAST_LEVELS {
            if let (Some(new), Some(&result)) = (new, self.best.get(old)) {
                self.keep_best(new, result);
            }
        }
    }

    /// The best result on a level, if it has been won.
    pub fn best(&self, level_id: &str) -> Option<Best> {
        self.best.get(level_id).copied()
    }

    /// How many of a pack's levels have been won.
    pub fn wins(&self, pack: &Pack) -> usize {
        pack.levels.iter().filter(|l| self.best.contains_key(l.id())).count()
    }

    /// What counts towards opening the pack after `pack`: its levels won, and the levels won
    /// while they were in it that have since moved away or been retired.
    pub fn credit(&self, pack: &Pack) -> usize {
        let left = self.best.keys().filter(|id| past_levels::left_pack(id) == Some(pack.id.as_str())).count();
        self.wins(pack) + left
    }

    /// Whether a pack can be played: the first always, any other once opened.
    pub fn is_unlocked(&self, catalogue: &Catalogue, pack_id: &str) -> bool {
        catalogue.packs().first().is_some_and(|p| p.id == pack_id) || self.unlocked.contains(pack_id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::Move;
    use std::sync::Arc;

    /// Two packs of three one-move levels (a 1 × 2 strip of colours 0 and 1, par 1).
    fn catalogue() -> Catalogue {
        let level =
            "name = \"L\"\npar = 1\npalette = [\"#000000\", \"#FFFFFF\"]\ntiling = \"squares\"\ngrid = \"01\"\n";
        let pack = |name| {
            format!(
                "name = \"{name}\"\nlevels = [\"a\", \"b\", \"c\"]\n[theme]\nbackground = \"#FFFFFF\"\nink = \"#000000\"\naccent = \"#FF0000\"\n"
            )
        };
        let mut files = Vec::new();
        for p in ["1", "2"] {
            files.push((format!("{p}/pack.toml"), pack(p)));
            for l in ["a", "b", "c"] {
                files.push((format!("{p}/{l}.toml"), level.to_string()));
            }
        }
        Catalogue::from_files("levels", files).unwrap()
    }

    fn game(c: &Catalogue, id: &str, moves: &[Move]) -> Game {
        let mut g = Game::new(Arc::clone(c.level(id).unwrap()));
        for &m in moves {
            g.play(m).unwrap();
        }
        g
    }

    #[test]
    fn keeps_the_best_win_and_ignores_unfinished_games() {
        let c = catalogue();
        let mut p = Progress::default();
        assert_eq!(p.record(&c, &game(&c, "1/a", &[])), None);
        assert_eq!(p.best("1/a"), None);
        let perfect = Best { moves: 1, grade: Grade::Perfect };
        assert_eq!(p.record(&c, &game(&c, "1/a", &[Move { tile: 0, colour: 1 }])), Some(perfect));
        assert_eq!(p.best("1/a"), Some(perfect));
    }

    #[test]
    fn a_pack_opens_after_two_thirds_of_the_previous_one() {
        let c = catalogue();
        let mut p = Progress::default();
        assert!(p.is_unlocked(&c, "1"));
        assert!(!p.is_unlocked(&c, "2"));
        let win = [Move { tile: 1, colour: 0 }];
        p.record(&c, &game(&c, "1/a", &win));
        assert!(!p.is_unlocked(&c, "2"));
        p.record(&c, &game(&c, "1/c", &win));
        assert!(p.is_unlocked(&c, "2"));
        assert_eq!(p.wins(&c.packs()[0]), 2);
    }
}
