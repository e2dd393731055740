package app.kami.play

import app.kami.core.BoardLayout
import app.kami.core.CuratedPalette
import app.kami.core.Editor
import app.kami.core.EditorAnalysis
import app.kami.core.EditorSnapshot
import app.kami.core.EditorTool
import app.kami.core.Game
import app.kami.core.KamiException
import app.kami.core.Rgb
import app.kami.core.Symmetry
import app.kami.core.Tiling
import app.kami.core.curatedPalettes
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.Job
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.flow.update
import kotlinx.coroutines.isActive
import kotlinx.coroutines.launch
import kotlinx.coroutines.withContext

/** What a tap or a drag on the editor's board does. */
enum class EditorBrush {
    /** Paints the triangles touched in the selected colour. */
    PAINT,

    /** Recolours the whole area tapped, as a move would. */
    FILL,

    /** Makes the triangles touched holes. */
    HOLE,
}

/** Everything the editor screen draws at one moment. */
data class EditorUiState(
    /** The drawing as the core reports it: palette, cells, mirror, undo and redo, palette warnings. */
    val snapshot: EditorSnapshot,
    /** The newest analysis of the drawing shown; null while the board shown has none yet. */
    val analysis: EditorAnalysis? = null,
    /** What taps and drags do. */
    val brush: EditorBrush = EditorBrush.PAINT,
    /** The palette index painting and filling use. */
    val selectedColour: UInt = 0u,
    /** Why the last intent was refused, in the core's words; cleared by the next one that succeeds. */
    val error: String? = null,
) {
    /** The footer's report of the analysis shown, if any. */
    val report: AnalysisReport? get() = analysis?.let(AnalysisReport::of)
}

/**
 * A puzzle being drawn, as the editor screen shows it: the core's [editor] does every edit,
 * hit-test, undo and analysis; this holds the snapshot shown, the brush and colour chosen, and
 * the live analysis of the board shown. Intents may come from any thread.
 *
 * The analysis is waited for on [background] in [scope] ([watchAnalysis]) and shown only if it is
 * for the version of the drawing shown: an answer for a board since changed is dropped, so the
 * footer never shows a par for a board the player no longer sees. The caller owns [editor].
 */
class EditorStateHolder(
    internal val editor: Editor,
    private val scope: CoroutineScope,
    private val background: CoroutineDispatcher = Dispatchers.Default,
) {
    private val mutableState = MutableStateFlow(EditorUiState(editor.snapshot()))

    @Volatile
    private var stroking = false

    /** The state to draw. */
    val state: StateFlow<EditorUiState> = mutableState.asStateFlow()

    /** Every cell's outline (holes included) for a [width] × [height] board, or null without room. Cache it per size. */
    fun layout(width: Double, height: Double): BoardLayout? = try {
        editor.layout(width, height)
    } catch (e: KamiException.InvalidViewport) {
        null
    }

    /** Chooses what taps and drags do. */
    fun selectBrush(brush: EditorBrush) = mutableState.update { it.copy(brush = brush, error = null) }

    /** Chooses the colour to paint and fill with (and switches a hole brush back to paint). */
    fun selectColour(colour: UInt) = mutableState.update {
        it.copy(selectedColour = colour, brush = if (it.brush == EditorBrush.HOLE) EditorBrush.PAINT else it.brush, error = null)
    }

    /** A tap at ([x], [y]) of a [width] × [height] board: paints one cell, fills its area or makes it a hole (and its mirror image). */
    fun tapAt(x: Double, y: Double, width: Double, height: Double) = attempt {
        val cell = editor.tileAt(width, height, x, y) ?: return@attempt
        val state = state.value
        show(if (state.brush == EditorBrush.FILL) editor.fill(cell, state.selectedColour) else editor.paint(cell, tool(state)))
    }

    /**
     * A drag moved to ([x], [y]) of a [width] × [height] board: the first point starts a stroke,
     * and the core paints every cell between the points; the whole drag is one undo step. A fill
     * brush does not drag.
     */
    fun dragTo(x: Double, y: Double, width: Double, height: Double) = attempt {
        val state = state.value
        if (state.brush == EditorBrush.FILL) return@attempt
        if (!stroking) {
            editor.beginStroke(tool(state))
            stroking = true
        }
        show(editor.strokeTo(width, height, x, y))
    }

    /** The finger lifted at ([x], [y]) after [dragTo] (or at once, for a tap): ends the stroke, or, with the fill brush, fills the area there. */
    fun release(x: Double, y: Double, width: Double, height: Double) {
        if (state.value.brush == EditorBrush.FILL) tapAt(x, y, width, height) else endDrag()
    }

    /** The drag ended. */
    fun endDrag() {
        if (!stroking) return
        stroking = false
        editor.endStroke()
    }

    /** Paints with [mirror] from now on (the snapshot lists the ones this board allows). */
    fun setMirror(mirror: Symmetry) = attempt { show(editor.setMirror(mirror)) }

    /** The next mirror this board allows after the one in use: none, left-right, top-bottom, half turn, round again. */
    fun nextMirror() {
        val snapshot = state.value.snapshot
        val index = snapshot.mirrorsAllowed.indexOf(snapshot.mirror)
        setMirror(if (index < 0) Symmetry.NONE else snapshot.mirrorsAllowed[(index + 1) % snapshot.mirrorsAllowed.size])
    }

    /** Makes every cell, holes included, the selected colour. */
    fun clear() = attempt { show(editor.clear(state.value.selectedColour)) }

    /** Takes back the last edit. */
    fun undo() = attempt { show(editor.undo()) }

    /** Replays the last undone edit. */
    fun redo() = attempt { show(editor.redo()) }

    /** Takes the colours of curated [palette], as many as the drawing has. */
    fun usePalette(palette: CuratedPalette) = attempt {
        show(editor.setPalette(palette.colours.take(state.value.snapshot.palette.size)))
    }

    /** Replaces palette colour [colour] by [rgb]; colours too alike are kept but listed in the snapshot's palette warnings. */
    fun setColour(colour: UInt, rgb: Rgb) = attempt { show(editor.setColour(colour, rgb)) }

    /** Adds a colour (at most six): the next of the curated palette the drawing starts like, or of the first. */
    fun addColour() = attempt {
        val palette = state.value.snapshot.palette
        val source = palettes.firstOrNull { it.colours.firstOrNull() == palette.firstOrNull() } ?: palettes.first()
        show(editor.addColour(source.colours.getOrNull(palette.size) ?: Rgb(128u, 128u, 128u)))
    }

    /** Removes the selected colour; its cells take the colour before it (or the next, for the first). */
    fun removeSelectedColour() = attempt {
        val colour = state.value.selectedColour
        val into = if (colour == 0u) 1u else colour - 1u
        val snapshot = editor.removeColour(colour, into)
        show(snapshot)
        mutableState.update { it.copy(selectedColour = minOf(into, (snapshot.palette.size - 1).toUInt())) }
    }

    /** A fresh game of the drawing named [name] (the caller owns it); throws `BoardOneColour` when there is nothing to play. */
    @Throws(KamiException::class)
    fun play(name: String): Game = editor.play(name)

    /**
     * Waits for the analysis on [background], again and again until the returned job is
     * cancelled, showing each answer that is for the drawing shown. Start it while the editor
     * shows. [waiting] waits for the answer after a serial (tests hold it back to race it).
     */
    fun watchAnalysis(
        waiting: suspend (after: ULong) -> EditorAnalysis? = { after -> withContext(background) { editor.analysis(after, WAIT_MILLIS) } },
    ): Job = scope.launch {
        var after = 0uL
        while (isActive) {
            val next = waiting(after) ?: continue
            after = next.serial
            receive(next)
        }
    }

    /** Shows [analysis] if it is for the drawing shown and newer than the one shown. */
    internal fun receive(analysis: EditorAnalysis) = mutableState.update {
        val newer = analysis.serial > (it.analysis?.serial ?: 0uL)
        if (analysis.version == it.snapshot.version && newer) it.copy(analysis = analysis) else it
    }

    private fun tool(state: EditorUiState): EditorTool =
        if (state.brush == EditorBrush.HOLE) EditorTool.Hole else EditorTool.Paint(state.selectedColour)

    /** Shows [snapshot] unless a newer version is shown (an edit from another thread won); an analysis of the board before goes. */
    private fun show(snapshot: EditorSnapshot) = mutableState.update {
        when {
            snapshot.version < it.snapshot.version -> it
            else -> it.copy(
                snapshot = snapshot,
                analysis = it.analysis?.takeIf { a -> a.version == snapshot.version },
                error = null,
            )
        }
    }

    private inline fun attempt(intent: () -> Unit) {
        try {
            intent()
        } catch (e: KamiException) {
            mutableState.update { it.copy(error = e.toString()) }
        }
    }

    companion object {
        /** How long one wait for the analysis blocks a background thread before it looks again. */
        private const val WAIT_MILLIS = 250u

        /** The curated palettes, each of six colours clearly apart. */
        val palettes: List<CuratedPalette> by lazy { curatedPalettes() }

        /**
         * A blank board of [rows] × [cols] triangles (the KAMI 2 board is 29 × 10) in the first
         * [colours] colours of [palette].
         */
        @Throws(KamiException::class)
        fun blank(
            scope: CoroutineScope,
            background: CoroutineDispatcher = Dispatchers.Default,
            rows: UInt = 29u,
            cols: UInt = 10u,
            palette: CuratedPalette = palettes.first(),
            colours: Int = 4,
        ) = EditorStateHolder(Editor.blank(Tiling.TRIANGLES, rows, cols, palette.colours.take(colours)), scope, background)
    }
}
