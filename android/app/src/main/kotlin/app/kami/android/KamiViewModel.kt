package app.kami.android

import android.app.Application
import androidx.lifecycle.AndroidViewModel
import androidx.lifecycle.SavedStateHandle
import androidx.lifecycle.viewModelScope
import app.kami.core.KamiException
import app.kami.play.GameStateHolder
import app.kami.play.PlaySession
import app.kami.play.SaveStore
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineStart
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.ExperimentalCoroutinesApi
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.collectLatest
import kotlinx.coroutines.launch
import java.io.File
import java.time.LocalDate

/**
 * Holds the [PlaySession] for the screens. Being a ViewModel it survives rotation. The session
 * writes the game, progress and settings to `filesDir/saves` before each change returns and
 * restores them when the ViewModel is made again, so process death loses no move either.
 *
 * A new session starts on level select with the saved game ready to continue. Whether the game
 * was on screen, and the colour selected in it, are kept in [savedState], so when the system
 * recreates the activity after killing the process in the background the player is back in the
 * game with the same colour; after a cold start (the app closed from Recents) there is no saved
 * state and the level select screen shows.
 */
class KamiViewModel(application: Application, private val savedState: SavedStateHandle) : AndroidViewModel(application) {
    /** Progress, the current game and settings. Restoring reads a few small files on creation. */
    val session = PlaySession(SaveStore(File(application.filesDir, "saves")), viewModelScope)

    private val mutableDailyLoading = MutableStateFlow(false)

    /** Whether today's puzzle is being made. */
    val dailyLoading: StateFlow<Boolean> = mutableDailyLoading.asStateFlow()

    private val mutableDailyError = MutableStateFlow<String?>(null)

    /** Why today's puzzle could not be made, in the core's words. */
    val dailyError: StateFlow<String?> = mutableDailyError.asStateFlow()

    init {
        if (savedState.get<Boolean>(IN_GAME) == true) {
            session.resume()?.let { game ->
                val colour = savedState.get<Int>(SELECTED_COLOUR)
                if (colour != null && colour in game.state.value.snapshot.palette.indices) game.selectColour(colour.toUInt())
            }
        }
        viewModelScope.launch {
            session.playing.collectLatest { game ->
                savedState[IN_GAME] = game != null
                game?.state?.collect { savedState[SELECTED_COLOUR] = it.selectedColour.toInt() }
            }
        }
    }

    /**
     * Runs [intent] on [game] after every intent sent before it, one at a time on a background
     * thread: a move writes the game's save (a small file, fsync, rename) before it returns and
     * before its state is shown, which keeps that disk write off the main thread. An intent sent
     * just before the screen closes still runs.
     */
    @OptIn(ExperimentalCoroutinesApi::class) // CoroutineStart.ATOMIC
    fun play(game: GameStateHolder, intent: GameStateHolder.() -> Unit) {
        viewModelScope.launch(intents, CoroutineStart.ATOMIC) { game.intent() }
    }

    /** Opens today's puzzle (today in the device's time zone): continues it if it is the current game. */
    fun openDaily() {
        if (mutableDailyLoading.value) return
        mutableDailyLoading.value = true
        viewModelScope.launch {
            try {
                session.openDaily(LocalDate.now())
            } catch (e: KamiException) {
                mutableDailyError.value = e.toString()
            } finally {
                mutableDailyLoading.value = false
            }
        }
    }

    /** Hides [dailyError]. */
    fun dismissDailyError() {
        mutableDailyError.value = null
    }

    override fun onCleared() {
        // viewModelScope is cancelled, but a search in the core only stops when told to.
        session.current.value?.cancelHint()
    }

    private companion object {
        const val IN_GAME = "in_game"
        const val SELECTED_COLOUR = "selected_colour"

        /** One thread at a time, in order, for every game intent of the app. */
        @OptIn(ExperimentalCoroutinesApi::class) // limitedParallelism: stable from kotlinx-coroutines 1.9
        val intents: CoroutineDispatcher = Dispatchers.IO.limitedParallelism(1)
    }
}
