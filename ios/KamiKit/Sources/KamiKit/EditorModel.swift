import Foundation
import KamiCore
import Observation

/// What a tap or a drag on the editor's board does.
public enum EditorBrush: Equatable, Sendable {
    /// Paints the triangles touched in the selected colour.
    case paint
    /// Recolours the whole area tapped, as a move would.
    case fill
    /// Makes the triangles touched holes.
    case hole
}

/// A puzzle being drawn, as the editor screen shows it: the core's `Editor` does every edit,
/// hit-test, undo and analysis; this model keeps the snapshot on screen, the brush and colour
/// chosen, and the live analysis of the board on screen.
///
/// The analysis is waited for on another thread (`watchAnalysis`) and shown only if it is for
/// the version of the drawing on screen: an answer for a board since changed is dropped, so the
/// footer never shows a par for a board the player no longer sees. Main-actor isolated like
/// `GameModel`.
@MainActor
@Observable
public final class EditorModel {
    /// The drawing in the core (thread-safe).
    @ObservationIgnored let editor: Editor
    @ObservationIgnored private var cachedLayout: (size: CGSize, layout: BoardLayout)?
    /// Whether a drag is painting (between its first point and its end).
    @ObservationIgnored private var stroking = false

    /// The drawing as it stands: palette, cells, mirror, undo and redo availability, warnings.
    public private(set) var snapshot: EditorSnapshot
    /// The newest analysis of the drawing on screen; `nil` while the board shown has none yet.
    public private(set) var analysis: EditorAnalysis?
    /// What taps and drags do.
    public var brush: EditorBrush = .paint
    /// The palette index painting and filling use.
    public private(set) var selectedColour: UInt32 = 0
    /// Why the last intent was refused, worded by the core; `nil` once an intent succeeds.
    public private(set) var errorMessage: String?

    /// A blank board of `rows × cols` triangles (the KAMI 2 board is 29 × 10) in the first
    /// `colours` colours of `palette` (the first curated palette if `nil`).
    public static func blank(rows: UInt32 = 29, cols: UInt32 = 10, palette: CuratedPalette? = nil, colours: Int = 4) throws -> EditorModel {
        let chosen = palette ?? curatedPalettes()[0]
        let editor = try Editor.blank(tiling: .triangles, rows: rows, cols: cols, palette: Array(chosen.colours.prefix(colours)))
        return EditorModel(editor: editor)
    }

    /// The board and palette of the shipped level `levelId`, to change.
    public convenience init(levelId: String) throws {
        self.init(editor: try Editor.fromLevel(levelId: levelId))
    }

    /// A model of `editor` as it stands.
    init(editor: Editor) {
        self.editor = editor
        snapshot = editor.snapshot()
        analysis = editor.latestAnalysis().flatMap { $0.version == snapshot.version ? $0 : nil }
    }

    /// The curated palettes, each of six colours clearly apart.
    public static var palettes: [CuratedPalette] { curatedPalettes() }

    /// The footer's report of the analysis on screen, if any.
    public var report: AnalysisReport? { analysis.map(AnalysisReport.init) }

    /// Every cell's outline (holes included) for a board drawn into `size`, or `nil` for an
    /// empty or non-finite size. Edits never change the board's size, so it is cached per size.
    public func layout(in size: CGSize) -> BoardLayout? {
        if let cached = cachedLayout, cached.size == size { return cached.layout }
        guard let layout = try? editor.layout(width: Double(size.width), height: Double(size.height)) else { return nil }
        cachedLayout = (size, layout)
        return layout
    }

    /// Chooses the colour to paint and fill with (and switches a hole brush back to paint).
    public func selectColour(_ colour: UInt32) {
        selectedColour = colour
        if brush == .hole { brush = .paint }
    }

    /// A tap at `point` of a board drawn into `size`: paints one cell, fills its area or makes
    /// it a hole, as the brush says (and its mirror image too).
    public func tap(at point: CGPoint, in size: CGSize) {
        perform {
            guard let cell = try editor.tileAt(width: Double(size.width), height: Double(size.height), x: Double(point.x), y: Double(point.y))
            else { return }
            switch brush {
            case .fill: changed(to: try editor.fill(tile: cell, colour: selectedColour))
            case .paint, .hole: changed(to: try editor.paint(tile: cell, tool: tool))
            }
        }
    }

    /// A drag moved to `point` of a board drawn into `size`: the first point starts a stroke,
    /// and the core paints every cell between the points. The whole drag is one undo step. A
    /// fill brush does not drag.
    public func drag(to point: CGPoint, in size: CGSize) {
        guard brush != .fill else { return }
        perform {
            if !stroking {
                try editor.beginStroke(tool: tool)
                stroking = true
            }
            changed(to: try editor.strokeTo(width: Double(size.width), height: Double(size.height), x: Double(point.x), y: Double(point.y)))
        }
    }

    /// The finger lifted at `point` after `drag(to:in:)` (or at once, for a tap): ends the
    /// stroke, or, with the fill brush, fills the area there.
    public func release(at point: CGPoint, in size: CGSize) {
        if brush == .fill { tap(at: point, in: size) } else { endDrag() }
    }

    /// The drag ended.
    public func endDrag() {
        guard stroking else { return }
        stroking = false
        editor.endStroke()
    }

    /// Paints with `mirror` from now on (the snapshot lists the ones this board's size allows).
    public func setMirror(_ mirror: Symmetry) {
        perform { changed(to: try editor.setMirror(mirror: mirror)) }
    }

    /// The next mirror this board allows after the one in use: none, left-right, top-bottom,
    /// half turn, and round again.
    public func nextMirror() {
        let allowed = snapshot.mirrorsAllowed
        guard let index = allowed.firstIndex(of: snapshot.mirror) else { return setMirror(.none) }
        setMirror(allowed[(index + 1) % allowed.count])
    }

    /// Makes every cell, holes included, the selected colour.
    public func clear() {
        perform { changed(to: try editor.clear(colour: selectedColour)) }
    }

    /// Takes back the last edit.
    public func undo() {
        perform { changed(to: try editor.undo()) }
    }

    /// Replays the last undone edit.
    public func redo() {
        perform { changed(to: try editor.redo()) }
    }

    /// Takes the colours of curated `palette`, as many as the drawing has.
    public func usePalette(_ palette: CuratedPalette) {
        perform { changed(to: try editor.setPalette(palette: Array(palette.colours.prefix(snapshot.palette.count)))) }
    }

    /// Replaces palette colour `colour` by a colour of the player's choice; colours too alike are
    /// kept but listed in `snapshot.paletteWarnings`.
    public func setColour(_ colour: UInt32, to rgb: Rgb) {
        perform { changed(to: try editor.setColour(colour: colour, rgb: rgb)) }
    }

    /// Adds a colour (at most six): the next of the curated palette whose first colour the
    /// drawing starts with, or of the first palette.
    public func addColour() {
        let count = snapshot.palette.count
        let source = Self.palettes.first { $0.colours.first == snapshot.palette.first } ?? Self.palettes[0]
        let rgb = source.colours.indices.contains(count) ? source.colours[count] : Rgb(red: 128, green: 128, blue: 128)
        perform { changed(to: try editor.addColour(rgb: rgb)) }
    }

    /// Removes the selected colour; its cells take the colour before it (or the next, for the first).
    public func removeSelectedColour() {
        let into: UInt32 = selectedColour == 0 ? 1 : selectedColour - 1
        perform {
            changed(to: try editor.removeColour(colour: selectedColour, into: into))
            selectedColour = min(into, UInt32(snapshot.palette.count - 1))
        }
    }

    /// A fresh game of the drawing named `name`, with the proven par or the best found so far.
    /// Throws `KamiError.BoardOneColour` when there is nothing to play.
    public func play(name: String) throws -> GameModel {
        GameModel(game: try editor.play(name: name))
    }

    /// Waits for the analysis on another thread, again and again until the task is cancelled,
    /// showing each answer that is for the drawing on screen. Run it while the editor shows
    /// (SwiftUI's `.task`).
    public func watchAnalysis() async {
        let editor = self.editor
        await watchAnalysis { after in
            await Task.detached(priority: .utility) { editor.analysis(after: after, timeoutMs: 250) }.value
        }
    }

    /// `watchAnalysis()` with the waiting done by `waiting` (tests hold it back to race it).
    func watchAnalysis(waiting: (UInt64) async -> EditorAnalysis?) async {
        var after: UInt64 = 0
        while !Task.isCancelled {
            guard let next = await waiting(after) else { continue }
            after = next.serial
            receive(next)
        }
    }

    /// Shows `analysis` if it is for the drawing on screen and newer than the one shown.
    func receive(_ analysis: EditorAnalysis) {
        guard analysis.version == snapshot.version, analysis.serial > (self.analysis?.serial ?? 0) else { return }
        self.analysis = analysis
    }

    private var tool: EditorTool {
        brush == .hole ? .hole : .paint(colour: selectedColour)
    }

    /// Shows the drawing after an edit; an analysis of the board before goes.
    private func changed(to snapshot: EditorSnapshot) {
        self.snapshot = snapshot
        if analysis?.version != snapshot.version { analysis = nil }
    }

    private func perform(_ intent: () throws -> Void) {
        errorMessage = refusal(of: intent)
    }
}
