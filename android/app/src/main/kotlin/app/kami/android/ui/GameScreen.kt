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
import app.kami.core.Hint
import app.kami.core.Reach
import app.kami.core.Grade
import app.kami.play.GameStateHolder
import app.kami.play.HintState
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
            Text(
                text = stringResource(R.string.moves_and_par, snapshot.movesUsed.toInt(), snapshot.par.toInt()),
                style = MaterialTheme.typography.titleMedium,
                modifier = Modifier.padding(8.dp).semantics { liveRegion = LiveRegionMode.Polite },
            )
            Board(
                state = state,
                ripple = ripple,
                animateRipple = freshRipple,
                layoutFor = { holder.layout(it.width.toDouble(), it.height.toDouble()) },
                symbols = settings.colourBlindSymbols,
                description = stringResource(R.string.board_description, snapshot.regionCount.toInt(), snapshot.coloursLeft.toInt()),
                hintActionLabel = stringResource(R.string.play_hint),
                onPlayHint = { move, centre, size ->
                    onIntent {
                        selectColour(move.colour)
                        tapAt(centre.x.toDouble(), centre.y.toDouble(), size.width.toDouble(), size.height.toDouble())
                    }
                },
                onTap = { at, size -> onIntent { tapAt(at.x.toDouble(), at.y.toDouble(), size.width.toDouble(), size.height.toDouble()) } },
                modifier = Modifier.weight(1f).fillMaxWidth().padding(8.dp),
            )
            HintText(state.hint, snapshot.status, symbolNames)
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
    ResultDialog(snapshot, onLevels = onLeave, onUndo = { onIntent { undo() } }, onRestart = { onIntent { restart() } })
}

/** No move's feedback has started (see `fedBack` in [GameScreen]); revisions are never negative. */
private const val NO_MOVE = -1L

/** What the hint says, in words (the board outlines the region); [status] is the game's, for a finished game. */
@Composable
private fun HintText(hint: HintState, status: GameStatus, symbolNames: Array<String>) {
    val text = when (hint) {
        HintState.Idle -> return
        is HintState.Thinking -> stringResource(R.string.hint_thinking)
        is HintState.Shown -> {
            val colour = hint.move.colour.toInt()
            val move = stringResource(R.string.hint_move, colour + 1, symbolNames[colour % symbolNames.size])
            val undos = hint.hint.undosToRecover?.toInt()
            when (hint.hint.par) {
                Reach.YES -> move
                Reach.UNKNOWN -> stringResource(R.string.hint_par_unsure, move)
                Reach.NO -> if (undos == null) stringResource(R.string.hint_par_out_of_reach, move) else pluralStringResource(R.plurals.hint_par_lost, undos, move, undos)
            }
        }
        is HintState.Unavailable -> finishedHint(status, hint.hint)
    }
    Text(text, style = MaterialTheme.typography.bodyLarge, modifier = Modifier.padding(horizontal = 16.dp).semantics { liveRegion = LiveRegionMode.Polite })
}

/**
 * The hint for a finished game, which has no move to suggest: how many undos bring par back in
 * reach, where the core proved a number (its `undosToRecover`).
 */
@Composable
private fun finishedHint(status: GameStatus, hint: Hint): String {
    val undos = hint.undosToRecover?.toInt()
    return when {
        status is GameStatus.Won && hint.par == Reach.YES -> stringResource(R.string.hint_solved_in_par)
        status is GameStatus.Won && undos != null -> pluralStringResource(R.plurals.hint_solved_over_par, undos, undos)
        status is GameStatus.Won -> stringResource(R.string.hint_solved_over_par_restart)
        undos == null -> stringResource(R.string.hint_failed_restart)
        else -> pluralStringResource(R.plurals.hint_failed, undos, undos)
    }
}

/** The colours to paint with, one choosable at a time. */
@Composable
private fun Palette(snapshot: GameSnapshot, selected: UInt, symbols: Boolean, symbolNames: Array<String>, onSelect: (UInt) -> Unit) {
    Row(Modifier.selectableGroup().padding(8.dp), horizontalArrangement = Arrangement.spacedBy(12.dp)) {
        snapshot.palette.forEachIndexed { index, rgb ->
            val colour = rgb.toColor()
            val isSelected = selected == index.toUInt()
            val name = stringResource(R.string.colour_name, index + 1, symbolNames[index % symbolNames.size])
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

/** The win or fail dialog; dismissed, it stays away until the game changes. */
@Composable
private fun ResultDialog(snapshot: GameSnapshot, onLevels: () -> Unit, onUndo: () -> Unit, onRestart: () -> Unit) {
    var dismissedAt by rememberSaveable { mutableLongStateOf(-1L) }
    val status = snapshot.status
    if (status == GameStatus.Playing || dismissedAt == snapshot.revision.toLong()) return
    val moves = snapshot.movesUsed.toInt()
    val par = snapshot.par.toInt()
    val (title, text) = when {
        status is GameStatus.Won && status.grade == Grade.PERFECT -> R.string.won_perfect to stringResource(R.string.won_perfect_text, moves, par)
        status is GameStatus.Won -> R.string.won_ok to stringResource(R.string.won_ok_text, moves, par)
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
