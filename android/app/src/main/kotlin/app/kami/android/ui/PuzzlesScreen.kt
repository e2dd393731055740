package app.kami.android.ui

import androidx.activity.compose.rememberLauncherForActivityResult
import androidx.activity.result.PickVisualMediaRequest
import androidx.activity.result.contract.ActivityResultContracts
import androidx.compose.foundation.Canvas
import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.foundation.text.KeyboardOptions
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.Button
import androidx.compose.material3.CircularProgressIndicator
import androidx.compose.material3.ListItem
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.OutlinedTextField
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.graphics.Path
import androidx.compose.ui.res.pluralStringResource
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.text.input.KeyboardType
import androidx.compose.ui.unit.dp
import app.kami.android.KamiViewModel.ImportState
import app.kami.android.R
import app.kami.core.Grade
import app.kami.core.PuzzleEntry
import app.kami.core.Thumbnail
import app.kami.play.ImportProblem
import app.kami.play.PendingImport
import java.text.DateFormat
import java.util.Date

/**
 * The player's puzzles: "Make a puzzle" (the editor), "Open a code", "Import screenshot" (the
 * system photo picker, images only) and the puzzles made, opened and imported so far with
 * thumbnail, par and best result; tap to play, and rename, duplicate, delete, edit or share from
 * a puzzle's dialog. Reading, keeping and saving are the Kotlin module's
 * ([app.kami.play.PlaySession.importScreenshot] and friends, tested there); this screen asks and
 * words.
 */
@Composable
fun PuzzlesScreen(
    puzzles: List<PuzzleEntry>,
    importState: ImportState,
    thumbnail: (String) -> Thumbnail?,
    onImport: (android.net.Uri, String) -> Unit,
    onPar: (PendingImport, UInt?) -> Unit,
    onDismissImport: () -> Unit,
    onOpen: (String) -> Unit,
    onRename: (String, String) -> Unit,
    onDuplicate: (String, String) -> Unit,
    onDelete: (String) -> Unit,
    onMake: () -> Unit,
    onOpenCode: () -> Unit,
    onEdit: (String) -> Unit,
    onShare: (String, String) -> Unit,
    onBack: () -> Unit,
) {
    val defaultName = stringResource(R.string.screenshot_name, DateFormat.getDateTimeInstance(DateFormat.MEDIUM, DateFormat.SHORT).format(Date()))
    val picker = rememberLauncherForActivityResult(ActivityResultContracts.PickVisualMedia()) { uri ->
        if (uri != null) onImport(uri, defaultName)
    }
    var managing by remember { mutableStateOf<PuzzleEntry?>(null) }
    Scaffold(topBar = { BackTopBar(stringResource(R.string.your_puzzles), stringResource(R.string.back), onBack) }) { padding ->
        LazyColumn(contentPadding = padding) {
            item {
                Row(Modifier.fillMaxWidth().padding(horizontal = 16.dp), horizontalArrangement = Arrangement.spacedBy(8.dp)) {
                    Button(onClick = onMake, modifier = Modifier.weight(1f)) { Text(stringResource(R.string.make_puzzle)) }
                    OutlinedButton(onClick = onOpenCode, modifier = Modifier.weight(1f)) { Text(stringResource(R.string.open_code)) }
                }
            }
            item {
                val reading = stringResource(R.string.import_reading)
                Button(
                    onClick = { picker.launch(PickVisualMediaRequest(ActivityResultContracts.PickVisualMedia.ImageOnly)) },
                    enabled = importState != ImportState.Reading,
                    modifier = Modifier.fillMaxWidth().padding(16.dp),
                ) {
                    if (importState == ImportState.Reading) {
                        CircularProgressIndicator(Modifier.size(18.dp).semantics { contentDescription = reading }, strokeWidth = 2.dp)
                    } else {
                        Text(stringResource(R.string.import_screenshot))
                    }
                }
                Text(stringResource(R.string.import_explained), Modifier.padding(horizontal = 16.dp))
            }
            items(puzzles.asReversed(), key = { it.id }) { entry ->
                PuzzleRow(entry, thumbnail(entry.id), onOpen = { onOpen(entry.id) }, onManage = { managing = entry })
            }
        }
    }
    managing?.let { entry ->
        ManageDialog(
            entry,
            onRename = onRename,
            onDuplicate = onDuplicate,
            onDelete = onDelete,
            onEdit = onEdit,
            onShare = { onShare(entry.id, entry.name) },
            onDismiss = { managing = null },
        )
    }
    when (importState) {
        is ImportState.NeedsPar -> ParDialog(onPar = { onPar(importState.pending, it) }, onDismiss = onDismissImport)
        is ImportState.Failed -> AlertDialog(
            onDismissRequest = onDismissImport,
            title = { Text(stringResource(R.string.import_failed)) },
            text = { Text(importProblem(importState.problem)) },
            confirmButton = { TextButton(onClick = onDismissImport) { Text(stringResource(R.string.ok)) } },
        )
        else -> {}
    }
}

/** Why a screenshot could not be imported, in the player's words. */
@Composable
private fun importProblem(problem: ImportProblem): String = when (problem) {
    ImportProblem.Unreadable -> stringResource(R.string.import_unreadable)
    ImportProblem.TooSmall -> stringResource(R.string.import_too_small)
    ImportProblem.TooLarge -> stringResource(R.string.import_too_large)
    ImportProblem.NotABoard -> stringResource(R.string.import_not_a_board)
    ImportProblem.ColoursAlike -> stringResource(R.string.import_colours_alike)
    is ImportProblem.InvalidPar -> stringResource(R.string.import_invalid_par, problem.max.toInt())
    is ImportProblem.CollectionFull -> pluralStringResource(R.plurals.import_collection_full, problem.max.toInt(), problem.max.toInt())
    is ImportProblem.Other -> problem.message
}

/** One puzzle: its thumbnail, name, par (proven or not) and best result. A long list stays cheap: the thumbnail is asked once. */
@Composable
private fun PuzzleRow(entry: PuzzleEntry, thumbnail: Thumbnail?, onOpen: () -> Unit, onManage: () -> Unit) {
    val result = entry.best?.let {
        val moves = it.moves.toInt()
        pluralStringResource(if (it.grade == Grade.PERFECT) R.plurals.best_perfect else R.plurals.best_ok, moves, moves)
    } ?: stringResource(R.string.not_won)
    ListItem(
        headlineContent = { Text(entry.name) },
        supportingContent = {
            val line = stringResource(R.string.par_and_result, entry.par.toInt(), result)
            Text(if (entry.parProven) stringResource(R.string.with_par_proven, line) else line)
        },
        leadingContent = { Thumb(thumbnail) },
        trailingContent = { TextButton(onClick = onManage) { Text(stringResource(R.string.puzzle_more)) } },
        modifier = Modifier.clickable(onClick = onOpen),
    )
}

/** The core's thumbnail: each tile filled in its colour. */
@Composable
private fun Thumb(thumbnail: Thumbnail?) {
    Canvas(Modifier.size(THUMB_WIDTH.dp, THUMB_HEIGHT.dp)) {
        val scale = size.width / THUMB_WIDTH
        thumbnail?.tiles?.forEach { tile ->
            val path = Path()
            tile.vertices.forEachIndexed { i, p ->
                val x = (p.x * scale).toFloat()
                val y = (p.y * scale).toFloat()
                if (i == 0) path.moveTo(x, y) else path.lineTo(x, y)
            }
            path.close()
            drawPath(path, tile.colour.toColor())
        }
    }
}

/** The size thumbnails are asked for, in dp. */
const val THUMB_WIDTH = 44f
const val THUMB_HEIGHT = 72f

/** Rename, duplicate, delete, edit or share one puzzle. */
@Composable
private fun ManageDialog(
    entry: PuzzleEntry,
    onRename: (String, String) -> Unit,
    onDuplicate: (String, String) -> Unit,
    onDelete: (String) -> Unit,
    onEdit: (String) -> Unit,
    onShare: () -> Unit,
    onDismiss: () -> Unit,
) {
    var name by rememberSaveable(entry.id) { mutableStateOf(entry.name) }
    val copyName = stringResource(R.string.puzzle_copy_name, entry.name)
    AlertDialog(
        onDismissRequest = onDismiss,
        title = { Text(stringResource(R.string.puzzle_manage)) },
        text = {
            Column {
                OutlinedTextField(name, { name = it }, label = { Text(stringResource(R.string.puzzle_name)) }, singleLine = true)
                Row {
                    TextButton(onClick = {
                        onEdit(entry.id)
                        onDismiss()
                    }) { Text(stringResource(R.string.puzzle_edit)) }
                    TextButton(onClick = {
                        onShare()
                        onDismiss()
                    }) { Text(stringResource(R.string.puzzle_share)) }
                }
            }
        },
        confirmButton = {
            TextButton(onClick = {
                onRename(entry.id, name)
                onDismiss()
            }) { Text(stringResource(R.string.puzzle_rename)) }
        },
        dismissButton = {
            Row {
                TextButton(onClick = {
                    onDuplicate(entry.id, copyName)
                    onDismiss()
                }) { Text(stringResource(R.string.puzzle_duplicate)) }
                TextButton(onClick = {
                    onDelete(entry.id)
                    onDismiss()
                }) { Text(stringResource(R.string.puzzle_delete)) }
            }
        },
    )
}

/** Asks for the par of a screenshot whose move counter could not be read. */
@Composable
private fun ParDialog(onPar: (UInt?) -> Unit, onDismiss: () -> Unit) {
    var text by rememberSaveable { mutableStateOf("") }
    AlertDialog(
        onDismissRequest = onDismiss,
        title = { Text(stringResource(R.string.import_par_title)) },
        text = {
            OutlinedTextField(
                text,
                { text = it },
                label = { Text(stringResource(R.string.import_par_label)) },
                supportingText = { Text(stringResource(R.string.import_par_explained)) },
                keyboardOptions = KeyboardOptions(keyboardType = KeyboardType.Number),
                singleLine = true,
            )
        },
        confirmButton = { TextButton(onClick = { onPar(text.trim().toUIntOrNull()) }) { Text(stringResource(R.string.play)) } },
        dismissButton = { TextButton(onClick = onDismiss) { Text(stringResource(R.string.cancel)) } },
    )
}
