package app.kami.android

import android.app.Application
import android.net.Uri
import androidx.lifecycle.AndroidViewModel
import androidx.lifecycle.SavedStateHandle
import androidx.lifecycle.viewModelScope
import app.kami.core.KamiException
import app.kami.play.CodeProblem
import app.kami.play.EditorStateHolder
import app.kami.play.GameStateHolder
import app.kami.play.ImportOutcome
import app.kami.play.ImportProblem
import app.kami.play.OpenedPuzzle
import app.kami.play.PendingImport
import app.kami.play.PlaySession
import app.kami.play.SaveStore
import app.kami.play.ScreenRecord
import app.kami.play.Settings
import app.kami.play.ShareItems
import kotlinx.coroutines.CancellationException
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineStart
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.ExperimentalCoroutinesApi
import kotlinx.coroutines.Job
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.collectLatest
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext
import java.io.File
import java.io.IOException
import java.time.LocalDate

/**
 * Holds the [PlaySession] for the screens. Being a ViewModel it survives rotation. The session
 * writes the game, progress and settings to `filesDir/saves` before each change returns and
 * restores them when the ViewModel is made again, so process death loses no move either.
 *
 * Everything that may write a file (every game intent, opening a level or today's puzzle,
 * continuing, changing a setting, restoring the screen) runs on [intents], one at a time in the
 * order sent, never on the main thread. The session sequences the requests to show a game, so a
 * daily puzzle that is made after the player opened something else is dropped.
 *
 * A new session starts on level select with the saved game ready to continue. Which game was on
 * screen, and the colour selected in it, are kept in [savedState] ([ScreenRecord]), so when the
 * system recreates the activity after killing the process in the background the player is back
 * in the game with the same colour; after a cold start (the app closed from Recents) there is no
 * saved state and the level select screen shows.
 */
class KamiViewModel(application: Application, private val savedState: SavedStateHandle) : AndroidViewModel(application) {
    /** Progress, the current game and settings. Restoring reads a few small files on creation. */
    val session = PlaySession(SaveStore(File(application.filesDir, "saves")), viewModelScope)

    private val mutableDailyLoading = MutableStateFlow(false)

    /** Whether today's puzzle is being made. */
    val dailyLoading: StateFlow<Boolean> = mutableDailyLoading.asStateFlow()

    private val mutableFailure = MutableStateFlow<OpenFailure?>(null)

    /** Why a level or today's puzzle could not be opened, until dismissed. */
    val failure: StateFlow<OpenFailure?> = mutableFailure.asStateFlow()

    private val mutableImport = MutableStateFlow<ImportState>(ImportState.Idle)

    /** Where importing a screenshot stands: reading, waiting for the par, or failed. */
    val importState: StateFlow<ImportState> = mutableImport.asStateFlow()

    init {
        val screen = ScreenRecord.decode(savedState.get<String>(SCREEN))
        viewModelScope.launch {
            // Continuing may restart a won game, which writes its save: not on the main thread.
            withContext(intents) { session.restoreScreen(screen) }
            // SavedStateHandle.set is for the main thread, where viewModelScope runs.
            session.playing.collectLatest { game ->
                if (game == null) savedState[SCREEN] = null
                game?.state?.collect { savedState[SCREEN] = ScreenRecord.of(it).encode() }
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

    /** Opens the shipped level [levelId] (continued if it is the current game), off the main thread. */
    fun openLevel(levelId: String) = session { open(levelId) }

    /** Shows the current game as it was left. */
    fun resume() = session { resume() }

    /** Back to level select; the game stays current. */
    fun leave() = session { leave() }

    /** Changes the settings (written to disk off the main thread). */
    fun updateSettings(settings: Settings) = session { updateSettings(settings) }

    /**
     * Opens today's puzzle (today in the device's time zone): continues it if it is the current
     * game. If the player opens something else while it is made, it is dropped (the session's
     * request sequencing). Any failure, a core bug included, becomes a message, never a crash.
     */
    fun openDaily() {
        if (mutableDailyLoading.value) return
        mutableDailyLoading.value = true
        viewModelScope.launch(intents) {
            try {
                session.openDaily(LocalDate.now())
            } catch (e: CancellationException) {
                throw e
            } catch (e: Exception) {
                mutableFailure.value = OpenFailure(OpenFailure.Kind.DAILY, e.playerMessage())
            } finally {
                mutableDailyLoading.value = false
            }
        }
    }

    /**
     * Imports the screenshot at [uri] (from the system photo picker): reads its bytes and the
     * board off the main thread, keeps it in the player's puzzles as [name] and shows it, or asks
     * for the par ([ImportState.NeedsPar]), or says why it failed ([ImportState.Failed]).
     */
    fun importScreenshot(uri: Uri, name: String) {
        if (mutableImport.value == ImportState.Reading) return
        mutableImport.value = ImportState.Reading
        viewModelScope.launch(intents) {
            mutableImport.value = try {
                val bytes = getApplication<Application>().contentResolver.openInputStream(uri)?.use { it.readBytes() }
                    ?: throw IOException("no picture at $uri")
                settled(session.importScreenshot(bytes, name))
            } catch (e: CancellationException) {
                throw e
            } catch (e: KamiException) {
                ImportState.Failed(ImportProblem.of(e))
            } catch (e: IOException) {
                ImportState.Failed(ImportProblem.Unreadable) // the picker's file could not be read
            } catch (e: Exception) {
                ImportState.Failed(ImportProblem.Other(e.localizedMessage ?: e.toString()))
            }
        }
    }

    /** Keeps the board waiting for its par with [par] (as typed; null if not a number) and shows it. */
    fun finishImport(pending: PendingImport, par: UInt?) {
        viewModelScope.launch(intents) {
            mutableImport.value = try {
                settled(session.finishImport(pending, par ?: 0u))
            } catch (e: KamiException) {
                ImportState.Failed(ImportProblem.of(e))
            } catch (e: CancellationException) {
                throw e
            } catch (e: Exception) {
                ImportState.Failed(ImportProblem.Other(e.localizedMessage ?: e.toString()))
            }
        }
    }

    /** Forgets a par question or an import failure. */
    fun dismissImport() {
        mutableImport.value = ImportState.Idle
    }

    /** Opens puzzle [id] of the player's puzzles, off the main thread. */
    fun openPuzzle(id: String) = session(OpenFailure.Kind.PUZZLES) { openPuzzle(id) }

    /** Renames puzzle [id]; a refused name becomes [failure]. */
    fun renamePuzzle(id: String, name: String) = session(OpenFailure.Kind.PUZZLES) { renamePuzzle(id, name) }

    /** Keeps a copy of puzzle [id] named [name]. */
    fun duplicatePuzzle(id: String, name: String) = session(OpenFailure.Kind.PUZZLES) { duplicatePuzzle(id, name) }

    /** Deletes puzzle [id]. */
    fun deletePuzzle(id: String) = session(OpenFailure.Kind.PUZZLES) { deletePuzzle(id) }

    private val mutableEditor = MutableStateFlow<EditorStateHolder?>(null)

    /** The drawing on the editor screen, or null when the editor is closed. */
    val editor: StateFlow<EditorStateHolder?> = mutableEditor.asStateFlow()
    private var analysis: Job? = null

    /** Opens the editor on a blank 29 × 10 board. */
    fun newDrawing() = session(OpenFailure.Kind.PUZZLES) { showEditor(EditorStateHolder.blank(viewModelScope)) }

    /** Opens the editor on puzzle [id]'s board (saved as a new puzzle). */
    fun editPuzzle(id: String) = session(OpenFailure.Kind.PUZZLES) { showEditor(this.editPuzzle(id)) }

    /** Closes the editor; its analysis stops. */
    fun closeEditor() {
        analysis?.cancel()
        mutableEditor.value = null
    }

    /** Runs [intent] on [drawing] off the main thread, in order with every other intent (drag points stay in order). */
    @OptIn(ExperimentalCoroutinesApi::class) // CoroutineStart.ATOMIC
    fun edit(drawing: EditorStateHolder, intent: EditorStateHolder.() -> Unit) {
        viewModelScope.launch(intents, CoroutineStart.ATOMIC) { drawing.intent() }
    }

    /** Plays [drawing] as it stands, named [name]. */
    fun playDrawing(drawing: EditorStateHolder, name: String) = session(OpenFailure.Kind.PUZZLES) { this.playDrawing(drawing, name) }

    /** Keeps [drawing] in the player's puzzles as [name]; [saved] says so. */
    fun saveDrawing(drawing: EditorStateHolder, name: String) = session(OpenFailure.Kind.PUZZLES) {
        this.saveDrawing(drawing, name)
        mutableSaved.value = true
    }

    private val mutableSaved = MutableStateFlow(false)

    /** Whether the drawing was just saved (until [dismissSaved]). */
    val saved: StateFlow<Boolean> = mutableSaved.asStateFlow()

    /** Forgets [saved]. */
    fun dismissSaved() {
        mutableSaved.value = false
    }

    private val mutableSharing = MutableStateFlow<ShareRequest?>(null)

    /** A share sheet to show (the code, the link and the QR image written to the cache), until [shared]. */
    val sharing: StateFlow<ShareRequest?> = mutableSharing.asStateFlow()

    /** Shares [drawing] as it stands, named [name]. */
    fun shareDrawing(drawing: EditorStateHolder, name: String) = share(name) { shareDrawing(drawing, name) }

    /** Shares puzzle [id] of the player's puzzles, named [name]. */
    fun sharePuzzle(id: String, name: String) = share(name) { shareItems(id) }

    /** The share sheet was shown. */
    fun shared() {
        mutableSharing.value = null
    }

    private val mutableOpening = MutableStateFlow<OpeningState>(OpeningState.Idle)

    /** Where opening a code or link stands: asking for it, opened (with its par check), or refused. */
    val opening: StateFlow<OpeningState> = mutableOpening.asStateFlow()

    /** Shows "Open a code". */
    fun askForCode() {
        mutableOpening.value = OpeningState.Asking
    }

    /** Opens a share code or a `kami://` link (typed, pasted or tapped) and checks its par in the background. */
    fun openCode(text: String) {
        viewModelScope.launch(intents) {
            mutableOpening.value = try {
                val opened = session.openCode(text)
                viewModelScope.launch { opened.checkPar() }
                OpeningState.Opened(opened)
            } catch (e: KamiException) {
                OpeningState.Failed(CodeProblem.of(e))
            }
        }
    }

    /** Plays the puzzle opened without keeping it. */
    fun playOpened(opened: OpenedPuzzle) {
        mutableOpening.value = OpeningState.Idle
        session(OpenFailure.Kind.PUZZLES) { playShared(opened) }
    }

    /** Keeps the puzzle opened in the player's puzzles as [name]. */
    fun keepOpened(opened: OpenedPuzzle, name: String) {
        mutableOpening.value = OpeningState.Idle
        session(OpenFailure.Kind.PUZZLES) { keepShared(opened, name) }
    }

    /** Closes "Open a code". */
    fun dismissOpening() {
        mutableOpening.value = OpeningState.Idle
    }

    /** Hides [failure]. */
    fun dismissFailure() {
        mutableFailure.value = null
    }

    private fun showEditor(drawing: EditorStateHolder) {
        analysis?.cancel()
        analysis = drawing.watchAnalysis()
        mutableEditor.value = drawing
    }

    /** Makes the items [items] gives off the main thread, writes the QR image to the cache, and asks for the share sheet. */
    private fun share(name: String, items: PlaySession.() -> ShareItems) = session(OpenFailure.Kind.PUZZLES) {
        val made = items()
        val folder = File(getApplication<Application>().cacheDir, "shared").apply { mkdirs() }
        val qr = File(folder, "kami-puzzle.png").apply { writeBytes(made.qrPng) }
        mutableSharing.value = ShareRequest(made, name, qr)
    }

    /** A share sheet to show: [items] of the puzzle named [name], the QR image at [qr] (under the cache's `shared/`, which the FileProvider serves). */
    class ShareRequest(val items: ShareItems, val name: String, val qr: File)

    /** Where opening a code stands. */
    sealed interface OpeningState {
        /** Nothing under way. */
        data object Idle : OpeningState

        /** "Open a code" is shown, waiting for a code. */
        data object Asking : OpeningState

        /** The code opened: show its claimed par and its check, to play or keep. */
        data class Opened(val puzzle: OpenedPuzzle) : OpeningState

        /** The code was refused. */
        data class Failed(val problem: CodeProblem) : OpeningState
    }

    override fun onCleared() {
        // viewModelScope is cancelled, but a search in the core only stops when told to.
        session.current.value?.cancelHint()
    }

    /** Runs [request] on the session on [intents], in order with the game intents; a failure becomes [failure]. */
    private fun session(kind: OpenFailure.Kind = OpenFailure.Kind.LEVEL, request: PlaySession.() -> Unit) {
        viewModelScope.launch(intents) {
            try {
                session.request()
            } catch (e: CancellationException) {
                throw e
            } catch (e: Exception) {
                mutableFailure.value = OpenFailure(kind, e.playerMessage())
            }
        }
    }

    /** Why a level, today's puzzle or one of the player's puzzles could not be opened or changed, in the core's words where it gave some. */
    data class OpenFailure(val kind: Kind, val message: String) {
        /** What failed. */
        enum class Kind { LEVEL, DAILY, PUZZLES }
    }

    /** Where importing a screenshot stands. */
    sealed interface ImportState {
        /** Nothing under way. */
        data object Idle : ImportState

        /** The screenshot is being read. */
        data object Reading : ImportState

        /** The move counter could not be read: ask the player for the par. */
        data class NeedsPar(val pending: PendingImport) : ImportState

        /** The screenshot could not be imported. */
        data class Failed(val problem: ImportProblem) : ImportState
    }

    /** What the import screen shows after [outcome]: nothing more once the puzzle is kept. */
    private fun settled(outcome: ImportOutcome): ImportState =
        if (outcome is ImportOutcome.NeedsPar) ImportState.NeedsPar(outcome.pending) else ImportState.Idle

    private companion object {
        const val SCREEN = "screen"

        /** One thread at a time, in order, for every game intent and session request of the app. */
        @OptIn(ExperimentalCoroutinesApi::class) // limitedParallelism: stable from kotlinx-coroutines 1.9
        val intents: CoroutineDispatcher = Dispatchers.IO.limitedParallelism(1)

        /** The core's message for its own errors (their toString()); anything else's message. */
        fun Exception.playerMessage(): String = if (this is KamiException) toString() else localizedMessage ?: toString()
    }
}
