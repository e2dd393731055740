package app.kami.play

import app.kami.core.BestResult
import app.kami.core.Game
import app.kami.core.Grade
import app.kami.core.deeperLevelId
import app.kami.core.winningLine
import app.kami.core.GameStatus
import app.kami.core.KamiException
import app.kami.core.Move
import app.kami.core.centreOf
import app.kami.core.firstLevelId
import app.kami.core.firstLevelWin
import app.kami.core.withoutRevision
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.cancel
import java.io.File
import java.nio.file.Files
import kotlin.test.AfterTest
import kotlin.test.Test
import kotlin.test.assertContentEquals
import kotlin.test.assertEquals
import kotlin.test.assertIs
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertTrue

class PlaySessionTest {
    private val width = 360.0
    private val height = 640.0
    private val directory: File = Files.createTempDirectory("kami-saves").toFile()
    private val store = SaveStore(directory)

    @AfterTest
    fun removeSaves() {
        directory.deleteRecursively()
    }

    /** A session on [directory] that writes each save before the intent returns, so a test can read it at once. */
    private fun session(scope: CoroutineScope) = PlaySession(store, scope, saveDispatcher = Dispatchers.Unconfined)

    private fun PlaySession.game(): GameStateHolder = assertNotNull(playing.value, "no game in play")

    private fun GameStateHolder.play(move: Move) {
        selectColour(move.colour)
        Game(state.value.snapshot.levelId).use { it.centreOf(move.tile, width, height) }.let { tapAt(it.x, it.y, width, height) }
    }

    /** The game save as the store holds it now. */
    private fun saveBytes(): ByteArray = assertNotNull(store.read("game"), "no game save")

    @Test
    fun `a new session continues the saved game, redo included, and keeps the win`() = withScope { scope ->
        val line = Game(deeperLevelId()).use { checkNotNull(winningLine(it, it.snapshot().par)) }
        val first = session(scope)
        assertNull(first.playing.value)
        first.open(deeperLevelId())
        line.take(2).forEach { first.game().play(it) }
        first.game().undo()
        val left = first.game().state.value.snapshot

        val second = session(scope)
        assertEquals(emptyList(), second.problems.value)
        val restored = second.game()
        assertEquals(left.withoutRevision(), restored.state.value.snapshot.withoutRevision())
        assertTrue(restored.state.value.snapshot.canRedo)
        restored.redo()
        assertEquals(2u, restored.state.value.snapshot.movesUsed)
        line.drop(2).forEach { restored.play(it) }
        assertIs<GameStatus.Won>(restored.state.value.snapshot.status)
        val best = second.packs.value.flatMap { it.levels }.single { it.level.id == deeperLevelId() }.best
        assertEquals(BestResult(line.size.toUInt(), Grade.PERFECT), best)

        val third = session(scope)
        assertEquals(best, third.packs.value.flatMap { it.levels }.single { it.level.id == deeperLevelId() }.best)
        assertEquals(restored.state.value.snapshot.withoutRevision(), third.game().state.value.snapshot.withoutRevision())
    }

    @Test
    fun `leaving a game removes its save`() = withScope { scope ->
        val session = session(scope)
        session.open(firstLevelId())
        assertNotNull(store.read("game"))
        session.leave()
        assertNull(session.playing.value)
        assertNull(store.read("game"))
        assertNull(session(scope).playing.value)
    }

    @Test
    fun `a damaged game save starts fresh, reports why and is kept aside`() = withScope { scope ->
        session(scope).open(firstLevelId())
        val saved = saveBytes()
        val damaged = saved.copyOf().also { it[it.size / 2] = (it[it.size / 2].toInt() xor 0x55).toByte() }
        store.write("game", damaged)

        val session = session(scope)
        val problem = assertIs<SaveProblem.Rejected>(session.problems.value.single())
        assertEquals("game", problem.name)
        assertIs<KamiException.CorruptSave>(problem.cause)
        assertNull(session.playing.value)
        assertContentEquals(damaged, store.read("game.rejected"))
        assertNull(store.read("game"))

        session.open(firstLevelId())
        assertNotNull(session.playing.value)
        session.dismissProblems()
        assertEquals(emptyList(), session.problems.value)
    }

    @Test
    fun `a cut-short progress save or a game save of the wrong kind starts fresh`() = withScope { scope ->
        val line = firstLevelWin()
        val session = session(scope)
        session.open(firstLevelId())
        line.forEach { session.game().play(it) }
        val progress = assertNotNull(store.read("progress"))
        store.write("progress", progress.copyOf(progress.size - 1))
        store.write("game", progress)

        val fresh = session(scope)
        val problems = fresh.problems.value.map { assertIs<SaveProblem.Rejected>(it) }
        assertEquals(listOf("progress", "game"), problems.map { it.name })
        assertIs<KamiException.TruncatedSave>(problems[0].cause)
        assertIs<KamiException.WrongSaveKind>(problems[1].cause)
        assertTrue(fresh.packs.value.all { pack -> pack.levels.all { it.best == null } })
        assertNull(fresh.playing.value)
    }

    @Test
    fun `settings are saved and restored`() = withScope { scope ->
        val session = session(scope)
        assertEquals(Settings(), session.settings.value)
        val changed = Settings(colourBlindSymbols = true, haptics = false)
        session.updateSettings(changed)
        assertEquals(changed, session.settings.value)
        assertEquals(changed, session(scope).settings.value)
    }

    @Test
    fun `a save queued as the screen closes is still written`() {
        val scope = CoroutineScope(SupervisorJob())
        val session = session(scope)
        scope.cancel()
        session.updateSettings(Settings(haptics = false))
        assertEquals(Settings(haptics = false), Settings.decode(assertNotNull(store.read("settings"))))
    }

    @Test
    fun `an unwritable save is reported, not thrown`() = withScope { scope ->
        val session = session(scope)
        directory.deleteRecursively()
        directory.parentFile.resolve(directory.name).writeText("a file where the folder was")
        session.updateSettings(Settings(haptics = false))
        val problem = assertIs<SaveProblem.Failed>(session.problems.value.single())
        assertEquals("settings", problem.name)
        assertTrue(directory.delete())
    }
}
