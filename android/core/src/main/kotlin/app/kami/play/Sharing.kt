package app.kami.play

import app.kami.core.KamiException
import app.kami.core.ParCheck
import app.kami.core.ShareCode
import app.kami.core.SharedPuzzle
import app.kami.core.shareQrPng
import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.StateFlow
import kotlinx.coroutines.flow.asStateFlow
import kotlinx.coroutines.withContext

/** What the share sheet offers for a puzzle: the code, its `kami://` link and the link as a QR image (a PNG), all made by the core. */
class ShareItems(
    /** The code: letters and digits only. */
    val code: String,
    /** The link that opens it in the app. */
    val link: String,
    /** The link as a QR code, a PNG. */
    val qrPng: ByteArray,
) {
    companion object {
        /** The items of [shareCode], its QR drawn [modulePixels] per module. */
        @Throws(KamiException::class)
        fun of(shareCode: ShareCode, modulePixels: UInt = 8u) = ShareItems(shareCode.code, shareCode.link, shareQrPng(shareCode.code, modulePixels))
    }
}

/**
 * Why a code or link could not be opened, for the app to word: the core's typed error sorted into
 * what a player can act on (the iOS app's `CodeProblem` makes the same choices).
 */
sealed interface CodeProblem {
    /** Not a share code or a `kami://puzzle/` link at all. */
    data object NotACode : CodeProblem

    /** A character mistyped or two swapped: the checksum does not match. */
    data object Mistyped : CodeProblem

    /** Cut short: [missing] characters lost. */
    data class Truncated(val missing: UInt) : CodeProblem

    /** Made by a newer Kami: update the app. */
    data object NewerVersion : CodeProblem

    /** Anything else, in the core's words. */
    data class Other(val message: String) : CodeProblem

    companion object {
        /** The problem [error] (thrown by [PlaySession.openCode]) stands for. */
        fun of(error: KamiException): CodeProblem = when (error) {
            is KamiException.NotAShareCode -> NotACode
            is KamiException.ShareCodeMismatch -> Mistyped
            is KamiException.ShareCodeTruncated -> Truncated(error.missing)
            is KamiException.UnknownShareCodeVersion -> NewerVersion
            else -> Other(error.toString())
        }
    }
}

/** What the solver made of an opened puzzle's claimed par. */
sealed interface ParConfirmation {
    /** Not asked yet, or still thinking. */
    data object Checking : ParConfirmation

    /** The claimed par is the fewest moves. */
    data object Confirmed : ParConfirmation

    /** The fewest moves are [fewest], not the claimed par. */
    data class Differs(val fewest: UInt) : ParConfirmation

    /** No proof in the time a phone allows: the par stays a claim. */
    data object Unconfirmed : ParConfirmation
}

/**
 * A puzzle opened from a code or a `kami://` link ([PlaySession.openCode]), before it is played or
 * kept: its name and claimed par, and the solver's check of that par ([checkPar]), which never
 * trusts the code.
 */
class OpenedPuzzle internal constructor(internal val shared: SharedPuzzle, private val background: CoroutineDispatcher) {
    /** The name the code carries, if any. */
    val name: String? = shared.name()

    /** The par the code claims. */
    val claimedPar: UInt = shared.par()

    /** Whether the sender's solver claimed to have proven it. */
    val claimedProven: Boolean = shared.parProvenClaimed()

    /** The code and its link (spaces and the link's start dropped). */
    val code: ShareCode = shared.code()

    private val mutableConfirmation = MutableStateFlow<ParConfirmation>(ParConfirmation.Checking)

    /** What the solver here made of the claimed par. */
    val confirmation: StateFlow<ParConfirmation> = mutableConfirmation.asStateFlow()

    /** Asks the solver on the background dispatcher whether the claimed par is the fewest moves (up to a couple of seconds). */
    suspend fun checkPar() {
        mutableConfirmation.value = when (val check = withContext(background) { shared.checkPar() }) {
            ParCheck.Proven -> ParConfirmation.Confirmed
            is ParCheck.Differs -> ParConfirmation.Differs(check.fewest)
            ParCheck.Unknown -> ParConfirmation.Unconfirmed
        }
    }
}
