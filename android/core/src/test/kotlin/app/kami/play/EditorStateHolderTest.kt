package app.kami.play

import app.kami.core.EditorAnalysis
import app.kami.core.EditorVerdict
import app.kami.core.Game
import app.kami.core.GameStatus
import app.kami.core.Grade
import app.kami.core.ParCheck
import app.kami.core.KamiException
import app.kami.core.PuzzleOrigin
import app.kami.core.Symmetry
import app.kami.core.shareLevel
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.channels.Channel
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withContext
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.withTimeout
import java.io.File
import java.net.URI
import java.nio.file.Files
import kotlin.test.AfterTest
import kotlin.test.Test
import kotlin.test.assertContentEquals
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertIs
import kotlin.test.assertNotEquals
import kotlin.test.assertNotNull
import kotlin.test.assertNull
import kotlin.test.assertSame
import kotlin.test.assertTrue

/**
 * The editor screen's state holder against the real core: drawing with taps and drags, the live
 * analysis waited for off the caller's thread and never shown for a board since changed, playing
 * the drawing to a win, and sharing it, opening the code and keeping it among the player's puzzles.
 */
class EditorStateHolderTest {
    private val width = 300.0
    private val height = 500.0
    private val directory: File = Files.createTempDirectory("kami-editor").toFile()
    private val store = SaveStore(directory)

    @AfterTest
    fun removeSaves() {
        directory.deleteRecursively()
    }

    private fun EditorStateHolder.centre(cell: UInt) = assertNotNull(layout(width, height)).tiles.first { it.tile == cell }.centre

    private fun EditorStateHolder.tap(cell: UInt) = centre(cell).let { tapAt(it.x, it.y, width, height) }

    /** Taps [cell] with a colour it does not have, so the drawing changes. */
    private fun EditorStateHolder.repaint(cell: UInt) {
        val snapshot = state.value.snapshot
        selectBrush(EditorBrush.PAINT)
        selectColour((assertNotNull(snapshot.tiles[cell.toInt()]) + 1u) % snapshot.palette.size.toUInt())
        tap(cell)
    }

    /** The drawing of the bindings' editor test, made the way a player makes it: a mirror, a drag, taps and a hole. */
    private fun draw(scope: CoroutineScope): EditorStateHolder {
        val holder = EditorStateHolder.blank(scope, rows = 9u, cols = 6u, colours = 3)
        holder.nextMirror()
        assertEquals(Symmetry.LEFT_RIGHT, holder.state.value.snapshot.mirror)
        holder.selectColour(1u)
        for (cell in listOf(1u, 49u)) holder.centre(cell).let { holder.dragTo(it.x, it.y, width, height) }
        holder.endDrag()
        for ((cell, colour) in listOf(0u to 2u, 20u to 2u, 33u to 1u, 45u to 2u)) {
            holder.selectColour(colour)
            holder.tap(cell)
        }
        holder.selectBrush(EditorBrush.HOLE)
        holder.tap(53u)
        val state = holder.state.value
        assertNull(state.error)
        assertEquals(listOf(null, null), listOf(state.snapshot.tiles[53], state.snapshot.tiles[48]), "the mirror made a hole too")
        return holder
    }

    /** Watches the analysis until the one shown is finished, and returns its report. */
    private fun finishedReport(holder: EditorStateHolder): AnalysisReport {
        val watch = holder.watchAnalysis()
        try {
            val state = runBlocking { withTimeout(60_000) { holder.state.first { it.analysis?.done == true } } }
            assertEquals(state.snapshot.version, state.analysis?.version)
            return assertNotNull(state.report)
        } finally {
            watch.cancel()
        }
    }

    @Test
    fun `a drawing is analysed live and played to a win`() = withScope { scope ->
        val holder = draw(scope)
        val report = finishedReport(holder)
        val par = assertIs<AnalysisReport.Par.Proven>(report.par).par
        assertTrue(par >= 2u && report.regions > 1u && report.colours == 3u, "$report")
        assertTrue(EditorVerdict.OneColour !in report.verdicts)

        val session = PlaySession(store, scope)
        val game = session.playDrawing(holder, "Drawn")
        assertSame(game, session.playing.value)
        assertEquals(par, game.state.value.snapshot.par)
        while (game.state.value.snapshot.status == GameStatus.Playing) {
            game.requestHint()
            val hint = runBlocking { withTimeout(60_000) { game.state.first { it.hint !is HintState.Thinking } } }.hint
            assertTrue(game.playHint(), "$hint")
        }
        assertEquals(GameStatus.Won(Grade.PERFECT), game.state.value.snapshot.status)
    }

    @Test
    fun `a blank board is one colour and undo and redo follow the core`() = withScope<Unit> { scope ->
        val holder = EditorStateHolder.blank(scope, rows = 9u, cols = 6u, colours = 2)
        val blank = finishedReport(holder)
        assertEquals(AnalysisReport.Par.None, blank.par)
        assertTrue(EditorVerdict.OneColour in blank.verdicts && blank.regions == 1u)
        holder.selectColour(1u)
        holder.tap(10u)
        assertNull(holder.state.value.analysis, "the blank board's analysis is not shown for the painted one")
        holder.undo()
        assertTrue(holder.state.value.snapshot.tiles.all { it == 0u } && holder.state.value.snapshot.canRedo)
        holder.redo()
        assertEquals(1u, holder.state.value.snapshot.tiles[10])
        assertFailsWith<KamiException.BoardOneColour> { EditorStateHolder.blank(scope).play("Blank") }
    }

    @Test
    fun `an analysis of a board since changed is never shown`() = withScope { scope ->
        val holder = draw(scope)
        // Each wait of the watch is held back after the core answered, until a pass is given: the
        // first is let through after the player has painted, the second never.
        val answered = Channel<ULong>(Channel.UNLIMITED)
        val gate = Channel<Unit>(Channel.UNLIMITED)
        val watch = holder.watchAnalysis { after ->
            val answer = withContext(Dispatchers.Default) { holder.editor.analysis(after, 60_000u) }
            answered.send(answer?.version ?: 0uL)
            gate.receive()
            answer
        }
        try {
            val old = runBlocking { answered.receive() }
            assertEquals(holder.state.value.snapshot.version, old)
            holder.repaint(30u)
            assertNotEquals(old, holder.state.value.snapshot.version)
            gate.trySend(Unit) // the old board's answer arrives now
            runBlocking { answered.receive() } // the watch has taken it in and waits again
            assertNull(holder.state.value.analysis, "an analysis of the board before the tap was shown")
        } finally {
            watch.cancel()
        }
        // A stale answer given straight to the holder is dropped too; a current one is shown.
        val current: EditorAnalysis = assertNotNull(holder.editor.analysis(0uL, 60_000u))
        assertEquals(holder.state.value.snapshot.version, current.version)
        holder.receive(current)
        assertEquals(current, holder.state.value.analysis)
        holder.repaint(31u)
        holder.receive(current)
        assertNull(holder.state.value.analysis)
    }

    @Test
    fun `a drawing is shared, opened from its link, kept and edited again`() = withScope { scope ->
        val session = PlaySession(store, scope)
        val holder = draw(scope)
        finishedReport(holder)
        val items = session.shareDrawing(holder, "Wings")
        assertEquals("kami://puzzle/" + items.code, items.link)
        assertContentEquals(byteArrayOf(0x89.toByte(), 0x50, 0x4E, 0x47), items.qrPng.copyOfRange(0, 4))

        // The link as an intent's data URI hands it over; the core reads it.
        val opened = session.openCode(URI(items.link).toString())
        assertEquals(Triple("Wings", true, items.code), Triple(opened.name, opened.claimedProven, opened.code.code))
        assertEquals(ParConfirmation.Checking, opened.confirmation.value)
        runBlocking { opened.checkPar() }
        val confirmation = opened.confirmation.value
        assertTrue(confirmation == ParConfirmation.Confirmed || confirmation == ParConfirmation.Unconfirmed, "$confirmation")
        val played = session.playShared(opened)
        assertSame(played, session.playing.value)
        assertEquals(opened.claimedPar, played.state.value.snapshot.par)
        assertEquals(holder.state.value.snapshot.tiles, played.state.value.snapshot.tiles)

        val kept = session.keepShared(opened, "Wings")
        assertEquals(PuzzleOrigin.SHARED, kept.origin)
        // The par check runs in the background and may already have proven the par.
        assertEquals(listOf(kept.id), session.puzzles.value.map { it.id })
        val check = runBlocking { assertNotNull(session.parCheck).await() }
        assertEquals(listOf(kept.copy(parProven = check == ParCheck.Proven)), session.puzzles.value)
        val again = session.editPuzzle(kept.id)
        assertEquals(holder.state.value.snapshot.tiles, again.state.value.snapshot.tiles)
        val made = session.saveDrawing(again, "Wings II")
        assertEquals(PuzzleOrigin.MADE, made.origin)
        assertEquals(listOf("Wings", "Wings II"), PlaySession(store, scope).puzzles.value.map { it.name })
        assertTrue(session.shareItems(made.id).code.isNotEmpty())

        // The collection screen's changes: rename, duplicate, delete, each saved.
        session.renamePuzzle(made.id, "Butterfly")
        val copy = session.duplicatePuzzle(made.id, "Butterfly copy")
        session.deletePuzzle(kept.id)
        assertEquals(listOf("Butterfly", "Butterfly copy"), PlaySession(store, scope).puzzles.value.map { it.name })
        assertNull(copy.best)
    }

    @Test
    fun `codes and links are read by the core and refused in words`() = withScope { scope ->
        val session = PlaySession(store, scope)
        val code = shareLevel("03-tides/ebb", null).code
        assertEquals(Game("03-tides/ebb").use { it.snapshot().par }, session.openCode("kami://puzzle/$code").claimedPar)
        assertEquals(code, session.openCode("  ${code.take(10)} ${code.drop(10)}\n").code.code)
        fun problem(text: String): CodeProblem? = try {
            session.openCode(text)
            null
        } catch (e: KamiException) {
            CodeProblem.of(e)
        }
        val swapped = code.toCharArray().also { it[7] = code[8]; it[8] = code[7] }
        if (code[7] != code[8]) assertEquals(CodeProblem.Mistyped, problem(String(swapped)))
        assertEquals(CodeProblem.Truncated(2u), problem(code.dropLast(2)))
        assertEquals(CodeProblem.NotACode, problem("https://example.com/"))
        assertEquals(CodeProblem.NotACode, problem("kami://level/$code"))
    }
}
