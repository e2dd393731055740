package app.kami.play

import app.kami.core.GameStatus
import app.kami.core.KamiException
import app.kami.core.ParCheck
import app.kami.core.firstLevelId
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.runBlocking
import java.io.File
import java.nio.file.Files
import kotlin.test.AfterTest
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertIs
import kotlin.test.assertNotNull
import kotlin.test.assertSame
import kotlin.test.assertTrue
import kotlin.test.fail

/** A test screenshot of the core's (rust-core/core/tests/screenshots/, see its README), found from the working folder up. */
fun screenshot(name: String): ByteArray {
    var folder: File? = File(System.getProperty("user.dir")).absoluteFile
    while (folder != null) {
        val file = File(folder, "rust-core/core/tests/screenshots/$name")
        if (file.isFile) return file.readBytes()
        folder = folder.parentFile
    }
    fail("no screenshot $name above ${System.getProperty("user.dir")}")
}

/** Importing a screenshot into the player's puzzles, from the Kotlin module against the real core. */
class ScreenshotImportTest {
    private val directory: File = Files.createTempDirectory("kami-import").toFile()
    private val store = SaveStore(directory)

    @AfterTest
    fun removeSaves() {
        directory.deleteRecursively()
    }

    @Test
    fun `a screenshot is kept, opened with hints, won and found again after a restart`() = withScope { scope ->
        val session = PlaySession(store, scope)
        val opened = assertIs<ImportOutcome.Opened>(runBlocking { session.importScreenshot(screenshot("alleyway-dark.jpg"), "Alleyway") })
        val entry = opened.entry
        assertEquals(listOf(entry.id), session.puzzles.value.map { it.id })
        assertEquals(Triple("Alleyway", 9u, null), Triple(entry.name, entry.par, entry.best))
        assertSame(opened.holder, session.playing.value)
        // The proof runs within a phone's hint budget: on a busy machine it may not come in time,
        // and then the par stays unproven rather than guessed.
        val check = runBlocking { assertNotNull(session.parCheck).await() }
        assertTrue(check == ParCheck.Proven || check == ParCheck.Unknown, "$check")
        assertEquals(check == ParCheck.Proven, session.puzzles.value.single().parProven)

        // Played with the hints, as a stuck player would: a win, unless a hint ran out of time on a
        // busy machine and its best line was too long (then nothing is recorded).
        val holder = opened.holder
        while (holder.state.value.snapshot.status == GameStatus.Playing) {
            holder.requestHint()
            runBlocking { holder.state.first { it.hint is HintState.Shown } }
            assertTrue(holder.playHint())
        }
        val end = holder.state.value.snapshot
        assertEquals(end.movesUsed.takeIf { end.status is GameStatus.Won }, session.puzzles.value.single().best?.moves)

        val restarted = PlaySession(store, scope)
        assertEquals(emptyList(), restarted.problems.value)
        assertEquals(session.puzzles.value, restarted.puzzles.value)
        assertEquals(entry.id, restarted.current.value?.state?.value?.snapshot?.levelId)
        val thumbnail = restarted.thumbnail(entry.id, 40.0, 70.0)
        assertEquals(holder.state.value.snapshot.tiles.count { it != null }, thumbnail.tiles.size)
    }

    @Test
    fun `an unread counter asks the player for the par`() = withScope { scope ->
        val session = PlaySession(store, scope)
        val pending = assertIs<ImportOutcome.NeedsPar>(runBlocking { session.importScreenshot(screenshot("alleyway-no-counter.png"), "Shot") }).pending
        assertEquals(emptyList(), session.puzzles.value)
        assertEquals(4, pending.palette.size)
        val refused = assertFailsWith<KamiException.InvalidPar> { session.finishImport(pending, 0u) }
        assertEquals(ImportProblem.InvalidPar(4096u), ImportProblem.of(refused))
        assertEquals(emptyList(), session.puzzles.value)
        val opened = assertIs<ImportOutcome.Opened>(session.finishImport(pending, 9u))
        assertEquals(9u, opened.holder.state.value.snapshot.par)
        assertEquals(listOf("Shot"), session.puzzles.value.map { it.name })
    }

    @Test
    fun `a puzzle read after the player moved on is kept but not shown`() = withScope { scope ->
        Gate().use { gate ->
            val session = PlaySession(store, scope, gate.dispatcher)
            val late = scope.async(Dispatchers.IO) { session.importScreenshot(screenshot("alleyway-dark.jpg"), "Late") }
            // importScreenshot has taken its request number once it waits on the gate's thread.
            Thread.sleep(200)
            val level = session.open(firstLevelId())
            gate.open()
            val kept = assertIs<ImportOutcome.Kept>(runBlocking { late.await() })
            runBlocking { assertNotNull(session.parCheck).await() }
            assertSame(level, session.playing.value)
            assertEquals(listOf(kept.entry.id), session.puzzles.value.map { it.id })
        }
    }

    @Test
    fun `bad images give typed problems and keep nothing`() = withScope { scope ->
        val session = PlaySession(store, scope)
        val error = assertFailsWith<KamiException> { runBlocking { session.importScreenshot("not an image".toByteArray(), "Bad") } }
        assertEquals(ImportProblem.Unreadable, ImportProblem.of(error))
        // A screenshot cut short: whichever typed error the core finds, the player gets a plain message.
        val cut = assertFailsWith<KamiException> { runBlocking { session.importScreenshot(screenshot("alleyway-dark.jpg").copyOf(2000), "Cut") } }
        assertTrue(ImportProblem.of(cut) !is ImportProblem.Other, "$cut")
        assertEquals(emptyList(), session.puzzles.value)
    }

    @Test
    fun `puzzles are renamed, duplicated and deleted, and saved each time`() = withScope { scope ->
        val session = PlaySession(store, scope)
        val id = assertIs<ImportOutcome.Opened>(runBlocking { session.importScreenshot(screenshot("alleyway-dark.jpg"), "One") }).entry.id
        assertFailsWith<KamiException.InvalidPuzzleName> { session.renamePuzzle(id, "   ") }
        session.renamePuzzle(id, "Uno")
        val copy = session.duplicatePuzzle(id, "Dos")
        session.deletePuzzle(id)
        assertFailsWith<KamiException.UnknownPuzzle> { session.openPuzzle(id) }
        assertEquals(listOf("Dos"), PlaySession(store, scope).puzzles.value.map { it.name })
        assertEquals("Dos", session.openPuzzle(copy.id).state.value.snapshot.name)
    }
}
