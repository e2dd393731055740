package app.kami.android.ui

import androidx.compose.foundation.Canvas
import androidx.compose.foundation.background
import androidx.compose.foundation.border
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Box
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.selection.selectable
import androidx.compose.foundation.selection.selectableGroup
import androidx.compose.foundation.shape.CircleShape
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.Scaffold
import androidx.compose.material3.SnackbarHost
import androidx.compose.material3.SnackbarHostState
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableLongStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.clip
import androidx.compose.ui.hapticfeedback.HapticFeedbackType
import androidx.compose.ui.platform.LocalHapticFeedback
import androidx.compose.ui.res.pluralStringResource
import androidx.compose.ui.res.stringArrayResource
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.semantics.CustomAccessibilityAction
import androidx.compose.ui.semantics.LiveRegionMode
import androidx.compose.ui.semantics.Role
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.liveRegion
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.dp
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import app.kami.android.R
import app.kami.core.GameSnapshot
import app.kami.core.GameStatus
import app.kami.core.Grade
import app.kami.play.ColourName
import app.kami.play.CursorMove
import app.kami.play.CursorReading
import app.kami.play.GameStateHolder
import app.kami.play.HintMessage
import app.kami.play.HintState
import app.kami.play.ParOutlook
import app.kami.play.ProgressAnnouncement
import app.kami.play.Settings

/**
 * One level being played: counters, the board, the palette, the controls and the result. The
 * intents that change the game or the selected colour go to [onIntent], which runs them in order
 * off the main thread (each one writes the game's save before its state shows); hints, the
 * layout and the state are read from [holder] directly.
 */
@Composable
fun GameScreen(holder: GameStateHolder, settings: Settings, onIntent: (GameStateHolder.() -> Unit) -> Unit, onLeave: () -> Unit) {
    val state by holder.state.collectAsStateWithLifecycle()
    val snapshot = state.snapshot
    val haptic = LocalHapticFeedback.current
    val snackbar = remember { SnackbarHostState() }
    val symbolNames = stringArrayResource(R.array.colour_symbols)

    // The move the board shows, if the last intent was a move (null after undo, redo or restart).
    val ripple = state.ripple?.takeIf { it.revision == snapshot.revision }
    // The revision of the last move whose feedback (ripple and haptics) has started, or NO_MOVE.
    // Saved with the screen: a configuration change recomposes this screen from scratch around
    // the same state, and must not replay them. A screen opened on a game continued from level
    // select starts at the move already on the board. While the board shows no move it is NO_MOVE,
    // so a game restored from its save (whose revisions start again at 0) gets feedback again.
    var fedBack by rememberSaveable { mutableLongStateOf(ripple?.revision?.toLong() ?: NO_MOVE) }
    val freshRipple = ripple != null && ripple.revision.toLong() != fedBack
    LaunchedEffect(ripple) {
        val revision = ripple?.revision?.toLong() ?: NO_MOVE
        if (revision == fedBack) return@LaunchedEffect
        fedBack = revision
        if (ripple != null && settings.haptics) {
            haptic.performHapticFeedback(if (snapshot.status is GameStatus.Won) HapticFeedbackType.LongPress else HapticFeedbackType.TextHandleMove)
        }
    }
    LaunchedEffect(state.error) {
        state.error?.let {
            snackbar.showSnackbar(it)
            holder.dismissError()
        }
    }

    Scaffold(
        topBar = { BackTopBar(snapshot.name, stringResource(R.string.back_to_levels), onLeave) },
        snackbarHost = { SnackbarHost(snackbar) },
    ) { padding ->
        Column(Modifier.padding(padding).fillMaxSize(), horizontalAlignment = Alignment.CenterHorizontally) {
            // TalkBack speaks the live region's description on each change: the same words as
            // VoiceOver's announcement on iOS.
            val announcement = announcement(ProgressAnnouncement.of(snapshot))
            Text(
                text = stringResource(R.string.moves_and_par, snapshot.movesUsed.toInt(), snapshot.par.toInt()),
                style = MaterialTheme.typography.titleMedium,
                modifier = Modifier.padding(8.dp).semantics {
                    liveRegion = LiveRegionMode.Polite
                    contentDescription = announcement
                },
            )
            // A lost game continued from level select shows no dialog (see ResultDialog), only this.
            if (snapshot.status == GameStatus.Failed) {
                Text(stringResource(R.string.out_of_moves_line), style = MaterialTheme.typography.bodyMedium)
            }
            Board(
                state = state,
                ripple = ripple,
                animateRipple = freshRipple,
                layoutFor = { holder.layout(it.width.toDouble(), it.height.toDouble()) },
                symbols = settings.colourBlindSymbols,
                description = stringResource(R.string.board_description, snapshot.regionCount.toInt(), snapshot.coloursLeft.toInt()),
                cursorText = cursorText(state.cursorReading, symbolNames),
                activateLabel = stringResource(R.string.paint_here, colourWords(snapshot, state.selectedColour, symbolNames)),
                onActivate = { onIntent { playAtCursor() } },
                cursorActions = cursorActions(holder),
                hintActionLabel = stringResource(R.string.play_hint),
                onPlayHint = { onIntent { playHint() } },
                onTap = { at, size -> onIntent { tapAt(at.x.toDouble(), at.y.toDouble(), size.width.toDouble(), size.height.toDouble()) } },
                modifier = Modifier.weight(1f).fillMaxWidth().padding(8.dp),
            )
            HintText(HintMessage.of(state), symbolNames)
            Palette(snapshot, state.selectedColour, settings.colourBlindSymbols, symbolNames) { colour -> onIntent { selectColour(colour) } }
            Row(Modifier.padding(8.dp), horizontalArrangement = Arrangement.spacedBy(4.dp)) {
                TextButton(onClick = { onIntent { undo() } }, enabled = snapshot.canUndo) { Text(stringResource(R.string.undo)) }
                TextButton(onClick = { onIntent { redo() } }, enabled = snapshot.canRedo) { Text(stringResource(R.string.redo)) }
                TextButton(onClick = { onIntent { restart() } }, enabled = snapshot.canUndo) { Text(stringResource(R.string.restart)) }
                when (state.hint) {
                    HintState.Idle -> TextButton(onClick = holder::requestHint) { Text(stringResource(R.string.hint)) }
                    else -> TextButton(onClick = holder::cancelHint) { Text(stringResource(R.string.hide_hint)) }
                }
            }
        }
    }
    ResultDialog(snapshot, due = state.resultDue, onLevels = onLeave, onUndo = { onIntent { undo() } }, onRestart = { onIntent { restart() } })
}

/** No move's feedback has started (see `fedBack` in [GameScreen]); revisions are never negative. */
private const val NO_MOVE = -1L

/**
 * What the hint says, in words (the board outlines the region). Which message is the Kotlin
 * module's choice ([HintMessage], tested there); this only looks up its words.
 */
@Composable
private fun HintText(message: HintMessage?, symbolNames: Array<String>) {
    val text = when (message) {
        null -> return
        HintMessage.Thinking -> stringResource(R.string.hint_thinking)
        is HintMessage.Play -> {
            val colour = message.colour.toInt()
            val move = stringResource(R.string.hint_move, colour + 1, symbolNames[colour % symbolNames.size])
            when (val par = message.par) {
                ParOutlook.InReach -> move
                ParOutlook.Unsure -> stringResource(R.string.hint_par_unsure, move)
                is ParOutlook.Lost -> par.undos?.toInt()?.let { pluralStringResource(R.plurals.hint_par_lost, it, move, it) }
                    ?: stringResource(R.string.hint_par_out_of_reach, move)
            }
        }
        HintMessage.SolvedInPar -> stringResource(R.string.hint_solved_in_par)
        is HintMessage.SolvedOverPar -> message.undos?.toInt()?.let { pluralStringResource(R.plurals.hint_solved_over_par, it, it) }
            ?: stringResource(R.string.hint_solved_over_par_restart)
        is HintMessage.OutOfMoves -> message.undos?.toInt()?.let { pluralStringResource(R.plurals.hint_failed, it, it) }
            ?: stringResource(R.string.hint_failed_restart)
    }
    Text(text, style = MaterialTheme.typography.bodyLarge, modifier = Modifier.padding(horizontal = 16.dp).semantics { liveRegion = LiveRegionMode.Polite })
}

/**
 * A palette colour in words, as VoiceOver says it on iOS: its name and its symbol ("blue,
 * circle"); its number where the palette has no such colour.
 */
@Composable
private fun colourWords(snapshot: GameSnapshot, colour: UInt, symbolNames: Array<String>): String {
    val index = colour.toInt()
    val symbol = symbolNames[index % symbolNames.size]
    val rgb = snapshot.palette.getOrNull(index) ?: return stringResource(R.string.colour_name, index + 1, symbol)
    return stringResource(R.string.colour_words, colourName(ColourName.of(rgb)), symbol)
}

/** What TalkBack says after a change, in the player's language. */
@Composable
private fun announcement(announcement: ProgressAnnouncement): String = when (announcement) {
    is ProgressAnnouncement.Playing -> stringResource(
        R.string.announce_playing,
        announcement.moves.toInt(),
        announcement.par.toInt(),
        announcement.areas.toInt(),
        announcement.colours.toInt(),
    )
    is ProgressAnnouncement.SolvedInPar -> announcement.moves.toInt().let { pluralStringResource(R.plurals.announce_solved_in_par, it, it) }
    is ProgressAnnouncement.Solved -> announcement.moves.toInt().let { pluralStringResource(R.plurals.announce_solved, it, it) }
    ProgressAnnouncement.OutOfMoves -> stringResource(R.string.announce_out_of_moves)
}

/** A colour's coarse name in the player's language ("dark blue"). */
@Composable
internal fun colourName(name: ColourName): String {
    val hue = stringResource(
        when (name.hue) {
            ColourName.Hue.BLACK -> R.string.hue_black
            ColourName.Hue.WHITE -> R.string.hue_white
            ColourName.Hue.GREY -> R.string.hue_grey
            ColourName.Hue.BROWN -> R.string.hue_brown
            ColourName.Hue.RED -> R.string.hue_red
            ColourName.Hue.ORANGE -> R.string.hue_orange
            ColourName.Hue.YELLOW -> R.string.hue_yellow
            ColourName.Hue.GREEN -> R.string.hue_green
            ColourName.Hue.TEAL -> R.string.hue_teal
            ColourName.Hue.BLUE -> R.string.hue_blue
            ColourName.Hue.PURPLE -> R.string.hue_purple
            ColourName.Hue.PINK -> R.string.hue_pink
        },
    )
    return if (name.dark) stringResource(R.string.hue_dark, hue) else hue
}

/** What TalkBack says about the board cursor's run: colour, place and whether the hint points there. */
@Composable
private fun cursorText(reading: CursorReading?, symbolNames: Array<String>): String {
    if (reading == null) return ""
    val symbol = symbolNames[reading.colour.toInt() % symbolNames.size]
    val colour = reading.name?.let { stringResource(R.string.colour_words, colourName(it), symbol) } ?: symbol
    val place = if (reading.firstColumn == reading.lastColumn) {
        stringResource(R.string.cursor_tile, colour, reading.row, reading.firstColumn)
    } else {
        stringResource(R.string.cursor_run, colour, reading.row, reading.firstColumn, reading.lastColumn)
    }
    return if (reading.hinted) stringResource(R.string.cursor_hinted, place) else place
}

/** TalkBack's actions that move the board cursor, as VoiceOver's swipes and rotor do on iOS. */
@Composable
private fun cursorActions(holder: GameStateHolder): List<CustomAccessibilityAction> = listOf(
    R.string.cursor_next to CursorMove.NEXT,
    R.string.cursor_previous to CursorMove.PREVIOUS,
    R.string.cursor_up to CursorMove.UP,
    R.string.cursor_down to CursorMove.DOWN,
).map { (label, move) -> CustomAccessibilityAction(stringResource(label)) { holder.moveCursor(move) } }

/** The colours to paint with, one choosable at a time. */
@Composable
private fun Palette(snapshot: GameSnapshot, selected: UInt, symbols: Boolean, symbolNames: Array<String>, onSelect: (UInt) -> Unit) {
    Row(Modifier.selectableGroup().padding(8.dp), horizontalArrangement = Arrangement.spacedBy(12.dp)) {
        snapshot.palette.forEachIndexed { index, rgb ->
            val colour = rgb.toColor()
            val isSelected = selected == index.toUInt()
            val name = colourWords(snapshot, index.toUInt(), symbolNames)
            Box(
                Modifier
                    .size(48.dp)
                    .clip(CircleShape)
                    .background(colour)
                    .border(if (isSelected) 4.dp else 1.dp, MaterialTheme.colorScheme.onSurface, CircleShape)
                    .selectable(selected = isSelected, role = Role.RadioButton, onClick = { onSelect(index.toUInt()) })
                    .semantics { contentDescription = name },
                contentAlignment = Alignment.Center,
            ) {
                if (symbols) Canvas(Modifier.size(24.dp)) { drawSymbol(index, center, size.minDimension * 2, colour) }
            }
        }
    }
}

/**
 * The win or fail dialog, when the move on screen finished the game ([due]: not when a finished
 * game is opened, restored, undone or redone into); dismissed, it stays away until the game changes.
 */
@Composable
private fun ResultDialog(snapshot: GameSnapshot, due: Boolean, onLevels: () -> Unit, onUndo: () -> Unit, onRestart: () -> Unit) {
    var dismissedAt by rememberSaveable { mutableLongStateOf(-1L) }
    val status = snapshot.status
    if (!due || status == GameStatus.Playing || dismissedAt == snapshot.revision.toLong()) return
    val moves = snapshot.movesUsed.toInt()
    val par = snapshot.par.toInt()
    val (title, text) = when {
        status is GameStatus.Won && status.grade == Grade.PERFECT -> R.string.won_perfect to pluralStringResource(R.plurals.won_perfect_text, moves, moves, par)
        status is GameStatus.Won -> R.string.won_ok to pluralStringResource(R.plurals.won_ok_text, moves, moves, par)
        else -> R.string.failed to stringResource(R.string.failed_text, par)
    }
    AlertDialog(
        onDismissRequest = { dismissedAt = snapshot.revision.toLong() },
        title = { Text(stringResource(title)) },
        text = { Text(text) },
        confirmButton = { TextButton(onClick = onLevels) { Text(stringResource(R.string.levels)) } },
        dismissButton = {
            if (status is GameStatus.Won) {
                TextButton(onClick = onRestart) { Text(stringResource(R.string.play_again)) }
            } else {
                TextButton(onClick = onUndo) { Text(stringResource(R.string.undo)) }
            }
        },
    )
}
