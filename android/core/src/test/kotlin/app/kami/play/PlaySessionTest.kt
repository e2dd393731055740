package app.kami.play

import app.kami.core.BestResult
import app.kami.core.Game
import app.kami.core.Grade
import app.kami.core.deeperLevelId
import app.kami.core.winningLine
import app.kami.core.GameStatus
import app.kami.core.KamiException
import app.kami.core.Move
import app.kami.core.firstLevelId
import app.kami.core.firstLevelWin
import app.kami.core.withoutRevision
import app.kami.core.GameSnapshot
import app.kami.core.PlayerProgress
import app.kami.core.packs
import kotlinx.coroutines.CoroutineDispatcher
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
import kotlin.test.assertNotSame
import kotlin.test.assertNull
import kotlin.test.assertSame
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

    /** A session on [directory], as the app makes one (saves are written before each intent returns). */
    private fun session(scope: CoroutineScope, background: CoroutineDispatcher = Dispatchers.Default) = PlaySession(store, scope, background)

    private fun PlaySession.game(): GameStateHolder = assertNotNull(playing.value, "no game in play")

    private fun GameStateHolder.play(move: Move) {
        selectColour(move.colour)
        checkNotNull(layout(width, height)).tiles.first { it.tile == move.tile }.centre.let { tapAt(it.x, it.y, width, height) }
    }

    /** The game save as the store holds it now. */
    private fun saveBytes(): ByteArray = assertNotNull(store.read("game"), "no game save")

    /** The game the save on disk holds now, as a snapshot without its revision. */
    private fun savedGame(): GameSnapshot = Game.restore(saveBytes()).use { it.snapshot() }.withoutRevision()

    /** The snapshot [holder] shows, without its revision. */
    private fun shown(holder: GameStateHolder): GameSnapshot = holder.state.value.snapshot.withoutRevision()

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
        assertNull(second.playing.value, "a new session starts on the level select screen")
        val restored = assertNotNull(second.current.value)
        assertSame(restored, second.resume())
        assertSame(restored, second.game())
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
        assertEquals(shown(restored), shown(assertNotNull(third.current.value)))
        // Shown again, the won game starts from the beginning; its result stays recorded.
        val again = assertNotNull(third.resume())
        assertIs<GameStatus.Playing>(again.state.value.snapshot.status)
        assertEquals(0u, again.state.value.snapshot.movesUsed)
        assertEquals(best, third.packs.value.flatMap { it.levels }.single { it.level.id == deeperLevelId() }.best)
    }

    @Test
    fun `leaving keeps the game and its save, and opening the level again continues it`() = withScope { scope ->
        val line = Game(deeperLevelId()).use { checkNotNull(winningLine(it, it.snapshot().par)) }
        val session = session(scope)
        val opened = session.open(deeperLevelId())
        line.take(2).forEach { opened.play(it) }
        opened.undo()
        val left = shown(opened)

        session.leave()
        assertNull(session.playing.value)
        assertSame(opened, session.current.value)
        assertEquals(left, savedGame())

        assertSame(opened, session.open(deeperLevelId()))
        assertSame(opened, session.playing.value)
        assertEquals(left, shown(opened))
        assertTrue(opened.state.value.snapshot.canUndo && opened.state.value.snapshot.canRedo)
        opened.redo()
        assertEquals(2u, opened.state.value.snapshot.movesUsed)
    }

    @Test
    fun `a game left and the app killed continues, undo and redo included, when its level is opened again`() = withScope { scope ->
        val line = Game(deeperLevelId()).use { checkNotNull(winningLine(it, it.snapshot().par)) }
        val first = session(scope)
        first.open(deeperLevelId())
        line.take(2).forEach { first.game().play(it) }
        first.game().undo()
        val left = shown(first.game())
        first.leave()

        val second = session(scope)
        assertNull(second.playing.value)
        assertEquals(left, shown(assertNotNull(second.current.value)))
        val continued = second.open(deeperLevelId())
        assertSame(second.current.value, continued)
        assertEquals(left, shown(continued))
        continued.undo()
        assertEquals(0u, continued.state.value.snapshot.movesUsed)
        continued.redo()
        continued.redo()
        assertEquals(2u, continued.state.value.snapshot.movesUsed)
        assertEquals(shown(continued), savedGame())
    }

    @Test
    fun `opening another level replaces the current game and its save`() = withScope { scope ->
        val session = session(scope)
        val first = session.open(deeperLevelId())
        first.play(Game(deeperLevelId()).use { checkNotNull(winningLine(it, it.snapshot().par)) }.first())
        session.leave()

        val other = packs().flatMap { it.levels }.first { it.id != deeperLevelId() }.id
        val second = session.open(other)
        assertNotSame(first, second)
        assertSame(second, session.current.value)
        assertEquals(other, savedGame().levelId)
        assertEquals(0u, savedGame().movesUsed)

        session.leave()
        val fresh = session.open(deeperLevelId())
        assertNotSame(first, fresh)
        assertEquals(0u, fresh.state.value.snapshot.movesUsed)
    }

    @Test
    fun `resume shows the current game, and does nothing without one`() = withScope { scope ->
        val session = session(scope)
        assertNull(session.resume())
        assertNull(session.playing.value)
        val opened = session.open(firstLevelId())
        session.leave()
        assertSame(opened, session.resume())
        assertSame(opened, session.playing.value)
    }

    @Test
    fun `leaving stops a hint being searched, and the game continues without it`() = withScope { scope ->
        Gate().use { gate ->
            val session = session(scope, gate.dispatcher)
            val game = session.open(deeperLevelId())
            game.requestHint()
            assertIs<HintState.Thinking>(game.state.value.hint)
            session.leave()
            assertEquals(HintState.Idle, game.state.value.hint)
            gate.open()
            gate.drain()
            assertEquals(HintState.Idle, assertNotNull(session.resume()).state.value.hint)
        }
    }

    @Test
    fun `every change is on disk when the intent returns, and a killed app continues from it`() = withScope { scope ->
        val line = firstLevelWin()
        val session = session(scope)
        val game = session.open(firstLevelId())
        assertEquals(shown(game), savedGame())
        for (move in line) {
            game.play(move)
            assertEquals(shown(game), savedGame(), "move $move not saved when play returned")
        }
        assertIs<GameStatus.Won>(game.state.value.snapshot.status)
        val recorded = PlayerProgress.restore(assertNotNull(store.read("progress"))).use { it.best(firstLevelId()) }
        assertEquals(line.size.toUInt(), assertNotNull(recorded).moves)

        game.undo()
        assertEquals(shown(game), savedGame())
        game.redo()
        assertEquals(shown(game), savedGame())
        game.restart()
        assertEquals(shown(game), savedGame())
        game.play(line.first())
        val last = shown(game)

        // No leave, no flush, no scope left running: the process dies here.
        val afterKill = session(CoroutineScope(SupervisorJob()))
        assertEquals(last, shown(assertNotNull(afterKill.current.value)))
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
        assertNull(session.current.value)
        assertNull(session.resume())
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
        assertNull(fresh.current.value)
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
    fun `saves do not wait for the scope, so one made as the screen closes is written`() {
        val scope = CoroutineScope(SupervisorJob())
        val session = session(scope)
        val game = session.open(firstLevelId())
        scope.cancel()
        session.updateSettings(Settings(haptics = false))
        assertEquals(Settings(haptics = false), Settings.decode(assertNotNull(store.read("settings"))))
        game.play(firstLevelWin().first())
        assertEquals(1u, savedGame().movesUsed)
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
