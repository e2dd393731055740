package app.kami.play

import app.kami.core.GameSnapshot

/** Everything a game screen draws at one moment. */
data class GameUiState(
    /** The game as the core reports it: board, palette, counters, status. */
    val snapshot: GameSnapshot,
    /** The palette index the next tap paints with. */
    val selectedColour: UInt = 0u,
    /** How to animate the last move; null after undo, redo or restart. */
    val ripple: Ripple? = null,
    /** The hint for this snapshot's position. */
    val hint: HintState = HintState.Idle,
    /** Why the last intent was refused, in the core's words; cleared by the next intent that succeeds. */
    val error: String? = null,
)
