//! Hints in the terminal: the core's hint searched on a thread of its own, so the screen stays
//! live, and its result in the same honest words as the phone apps' `HintMessage`.

use kami_core::game::{Game, Grade, Status};
use kami_core::hint::{self, Cache, Hint, Position, Reach};
use kami_core::solver::Budget;
use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;
use std::time::Instant;

/// Spinner frames, one per tenth of a second.
const SPINNER: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/// A hint being searched for on another thread; dropping it cancels the search.
pub struct Search {
    cancel: Arc<AtomicBool>,
    result: Receiver<(Hint, Cache)>,
    started: Instant,
}

impl Search {
    /// Starts the search for `game`'s position within the phones' budget, reusing `cache`; an
    /// error if no thread can be started for it.
    pub fn start(game: &Game, mut cache: Cache) -> io::Result<Search> {
        let cancel = Arc::new(AtomicBool::new(false));
        let (send, result) = mpsc::channel();
        let position = Position::of(game);
        let budget = Budget { cancel: Some(Arc::clone(&cancel)), ..hint::device_budget() };
        thread::Builder::new().name("hint".into()).spawn(move || {
            let found = hint::hint(&position, &mut cache, &budget);
            // The receiver is gone when the search was cancelled: nothing to tell.
            let _ = send.send((found, cache));
        })?;
        Ok(Search { cancel, result, started: Instant::now() })
    }

    /// The hint and the cache to keep, once the search has finished; `None` while it runs.
    /// A search whose thread died (a bug) answers `Some(Err(..))`, never a panic here.
    pub fn poll(&self) -> Option<Result<(Hint, Cache), String>> {
        match self.result.try_recv() {
            Ok(found) => Some(Ok(found)),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err("The hint search failed.".into())),
        }
    }

    /// The spinner frame to show now.
    pub fn spinner(&self) -> char {
        let tenths = self.started.elapsed().as_millis() / 100;
        SPINNER[usize::try_from(tenths).unwrap_or(0) % SPINNER.len()]
    }
}

impl Drop for Search {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// What a hint says about `hint` for a game in `status`, in the apps' words: the move to play (its
/// tile's row and column given by `place`) and whether par is still in reach, if that needs saying;
/// or, on a game that is over, how to do better. Each fits a line of an 80-column terminal.
pub fn words(hint: &Hint, status: Status, place: impl Fn(usize) -> (usize, usize)) -> (String, Option<String>) {
    let undos = |n: u32| if n == 1 { "1 move".to_string() } else { format!("{n} moves") };
    let Some(next) = hint.next else {
        let over = match (status, hint.undos_to_recover) {
            (Status::Won(Grade::Perfect), _) => "Solved in par: there is nothing left to hint.".into(),
            (Status::Won(_), Some(n)) => format!("Solved, one over par. Undo {} to try for par.", undos(n)),
            (Status::Won(_), None) => "Solved over par. Start again to try for par.".into(),
            (_, Some(n)) => format!("Out of moves. Undo {} to bring par back in reach.", undos(n)),
            (_, None) => "Out of moves. Start again to try for par.".into(),
        };
        return (over, None);
    };
    let (row, col) = place(next.tile);
    let key = next.colour + 1;
    let play = format!("Paint the marked region (row {row}, column {col}) with colour {key}.");
    let outlook = match (hint.par, hint.undos_to_recover) {
        (Reach::Yes, _) => None,
        (Reach::Unknown, _) => Some("Not sure par is still in reach: no proof either way in time.".into()),
        (Reach::No, Some(n)) => Some(format!("Par is out of reach: undo {} to get it back.", undos(n))),
        (Reach::No, None) => Some("Par is out of reach.".into()),
    };
    (play, outlook)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kami_core::history::Move;
    use kami_core::level_file::parse_level;
    use std::time::Duration;

    fn hint(next: Option<Move>, par: Reach, undos: Option<u32>) -> Hint {
        Hint { revision: 0, next, remaining: 2, proven: false, par, ok: Reach::Unknown, undos_to_recover: undos }
    }

    #[test]
    fn the_words_match_the_apps() {
        let place = |tile: usize| (tile / 10, tile % 10);
        let play = Some(Move { tile: 23, colour: 1 });
        let said = |h: &Hint, s| {
            let (first, second) = words(h, s, place);
            for line in [Some(&first), second.as_ref()].into_iter().flatten() {
                assert!(line.chars().count() <= 78, "{line}");
            }
            second.map_or(first.clone(), |more| format!("{first} {more}"))
        };
        let move_words = "Paint the marked region (row 2, column 3) with colour 2.";
        assert_eq!(said(&hint(play, Reach::Yes, None), Status::Playing), move_words);
        assert_eq!(
            said(&hint(play, Reach::Unknown, None), Status::Playing),
            format!("{move_words} Not sure par is still in reach: no proof either way in time.")
        );
        assert_eq!(
            said(&hint(play, Reach::No, Some(1)), Status::Playing),
            format!("{move_words} Par is out of reach: undo 1 move to get it back.")
        );
        assert_eq!(said(&hint(play, Reach::No, None), Status::Playing), format!("{move_words} Par is out of reach."));
        let over = hint(None, Reach::No, Some(2));
        assert_eq!(said(&over, Status::Won(Grade::Ok)), "Solved, one over par. Undo 2 moves to try for par.");
        assert_eq!(said(&over, Status::Failed), "Out of moves. Undo 2 moves to bring par back in reach.");
        let none = hint(None, Reach::No, None);
        assert_eq!(said(&none, Status::Failed), "Out of moves. Start again to try for par.");
        assert_eq!(said(&none, Status::Won(Grade::Perfect)), "Solved in par: there is nothing left to hint.");
    }

    fn strip() -> Game {
        let source = "name = \"s\"\npar = 3\npalette = [\"#000000\", \"#FFFFFF\", \"#FF0000\"]\ntiling = \"squares\"\ngrid = \"0102010\"\n";
        Game::new(Arc::new(parse_level("s", "s.toml", source).unwrap()))
    }

    #[test]
    fn a_search_answers_off_the_calling_thread_and_dropping_it_cancels() {
        let game = strip();
        let search = Search::start(&game, Cache::default()).unwrap();
        let (found, _) = loop {
            if let Some(found) = search.poll() {
                break found.unwrap();
            }
            thread::sleep(Duration::from_millis(5));
        };
        assert_eq!(found.revision, game.revision());
        assert_eq!(found.par, Reach::Yes);
        assert!(found.next.is_some());
        let flag = {
            let search = Search::start(&game, Cache::default()).unwrap();
            Arc::clone(&search.cancel)
        };
        assert!(flag.load(Ordering::Relaxed), "dropping the search cancels it");
    }
}
