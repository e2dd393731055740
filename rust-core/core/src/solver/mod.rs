//! The optimal solver: the fewest moves that make a board one colour.
//!
//! The board becomes its region graph (one node per region), split into islands that holes cut
//! off from each other. Islands never interact, so the optimum is `min over colours d of
//! Σ cost(island, d)`, where `cost(island, d)` is the fewest moves that make the island one region
//! of colour `d`. On an island of several regions the last move of a shortest sequence merges, so
//! `cost(island, d)` is the island's optimum `f` when some shortest sequence ends in `d`, and
//! `f + 1` otherwise (flood it, then recolour it); an island of one region costs 0 or 1. Each
//! island is solved once for any colour and then, only where it could change the total, for a
//! given colour.
//!
//! # Map
//! - `graph.rs`: the region graph and its islands.
//! - `island.rs`: one island being solved (its first answers, its proof for any final colour and
//!   for a given one); `solve` here combines the islands over the final colour.
//! - `budget.rs`: what a solve may spend, and the meter that stops it.
//! - `beam.rs`: the first answer, a beam search over single-blob lines (the upper bound every
//!   search starts from); `greedy.rs`: the greedy flood every island tries first, kept as the
//!   fallback.
//! - `anytime.rs`: that line shortened while the proof runs, where a solve has no node budget.
//! - `search.rs`: IDA* on one island, its move rule and transposition-table use, with their
//!   proofs; `search/moves.rs`: the moves a node lists by those rules, and the children worked
//!   out before they are played; `search/children.rs`: the bounds a node and its children are
//!   tested against, and the children searched; `search/shared.rs`: the same search shared out
//!   among threads.
//! - `position.rs`: an island in play (regions as bitsets, play and undo, a hash); its lower
//!   bounds each in their own file: `position/colour.rs` (colours left), `position/schedule.rs`
//!   (the colour schedule), `position/gather.rs` (the schedule with waits from how soon a
//!   colour's regions can be joined), `position/gather_after.rs` (that bound after a move,
//!   unplayed), `position/rim.rs` (radius and rim bound) and
//!   `position/printer.rs` (the strange-printer count along paths), each with its proof.
//! - `distance.rs`: all-pairs distances kept up to date as moves contract regions.
//! - `symmetry.rs`: mirror images and the half turn that map a board onto itself.
//! - `table.rs`: the transposition table of learned lower bounds, and a small one per thread of
//!   the children cut before they were played.
//! - `FIGURES.md`: what the solver measured, session by session (the README has the latest).
//! - `tests.rs`: tests of the solver as a whole (each part's own tests sit in its file).
//!
//! # How it solves
//! - **First answer.** Each island first gets a line from a beam search over single-blob lines
//!   (`beam.rs`): grow one blob from each of the 64 most central regions (least eccentricity; the
//!   double-sweep estimate alone missed the centre of ring-like boards), all in one beam; at each
//!   depth keep the best blobs by max(eccentricity, colours left − 1), larger first; widths 4, 16,
//!   64, 256, 1024 while the work (blob growths) stays under the square of the island's regions
//!   (at least 4,096, at most 40,000), stopping once a line meets the island's lower bound. It
//!   keeps the shortest line per final colour, so islands combine without a recolour where one
//!   already ends in the shared colour; the greedy flood (`greedy.rs`) stays as the fallback.
//!   Islands of up to 48 regions then get a search of 4,096 nodes from that line (single-blob
//!   lines can be moves too long there, and such islands are proven in a few hundred nodes). The work is counted, never timed,
//!   so the answer is the same on every device (the generator and the daily puzzle's live rule
//!   depend on it; the weekend boards of 2026–2030 are data, `levels/dailies/weekends.txt`, so
//!   a change in node counts no longer changes them: see `daily.rs`).
//! - **Shorter lines while the proof runs.** Where the solve has no node budget (a time budget or
//!   none: `kami solve`, hints), a proof that has not ended within 524,288 nodes per thread is
//!   run in stages, and between them the line is shortened by the beam run again from each
//!   position along the line, and by a move joining regions of one colour before the beam, from
//!   the start and from each position along the line (`anytime.rs`). With 10 s, they shorten the
//!   first answers of the hard corpus's `stripes-1`, `stripes-4` (15 to 14), `stripes-5` (14 to
//!   its proven 13), `stripes-dense-1` (19 to 18) and `stripes-dense-4` (17 to 16). The generator
//!   and the daily puzzle, whose proofs have node budgets, never take this path, and on the
//!   others it is counted, never timed.
//! - **Proof.** IDA* from that upper bound, so only bounds below it are searched. It starts from
//!   the largest of the bounds below at the start, the gather bound among them
//!   (`position/gather.rs`: one above the colour schedule at the start of all 16 organic and
//!   speckled boards of `kami bench` and all 8 ring boards, and above every other bound at the
//!   start of 15 of them, where no one move can bring a colour's regions beside one region;
//!   at every node it costs more than it cuts (see "Tried and dropped"), so below the start it is
//!   worked out only where the schedule leaves one move to spare, to cut children unplayed), and
//!   from the printer bound where that is the largest (`position/printer.rs`: on ring and band boards,
//!   whose colours come in an order no move order meets on every side, it is often the optimum,
//!   and the proof is then over at once), and, where the other bounds at the start are two or
//!   more below it, works it out again below any node where it equals the moves left
//!   (`Search::printer`; each time counted as nodes so budgets hold: `spire` 927 k nodes to
//!   204 k, `herringbone` 52 k to 22 k); each node is bounded by the colour
//!   bound, the colour schedule and the rim bound (`position/colour.rs`, `position/schedule.rs`,
//!   `position/rim.rs`), a transposition table of learned bounds (two slots per position, the
//!   lower bound giving way), merging moves only (some shortest sequence uses no other but a
//!   last recolour to a target colour: proof in `search.rs`, "Moves"; it cut the nodes 4-7x on
//!   the hardest boards), leaf moves (of a region with one neighbour) only where leaf moves
//!   alone could finish (`search.rs`, "Leaves"), the skipping of merging moves that commute with
//!   the last one and were tried before it (`search.rs`, "Commuting moves"), children tested
//!   against the bounds before they are played (where the radius, the rim bound or the colour
//!   schedule is tight, the regions whose moves cannot bring it down not even listed; where the
//!   schedule leaves one move to spare, a child's schedule worked out unplayed, and the child cut
//!   if none of its moves could bring it down; and where the gather bound leaves none, each
//!   child's gather bound worked out unplayed: `search/children.rs`, "Bounds"), and on symmetric
//!   boards one move of each mirror-image pair while the
//!   position is symmetric and one table entry for a position and its mirror images.
//! - **Threads.** `Budget::threads` (`kami solve --threads N`, `kami bench --threads N`) searches an
//!   island on several threads sharing one table, once [`SOLO_NODES`] nodes on one thread have
//!   not proven it: in each iteration the threads take the positions a move or a few from the
//!   start one at a time, and a thread with none left helps with the ones still being searched,
//!   trying their moves in the other order (`search/shared.rs`). The length found is the same;
//!   which line, and the node count, can depend on timing, so the generator and the daily puzzle
//!   use one thread. Hints use the device's cores (up to 4), `kami solve` all of the machine's.
//! - **Budgets.** Solves stop on nodes, time, a cancel flag or a move limit (`Budget::max_moves`,
//!   for callers that only ask "can it be won in N?": yes from the first answer, no once the bound
//!   passes N), and keep memory bounded (the table's budget; distance copies capped at 24 MiB per
//!   thread, fewer threads where that would not fit). An unfinished solve reports its best line and
//!   proven bound and never calls an answer optimal that it has not proven.
//!
//! This is Free-Flood-It in the literature (NP-hard in general: Meeks and Scott, "The complexity
//! of flood-filling games on graphs", 2012). What we use from it is the region-graph view and the
//! folklore bounds of Flood-It solvers (colours left, graph radius); the colour schedule and the
//! rim bound strengthen them, and the printer bound rests on their spanning-tree theorem
//! ("Spanning trees and the complexity of flood-filling games", 2012).
//!
//! # Tried and dropped
//! - Stronger distance bounds (counting colours near a centre, or half distances per colour),
//!   which could not be proven or which the brute force showed to overshoot the optimum.
//! - Solving an island as independent parts split at a cut region: a small counterexample
//!   refutes it.
//! - The optimum of a connected piece of the board (a path through stripes, a ring) as a lower
//!   bound: not admissible. A brute force over random graphs of up to 8 regions found pieces
//!   that need more moves than the whole board, even induced ones in a properly coloured region
//!   graph: the path 7-1-2-5-6-3-4 coloured 3 2 0 1 3 2 0 needs 5 moves, but with region 0
//!   (colour 3, touching 1, 2 and 3) added it needs 4, because recolouring region 0 joins the
//!   two regions of colour 2 at once. Dropping edges or regions lets a board need more, never
//!   only fewer, so no table of small pieces' optima bounds the whole.
//! - A rim bound over every region, not only the centres: the least eccentricity plus the
//!   colours of the rim less one. No random graph of up to 12 regions needs fewer moves (about
//!   80,000 tried), but a move can lower it by two, so the rim bound's proof does not carry over,
//!   and at the start of the 32 speckled, ring and stripe boards of `kami bench` it equals the
//!   bounds above on every one: no proof, and no gain there.
//! - Bounds along paths from only the colours that every path between two regions meets in
//!   order (regions of one colour that cut the board): 2–7 at the start of the 32 speckled, ring
//!   and stripe boards, where the bounds above give 6–13, as paths go around ragged stripes and
//!   speckles. The printer bound (`position/printer.rs`) takes the least strange-printer count
//!   over all paths exactly instead, and at the start of those boards it gives 5–12: equal to the
//!   optimum on six of the eight ring boards, and at most one above the other bounds on stripes.
//! - The rim bound one move further: the radius plus two unless some centre's rim (the regions
//!   farthest from it) has at most two colours. Refuted by the brute force: the 8-region graph
//!   with edges 0-2 0-3 0-4 1-3 1-4 2-6 2-7 3-7 4-5 4-6, coloured 3 3 1 1 1 3 2 0, has radius 2
//!   and floods in 3 moves, yet its one centre (region 0) has a rim of three colours. With "or
//!   some region of eccentricity radius + 1 has a rim of one colour" added, about 14,000 random
//!   graphs of up to 11 regions found no counterexample, but that is the rim bound over every
//!   region (above) capped at two over the radius, and unproven: in an induction on the moves,
//!   a centre's rim before the first move may hold regions that the move brought one step
//!   closer, of any colour.
//! - Searching one island on several threads that share out the start's moves, each with its
//!   own table: see `kami bench --threads` for what it gives.
//! - The printer bound at every node, not only at the start. It cuts nodes where the other bounds
//!   are tight (`08-summit/spire` 927 k nodes to 4 k, `09-patterns/tessera` 1.10 M to 181 k,
//!   `rings-8` 508 k to 71 k, with it at nodes with four moves or more left), but it costs some
//!   80 µs on a board of 100 regions, the work of 300 nodes: tessera took 0.99 s instead of
//!   0.28 s, and the 151 shipped levels' slowest proof 1.0 s instead of 0.3 s. Kept at the
//!   start, where it costs a few milliseconds once, and below nodes where it is tight, where a
//!   move that wastes anything is cut (at depth 3 or less, or only where the other bounds leave
//!   a gap of one, it cost more than it cut too).
//! - The printer test below a tight node moved after the move listing, so that it runs only
//!   where the colour schedule leaves some move (2026-11-27, after the schedule's bound for all
//!   of a region's moves): `spire` 65 ms to 80, `chevron` 46 to 61. The printer bound cuts many
//!   positions before the listing that the schedule cuts only move by move.
//! - Where the colour schedule leaves no move to spare, skipping the other colours' marks once a
//!   colour that every lowering move must lower has none (2026-11-27, sixth session): no such
//!   colour ever came up on `organic-speckled-2`, `-3` or `organic-4`, as lowering every other
//!   colour's wait always lowers the schedule (the waits shift a place); the test cost 5%.
//! - Carrying the parent's far-apart sets over to a child (those the move leaves far apart) in
//!   place of the child's own: the same schedule on 600 k children of `organic-speckled-1`, but
//!   other sets mark other regions, and the children listed more moves (`organic-speckled-2`
//!   39 k nodes to 91 k, `organic-speckled-3` 1.27 G instructions to 1.62 G); as a test of
//!   children unplayed, those sets found 48% of them with no move that fits, where 72% list no
//!   move when played. The child's own sets, picked from the distances after the move, are what landed.
//! - Where the colour schedule after a move is worked out unplayed and leaves that child no move
//!   to spare, testing each of the child's own moves there too, as the child would (the
//!   distance to its move's star `S'` is `min(d(a, S'), d(a, S) + d(S, S'))` for the first star
//!   `S`), and cutting the child where none passes, if at most four of its regions could lower
//!   the schedule (2026-11-28): it cut 60% of the children it tested on `organic-speckled-1`
//!   (1.63 M nodes to 1.28 M; `organic-speckled-2` 39 k to 27 k), but cost as much as playing
//!   them had (`organic-speckled-1` 1.85 s either way, instructions 3% fewer on
//!   `organic-speckled-1-lr` and 2% more on `organic-speckled-2`); without the cap of four
//!   regions, `organic-4` took 130 ms instead of 83.
//! - Watching the printer bound one move before it is tight too (in the iteration one above it,
//!   and below nodes it leaves one move to spare): `09-patterns/tessera` 1.10 M nodes to 916 k
//!   counted (the bound's work included) but 295 ms to 495 ms, `gingham` 1.12 M to 1.47 M.
//! - Re-running the beam from each position along the first line, keeping any shorter rest,
//!   until none is, as part of the first answer: on the 56 hard boards it shortens 2 of the 22
//!   lines left unproven in a second (`stripes-1`, `stripes-8`, 15 to 14) and none of the dense
//!   stripes, on the shipped levels it puts 131 first answers at par instead of 127, and it costs
//!   50–160 ms on boards of 150–175 regions (the first answer's target is 50 ms). It is now one
//!   of the steps taken while a long proof runs (`anytime.rs`), where its cost is paid only by
//!   proofs that take far longer.
//! - An exact search of the line's last 6, 8, 10, 12 and 14 moves (20,000, 100,000 and 400,000
//!   nodes, one with each group of steps) as a step while the proof runs: it shortened none of
//!   the lines of `stripes-dense-1`, `-3`, `-7`, `stripes-2` and `-4` with 1 s or 10 s, whose
//!   ends are already shortest from where they start; what it spent, the proof lacked
//!   (`stripes-dense-3` reached a bound of 13 in 10 s instead of 14).
//! - The distance update (`Distances::contract`, a quarter of the instructions on
//!   `07-deep-water/narwhal`) written over 32-byte blocks for the compiler to vectorise: 1.556 G
//!   instructions to 1.562 G on `narwhal`, 1.493 G to 1.509 G on `tessera`; the plain loop stays.
//! - A shared table allocated at its full size (it could not grow while shared): two threads
//!   were then barely faster than one (`search/shared.rs`, "Measured").
//! - A bound for growing one blob from a centre `c`: the least over `c` of the largest over `t`
//!   of `t − 1` plus the colours at distance `t` or more from `c`, which holds for single-blob
//!   lines. Not admissible: on the path 0 1 0 2 0 two moves at once far apart flood it in 2,
//!   and the bound says 3 (a brute force over random graphs of up to 10 regions found it at once).
//! - A first answer that plays one move joining regions of one colour first (any of the 16 that
//!   swallow the most, two or more), then the beam (2026-11-28): a two-blob line whose second
//!   blob is one move, as `08-summit/alpenglow`'s optimum is. It put 133 of the 151 shipped first
//!   answers at par instead of 127, but the first answers took 753 ms in all instead of 135 (the
//!   slowest 86 ms instead of 7), and the proofs 1.73 s instead of 1.16. It is now a step while
//!   a long proof runs (`anytime.rs`, ninth session), where it shortened 5 hard-corpus lines.
//! - The printer bound at every node a few moves from the start, in every iteration (depth 3 to
//!   6, 2026-11-28): `organic-speckled-1` 1.9 s to 4.1, `organic-speckled-7` 3.0 s to 9.4–10.6,
//!   `organic-4` 79 ms to 225–231; in `stripes-1`'s iteration to 13 it cut none of the 64 nodes of
//!   depth 3 or less that it was worked out at.
//! - A table of 1 GiB instead of 32 MiB for long proofs (2026-11-28): `organic-speckled-8` 3.43 M
//!   nodes either way, `organic-speckled-5` the same bound after 40 s (29.4 M nodes against
//!   31.6 M). IDA* with these bounds revisits few positions a table of 32 MiB has lost.
//! - Per-node work tried and measured in instructions (`valgrind --tool=callgrind`, `kami solve
//!   FILE --threads 1`; the same nodes in each case), none kept: the star of a move and its
//!   distances kept between the rim test and the schedule test of one child (rarely both run:
//!   `organic-speckled-3` 2.83 G to 2.84 G); the schedule test's distances to the star read per
//!   member from the matrix instead of one pass over the star's rows (2.83 G to 3.47 G); a first
//!   pass of it without the star, from each member's distance to the moved region less one (most
//!   tested moves are near some set, so the star is needed anyway: `organic-speckled-4` 2.53 G to
//!   2.71 G); the rim test read from lists of the regions `t` or more from each candidate centre
//!   instead of a pass over the row (`tessera` 1.43 G to 2.00 G); those lists of far regions
//!   made only where a rim test needs them, with the candidates' farthest regions found by passes
//!   instead (1–5% more); the `popcnt` instruction, once a region's neighbours are tallied by
//!   colour without it (1–2%; since the gather test after a move counts bits, 9%, and x86-64
//!   builds now use it: `.cargo/config.toml`); a table of 512 MiB instead of 32 (the same nodes
//!   on `organic-speckled-1` and `alpenglow`); in the gather test after a move, the regions within
//!   2 of its star as those not more than 2 from some member, by the far sets the test keeps per
//!   position, instead of the neighbours of its ring (2026-11-30: `organic-speckled-8` 6.67 G to
//!   6.61 G, as the members' far sets cost nearly what the ring's neighbours did).
//! - Two colours merged into one as a lower bound (2026-11-28, ninth session). It is admissible:
//!   a step `(c, K)` of "Moves" in `search.rs` is a step `(c', K)` once `c` is renamed `c'`, so
//!   the merged board needs no more moves. But it is weak where the bounds above are weak: the six
//!   merges of `stripes-1` (printer bound 11, optimum 14) need 8, 9, 9, 9, 10 and 11 moves.
//! - The printer bound at every node of the stripes' long iterations (2026-11-28): `stripes-2`'s
//!   iteration to 12 counted 45 M nodes instead of 20 M (the bound's work included), and in 40 s
//!   `stripes-4` reached a bound of 12 instead of 13.
//! - Wider beams (256, 1,024, 4,096 and 16,384 blobs) among the steps that shorten the line while
//!   the proof runs (2026-11-28, tenth session). They shortened three lines of the hard corpus
//!   while the first answer grew from 8 seeds; from 64 seeds they shorten none of the 56 first
//!   answers, and `kami bench rust-core/cli/bench/ --time 10` ends with the same lines and bounds
//!   without them.
//! - With the rim filter (2026-11-28, twelfth session; `distance.rs`, `Centres::could_fit`):
//!   testing every far region of a candidate centre instead of the two farthest (`orbit` 108 k
//!   nodes to 90 k, the others 1% fewer, and more time on all); one region per colour of a
//!   centre's rim instead of every one (half the work, but `orbit` 48 k nodes instead of 23 k);
//!   the rims of only the regions the listing will visit (`tessera` 1.18 G instructions to
//!   1.24 G). The printer bound below tight nodes does not pay everywhere: without it `massif`
//!   takes 30 ms instead of 60, `meander` 9 instead of 14, but `alpenglow` 66 instead of 20,
//!   `spire` 66 instead of 37 and `chevron` 54 instead of 26, and all 151 shipped proofs 951 ms
//!   instead of 832. Nodes are no guide to which (`spire` counts more nodes with it, and is
//!   faster), and worked out after the move listing, where some move is left, it cost more on
//!   every board tried (`massif` 1.21 G instructions to 1.48 G). What tells them apart is how
//!   far the other bounds at the start lie below it: one move on the first, two on the others
//!   (see `Search::printer`).
//! - Where a child's colour schedule is worked out unplayed and is tight, marking first the
//!   colours whose wait every move that lowers the schedule must lower (those without which it
//!   stays, even with every other wait lowered), so that a child where no region lowers them
//!   all is found stuck without the other colours' marks (2026-11-28, thirteenth session). On
//!   `organic-speckled-1` and `-2` no colour was ever needed (with the other four or five
//!   lowered, the schedule always falls), and the test cost 4% (`organic-speckled-2` 854 M
//!   instructions to 887 M).
//! - A solve asked only whether `max_moves` suffice (a hint's probes), searching the iteration
//!   at `max_moves` at once instead of going up from the bound (2026-11-28, thirteenth session):
//!   an iteration to a bound exhausts every shorter line too, so the answer would be the same,
//!   but the 164 probes of 302 hints that prove par out of reach took 3.97 s in all against
//!   3.77 s, the same answers (one run each, on a machine busy with other work: no gain beyond
//!   noise; the iterations below the last cost little, and their table helps it). What those
//!   probes cost is the proof itself: after a wasted first move, par out of reach is two moves
//!   above the bound at the start (`spire` 657 k nodes).
//! - The printer bound for a given final colour (2026-11-28, fourteenth session). Meeks and
//!   Scott's theorem holds for each final colour `d`, so the moves that flood the easiest
//!   spanning tree to `d`, restricted to the path between two regions and taken back, print it
//!   with the first print (under all the others) in `d`: the island needs at least the least over
//!   `d` of the largest `F_d(u, w)` less one, `F_d` the fewest such prints over walks. With a
//!   virtual first region of colour `d`, `F_d(u, w)` is the least of `1 + F(u, w)` and, over the
//!   regions `x` of colour `d`, `F(x, w)` (`x = u`) or `F(u, b) + F(x, w)` for a neighbour `b` of
//!   `x`, so it costs a pass over the printer bound's levels. It is one above the printer bound
//!   at the start of 14 of the 109 one-island boards of packs 6–10 and the hard corpus, and above
//!   every other bound at the start of `chimney`, `tartan`, `organic-speckled-5`, `-6` and
//!   `stripes-2`; a breadth-first brute force over 50,000 random graphs of up to 11 regions found
//!   no overshoot, nor did the solver's brute force with it in the search. But the iteration it
//!   saves is the cheapest: the 151 shipped proofs 1,746,177 nodes to 1,745,190 (6 levels
//!   changed, `herringbone` 18.1 k to 17.4 k below tight nodes, in more time),
//!   `organic-speckled-6` 1,589,597 to 1,589,596; nor faster hints, whose slow probes run
//!   below tight nodes (the 302 hints of `kami bench levels/ --positions 2`: p99 86–90 ms
//!   against 81–86). Not worth its code.
//! - Colours a path misses (the same session). The moves that act on the path are at least
//!   `F(P) − 1`, plus one for each colour absent from it: that colour's last move is either off
//!   the path or a print that later prints cover entirely (as is the first print, if the final
//!   colour is absent), and such prints can be dropped. So the island needs at least the least
//!   over paths of `F(P)` plus the colours `P` misses, less one (over colour subsets, the printer
//!   bound of the regions of those colours plus the colours left out). It was never above the
//!   printer bound at the start of those 109 boards: the cheapest paths between the hardest pairs
//!   meet every colour.
//! - A beam over whole positions (every merging move, not one blob), scored by the moves played
//!   plus the search's lower bound, fewer regions first among equals (2026-11-29, fifteenth
//!   session): never shorter than the lines known. `stripes-dense-1` 22 moves at width 8 and 19
//!   at widths 32 to 512 (0.5–8 s) against 18; at width 64 or 256, `stripes-2` 15 against 14,
//!   `stripes-5` 14 against 13, `stripes-dense-2` 18 against 17, and `stripes-1`,
//!   `stripes-dense-4`, `-7` and `organic-speckled-5` equal. Blob beams of any width, the steps
//!   along the line (`anytime.rs`) and this all stop at the same lengths, so on these boards the
//!   gap between line and bound most likely lies on the bound's side.
//! - A move order of the search's own choosing (2026-11-29, sixteenth session). The rule for
//!   commuting moves holds in any order if, after `M` from `Q`, it skips a commuting merging move
//!   `M'` (not a leaf move) unless `M'` is still waiting its turn among `Q`'s children: `Q + M'` is
//!   then known to fail, searched, cut by a bound or the table, not listed for a bound, or skipped
//!   for commuting with the move before `Q` (so its position was searched one level up). In the
//!   same order it skips more than the fixed key does (`tessera` 106 k nodes to 98 k, `gingham`
//!   86 k to 77 k; over 103 boards a geometric mean of 1.6% fewer) in 2% more time, as the moves it
//!   adds are ones the table or a bound cut at once. With it, the start's children tried in order
//!   of their lower bound (the colour schedule and the rim bound, played) in the iteration one
//!   below the known line: `sunrise` found its line in 5.5 k nodes instead of 71 k (51 ms to 15),
//!   `herringbone` in 2.6 k instead of 18 k, the hints on 228 positions along shortest lines the
//!   same (1.16 s in all), the 302 random hints 6% slower (a play per child of the start). But from
//!   the greedy line (every iteration ordered, so the one that finds a line at the optimum is) the
//!   103 boards of packs 6–10 and the organic, ring, symmetric and three speckled hard boards took
//!   a geometric mean of 0.92 of the nodes, with `tessera` 8x, `tarn` 13x and `prism` 42x more:
//!   children with room to spare head the order and have the largest subtrees. As a tie-break
//!   after the most swallowed, the same boards from the greedy line took 0.88 of the nodes
//!   (`organic-6` 20 k to 5.5 k, `glacier` 3.4 k to 8.2 k, no other over 1.07x; all nodes 2%
//!   fewer in 2.5% more time), but it left `sunrise` and `herringbone` as they were, and the 24
//!   boards whose first answer is above the optimum 166 k nodes to 147 k. The highest bound
//!   first took 2.6x the nodes (`rings-7` 2,600x), and the known line's move first at each depth
//!   along it 7.4x on the 24 boards whose first answer is above the optimum (`whalesong` 14 k to
//!   681 k, `rings-7` 260 to 317 k).
//! - The least over final colours `d` of the larger of the schedule and the rim bound for `d`,
//!   where the radius leaves no move to spare and the final colour must be that of a centre's
//!   one-colour rim (the same session): admissible, as the optimum is the least over `d` of the
//!   optimum for `d`, but it cut no node of `tessera`, `gingham`, `belay`, `spire`, `vortex`,
//!   `organic-4` or `organic-speckled-2`, and one of `rings-8`: where both are tight the listing
//!   has already found no move that lowers both.
//! - Colour waits from covers (the same session). If colour `c` is down to one region after `T`
//!   moves, its regions fall into the one region left and groups that were each recoloured away by
//!   a move of their own (two members recoloured by one move shared a region, and regions never
//!   split), so at most `T` groups; each group ended in one region within `T` moves, and a move
//!   lowers a set's radius (the least over regions of the farthest member) by one at most, as it
//!   does the graph's. So the regions of `c` are covered by `T + 1` balls of radius `T`: the wait
//!   is at least the least such `T`, which the far-apart sets bound from below (two members
//!   `2T + 1` apart share no ball). Worked out exactly (a small set cover) at the start of the
//!   speckled boards, it raises some colours' waits by one, and the schedule of
//!   `organic-speckled-4` and `-5` from 6 to 7, below their other bounds; at 371 nodes sampled
//!   where the schedule leaves no move to spare and 6 are left in `organic-speckled-1`'s last
//!   iteration, it raised none (waits 2 and 3 with 5 colours of 11–16 regions each). The printer
//!   bound at those nodes would cut 30% of them, at 11 µs each (2 s for the 185 k, about as long
//!   as the whole proof); at the 11 k with 7 left and one move to spare, none.
//! - Children cut by a bound before they are played recorded in the table, as those whose colour
//!   bound no move could lower are (2026-11-29, seventeenth session): `09-patterns/tessera`
//!   106 k nodes to 87 k, `gingham` 86 k to 81 k, `belay` 118 k to 110 k, in the same time or
//!   more: the table's writes cost what the tests they spare did.
//! - The last iteration split by final colour (2026-11-29, eighteenth session): the optimum is
//!   the least over `d` of the optimum for `d`, so "no line of `B` moves" is "none ending in `d`"
//!   for each `d`, and the bounds for a given colour are higher (the schedule cannot leave out
//!   another colour). From the greedy line, each search only the iteration one below the optimum:
//!   `09-patterns/tessera` 192 k nodes for any colour against 293 k for its four colours (192 k
//!   for colour 0 alone, whose bounds are no higher), `gingham` 152 k against 199 k,
//!   `organic-speckled-2` 35 k against 159 k, `organic-4` 223 k against 1.02 M. Where the proof
//!   goes instead (the same session, counted per moves left): on `organic-speckled-8` 17.6 k
//!   nodes with 7 moves left play 611 k children, which all but 14 fail within one more move
//!   (383 k of them list 1.5 M moves, all but those 14 cut unplayed). At 7 left the schedule
//!   leaves one move to spare at every node, and the peek works out 1.0 M of the 1.1 M
//!   children unplayed and finds 503 k stuck; nearly all the others fail once played, 228 k
//!   before their moves are listed, the rest once each listed move is tested. A bound is needed
//!   that cuts at 7 left what the schedule cuts at 6.
//! - The peek at a child unplayed (`search/moves.rs`, `cut_unplayed`) told which regions the
//!   child would not move (the same session): of the 228 k children of `organic-speckled-8` that
//!   list no move once played, 224 k have a region whose moves could lower the schedule but
//!   commute with the move before and come before it, and 204 k a leaf that may not move. With
//!   the regions two or more from the move's star (and their neighbours) left out of the peek's
//!   test where those rules skip them, the nodes are the same by design (a child cut unplayed
//!   counts as one) and `organic-speckled-8` took 4.57 s instead of 5.08 (three runs each), but
//!   `organic-speckled-1`, `-6`, `-7`, `tessera` and `organic-4` the same time: not worth a rule
//!   of the search repeated in the peek.
//! - A build for this machine's own processor (`-C target-cpu=native`, AVX-512; the same
//!   session): the 151 shipped proofs' slowest 77 ms to 69, p99 63 ms to 58, as the passes over
//!   distance rows run in wider vectors. Not kept: a release build must run on any x86-64, and
//!   those loops compiled twice with a switch at run time would still leave the 50 ms target
//!   unmet.
//! - Printing several paths at once (2026-11-29, twentieth session). The moves that flood the
//!   easiest spanning tree, taken back, print every path of the tree with one sequence of
//!   colours, a move printing on each path it meets. So the island needs at least the fewest
//!   steps that print two or three paths together, less one: each step one colour, removing one
//!   run of it from each path's colours (equal neighbours then joining), the least over the
//!   paths between given regions. `A C D` and `A B D` together need 3 moves where each alone
//!   needs 2: it counts that a tree takes only some of the short cuts. Estimated from above in
//!   Python (the least over 8 sampled cheapest walks between each two of the regions) on the 16
//!   stripes cropped to their middle 14 rows (start bound 6–8, optimum 9–12): two paths between
//!   the hardest pairs never rise above the printer bound (the walks share their short cuts, as
//!   a tree's paths may), and three paths between the two hardest regions and any third rise by
//!   one on 4 of the 8 stripes and 5 of the 6 dense stripes that finished, never by two.
//!   Exactly (the least over all walks) it could only be lower; one move above the start's bound
//!   saves only the cheapest iterations, and the gap to the optimum is three.
//! - Skipping commuting leaf moves too (the same session). "Commuting moves" in `search.rs`
//!   spares leaf moves for the sake of the sequence's form, but the cover argument below it
//!   (`Q + M'` was searched before and reached `Q + M' + M`) holds for them as well. The nodes
//!   were the same on all 15 boards tried (`organic-4`, `organic-speckled-1`, `tessera`, `spire`
//!   and others): a leaf move is listed only where the regions less one fit the moves left.
//! - The gather bound (`position/gather.rs`) at every node where the colour schedule is worked
//!   out, as a cut (2026-11-29, twenty-first session; the listing still reads the schedule's
//!   sets). It cuts every node with 6 moves left in the last iteration of `organic-4` and
//!   `organic-speckled-2` (7,870 and 6,761 nodes), where the schedule leaves no move to spare
//!   and no move can join a colour: `organic-4` 227 k nodes to 10 k and 81 ms to 38,
//!   `organic-speckled-3` 142 k to 15 k and 80 ms to 52. But it costs 1–1.5 µs a node (two
//!   passes over the regions and the distance rows of each colour's regions), and where the
//!   nodes it cuts list few moves it costs more than it spares: `organic-speckled-1` 1.58 M
//!   nodes to 0.89 M but 2.6 s to 2.8, `organic-speckled-2` 53 ms to 63, `07-deep-water/narwhal`
//!   57 to 72, and the 151 shipped proofs p90 20 ms to 22, p99 75 to 90, even worked out only
//!   while one in four of the nodes it was worked out at was cut (as the peek is). Worked out
//!   only once a node has listed 8 or 16 moves (where a cut spares the most), it kept most of
//!   `organic-4`'s gain (74 ms to 50, timed with CI running) and lost elsewhere (`belay` 57 to
//!   75–77, `seagrass` 39 to 44–49, `tessera` 85 to 89–93); after the whole listing, little of
//!   it (`organic-4` 79 ms to 67–78), as what a cut spares there is mostly the listing. Counted with only "some region lies
//!   within 3 of every region of the colour" for "some move can join it", it cut none of
//!   `organic-4`'s nodes. What would pay is the bound one move sooner: at the nodes with 7 moves
//!   left, where it is tight and the schedule leaves one to spare, listing only the moves that
//!   could lower it. That landed the next session, as a test of each child unplayed
//!   (`position/gather_after.rs`): after the move, a colour is shown not gatherable by one
//!   move where it has more than 3 regions, no region touches all but one, and no region lies
//!   within 2 of all the others (within 3, as above, is too weak).
//! - Three more measured the same session, none kept: trying the rim test of a child before its
//!   schedule test (within 2% on nine boards); the rim filter of the listing kept where the
//!   schedule leaves no move to spare too (`tessera` 106 k nodes to 95 k, 86 ms to 83, the others
//!   within 2%); a wait of 2 for a colour of three regions or more that no region touches all of
//!   (never above the far-apart sets' wait on `organic-speckled-1` and `tessera`).
//! - Teaching the table the bound of each child that the gather test cuts unplayed (2026-11-30),
//!   as for children whose colours are stuck: `organic-speckled-8` 1.82 M nodes to 1.40 M and
//!   8.99 G instructions to 8.17 G, but 956 ms to 1,044 (medians of five), as every such child
//!   writes to a table entry of its own.
//!
//! # Where a proof's work goes (measured with temporary counters, 2026-11-29)
//! Nodes of the last iteration by the moves left there, and what was tight:
//! - `organic-speckled-1` (bound 9, 1.58 M nodes counted, most of them children tested unplayed):
//!   2, 155, 11,747 and 185,465 nodes with 9, 8, 7 and 6 moves left, one with 5. The colour
//!   schedule is 6 at the nodes with 7 and 6 left: the first three moves never lower it, and
//!   every child of a node with 6 left is cut before it is played. The proof enumerates every
//!   prefix of three merging moves.
//! - `09-patterns/tessera` (bound 9, 106 k nodes): 1, 111, 2,014, 3,959 and 596 nodes with 9 to 5
//!   left; the radius or the rim bound is tight at nearly all of them, and the schedule at those
//!   with 6 left.
//! - `stripes-5` (bound 12, 5 s): 5, 14, 2,918, 91,608, 187,997, 73,506, 14,257 and 1,193 with 12
//!   to 5 left; with 8 to 10 left the schedule lies two or more below and the radius or rim bound
//!   is the tight one.
//!
//! So the work is many cheap tests spread over the tree's widest level, not one test to make
//! cheaper: what would cut it is a bound that is tight one or two moves sooner (with 7 or 8
//! left on `organic-speckled-1`).
//!
//! How far below the truth the bounds lie (2026-11-29, sixteenth session, positions printed by
//! a temporary build and solved exactly): 60 nodes sampled where 6 moves are left and the
//! schedule leaves none to spare in `organic-speckled-1`'s last iteration need 8 (12 of them),
//! 9 (46) or 10 moves (2), where the schedule says 6, the rim bound 5 or 6 and the printer bound
//! 5 to 7. At the start it is the same: the bound is 7 on all eight speckled boards, whose optima
//! are 9 to 11, and 6 on the organic ones (7 to 9). So the gap is some three moves at every depth,
//! and the last iteration lists every line of three moves or so before the bounds bite. A bound
//! from the subtree of a spanning tree that joins several far-apart regions (Meeks and Scott's
//! theorem, and a tree floods in no fewer moves than any subtree: a region of the tree meets a
//! subtree in one piece) would have to be the least over all such subtrees; those of
//! breadth-first trees from each region, solved exactly on `organic-speckled-1` (an upper
//! estimate of that least), need 7 moves or more for 3 far-apart regions, the bound at the start
//! already, and 9 or more for 6 or 12: at most two above the start's bound, where it would save
//! only the cheap iterations, and far too costly to work out at every node.
//!
//! # Why the stripes are hard (noticed, 2026-11-28)
//! Read each stripes board as the colours of its rows, each row's most common colour, top to
//! bottom. That sequence's strange-printer count less one, the optimum of a board of clean bands,
//! is 14 to 16 on the eight stripes, but their optimum or best line is 13 to 15. The odd-coloured
//! triangles in a row are short cuts: a blob grows through them. The printer bound lets its path
//! take every short cut at once (11 to 12), while the whole board can use only some of them. A
//! bound between the two would have to count the triangles a path passes by, not only those on
//! it. A leaf of the region graph (a region of one neighbour) is one such: every spanning tree
//! hangs it on that neighbour, so a tree's path through the neighbour carries it. They are few:
//! 4 of the 152 regions of `stripes-1`, 4 of 174 in `stripes-dense-1`, most regions having 3 or 4
//! neighbours (2026-11-29). Cropped to their middle 14 rows (60–75 regions, proven in 0.04–6 s
//! on one thread), the eight stripes start from a bound of 7 and need 9 or 10 moves
//! (2026-11-28): a small set on which to try such a bound.

mod anytime;
mod beam;
mod bits;
mod budget;
mod distance;
mod graph;
mod greedy;
mod island;
mod position;
mod search;
mod symmetry;
mod table;

pub use budget::{Budget, Stop};
pub use graph::RegionGraph;
pub use island::{MAX_DISTANCE_HISTORY, MAX_SEARCHED_REGIONS};
pub use search::SOLO_NODES;

use crate::board::{Board, Colour};
use crate::history::Move;
use budget::Meter;
use island::{Island, islands, islands_bound, over_colours, quick_moves, start_bound};
use position::Position;
use search::IslandSolution;
use table::Table;

/// A solve's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Moves that make the board one colour, in order.
    pub moves: Vec<Move>,
    /// Whether `moves` is proven shortest. Never true for an answer that is not.
    pub optimal: bool,
    /// No solution is shorter than this (equals the number of moves when optimal).
    pub lower_bound: u32,
    /// Search nodes visited (and, where the solve had no node budget, the blob growths of the
    /// beams that shortened its line while it ran).
    pub nodes: u64,
    /// Why the solve stopped early, if it did.
    pub stopped: Option<Stop>,
}

/// A lower bound on the moves `board` needs, without searching: per island the bound a search
/// starts from (the colour schedule, the rim bound and the printer bound; the colour bound and a
/// floor on the radius on islands too large to search), islands of one region costing one
/// unless they have the final colour, combined over the best final colour.
pub fn lower_bound(board: &Board, colours: usize) -> u32 {
    let graph = RegionGraph::new(board);
    let bounds: Vec<(u32, Option<Colour>)> = graph
        .islands
        .iter()
        .map(|regions| match regions[..] {
            [single] => (0, Some(graph.colour[single])),
            _ => (start_bound(&mut Position::new(&graph, regions, regions.len() <= MAX_SEARCHED_REGIONS)).0, None),
        })
        .collect();
    over_colours(&bounds, colours)
}

/// The first answer of a solve, before any search: the moves it starts from (an upper bound),
/// with the lower bound known without searching. Never marked optimal.
pub fn first_answer(board: &Board, colours: usize) -> Solution {
    let graph = RegionGraph::new(board);
    let islands = islands(board, &graph, colours, &Budget::default());
    let moves = quick_moves(&islands, &graph, colours);
    let lower_bound = islands_bound(&islands, colours).min(moves.len() as u32);
    Solution { moves, optimal: false, lower_bound, nodes: 0, stopped: None }
}

/// Solves `board` (palette of `colours`) within `budget`.
pub fn solve(board: &Board, colours: usize, budget: &Budget) -> Solution {
    let graph = RegionGraph::new(board);
    let mut meter = Meter::new(budget);
    let threads = budget.threads.max(1);
    let mut table = Table::with_bytes(budget.table_bytes);
    let mut islands = islands(board, &graph, colours, budget);
    if let Some(max_moves) = budget.max_moves {
        // Asked only whether `max_moves` suffice: the quick answers may already say yes.
        let moves = quick_moves(&islands, &graph, colours);
        if moves.len() <= max_moves as usize {
            let lower_bound = islands_bound(&islands, colours).min(moves.len() as u32);
            return Solution { moves, optimal: false, lower_bound, nodes: 0, stopped: Some(Stop::Enough) };
        }
    }
    // Without a node budget, lines are shortened while the proof runs; where the board is one
    // island, a line within `max_moves` answers the caller.
    let alone = islands.len() == 1;
    let anytime = budget.max_nodes.is_none().then(|| if alone { budget.max_moves.unwrap_or(0) } else { 0 });
    for island in &mut islands {
        island.solve_any(colours, &mut table, &mut meter, threads, anytime);
    }
    // The final colour: try colours in order of their optimistic total; stop once the best exact
    // total is no worse than any remaining optimistic one.
    let optimistic = |islands: &[Island], d: Colour| islands.iter().map(|i| i.bound_to(d)).sum::<u32>();
    // Colours that islands already end in first: they need no further search.
    let unknown = |islands: &[Island], d: Colour| islands.iter().filter(|i| i.any_colour() != Some(d)).count();
    let mut order: Vec<Colour> = (0..colours as Colour).collect();
    order.sort_by_key(|&d| (optimistic(&islands, d), unknown(&islands, d)));
    let mut best: Option<(u32, Colour)> = None;
    for d in order {
        if best.is_some_and(|(total, _)| optimistic(&islands, d) >= total) {
            continue;
        }
        let total: u32 =
            islands.iter_mut().map(|i| i.solve_to(d, colours, &mut table, &mut meter).moves.len() as u32).sum();
        if best.is_none_or(|(b, _)| total < b) {
            best = Some((total, d));
        }
    }
    let (_, d) = best.expect("a palette has colours");
    let lower_bound = (0..colours as Colour).map(|c| optimistic(&islands, c)).min().unwrap_or(0);
    let chosen: Vec<&IslandSolution> = islands.iter().map(|i| i.to[usize::from(d)].as_ref().expect("solved")).collect();
    let moves: Vec<Move> = chosen
        .iter()
        .flat_map(|s| s.moves.iter().map(|&(region, colour)| Move { tile: graph.tile[region], colour }))
        .collect();
    let optimal = chosen.iter().all(|s| s.optimal) && meter.stopped.is_none();
    Solution {
        lower_bound: if optimal { moves.len() as u32 } else { lower_bound.min(moves.len() as u32) },
        optimal,
        moves,
        nodes: meter.nodes,
        stopped: meter.stopped,
    }
}

#[cfg(test)]
mod tests;
