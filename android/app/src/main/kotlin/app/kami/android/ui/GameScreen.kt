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
import app.kami.core.Grade
import app.kami.play.GameStateHolder
import app.kami.play.HintState
import app.kami.play.Settings

/** One level being played: counters, the board, the palette, the controls and the result. */
@Composable
fun GameScreen(holder: GameStateHolder, settings: Settings, onLeave: () -> Unit) {
    val state by holder.state.collectAsStateWithLifecycle()
    val snapshot = state.snapshot
    val haptic = LocalHapticFeedback.current
    val snackbar = remember { SnackbarHostState() }
    val symbolNames = stringArrayResource(R.array.colour_symbols)

    LaunchedEffect(state.ripple) {
        if (settings.haptics && state.ripple != null) haptic.performHapticFeedback(HapticFeedbackType.TextHandleMove)
    }
    LaunchedEffect(snapshot.status) {
        if (settings.haptics && snapshot.status is GameStatus.Won) haptic.performHapticFeedback(HapticFeedbackType.LongPress)
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
                layoutFor = { holder.layout(it.width.toDouble(), it.height.toDouble()) },
                symbols = settings.colourBlindSymbols,
                description = stringResource(R.string.board_description, snapshot.regionCount.toInt(), snapshot.coloursLeft.toInt()),
                hintActionLabel = stringResource(R.string.play_hint),
                onPlayHint = { move, centre, size ->
                    holder.selectColour(move.colour)
                    holder.tapAt(centre.x.toDouble(), centre.y.toDouble(), size.width.toDouble(), size.height.toDouble())
                },
                onTap = { at, size -> holder.tapAt(at.x.toDouble(), at.y.toDouble(), size.width.toDouble(), size.height.toDouble()) },
                modifier = Modifier.weight(1f).fillMaxWidth().padding(8.dp),
            )
            HintText(state.hint, symbolNames)
            Palette(snapshot, state.selectedColour, settings.colourBlindSymbols, symbolNames, holder::selectColour)
            Row(Modifier.padding(8.dp), horizontalArrangement = Arrangement.spacedBy(4.dp)) {
                TextButton(onClick = holder::undo, enabled = snapshot.canUndo) { Text(stringResource(R.string.undo)) }
                TextButton(onClick = holder::redo, enabled = snapshot.canRedo) { Text(stringResource(R.string.redo)) }
                TextButton(onClick = holder::restart, enabled = snapshot.canUndo) { Text(stringResource(R.string.restart)) }
                when (state.hint) {
                    HintState.Idle -> TextButton(onClick = holder::requestHint) { Text(stringResource(R.string.hint)) }
                    else -> TextButton(onClick = holder::cancelHint) { Text(stringResource(R.string.hide_hint)) }
                }
            }
        }
    }
    ResultDialog(snapshot, onLevels = onLeave, onUndo = holder::undo, onRestart = holder::restart)
}

/** What the hint says, in words (the board outlines the region). */
@Composable
private fun HintText(hint: HintState, symbolNames: Array<String>) {
    val text = when (hint) {
        HintState.Idle -> return
        is HintState.Thinking -> stringResource(R.string.hint_thinking)
        is HintState.Shown -> {
            val colour = hint.move.colour.toInt()
            val move = stringResource(R.string.hint_move, colour + 1, symbolNames[colour % symbolNames.size])
            if (hint.hint.parReachable) move else stringResource(R.string.hint_par_lost, move, hint.hint.undosToRecover.toInt())
        }
        is HintState.Unavailable -> stringResource(R.string.hint_over, hint.hint.undosToRecover.toInt())
    }
    Text(text, style = MaterialTheme.typography.bodyLarge, modifier = Modifier.padding(horizontal = 16.dp).semantics { liveRegion = LiveRegionMode.Polite })
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
