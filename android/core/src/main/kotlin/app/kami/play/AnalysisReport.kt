package app.kami.play

import app.kami.core.EditorAnalysis
import app.kami.core.EditorVerdict
import app.kami.core.ParEstimate
import kotlin.math.roundToInt

/**
 * What the editor's footer says about the drawing, from the core's live analysis: the facts the
 * app puts in words ("12 areas, 4 colours · par 11–13, still thinking · a picture, not a
 * puzzle"). The iOS app makes the same choices (KamiKit's `AnalysisReport`).
 */
data class AnalysisReport(
    /** Connected same-colour areas. */
    val regions: UInt,
    /** Palette colours some tile uses. */
    val colours: UInt,
    /** The par as far as it is known. */
    val par: Par,
    /** Difficulty from 1 to 10, rounded, once the par is proven. */
    val difficulty: Int?,
    /** What the player should know, in the core's order (its verdicts). */
    val verdicts: List<EditorVerdict>,
) {
    /** The par as far as it is known. */
    sealed interface Par {
        /** Proven to be the fewest moves. */
        data class Proven(val par: UInt) : Par

        /**
         * Not proven: at least [lo], at most [hi] (the best answer found so far); [thinking] while
         * the analysis goes on, false once it stopped without a proof.
         */
        data class Bounds(val lo: UInt, val hi: UInt, val thinking: Boolean) : Par

        /** Nothing to solve: the board is one colour. */
        data object None : Par
    }

    /** Whether the par is proven. */
    val parProven: Boolean get() = par is Par.Proven

    companion object {
        /** The report of [analysis]. */
        fun of(analysis: EditorAnalysis): AnalysisReport {
            val par = when (val estimate = analysis.par) {
                is ParEstimate.Proven -> if (EditorVerdict.OneColour in analysis.verdicts) Par.None else Par.Proven(estimate.par)
                is ParEstimate.Bounds ->
                    if (estimate.lo >= estimate.hi) Par.Proven(estimate.hi) else Par.Bounds(estimate.lo, estimate.hi, !analysis.done)
            }
            return AnalysisReport(analysis.regions, analysis.coloursUsed, par, analysis.difficulty?.roundToInt(), analysis.verdicts)
        }
    }
}
