package app.kami.core

import kotlin.test.Test
import kotlin.test.assertContentEquals
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue

/** Share codes through the generated bindings, against the real library. */
class ShareTest {
    @Test
    fun `a shared level opens as a new game and is won with the hints`() {
        val shared = shareLevel("03-tides/ebb", "Ebb")
        assertEquals("kami://puzzle/" + shared.code, shared.link)
        assertTrue(shared.code.all { it.isLetterOrDigit() })

        openShareCode("  ${shared.link}\n").use { opened ->
            assertEquals("Ebb", opened.name())
            assertTrue(opened.parProvenClaimed())
            assertEquals(shared, opened.code())
            // The claimed par is checked, not trusted; a busy machine may leave it unknown.
            val check = opened.checkPar()
            assertTrue(check == ParCheck.Proven || check == ParCheck.Unknown, "$check")

            opened.game().use { game ->
                val start = game.snapshot()
                val original = Game("03-tides/ebb").use { it.snapshot() }
                assertEquals(original.tiles, start.tiles)
                assertEquals(original.palette, start.palette)
                assertEquals(original.par, start.par)
                assertEquals("shared/" + shared.code, start.levelId)
                while (game.snapshot().status == GameStatus.Playing) {
                    val next = game.hint().next ?: break
                    game.play(next.tile, next.colour)
                }
                val end = game.snapshot()
                assertTrue(end.status is GameStatus.Won, "${end.status}")
                assertTrue(end.movesUsed <= start.par + 1u)
            }
        }
        val png = shareQrPng(shared.code, 4u)
        assertContentEquals(byteArrayOf(0x89.toByte(), 0x50, 0x4E, 0x47), png.copyOfRange(0, 4))
    }

    @Test
    fun `mistyped and cut codes are refused with typed errors`() {
        val code = shareLevel("03-tides/ebb", null).code
        val chars = code.toCharArray()
        if (chars[5] != chars[6]) {
            val swapped = chars.copyOf().also { it[5] = chars[6]; it[6] = chars[5] }
            assertFailsWith<KamiException.ShareCodeMismatch> { openShareCode(String(swapped)) }
        }
        val cut = assertFailsWith<KamiException.ShareCodeTruncated> { openShareCode(code.dropLast(3)) }
        assertEquals(3u, cut.missing)
        assertFailsWith<KamiException.NotAShareCode> { openShareCode("not a code!") }
    }
}
