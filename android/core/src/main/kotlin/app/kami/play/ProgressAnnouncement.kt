package app.kami.play

import app.kami.core.GameSnapshot
import app.kami.core.GameStatus
import app.kami.core.Grade

/**
 * What TalkBack says after a move, undo, redo or restart (the counter is a live region that
 * speaks this), as VoiceOver announces it on iOS (`ProgressAnnouncement` there): the app words it
 * from strings.xml with the same words.
 */
sealed interface ProgressAnnouncement {
    /** Moves used against par, and the areas and colours left. */
    data class Playing(val moves: UInt, val par: UInt, val areas: UInt, val colours: UInt) : ProgressAnnouncement

    /** Won in par. */
    data class SolvedInPar(val moves: UInt) : ProgressAnnouncement

    /** Won one over par. */
    data class Solved(val moves: UInt) : ProgressAnnouncement

    /** Lost. */
    data object OutOfMoves : ProgressAnnouncement

    companion object {
        /** What to announce for [snapshot]; every number is the core's. */
        fun of(snapshot: GameSnapshot): ProgressAnnouncement = when (val status = snapshot.status) {
            GameStatus.Playing -> Playing(snapshot.movesUsed, snapshot.par, snapshot.regionCount, snapshot.coloursLeft)
            is GameStatus.Won -> if (status.grade == Grade.PERFECT) SolvedInPar(snapshot.movesUsed) else Solved(snapshot.movesUsed)
            GameStatus.Failed -> OutOfMoves
        }
    }
}
