import KamiCore
import KamiKit
import SwiftUI

/// "Open a code": a field to type or paste a share code or link into, and the puzzle it opens,
/// with its claimed par and what the solver here made of it, to play or keep. Tapping a
/// `kami://` link opens this too, with the puzzle already read. Reading the code and checking
/// the par are KamiKit's (`Session.openCode`, `OpenedPuzzle.checkPar`, tested there).
struct OpenCodeView: View {
    let session: Session
    /// A `kami://` link that was tapped, read when the sheet appears.
    let link: String?
    /// Opens the game in play (pushes the game screen).
    let play: () -> Void
    /// The puzzle read from the link or the field.
    @State private var opened: OpenedPuzzle?
    @State private var text = ""
    @State private var problem: String?
    /// The puzzle's entry once kept: Play then plays it there, so its best result is kept too.
    @State private var kept: PuzzleEntry?
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            Form {
                if let opened {
                    Section {
                        Text(opened.name ?? String(localized: "A shared puzzle")).font(.headline)
                        Text("Par \(Int(opened.claimedPar)) claimed")
                        HStack {
                            if opened.confirmation == .checking { ProgressView() }
                            Text(Words.confirmation(opened.confirmation, claimed: opened.claimedPar))
                        }
                    }
                    Section {
                        Button("Play") {
                            do {
                                if let kept { try session.open(puzzleId: kept.id) } else { session.play(opened) }
                                dismiss()
                                play()
                            } catch {
                                problem = playerMessage(for: error)
                            }
                        }
                        Button("Keep in my puzzles") {
                            do {
                                kept = try session.keep(opened, name: opened.name ?? String(localized: "A shared puzzle"))
                            } catch {
                                problem = playerMessage(for: error)
                            }
                        }
                        .disabled(kept != nil)
                    } footer: {
                        if kept != nil { Text("Kept in your puzzles.") }
                        if let problem { Text(problem).foregroundStyle(.red) }
                    }
                } else {
                    Section {
                        TextField("Code or link", text: $text, axis: .vertical)
                            .textInputAutocapitalization(.never)
                            .autocorrectionDisabled()
                        PasteButton(payloadType: String.self) { strings in
                            if let pasted = strings.first { text = pasted }
                        }
                        Button("Open") { open(text) }
                            .disabled(text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
                    } footer: {
                        Text("A code someone shared with you, or its kami:// link.")
                    }
                    if let problem {
                        Section { Text(problem).foregroundStyle(.red) }
                    }
                }
            }
            .navigationTitle("Open a code")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) { Button("Done") { dismiss() } }
            }
            // Asks the solver about the claimed par once a puzzle is read (a link, or Open).
            .task(id: opened.map(ObjectIdentifier.init)) { await opened?.checkPar() }
        }
        .onAppear {
            if let link, opened == nil { open(link) }
        }
    }

    private func open(_ text: String) {
        do {
            opened = try session.openCode(text)
            problem = nil
        } catch {
            problem = Words.codeProblem(CodeProblem(error))
        }
    }
}
