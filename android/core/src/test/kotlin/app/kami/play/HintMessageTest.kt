package app.kami.play

import app.kami.core.Game
import app.kami.core.Grade
import app.kami.core.GameStatus
import app.kami.core.Hint
import app.kami.core.HintMove
import app.kami.core.Reach
import app.kami.core.firstLevelId
import kotlin.test.Test
import kotlin.test.assertEquals
import kotlin.test.assertNull

/** Which message the hint line shows for each answer of the core (the words are the app's). */
class HintMessageTest {
    private val snapshot = Game(firstLevelId()).use { it.snapshot() }
    private val move = HintMove(3u, 2u, listOf(3u))

    private fun hint(par: Reach, undos: UInt? = null, next: HintMove? = move) =
        Hint(revision = snapshot.revision, next = next, remaining = 4u, proven = par != Reach.UNKNOWN, par = par, ok = par, undosToRecover = undos)

    private fun message(hint: HintState, status: GameStatus = GameStatus.Playing) =
        HintMessage.of(GameUiState(snapshot.copy(status = status), hint = hint))

    @Test
    fun `a move says whether par is in reach, lost (with the undos where proven) or not known`() {
        assertNull(message(HintState.Idle))
        assertEquals(HintMessage.Thinking, message(HintState.Thinking(1)))
        assertEquals(HintMessage.Play(2u, 4u, ParOutlook.InReach), message(HintState.Shown(hint(Reach.YES), move)))
        assertEquals(HintMessage.Play(2u, 4u, ParOutlook.Unsure), message(HintState.Shown(hint(Reach.UNKNOWN), move)))
        assertEquals(HintMessage.Play(2u, 4u, ParOutlook.Lost(2u)), message(HintState.Shown(hint(Reach.NO, 2u), move)))
        assertEquals(HintMessage.Play(2u, 4u, ParOutlook.Lost(null)), message(HintState.Shown(hint(Reach.NO), move)))
    }

    @Test
    fun `a finished game's hint says what undoing would gain, from the core's grade`() {
        val over = HintState.Unavailable(hint(Reach.NO, 1u, next = null))
        assertEquals(HintMessage.SolvedInPar, message(HintState.Unavailable(hint(Reach.YES, next = null)), GameStatus.Won(Grade.PERFECT)))
        assertEquals(HintMessage.SolvedOverPar(1u), message(over, GameStatus.Won(Grade.OK)))
        assertEquals(HintMessage.SolvedOverPar(null), message(HintState.Unavailable(hint(Reach.UNKNOWN, next = null)), GameStatus.Won(Grade.OK)))
        assertEquals(HintMessage.OutOfMoves(1u), message(over, GameStatus.Failed))
        assertEquals(HintMessage.OutOfMoves(null), message(HintState.Unavailable(hint(Reach.NO, next = null)), GameStatus.Failed))
    }
}
