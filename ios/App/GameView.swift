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
            AccessibilityNotification.Announcement(model.progressAnnouncement).post()
        }
        .onChange(of: model.errorMessage) { _, message in
            if let message { AccessibilityNotification.Announcement(message).post() }
        }
        .sheet(isPresented: $showingResult) {
            ResultSheet(model: model, nextLevel: session.progress.level(after: model.snapshot.levelId)) { action in
                showingResult = false
                switch action {
                case .undo: model.undo()
                case .restart: model.restart()
                case .next(let levelId): openLevel(levelId)
                case .levels: dismiss()
                }
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
        .onDisappear { model.dismissHint() }
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
            Button {
                model.requestHint()
            } label: {
                Label("Hint", systemImage: "lightbulb")
            }
            .disabled(model.hint == .thinking)
        }
    }
}

/// "Moves 2 / par 4", large and clear.
private struct MoveCounter: View {
    let model: GameModel

    var body: some View {
        HStack(alignment: .firstTextBaseline) {
            Text("\(model.movesUsed)").font(.largeTitle.monospacedDigit().bold())
            Text("/ par \(model.par)").font(.title3).foregroundStyle(.secondary)
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel("Moves")
        .accessibilityValue("\(model.movesUsed) used, par \(model.par)")
        .accessibilityAddTraits(.updatesFrequently)
    }
}

/// What the hint says: thinking, the move to make, or why par is out of reach.
private struct HintLine: View {
    let model: GameModel

    var body: some View {
        Group {
            switch model.hint {
            case .idle:
                EmptyView()
            case .thinking:
                ProgressView("Thinking…")
            case .shown(let hint):
                Text(advice(hint))
            case .unavailable(let reason):
                Text("No hint: \(reason)")
            }
        }
        .font(.callout)
        .multilineTextAlignment(.center)
    }

    private func advice(_ hint: Hint) -> String {
        guard let next = hint.next else { return "Nothing left to do: the level is finished." }
        let rgb = model.palette.indices.contains(Int(next.colour)) ? model.palette[Int(next.colour)] : nil
        let colour = rgb.map(ColourNames.name(of:)) ?? "in the colour shown"
        let move = "Colour the highlighted area \(colour) (\(ColourNames.shape(for: next.colour)))."
        let rest = hint.remaining == 1 ? "That finishes it." : "\(hint.remaining) moves to go."
        let par: String
        switch (hint.par, hint.undosToRecover) {
        case (.yes, _): par = ""
        case (.unknown, _): par = " Not sure par is still in reach: no proof either way in time."
        case (.no, 1?): par = " Par is out of reach: undo 1 move to get it back."
        case (.no, let undos?): par = " Par is out of reach: undo \(undos) moves to get it back."
        case (.no, nil): par = " Par is out of reach."
        }
        return "\(move) \(rest)\(par)"
    }
}
