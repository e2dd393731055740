package app.kami.play

import app.kami.core.Game
import app.kami.core.GameSnapshot
import app.kami.core.GameStatus
import app.kami.core.Move
import app.kami.core.deeperLevelId
import app.kami.core.firstLevelId
import app.kami.core.firstLevelWin
import app.kami.core.losingLine
import app.kami.core.packs
import app.kami.core.winningLine
import app.kami.core.withoutRevision
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.runBlocking
import java.io.File
import java.nio.file.Files
import java.time.LocalDate
import kotlin.test.AfterTest
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertSame
import kotlin.test.assertTrue

/**
 * A slow request (the daily puzzle) must never land on a screen the player has moved on from;
 * what level select offers for a finished game, what a continued failed game shows, and what is
 * brought back after process death.
 */
class RequestSequencingTest {
    private val width = 360.0
    private val height = 640.0
    private val day = LocalDate.of(2027, 3, 14)
    private val directory: File = Files.createTempDirectory("kami-requests").toFile()
    private val store = SaveStore(directory)

    @AfterTest
    fun removeSaves() {
        directory.deleteRecursively()
    }

    private fun GameStateHolder.play(move: Move) {
        selectColour(move.colour)
        checkNotNull(layout(width, height)).tiles.first { it.tile == move.tile }.centre.let { tapAt(it.x, it.y, width, height) }
    }

    /** A move of [levelId] from its start that does not win it. */
    private fun someMove(levelId: String): Move = Game(levelId).use { losingLine(it).first() }

    private fun savedGame(): GameSnapshot = Game.restore(assertNotNull(store.read("game"))).use { it.snapshot() }.withoutRevision()

    /**
     * Starts today's puzzle with its making held back by a [Gate], runs [meanwhile] (what the
     * player does while it is made), lets it finish and returns what `openDaily` returned.
     */
    private fun dailyAfter(scope: CoroutineScope, session: (Gate) -> PlaySession, meanwhile: (PlaySession) -> Unit): Pair<PlaySession, GameStateHolder?> =
        Gate().use { gate ->
            val playSession = session(gate)
            val daily = scope.async(Dispatchers.IO) { playSession.openDaily(day) }
            // openDaily has taken its request number once it waits on the gate's thread.
            Thread.sleep(200)
            meanwhile(playSession)
            gate.open()
            playSession to runBlocking { daily.await() }
        }

    @Test
    fun `a daily puzzle made after the player opened a level is dropped`() = withScope { scope ->
        lateinit var level: GameStateHolder
        val (session, daily) = dailyAfter(scope, { PlaySession(store, scope, it.dispatcher) }) { session ->
            level = session.open(deeperLevelId())
            level.play(someMove(deeperLevelId()))
        }
        assertNull(daily, "the late puzzle was shown")
        assertSame(level, session.playing.value)
        assertSame(level, session.current.value)
        assertEquals(deeperLevelId(), savedGame().levelId)
        assertEquals(1u, savedGame().movesUsed)
    }

    @Test
    fun `a daily puzzle made after the player continued or left a game is dropped`() = withScope { scope ->
        PlaySession(store, scope).open(firstLevelId()).play(firstLevelWin().first())
        val (resumed, daily) = dailyAfter(scope, { PlaySession(store, scope, it.dispatcher) }) { it.resume() }
        assertNull(daily)
        assertEquals(firstLevelId(), assertNotNull(resumed.playing.value).state.value.snapshot.levelId)

        val (left, late) = dailyAfter(scope, { PlaySession(store, scope, it.dispatcher) }) { it.leave() }
        assertNull(late)
        assertNull(left.playing.value)
        assertEquals(firstLevelId(), savedGame().levelId)
    }

    @Test
    fun `a daily puzzle nobody moved on from is shown and saved`() = withScope { scope ->
        val (session, daily) = dailyAfter(scope, { PlaySession(store, scope, it.dispatcher) }) {}
        assertSame(assertNotNull(daily), session.playing.value)
        assertEquals("daily/2027-03-14", savedGame().levelId)
    }

    @Test
    fun `of two daily requests only the newer lands`() = withScope { scope ->
        Gate().use { gate ->
            val session = PlaySession(store, scope, gate.dispatcher)
            val first = scope.async(Dispatchers.IO) { session.openDaily(day) }
            Thread.sleep(200)
            val second = scope.async(Dispatchers.IO) { session.openDaily(day.plusDays(1)) }
            Thread.sleep(200)
            gate.open()
            runBlocking {
                assertNull(first.await())
                val shown = assertNotNull(second.await())
                assertSame(shown, session.playing.value)
            }
            assertEquals("daily/2027-03-15", savedGame().levelId)
        }
    }

    @Test
    fun `level select offers to continue a game in play or lost, and to play a won one again, as opening does`() = withScope { scope ->
        val session = PlaySession(store, scope)
        assertNull(session.continueOffer())
        val levelId = deeperLevelId()
        val name = packs().flatMap { it.levels }.first { it.id == levelId }.name
        val game = session.open(levelId)
        assertEquals(ContinueOffer(name, playAgain = false), session.continueOffer())

        game.lose()
        assertEquals(GameStatus.Failed, game.state.value.snapshot.status)
        session.leave()
        assertEquals(ContinueOffer(name, playAgain = false), session.continueOffer())
        val continued = assertNotNull(session.resume())
        assertEquals(GameStatus.Failed, continued.state.value.snapshot.status, "a lost game is continued where it was lost")
        assertTrue(continued.state.value.snapshot.canUndo)

        continued.restart()
        val win = Game(levelId).use { checkNotNull(winningLine(it, it.snapshot().par)) }
        win.forEach { continued.play(it) }
        session.leave()
        assertEquals(ContinueOffer(name, playAgain = true), session.continueOffer())
        assertEquals(0u, assertNotNull(session.resume()).state.value.snapshot.movesUsed, "a won game starts again")
    }

    @Test
    fun `the result comes up for the move that finishes a game, not when the finished game is opened again`() = withScope { scope ->
        val session = PlaySession(store, scope)
        val game = session.open(deeperLevelId())
        val line = Game(deeperLevelId()).use { losingLine(it) }
        line.dropLast(1).forEach { game.play(it) }
        assertFalse(game.state.value.resultDue)
        game.play(line.last())
        assertTrue(game.state.value.resultDue, "the losing move brings up the result")

        session.leave()
        assertFalse(assertNotNull(session.resume()).state.value.resultDue, "continued, a lost game shows no result at once")
        game.undo()
        game.redo()
        assertFalse(game.state.value.resultDue, "redone into, a lost game shows no result")
        assertFalse(assertNotNull(PlaySession(store, scope).resume()).state.value.resultDue, "restored, neither")
    }

    @Test
    fun `after process death the game on screen comes back with its colour, and only that game`() = withScope { scope ->
        val levelId = deeperLevelId()
        val before = PlaySession(store, scope)
        val game = before.open(levelId)
        game.play(someMove(levelId))
        game.selectColour(1u)
        val record = ScreenRecord.decode(ScreenRecord.of(game.state.value).encode())
        assertEquals(ScreenRecord(levelId, 1u), record)

        val after = PlaySession(store, scope)
        val restored = assertNotNull(after.restoreScreen(record))
        assertSame(restored, after.playing.value)
        assertEquals(1u, restored.state.value.selectedColour)
        assertEquals(1u, restored.state.value.snapshot.movesUsed)

        assertNull(PlaySession(store, scope).restoreScreen(null), "no game was on screen: level select")
        assertNull(PlaySession(store, scope).restoreScreen(ScreenRecord("daily/2027-03-14", 0u)), "another game was on screen")
        val outOfPalette = assertNotNull(PlaySession(store, scope).restoreScreen(ScreenRecord(levelId, 99u)))
        assertEquals(0u, outOfPalette.state.value.selectedColour)
        assertNull(ScreenRecord.decode("garbage"))
        assertNull(ScreenRecord.decode(null))
    }

    /** Loses this game, played from its start (it must be at its start). */
    private fun GameStateHolder.lose() = Game(state.value.snapshot.levelId).use { losingLine(it) }.forEach { play(it) }
}
