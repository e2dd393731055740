import KamiCore
import KamiKit
import SwiftUI

/// The board, drawn with `Canvas` from the core's layout for the view's size. A tap goes to the
/// model, which asks the core which tile it hit and plays the selected colour there. After a
/// move the recoloured tiles turn ring by ring outwards from the tapped tile (the core's flood
/// order, timed by `Ripple`).
///
/// VoiceOver plays the board through a cursor the model keeps: swiping up or down moves it along
/// the rows, run of colour by run of colour, and VoiceOver reads the run's colour and place;
/// double-tapping paints the selected colour there. The actions rotor moves the cursor a row up
/// or down and plays the hint on screen.
struct BoardView: View {
    let model: GameModel
    /// Draw each colour's symbol on its tiles (the colour-blind setting).
    let showsSymbols: Bool
    /// Outline the cursor's run while VoiceOver runs, for anyone following on the screen.
    @Environment(\.accessibilityVoiceOverEnabled) private var voiceOverEnabled
    /// The model's last ripple once it has finished: the timeline pauses until the next one.
    @State private var finishedRipple: Ripple?

    var body: some View {
        GeometryReader { proxy in
            let size = proxy.size
            // The ripple comes from the model with the move's snapshot and its start time, so the
            // first frame after a move already draws the tiles not yet reached in their old colour.
            let ripple = model.ripple.flatMap { $0 == finishedRipple ? nil : $0 }
            // Everything the drawing needs, read here on the main actor: the renderer gets values.
            let picture = model.layout(in: size).map {
                BoardPicture(model: model, layout: $0, ripple: ripple, symbols: showsSymbols,
                             outlined: voiceOverEnabled ? Set(model.cursorRun?.tiles ?? []) : [])
            }
            TimelineView(.animation(paused: ripple == nil)) { timeline in
                Canvas { context, _ in
                    picture?.draw(in: &context, at: timeline.date)
                }
            }
            .contentShape(Rectangle())
            .onTapGesture { location in model.tap(at: location, in: size) }
        }
        .task(id: model.ripple) {
            guard let ripple = model.ripple else { return }
            let left = ripple.end.timeIntervalSinceNow + 0.05
            if left > 0 {
                do {
                    try await Task.sleep(for: .seconds(left))
                } catch {
                    return  // a newer ripple took over
                }
            }
            finishedRipple = ripple
        }
        .accessibilityElement()
        .accessibilityLabel("Board. Areas: \(Int(model.snapshot.regionCount)). Colours: \(Int(model.snapshot.coloursLeft)).")
        .accessibilityValue(Words.cursor(of: model))
        .accessibilityHint("Swipe up or down to move along the rows. Double-tap to paint in the selected colour.")
        .accessibilityAdjustableAction { direction in
            if direction == .increment {
                model.moveCursor(.next)
            } else if direction == .decrement {
                model.moveCursor(.previous)
            }
        }
        .accessibilityAction { model.playAtCursor() }
        .accessibilityActions {
            if case .shown(let hint) = model.hint, let next = hint.next {
                Button("Play the hint: \(Words.colour(next.colour, of: model))") { model.playHint() }
            }
            Button("Row above") { model.moveCursor(.up) }
            Button("Row below") { model.moveCursor(.down) }
        }
    }
}

/// One frame's worth of board: plain values, so the `Canvas` renderer touches no model.
private struct BoardPicture {
    let layout: BoardLayout
    let tiles: [UInt32?]
    let palette: [Rgb]
    /// The ripple still running, if any.
    let ripple: Ripple?
    /// The region a shown hint points at.
    let hinted: Set<UInt32>
    let symbols: Bool
    /// Tiles to outline (VoiceOver's cursor).
    let outlined: Set<UInt32>

    @MainActor init(model: GameModel, layout: BoardLayout, ripple: Ripple?, symbols: Bool, outlined: Set<UInt32>) {
        self.layout = layout
        tiles = model.snapshot.tiles
        palette = model.palette
        self.ripple = ripple
        if case .shown(let hint) = model.hint, let next = hint.next { hinted = Set(next.region) } else { hinted = [] }
        self.symbols = symbols
        self.outlined = outlined
    }

    /// Draws the board as it looks at `date` (a running ripple shows tiles not yet reached in
    /// their old colour).
    func draw(in context: inout GraphicsContext, at date: Date) {
        let images = symbols
            ? palette.indices.map { context.resolve(Image(systemName: ColourNames.symbol(for: UInt32($0)))) } : []
        var outline = Path()
        for shape in layout.tiles {
            guard let now = tiles[Int(shape.tile)] else { continue }
            let colour = ripple?.colour(of: shape.tile, now: now, at: date) ?? now
            guard palette.indices.contains(Int(colour)) else { continue }
            let path = Path(tile: shape)
            let fill = Color(palette[Int(colour)])
            context.fill(path, with: .color(fill))
            // Stroking in the fill colour hides hairline seams between neighbouring tiles.
            context.stroke(path, with: .color(fill), lineWidth: 0.75)
            if hinted.contains(shape.tile) {
                context.fill(path, with: .color(.white.opacity(0.35)))
            }
            if !images.isEmpty {
                var symbol = images[Int(colour)]
                symbol.shading = .color(Color.ink(on: palette[Int(colour)]).opacity(0.55))
                let side = layout.side * 0.3
                let corner = CGPoint(x: shape.centre.x - side / 2, y: shape.centre.y - side / 2)
                context.draw(symbol, in: CGRect(origin: corner, size: CGSize(width: side, height: side)))
            }
            if outlined.contains(shape.tile) { outline.addPath(path) }
        }
        if !outline.isEmpty {
            context.stroke(outline, with: .color(.black), lineWidth: 4)
            context.stroke(outline, with: .color(.white), lineWidth: 2)
        }
    }
}

extension Path {
    /// A tile's outline from the core's layout (the game board and the editor draw with it).
    init(tile: TileShape) {
        self.init()
        addLines(tile.vertices.map { CGPoint(x: $0.x, y: $0.y) })
        closeSubpath()
    }
}
