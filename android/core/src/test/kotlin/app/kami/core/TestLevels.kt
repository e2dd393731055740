package app.kami.core

/** The first level of the first shipped pack: the tests hold for whatever level that is. */
fun firstLevelId(): String = packs().first().levels.first().id

/** The first shipped level with par 3 or more: one with mid-game positions. */
fun deeperLevelId(): String = packs().flatMap { it.levels }.first { it.par >= 3u }.id

/** A move as [Game.play] takes it. */
data class Move(val tile: UInt, val colour: UInt)

/**
 * A shortest line of at most [limit] moves that wins [game] from where it stands, or null.
 * Searched by iterative deepening through the public API alone, on a copy of the game
 * (save, restore), so every rule is the core's. At each position a region is tried once (the
 * tiles a move floods give the same boards) and a position is dropped when more colours are
 * left than moves + 1, since a move removes at most one colour.
 */
fun winningLine(game: Game, limit: UInt): List<Move>? = Game.restore(game.save()).use { copy ->
    (0..limit.toInt()).firstNotNullOfOrNull { depth -> mutableListOf<Move>().takeIf { wins(copy, depth, it) } }
}

private fun wins(game: Game, movesLeft: Int, line: MutableList<Move>): Boolean {
    val position = game.snapshot()
    if (position.status is GameStatus.Won) return true
    if (position.status != GameStatus.Playing || position.coloursLeft.toInt() - 1 > movesLeft) return false
    val tried = BooleanArray(position.tiles.size)
    for ((tile, colour) in position.tiles.withIndex()) {
        if (colour == null || tried[tile]) continue
        for (target in position.palette.indices.map { it.toUInt() }.filter { it != colour }) {
            val move = Move(tile.toUInt(), target)
            game.play(move.tile, move.colour).flood.forEach { tried[it.tile.toInt()] = true }
            line += move
            val won = wins(game, movesLeft - 1, line)
            game.undo()
            if (won) return true
            line.removeAt(line.lastIndex)
        }
    }
    return false
}

/** A shortest winning line for a fresh game of the first level (a win takes at most par + 1 moves). */
fun firstLevelWin(): List<Move> = Game(firstLevelId()).use { game ->
    checkNotNull(winningLine(game, game.snapshot().par + 1u)) { "no win within par + 1 on ${firstLevelId()}" }
}

/** The snapshot without its revision, which counts changes rather than describing the game. */
fun GameSnapshot.withoutRevision(): GameSnapshot = copy(revision = 0uL)

/** Where tile [tile] sits in a [width] × [height] viewport. */
fun Game.centreOf(tile: UInt, width: Double, height: Double): Point =
    layout(width, height).tiles.first { it.tile == tile }.centre

/**
 * A line that loses [game] from where it stands: moves that never win, found on a copy, until the
 * core calls the game failed (it fails on the move after par + 1 that does not win).
 */
fun losingLine(game: Game): List<Move> = Game.restore(game.save()).use { copy ->
    val line = mutableListOf<Move>()
    while (copy.snapshot().status == GameStatus.Playing) {
        val position = copy.snapshot()
        val move = position.tiles.withIndex().filter { it.value != null }.firstNotNullOf { (tile, colour) ->
            position.palette.indices.map { it.toUInt() }.filter { it != colour }.map { Move(tile.toUInt(), it) }.firstOrNull { candidate ->
                copy.play(candidate.tile, candidate.colour)
                val won = copy.snapshot().status is GameStatus.Won
                copy.undo()
                !won
            }
        }
        copy.play(move.tile, move.colour)
        line += move
    }
    check(copy.snapshot().status == GameStatus.Failed) { "the losing line won" }
    line
}
