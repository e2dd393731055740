import Foundation
import KamiCore
import Testing

/// Share codes through the generated bindings, against the real library.
@Suite struct ShareTests {
    @Test func aSharedLevelOpensAsANewGameAndIsWonWithTheHints() throws {
        let shared = try shareLevel(levelId: "03-tides/ebb", name: "Ebb")
        #expect(shared.link == "kami://puzzle/" + shared.code)
        #expect(shared.code.allSatisfy { $0.isLetter || $0.isNumber })

        let opened = try openShareCode(text: "  \(shared.link)\n")
        #expect(opened.name() == "Ebb" && opened.parProvenClaimed())
        #expect(opened.code() == shared)
        // The claimed par is checked, not trusted; a busy machine may leave it unknown.
        let check = opened.checkPar()
        #expect(check == .proven || check == .unknown)

        let game = opened.game()
        let start = game.snapshot()
        let original = try Game(levelId: "03-tides/ebb").snapshot()
        #expect(start.tiles == original.tiles && start.palette == original.palette && start.par == original.par)
        #expect(start.levelId == "shared/" + shared.code)
        while case .playing = game.snapshot().status, let next = try game.hint().next {
            _ = try game.play(tile: next.tile, colour: next.colour)
        }
        guard case .won = game.snapshot().status else { Issue.record("not won"); return }
        #expect(game.snapshot().movesUsed <= start.par + 1)

        let png = try shareQrPng(text: shared.code, modulePixels: 4)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func mistypedAndCutCodesAreRefusedWithTypedErrors() throws {
        let code = try shareLevel(levelId: "03-tides/ebb", name: nil).code
        var chars = Array(code)
        chars.swapAt(5, 6)
        if chars[5] != chars[6] {
            #expect(throws: KamiError.ShareCodeMismatch) { try openShareCode(text: String(chars)) }
        }
        #expect(throws: KamiError.ShareCodeTruncated(missing: 3)) { try openShareCode(text: String(code.dropLast(3))) }
        #expect(throws: (any Error).self) { try openShareCode(text: "not a code!") }
    }
}
