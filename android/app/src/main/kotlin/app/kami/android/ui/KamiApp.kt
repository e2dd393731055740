package app.kami.android.ui

import androidx.activity.compose.BackHandler
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.LaunchedEffect
import androidx.compose.runtime.getValue
import androidx.compose.runtime.key
import androidx.compose.runtime.remember
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.LocalContext
import androidx.compose.ui.res.stringResource
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import androidx.lifecycle.viewmodel.compose.viewModel
import app.kami.android.KamiViewModel
import app.kami.android.R
import app.kami.play.SaveProblem

/**
 * The whole app: level select, or the game on screen, or settings, or the puzzle editor, or the
 * player's puzzles, with "Open a code" over any of them (a tapped `kami://` link opens it too). Which
 * one shows follows from the session (the ViewModel brings the game screen back after process
 * death) and saveable flags for settings and the puzzles (a game opened there returns there). Leaving a game keeps it: level select offers to continue it.
 */
@Composable
fun KamiApp(viewModel: KamiViewModel = viewModel()) {
    val session = viewModel.session
    val playing by session.playing.collectAsStateWithLifecycle()
    val current by session.current.collectAsStateWithLifecycle()
    val packs by session.packs.collectAsStateWithLifecycle()
    val settings by session.settings.collectAsStateWithLifecycle()
    val problems by session.problems.collectAsStateWithLifecycle()
    val dailyLoading by viewModel.dailyLoading.collectAsStateWithLifecycle()
    val failure by viewModel.failure.collectAsStateWithLifecycle()
    var showSettings by rememberSaveable { mutableStateOf(false) }
    var showPuzzles by rememberSaveable { mutableStateOf(false) }
    val puzzles by session.puzzles.collectAsStateWithLifecycle()
    val importState by viewModel.importState.collectAsStateWithLifecycle()
    val editor by viewModel.editor.collectAsStateWithLifecycle()
    val opening by viewModel.opening.collectAsStateWithLifecycle()
    val sharing by viewModel.sharing.collectAsStateWithLifecycle()
    val saved by viewModel.saved.collectAsStateWithLifecycle()
    val context = LocalContext.current
    LaunchedEffect(sharing) {
        sharing?.let {
            context.startActivity(shareIntent(context, it))
            viewModel.shared()
        }
    }

    KamiTheme {
        Surface(Modifier.fillMaxSize()) {
            val game = playing
            val drawing = editor
            when {
                showSettings -> {
                    BackHandler { showSettings = false }
                    SettingsScreen(settings, onChange = viewModel::updateSettings, onBack = { showSettings = false })
                }
                game != null -> {
                    BackHandler(onBack = viewModel::leave)
                    // One composition per game: nothing remembered for one game (board layout,
                    // tap handler, dismissed result) carries over to another.
                    key(game) {
                        GameScreen(game, settings, onIntent = { viewModel.play(game, it) }, onLeave = viewModel::leave)
                    }
                }
                drawing != null -> {
                    BackHandler(onBack = viewModel::closeEditor)
                    key(drawing) {
                        val state by drawing.state.collectAsStateWithLifecycle()
                        EditorScreen(
                            state = state,
                            layoutFor = { drawing.layout(it.width.toDouble(), it.height.toDouble()) },
                            onIntent = { viewModel.edit(drawing, it) },
                            onPlay = { viewModel.playDrawing(drawing, it) },
                            onSave = { viewModel.saveDrawing(drawing, it) },
                            onShare = { viewModel.shareDrawing(drawing, it) },
                            onBack = viewModel::closeEditor,
                        )
                    }
                }
                showPuzzles -> {
                    BackHandler { showPuzzles = false }
                    PuzzlesScreen(
                        puzzles = puzzles,
                        importState = importState,
                        thumbnail = { id -> runCatching { session.thumbnail(id, THUMB_WIDTH.toDouble(), THUMB_HEIGHT.toDouble()) }.getOrNull() },
                        onImport = viewModel::importScreenshot,
                        onPar = viewModel::finishImport,
                        onDismissImport = viewModel::dismissImport,
                        onOpen = viewModel::openPuzzle,
                        onRename = viewModel::renamePuzzle,
                        onDuplicate = viewModel::duplicatePuzzle,
                        onDelete = viewModel::deletePuzzle,
                        onMake = viewModel::newDrawing,
                        onOpenCode = viewModel::askForCode,
                        onEdit = viewModel::editPuzzle,
                        onShare = viewModel::sharePuzzle,
                        onBack = { showPuzzles = false },
                    )
                }
                else -> LevelSelectScreen(
                    packs = packs,
                    // Read when level select shows (playing or current changed): no game changes
                    // while it is on screen.
                    continueOffer = remember(current, playing) { session.continueOffer() },
                    dailyLoading = dailyLoading,
                    onContinue = viewModel::resume,
                    onOpenLevel = viewModel::openLevel,
                    onOpenDaily = viewModel::openDaily,
                    onOpenSettings = { showSettings = true },
                    onOpenPuzzles = { showPuzzles = true },
                )
            }
            if (opening != KamiViewModel.OpeningState.Idle) {
                OpenCodeDialog(
                    opening,
                    onOpen = viewModel::openCode,
                    onPlay = viewModel::playOpened,
                    onKeep = viewModel::keepOpened,
                    onDismiss = viewModel::dismissOpening,
                )
            }
            if (saved) MessageDialog(stringResource(R.string.drawing_saved), onDismiss = viewModel::dismissSaved)
            if (problems.isNotEmpty()) {
                val messages = problems.map { describe(it) }
                MessageDialog(messages.joinToString("\n\n"), onDismiss = session::dismissProblems)
            }
            failure?.let {
                val format = when (it.kind) {
                    KamiViewModel.OpenFailure.Kind.LEVEL -> R.string.level_failed
                    KamiViewModel.OpenFailure.Kind.DAILY -> R.string.daily_failed
                    KamiViewModel.OpenFailure.Kind.PUZZLES -> R.string.puzzles_failed
                }
                val text = stringResource(format, it.message)
                MessageDialog(text, onDismiss = viewModel::dismissFailure)
            }
        }
    }
}

/** A save problem in the player's words. */
@Composable
private fun describe(problem: SaveProblem): String {
    val what = stringResource(
        when (problem.name) {
            "game" -> R.string.save_game
            "progress" -> R.string.save_progress
            "puzzles" -> R.string.save_puzzles
            else -> R.string.save_settings
        },
    )
    return when (problem) {
        is SaveProblem.Rejected -> stringResource(R.string.save_rejected, what, problem.cause.toString())
        is SaveProblem.Failed -> stringResource(R.string.save_failed, what, problem.cause.localizedMessage ?: problem.cause.toString())
    }
}

@Composable
private fun MessageDialog(text: String, onDismiss: () -> Unit) = AlertDialog(
    onDismissRequest = onDismiss,
    confirmButton = { TextButton(onClick = onDismiss) { Text(stringResource(R.string.ok)) } },
    text = { Text(text) },
)
