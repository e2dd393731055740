package app.kami.play

import app.kami.core.BoardLayout
import app.kami.core.Game
import app.kami.core.GameSnapshot
import app.kami.core.KamiException
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.getAndUpdate
import kotlinx.coroutines.flow.update
import kotlinx.coroutines.launch
import java.util.concurrent.atomic.AtomicLong

/**
 * One game's screen state as a [StateFlow], and the player's intents turned into calls on [game].
 * It knows no rules: every board, count and status comes from the core, and a refused intent
 * shows the core's message. Intents may come from any thread; the state always shows the
 * newest revision of the game. The caller owns [game] and closes it.
 *
 * Hints are searched on [hintDispatcher] in [scope]; the game stays playable meanwhile, and a
 * hint that arrives for a position no longer shown is dropped. [onChange] runs after every
 * intent that changed the game, on the thread of that intent and before the intent's state is
 * published: a caller that saves there has the move on disk before it is shown and before the
 * intent returns.
 */
class GameStateHolder(
    private val game: Game,
    private val scope: CoroutineScope,
    private val hintDispatcher: CoroutineDispatcher = Dispatchers.Default,
    private val onChange: (GameSnapshot) -> Unit = {},
) {
    private val mutableState = MutableStateFlow(GameUiState(game.snapshot()))
    private val hintRequests = AtomicLong()

    /** The state to draw. */
    val state: StateFlow<GameUiState> = mutableState.asStateFlow()

    /** Chooses the palette index the next tap paints with. */
    fun selectColour(colour: UInt) = mutableState.update { it.copy(selectedColour = colour, error = null) }

    /**
     * Paints the region under point ([x], [y]) of a [viewportWidth] × [viewportHeight] board view
     * with the selected colour. A tap beside the board or on a hole does nothing.
     */
    fun tapAt(x: Double, y: Double, viewportWidth: Double, viewportHeight: Double) = attempt {
        game.tileAt(viewportWidth, viewportHeight, x, y)?.let(::playTile)
    }

    /** Plays the selected colour on [tile]; the cursor follows it. Throws what the core refuses. */
    private fun playTile(tile: UInt) {
        val before = state.value.snapshot
        val turn = game.play(tile, state.value.selectedColour)
        // The core's turn does not say what colour the region had; the board on screen does.
        val from = before.tiles.getOrNull(tile.toInt()) ?: turn.colour
        show(turn.snapshot, Ripple.of(turn.flood, from, turn.snapshot.revision), cursor = tile)
    }

    /**
     * Moves TalkBack's board cursor; false (the cursor staying) at the board's edge. A cursor
     * lost (or never placed) goes to the first tile.
     */
    fun moveCursor(move: CursorMove): Boolean {
        var moved = false
        mutableState.update { current ->
            val runs = TileRun.runs(current.snapshot)
            val cursor = current.cursor
            val index = cursor?.let { tile -> runs.indexOfFirst { tile in it } } ?: -1
            val destination = if (cursor == null || index < 0) runs.firstOrNull()?.first else runs[index].destination(move, cursor, runs, index)
            moved = destination != null
            if (destination != null) current.copy(cursor = destination) else current
        }
        return moved
    }

    /** Plays the selected colour on the cursor's tile (TalkBack's double-tap on the board). */
    fun playAtCursor() = attempt {
        state.value.cursor?.let { tile -> playTile(tile) }
    }

    /** Plays the move the hint on screen suggests (its colour, on its tile); false if no hint with a move is shown. */
    fun playHint(): Boolean {
        val move = (state.value.hint as? HintState.Shown)?.move ?: return false
        selectColour(move.colour)
        val before = state.value.snapshot.revision
        attempt { playTile(move.tile) }
        return state.value.snapshot.revision != before
    }

    /** Takes back the last move. */
    fun undo() = attempt { show(game.undo()) }

    /** Replays the last undone move. */
    fun redo() = attempt { show(game.redo()) }

    /** Back to the level's start. */
    fun restart() = show(game.restart())

    /**
     * Every tile's outline for a board drawn into [width] × [height] (the same units as [tapAt]),
     * or null for a viewport with no room. It depends only on the level and the size: cache it.
     */
    fun layout(width: Double, height: Double): BoardLayout? = try {
        game.layout(width, height)
    } catch (e: KamiException.InvalidViewport) {
        null
    }

    /**
     * Forgets the last move's ripple, so the board shows the game as it stands, with nothing to
     * animate and no result due ([GameUiState.resultDue]): for a game shown again after it was
     * left. Changes nothing in the game.
     */
    fun settle() = mutableState.update { it.copy(ripple = null) }

    /** Hides the error message. */
    fun dismissError() = mutableState.update { it.copy(error = null) }

    /**
     * Asks the core for a hint for the position shown, on [hintDispatcher]. Does nothing while a
     * hint is being searched or shown. The answer is shown only if nothing changed meanwhile.
     */
    fun requestHint() {
        val thinking = HintState.Thinking(hintRequests.incrementAndGet())
        val before = mutableState.getAndUpdate { if (it.hint == HintState.Idle) it.copy(hint = thinking) else it }
        if (before.hint != HintState.Idle) return
        scope.launch(hintDispatcher) {
            val answer = try {
                Result.success(game.hint())
            } catch (e: KamiException) {
                Result.failure(e)
            }
            mutableState.update { current ->
                val hint = answer.getOrNull()
                val refusal = answer.exceptionOrNull()?.takeUnless { it is KamiException.HintCancelled }
                when {
                    current.hint != thinking -> current // cancelled, or the game changed: not ours to touch
                    hint == null -> current.copy(hint = HintState.Idle, error = refusal?.toString())
                    hint.revision != current.snapshot.revision -> current.copy(hint = HintState.Idle) // stale
                    else -> current.copy(hint = hint.next?.let { HintState.Shown(hint, it) } ?: HintState.Unavailable(hint))
                }
            }
        }
    }

    /** Stops a hint search and hides the hint. */
    fun cancelHint() {
        game.cancelHint()
        mutableState.update { it.copy(hint = HintState.Idle) }
    }

    private inline fun attempt(intent: () -> Unit) {
        try {
            intent()
        } catch (e: KamiException) {
            // toString() is the core's player-facing message; `message` only lists the fields.
            mutableState.update { it.copy(error = e.toString()) }
        }
    }

    /**
     * Hands [snapshot] to [onChange] (which saves it), then shows it unless a newer revision is
     * shown already (an intent from another thread won the race). Any hint was for the position
     * before, so it goes.
     */
    private fun show(snapshot: GameSnapshot, ripple: Ripple? = null, cursor: UInt? = null) {
        onChange(snapshot)
        mutableState.update {
            if (snapshot.revision < it.snapshot.revision) {
                it
            } else {
                it.copy(snapshot = snapshot, ripple = ripple, hint = HintState.Idle, error = null, cursor = cursor ?: it.cursor)
            }
        }
    }
}
