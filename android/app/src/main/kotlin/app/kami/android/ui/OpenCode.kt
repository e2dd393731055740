package app.kami.android.ui

import android.content.ClipData
import android.content.Context
import android.content.Intent
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.CircularProgressIndicator
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.setValue
import androidx.compose.ui.Alignment
import androidx.compose.ui.platform.LocalClipboardManager
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.unit.dp
import androidx.core.content.FileProvider
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import app.kami.android.KamiViewModel.OpeningState
import app.kami.android.KamiViewModel.ShareRequest
import app.kami.android.R
import app.kami.play.CodeProblem
import app.kami.play.OpenedPuzzle
import app.kami.play.ParConfirmation

/**
 * "Open a code": a field to type or paste a share code or link into ([onOpen] hands it to the
 * core), and the puzzle it opened, with its claimed par and what the solver here made of it, to
 * play or keep. A tapped `kami://` link lands here already opened. Reading and checking are the
 * Kotlin module's ([app.kami.play.PlaySession.openCode], [OpenedPuzzle.checkPar], tested there).
 */
@Composable
fun OpenCodeDialog(
    state: OpeningState,
    onOpen: (String) -> Unit,
    onPlay: (OpenedPuzzle) -> Unit,
    onKeep: (OpenedPuzzle, String) -> Unit,
    onDismiss: () -> Unit,
) {
    if (state is OpeningState.Opened) return OpenedDialog(state.puzzle, onPlay, onKeep, onDismiss)
    var text by rememberSaveable { mutableStateOf("") }
    @Suppress("DEPRECATION") // LocalClipboard's suspend API is newer than this app's Compose floor needs.
    val clipboard = LocalClipboardManager.current
    AlertDialog(
        onDismissRequest = onDismiss,
        title = { Text(stringResource(R.string.open_code)) },
        text = {
            Column(verticalArrangement = Arrangement.spacedBy(8.dp)) {
                OutlinedTextField(
                    text,
                    { text = it },
                    label = { Text(stringResource(R.string.code_or_link)) },
                    supportingText = { Text(stringResource(R.string.open_code_explained)) },
                )
                TextButton(onClick = { clipboard.getText()?.text?.let { text = it } }) { Text(stringResource(R.string.paste)) }
                if (state is OpeningState.Failed) Text(codeProblem(state.problem))
            }
        },
        confirmButton = { TextButton(onClick = { onOpen(text) }, enabled = text.isNotBlank()) { Text(stringResource(R.string.open)) } },
        dismissButton = { TextButton(onClick = onDismiss) { Text(stringResource(R.string.cancel)) } },
    )
}

/** The opened puzzle: its name, claimed par and the par check in words; play or keep. */
@Composable
private fun OpenedDialog(puzzle: OpenedPuzzle, onPlay: (OpenedPuzzle) -> Unit, onKeep: (OpenedPuzzle, String) -> Unit, onDismiss: () -> Unit) {
    val confirmation by puzzle.confirmation.collectAsStateWithLifecycle()
    val name = puzzle.name ?: stringResource(R.string.shared_puzzle)
    AlertDialog(
        onDismissRequest = onDismiss,
        title = { Text(name) },
        text = {
            Column(verticalArrangement = Arrangement.spacedBy(8.dp)) {
                Text(stringResource(R.string.claimed_par, puzzle.claimedPar.toInt()))
                Row(verticalAlignment = Alignment.CenterVertically, horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                    if (confirmation == ParConfirmation.Checking) CircularProgressIndicator(strokeWidth = 2.dp)
                    Text(confirmationText(confirmation, puzzle.claimedPar))
                }
            }
        },
        confirmButton = { TextButton(onClick = { onPlay(puzzle) }) { Text(stringResource(R.string.play)) } },
        dismissButton = { TextButton(onClick = { onKeep(puzzle, name) }) { Text(stringResource(R.string.keep_puzzle)) } },
    )
}

@Composable
private fun confirmationText(confirmation: ParConfirmation, claimed: UInt): String = when (confirmation) {
    ParConfirmation.Checking -> stringResource(R.string.par_checking)
    ParConfirmation.Confirmed -> stringResource(R.string.par_confirmed)
    is ParConfirmation.Differs -> stringResource(R.string.par_differs, confirmation.fewest.toInt(), claimed.toInt())
    ParConfirmation.Unconfirmed -> stringResource(R.string.par_unconfirmed)
}

/** Why a code could not be opened, in the player's words. */
@Composable
private fun codeProblem(problem: CodeProblem): String = when (problem) {
    CodeProblem.NotACode -> stringResource(R.string.code_not_a_code)
    CodeProblem.Mistyped -> stringResource(R.string.code_mistyped)
    is CodeProblem.Truncated -> stringResource(R.string.code_truncated, problem.missing.toInt())
    CodeProblem.NewerVersion -> stringResource(R.string.code_newer)
    is CodeProblem.Other -> problem.message
}

/**
 * The system share sheet for [request]: the code and link as text, and the QR image as a
 * `content://` URI from the app's FileProvider (the manifest's `${applicationId}.share`), readable
 * by the app the player shares to.
 */
fun shareIntent(context: Context, request: ShareRequest): Intent {
    val qr = FileProvider.getUriForFile(context, "${context.packageName}.share", request.qr)
    val send = Intent(Intent.ACTION_SEND).apply {
        type = "image/png"
        putExtra(Intent.EXTRA_TEXT, context.getString(R.string.share_text, request.name, request.items.link, request.items.code))
        putExtra(Intent.EXTRA_STREAM, qr)
        // The preview in the share sheet and the receiving app read the image through this grant.
        clipData = ClipData.newRawUri(null, qr)
        addFlags(Intent.FLAG_GRANT_READ_URI_PERMISSION)
    }
    return Intent.createChooser(send, context.getString(R.string.share_title))
}
