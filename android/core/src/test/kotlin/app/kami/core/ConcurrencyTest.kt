package app.kami.core

import java.util.concurrent.ConcurrentLinkedQueue
import java.util.concurrent.CountDownLatch
import java.util.concurrent.atomic.AtomicBoolean
import kotlin.concurrent.thread
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class ConcurrencyTest {
    @Test
    fun `readers on several threads see whole positions while another thread plays`() {
        val line = firstLevelWin()
        Game(firstLevelId()).use { game ->
            // The game after each prefix of the winning line: the only positions a reader may see.
            val positions = listOf(game.snapshot()) + line.map { game.play(it.tile, it.colour).snapshot }
            game.restart()
            val tileCount = game.layout(400.0, 600.0).tiles.size
            val failures = ConcurrentLinkedQueue<Throwable>()
            val done = AtomicBoolean(false)
            val readersStarted = CountDownLatch(READERS)

            val readers = List(READERS) {
                thread {
                    try {
                        var revision = 0uL
                        do {
                            val s = game.snapshot()
                            assertTrue(s.revision >= revision, "revisions never go back")
                            revision = s.revision
                            val expected = positions[s.movesUsed.toInt()]
                            assertEquals(expected.tiles, s.tiles, "board after ${s.movesUsed} moves")
                            assertEquals(expected.status, s.status)
                            assertEquals(s.tiles.filterNotNull().toSet().size.toUInt(), s.coloursLeft)
                            assertEquals(s.movesUsed > 0u, s.canUndo)
                            assertEquals(tileCount, game.layout(400.0, 600.0).tiles.size)
                            game.tileAt(400.0, 600.0, 200.0, 300.0)
                            readersStarted.countDown()
                        } while (!done.get())
                    } catch (t: Throwable) {
                        failures += t
                        readersStarted.countDown()
                    }
                }
            }
            val writer = thread {
                try {
                    readersStarted.await()
                    repeat(ROUNDS) {
                        for (move in line) game.play(move.tile, move.colour)
                        repeat(line.size) { game.undo() }
                        repeat(line.size) { game.redo() }
                        game.restart()
                    }
                } catch (t: Throwable) {
                    failures += t
                } finally {
                    done.set(true)
                }
            }
            (readers + writer).forEach { it.join() }

            failures.firstOrNull()?.let { first -> throw first.apply { failures.drop(1).forEach(::addSuppressed) } }
            val end = game.snapshot()
            assertEquals(positions.first().tiles, end.tiles)
            assertEquals(0u, end.movesUsed)
        }
    }

    private companion object {
        const val READERS = 3
        const val ROUNDS = 500
    }
}
