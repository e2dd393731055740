package app.kami.play

import app.kami.core.ImportedPuzzle
import app.kami.core.KamiException
import app.kami.core.PuzzleEntry
import app.kami.core.Rgb

/** What importing a screenshot came to ([PlaySession.importScreenshot]). */
sealed interface ImportOutcome {
    /** Kept in the player's puzzles and shown as the game in play. */
    data class Opened(val holder: GameStateHolder, val entry: PuzzleEntry) : ImportOutcome

    /** Kept in the player's puzzles, not shown: the player moved on while it was read. */
    data class Kept(val entry: PuzzleEntry) : ImportOutcome

    /**
     * The board was read but the move counter was not: ask the player for the par, then call
     * [PlaySession.finishImport]. Nothing is kept until then.
     */
    data class NeedsPar(val pending: PendingImport) : ImportOutcome
}

/** A board read from a screenshot whose par the player still has to give. */
class PendingImport internal constructor(
    internal val imported: ImportedPuzzle,
    internal val request: Long,
    /** The name the puzzle will be kept under. */
    val name: String,
) {
    /** The palette read from the toolbar (to show beside the question). */
    val palette: List<Rgb> get() = imported.palette()
}

/**
 * Why a screenshot could not be imported, for the app to word: the core's typed error sorted into
 * what a player can act on (the iOS app's `ImportProblem` makes the same choices).
 */
sealed interface ImportProblem {
    /** Not a PNG or JPEG image, or a damaged one. */
    data object Unreadable : ImportProblem

    /** Too small to read a board from. */
    data object TooSmall : ImportProblem

    /** Too large to read. */
    data object TooLarge : ImportProblem

    /** No KAMI 2 board in it (no toolbar of swatches, no grid, or cut off). */
    data object NotABoard : ImportProblem

    /** Colours too alike to tell apart. */
    data object ColoursAlike : ImportProblem

    /** A par outside 1 to [max]. */
    data class InvalidPar(val max: UInt) : ImportProblem

    /** The player's puzzles are full: [max] of them. */
    data class CollectionFull(val max: UInt) : ImportProblem

    /** Anything else, in the core's words. */
    data class Other(val message: String) : ImportProblem

    companion object {
        /** The problem [error] (thrown by an import) stands for. */
        fun of(error: KamiException): ImportProblem = when (error) {
            is KamiException.ImageUnreadable -> Unreadable
            is KamiException.ImageTooSmall -> TooSmall
            is KamiException.ImageTooLarge -> TooLarge
            is KamiException.NotAKamiBoard -> NotABoard
            is KamiException.ColoursAlike -> ColoursAlike
            is KamiException.InvalidPar -> InvalidPar(error.max)
            is KamiException.CollectionFull -> CollectionFull(error.max)
            else -> Other(error.message ?: error.toString())
        }
    }
}
