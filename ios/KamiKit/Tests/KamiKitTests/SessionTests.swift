import Foundation
import KamiCore
import KamiKit
import Testing

/// The session and its store: every change written at once, restored after a kill, damaged
/// files reported and set aside, never a crash.
@MainActor @Suite struct SessionTests {
    let board = BoardTaps()

    /// The game the store's game file holds now, as a state to compare.
    func storedGame(_ store: SaveStore) throws -> GameSnapshot {
        let bytes = try #require(try store.read(.game), "no game file")
        return state(try Game.restore(save: bytes).snapshot())
    }

    @Test func everyIntentIsSavedAndAKilledAppContinuesWithRedo() throws {
        let store = emptyStore()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        var session: Session? = Session(store: store)
        #expect(session?.game == nil && session?.restoreProblems == [])
        let model = try #require(try session?.open(levelId: try firstLevel(withParAtLeast: 4).id))
        #expect(try storedGame(store) == state(model.snapshot))
        #expect(try session?.open(levelId: model.snapshot.levelId) === model)

        for move in try lineOfPlay(Game(levelId: model.snapshot.levelId), count: 3) {
            try board.play(move, on: model)
            #expect(try storedGame(store) == state(model.snapshot))
        }
        model.undo()
        #expect(try storedGame(store) == state(model.snapshot))
        model.undo()
        model.redo()
        #expect(try storedGame(store) == state(model.snapshot) && model.snapshot.canRedo)
        let beforeKill = model.snapshot
        session = nil

        let relaunched = Session(store: store)
        let restored = try #require(relaunched.game)
        #expect(relaunched.restoreProblems == [])
        #expect(state(restored.snapshot) == state(beforeKill))
        model.redo()
        restored.redo()
        #expect(state(restored.snapshot) == state(model.snapshot) && restored.errorMessage == nil)
        #expect(try storedGame(store) == state(restored.snapshot))
        restored.restart()
        #expect(try storedGame(store) == state(restored.snapshot) && restored.movesUsed == 0)
    }

    @Test func aWinIsRecordedInTheSavedProgress() throws {
        let store = emptyStore()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let level = try firstLevel()
        do {
            let session = Session(store: store)
            let model = try session.open(levelId: level.id)
            for move in try firstLevelWin.get() { try board.play(move, on: model) }
            #expect(model.grade == .perfect)
        }
        let relaunched = Session(store: store)
        let best = relaunched.progress.packs.flatMap(\.levels).first { $0.level.id == level.id }?.best
        #expect(best?.grade == .perfect)
        #expect(relaunched.game?.grade == .perfect)

        // Continuing a won game plays it again from the start; the result stays in the progress.
        let resumed = try #require(relaunched.resume())
        #expect(resumed === relaunched.game && resumed.status == .playing && resumed.movesUsed == 0)
        #expect(try storedGame(store) == state(resumed.snapshot))
        #expect(Session(store: store).progress.packs == relaunched.progress.packs)
    }

    @Test func openingAWonLevelStartsItAfresh() throws {
        let store = emptyStore()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let session = Session(store: store)
        #expect(session.resume() == nil)
        let level = try firstLevel(withParAtLeast: 2)
        let win = try perfectWin(level.id)
        let model = try session.open(levelId: level.id)
        try board.play(try #require(win.first), on: model)
        // A game in progress is continued as it is.
        #expect(try session.open(levelId: level.id) === model && model.movesUsed == 1)
        #expect(session.resume() === model && model.movesUsed == 1)
        for move in win.dropFirst() { try board.play(move, on: model) }
        #expect(model.grade == .perfect)

        let reopened = try session.open(levelId: level.id)
        #expect(reopened === model && model.status == .playing && model.movesUsed == 0 && !model.snapshot.canRedo)
        #expect(try storedGame(store) == state(model.snapshot))
        let best = session.progress.packs.flatMap(\.levels).first { $0.level.id == level.id }?.best
        #expect(best?.grade == .perfect)
    }

    @Test func damagedFilesStartFreshAreReportedAndKept() throws {
        let store = emptyStore()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let game = try Game(levelId: try firstLevel().id).save()
        let junk = Data("not a save".utf8)
        try store.write(game.prefix(game.count - 3), to: .game)
        try store.write(junk, to: .progress)
        try store.write(Data("{\"haptics\": 3".utf8), to: .settings)

        let session = Session(store: store)
        #expect(session.game == nil)
        #expect(session.progress.packs == PlayerProgress().packs())
        #expect(session.settings == PlayerSettings())
        let problems = Dictionary(uniqueKeysWithValues: session.restoreProblems.map { ($0.file, $0.reason) })
        #expect(problems.count == 3)
        let cut = KamiError.TruncatedSave(expected: UInt64(game.count), found: UInt64(game.count - 3))
        #expect(problems[.game] == .damaged(cut))
        #expect(problems[.progress] == .damaged(.NotASave))
        if case .undecodable = problems[.settings] {} else {
            Issue.record("settings: \(String(describing: problems[.settings]))")
        }
        #expect(session.restoreProblems.allSatisfy { !$0.description.isEmpty })
        session.dismissRestoreProblems()
        #expect(session.restoreProblems == [])

        // Set aside, not overwritten; the next launch starts clean.
        #expect(try Data(contentsOf: store.damagedURL(of: .progress)) == junk)
        #expect(try store.read(.game) == nil && store.read(.progress) == nil)
        try session.open(levelId: try firstLevel().id)
        #expect(Session(store: store).restoreProblems == [])
    }

    @Test func aGameSaveInTheProgressFileIsTheWrongKind() throws {
        let store = emptyStore()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        try store.write(try Game(levelId: try firstLevel().id).save(), to: .progress)
        let problems = Session(store: store).restoreProblems
        #expect(problems.map(\.file) == [.progress] && problems.map(\.reason) == [.damaged(.WrongSaveKind)])
    }

    @Test func settingsPersistAndMissingOnesTakeTheirDefault() throws {
        let store = emptyStore()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let session = Session(store: store)
        #expect(session.settings == PlayerSettings(colourBlindSymbols: false, haptics: true))
        session.settings.colourBlindSymbols = true
        session.settings.haptics = false
        #expect(Session(store: store).settings == PlayerSettings(colourBlindSymbols: true, haptics: false))

        try store.write(Data("{\"colourBlindSymbols\": true}".utf8), to: .settings)
        #expect(Session(store: store).settings == PlayerSettings(colourBlindSymbols: true, haptics: true))
    }

    @Test func aFailedWriteIsReportedNotFatal() throws {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("kami-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: blocker) }
        try Data().write(to: blocker)
        // The store's folder is an ordinary file: every write fails.
        let store = SaveStore(directory: blocker)
        let session = Session(store: store)
        let model = try session.open(levelId: try firstLevel().id)
        #expect(session.saveError?.file == .game)
        #expect(model.movesUsed == 0 && model.errorMessage == nil)

        // Dismissed, it comes back with the next failure.
        session.dismissSaveError()
        #expect(session.saveError == nil)
        session.settings.haptics = false
        #expect(session.saveError?.file == .settings)
        session.save()
        #expect(session.saveError != nil)

        // Once the disk has room again, the next save writes everything that failed.
        try FileManager.default.removeItem(at: blocker)
        session.save()
        #expect(session.saveError == nil)
        #expect(try storedGame(store) == state(model.snapshot))
        #expect(Session(store: store).settings.haptics == false)
    }
}
