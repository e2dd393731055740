package app.kami.play

/** The player's choices that are not about a game. */
data class Settings(
    /** Draw a shape on every tile and palette colour, so colours need not be told apart by hue. */
    val colourBlindSymbols: Boolean = false,
    /** Vibrate briefly on each move and on a win. */
    val haptics: Boolean = true,
) {
    /** The settings as `key=value` lines, for [decode]. */
    fun encode(): ByteArray = "$SYMBOLS=$colourBlindSymbols\n$HAPTICS=$haptics\n".toByteArray()

    companion object {
        private const val SYMBOLS = "colour-blind-symbols"
        private const val HAPTICS = "haptics"

        /** Settings from [encode]d bytes; a missing, unknown or malformed line keeps its default. */
        fun decode(bytes: ByteArray): Settings {
            val values = bytes.decodeToString().lines().mapNotNull { line ->
                line.split('=', limit = 2).takeIf { it.size == 2 }?.let { (key, value) -> key.trim() to value.trim().toBooleanStrictOrNull() }
            }.toMap()
            val defaults = Settings()
            return Settings(
                colourBlindSymbols = values[SYMBOLS] ?: defaults.colourBlindSymbols,
                haptics = values[HAPTICS] ?: defaults.haptics,
            )
        }
    }
}
