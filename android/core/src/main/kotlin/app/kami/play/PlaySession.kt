package app.kami.play

import app.kami.core.Game
import app.kami.core.GameSnapshot
import app.kami.core.GameStatus
import app.kami.core.KamiException
import app.kami.core.PackProgress
import app.kami.core.PlayerProgress
import app.kami.core.dailyPuzzle
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.CoroutineStart
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.ExperimentalCoroutinesApi
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.update
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext
import java.io.IOException
import java.time.LocalDate

/**
 * What the app keeps across screens and across process death: the player's progress, the game
 * in play and the settings, each saved to [store] after every change and restored when a
 * session starts. A save that cannot be read or is refused by the core is reported in
 * [problems] and that part starts fresh; nothing here throws for a bad file.
 *
 * Saves are written in order on [saveDispatcher] (by default one I/O thread at a time); hints
 * and daily puzzles are made on [background]. A game that is left is not closed here (a hint or
 * save may still use it); the bindings' cleaner frees it.
 */
@OptIn(ExperimentalCoroutinesApi::class) // limitedParallelism (stable from kotlinx-coroutines 1.9), CoroutineStart.ATOMIC
class PlaySession(
    private val store: SaveStore,
    private val scope: CoroutineScope,
    private val background: CoroutineDispatcher = Dispatchers.Default,
    private val saveDispatcher: CoroutineDispatcher = Dispatchers.IO.limitedParallelism(1),
) {
    private val mutableProblems = MutableStateFlow<List<SaveProblem>>(emptyList())

    /** Saves that could not be used or written since the session started, oldest first. */
    val problems: StateFlow<List<SaveProblem>> = mutableProblems.asStateFlow()

    private val progress = restore(PROGRESS) { PlayerProgress.restore(it) } ?: PlayerProgress()
    private val mutablePacks = MutableStateFlow(progress.packs())

    /** Every pack with its lock and the player's best results, for the level select screen. */
    val packs: StateFlow<List<PackProgress>> = mutablePacks.asStateFlow()

    private val mutableSettings = MutableStateFlow(restore(SETTINGS) { Settings.decode(it) } ?: Settings())

    /** The player's settings. */
    val settings: StateFlow<Settings> = mutableSettings.asStateFlow()

    @Volatile
    private var game: Game? = null
    private val mutablePlaying = MutableStateFlow<GameStateHolder?>(null)

    /** The game being played, or null on the level select screen. */
    val playing: StateFlow<GameStateHolder?> = mutablePlaying.asStateFlow()

    init {
        restore(GAME) { Game.restore(it) }?.let(::play)
    }

    /** Starts a fresh game of the shipped level [levelId]; throws `UnknownLevel` for an id not in [packs]. */
    @Throws(KamiException::class)
    fun open(levelId: String) = play(Game(levelId))

    /**
     * Starts the daily puzzle of [date] (the same for every player). Making it takes a moment,
     * so it is made on [background]; throws `GenerationFailed` if the core cannot make one.
     */
    @Throws(KamiException::class)
    suspend fun openDaily(date: LocalDate) {
        val puzzle = withContext(background) { dailyPuzzle(date.year.toUInt(), date.monthValue.toUInt(), date.dayOfMonth.toUInt()) }
        play(puzzle.game)
    }

    /** Leaves the game in play (back to level select); its save is removed. */
    fun leave() {
        synchronized(this) {
            game?.cancelHint()
            game = null
            mutablePlaying.value = null
        }
        saveGame()
    }

    /** Changes the settings and saves them. */
    fun updateSettings(settings: Settings) {
        mutableSettings.value = settings
        persist(SETTINGS) { settings.encode() }
    }

    /** Forgets the problems shown so far. */
    fun dismissProblems() = mutableProblems.update { emptyList() }

    private fun play(next: Game) {
        val holder = GameStateHolder(next, scope, background) { snapshot -> changed(next, snapshot) }
        synchronized(this) {
            game?.cancelHint()
            game = next
            mutablePlaying.value = holder
        }
        saveGame()
    }

    /** After each intent: save the game, and record a win in the progress. */
    private fun changed(changed: Game, snapshot: GameSnapshot) {
        saveGame()
        if (snapshot.status is GameStatus.Won && progress.record(changed) != null) {
            mutablePacks.value = progress.packs()
            persist(PROGRESS) { progress.save() }
        }
    }

    /** Saves the game in play as it is when the write runs (so the newest write wins), or removes the save if none is. */
    private fun saveGame() = persist(GAME) { game?.save() }

    /**
     * Writes [bytes] under [name] on [saveDispatcher]; null bytes remove the save. Started
     * atomically: a write queued just before [scope] is cancelled (the screen closing) still runs.
     */
    private fun persist(name: String, bytes: () -> ByteArray?) {
        scope.launch(saveDispatcher, CoroutineStart.ATOMIC) {
            try {
                bytes()?.let { store.write(name, it) } ?: store.delete(name)
            } catch (e: IOException) {
                report(SaveProblem.Failed(name, e))
            }
        }
    }

    /** Reads and decodes the save [name]; null if there is none or it cannot be used (reported). */
    private fun <T> restore(name: String, decode: (ByteArray) -> T): T? = try {
        store.read(name)?.let(decode)
    } catch (e: KamiException) {
        report(SaveProblem.Rejected(name, e))
        try {
            store.rename(name, "$name.rejected")
        } catch (moveFailed: IOException) {
            report(SaveProblem.Failed(name, moveFailed))
        }
        null
    } catch (e: IOException) {
        report(SaveProblem.Failed(name, e))
        null
    }

    private fun report(problem: SaveProblem) = mutableProblems.update { it + problem }

    private companion object {
        const val GAME = "game"
        const val PROGRESS = "progress"
        const val SETTINGS = "settings"
    }
}
