package app.kami.core

import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertFalse
import kotlin.test.assertNotEquals
import kotlin.test.assertTrue

class GameplayTest {
    @Test
    fun `the catalogue lists levels that start as fresh games`() {
        val packs = packs()
        assertTrue(packs.isNotEmpty() && packs.all { it.levels.isNotEmpty() })
        for (level in packs.flatMap { it.levels }) {
            Game(level.id).use { game ->
                val start = game.snapshot()
                assertEquals(level.id, start.levelId)
                assertEquals(level.par, start.par)
                assertEquals(level.rows * level.cols, start.tiles.size.toUInt())
                assertEquals(level.colours, start.palette.size.toUInt())
                assertEquals(GameStatus.Playing, start.status)
                assertEquals(0u, start.movesUsed)
                assertFalse(start.canUndo || start.canRedo)
            }
        }
    }

    @Test
    fun `the first level is won in par with a perfect grade`() {
        val line = firstLevelWin()
        Game(firstLevelId()).use { game ->
            val par = game.snapshot().par
            assertTrue(line.size.toUInt() <= par, "the shortest win on ${firstLevelId()} takes ${line.size} moves; its par is $par")
            for (move in line) game.play(move.tile, move.colour)
            val end = game.snapshot()
            assertEquals(GameStatus.Won(Grade.PERFECT), end.status)
            assertEquals(line.size.toUInt(), end.movesUsed)
            assertEquals(1u, end.coloursLeft)
            assertEquals(1, end.tiles.filterNotNull().toSet().size)
        }
    }

    @Test
    fun `a move floods the tapped region ring by ring`() {
        val move = firstLevelWin().first()
        Game(firstLevelId()).use { game ->
            val before = game.snapshot().tiles
            val turn = game.play(move.tile, move.colour)
            val changed = before.indices.filter { before[it] != turn.snapshot.tiles[it] }.map { it.toUInt() }
            assertEquals(move.colour, turn.colour)
            assertEquals(FloodTile(move.tile, 0u), turn.flood.first())
            assertEquals(changed.toSet(), turn.flood.map { it.tile }.toSet())
            assertEquals(turn.flood.size, changed.size)
            assertEquals(turn.flood.map { it.ring }.sorted(), turn.flood.map { it.ring })
            assertTrue(changed.all { turn.snapshot.tiles[it.toInt()] == move.colour })
        }
    }

    @Test
    fun `undo, redo and restart walk the history`() {
        val move = firstLevelWin().first()
        Game(firstLevelId()).use { game ->
            val start = game.snapshot()
            val played = game.play(move.tile, move.colour).snapshot
            assertNotEquals(start.tiles, played.tiles)
            assertEquals(1u, played.movesUsed)
            assertTrue(played.canUndo && !played.canRedo)

            val undone = game.undo()
            assertEquals(start.tiles, undone.tiles)
            assertEquals(0u, undone.movesUsed)
            assertTrue(!undone.canUndo && undone.canRedo)
            assertFailsWith<KamiException.NothingToUndo> { game.undo() }

            val redone = game.redo()
            assertEquals(played.withoutRevision(), redone.withoutRevision())
            assertFailsWith<KamiException.NothingToRedo> { game.redo() }

            game.undo()
            val restarted = game.restart()
            assertEquals(start.withoutRevision(), restarted.withoutRevision())
            assertFalse(restarted.canRedo)
            assertEquals(restarted, game.snapshot())

            val revisions = listOf(start, played, undone, redone, restarted).map { it.revision }
            assertEquals(revisions.sorted().distinct(), revisions)
        }
    }
}
