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
    @State private var loadingDaily = false
    @State private var showingRestoreProblems = false
    /// Why the last level could not be opened, while the alert shows it.
    @State private var failure = ""
    @State private var showingFailure = false

    /// The one screen pushed over this one.
    enum Screen: Hashable {
        case game
    }

    var body: some View {
        NavigationStack(path: $path) {
            List {
                Section {
                    if let game = session.game {
                        Button {
                            session.resume()  // a won game starts again
                            path = [.game]
                        } label: {
                            if game.status == .playing {
                                Label("Continue \(game.snapshot.name)", systemImage: "play.fill")
                            } else {
                                Label("Play \(game.snapshot.name) again", systemImage: "arrow.counterclockwise")
                            }
                        }
                    }
                    Button(action: openDaily) {
                        HStack {
                            Label("Today's puzzle", systemImage: "calendar")
                            Spacer()
                            if loadingDaily { ProgressView() }
                        }
                    }
                    .disabled(loadingDaily)
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
            .navigationDestination(for: Screen.self) { _ in
                if let game = session.game {
                    GameView(model: game, session: session, openLevel: open)
                        .id(game.snapshot.levelId)  // fresh screen state for another level
                }
            }
        }
        .safeAreaInset(edge: .top, spacing: 0) {
            if let message = session.saveError {
                SaveErrorBanner(message: message) { session.save() } dismiss: { session.dismissSaveError() }
            }
        }
        .onChange(of: session.saveError) { _, message in
            if let message { AccessibilityNotification.Announcement(message).post() }
        }
        .sheet(isPresented: $showingSettings) {
            SettingsView(settings: $session.settings)
        }
        .onAppear { showingRestoreProblems = !session.restoreProblems.isEmpty }
        .alert("Saved games", isPresented: $showingRestoreProblems) {
            Button("OK") { session.dismissRestoreProblems() }
        } message: {
            Text("Some saved data was damaged, so that part starts afresh:\n"
                + session.restoreProblems.map(\.description).joined(separator: "\n"))
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
        loadingDaily = true
        Task {
            defer { loadingDaily = false }
            do {
                try await session.openDaily()
                path = [.game]
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
                    Text("\(pack.won)/\(pack.levels.count) won · \(pack.perfect) perfect")
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
                Text("Par \(entry.level.par)").font(.caption).foregroundStyle(.secondary)
            }
            Spacer()
            if locked {
                Image(systemName: "lock.fill").foregroundStyle(.secondary)
            } else if let best = entry.best {
                Image(systemName: best.grade == .perfect ? "star.fill" : "checkmark.circle.fill")
                    .foregroundStyle(best.grade == .perfect ? Color.yellow : Color.green)
            }
        }
        .contentShape(Rectangle())
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(accessibilityText)
    }

    private var accessibilityText: String {
        var parts = [entry.level.name, "par \(entry.level.par)"]
        if locked {
            parts.append("locked")
        } else if let best = entry.best {
            parts.append(best.grade == .perfect ? "perfect in \(best.moves) moves" : "solved in \(best.moves) moves")
        } else {
            parts.append("not solved yet")
        }
        return parts.joined(separator: ", ")
    }
}
