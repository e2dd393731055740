package app.kami.core

import kotlin.math.sqrt
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertNull
import kotlin.test.assertTrue

class LayoutTest {
    private val viewports = listOf(320.0 to 480.0, 480.0 to 320.0, 1080.0 to 2400.0, 97.5 to 61.25)

    @Test
    fun `every tile's centre hit-tests to that tile`() {
        Game(firstLevelId()).use { game ->
            val board = game.snapshot()
            val playable = board.tiles.indices.filter { board.tiles[it] != null }.map { it.toUInt() }
            for ((width, height) in viewports) {
                val layout = game.layout(width, height)
                assertEquals(playable, layout.tiles.map { it.tile }.sorted(), "tiles in $width × $height")
                for (shape in layout.tiles) {
                    assertEquals(shape.tile, game.tileAt(width, height, shape.centre.x, shape.centre.y), "centre of tile ${shape.tile} in $width × $height")
                }
                assertNull(game.tileAt(width, height, -1.0, -1.0))
                assertNull(game.tileAt(width, height, width + 1.0, height + 1.0))
                assertNull(game.tileAt(width, height, Double.NaN, 0.0))
            }
        }
    }

    @Test
    fun `the board is fitted, centred and drawn clockwise`() {
        Game(firstLevelId()).use { game ->
            val tiling = game.snapshot().tiling
            val corners = if (tiling == Tiling.TRIANGLES) 3 else 4
            for ((width, height) in viewports) {
                val layout = game.layout(width, height)
                val area = if (tiling == Tiling.TRIANGLES) sqrt(3.0) / 4 * layout.side * layout.side else layout.side * layout.side
                assertTrue(layout.side > 0)
                assertTrue(layout.width <= width + 1e-9 && layout.height <= height + 1e-9, "fits $width × $height")
                assertEquals(width / 2, layout.origin.x + layout.width / 2, 1e-9)
                assertEquals(height / 2, layout.origin.y + layout.height / 2, 1e-9)
                for (shape in layout.tiles) {
                    val v = shape.vertices
                    assertEquals(corners, v.size)
                    assertTrue(v.all { inside(it, layout) }, "tile ${shape.tile} inside the board's box")
                    // Shoelace formula: positive is clockwise on a y-down screen.
                    val twiceArea = v.indices.sumOf { i -> v[i].x * v[(i + 1) % v.size].y - v[(i + 1) % v.size].x * v[i].y }
                    assertEquals(area, twiceArea / 2, area * 1e-9)
                    assertEquals(v.sumOf { it.x } / v.size, shape.centre.x, 1e-9)
                    assertEquals(v.sumOf { it.y } / v.size, shape.centre.y, 1e-9)
                }
                assertEquals(layout, game.layout(width, height))
            }
        }
    }

    private fun inside(p: Point, layout: BoardLayout): Boolean {
        val slack = layout.side * 1e-9
        return p.x >= layout.origin.x - slack && p.x <= layout.origin.x + layout.width + slack &&
            p.y >= layout.origin.y - slack && p.y <= layout.origin.y + layout.height + slack
    }
}
