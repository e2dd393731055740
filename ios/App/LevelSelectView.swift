import Accessibility
import KamiCore
import KamiKit
import SwiftUI

/// The home screen: the game in play, today's puzzle, and every pack with its lock state and
/// the player's best results. Opening a level pushes the game screen. A failed save shows as a
/// banner above every screen until saving works again or the player dismisses it.
struct LevelSelectView: View {
    @Bindable var session: Session
    /// Non-empty while the game screen is pushed (the session holds the game itself).
    @State private var path: [Screen] = []
    @State private var showingSettings = false
    /// Which game was on screen (`ScreenRecord.encoded`, empty on the level list), kept by the
    /// system with the scene, so the game comes back after the app is ended in the background.
    @SceneStorage("kami.screen") private var screen = ""
    /// Whether the scene's record has been acted on (once, at the first appearance).
    @State private var restoredScreen = false
    @State private var showingRestoreProblems = false
    /// Why the last level could not be opened, while the alert shows it.
    @State private var failure = ""
    @State private var showingFailure = false
    /// The drawing on the editor screen, while it is pushed.
    @State private var editor: EditorModel?
    /// Whether "Open a code" shows, and the `kami://` link tapped to open it, if any.
    @State private var showingOpenCode = false
    @State private var link: String?

    /// The one screen pushed over this one.
    enum Screen: Hashable {
        case game
        /// The player's puzzles (imported, opened from codes and made).
        case puzzles
        /// The puzzle editor (`editor`).
        case editor
    }

    var body: some View {
        NavigationStack(path: $path) {
            List {
                Section {
                    // KamiKit's offer: "again" only for a won game, which resume() starts again.
                    if let offer = session.continueOffer {
                        Button {
                            session.resume()
                            path = [.game]
                        } label: {
                            if offer.playAgain {
                                Label("Play \(offer.name) again", systemImage: "arrow.counterclockwise")
                            } else {
                                Label("Continue \(offer.name)", systemImage: "play.fill")
                            }
                        }
                    }
                    Button(action: openDaily) {
                        HStack {
                            Label("Today's puzzle", systemImage: "calendar")
                            Spacer()
                            if session.makingDaily { ProgressView() }
                        }
                    }
                    .disabled(session.makingDaily)
                    NavigationLink(value: Screen.puzzles) {
                        Label("Your puzzles", systemImage: "photo.on.rectangle")
                    }
                }
                ForEach(session.progress.packs, id: \.id) { pack in
                    PackSection(pack: pack, open: open)
                }
            }
            .navigationTitle("Kami")
            .toolbar {
                ToolbarItem(placement: .primaryAction) {
                    Button {
                        showingSettings = true
                    } label: {
                        Label("Settings", systemImage: "gearshape")
                    }
                }
            }
            .navigationDestination(for: Screen.self) { destination in
                switch destination {
                case .game:
                    if let game = session.game {
                        GameView(model: game, session: session, openLevel: open, screen: $screen)
                            .id(game.snapshot.levelId)  // fresh screen state for another level
                    }
                case .puzzles:
                    PuzzlesView(session: session, play: { path = [.puzzles, .game] }, edit: { model in
                        editor = model
                        path = [.puzzles, .editor]
                    }, openCode: { showingOpenCode = true })
                case .editor:
                    if let editor {
                        EditorView(model: editor, session: session) { path.append(.game) }
                    }
                }
            }
        }
        .safeAreaInset(edge: .top, spacing: 0) {
            if let failure = session.saveError {
                SaveErrorBanner(message: Words.saveFailure(failure)) { session.save() } dismiss: { session.dismissSaveError() }
            }
        }
        .onChange(of: session.saveError) { _, failure in
            if let failure { AccessibilityNotification.Announcement(Words.saveFailure(failure)).post() }
        }
        .sheet(isPresented: $showingSettings) {
            SettingsView(settings: $session.settings)
        }
        .sheet(isPresented: $showingOpenCode, onDismiss: { link = nil }) {
            OpenCodeView(session: session, link: link) { path = [.game] }
        }
        .onOpenURL { url in
            // The sheet hands the link to the core, which reads it or says why not.
            link = url.absoluteString
            showingOpenCode = true
        }
        .onChange(of: path) { _, path in
            // Off the game screen (back button, swipe or the result sheet): the session stops a
            // hint, drops a daily puzzle still being made and refreshes its offer.
            if !path.contains(.editor) { editor = nil }
            if !path.contains(.game) {
                session.leave()
                screen = ""
            }
        }
        .onAppear {
            showingRestoreProblems = !session.restoreProblems.isEmpty
            guard !restoredScreen else { return }
            restoredScreen = true
            // After the system ended the app with a game on screen, go back into that game.
            if session.restore(screen: ScreenRecord(encoded: screen)) != nil { path = [.game] }
        }
        .alert("Saved games", isPresented: $showingRestoreProblems) {
            Button("OK") { session.dismissRestoreProblems() }
        } message: {
            Text("Some saved data was damaged, so that part starts afresh:\n\(session.restoreProblems.map(Words.restoreProblem).joined(separator: "\n"))")
        }
        .alert("Could not open the level", isPresented: $showingFailure) {
            Button("OK") {}
        } message: {
            Text(failure)
        }
    }

    private func show(failure error: any Error) {
        failure = playerMessage(for: error)
        showingFailure = true
    }

    private func open(_ levelId: String) {
        do {
            try session.open(levelId: levelId)
            path = [.game]
        } catch {
            show(failure: error)
        }
    }

    private func openDaily() {
        Task {
            do {
                // nil: the player opened something else meanwhile, and that stays on screen.
                if try await session.openDaily() != nil { path = [.game] }
            } catch {
                show(failure: error)
            }
        }
    }
}

/// Why the game, progress or settings could not be saved (say, a full disk), with a retry (every
/// save retries anyway) and a dismiss (the next failure shows it again). Never blocks play.
private struct SaveErrorBanner: View {
    let message: String
    let retry: @MainActor () -> Void
    let dismiss: @MainActor () -> Void

    var body: some View {
        HStack(spacing: 8) {
            Image(systemName: "exclamationmark.triangle.fill")
                .foregroundStyle(.orange)
                .accessibilityHidden(true)
            Text(message)
                .font(.footnote)
                .frame(maxWidth: .infinity, alignment: .leading)
            Button("Retry") { retry() }
                .font(.footnote.bold())
                .frame(minWidth: 44, minHeight: 44)
            Button {
                dismiss()
            } label: {
                Label("Dismiss", systemImage: "xmark")
                    .labelStyle(.iconOnly)
                    .frame(minWidth: 44, minHeight: 44)
                    .contentShape(Rectangle())
            }
        }
        .padding(.horizontal)
        .background(.regularMaterial)
        .accessibilityElement(children: .contain)
    }
}

/// One pack: its name, wins, and its levels (locked ones shown but not playable).
private struct PackSection: View {
    let pack: PackProgress
    let open: (String) -> Void

    var body: some View {
        Section {
            ForEach(pack.levels, id: \.level.id) { entry in
                Button {
                    open(entry.level.id)
                } label: {
                    LevelRow(entry: entry, locked: !pack.unlocked)
                }
                .disabled(!pack.unlocked)
            }
        } header: {
            HStack {
                Text(pack.name)
                Spacer()
                if pack.unlocked {
                    Text("\(Int(pack.won))/\(pack.levels.count) won · \(Int(pack.perfect)) perfect")
                } else {
                    Label("Locked", systemImage: "lock.fill")
                }
            }
            .accessibilityElement(children: .combine)
        }
    }
}

/// A level's name, par and best result.
private struct LevelRow: View {
    let entry: LevelProgress
    let locked: Bool

    var body: some View {
        HStack {
            VStack(alignment: .leading) {
                Text(entry.level.name).font(.body)
                Text("Par \(Int(entry.level.par))").font(.caption).foregroundStyle(.secondary)
            }
            Spacer()
            if locked {
                Image(systemName: "lock.fill").foregroundStyle(.secondary)
            } else if let best = entry.best {
                ResultBadge(best: best)
            }
        }
        .contentShape(Rectangle())
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(accessibilityText)
    }

    private var accessibilityText: String {
        var parts = [entry.level.name, String(localized: "par \(Int(entry.level.par))")]
        parts.append(locked ? String(localized: "locked") : Words.result(entry.best))
        return parts.joined(separator: ", ")
    }
}

/// A star for a win in par, a tick for a win over par.
struct ResultBadge: View {
    let best: BestResult

    var body: some View {
        Image(systemName: best.grade == .perfect ? "star.fill" : "checkmark.circle.fill")
            .foregroundStyle(best.grade == .perfect ? Color.yellow : Color.green)
    }
}
