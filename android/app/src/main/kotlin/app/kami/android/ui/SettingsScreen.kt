package app.kami.android.ui

import androidx.annotation.StringRes
import androidx.compose.foundation.layout.Column
import androidx.compose.foundation.layout.padding
import androidx.compose.foundation.selection.toggleable
import androidx.compose.material3.ListItem
import androidx.compose.material3.Scaffold
import androidx.compose.material3.Switch
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.res.stringResource
import androidx.compose.ui.semantics.Role
import app.kami.android.R
import app.kami.play.Settings

/** The player's settings, each a switch; a change is saved at once. */
@Composable
fun SettingsScreen(settings: Settings, onChange: (Settings) -> Unit, onBack: () -> Unit) {
    Scaffold(
        topBar = { BackTopBar(stringResource(R.string.settings), stringResource(R.string.back), onBack) },
    ) { padding ->
        Column(Modifier.padding(padding)) {
            SettingSwitch(R.string.colour_blind_symbols, R.string.colour_blind_symbols_detail, settings.colourBlindSymbols) {
                onChange(settings.copy(colourBlindSymbols = it))
            }
            SettingSwitch(R.string.haptics, R.string.haptics_detail, settings.haptics) {
                onChange(settings.copy(haptics = it))
            }
        }
    }
}

/** One setting: the whole row toggles it, so TalkBack reads it as one switch. */
@Composable
private fun SettingSwitch(@StringRes title: Int, @StringRes detail: Int, checked: Boolean, onCheckedChange: (Boolean) -> Unit) {
    ListItem(
        headlineContent = { Text(stringResource(title)) },
        supportingContent = { Text(stringResource(detail)) },
        trailingContent = { Switch(checked = checked, onCheckedChange = null) },
        modifier = Modifier.toggleable(value = checked, role = Role.Switch, onValueChange = onCheckedChange),
    )
}
