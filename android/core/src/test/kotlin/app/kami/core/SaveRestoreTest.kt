package app.kami.core

import java.util.zip.CRC32
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertIs
import kotlin.test.assertTrue

class SaveRestoreTest {
    @Test
    fun `a saved game restores with its moves, undo and redo`() {
        val line = firstLevelWin()
        Game(firstLevelId()).use { game ->
            for (move in line) game.play(move.tile, move.colour)
            game.undo()
            Game.restore(game.save()).use { restored ->
                assertEquals(game.snapshot().withoutRevision(), restored.snapshot().withoutRevision())
                val redone = restored.redo()
                assertEquals(game.redo().withoutRevision(), redone.withoutRevision())
                assertIs<GameStatus.Won>(redone.status)
                assertEquals(game.save().toList(), restored.save().toList())
            }
        }
    }

    @Test
    fun `a fresh game restores as a fresh game`() {
        Game(firstLevelId()).use { game ->
            Game.restore(game.save()).use { restored ->
                assertEquals(game.snapshot().withoutRevision(), restored.snapshot().withoutRevision())
            }
        }
    }

    @Test
    fun `bytes that are not a whole game save are refused with typed errors`() {
        val save = Game(firstLevelId()).use { it.save() }

        assertFailsWith<KamiException.NotASave> { Game.restore("not a save".toByteArray()) }

        val cut = assertFailsWith<KamiException.TruncatedSave> { Game.restore(save.copyOf(save.size - 1)) }
        assertEquals(save.size.toULong(), cut.expected)
        assertEquals((save.size - 1).toULong(), cut.found)

        val damaged = save.copyOf().also { it[it.size - 5] = (it[it.size - 5].toInt() xor 1).toByte() }
        assertFailsWith<KamiException.CorruptSave> { Game.restore(damaged) }

        val progress = PlayerProgress().use { it.save() }
        assertFailsWith<KamiException.WrongSaveKind> { Game.restore(progress) }
        assertFailsWith<KamiException.WrongSaveKind> { PlayerProgress.restore(save) }
    }

    @Test
    fun `a save from a newer format version is refused`() {
        // The envelope is fixed for all versions (rust-core/core/src/save.rs): magic, kind,
        // version (u16 LE at byte 5), payload length, payload, then CRC-32 of all before it.
        val save = Game(firstLevelId()).use { it.save() }
        val newer = save.copyOf().also {
            it[5] = 0xFF.toByte()
            it[6] = 0xFF.toByte()
            val crc = CRC32().apply { update(it, 0, it.size - 4) }.value
            for (i in 0 until 4) it[it.size - 4 + i] = (crc shr (8 * i)).toByte()
        }
        val e = assertFailsWith<KamiException.UnsupportedSaveVersion> { Game.restore(newer) }
        assertEquals(0xFFFFu, e.found)
        assertTrue(e.newest < e.found)
    }
}
