import Foundation
import KamiCore
@testable import KamiKit
import Observation
import Testing

/// A slow request (the daily puzzle) never lands on a screen the player has moved on from; what
/// the level list offers for a finished game; what comes back after the system ends the app.
@MainActor @Suite struct RequestTests {
    let board = BoardTaps()
    let day = Date(timeIntervalSince1970: 1_805_000_000)  // 2027-03-14 UTC
    let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// Starts the daily puzzle with its making held back until `meanwhile` (what the player does
    /// while it is made) has run, then returns what `openDaily` returned.
    func dailyAfter(in session: Session, meanwhile: () throws -> Void) async throws -> GameModel? {
        let (gate, release) = AsyncStream<Void>.makeStream()
        let pending = Task {
            try await session.openDaily(on: day, calendar: utc) { year, month, day in
                for await _ in gate { break }
                return try await GameModel.daily(year: year, month: month, day: day)
            }
        }
        while !session.makingDaily { await Task.yield() }
        try meanwhile()
        release.yield()
        release.finish()
        return try await pending.value
    }

    func storedLevel(_ store: SaveStore) throws -> String {
        try Game.restore(save: try #require(try store.read(.game))).snapshot().levelId
    }

    @Test func aLateDailyPuzzleNeverReplacesALevelOpenedMeanwhile() async throws {
        let store = emptyStore()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let session = Session(store: store)
        var level: GameModel?
        let daily = try await dailyAfter(in: session) {
            let opened = try session.open(levelId: try firstLevel(withParAtLeast: 3).id)
            try board.play(try #require(try losingLine(opened.game).first), on: opened)
            level = opened
        }
        #expect(daily == nil)
        #expect(session.game === level && !session.makingDaily)
        #expect(try storedLevel(store) == (try firstLevel(withParAtLeast: 3).id))
        #expect(level?.movesUsed == 1)
    }

    @Test func aLateDailyPuzzleIsDroppedAfterContinueOrLeave() async throws {
        let store = emptyStore()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let session = Session(store: store)
        let level = try session.open(levelId: try firstLevel().id)
        #expect(try await dailyAfter(in: session) { _ = session.resume() } == nil)
        #expect(try await dailyAfter(in: session) { session.leave() } == nil)
        #expect(session.game === level)
        #expect(try storedLevel(store) == (try firstLevel().id))

        // Nobody moved on: it lands, and is saved.
        let landed = try #require(try await dailyAfter(in: session) {})
        #expect(session.game === landed)
        #expect(try storedLevel(store) == "daily/2027-03-14")
    }

    @Test func theLevelListOffersToContinueAFailedGameAndToReplayAWonOne() throws {
        let store = emptyStore()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let session = Session(store: store)
        #expect(session.continueOffer == nil)
        // A level with more than one move to play: the first level may be won by any move.
        let level = try firstLevel(withParAtLeast: 3)
        let model = try session.open(levelId: level.id)
        #expect(session.continueOffer == ContinueOffer(name: level.name, playAgain: false))

        for move in try losingLine(model.game) { try board.play(move, on: model) }
        #expect(model.status == .failed)
        session.leave()
        #expect(session.continueOffer == ContinueOffer(name: level.name, playAgain: false))
        #expect(session.resume() === model)
        #expect(model.status == .failed && model.snapshot.canUndo, "a failed game continues where it was lost")

        model.restart()
        for move in try perfectWin(level.id) { try board.play(move, on: model) }
        #expect(model.grade == .perfect)
        session.leave()
        #expect(session.continueOffer == ContinueOffer(name: level.name, playAgain: true))
        #expect(session.resume()?.movesUsed == 0, "a won game starts again")
    }

    @Test func theGameOnScreenComesBackWithItsColourAfterTheAppWasEnded() throws {
        let store = emptyStore()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let level = try firstLevel(withParAtLeast: 3)
        let record: ScreenRecord?
        do {
            let session = Session(store: store)
            let model = try session.open(levelId: level.id)
            try board.play(try #require(try losingLine(model.game).first), on: model)
            model.selectColour(1)
            record = ScreenRecord(encoded: ScreenRecord(model: model).encoded)
        }
        #expect(record == ScreenRecord(levelId: level.id, selectedColour: 1))

        let relaunched = Session(store: store)
        let restored = try #require(relaunched.restore(screen: record))
        #expect(restored.selectedColour == 1 && restored.movesUsed == 1)
        #expect(Session(store: store).restore(screen: nil) == nil, "no game was on screen: the level list")
        #expect(Session(store: store).restore(screen: ScreenRecord(levelId: "daily/2027-03-14", selectedColour: 0)) == nil)
        #expect(Session(store: store).restore(screen: ScreenRecord(levelId: level.id, selectedColour: 99))?.selectedColour == 0)
        #expect(ScreenRecord(encoded: "") == nil && ScreenRecord(encoded: "x:y") == nil && ScreenRecord(encoded: "1:") == nil)
    }

    @Test func theLevelListIsNotRedrawnForMovesThatChangeNoResult() throws {
        let store = emptyStore()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let session = Session(store: store)
        let model = try session.open(levelId: try firstLevel().id)
        let win = try firstLevelWin.get()
        let redrawn = Flag()
        withObservationTracking { _ = session.progress.packs } onChange: { redrawn.set() }
        for move in win.dropLast() { try board.play(move, on: model) }
        model.undo()
        model.redo()
        #expect(!redrawn.isSet, "moves that win nothing changed the level list")
        try board.play(try #require(win.last), on: model)
        #expect(redrawn.isSet, "the win shows in the level list")

        let again = Flag()
        withObservationTracking { _ = session.progress.packs } onChange: { again.set() }
        session.save()
        #expect(!again.isSet, "recording the same win again changes nothing")
    }

    @Test func theHintLineSaysWhatTheCoreKnowsAndNoMore() {
        func hint(_ par: Reach, undos: UInt32? = nil, next: HintMove? = HintMove(tile: 3, colour: 2, region: [3])) -> HintState {
            .shown(Hint(revision: 0, next: next, remaining: 4, proven: par != .unknown, par: par, ok: par, undosToRecover: undos))
        }
        #expect(HintMessage(hint: .idle, status: .playing) == nil)
        #expect(HintMessage(hint: .thinking, status: .playing) == .thinking)
        #expect(HintMessage(hint: hint(.yes), status: .playing) == .play(colour: 2, remaining: 4, par: .inReach))
        #expect(HintMessage(hint: hint(.unknown), status: .playing) == .play(colour: 2, remaining: 4, par: .unsure))
        #expect(HintMessage(hint: hint(.no, undos: 2), status: .playing) == .play(colour: 2, remaining: 4, par: .lost(undos: 2)))
        #expect(HintMessage(hint: hint(.no), status: .playing) == .play(colour: 2, remaining: 4, par: .lost(undos: nil)))
        #expect(HintMessage(hint: hint(.yes, next: nil), status: .won(grade: .perfect)) == .solvedInPar)
        #expect(HintMessage(hint: hint(.no, undos: 1, next: nil), status: .won(grade: .ok)) == .solvedOverPar(undos: 1))
        #expect(HintMessage(hint: hint(.unknown, next: nil), status: .won(grade: .ok)) == .solvedOverPar(undos: nil))
        #expect(HintMessage(hint: hint(.no, undos: 1, next: nil), status: .failed) == .outOfMoves(undos: 1))
        #expect(HintMessage(hint: hint(.no, next: nil), status: .failed) == .outOfMoves(undos: nil))
        #expect(HintMessage(hint: .unavailable("why"), status: .playing) == .unavailable("why"))
    }
}
