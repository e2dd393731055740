package app.kami.android

import android.content.Intent
import android.os.Bundle
import androidx.activity.ComponentActivity
import androidx.activity.compose.setContent
import androidx.activity.enableEdgeToEdge
import androidx.activity.viewModels
import app.kami.android.ui.KamiApp

/** The app's one activity: everything on screen is Compose. A `kami://puzzle/` link it was opened with goes to the core to read. */
class MainActivity : ComponentActivity() {
    private val viewModel: KamiViewModel by viewModels()

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        enableEdgeToEdge()
        // Only a fresh launch carries a new link; a recreated activity has handled its intent already.
        if (savedInstanceState == null) openLink(intent)
        setContent { KamiApp(viewModel) }
    }

    override fun onNewIntent(intent: Intent) {
        super.onNewIntent(intent)
        openLink(intent)
    }

    private fun openLink(intent: Intent?) {
        if (intent?.action == Intent.ACTION_VIEW) intent.dataString?.let(viewModel::openCode)
    }
}
