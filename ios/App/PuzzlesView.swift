import KamiCore
import KamiKit
import PhotosUI
import SwiftUI

/// The player's puzzles: "Make a puzzle" (the editor), "Open a code", "Import screenshot" (the
/// system photo picker, screenshots only) and the puzzles made, opened and imported so far, each
/// with its thumbnail, par and best result; tap to play, swipe to delete, long-press to rename,
/// duplicate, edit or share. Reading, keeping and saving are KamiKit's
/// (`Session.importScreenshot` and friends, tested there); this view asks and words.
struct PuzzlesView: View {
    let session: Session
    /// Opens the game in play (pushes the game screen).
    let play: () -> Void
    /// Opens the editor on a drawing (pushes the editor screen).
    let edit: (EditorModel) -> Void
    /// Shows "Open a code".
    let openCode: () -> Void
    @State private var sharing: (items: ShareItems, name: String)?
    @State private var pickedItem: PhotosPickerItem?
    @State private var importing = false
    /// A board whose par the player is asked for.
    @State private var pending: PendingImport?
    @State private var parText = ""
    /// The puzzle being renamed, and the name typed.
    @State private var renaming: PuzzleEntry?
    @State private var newName = ""
    /// Why the last import failed, while the alert shows it.
    @State private var failure: String?
    /// Why the last open, rename, duplicate or delete failed, while the alert shows it.
    @State private var actionFailure: String?

    var body: some View {
        List {
            Section {
                Button {
                    attempt { edit(try EditorModel.blank()) }
                } label: {
                    Label("Make a puzzle", systemImage: "paintbrush.pointed")
                }
                Button(action: openCode) {
                    Label("Open a code", systemImage: "qrcode")
                }
                PhotosPicker(selection: $pickedItem, matching: .screenshots, photoLibrary: .shared()) {
                    HStack {
                        Label("Import screenshot", systemImage: "photo.badge.plus")
                        Spacer()
                        if importing { ProgressView() }
                    }
                }
                .disabled(importing)
            } footer: {
                Text("Pick a screenshot of a KAMI 2 puzzle: Kami reads the board and you play it here, with hints.")
            }
            Section {
                ForEach(session.puzzles.puzzles.reversed(), id: \.id) { entry in
                    Button {
                        open(entry.id)
                    } label: {
                        PuzzleRow(entry: entry, thumbnail: try? session.puzzles.thumbnail(id: entry.id, size: PuzzleRow.thumbnailSize))
                    }
                    .contextMenu {
                        Button("Rename") {
                            newName = entry.name
                            renaming = entry
                        }
                        Button("Duplicate") {
                            attempt { try session.duplicatePuzzle(entry.id, name: String(localized: "\(entry.name) copy")) }
                        }
                        Button("Edit") {
                            attempt { edit(try session.edit(puzzleId: entry.id)) }
                        }
                        Button("Share") {
                            attempt { sharing = (try session.shareItems(puzzleId: entry.id), entry.name) }
                        }
                    }
                }
                .onDelete { offsets in
                    let newestFirst = Array(session.puzzles.puzzles.reversed())
                    for id in offsets.map({ newestFirst[$0].id }) { attempt { try session.deletePuzzle(id) } }
                }
            }
        }
        .navigationTitle("Your puzzles")
        .onChange(of: pickedItem) { _, item in
            guard let item else { return }
            pickedItem = nil
            importScreenshot(item)
        }
        .sheet(isPresented: Binding(get: { sharing != nil }, set: { if !$0 { sharing = nil } })) {
            if let sharing { ShareSheet(items: sharing.items, name: sharing.name) }
        }
        .alert("What is the par?", isPresented: isPresent($pending)) {
            TextField("Par", text: $parText).keyboardType(.numberPad)
            Button("Play") { finishImport() }
            Button("Cancel", role: .cancel) {}
        } message: {
            Text("The move counter could not be read. Enter the number of moves the puzzle shows.")
        }
        .alert("Rename puzzle", isPresented: isPresent($renaming)) {
            TextField("Name", text: $newName)
            Button("Rename") {
                if let entry = renaming { attempt { try session.renamePuzzle(entry.id, to: newName) } }
            }
            Button("Cancel", role: .cancel) {}
        }
        .alert("Could not import the screenshot", isPresented: isPresent($failure)) {
            Button("OK") {}
        } message: {
            Text(failure ?? "")
        }
        .alert("Could not change your puzzles", isPresented: isPresent($actionFailure)) {
            Button("OK") {}
        } message: {
            Text(actionFailure ?? "")
        }
    }

    private func importScreenshot(_ item: PhotosPickerItem) {
        importing = true
        Task {
            defer { importing = false }
            do {
                guard let data = try await item.loadTransferable(type: Data.self) else { return }
                let name = String(localized: "Screenshot \(Date.now.formatted(date: .abbreviated, time: .shortened))")
                show(try await session.importScreenshot(data, name: name))
            } catch {
                failure = Words.importProblem(ImportProblem(error))
            }
        }
    }

    private func finishImport() {
        guard let pending else { return }
        self.pending = nil
        guard let par = UInt32(parText.trimmingCharacters(in: .whitespaces)) else {
            failure = Words.importProblem(.invalidPar(max: 4096))
            return
        }
        do {
            show(try session.finishImport(pending, par: par))
        } catch {
            failure = Words.importProblem(ImportProblem(error))
        }
    }

    private func show(_ outcome: ImportOutcome) {
        switch outcome {
        case .opened: play()
        case .kept: break  // the player moved on; the puzzle is in the list
        case .needsPar(let pending):
            parText = ""
            self.pending = pending
        }
    }

    private func open(_ id: String) {
        attempt {
            try session.open(puzzleId: id)
            play()
        }
    }

    private func attempt(_ action: () throws -> Void) {
        do {
            try action()
        } catch {
            actionFailure = playerMessage(for: error)
        }
    }
}

/// One puzzle: its thumbnail, name, par (with a seal when proven) and best result.
private struct PuzzleRow: View {
    static let thumbnailSize = CGSize(width: 44, height: 72)
    let entry: PuzzleEntry
    let thumbnail: Thumbnail?

    var body: some View {
        HStack(spacing: 12) {
            Canvas { context, size in
                guard let thumbnail else { return }
                for tile in thumbnail.tiles {
                    var path = Path()
                    path.addLines(tile.vertices.map { CGPoint(x: $0.x, y: $0.y) })
                    path.closeSubpath()
                    context.fill(path, with: .color(Color(tile.colour)))
                }
            }
            .frame(width: Self.thumbnailSize.width, height: Self.thumbnailSize.height)
            .accessibilityHidden(true)
            VStack(alignment: .leading) {
                Text(entry.name).font(.body)
                HStack(spacing: 4) {
                    Text("Par \(Int(entry.par))")
                    if entry.parProven { Image(systemName: "checkmark.seal").accessibilityHidden(true) }
                }
                .font(.caption).foregroundStyle(.secondary)
            }
            Spacer()
            if let best = entry.best { ResultBadge(best: best) }
        }
        .contentShape(Rectangle())
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(accessibilityText)
    }

    private var accessibilityText: String {
        var parts = [entry.name, String(localized: "par \(Int(entry.par))")]
        if entry.parProven { parts.append(String(localized: "par proven")) }
        parts.append(Words.result(entry.best))
        return parts.joined(separator: ", ")
    }
}
