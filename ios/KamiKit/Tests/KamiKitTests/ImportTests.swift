import Foundation
import KamiCore
@testable import KamiKit
import Testing

/// A test screenshot of the core's (rust-core/core/tests/screenshots/, see its README).
func screenshot(_ name: String) throws -> Data {
    let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return try Data(contentsOf: repo.appendingPathComponent("rust-core/core/tests/screenshots/\(name)"))
}

@MainActor
@Suite struct ImportTests {
    @Test func aScreenshotIsKeptOpenedWithHintsAndRestoredAfterARelaunch() async throws {
        let store = emptyStore()
        let session = Session(store: store)
        guard case .opened(let model) = try await session.importScreenshot(try screenshot("alleyway-dark.jpg"), name: "Alleyway")
        else { Issue.record("the import did not open the puzzle"); return }
        let entry = try #require(session.puzzles.puzzles.first)
        #expect(session.puzzles.puzzles.count == 1)
        #expect(entry.name == "Alleyway" && entry.par == 9 && entry.best == nil)
        #expect(model.snapshot.levelId == entry.id && session.game === model)
        // The proof runs within a phone's hint budget: on a busy machine it may not come in time,
        // and then the par stays unproven rather than guessed.
        let check = await session.parCheck?.value
        #expect(check == .proven || check == .unknown)
        #expect(session.puzzles.puzzles.first?.parProven == (check == .proven))

        // Played with the hints, as a stuck player would: a win, unless a hint ran out of time on a
        // busy machine and its best line was too long (then nothing is recorded).
        while case .playing = model.status {
            await model.requestHint().value
            #expect(model.playHint())
        }
        let won = if case .won = model.status { true } else { false }
        #expect(session.puzzles.puzzles.first?.best?.moves == (won ? model.movesUsed : nil))

        let relaunched = Session(store: store)
        #expect(relaunched.restoreProblems.isEmpty)
        #expect(relaunched.puzzles.puzzles == session.puzzles.puzzles)
        #expect(relaunched.game?.snapshot.levelId == entry.id)
        let thumbnail = try relaunched.puzzles.thumbnail(id: entry.id, size: CGSize(width: 40, height: 70))
        #expect(thumbnail.tiles.count == model.snapshot.tiles.compactMap { $0 }.count)
    }

    @Test func anUnreadCounterAsksThePlayerForThePar() async throws {
        let session = Session(store: emptyStore())
        guard case .needsPar(let pending) = try await session.importScreenshot(try screenshot("alleyway-no-counter.png"), name: "Shot")
        else { Issue.record("the counter was read"); return }
        #expect(session.puzzles.puzzles.isEmpty)
        #expect(pending.palette.count == 4)
        #expect(throws: KamiError.InvalidPar(par: 0, max: 4096)) { try session.finishImport(pending, par: 0) }
        #expect(session.puzzles.puzzles.isEmpty)
        guard case .opened(let model) = try session.finishImport(pending, par: 9) else {
            Issue.record("not opened"); return
        }
        #expect(model.par == 9 && session.puzzles.puzzles.map(\.name) == ["Shot"])
    }

    @Test func aPuzzleReadAfterThePlayerMovedOnIsKeptButNotOpened() async throws {
        let session = Session(store: emptyStore())
        let level = try firstLevel().id
        let data = try screenshot("alleyway-dark.jpg")
        let (gate, release) = AsyncStream<Void>.makeStream()
        var reading = false
        let outcome = Task {
            try await session.importScreenshot(data, name: "Late") { data in
                reading = true
                for await _ in gate { break }
                return try KamiCore.importScreenshot(bytes: data)
            }
        }
        while !reading { await Task.yield() }
        // The player opens a level while the screenshot is read.
        try session.open(levelId: level)
        release.yield()
        release.finish()
        guard case .kept(let entry) = try await outcome.value else { Issue.record("the late import took over"); return }
        #expect(session.game?.snapshot.levelId == level)
        #expect(session.puzzles.puzzles.map(\.id) == [entry.id])
    }

    @Test func badImagesGiveTypedProblemsAndKeepNothing() async throws {
        let session = Session(store: emptyStore())
        do {
            _ = try await session.importScreenshot(Data("not an image".utf8), name: "Bad")
            Issue.record("imported")
        } catch {
            #expect(ImportProblem(error) == .unreadable)
        }
        // A screenshot cut short: whichever typed error the core finds, the player gets a plain message.
        do {
            _ = try await session.importScreenshot(try screenshot("alleyway-dark.jpg").prefix(2000), name: "Cut")
            Issue.record("imported")
        } catch {
            if case .other = ImportProblem(error) { Issue.record("untyped: \(error)") }
        }
        #expect(session.puzzles.puzzles.isEmpty)
    }

    @Test func puzzlesAreRenamedDuplicatedAndDeletedAndSaved() async throws {
        let store = emptyStore()
        let session = Session(store: store)
        guard case .opened = try await session.importScreenshot(try screenshot("alleyway-dark.jpg"), name: "One") else {
            Issue.record("not opened"); return
        }
        let id = try #require(session.puzzles.puzzles.first?.id)
        #expect(throws: KamiError.self) { try session.renamePuzzle(id, to: "   ") }
        try session.renamePuzzle(id, to: "Uno")
        let copy = try session.duplicatePuzzle(id, name: "Dos")
        try session.deletePuzzle(id)
        #expect(throws: KamiError.UnknownPuzzle(id: id)) { try session.open(puzzleId: id) }
        #expect(Session(store: store).puzzles.puzzles.map(\.name) == ["Dos"])
        let model = try session.open(puzzleId: copy.id)
        #expect(model.snapshot.name == "Dos" && session.puzzles.contains(levelId: copy.id))
    }
}
