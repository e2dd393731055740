package app.kami.play

import app.kami.core.KamiException
import java.io.IOException

/** A save that could not be used or kept. The app carries on: what the save held starts fresh. */
sealed interface SaveProblem {
    /** The save's name in the [SaveStore]. */
    val name: String

    /**
     * The core refused the saved bytes ([cause] says why: damaged, cut short, from a newer
     * version, …). The file was moved to `<name>.rejected`, so new saves do not overwrite it.
     */
    data class Rejected(override val name: String, val cause: KamiException) : SaveProblem

    /** Reading or writing the file failed. */
    data class Failed(override val name: String, val cause: IOException) : SaveProblem
}
