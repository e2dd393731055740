package app.kami.play

import kotlin.test.Test
import kotlin.test.assertEquals

class SettingsTest {
    @Test
    fun `settings survive encoding`() {
        for (symbols in listOf(false, true)) {
            for (haptics in listOf(false, true)) {
                val settings = Settings(symbols, haptics)
                assertEquals(settings, Settings.decode(settings.encode()))
            }
        }
    }

    @Test
    fun `unknown or malformed lines keep the defaults`() {
        assertEquals(Settings(), Settings.decode("haptics=maybe\nnonsense\n\u0000\u00ff".toByteArray()))
        assertEquals(Settings(colourBlindSymbols = true), Settings.decode("future=1\ncolour-blind-symbols = true".toByteArray()))
    }
}
