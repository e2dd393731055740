package app.kami.android

import android.app.Application
import androidx.lifecycle.AndroidViewModel
import androidx.lifecycle.viewModelScope
import app.kami.core.KamiException
import app.kami.play.PlaySession
import app.kami.play.SaveStore
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.launch
import java.io.File
import java.time.LocalDate

/**
 * Holds the [PlaySession] for the screens. Being a ViewModel it survives rotation; the session
 * saves the game, progress and settings to `filesDir/saves` after every change and restores them
 * when the ViewModel is made again, so process death loses nothing either.
 */
class KamiViewModel(application: Application) : AndroidViewModel(application) {
    /** Progress, the game in play and settings. Restoring reads a few small files on creation. */
    val session = PlaySession(SaveStore(File(application.filesDir, "saves")), viewModelScope)

    private val mutableDailyLoading = MutableStateFlow(false)

    /** Whether today's puzzle is being made. */
    val dailyLoading: StateFlow<Boolean> = mutableDailyLoading.asStateFlow()

    private val mutableDailyError = MutableStateFlow<String?>(null)

    /** Why today's puzzle could not be made, in the core's words. */
    val dailyError: StateFlow<String?> = mutableDailyError.asStateFlow()

    /** Opens today's puzzle (today in the device's time zone). */
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
        session.playing.value?.cancelHint()
    }
}
