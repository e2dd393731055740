package app.kami.play

import app.kami.core.GameSnapshot
import app.kami.core.Rgb
import kotlin.math.abs
import kotlin.math.max
import kotlin.math.min

/**
 * A stretch of side-by-side tiles of one colour in one row, as TalkBack reads the board: row by
 * row, each row as its runs of colour, like words in a line of text (the iOS app's `TileRun`,
 * which VoiceOver reads the same way). Purely descriptive: which tiles form a region is still the
 * core's call when a move is played.
 */
data class TileRun(
    /** The row, from 0 at the top. */
    val row: Int,
    /** The columns it covers, from 0 at the left. */
    val columns: IntRange,
    /** Its palette index. */
    val colour: UInt,
    /** The board's column count (tile numbers go row by row). */
    private val cols: Int,
) {
    /** The tile at [column] of the run's row. */
    fun tileAt(column: Int): UInt = (row * cols + column).toUInt()

    /** The run's first (leftmost) tile. */
    val first: UInt get() = tileAt(columns.first)

    /** Every tile of the run, left to right. */
    val tiles: List<UInt> get() = columns.map(::tileAt)

    /** Whether [tile] is one of the run's tiles. */
    operator fun contains(tile: UInt): Boolean = cols > 0 && tile.toInt() / cols == row && tile.toInt() % cols in columns

    /** Where the cursor goes from [tile] (in this run, at [index] of [runs]) after [move]; null at the board's edge. */
    internal fun destination(move: CursorMove, tile: UInt, runs: List<TileRun>, index: Int): UInt? = when (move) {
        CursorMove.NEXT -> runs.getOrNull(index + 1)?.first
        CursorMove.PREVIOUS -> if (index > 0) runs[index - 1].first else null
        CursorMove.UP, CursorMove.DOWN -> {
            val rows = runs.map { it.row }.toSet()
            val target = if (move == CursorMove.UP) rows.filter { it < row }.maxOrNull() else rows.filter { it > row }.minOrNull()
            target?.let { targetRow ->
                val column = tile.toInt() % cols
                // The run of that row under the column, else the one nearest to it.
                fun distance(candidate: TileRun) =
                    if (column in candidate.columns) 0 else min(abs(candidate.columns.first - column), abs(candidate.columns.last - column))
                runs.filter { it.row == targetRow }.minByOrNull(::distance)?.let { landing ->
                    landing.tileAt(column.coerceIn(landing.columns))
                }
            }
        }
    }

    companion object {
        /** Every run of [snapshot] in reading order (top row first, left to right); holes end a run and belong to none. */
        fun runs(snapshot: GameSnapshot): List<TileRun> {
            val cols = snapshot.cols.toInt()
            val tiles = snapshot.tiles
            if (cols <= 0) return emptyList()
            val runs = mutableListOf<TileRun>()
            for (row in 0 until tiles.size / cols) {
                var column = 0
                while (column < cols) {
                    val colour = tiles[row * cols + column]
                    if (colour == null) {
                        column += 1
                        continue
                    }
                    var last = column
                    while (last + 1 < cols && tiles[row * cols + last + 1] == colour) last += 1
                    runs += TileRun(row, column..last, colour, cols)
                    column = last + 1
                }
            }
            return runs
        }
    }
}

/** How the board cursor moves ([GameStateHolder.moveCursor]). */
enum class CursorMove {
    /** To the next run in reading order (the next row's first run after a row's last). */
    NEXT,

    /** To the previous run in reading order. */
    PREVIOUS,

    /** To the nearest row above that has tiles, keeping the column as far as it can. */
    UP,

    /** To the nearest row below that has tiles, keeping the column as far as it can. */
    DOWN,
}

/**
 * What TalkBack says about the cursor's run (the screen words it, as VoiceOver's
 * `cursorDescription` does: "blue, triangle, row 3, columns 2 to 5, hinted"): its [colour] (a
 * palette index), named [name]; its row and columns counted from 1; whether the hint on screen
 * points there.
 */
data class CursorReading(
    val colour: UInt,
    val name: ColourName?,
    val row: Int,
    val firstColumn: Int,
    val lastColumn: Int,
    val hinted: Boolean,
)

/**
 * A coarse colour name for an RGB colour ("dark blue", "grey", "brown"), the same bands as the
 * iOS app's `ColourNames.name(of:)`, so both apps call a colour the same; the app words [hue]
 * (and "dark") in the player's language.
 */
data class ColourName(val hue: Hue, val dark: Boolean) {
    enum class Hue { BLACK, WHITE, GREY, BROWN, RED, ORANGE, YELLOW, GREEN, TEAL, BLUE, PURPLE, PINK }

    companion object {
        /** The name of [rgb]: from its hue, saturation and brightness. */
        fun of(rgb: Rgb): ColourName {
            val red = rgb.red.toDouble() / 255
            val green = rgb.green.toDouble() / 255
            val blue = rgb.blue.toDouble() / 255
            val brightest = max(red, max(green, blue))
            val chroma = brightest - min(red, min(green, blue))
            if (brightest < 0.15) return ColourName(Hue.BLACK, false)
            if (chroma / brightest < 0.15) {
                return when {
                    brightest > 0.85 -> ColourName(Hue.WHITE, false)
                    else -> ColourName(Hue.GREY, dark = brightest < 0.35)
                }
            }
            val hue = when (brightest) { // degrees, 0 = red
                red -> (60 * (green - blue) / chroma + 360) % 360
                green -> 60 * (blue - red) / chroma + 120
                else -> 60 * (red - green) / chroma + 240
            }
            val family = hueBands.firstOrNull { hue < it.first }?.second ?: Hue.RED
            if (brightest < 0.6 && (family == Hue.ORANGE || family == Hue.YELLOW)) return ColourName(Hue.BROWN, false)
            return ColourName(family, dark = brightest < 0.45)
        }

        /** Hue bands in degrees, each named up to (not including) the bound. */
        private val hueBands = listOf(
            15.0 to Hue.RED, 40.0 to Hue.ORANGE, 68.0 to Hue.YELLOW, 160.0 to Hue.GREEN,
            195.0 to Hue.TEAL, 255.0 to Hue.BLUE, 290.0 to Hue.PURPLE, 340.0 to Hue.PINK,
        )
    }
}
