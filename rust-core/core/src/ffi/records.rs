//! Plain records the shells draw from. Each mirrors a domain type, so the domain modules stay
//! free of uniffi.

use super::error::to_u32;
use crate::{board, game, geometry, hint, level, progress};

/// A colour as red, green and blue, 0–255 each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct Rgb {
    /// Red.
    pub red: u8,
    /// Green.
    pub green: u8,
    /// Blue.
    pub blue: u8,
}

impl From<level::Rgb> for Rgb {
    fn from(c: level::Rgb) -> Rgb {
        Rgb { red: c.red, green: c.green, blue: c.blue }
    }
}

/// How tiles are shaped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum Tiling {
    /// Equilateral triangles in columns (KAMI 2).
    Triangles,
    /// Squares (the first KAMI).
    Squares,
}

impl From<board::Tiling> for Tiling {
    fn from(t: board::Tiling) -> Tiling {
        match t {
            board::Tiling::Triangles => Tiling::Triangles,
            board::Tiling::Squares => Tiling::Squares,
        }
    }
}

/// How well a level was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum Grade {
    /// In par moves.
    Perfect,
    /// In par + 1 moves.
    Ok,
}

impl From<game::Grade> for Grade {
    fn from(g: game::Grade) -> Grade {
        match g {
            game::Grade::Perfect => Grade::Perfect,
            game::Grade::Ok => Grade::Ok,
        }
    }
}

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum GameStatus {
    /// More moves can be played.
    Playing,
    /// The board is one colour.
    Won { grade: Grade },
    /// Par + 1 moves passed without a win; undo or restart to try again.
    Failed,
}

impl From<game::Status> for GameStatus {
    fn from(s: game::Status) -> GameStatus {
        match s {
            game::Status::Playing => GameStatus::Playing,
            game::Status::Won(grade) => GameStatus::Won { grade: grade.into() },
            game::Status::Failed => GameStatus::Failed,
        }
    }
}

/// Everything a shell shows about a game at one moment.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct GameSnapshot {
    /// The level's id (for progress and saves).
    pub level_id: String,
    /// The level's name.
    pub name: String,
    /// Fewest moves that solve the level.
    pub par: u32,
    /// Moves used so far.
    pub moves_used: u32,
    /// Playing, won (with grade) or failed.
    pub status: GameStatus,
    /// The colours a move can choose from.
    pub palette: Vec<Rgb>,
    /// Each tile's palette index, row by row; `None` is a hole.
    pub tiles: Vec<Option<u32>>,
    /// Board rows.
    pub rows: u32,
    /// Board columns.
    pub cols: u32,
    /// Tile shape.
    pub tiling: Tiling,
    /// Connected same-colour areas on the board.
    pub region_count: u32,
    /// Distinct colours on the board.
    pub colours_left: u32,
    /// Whether undo would do something.
    pub can_undo: bool,
    /// Whether redo would do something.
    pub can_redo: bool,
    /// Changes with every move, undo, redo and restart: tells a stale hint or snapshot.
    pub revision: u64,
}

impl From<&game::Game> for GameSnapshot {
    fn from(g: &game::Game) -> GameSnapshot {
        let level = g.level();
        let board = g.board();
        GameSnapshot {
            level_id: level.id().to_string(),
            name: level.name().to_string(),
            par: level.par(),
            moves_used: g.moves_used(),
            status: g.status().into(),
            palette: level.palette().iter().map(|&c| c.into()).collect(),
            tiles: board.cells().iter().map(|c| c.map(u32::from)).collect(),
            rows: to_u32(board.rows()),
            cols: to_u32(board.cols()),
            tiling: board.tiling().into(),
            region_count: to_u32(g.region_count()),
            colours_left: to_u32(g.colours_left()),
            can_undo: g.can_undo(),
            can_redo: g.can_redo(),
            revision: g.revision(),
        }
    }
}

/// One tile recoloured by a move, `ring` edges away from the tapped tile: animate ring by ring.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct FloodTile {
    /// The tile index.
    pub tile: u32,
    /// Breadth-first distance from the tapped tile (0 for the tapped tile).
    pub ring: u32,
}

/// The result of a move: the recoloured tiles in ripple order, and the game after it.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct Turn {
    /// The palette index the region took.
    pub colour: u32,
    /// Recoloured tiles, tapped tile first, by ring.
    pub flood: Vec<FloodTile>,
    /// The game after the move.
    pub snapshot: GameSnapshot,
}

/// A point in the viewport (y down).
#[derive(Debug, Clone, Copy, PartialEq, uniffi::Record)]
pub struct Point {
    /// Rightwards.
    pub x: f64,
    /// Downwards.
    pub y: f64,
}

impl From<geometry::Point> for Point {
    fn from(p: geometry::Point) -> Point {
        Point { x: p.x, y: p.y }
    }
}

/// A tile's outline.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct TileShape {
    /// The tile index (into `GameSnapshot.tiles`).
    pub tile: u32,
    /// Corners, clockwise on screen: 3 for triangles, 4 for squares.
    pub vertices: Vec<Point>,
    /// The centroid: where a colour-blind symbol or hint marker goes.
    pub centre: Point,
}

/// A board fitted into a viewport: every tile's outline (holes left out).
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct BoardLayout {
    /// The tile side in points.
    pub side: f64,
    /// Top-left of the board's bounding box.
    pub origin: Point,
    /// Width of the board's bounding box.
    pub width: f64,
    /// Height of the board's bounding box.
    pub height: f64,
    /// Every tile that is not a hole.
    pub tiles: Vec<TileShape>,
}

impl BoardLayout {
    pub(crate) fn new(fit: &geometry::Fit, board: &board::Board) -> BoardLayout {
        let (width, height) = fit.size();
        let tiles = fit
            .shapes(board)
            .into_iter()
            .map(|s| TileShape {
                tile: to_u32(s.tile),
                vertices: s.vertices.into_iter().map(Point::from).collect(),
                centre: s.centre.into(),
            })
            .collect();
        BoardLayout { side: fit.side(), origin: fit.origin().into(), width, height, tiles }
    }
}

/// A pack's screen colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct PackTheme {
    /// Paper behind the board.
    pub background: Rgb,
    /// Text and icons.
    pub ink: Rgb,
    /// Highlights.
    pub accent: Rgb,
}

/// A level's best win.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct BestResult {
    /// Fewest moves used in a win.
    pub moves: u32,
    /// Its grade.
    pub grade: Grade,
}

impl From<progress::Best> for BestResult {
    fn from(b: progress::Best) -> BestResult {
        BestResult { moves: b.moves, grade: b.grade.into() }
    }
}

/// The move a hint suggests.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct HintMove {
    /// The tile to tap.
    pub tile: u32,
    /// The palette index to choose.
    pub colour: u32,
    /// Every tile of the region that move recolours, to highlight.
    pub region: Vec<u32>,
}

/// Advice for the position a game was in.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct Hint {
    /// The game revision it was computed for: compare with `GameSnapshot.revision`; a hint for
    /// another revision is stale and must not be shown.
    pub revision: u64,
    /// The next move of a shortest way to finish; none when the game is over.
    pub next: Option<HintMove>,
    /// Fewest moves that finish from here (the best found, if not `proven`).
    pub remaining: u32,
    /// Whether `remaining` is proven to be the fewest.
    pub proven: bool,
    /// Whether the level can still be finished within par: proven yes, proven no, or not known
    /// within the hint's budget (say "not sure", never that par is lost).
    pub par: Reach,
    /// Whether it can still be finished within par + 1, as far as the hint's line and bound show:
    /// where par is out of reach, the hint does not search for it.
    pub ok: Reach,
    /// Where par is proven out of reach: undos proven to bring it back, the fewest unless
    /// proving one fewer too few would take a long search. Absent otherwise, and where no
    /// number of undos is proven to help.
    pub undos_to_recover: Option<u32>,
}

/// Whether a game can still be finished within some number of moves, as far as the solver knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum Reach {
    /// Yes: a way to finish within it is in hand.
    Yes,
    /// No: proven impossible.
    No,
    /// Not known within the budget.
    Unknown,
}

impl From<hint::Reach> for Reach {
    fn from(r: hint::Reach) -> Reach {
        match r {
            hint::Reach::Yes => Reach::Yes,
            hint::Reach::No => Reach::No,
            hint::Reach::Unknown => Reach::Unknown,
        }
    }
}

impl Hint {
    pub(crate) fn new(h: hint::Hint, board: &board::Board) -> Hint {
        let next = h.next.map(|m| HintMove {
            tile: to_u32(m.tile),
            colour: m.colour.into(),
            region: board.region_rings(m.tile).into_iter().map(|(t, _)| to_u32(t)).collect(),
        });
        Hint {
            revision: h.revision,
            next,
            remaining: h.remaining,
            proven: h.proven,
            par: h.par.into(),
            ok: h.ok.into(),
            undos_to_recover: h.undos_to_recover,
        }
    }
}
