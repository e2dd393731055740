package app.kami.android.ui

import androidx.compose.animation.core.Animatable
import androidx.compose.animation.core.LinearEasing
import androidx.compose.animation.core.tween
import androidx.compose.foundation.Canvas
import androidx.compose.foundation.gestures.detectTapGestures
import androidx.compose.material3.MaterialTheme
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.rememberUpdatedState
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.geometry.Size
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.graphics.Path
import androidx.compose.ui.graphics.drawscope.DrawScope
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.graphics.lerp
import androidx.compose.ui.input.pointer.pointerInput
import androidx.compose.ui.layout.onSizeChanged
import androidx.compose.ui.semantics.CustomAccessibilityAction
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.customActions
import androidx.compose.ui.semantics.onClick
import androidx.compose.ui.semantics.stateDescription
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.IntSize
import androidx.compose.ui.unit.dp
import app.kami.core.BoardLayout
import app.kami.core.Rgb
import app.kami.core.TileShape
import app.kami.play.GameUiState
import app.kami.play.HintState
import app.kami.play.Ripple
import kotlin.math.cos
import kotlin.math.sin

/** A palette colour as Compose draws it. */
fun Rgb.toColor() = Color(red.toInt(), green.toInt(), blue.toInt())

/**
 * The board on a Canvas, drawn from the core's layout for this size: each tile in its colour,
 * the move [ripple] (the one on the board, if any) rippling out from the tapped tile when
 * [animateRipple] (else drawn finished: its ripple already played, before a configuration
 * change), the hinted region outlined and, with [symbols], a shape per colour. A tap goes to
 * [onTap] in the same pixels the layout uses.
 *
 * TalkBack plays it as VoiceOver plays the iOS board: it reads [description] and, as the board's
 * state, [cursorText] (the cursor's run of colour and place); a double-tap runs [onActivate]
 * (labelled [activateLabel]: paint the selected colour at the cursor); [cursorActions] move the
 * cursor (next and previous run, row above and below); while a hint is shown, an action labelled
 * [hintActionLabel] runs [onPlayHint].
 */
@Composable
fun Board(
    state: GameUiState,
    ripple: Ripple?,
    animateRipple: Boolean,
    layoutFor: (IntSize) -> BoardLayout?,
    symbols: Boolean,
    description: String,
    cursorText: String,
    activateLabel: String,
    onActivate: () -> Unit,
    cursorActions: List<CustomAccessibilityAction>,
    hintActionLabel: String,
    onPlayHint: () -> Unit,
    onTap: (Offset, IntSize) -> Unit,
    modifier: Modifier = Modifier,
) {
    var size by remember { mutableStateOf(IntSize.Zero) }
    // Keyed by the level too: the caller keys the game screen by game, but a board shown for
    // another level must never keep the old level's tile shapes.
    val levelId = state.snapshot.levelId
    val layout = remember(size, levelId) { layoutFor(size) }
    // The tap handler below lives as long as its pointerInput; it always calls the newest onTap.
    val currentOnTap by rememberUpdatedState(onTap)
    val paths = remember(layout) { layout?.tiles?.map { it to it.path() }.orEmpty() }
    val palette = remember(state.snapshot.palette) { state.snapshot.palette.map { it.toColor() } }

    // Milliseconds into the ripple. Read once per ripple: a ripple that must not play starts at its end.
    val elapsed = remember(ripple) { Animatable(if (ripple != null && !animateRipple) ripple.durationMillis.toFloat() else 0f) }
    LaunchedEffect(ripple) {
        if (ripple != null && animateRipple) {
            elapsed.animateTo(ripple.durationMillis.toFloat(), tween(ripple.durationMillis.toInt(), easing = LinearEasing))
        }
    }
    val hint = (state.hint as? HintState.Shown)?.move
    val hinted = hint?.region?.toSet().orEmpty()
    val hintAction = hint?.let {
        CustomAccessibilityAction(hintActionLabel) {
            onPlayHint()
            true
        }
    }
    val outline = MaterialTheme.colorScheme.onSurface

    Canvas(
        modifier
            .onSizeChanged { size = it }
            .pointerInput(size, levelId) { detectTapGestures { currentOnTap(it, size) } }
            .semantics {
                contentDescription = description
                stateDescription = cursorText
                onClick(label = activateLabel) {
                    onActivate()
                    true
                }
                customActions = listOfNotNull(hintAction) + cursorActions
            },
    ) {
        val time = elapsed.value.toLong()
        val side = layout?.side?.toFloat() ?: 0f
        for ((shape, path) in paths) {
            val colour = state.snapshot.tiles[shape.tile.toInt()]?.toInt() ?: continue
            val fill = if (ripple == null) {
                palette[colour]
            } else {
                lerp(palette[ripple.fromColour.toInt()], palette[colour], ripple.progress(shape.tile, time))
            }
            drawPath(path, fill)
            // A hairline of the same colour closes the anti-aliasing seams between tiles.
            drawPath(path, fill, style = Stroke(width = 1f))
            if (symbols) drawSymbol(colour, Offset(shape.centre.x.toFloat(), shape.centre.y.toFloat()), side, fill)
        }
        for ((shape, path) in paths) {
            if (shape.tile in hinted) drawPath(path, outline, style = Stroke(width = HintOutlineWidth.toPx()))
        }
    }
}

/** The hinted region's outline: the same on every screen density. */
private val HintOutlineWidth = 3.dp

private fun TileShape.path() = Path().apply {
    vertices.forEachIndexed { i, p -> if (i == 0) moveTo(p.x.toFloat(), p.y.toFloat()) else lineTo(p.x.toFloat(), p.y.toFloat()) }
    close()
}

/**
 * A shape per palette index, so colours can be told apart without seeing hue (named for
 * TalkBack in the string array `colour_symbols`, in the same order), drawn at [c] for a tile of
 * [side] painted [fill].
 */
fun DrawScope.drawSymbol(colour: Int, c: Offset, side: Float, fill: Color) {
    val ink = if (fill.red * 0.299f + fill.green * 0.587f + fill.blue * 0.114f > 0.5f) Color.Black else Color.White
    val r = side * 0.12f
    val stroke = Stroke(width = side * 0.05f)
    when (colour % 6) {
        0 -> drawCircle(ink, r, c)
        1 -> drawRect(ink, Offset(c.x - r, c.y - r), Size(2 * r, 2 * r))
        2 -> drawPath(polygon(c, r, 3), ink)
        3 -> drawPath(polygon(c, r, 4), ink, style = stroke)
        4 -> {
            drawLine(ink, Offset(c.x - r, c.y - r), Offset(c.x + r, c.y + r), stroke.width)
            drawLine(ink, Offset(c.x - r, c.y + r), Offset(c.x + r, c.y - r), stroke.width)
        }
        else -> drawCircle(ink, r, c, style = stroke)
    }
}

private fun polygon(centre: Offset, radius: Float, corners: Int) = Path().apply {
    for (i in 0 until corners) {
        val angle = Math.PI * (2.0 * i / corners - 0.5)
        val x = centre.x + radius * cos(angle).toFloat()
        val y = centre.y + radius * sin(angle).toFloat()
        if (i == 0) moveTo(x, y) else lineTo(x, y)
    }
    close()
}
