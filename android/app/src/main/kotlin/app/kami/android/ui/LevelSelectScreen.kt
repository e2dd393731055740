package app.kami.android.ui

import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.Arrangement
import androidx.compose.foundation.layout.PaddingValues
import androidx.compose.foundation.layout.Row
import androidx.compose.foundation.layout.fillMaxWidth
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.layout.size
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.material.icons.Icons
import androidx.compose.material.icons.filled.Lock
import androidx.compose.material.icons.filled.PlayArrow
import androidx.compose.material.icons.filled.Refresh
import androidx.compose.material.icons.filled.Settings
import androidx.compose.material.icons.filled.Star
import androidx.compose.material3.Button
import androidx.compose.material3.CircularProgressIndicator
import androidx.compose.material3.ExperimentalMaterial3Api
import androidx.compose.material3.Icon
import androidx.compose.material3.IconButton
import androidx.compose.material3.ListItem
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.OutlinedButton
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Text
import androidx.compose.material3.TopAppBar
import androidx.compose.runtime.Composable
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.res.pluralStringResource
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.semantics.contentDescription
import androidx.compose.ui.semantics.heading
import androidx.compose.ui.semantics.semantics
import androidx.compose.ui.unit.dp
import app.kami.android.R
import app.kami.core.Grade
import app.kami.core.LevelProgress
import app.kami.core.PackProgress
import app.kami.play.ContinueOffer

/**
 * The game left to continue or play again ([continueOffer], null if there is none), today's puzzle, and
 * the packs with the player's progress; a locked pack's levels cannot be opened. Opening the
 * level or the day of the game left also continues it.
 */
@OptIn(ExperimentalMaterial3Api::class)
@Composable
fun LevelSelectScreen(
    packs: List<PackProgress>,
    continueOffer: ContinueOffer?,
    dailyLoading: Boolean,
    onContinue: () -> Unit,
    onOpenLevel: (String) -> Unit,
    onOpenDaily: () -> Unit,
    onOpenSettings: () -> Unit,
    onOpenPuzzles: () -> Unit,
) {
    Scaffold(
        topBar = {
            TopAppBar(
                title = { Text(stringResource(R.string.app_name)) },
                actions = {
                    IconButton(onClick = onOpenSettings) {
                        Icon(Icons.Filled.Settings, contentDescription = stringResource(R.string.settings))
                    }
                },
            )
        },
    ) { padding ->
        LazyColumn(contentPadding = padding) {
            if (continueOffer != null) {
                item {
                    Button(
                        onClick = onContinue,
                        modifier = Modifier.fillMaxWidth().padding(start = 16.dp, end = 16.dp, top = 16.dp),
                    ) {
                        Icon(if (continueOffer.playAgain) Icons.Filled.Refresh else Icons.Filled.PlayArrow, contentDescription = null)
                        val label = if (continueOffer.playAgain) R.string.play_game_again else R.string.continue_game
                        Text(stringResource(label, continueOffer.name), Modifier.padding(start = 8.dp))
                    }
                }
            }
            item {
                val making = stringResource(R.string.daily_loading)
                Button(
                    onClick = onOpenDaily,
                    enabled = !dailyLoading,
                    modifier = Modifier.fillMaxWidth().padding(16.dp),
                ) {
                    if (dailyLoading) {
                        CircularProgressIndicator(
                            Modifier.size(18.dp).semantics { contentDescription = making },
                            strokeWidth = 2.dp,
                        )
                    } else {
                        Text(stringResource(R.string.daily_puzzle))
                    }
                }
            }
            item {
                OutlinedButton(onClick = onOpenPuzzles, modifier = Modifier.fillMaxWidth().padding(start = 16.dp, end = 16.dp, bottom = 16.dp)) {
                    Text(stringResource(R.string.your_puzzles))
                }
            }
            for (pack in packs) {
                item(key = pack.id) { PackHeader(pack) }
                items(pack.levels, key = { it.level.id }) { level ->
                    LevelRow(level, unlocked = pack.unlocked, onOpen = { onOpenLevel(level.level.id) })
                }
            }
        }
    }
}

@Composable
private fun PackHeader(pack: PackProgress) {
    Row(
        Modifier.fillMaxWidth().padding(PaddingValues(start = 16.dp, end = 16.dp, top = 24.dp, bottom = 8.dp)),
        horizontalArrangement = Arrangement.spacedBy(8.dp),
        verticalAlignment = Alignment.CenterVertically,
    ) {
        if (!pack.unlocked) Icon(Icons.Filled.Lock, contentDescription = stringResource(R.string.locked))
        Text(
            text = pack.name,
            style = MaterialTheme.typography.titleLarge,
            modifier = Modifier.weight(1f).semantics { heading() },
        )
        Text(
            text = stringResource(R.string.pack_progress, pack.won.toInt(), pack.levels.size, pack.perfect.toInt()),
            style = MaterialTheme.typography.bodyMedium,
        )
    }
}

@Composable
private fun LevelRow(level: LevelProgress, unlocked: Boolean, onOpen: () -> Unit) {
    val best = level.best
    val result = when {
        best == null -> stringResource(R.string.not_won)
        best.grade == Grade.PERFECT -> pluralStringResource(R.plurals.best_perfect, best.moves.toInt(), best.moves.toInt())
        else -> pluralStringResource(R.plurals.best_ok, best.moves.toInt(), best.moves.toInt())
    }
    ListItem(
        headlineContent = { Text(level.level.name) },
        supportingContent = { Text(stringResource(R.string.par_and_result, level.level.par.toInt(), result)) },
        trailingContent = {
            when {
                !unlocked -> Icon(Icons.Filled.Lock, contentDescription = stringResource(R.string.locked))
                best?.grade == Grade.PERFECT -> Icon(Icons.Filled.Star, contentDescription = null)
            }
        },
        modifier = Modifier.clickable(enabled = unlocked, onClickLabel = stringResource(R.string.play), onClick = onOpen),
    )
}
