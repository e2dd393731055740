package app.kami.play

import app.kami.core.Game
import app.kami.core.GameStatus
import app.kami.core.KamiException
import app.kami.core.centreOf
import app.kami.core.firstLevelId
import app.kami.core.firstLevelWin
import app.kami.core.withoutRevision
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import kotlin.concurrent.thread
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertIs
import kotlin.test.assertNull
import kotlin.test.assertSame
import kotlin.test.assertTrue

class GameStateHolderTest {
    private val width = 360.0
    private val height = 640.0

    /** Runs [test] with a holder of a fresh game of the first level. */
    private fun withHolder(test: (Game, GameStateHolder) -> Unit) = withScope { scope ->
        Game(firstLevelId()).use { test(it, GameStateHolder(it, scope)) }
    }

    private fun GameStateHolder.tapTile(game: Game, tile: UInt) = game.centreOf(tile, width, height).let { tapAt(it.x, it.y, width, height) }

    @Test
    fun `starts from the core's snapshot`() = withHolder { game, holder ->
        assertEquals(GameUiState(game.snapshot()), holder.state.value)
    }

    @Test
    fun `each change reaches onChange on the intent's thread before it is shown`() = withScope { scope ->
        Game(firstLevelId()).use { game ->
            val caller = Thread.currentThread()
            val changed = mutableListOf<ULong>()
            val shownThen = mutableListOf<ULong>()
            lateinit var holder: GameStateHolder
            holder = GameStateHolder(game, scope) { snapshot ->
                assertSame(caller, Thread.currentThread())
                changed += snapshot.revision
                shownThen += holder.state.value.snapshot.revision
            }
            val move = firstLevelWin().first()
            holder.selectColour(move.colour)
            holder.tapTile(game, move.tile)
            holder.undo()
            holder.redo()
            holder.restart()
            assertEquals(4, changed.size)
            changed.zip(shownThen).forEach { (next, shown) -> assertTrue(shown < next, "revision $next was shown before onChange") }
            assertEquals(changed.last(), holder.state.value.snapshot.revision)
        }
    }

    @Test
    fun `taps with the selected colour win the level and show each flood`() = withHolder { game, holder ->
        for (move in firstLevelWin()) {
            val before = holder.state.value.snapshot.tiles
            holder.selectColour(move.colour)
            holder.tapTile(game, move.tile)
            val state = holder.state.value
            assertEquals(game.snapshot(), state.snapshot)
            assertEquals(move.colour, state.selectedColour)
            assertNull(state.error)
            val ripple = checkNotNull(state.ripple)
            assertEquals(0L, ripple.delays[move.tile])
            assertEquals(before[move.tile.toInt()], ripple.fromColour)
            assertEquals(state.snapshot.revision, ripple.revision)
            val changed = before.indices.filter { before[it] != state.snapshot.tiles[it] }.map { it.toUInt() }
            assertEquals(changed.toSet(), ripple.delays.keys)
        }
        assertIs<GameStatus.Won>(holder.state.value.snapshot.status)
    }

    @Test
    fun `the layout is the core's, and none for an empty viewport`() = withHolder { game, holder ->
        assertEquals(game.layout(width, height), holder.layout(width, height))
        assertNull(holder.layout(0.0, height))
        assertNull(holder.layout(width, Double.NaN))
    }

    @Test
    fun `a tap beside the board changes nothing`() = withHolder { _, holder ->
        val before = holder.state.value
        holder.tapAt(-10.0, -10.0, width, height)
        assertSame(before, holder.state.value)
    }

    @Test
    fun `a refused intent shows the core's message until the next intent`() = withHolder { game, holder ->
        val tile = 0u.takeIf { game.snapshot().tiles[0] != null } ?: game.layout(width, height).tiles.first().tile
        val colour = checkNotNull(game.snapshot().tiles[tile.toInt()])
        val expected = assertFailsWith<KamiException.SameColour> { game.play(tile, colour) }.toString()
        val before = holder.state.value

        holder.selectColour(colour)
        holder.tapTile(game, tile)
        assertEquals(expected, holder.state.value.error)
        assertEquals(before.snapshot, holder.state.value.snapshot)

        holder.dismissError()
        assertNull(holder.state.value.error)

        holder.undo()
        assertEquals(assertFailsWith<KamiException.NothingToUndo> { game.undo() }.toString(), holder.state.value.error)
        holder.tapAt(1.0, 1.0, 0.0, height)
        assertEquals(assertFailsWith<KamiException.InvalidViewport> { game.tileAt(0.0, height, 1.0, 1.0) }.toString(), holder.state.value.error)
        holder.selectColour(colour)
        assertNull(holder.state.value.error)
    }

    @Test
    fun `undo, redo and restart show the core's snapshots without a flood`() = withHolder { game, holder ->
        val move = firstLevelWin().first()
        val start = holder.state.value.snapshot
        holder.selectColour(move.colour)
        holder.tapTile(game, move.tile)
        val played = holder.state.value.snapshot

        holder.undo()
        assertEquals(start.withoutRevision().copy(canRedo = true), holder.state.value.snapshot.withoutRevision())
        assertNull(holder.state.value.ripple)
        holder.redo()
        assertEquals(played.withoutRevision(), holder.state.value.snapshot.withoutRevision())
        assertNull(holder.state.value.ripple)
        holder.restart()
        assertEquals(start.withoutRevision(), holder.state.value.snapshot.withoutRevision())
        assertEquals(game.snapshot(), holder.state.value.snapshot)
        assertEquals(move.colour, holder.state.value.selectedColour)
    }

    @Test
    fun `collectors see the win played from another thread`() = withHolder { game, holder ->
        runBlocking {
            val won = async { holder.state.first { it.snapshot.status is GameStatus.Won } }
            launch(Dispatchers.Default) {
                for (move in firstLevelWin()) {
                    holder.selectColour(move.colour)
                    holder.tapTile(game, move.tile)
                }
            }
            val shown = withTimeout(10_000) { won.await() }
            assertEquals(game.snapshot(), shown.snapshot)
        }
    }

    @Test
    fun `intents racing on several threads never show an older snapshot`() = withHolder { game, holder ->
        val move = firstLevelWin().first()
        val centre = game.centreOf(move.tile, width, height)
        holder.selectColour(move.colour)
        val threads = List(4) { n ->
            thread {
                repeat(2000) { i ->
                    when ((n + i) % 3) {
                        0 -> holder.tapAt(centre.x, centre.y, width, height)
                        1 -> holder.undo()
                        else -> holder.redo()
                    }
                }
            }
        }
        var shown = 0uL
        while (threads.any { it.isAlive }) {
            val revision = holder.state.value.snapshot.revision
            assertTrue(revision >= shown, "revision $revision shown after $shown")
            shown = revision
        }
        threads.forEach { it.join() }
        assertEquals(game.snapshot(), holder.state.value.snapshot)
    }
}
