package app.kami.play

import app.kami.core.FloodTile
import app.kami.core.Game
import app.kami.core.firstLevelId
import app.kami.core.firstLevelWin
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class RippleTest {
    /** Checks that a tile further from the tap never starts before a nearer one, and a ring starts together. */
    private fun assertMonotone(flood: List<FloodTile>, ripple: Ripple) {
        val start = flood.groupBy({ it.ring }, { checkNotNull(ripple.delays[it.tile]) })
        start.values.forEach { delays -> assertEquals(1, delays.toSet().size, "one ring, one start: $delays") }
        val byRing = start.toSortedMap().values.map { it.first() }
        assertEquals(byRing.sorted(), byRing, "delays by ring")
        assertEquals(0L, byRing.first())
    }

    @Test
    fun `a move's ripple starts at the tapped tile and spreads ring by ring`() {
        val line = firstLevelWin()
        for ((index, move) in line.withIndex()) {
            Game(firstLevelId()).use { game ->
                line.take(index).forEach { game.play(it.tile, it.colour) }
                val from = checkNotNull(game.snapshot().tiles[move.tile.toInt()])
                val turn = game.play(move.tile, move.colour)
                val ripple = Ripple.of(turn.flood, from, turn.snapshot.revision)
                assertEquals(turn.flood.map { it.tile }.toSet(), ripple.delays.keys)
                assertEquals(0L, ripple.delays[move.tile])
                assertEquals(from, ripple.fromColour)
                assertMonotone(turn.flood, ripple)
            }
        }
    }

    @Test
    fun `rings are evenly spaced and a large flood ends in bounded time`() {
        val small = (0u..3u).map { FloodTile(it, it) }
        assertEquals(listOf(0L, 45L, 90L, 135L), small.map { Ripple.of(small, 0u, 1u).delays.getValue(it.tile) })

        val large = (0u until 1000u).map { FloodTile(it, it / 3u) }
        val ripple = Ripple.of(large, 0u, 1u)
        assertMonotone(large, ripple)
        assertTrue(ripple.delays.values.max() <= Ripple.MAX_SPREAD_MILLIS)
        assertEquals(ripple.delays.values.max() + Ripple.FADE_MILLIS, ripple.durationMillis)
    }

    @Test
    fun `each tile fades over its own window`() {
        val flood = listOf(FloodTile(5u, 0u), FloodTile(6u, 1u))
        val ripple = Ripple.of(flood, 2u, 1u, ringMillis = 100, fadeMillis = 50)
        assertEquals(listOf(0f, 0.5f, 1f), listOf(-1L, 25L, 50L).map { ripple.progress(5u, it) })
        assertEquals(listOf(0f, 0.5f, 1f), listOf(99L, 125L, 150L).map { ripple.progress(6u, it) })
        assertEquals(1f, ripple.progress(7u, 0L))
        assertEquals(150L, ripple.durationMillis)
    }
}
