package app.kami.play

/**
 * What the app keeps in its saved instance state (Android's `SavedStateHandle`) while a game is on
 * screen, so that after the system kills the process in the background the player comes back to
 * that game with the same colour ([PlaySession.restoreScreen]). The game itself is in the save
 * files; this only says which one was on screen.
 */
data class ScreenRecord(
    /** The level on screen (`GameSnapshot.levelId`). */
    val levelId: String,
    /** The colour that was selected. */
    val selectedColour: UInt,
) {
    /** As one string for a `Bundle`. */
    fun encode(): String = "$selectedColour:$levelId"

    companion object {
        /** What to record for [state] on screen. */
        fun of(state: GameUiState) = ScreenRecord(state.snapshot.levelId, state.selectedColour)

        /** The record [encode] wrote; null for null or anything else. */
        fun decode(text: String?): ScreenRecord? {
            val colour = text?.substringBefore(':', "")?.toUIntOrNull() ?: return null
            val levelId = text.substringAfter(':')
            return if (levelId.isEmpty()) null else ScreenRecord(levelId, colour)
        }
    }
}
