package app.kami.play

import app.kami.core.Editor
import app.kami.core.Game
import app.kami.core.GameSnapshot
import app.kami.core.GameStatus
import app.kami.core.KamiException
import app.kami.core.PackProgress
import app.kami.core.ParCheck
import app.kami.core.PlayerProgress
import app.kami.core.PuzzleCollection
import app.kami.core.PuzzleEntry
import app.kami.core.Thumbnail
import app.kami.core.dailyPuzzle
import app.kami.core.openShareCode
import app.kami.core.shareGame
import app.kami.core.importScreenshot as readScreenshot
import kotlinx.coroutines.Deferred
import kotlinx.coroutines.async
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.update
import kotlinx.coroutines.withContext
import java.io.IOException
import java.time.LocalDate
import java.util.concurrent.atomic.AtomicLong

/**
 * What the app keeps across screens and across process death: the player's progress, the
 * player's current game, the player's puzzles (imported, opened from codes and made) and the settings, restored from [store] when a session starts. A save
 * that cannot be read or is refused by the core is reported in [problems] and that part starts
 * fresh; nothing here throws for a bad file.
 *
 * The current game is the last one opened (or the one restored at start). Leaving it keeps it
 * and its save: opening the same level or the same day's puzzle again, or [resume], continues it
 * with its undo and redo history (a won game starts again). Opening another level replaces it.
 *
 * Every save is written to [store] (temporary file, fsync, atomic rename) on the thread of the
 * change, before the intent that made it returns and before its state is shown, so a move the
 * player has seen survives a kill of the process: call the methods that change anything off the
 * main thread. Hints and daily puzzles are made on [background] in [scope]. A game that is
 * replaced is not closed here (a hint may still use it); the bindings' cleaner frees it.
 *
 * Requests to show a game are sequenced: each `open`, [openDaily], [importScreenshot],
 * [openPuzzle], [resume], [restoreScreen] and [leave] is a new request, and a daily puzzle that
 * arrives after a newer request is dropped (closed, and [openDaily] returns null), and an
 * imported screenshot only kept, instead of replacing the game the player has moved on to, its
 * moves and its save.
 */
class PlaySession(
    private val store: SaveStore,
    private val scope: CoroutineScope,
    private val background: CoroutineDispatcher = Dispatchers.Default,
) {
    private val mutableProblems = MutableStateFlow<List<SaveProblem>>(emptyList())

    /** Saves that could not be used or written since the session started, oldest first. */
    val problems: StateFlow<List<SaveProblem>> = mutableProblems.asStateFlow()

    /** Held while a save is made and written, so concurrent saves land whole and in order. */
    private val saving = Any()

    private val progress = restore(PROGRESS) { PlayerProgress.restore(it) } ?: PlayerProgress()
    private val mutablePacks = MutableStateFlow(progress.packs())

    /** Every pack with its lock and the player's best results, for the level select screen. */
    val packs: StateFlow<List<PackProgress>> = mutablePacks.asStateFlow()

    private val collection = restore(PUZZLES) { PuzzleCollection.restore(it) } ?: PuzzleCollection()
    private val mutablePuzzles = MutableStateFlow(collection.puzzles())

    /** The player's puzzles, oldest first, with their pars and best results, for the puzzle list. */
    val puzzles: StateFlow<List<PuzzleEntry>> = mutablePuzzles.asStateFlow()

    /** The solver's check of the par of the puzzle kept last (see [importScreenshot]). */
    @Volatile
    var parCheck: Deferred<ParCheck?>? = null
        private set

    private val mutableSettings = MutableStateFlow(restore(SETTINGS) { Settings.decode(it) } ?: Settings())

    /** The player's settings. */
    val settings: StateFlow<Settings> = mutableSettings.asStateFlow()

    @Volatile
    private var game: Game? = null

    /** Counts the requests to show or leave a game; a slow request lands only if it is still the newest. */
    private val requests = AtomicLong()
    private val mutableCurrent = MutableStateFlow<GameStateHolder?>(null)
    private val mutablePlaying = MutableStateFlow<GameStateHolder?>(null)

    /**
     * The player's current game, on screen or not: the last one opened, or the one restored when
     * the session started; null if there is none. The level select screen offers to continue it.
     */
    val current: StateFlow<GameStateHolder?> = mutableCurrent.asStateFlow()

    /** The game on screen ([current], after `open`, `openDaily` or [resume]), or null on the level select screen. */
    val playing: StateFlow<GameStateHolder?> = mutablePlaying.asStateFlow()

    init {
        restore(GAME) { Game.restore(it) }?.let { adopt(it) }
    }

    /**
     * Shows the shipped level [levelId]: the current game if it is that level (continued as it
     * was left), else a fresh game, which replaces the current one and its save. Throws
     * `UnknownLevel` for an id not in [packs].
     */
    @Throws(KamiException::class)
    fun open(levelId: String): GameStateHolder {
        synchronized(this) {
            requests.incrementAndGet()
            val kept = mutableCurrent.value?.takeIf { it.state.value.snapshot.levelId == levelId }
            return show(kept ?: adopt(Game(levelId), save = true))
        }
    }

    /**
     * Shows the daily puzzle of [date] (the same for every player): the current game if it is
     * that day's puzzle, else a fresh one, which replaces the current game and its save. Making
     * the puzzle takes a moment, so it is made on [background]; throws `InvalidDate` or
     * `GenerationFailed` if the core cannot make one.
     *
     * Returns null, and changes nothing, if another request to show or leave a game came while
     * the puzzle was being made: the player has moved on, and the late puzzle must not take over.
     */
    @Throws(KamiException::class)
    suspend fun openDaily(date: LocalDate): GameStateHolder? {
        val request = requests.incrementAndGet()
        val puzzle = withContext(background) { dailyPuzzle(date.year.toUInt(), date.monthValue.toUInt(), date.dayOfMonth.toUInt()) }
        val fresh = puzzle.game
        val levelId = fresh.snapshot().levelId
        return synchronized(this) {
            if (requests.get() != request) {
                fresh.close()
                return null
            }
            val kept = mutableCurrent.value?.takeIf { it.state.value.snapshot.levelId == levelId }
            if (kept != null) {
                fresh.close()
                show(kept)
            } else {
                show(adopt(fresh, save = true))
            }
        }
    }

    /**
     * Reads a KAMI 2 screenshot (PNG or JPEG [bytes]) on [background] and keeps its board in the
     * player's puzzles as [name], then shows it as the current game, with hints, unless another
     * request to show or leave a game came meanwhile (then it is only kept). When the move counter
     * cannot be read nothing is kept yet: the player is asked for the par ([ImportOutcome.NeedsPar]).
     * A kept puzzle's par is then checked by the solver in [scope] ([parCheck]). Throws the core's
     * typed error ([ImportProblem.of] sorts it) when the image holds no board.
     */
    @Throws(KamiException::class)
    suspend fun importScreenshot(bytes: ByteArray, name: String): ImportOutcome {
        val request = requests.incrementAndGet()
        val imported = withContext(background) { readScreenshot(bytes) }
        val pending = PendingImport(imported, request, name)
        val par = imported.par() ?: return ImportOutcome.NeedsPar(pending)
        return keep(pending, par)
    }

    /** Keeps a screenshot's board whose par the player gave, as [importScreenshot] does; throws `InvalidPar` (nothing kept) outside 1 to 4096. */
    @Throws(KamiException::class)
    fun finishImport(pending: PendingImport, par: UInt): ImportOutcome = keep(pending, par)

    /**
     * Shows puzzle [id] of the player's puzzles: the current game if it is that puzzle, else a
     * fresh game, which replaces the current one and its save. Throws `UnknownPuzzle`.
     */
    @Throws(KamiException::class)
    fun openPuzzle(id: String): GameStateHolder {
        synchronized(this) {
            requests.incrementAndGet()
            collection.puzzle(id) // a deleted puzzle is not opened, even if its game is the current one
            val kept = mutableCurrent.value?.takeIf { it.state.value.snapshot.levelId == id }
            return show(kept ?: adopt(collection.game(id), save = true))
        }
    }

    /** Renames puzzle [id] (1 to 60 characters once trimmed) and saves; throws `InvalidPuzzleName` or `UnknownPuzzle`. */
    @Throws(KamiException::class)
    fun renamePuzzle(id: String, name: String) = changePuzzles { collection.rename(id, name) }

    /** Keeps a copy of puzzle [id] named [name], without its result, and saves. */
    @Throws(KamiException::class)
    fun duplicatePuzzle(id: String, name: String): PuzzleEntry = changePuzzles { collection.duplicate(id, name) }

    /** Deletes puzzle [id] and saves. A game of it in play stays playable; its result is no longer kept. */
    @Throws(KamiException::class)
    fun deletePuzzle(id: String) = changePuzzles { collection.delete(id) }

    /** Puzzle [id]'s board fitted into [width] × [height]: each tile's outline and colour, to fill. */
    @Throws(KamiException::class)
    fun thumbnail(id: String, width: Double, height: Double): Thumbnail = collection.thumbnail(id, width, height)

    /**
     * Asks the solver, on [background], whether puzzle [id]'s par is the fewest moves; a proven
     * par is kept as proven (and saved). Null if the puzzle is gone.
     */
    suspend fun checkPar(id: String): ParCheck? {
        val check = withContext(background) {
            try {
                collection.checkPar(id)
            } catch (e: KamiException) {
                null
            }
        }
        if (check == ParCheck.Proven) changePuzzles {}
        return check
    }

    /**
     * Opens a share code or a `kami://puzzle/` link (pasted, scanned or tapped): the core reads it
     * and refuses a mistyped one with a typed error ([CodeProblem.of] sorts it).
     */
    @Throws(KamiException::class)
    fun openCode(text: String): OpenedPuzzle = OpenedPuzzle(openShareCode(text), background)

    /** Shows [opened] without keeping it: a fresh game of it replaces the current one. */
    fun playShared(opened: OpenedPuzzle): GameStateHolder = showNew(opened.shared.game())

    /** Keeps [opened] in the player's puzzles as [name] (its par a claim until checked) and checks the par in [scope] ([parCheck]). */
    @Throws(KamiException::class)
    fun keepShared(opened: OpenedPuzzle, name: String): PuzzleEntry {
        val entry = changePuzzles { collection.addShared(opened.shared, name) }
        parCheck = scope.async { checkPar(entry.id) }
        return entry
    }

    /** The share sheet's items for puzzle [id] of the player's puzzles. */
    @Throws(KamiException::class)
    fun shareItems(id: String): ShareItems = ShareItems.of(collection.share(id))

    /** An editor over puzzle [id]'s board (saved as a new puzzle). */
    @Throws(KamiException::class)
    fun editPuzzle(id: String): EditorStateHolder = EditorStateHolder(Editor.fromPuzzle(collection, id), scope, background)

    /** Keeps [drawing] as a new puzzle named [name] with the best par known (proven if it is); throws `BoardOneColour` for a blank board. */
    @Throws(KamiException::class)
    fun saveDrawing(drawing: EditorStateHolder, name: String): PuzzleEntry = changePuzzles { drawing.editor.saveTo(collection, name) }

    /** Shows [drawing] as it stands as a fresh game named [name], which replaces the current one. */
    @Throws(KamiException::class)
    fun playDrawing(drawing: EditorStateHolder, name: String): GameStateHolder = showNew(drawing.play(name))

    /** The share sheet's items for [drawing] as it stands, named [name], its par claimed proven only if the analysis shown proved it. */
    @Throws(KamiException::class)
    fun shareDrawing(drawing: EditorStateHolder, name: String): ShareItems {
        val proven = drawing.state.value.report?.parProven ?: false
        return drawing.play(name).use { ShareItems.of(shareGame(it, name, proven)) }
    }

    /** Shows [game] as the current game, as a new request. */
    private fun showNew(game: Game): GameStateHolder = synchronized(this) {
        requests.incrementAndGet()
        show(adopt(game, save = true))
    }

    /** Shows the current game as it was left; null (and nothing changes) if there is none. */
    fun resume(): GameStateHolder? = synchronized(this) {
        requests.incrementAndGet()
        mutableCurrent.value?.let(::show)
    }

    /**
     * What level select offers for the current game, null if there is none: to continue it, or,
     * for a won game (which [resume] and opening it start again), to play it again. A failed
     * game is continued on its last position, where the player can undo.
     */
    fun continueOffer(): ContinueOffer? = mutableCurrent.value?.state?.value?.snapshot?.let(ContinueOffer::of)

    /**
     * After the system killed the process with a game on screen: shows the current game again if
     * [screen] (what [ScreenRecord.of] recorded while it was shown) names it, with the colour that
     * was selected; null (level select) if there was no game on screen or it is not the current
     * game any more.
     */
    fun restoreScreen(screen: ScreenRecord?): GameStateHolder? = synchronized(this) {
        requests.incrementAndGet()
        val holder = mutableCurrent.value?.takeIf { screen != null && it.state.value.snapshot.levelId == screen.levelId }
            ?: return null
        show(holder)
        if (screen != null && screen.selectedColour.toInt() in holder.state.value.snapshot.palette.indices) {
            holder.selectColour(screen.selectedColour)
        }
        holder
    }

    /**
     * Leaves the game on screen (back to level select). It stays the current game and its save
     * stays, so it can be continued; a hint being searched is stopped.
     */
    fun leave() {
        synchronized(this) {
            requests.incrementAndGet()
            mutablePlaying.value?.let {
                it.cancelHint()
                it.dismissError()
            }
            mutablePlaying.value = null
        }
    }

    /** Changes the settings and saves them before returning. */
    fun updateSettings(settings: Settings) {
        mutableSettings.value = settings
        persist(SETTINGS) { settings.encode() }
    }

    /** Forgets the problems shown so far. */
    fun dismissProblems() = mutableProblems.update { emptyList() }

    /**
     * Puts [holder] on screen. A won game starts again from the beginning: its result is already
     * in the progress and nothing is left to play in it (as the iOS app does). Any other game
     * shows as it was left, without its last move's ripple, so a game that was lost shows no
     * result on opening ([GameUiState.resultDue]).
     */
    private fun show(holder: GameStateHolder): GameStateHolder {
        if (ContinueOffer.startsAgain(holder.state.value.snapshot.status)) holder.restart() else holder.settle()
        mutablePlaying.value = holder
        return holder
    }

    /** Makes [next] the current game (saved first if [save]); the game it replaces stops any hint. */
    private fun adopt(next: Game, save: Boolean = false): GameStateHolder {
        val holder = GameStateHolder(next, scope, background) { snapshot -> changed(next, snapshot) }
        synchronized(this) {
            mutableCurrent.value?.cancelHint()
            game = next
            if (save) saveGame()
            mutableCurrent.value = holder
        }
        return holder
    }

    /** After each intent, before its state is shown: save the game, and record a win in the progress (and the player's puzzles). */
    private fun changed(changed: Game, snapshot: GameSnapshot) {
        saveGame()
        if (snapshot.status is GameStatus.Won && progress.record(changed) != null) {
            mutablePacks.value = progress.packs()
            persist(PROGRESS) { progress.save() }
        }
        if (snapshot.status is GameStatus.Won && collection.record(changed) != null) changePuzzles {}
    }

    /** Keeps [pending] with [par], starts its par check, and shows it if no newer request came. */
    private fun keep(pending: PendingImport, par: UInt): ImportOutcome {
        val entry = changePuzzles { collection.addImported(pending.imported, pending.name, par) }
        parCheck = scope.async { checkPar(entry.id) }
        return synchronized(this) {
            if (requests.get() != pending.request) ImportOutcome.Kept(entry) else ImportOutcome.Opened(openPuzzle(entry.id), entry)
        }
    }

    /** Runs [change] on the player's puzzles, then refreshes [puzzles] and saves them. */
    private fun <T> changePuzzles(change: () -> T): T = change().also {
        mutablePuzzles.value = collection.puzzles()
        persist(PUZZLES) { collection.save() }
    }

    /** Saves the current game as it is when the write runs, so of two racing saves the newest state lands last. */
    private fun saveGame() {
        persist(GAME) { game?.save() }
    }

    /**
     * Writes the bytes [bytes] makes under [name] now, on this thread, and returns once they are
     * on the disk; nothing is written if [bytes] gives null. A failed write is reported in
     * [problems], not thrown.
     */
    private fun persist(name: String, bytes: () -> ByteArray?) {
        synchronized(saving) {
            try {
                bytes()?.let { store.write(name, it) }
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
        const val PUZZLES = "puzzles"
    }
}
