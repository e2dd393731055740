package app.kami.play

import java.nio.file.Files
import kotlin.test.AfterTest
import kotlin.test.Test
import kotlin.test.assertContentEquals
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertNull

class SaveStoreTest {
    private val directory = Files.createTempDirectory("kami-store").toFile()
    private val store = SaveStore(directory.resolve("saves"))

    @AfterTest
    fun removeFiles() {
        directory.deleteRecursively()
    }

    @Test
    fun `writes replace whole files and leave nothing else behind`() {
        assertNull(store.read("game"))
        store.write("game", byteArrayOf(1, 2, 3))
        store.write("game", byteArrayOf(4))
        assertContentEquals(byteArrayOf(4), store.read("game"))
        assertEquals(listOf("game"), directory.resolve("saves").list()?.toList())
    }

    @Test
    fun `rename moves a save aside and delete removes it`() {
        store.rename("game", "game.rejected")
        assertNull(store.read("game.rejected"))
        store.write("game", byteArrayOf(7))
        store.rename("game", "game.rejected")
        assertNull(store.read("game"))
        assertContentEquals(byteArrayOf(7), store.read("game.rejected"))
        store.delete("game.rejected")
        store.delete("game.rejected")
        assertNull(store.read("game.rejected"))
    }

    @Test
    fun `names cannot leave the folder`() {
        for (name in listOf("", "../game", "a/b", ".hidden", "Game")) {
            assertFailsWith<IllegalArgumentException>(name) { store.write(name, byteArrayOf()) }
        }
    }
}
