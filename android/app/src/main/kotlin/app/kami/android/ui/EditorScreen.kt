package app.kami.android.ui

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.background
import androidx.compose.foundation.border
import androidx.compose.foundation.clickable
import androidx.compose.foundation.gestures.awaitEachGesture
import androidx.compose.foundation.gestures.awaitFirstDown
import androidx.compose.foundation.gestures.drag
import androidx.compose.foundation.horizontalScroll
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.shape.CircleShape
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.DropdownMenu
import androidx.compose.material3.DropdownMenuItem
import androidx.compose.material3.FilterChip
import androidx.compose.material3.HorizontalDivider
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.rememberUpdatedState
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.geometry.Offset
import androidx.compose.ui.graphics.Path
import androidx.compose.ui.graphics.drawscope.Stroke
import androidx.compose.ui.input.pointer.pointerInput
import androidx.compose.ui.layout.onSizeChanged
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.selected
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.semantics.stateDescription
import androidx.compose.ui.text.style.TextAlign
import androidx.compose.ui.unit.IntSize
import androidx.compose.ui.unit.dp
import androidx.compose.ui.unit.sp
import app.kami.android.R
import app.kami.core.BoardLayout
import app.kami.core.EditorVerdict
import app.kami.core.Rgb
import app.kami.core.Symmetry
import app.kami.play.AnalysisReport
import app.kami.play.ColourName
import app.kami.play.EditorBrush
import app.kami.play.EditorStateHolder
import app.kami.play.EditorUiState

/**
 * The puzzle editor: the board (drag to paint; a tap paints one triangle), the palette with the
 * curated palettes and a custom colour, the tools, the live analysis in words, and Undo, Redo,
 * Play, Save and Share. Every edit, hit-test and analysis is the core's, through the Kotlin
 * module's [EditorStateHolder] (tested there); this screen draws its state and sends [onIntent].
 */
@Composable
fun EditorScreen(
    state: EditorUiState,
    layoutFor: (IntSize) -> BoardLayout?,
    onIntent: (EditorStateHolder.() -> Unit) -> Unit,
    onPlay: (String) -> Unit,
    onSave: (String) -> Unit,
    onShare: (String) -> Unit,
    onBack: () -> Unit,
) {
    val defaultName = stringResource(R.string.drawing_name)
    var name by rememberSaveable { mutableStateOf(defaultName) }
    Scaffold(topBar = { BackTopBar(stringResource(R.string.make_puzzle), stringResource(R.string.back), onBack) }) { padding ->
        Column(Modifier.padding(padding).padding(horizontal = 16.dp), verticalArrangement = Arrangement.spacedBy(8.dp)) {
            OutlinedTextField(name, { name = it }, label = { Text(stringResource(R.string.puzzle_name)) }, singleLine = true, modifier = Modifier.fillMaxWidth())
            EditorBoard(state, layoutFor, onIntent, Modifier.fillMaxWidth().weight(1f))
            PaletteRow(state, onIntent)
            state.snapshot.paletteWarnings.forEach { Text(it, color = MaterialTheme.colorScheme.error, fontSize = 13.sp) }
            ToolRow(state, onIntent)
            AnalysisFooter(state.report)
            state.error?.let { Text(it, color = MaterialTheme.colorScheme.error) }
            // Scrolls sideways where the five buttons do not fit (narrow phones, large text).
            Row(Modifier.fillMaxWidth().horizontalScroll(rememberScrollState()), horizontalArrangement = Arrangement.SpaceBetween) {
                TextButton(onClick = { onIntent { undo() } }, enabled = state.snapshot.canUndo) { Text(stringResource(R.string.undo)) }
                TextButton(onClick = { onIntent { redo() } }, enabled = state.snapshot.canRedo) { Text(stringResource(R.string.redo)) }
                TextButton(onClick = { onPlay(name) }) { Text(stringResource(R.string.play)) }
                TextButton(onClick = { onSave(name) }) { Text(stringResource(R.string.save_drawing)) }
                TextButton(onClick = { onShare(name) }) { Text(stringResource(R.string.share)) }
            }
        }
    }
}

/**
 * The drawing on a Canvas: cells in their colours, holes as outlines to paint over. Each gesture
 * sends its first point and every move to the holder (a tap is a drag of one point), then the
 * point where it lifted.
 */
@Composable
private fun EditorBoard(
    state: EditorUiState,
    layoutFor: (IntSize) -> BoardLayout?,
    onIntent: (EditorStateHolder.() -> Unit) -> Unit,
    modifier: Modifier,
) {
    var size by remember { mutableStateOf(IntSize.Zero) }
    val layout = remember(size) { layoutFor(size) }
    val paths = remember(layout) { layout?.tiles?.map { shape -> shape.tile.toInt() to tilePath(shape.vertices.map { Offset(it.x.toFloat(), it.y.toFloat()) }) }.orEmpty() }
    val palette = remember(state.snapshot.palette) { state.snapshot.palette.map { it.toColor() } }
    val send by rememberUpdatedState(onIntent)
    val holeOutline = MaterialTheme.colorScheme.outlineVariant
    val description = stringResource(R.string.drawing)
    val report = reportLines(state.report).joinToString(". ")
    Canvas(
        modifier
            .onSizeChanged { size = it }
            .pointerInput(size) {
                val w = size.width.toDouble()
                val h = size.height.toDouble()
                awaitEachGesture {
                    val down = awaitFirstDown()
                    var last = down.position
                    send { dragTo(last.x.toDouble(), last.y.toDouble(), w, h) }
                    drag(down.id) { change ->
                        last = change.position
                        val point = last
                        send { dragTo(point.x.toDouble(), point.y.toDouble(), w, h) }
                        change.consume()
                    }
                    val end = last
                    send { release(end.x.toDouble(), end.y.toDouble(), w, h) }
                }
            }
            .semantics {
                contentDescription = description
                stateDescription = report
            },
    ) {
        for ((cell, path) in paths) {
            val colour = state.snapshot.tiles.getOrNull(cell)?.toInt()
            if (colour != null && colour in palette.indices) {
                drawPath(path, palette[colour])
                drawPath(path, palette[colour], style = Stroke(width = 1f))
            } else {
                drawPath(path, holeOutline, style = Stroke(width = 1f))
            }
        }
    }
}

private fun tilePath(points: List<Offset>) = Path().apply {
    points.forEachIndexed { i, p -> if (i == 0) moveTo(p.x, p.y) else lineTo(p.x, p.y) }
    close()
}

/** A swatch per colour (tap to select), then the palettes menu: curated palettes, a custom colour, add and remove. */
@Composable
private fun PaletteRow(state: EditorUiState, onIntent: (EditorStateHolder.() -> Unit) -> Unit) {
    var menu by remember { mutableStateOf(false) }
    var custom by remember { mutableStateOf(false) }
    Row(verticalAlignment = Alignment.CenterVertically, horizontalArrangement = Arrangement.spacedBy(8.dp)) {
        state.snapshot.palette.forEachIndexed { index, rgb ->
            val selected = state.brush != EditorBrush.HOLE && state.selectedColour.toInt() == index
            val name = colourName(ColourName.of(rgb))
            Box(
                Modifier
                    .size(44.dp)
                    .background(rgb.toColor(), CircleShape)
                    .then(if (selected) Modifier.border(3.dp, MaterialTheme.colorScheme.onSurface, CircleShape) else Modifier)
                    .clickable { onIntent { selectColour(index.toUInt()) } }
                    .semantics {
                        contentDescription = name
                        this.selected = selected
                    },
            )
        }
        Box {
            TextButton(onClick = { menu = true }) { Text(stringResource(R.string.palettes)) }
            DropdownMenu(expanded = menu, onDismissRequest = { menu = false }) {
                EditorStateHolder.palettes.forEach { palette ->
                    DropdownMenuItem(text = { Text(palette.name) }, onClick = {
                        menu = false
                        onIntent { usePalette(palette) }
                    })
                }
                HorizontalDivider()
                DropdownMenuItem(text = { Text(stringResource(R.string.custom_colour)) }, onClick = {
                    menu = false
                    custom = true
                })
                DropdownMenuItem(text = { Text(stringResource(R.string.add_colour)) }, enabled = state.snapshot.palette.size < 6, onClick = {
                    menu = false
                    onIntent { addColour() }
                })
                DropdownMenuItem(text = { Text(stringResource(R.string.remove_colour)) }, enabled = state.snapshot.palette.size > 2, onClick = {
                    menu = false
                    onIntent { removeSelectedColour() }
                })
            }
        }
    }
    if (custom) {
        CustomColourDialog(state.snapshot.palette.getOrNull(state.selectedColour.toInt()), onDismiss = { custom = false }) { rgb ->
            custom = false
            val colour = state.selectedColour
            onIntent { setColour(colour, rgb) }
        }
    }
}

/** A colour typed as #RRGGBB for the selected swatch (the core warns when it is too close to another). */
@Composable
private fun CustomColourDialog(current: Rgb?, onDismiss: () -> Unit, onColour: (Rgb) -> Unit) {
    val start = current?.let { "#%02X%02X%02X".format(it.red.toInt(), it.green.toInt(), it.blue.toInt()) } ?: "#"
    var text by rememberSaveable { mutableStateOf(start) }
    val rgb = parseHex(text)
    AlertDialog(
        onDismissRequest = onDismiss,
        title = { Text(stringResource(R.string.custom_colour)) },
        text = {
            Row(verticalAlignment = Alignment.CenterVertically, horizontalArrangement = Arrangement.spacedBy(12.dp)) {
                OutlinedTextField(text, { text = it }, label = { Text(stringResource(R.string.custom_colour_hex)) }, singleLine = true, modifier = Modifier.weight(1f))
                Box(Modifier.size(40.dp).background(rgb?.toColor() ?: MaterialTheme.colorScheme.surface, CircleShape))
            }
        },
        confirmButton = { TextButton(onClick = { rgb?.let(onColour) }, enabled = rgb != null) { Text(stringResource(R.string.ok)) } },
        dismissButton = { TextButton(onClick = onDismiss) { Text(stringResource(R.string.cancel)) } },
    )
}

/** "#RRGGBB" (the # optional) as a colour; null for anything else. */
private fun parseHex(text: String): Rgb? {
    val hex = text.trim().removePrefix("#")
    if (hex.length != 6) return null
    val value = hex.toIntOrNull(16) ?: return null
    return Rgb((value shr 16 and 0xFF).toUByte(), (value shr 8 and 0xFF).toUByte(), (value and 0xFF).toUByte())
}

/** Paint, fill or hole; the mirror (tap for the next one this board allows); clear. */
@Composable
private fun ToolRow(state: EditorUiState, onIntent: (EditorStateHolder.() -> Unit) -> Unit) {
    Row(Modifier.horizontalScroll(rememberScrollState()), verticalAlignment = Alignment.CenterVertically, horizontalArrangement = Arrangement.spacedBy(6.dp)) {
        for ((brush, label) in listOf(EditorBrush.PAINT to R.string.tool_paint, EditorBrush.FILL to R.string.tool_fill, EditorBrush.HOLE to R.string.tool_hole)) {
            FilterChip(selected = state.brush == brush, onClick = { onIntent { selectBrush(brush) } }, label = { Text(stringResource(label)) })
        }
        TextButton(onClick = { onIntent { nextMirror() } }, enabled = state.snapshot.mirrorsAllowed.size > 1) {
            Text(stringResource(mirrorName(state.snapshot.mirror)))
        }
        TextButton(onClick = { onIntent { clear() } }) { Text(stringResource(R.string.clear_board)) }
    }
}

private fun mirrorName(mirror: Symmetry) = when (mirror) {
    Symmetry.NONE -> R.string.mirror_none
    Symmetry.LEFT_RIGHT -> R.string.mirror_left_right
    Symmetry.TOP_BOTTOM -> R.string.mirror_top_bottom
    Symmetry.ROTATIONAL -> R.string.mirror_half_turn
}

/** The live analysis in plain words: areas and colours, the par or its bounds, the rating and the verdicts. */
@Composable
private fun AnalysisFooter(report: AnalysisReport?) {
    Column(Modifier.fillMaxWidth().semantics(mergeDescendants = true) {}, horizontalAlignment = Alignment.CenterHorizontally) {
        reportLines(report).forEach { Text(it, textAlign = TextAlign.Center) }
    }
}

/** The analysis in lines, in the player's words. */
@Composable
private fun reportLines(report: AnalysisReport?): List<String> {
    report ?: return listOf(stringResource(R.string.analysing))
    val lines = mutableListOf(stringResource(R.string.report_counts, report.regions.toInt(), report.colours.toInt()))
    when (val par = report.par) {
        is AnalysisReport.Par.Proven -> lines += stringResource(R.string.report_par_proven, par.par.toInt())
        is AnalysisReport.Par.Bounds -> lines += stringResource(
            if (par.thinking) R.string.report_par_thinking else R.string.report_par_unproven,
            par.lo.toInt(),
            par.hi.toInt(),
        )
        AnalysisReport.Par.None -> {}
    }
    report.difficulty?.let { lines += stringResource(R.string.report_difficulty, it) }
    for (verdict in report.verdicts) {
        lines += when (verdict) {
            EditorVerdict.OneColour -> stringResource(R.string.verdict_one_colour)
            EditorVerdict.Trivial -> stringResource(R.string.verdict_trivial)
            is EditorVerdict.Picture -> stringResource(R.string.verdict_picture, verdict.keeping.toInt(), verdict.firstMoves.toInt())
            is EditorVerdict.UnusedColour -> stringResource(R.string.verdict_unused_colour, verdict.colour.toInt() + 1)
        }
    }
    return lines
}
