package app.kami.core

import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue

/** Refused calls arrive as typed Kotlin exceptions, carry their fields and leave the game as it was. */
class ErrorsTest {
    @Test
    fun `an unknown level id is refused`() {
        val e = assertFailsWith<KamiException.UnknownLevel> { Game("no-such/level") }
        assertEquals("no-such/level", e.id)
        // toString() is the core's player-facing message.
        assertTrue("no-such/level" in e.toString(), e.toString())
    }

    @Test
    fun `bad moves are refused and change nothing`() {
        Game(firstLevelId()).use { game ->
            val start = game.snapshot()
            val tiles = start.tiles.size.toUInt()
            val colours = start.palette.size.toUInt()
            val tile = start.tiles.indexOfFirst { it != null }.toUInt()
            val colour = checkNotNull(start.tiles[tile.toInt()])

            val offBoard = assertFailsWith<KamiException.TileOutOfRange> { game.play(tiles, 0u) }
            assertEquals(tiles, offBoard.tile)
            assertEquals(tiles, offBoard.tiles)
            assertFailsWith<KamiException.TileOutOfRange> { game.play(UInt.MAX_VALUE, 0u) }

            for (bad in listOf(colours, 256u, UInt.MAX_VALUE)) {
                val e = assertFailsWith<KamiException.ColourOutOfRange> { game.play(tile, bad) }
                assertEquals(bad, e.colour)
                assertEquals(colours, e.colours)
            }

            val same = assertFailsWith<KamiException.SameColour> { game.play(tile, colour) }
            assertEquals(tile, same.tile)
            assertEquals(colour, same.colour)

            assertFailsWith<KamiException.NothingToUndo> { game.undo() }
            assertFailsWith<KamiException.NothingToRedo> { game.redo() }
            assertEquals(start, game.snapshot())
        }
    }

    @Test
    fun `a finished game takes no more moves`() {
        Game(firstLevelId()).use { game ->
            for (move in firstLevelWin()) game.play(move.tile, move.colour)
            val won = game.snapshot()
            val tile = won.tiles.indexOfFirst { it != null }
            val other = (checkNotNull(won.tiles[tile]) + 1u) % won.palette.size.toUInt()
            assertFailsWith<KamiException.GameFinished> { game.play(tile.toUInt(), other) }
            assertEquals(won, game.snapshot())
        }
    }

    @Test
    fun `a viewport that is not a finite positive size is refused`() {
        Game(firstLevelId()).use { game ->
            for ((width, height) in listOf(0.0 to 100.0, 100.0 to -1.0, Double.NaN to 100.0, 100.0 to Double.POSITIVE_INFINITY)) {
                val e = assertFailsWith<KamiException.InvalidViewport> { game.layout(width, height) }
                assertEquals(width, e.width)
                assertEquals(height, e.height)
                assertFailsWith<KamiException.InvalidViewport> { game.tileAt(width, height, 1.0, 1.0) }
            }
        }
    }
}
