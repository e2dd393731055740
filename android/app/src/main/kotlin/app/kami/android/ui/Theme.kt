package app.kami.android.ui

import android.os.Build
import androidx.compose.foundation.isSystemInDarkTheme
import androidx.compose.material3.MaterialTheme
import androidx.compose.material3.darkColorScheme
import androidx.compose.material3.dynamicDarkColorScheme
import androidx.compose.material3.dynamicLightColorScheme
import androidx.compose.material3.lightColorScheme
import androidx.compose.runtime.Composable
import androidx.compose.ui.platform.LocalContext

/**
 * Material 3 colours that follow the system: the wallpaper's dynamic colours on Android 12 and
 * later, the default light or dark scheme before. Text uses the theme's sp-sized typography, so
 * it grows with the system font size. The board's tiles keep the level's own colours.
 */
@Composable
fun KamiTheme(content: @Composable () -> Unit) {
    val dark = isSystemInDarkTheme()
    val colours = when {
        Build.VERSION.SDK_INT >= Build.VERSION_CODES.S -> {
            val context = LocalContext.current
            if (dark) dynamicDarkColorScheme(context) else dynamicLightColorScheme(context)
        }
        dark -> darkColorScheme()
        else -> lightColorScheme()
    }
    MaterialTheme(colorScheme = colours, content = content)
}
