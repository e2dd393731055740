package app.kami.play

import app.kami.core.FloodTile

/**
 * When each tile of a move's flood changes colour: the tapped tile first, then ring after ring
 * outward in the core's breadth-first order. Ring `r` starts at `r × ringMillis` and each tile
 * fades from [fromColour] to its new colour over [fadeMillis]. On a large flood the step between
 * rings shrinks so the whole ripple ends within a set time.
 */
class Ripple private constructor(
    /** The game revision the ripple leads to: animate it only while that revision is shown. */
    val revision: ULong,
    /** The colour the flooded region had before the move. */
    val fromColour: UInt,
    /** Milliseconds after the move at which each flooded tile starts to fade. */
    val delays: Map<UInt, Long>,
    /** How long one tile takes to fade. */
    val fadeMillis: Long,
) {
    /** Milliseconds from the move until the last tile has its new colour. */
    val durationMillis: Long = (delays.values.maxOrNull() ?: 0L) + fadeMillis

    /**
     * How far [tile] has turned to its new colour [elapsedMillis] after the move: 0 still shows
     * [fromColour], 1 shows the new colour. Tiles the move did not flood are always at 1.
     */
    fun progress(tile: UInt, elapsedMillis: Long): Float {
        val delay = delays[tile] ?: return 1f
        if (fadeMillis == 0L) return if (elapsedMillis >= delay) 1f else 0f
        return ((elapsedMillis - delay).toFloat() / fadeMillis).coerceIn(0f, 1f)
    }

    companion object {
        /** Time between rings on a small flood. */
        const val RING_MILLIS = 45L

        /** Latest start of the outermost ring, however large the flood. */
        const val MAX_SPREAD_MILLIS = 540L

        /** Fade time of one tile. */
        const val FADE_MILLIS = 120L

        /** The ripple of [flood] (a `Turn.flood`) from [fromColour], leading to [revision]. */
        fun of(
            flood: List<FloodTile>,
            fromColour: UInt,
            revision: ULong,
            ringMillis: Long = RING_MILLIS,
            maxSpreadMillis: Long = MAX_SPREAD_MILLIS,
            fadeMillis: Long = FADE_MILLIS,
        ): Ripple {
            val outermost = flood.maxOfOrNull { it.ring } ?: 0u
            val step = if (outermost == 0u) 0L else minOf(ringMillis, maxSpreadMillis / outermost.toLong())
            val delays = flood.associate { it.tile to it.ring.toLong() * step }
            return Ripple(revision, fromColour, delays, fadeMillis)
        }
    }
}
