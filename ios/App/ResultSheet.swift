import KamiCore
import KamiKit
import SwiftUI

/// The end of a game: the grade (or the fail) and what to do next.
struct ResultSheet: View {
    /// What the player chose.
    enum Action {
        case undo, restart, levels
        case next(String)
    }

    let model: GameModel
    /// The level after this one, if any (none for the daily puzzle or the last level).
    let nextLevel: LevelInfo?
    let choose: (Action) -> Void

    var body: some View {
        VStack(spacing: 16) {
            Image(systemName: symbol)
                .font(.system(size: 56))
                .foregroundStyle(model.grade == .perfect ? Color.yellow : model.grade == nil ? Color.red : Color.green)
                .accessibilityHidden(true)
            Text(title).font(.title.bold())
            Text(detail).font(.body).foregroundStyle(.secondary).multilineTextAlignment(.center)
            VStack(spacing: 10) {
                if model.grade != nil, let nextLevel {
                    Button("Next level: \(nextLevel.name)") { choose(.next(nextLevel.id)) }
                        .buttonStyle(.borderedProminent)
                }
                if model.grade != .perfect {
                    Button("Undo last move") { choose(.undo) }
                }
                Button("Play again") { choose(.restart) }
                Button("All levels") { choose(.levels) }
            }
            .font(.headline)
        }
        .padding()
        .presentationDetents([.medium, .large])
    }

    private var symbol: String {
        switch model.grade {
        case .perfect: "star.fill"
        case .ok: "checkmark.circle.fill"
        case nil: "xmark.circle.fill"
        }
    }

    private var title: LocalizedStringKey {
        switch model.grade {
        case .perfect: "Perfect!"
        case .ok: "Solved"
        case nil: "Out of moves"
        }
    }

    /// Worded from the core's grade alone: the sheet states no rule about par. One number per
    /// sentence, so the String Catalog's plural variations apply.
    private var detail: LocalizedStringKey {
        switch model.grade {
        case .perfect: "Solved in \(Int(model.movesUsed)) moves, a perfect score."
        case .ok: "Solved, one over par. Undo to try for a perfect score."
        case nil: "Par is \(Int(model.par)). Undo a move or play again."
        }
    }
}
