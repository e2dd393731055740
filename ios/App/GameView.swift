import Accessibility
import KamiCore
import KamiKit
import SwiftUI

/// One level being played: counter, board, hint line, palette, and undo/redo/restart/hint in
/// the bottom toolbar. The move that finishes the game brings up the result sheet (a game opened
/// already finished does not: the session opens a won game from its start). VoiceOver hears the
/// counter and what is left after every change, and why a move was refused.
struct GameView: View {
    let model: GameModel
    let session: Session
    /// Opens another level (the result sheet's "Next level").
    let openLevel: (String) -> Void
    /// Whether the result sheet is up: raised when a move wins or fails the game.
    @State private var showingResult = false
    /// What the player chose on the result sheet, done when the sheet has gone.
    @State private var chosen: ResultSheet.Action?
    /// The scene's record of the game on screen (`ScreenRecord.encoded`), kept up to date here so
    /// the game comes back after the system ends the app in the background.
    @Binding var screen: String
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack(spacing: 12) {
            MoveCounter(model: model)
            if model.status == .failed && !showingResult {
                Text("Out of moves: undo a move or restart.").font(.callout).foregroundStyle(.secondary)
            }
            BoardView(model: model, showsSymbols: session.settings.colourBlindSymbols)
            HintLine(model: model)
            if let message = model.errorMessage {
                Text(message).font(.footnote).foregroundStyle(.secondary).multilineTextAlignment(.center)
            }
            PaletteBar(model: model)
        }
        .padding()
        .navigationTitle(model.snapshot.name)
        .navigationBarTitleDisplayMode(.inline)
        .toolbar { controls }
        .onChange(of: model.status) { _, status in
            showingResult = status != .playing
        }
        .onChange(of: model.snapshot.revision) {
            AccessibilityNotification.Announcement(Words.announcement(model.progressAnnouncement)).post()
        }
        .onChange(of: model.errorMessage) { _, message in
            if let message { AccessibilityNotification.Announcement(message).post() }
        }
        .sheet(isPresented: $showingResult, onDismiss: performChosen) {
            ResultSheet(model: model, nextLevel: session.progress.level(after: model.snapshot.levelId)) { action in
                // Acted on once the sheet is gone (onDismiss): a pop or push in the same update
                // that closes the sheet may be dropped by SwiftUI.
                chosen = action
                showingResult = false
            }
        }
        .sensoryFeedback(trigger: model.snapshot.revision) {
            [haptics = session.settings.haptics, status = model.status] _, _ in
            guard haptics else { return nil }
            switch status {
            case .playing: return .impact(weight: .light)
            case .won: return .success
            case .failed: return .error
            }
        }
        .onAppear { screen = ScreenRecord(model: model).encoded }
        .onChange(of: model.selectedColour) { screen = ScreenRecord(model: model).encoded }
        .onDisappear { model.dismissHint() }
    }

    /// The result sheet's choice, after the sheet has closed.
    private func performChosen() {
        guard let action = chosen else { return }
        chosen = nil
        switch action {
        case .undo: model.undo()
        case .restart: model.restart()
        case .next(let levelId): openLevel(levelId)
        case .levels: dismiss()
        }
    }

    @ToolbarContentBuilder private var controls: some ToolbarContent {
        ToolbarItemGroup(placement: .bottomBar) {
            Button { model.undo() } label: { Label("Undo", systemImage: "arrow.uturn.backward") }
                .disabled(!model.snapshot.canUndo)
            Button { model.redo() } label: { Label("Redo", systemImage: "arrow.uturn.forward") }
                .disabled(!model.snapshot.canRedo)
            Spacer()
            Button { model.restart() } label: { Label("Restart", systemImage: "arrow.counterclockwise") }
                .disabled(!model.snapshot.canUndo)
            if model.hint == .thinking {
                // A search can take a couple of seconds: the player can stop it.
                Button { model.dismissHint() } label: { Label("Stop hint", systemImage: "xmark.circle") }
            } else {
                Button { model.requestHint() } label: { Label("Hint", systemImage: "lightbulb") }
            }
        }
    }
}

/// "Moves 2 / par 4", large and clear.
private struct MoveCounter: View {
    let model: GameModel

    var body: some View {
        HStack(alignment: .firstTextBaseline) {
            Text(Int(model.movesUsed), format: .number).font(.largeTitle.monospacedDigit().bold())
            Text("/ par \(Int(model.par))").font(.title3).foregroundStyle(.secondary)
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel("Moves")
        .accessibilityValue("\(Int(model.movesUsed)) used, par \(Int(model.par))")
        .accessibilityAddTraits(.updatesFrequently)
    }
}

/// What the hint says: thinking, the move to make, or what undoing would gain. Which message is
/// KamiKit's choice (`HintMessage`, tested there); this only words it.
private struct HintLine: View {
    let model: GameModel

    var body: some View {
        Group {
            switch model.hintMessage {
            case nil:
                EmptyView()
            case .thinking:
                ProgressView("Thinking…")
            case .play(let colour, let remaining, let par):
                VStack(spacing: 4) {
                    Text("Colour the highlighted area \(colourName(colour)) (\(Words.shape(ColourNames.shape(for: colour)))).")
                    Text("\(Int(remaining)) moves to go.")
                    switch par {
                    case .inReach: EmptyView()
                    case .unsure: Text("Not sure par is still in reach: no proof either way in time.")
                    case .lost(let undos?): Text("Par is out of reach: undo \(Int(undos)) moves to get it back.")
                    case .lost(nil): Text("Par is out of reach.")
                    }
                }
            case .solvedInPar:
                Text("Solved in par: there is nothing left to hint.")
            case .solvedOverPar(let undos?):
                Text("Solved, one over par. Undo \(Int(undos)) moves to try for par.")
            case .solvedOverPar(nil):
                Text("Solved over par. Start again to try for par.")
            case .outOfMoves(let undos?):
                Text("Out of moves. Undo \(Int(undos)) moves to bring par back in reach.")
            case .outOfMoves(nil):
                Text("Out of moves. Start again to try for par.")
            case .unavailable(let reason):
                Text("No hint: \(reason)")
            }
        }
        .font(.callout)
        .multilineTextAlignment(.center)
        .accessibilityElement(children: .combine)
    }

    /// The palette colour's plain name (VoiceOver's word for it too).
    private func colourName(_ colour: UInt32) -> String {
        model.colourName(colour).map { Words.colour($0) } ?? String(localized: "in the colour shown")
    }
}
