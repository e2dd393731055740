package app.kami.play

import app.kami.core.KamiException
import app.kami.core.dailyPuzzle
import app.kami.core.withoutRevision
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.runBlocking
import java.nio.file.Files
import java.time.LocalDate
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertNotEquals
import kotlin.test.assertNotNull

class DailyPuzzleTest {
    private fun board(year: UInt, month: UInt, day: UInt) = dailyPuzzle(year, month, day).game.use { it.snapshot() }

    @Test
    fun `the daily puzzle of a date is the same every time`() {
        val first = board(2025u, 3u, 9u)
        assertEquals("daily/2025-03-09", first.levelId)
        assertEquals(first, board(2025u, 3u, 9u))
        assertNotEquals(first.tiles, board(2025u, 3u, 10u).tiles)
    }

    @Test
    fun `no puzzle for a date that does not exist`() {
        assertFailsWith<KamiException.InvalidDate> { dailyPuzzle(2025u, 2u, 29u) }
    }

    @Test
    fun `a session opens the daily puzzle and restores it after a restart`() = withScope { scope ->
        val directory = Files.createTempDirectory("kami-daily").toFile()
        try {
            val store = SaveStore(directory)
            val session = PlaySession(store, scope, Dispatchers.Default, Dispatchers.Unconfined)
            runBlocking { session.openDaily(LocalDate.of(2025, 3, 9)) }
            val opened = assertNotNull(session.playing.value).state.value.snapshot
            assertEquals(board(2025u, 3u, 9u).withoutRevision(), opened.withoutRevision())

            val restored = PlaySession(store, scope, Dispatchers.Default, Dispatchers.Unconfined)
            assertEquals(opened, assertNotNull(restored.playing.value).state.value.snapshot)
        } finally {
            directory.deleteRecursively()
        }
    }
}
