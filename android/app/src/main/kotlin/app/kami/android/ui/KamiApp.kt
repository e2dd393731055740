package app.kami.android.ui

import androidx.activity.compose.BackHandler
import androidx.compose.foundation.layout.fillMaxSize
import androidx.compose.material3.AlertDialog
import androidx.compose.material3.Surface
import androidx.compose.material3.Text
import androidx.compose.material3.TextButton
import androidx.compose.runtime.Composable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.saveable.rememberSaveable
import androidx.compose.runtime.setValue
import androidx.compose.ui.Modifier
import androidx.compose.ui.res.stringResource
import androidx.lifecycle.compose.collectAsStateWithLifecycle
import androidx.lifecycle.viewmodel.compose.viewModel
import app.kami.android.KamiViewModel
import app.kami.android.R
import app.kami.play.SaveProblem

/**
 * The whole app: level select, or the game on screen, or settings. Which one shows follows from
 * the session (the ViewModel brings the game screen back after process death) and one saveable
 * flag for settings. Leaving a game keeps it: level select offers to continue it.
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
    val dailyError by viewModel.dailyError.collectAsStateWithLifecycle()
    var showSettings by rememberSaveable { mutableStateOf(false) }

    KamiTheme {
        Surface(Modifier.fillMaxSize()) {
            val game = playing
            when {
                showSettings -> {
                    BackHandler { showSettings = false }
                    SettingsScreen(settings, onChange = session::updateSettings, onBack = { showSettings = false })
                }
                game != null -> {
                    BackHandler(onBack = session::leave)
                    GameScreen(game, settings, onIntent = { viewModel.play(game, it) }, onLeave = session::leave)
                }
                else -> LevelSelectScreen(
                    packs = packs,
                    // The name never changes for a game, so reading it once per current game is enough.
                    continueName = current?.state?.value?.snapshot?.name,
                    dailyLoading = dailyLoading,
                    onContinue = { session.resume() },
                    onOpenLevel = { session.open(it) },
                    onOpenDaily = viewModel::openDaily,
                    onOpenSettings = { showSettings = true },
                )
            }
            if (problems.isNotEmpty()) {
                val messages = problems.map { describe(it) }
                MessageDialog(messages.joinToString("\n\n"), onDismiss = session::dismissProblems)
            }
            dailyError?.let { MessageDialog(stringResource(R.string.daily_failed, it), onDismiss = viewModel::dismissDailyError) }
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
