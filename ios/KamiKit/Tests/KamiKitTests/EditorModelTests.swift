import Foundation
import KamiCore
@testable import KamiKit
import Testing

/// The editor screen's model against the real core: drawing with taps and drags, the live
/// analysis waited for off the main actor and never shown for a board since changed, playing the
/// drawing to a win, and sharing it, opening the code and keeping it among the player's puzzles.
@MainActor
@Suite struct EditorModelTests {
    let size = CGSize(width: 300, height: 500)

    /// Where cell `cell`'s centre is drawn.
    func centre(of cell: UInt32, in model: EditorModel) throws -> CGPoint {
        let shape = try #require(model.layout(in: size)?.tiles.first { $0.tile == cell })
        return CGPoint(x: shape.centre.x, y: shape.centre.y)
    }

    /// A small drawing with a left-right mirror, a dragged stroke, taps, a fill and a hole: the
    /// drawing of the bindings' own editor test, made the way a player makes it.
    func draw() throws -> EditorModel {
        let model = try EditorModel.blank(rows: 9, cols: 6, colours: 3)
        model.nextMirror()
        #expect(model.snapshot.mirror == .leftRight)
        model.selectColour(1)
        model.drag(to: try centre(of: 1, in: model), in: size)
        model.drag(to: try centre(of: 49, in: model), in: size)
        model.endDrag()
        for (cell, colour) in [(0, 2), (20, 2), (33, 1), (45, 2)] as [(UInt32, UInt32)] {
            model.selectColour(colour)
            model.tap(at: try centre(of: cell, in: model), in: size)
        }
        model.brush = .hole
        model.tap(at: try centre(of: 53, in: model), in: size)
        #expect(model.errorMessage == nil)
        #expect(model.snapshot.tiles[53] == nil && model.snapshot.tiles[48] == nil, "the mirror made a hole too")
        return model
    }

    /// Taps cell `cell` with a colour it does not have, so the drawing changes.
    func repaint(_ cell: UInt32, in model: EditorModel) throws {
        let now = try #require(model.snapshot.tiles[Int(cell)])
        model.brush = .paint
        model.selectColour((now + 1) % UInt32(model.snapshot.palette.count))
        model.tap(at: try centre(of: cell, in: model), in: size)
    }

    /// Runs the model's analysis watch until the analysis on screen is finished.
    func finishedReport(_ model: EditorModel) async throws -> AnalysisReport {
        let watch = Task { await model.watchAnalysis() }
        defer { watch.cancel() }
        let deadline = Date.now.addingTimeInterval(60)
        while model.analysis?.done != true {
            try #require(Date.now < deadline, "no finished analysis within a minute")
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(model.analysis?.version == model.snapshot.version)
        return try #require(model.report)
    }

    @Test func aDrawingIsAnalysedLiveAndPlayedToAWin() async throws {
        let model = try draw()
        let report = try await finishedReport(model)
        guard case .proven(let par) = report.par else {
            Issue.record("not proven: \(report)")
            return
        }
        #expect(par >= 2 && report.regions > 1 && report.colours == 3)
        #expect(!report.verdicts.contains(.oneColour))

        let session = Session(store: emptyStore())
        let game = try session.play(model, name: "Drawn")
        #expect(session.game === game && game.par == par)
        while case .playing = game.status {
            await game.requestHint().value
            #expect(game.playHint())
        }
        #expect(game.status == .won(grade: .perfect))
    }

    @Test func aBlankBoardIsOneColourAndUndoRedoFollowTheCore() async throws {
        let model = try EditorModel.blank(rows: 9, cols: 6, colours: 2)
        let blank = try await finishedReport(model)
        #expect(blank.par == .none && blank.verdicts.contains(.oneColour) && blank.regions == 1)
        model.selectColour(1)
        model.tap(at: try centre(of: 10, in: model), in: size)
        #expect(model.analysis == nil, "the blank board's analysis is not shown for the painted one")
        #expect(model.snapshot.canUndo)
        model.undo()
        #expect(model.snapshot.tiles.allSatisfy { $0 == 0 } && model.snapshot.canRedo)
        model.redo()
        #expect(model.snapshot.tiles[10] == 1)
        #expect(throws: KamiError.BoardOneColour) { try EditorModel.blank(rows: 9, cols: 6).play(name: "Blank") }
    }

    @Test func anAnalysisOfABoardSinceChangedIsNeverShown() async throws {
        let model = try draw()
        // The watch's wait is held back after the core answered, until the player has painted.
        let (gate, release) = AsyncStream<Void>.makeStream()
        let answered = AsyncStream<UInt64>.makeStream()
        let editor = model.editor
        let watch = Task {
            await model.watchAnalysis { after in
                let answer = await Task.detached { editor.analysis(after: after, timeoutMs: 60_000) }.value
                answered.continuation.yield(answer?.version ?? 0)
                for await _ in gate { break }
                return answer
            }
        }
        defer { watch.cancel() }
        var versions = answered.stream.makeAsyncIterator()
        let old = await versions.next()
        #expect(old == model.snapshot.version)
        try repaint(30, in: model)
        #expect(model.snapshot.version != old)
        release.yield()  // the old board's answer arrives now
        _ = await versions.next()  // the watch has taken it in and waits again
        #expect(model.analysis == nil, "an analysis of the board before the tap was shown")

        // A stale answer given straight to the model is dropped too; a current one is shown.
        let current = try #require(await Task.detached { editor.analysis(after: 0, timeoutMs: 60_000) }.value)
        #expect(current.version == model.snapshot.version)
        model.receive(current)
        #expect(model.analysis == current)
        try repaint(31, in: model)
        model.receive(current)
        #expect(model.analysis == nil)
        release.finish()
    }

    @Test func aDrawingIsSharedOpenedFromItsLinkKeptAndEditedAgain() async throws {
        let store = emptyStore()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let session = Session(store: store)
        let model = try draw()
        _ = try await finishedReport(model)
        let items = try session.shareItems(for: model, name: "Wings")
        #expect(items.link == "kami://puzzle/" + items.code)
        #expect(items.qrPNG.starts(with: [0x89, 0x50, 0x4E, 0x47]))

        // The link as onOpenURL hands it over; the core reads it.
        let opened = try session.openCode(URL(string: items.link)!.absoluteString)
        #expect(opened.name == "Wings" && opened.claimedProven && opened.code.code == items.code)
        #expect(opened.confirmation == .checking)
        await opened.checkPar()
        #expect(opened.confirmation == .confirmed || opened.confirmation == .unconfirmed)
        let played = session.play(opened)
        #expect(session.game === played && played.par == opened.claimedPar)
        #expect(played.snapshot.tiles == model.snapshot.tiles)

        let kept = try session.keep(opened, name: "Wings")
        #expect(kept.origin == .shared && session.puzzles.puzzles == [kept])
        _ = await session.parCheck?.value
        let again = try session.edit(puzzleId: kept.id)
        #expect(again.snapshot.tiles == model.snapshot.tiles)
        let made = try session.save(again, name: "Wings II")
        #expect(made.origin == .made && session.puzzles.puzzles.count == 2)
        #expect(Session(store: store).puzzles.puzzles.map(\.name) == ["Wings", "Wings II"])
        #expect(try session.shareItems(puzzleId: made.id).code != "")
    }

    @Test func codesAndLinksAreReadByTheCoreAndRefusedInWords() throws {
        let session = Session(store: emptyStore())
        let code = try shareLevel(levelId: "03-tides/ebb", name: nil).code
        #expect(try session.openCode("kami://puzzle/\(code)").claimedPar == (try Game(levelId: "03-tides/ebb").snapshot().par))
        #expect(try session.openCode("  \(code.prefix(10)) \(code.dropFirst(10))\n").code.code == code)
        func problem(_ text: String) -> CodeProblem? {
            do {
                _ = try session.openCode(text)
                return nil
            } catch {
                return CodeProblem(error)
            }
        }
        var swapped = Array(code)
        swapped.swapAt(7, 8)
        if swapped[7] != swapped[8] { #expect(problem(String(swapped)) == .mistyped) }
        #expect(problem(String(code.dropLast(2))) == .truncated(missing: 2))
        #expect(problem("https://example.com/") == .notACode)
        #expect(problem("kami://level/\(code)") == .notACode)
    }
}
