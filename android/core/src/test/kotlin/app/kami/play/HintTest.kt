package app.kami.play

import app.kami.core.Game
import app.kami.core.GameStatus
import app.kami.core.centreOf
import app.kami.core.Grade
import app.kami.core.Move
import app.kami.core.Reach
import app.kami.core.deeperLevelId
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import kotlin.concurrent.thread
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertIs
import kotlin.test.assertNull
import kotlin.test.assertTrue

class HintTest {
    private val width = 360.0
    private val height = 640.0

    private fun GameStateHolder.tapTile(game: Game, tile: UInt) = game.centreOf(tile, width, height).let { tapAt(it.x, it.y, width, height) }

    /** A legal first move of [game]: the first tile's region to the next colour. */
    private fun someMove(game: Game): Move {
        val start = game.snapshot()
        val tile = start.tiles.indexOfFirst { it != null }
        return Move(tile.toUInt(), (checkNotNull(start.tiles[tile]) + 1u) % start.palette.size.toUInt())
    }

    /** Asks for a hint and waits for the search to end. */
    private fun GameStateHolder.awaitHint(): HintState {
        requestHint()
        return runBlocking { withTimeout(30_000) { state.first { it.hint !is HintState.Thinking } }.hint }
    }

    @Test
    fun `hints from the start and then from mid-game positions win in par`() = withScope { scope ->
        Game(deeperLevelId()).use { game ->
            val holder = GameStateHolder(game, scope)
            val par = holder.state.value.snapshot.par
            while (holder.state.value.snapshot.status == GameStatus.Playing) {
                val shown = assertIs<HintState.Shown>(holder.awaitHint())
                val snapshot = holder.state.value.snapshot
                assertEquals(snapshot.revision, shown.hint.revision)
                assertTrue(shown.hint.proven && shown.hint.par == Reach.YES)
                assertEquals(par - snapshot.movesUsed, shown.hint.remaining)
                assertTrue(shown.move.tile in shown.move.region)
                assertTrue(shown.move.region.all { snapshot.tiles[it.toInt()] == snapshot.tiles[shown.move.tile.toInt()] })
                holder.selectColour(shown.move.colour)
                holder.tapTile(game, shown.move.tile)
                assertEquals(HintState.Idle, holder.state.value.hint)
            }
            assertEquals(GameStatus.Won(Grade.PERFECT), holder.state.value.snapshot.status)
            assertEquals(par, holder.state.value.snapshot.movesUsed)
            val over = assertIs<HintState.Unavailable>(holder.awaitHint())
            assertNull(over.hint.next)
        }
    }

    @Test
    fun `a hint that finishes after a move is dropped, and the next one is for the new position`() = withScope { scope ->
        Gate().use { gate ->
            Game(deeperLevelId()).use { game ->
                val move = someMove(game)
                val holder = GameStateHolder(game, scope, gate.dispatcher)
                holder.requestHint()
                assertIs<HintState.Thinking>(holder.state.value.hint)
                holder.selectColour(move.colour)
                holder.tapTile(game, move.tile)
                assertEquals(HintState.Idle, holder.state.value.hint)

                gate.open()
                gate.drain()
                assertEquals(HintState.Idle, holder.state.value.hint)

                holder.requestHint()
                gate.drain()
                val shown = assertIs<HintState.Shown>(holder.state.value.hint)
                assertEquals(holder.state.value.snapshot.revision, shown.hint.revision)
            }
        }
    }

    @Test
    fun `a cancelled hint is not shown`() = withScope { scope ->
        Gate().use { gate ->
            Game(deeperLevelId()).use { game ->
                val holder = GameStateHolder(game, scope, gate.dispatcher)
                holder.requestHint()
                holder.cancelHint()
                assertEquals(HintState.Idle, holder.state.value.hint)
                gate.open()
                gate.drain()
                assertEquals(HintState.Idle, holder.state.value.hint)
            }
        }
    }

    @Test
    fun `hints asked on one thread while another plays are never shown for another position`() = withScope { scope ->
        Game(deeperLevelId()).use { game ->
            val holder = GameStateHolder(game, scope)
            val move = someMove(game)
            val centre = game.centreOf(move.tile, width, height)
            holder.selectColour(move.colour)
            val asker = thread {
                repeat(500) { i ->
                    holder.requestHint()
                    if (i % 7 == 0) holder.cancelHint()
                    Thread.yield()
                }
            }
            val player = thread {
                repeat(500) { i ->
                    when (i % 3) {
                        0 -> holder.tapAt(centre.x, centre.y, width, height)
                        1 -> holder.undo()
                        else -> holder.redo()
                    }
                }
            }
            val revisionsWithHint = mutableSetOf<ULong>()
            while (asker.isAlive || player.isAlive) {
                val state = holder.state.value
                val hint = when (val h = state.hint) {
                    is HintState.Shown -> h.hint
                    is HintState.Unavailable -> h.hint
                    else -> null
                } ?: continue
                revisionsWithHint += state.snapshot.revision
                assertEquals(state.snapshot.revision, hint.revision, "a stale hint is shown")
            }
            asker.join(30_000)
            player.join(30_000)
            assertFalse(asker.isAlive || player.isAlive, "deadlock")
            assertTrue(revisionsWithHint.isNotEmpty(), "no hint was shown during the race")

            holder.cancelHint()
            val shown = assertIs<HintState.Shown>(holder.awaitHint())
            assertEquals(game.snapshot(), holder.state.value.snapshot)
            assertEquals(game.snapshot().revision, shown.hint.revision)
        }
    }
}
