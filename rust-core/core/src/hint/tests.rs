//! Tests of hints: what they claim, what the cache keeps, and the search for undos.

use super::*;
use crate::level_file::parse_level;

/// A strip 0 1 0 1 0 1 0 (squares): par 3, flood from the middle.
fn game() -> Game {
    let source = "name = \"h\"\npar = 3\npalette = [\"#000000\", \"#FFFFFF\", \"#FF0000\"]\ntiling = \"squares\"\ngrid = \"0101010\"\n";
    Game::new(Arc::new(parse_level("h", "h.toml", source).unwrap()))
}

#[test]
fn hints_lead_to_a_perfect_win() {
    let mut g = game();
    let mut cache = Cache::default();
    for left in (1..=3).rev() {
        let h = hint(&Position::of(&g), &mut cache, &Budget::default());
        assert_eq!((h.remaining, h.proven, h.par, h.undos_to_recover), (left, true, Reach::Yes, None));
        assert_eq!(h.revision, g.revision());
        g.play(h.next.unwrap()).unwrap();
    }
    assert_eq!(g.status(), Status::Won(crate::game::Grade::Perfect));
    let h = hint(&Position::of(&g), &mut cache, &Budget::default());
    assert_eq!((h.next, h.remaining), (None, 0));
}

#[test]
fn a_wasted_move_costs_par_and_one_undo_recovers_it() {
    let mut g = game();
    // Joining an end to its neighbour leaves a strip of six: one move more than par.
    g.play(Move { tile: 0, colour: 1 }).unwrap();
    let h = hint(&Position::of(&g), &mut Cache::default(), &Budget::default());
    assert_eq!((h.remaining, h.par, h.ok, h.undos_to_recover), (3, Reach::No, Reach::Yes, Some(1)));
    // A third colour on the board costs more still.
    g.play(Move { tile: 0, colour: 2 }).unwrap();
    let h = hint(&Position::of(&g), &mut Cache::default(), &Budget::default());
    assert_eq!((h.par, h.ok, h.undos_to_recover), (Reach::No, Reach::No, Some(2)), "{h:?}");
}

#[test]
fn a_par_below_the_optimum_is_not_recovered_by_undoing() {
    // The strip needs 3 moves; a hand-made file claims 2.
    let source = "name = \"h\"\npar = 2\npalette = [\"#000000\", \"#FFFFFF\", \"#FF0000\"]\ntiling = \"squares\"\ngrid = \"0101010\"\n";
    let mut g = Game::new(Arc::new(parse_level("h", "h.toml", source).unwrap()));
    let h = hint(&Position::of(&g), &mut Cache::default(), &Budget::default());
    assert_eq!((h.remaining, h.par, h.ok, h.undos_to_recover), (3, Reach::No, Reach::Yes, None));
    // Neither one undo (the old answer) nor any other brings par back.
    // The optimal line from the middle: 0 1 [000] 1 0, then 0 [11111] 0.
    for (moves, colour) in [(1, 0), (2, 1)] {
        g.play(Move { tile: 3, colour }).unwrap();
        let h = hint(&Position::of(&g), &mut Cache::default(), &Budget::default());
        assert_eq!((h.remaining, h.par, h.undos_to_recover), (3 - moves, Reach::No, None), "{h:?}");
    }
}

#[test]
fn the_cache_follows_the_solution_it_found() {
    let mut g = game();
    let mut cache = Cache::default();
    let first = hint(&Position::of(&g), &mut cache, &Budget::default());
    g.play(first.next.unwrap()).unwrap();
    // A budget of one node would not prove anything: the answer comes from the cache.
    let tiny = Budget { max_nodes: Some(1), ..Budget::default() };
    let second = hint(&Position::of(&g), &mut cache, &tiny);
    assert_eq!((second.remaining, second.proven), (2, true));
}

#[test]
fn a_hint_off_the_cached_line_replays_it() {
    // rings-2 (par 9, which the printer bound at the search's start proves): a hint at the
    // start, then a move off its line in a corner. With a budget of one node, only the
    // cached line replayed on the new board can show that par + 1 is still in reach.
    let source = include_str!("../../../cli/bench/3-rings/rings-2.toml");
    let mut g = Game::new(Arc::new(parse_level("rings-2", "rings-2.toml", source).unwrap()));
    let mut cache = Cache::default();
    let start = hint(&Position::of(&g), &mut cache, &Budget::default());
    assert_eq!((start.remaining, start.proven), (9, true));
    let corner = g.board().colour(0).unwrap();
    g.play(Move { tile: 0, colour: (corner + 1) % 5 }).unwrap();
    let tiny = Budget { max_nodes: Some(1), ..Budget::default() };
    let replayed = cache.replay(g.board(), 5).expect("the line still wins");
    let mut check = scratch_game(g.board(), 5).unwrap();
    for &m in &replayed {
        check.play(m).unwrap();
    }
    assert_eq!((check.colours_left(), replayed.len()), (1, 9));
    let h = hint(&Position::of(&g), &mut cache, &tiny);
    assert_eq!((h.remaining, h.ok), (9, Reach::Yes), "{h:?}");
    assert_eq!(hint(&Position::of(&g), &mut Cache::default(), &tiny).ok, Reach::Unknown);
}

#[test]
fn a_game_past_par_plus_one_gets_a_line_without_a_proof() {
    // rings-3 needs 8 moves, proven in some 70,000 nodes. With a par of 3, neither par nor
    // par + 1 is in reach from the start, which the lower bound shows at once: the hint
    // gives the quick search's winning line and spends no more nodes proving it shortest.
    let source = include_str!("../../../cli/bench/3-rings/rings-3.toml").replace("par = 8", "par = 3");
    let g = Game::new(Arc::new(parse_level("rings-3", "rings-3.toml", &source).unwrap()));
    let found = solve_for_par(g.board(), 4, 3, None, &Budget::default(), None);
    assert!(found.lower_bound > 4 && found.nodes <= QUICK_NODES, "{found:?}");
    let mut check = scratch_game(g.board(), 4).unwrap();
    for &m in &found.moves {
        check.play(m).unwrap();
    }
    assert_eq!(check.colours_left(), 1);
    let h = hint(&Position::of(&g), &mut Cache::default(), &Budget::default());
    assert_eq!((h.par, h.ok, h.remaining), (Reach::No, Reach::No, found.moves.len() as u32), "{h:?}");
}

#[test]
fn where_par_is_proven_out_of_reach_the_hint_searches_no_further() {
    // 09-patterns/argyle, par 10, which the printer bound proves at the start. A move in a
    // corner leaves 11 moves at best; the quick search's bound puts par out of reach at
    // once. Proving par + 1 out of reach too, which no screen shows, took 6 M nodes.
    let level = Arc::clone(crate::catalogue::Catalogue::shipped().level("09-patterns/argyle").unwrap());
    let mut g = Game::new(level);
    g.play(Move { tile: g.board().tile(0, 7).unwrap(), colour: 2 }).unwrap();
    let found = solve_for_par(g.board(), 4, 9, None, &Budget::default(), None);
    assert!(found.lower_bound > 9 && found.nodes <= QUICK_NODES, "{found:?}");
    let h = hint(&Position::of(&g), &mut Cache::default(), &Budget::default());
    assert_eq!((h.par, h.undos_to_recover), (Reach::No, Some(1)), "{h:?}");
    assert_ne!(h.ok, Reach::Yes, "{h:?}");
}

#[test]
fn facts_answer_for_more_moves_and_for_fewer() {
    let mut g = game();
    let board = g.board().clone();
    let mut cache = Cache::default();
    cache.learn(&board, 3, Reach::Yes);
    cache.learn(&board, 1, Reach::No);
    cache.learn(&board, 2, Reach::Unknown);
    let answers: Vec<Reach> = (0..5).map(|moves| cache.reach(&board, moves)).collect();
    assert_eq!(answers, [Reach::No, Reach::No, Reach::Unknown, Reach::Yes, Reach::Yes]);
    g.play(Move { tile: 0, colour: 1 }).unwrap();
    assert_eq!(cache.reach(g.board(), 3), Reach::Unknown);
    for moves in 0..100 {
        cache.learn(&board, moves, Reach::Yes);
    }
    assert_eq!(cache.facts.len(), MAX_FACTS);
}

#[test]
fn a_game_won_past_par_teaches_the_cache_nothing_false() {
    // The strip won in four moves, one past par: par is out of reach, but not because the
    // won board cannot be finished within no moves.
    let mut g = game();
    for (tile, colour) in [(0, 1), (3, 0), (3, 1), (6, 1)] {
        g.play(Move { tile, colour }).unwrap();
    }
    assert!(g.status().is_finished());
    let mut cache = Cache::default();
    let h = hint(&Position::of(&g), &mut cache, &Budget::default());
    assert_eq!((h.remaining, h.par), (0, Reach::No));
    assert_ne!(cache.reach(g.board(), 0), Reach::No);
}

/// A game of a shipped level after `moves` (row, column, colour), and its position.
fn shipped_after(id: &str, moves: &[(usize, usize, u8)]) -> (Game, Position) {
    let level = Arc::clone(crate::catalogue::Catalogue::shipped().level(id).unwrap());
    let mut g = Game::new(level);
    for &(row, col, colour) in moves {
        g.play(Move { tile: g.board().tile(row, col).unwrap(), colour }).unwrap();
    }
    let position = Position::of(&g);
    (g, position)
}

#[test]
fn where_fewer_undos_would_take_a_long_proof_the_count_is_only_proven_enough() {
    // 08-summit/spire, three moves in, the first of them wasted. That par is out of reach
    // after it takes a search of some 650,000 nodes, far past what the probes may spend: the
    // answer is to start again, which the start's par line proves enough (and which that
    // search, given the nodes, proves the fewest).
    let (g, position) = shipped_after("08-summit/spire", &[(10, 2, 1), (20, 9, 1), (8, 9, 3)]);
    let mut cache = Cache::default();
    assert_eq!(undos_to_recover(&position, &mut cache, &Budget::default(), None), Some(3));
    let mut after = Game::new(Arc::clone(g.level()));
    assert_eq!(cache.reach(after.board(), 10), Reach::Yes);
    after.play(position.played[0]).unwrap();
    assert_eq!(cache.reach(after.board(), 9), Reach::Unknown);
    let palette = g.level().palette().len();
    let reach = |nodes| {
        let s = solve(after.board(), palette, &Budget { max_moves: Some(9), max_nodes: nodes, ..Budget::default() });
        Reach::of(0, s.moves.len() as u32, s.lower_bound, 9)
    };
    assert_eq!((reach(Some(UNDO_NODES)), reach(None)), (Reach::Unknown, Reach::No));
}

#[test]
fn the_cache_keeps_what_the_search_for_undos_proved() {
    // 08-summit/saddle, three moves in: the first leaves par in reach, which takes a search
    // of some 12,000 nodes to show, and the second does not. A later hint need not search
    // again; without what the first proved, 5,000 nodes can only show that starting again
    // is enough.
    let (_, position) = shipped_after("08-summit/saddle", &[(14, 2, 0), (7, 5, 4), (11, 0, 1)]);
    let mut cache = Cache::default();
    let found = undos_to_recover(&position, &mut cache, &Budget::default(), None);
    assert_eq!(found, Some(2));
    let tiny = Budget { max_nodes: Some(1), ..Budget::default() };
    assert_eq!(undos_to_recover(&position, &mut cache, &tiny, None), found);
    let small = Budget { max_nodes: Some(5_000), ..Budget::default() };
    assert_eq!(undos_to_recover(&position, &mut Cache::default(), &small, None), Some(3));
}

#[test]
fn a_hint_on_several_threads_proves_what_one_thread_does() {
    // rings-3 with a par of 7, one below its optimum: the hint must prove 7 moves too few,
    // which takes some 70,000 nodes, past the one-thread start.
    let source = include_str!("../../../cli/bench/3-rings/rings-3.toml").replace("par = 8", "par = 7");
    let g = Game::new(Arc::new(parse_level("rings-3", "rings-3.toml", &source).unwrap()));
    let one = hint(&Position::of(&g), &mut Cache::default(), &Budget::default());
    let two = hint(&Position::of(&g), &mut Cache::default(), &Budget { threads: 2, ..Budget::default() });
    assert_eq!((one.remaining, one.proven, one.par, one.ok), (8, true, Reach::No, Reach::Yes));
    assert_eq!((two.remaining, two.proven, two.par, two.ok), (one.remaining, true, one.par, one.ok));
}

#[test]
fn reach_is_yes_with_a_line_in_hand_no_with_a_bound_past_it_else_unknown() {
    assert_eq!(Reach::of(2, 3, 3, 5), Reach::Yes);
    assert_eq!(Reach::of(2, 4, 4, 5), Reach::No);
    assert_eq!(Reach::of(2, 5, 3, 5), Reach::Unknown);
    assert_eq!(Reach::of(2, 5, 4, 5), Reach::No);
}

#[test]
fn a_spent_budget_never_claims_par_lost() {
    // Four colours on a 6 × 6 grid, par its proven optimum; with one search node the answer
    // may be unproven, but par is never called out of reach.
    let grid = "012301\\n230123\\n301230\\n123012\\n012301\\n230123";
    let source = |par: u32| {
        format!(
            "name = \"h\"\npar = {par}\npalette = [\"#000000\", \"#FFFFFF\", \"#FF0000\", \"#00FF00\"]\ntiling = \"squares\"\ngrid = \"{grid}\"\n"
        )
    };
    let game = |par: u32| Game::new(Arc::new(parse_level("h", "h.toml", &source(par)).unwrap()));
    let board = game(99).board().clone();
    let full = solve(&board, 4, &Budget::default());
    assert!(full.optimal);
    let optimum = full.moves.len() as u32;
    let tiny = Budget { max_nodes: Some(1), ..Budget::default() };
    let h = hint(&Position::of(&game(optimum)), &mut Cache::default(), &tiny);
    assert_ne!(h.par, Reach::No, "{h:?}");
    assert_eq!(h.par == Reach::Yes, h.remaining == optimum, "{h:?}");
    // With par far off, a line within it is enough: the hint need not prove it shortest.
    let easy = hint(&Position::of(&game(99)), &mut Cache::default(), &Budget::default());
    assert_eq!((easy.par, easy.ok), (Reach::Yes, Reach::Yes), "{easy:?}");
    assert_eq!(h.undos_to_recover, None);
}
