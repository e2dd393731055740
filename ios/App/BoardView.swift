import KamiKit
import SwiftUI

/// The board, drawn with `Canvas` from the core's layout for the view's size. A tap goes to the
/// model, which asks the core which tile it hit and plays the selected colour there. After a
/// move the recoloured tiles turn ring by ring outwards from the tapped tile (the core's flood
/// order, timed by `Ripple`).
struct BoardView: View {
    let model: GameModel
    /// Draw each colour's symbol on its tiles (the colour-blind setting).
    let showsSymbols: Bool
    /// When the current ripple started; `nil` when none is running (the timeline then pauses).
    @State private var rippleStart: Date?

    var body: some View {
        GeometryReader { proxy in
            let size = proxy.size
            // Everything the drawing needs, read here on the main actor: the renderer gets values.
            let picture = model.layout(in: size).map { BoardPicture(model: model, layout: $0, symbols: showsSymbols) }
            let start = rippleStart
            TimelineView(.animation(paused: start == nil)) { timeline in
                Canvas { context, _ in
                    picture?.draw(in: &context, elapsed: start.map { timeline.date.timeIntervalSince($0) })
                }
            }
            .contentShape(Rectangle())
            .onTapGesture { location in model.tap(at: location, in: size) }
        }
        .onChange(of: model.snapshot.revision) {
            rippleStart = model.ripple == nil ? nil : .now
        }
        .task(id: rippleStart) {
            guard rippleStart != nil, let ripple = model.ripple else { return }
            do {
                try await Task.sleep(for: .seconds(ripple.duration + 0.05))
            } catch {
                return  // a newer ripple took over
            }
            rippleStart = nil
        }
        .accessibilityElement()
        .accessibilityLabel("Board")
        .accessibilityValue("\(model.snapshot.regionCount) areas in \(model.snapshot.coloursLeft) colours")
        .accessibilityHint("Tap an area to paint it in the selected colour.")
    }
}

/// One frame's worth of board: plain values, so the `Canvas` renderer touches no model.
private struct BoardPicture {
    let layout: BoardLayout
    let tiles: [UInt32?]
    let palette: [Rgb]
    let ripple: Ripple?
    /// The region a shown hint points at.
    let hinted: Set<UInt32>
    let symbols: Bool

    @MainActor init(model: GameModel, layout: BoardLayout, symbols: Bool) {
        self.layout = layout
        tiles = model.snapshot.tiles
        palette = model.palette
        ripple = model.ripple
        if case .shown(let hint) = model.hint, let next = hint.next { hinted = Set(next.region) } else { hinted = [] }
        self.symbols = symbols
    }

    /// Draws the board `elapsed` seconds into the ripple (`nil`: no ripple running).
    func draw(in context: inout GraphicsContext, elapsed: Double?) {
        let images = symbols
            ? palette.indices.map { context.resolve(Image(systemName: ColourNames.symbol(for: UInt32($0)))) } : []
        for shape in layout.tiles {
            guard let now = tiles[Int(shape.tile)] else { continue }
            let colour = elapsed.flatMap { ripple?.colour(of: shape.tile, now: now, elapsed: $0) } ?? now
            guard palette.indices.contains(Int(colour)) else { continue }
            var path = Path()
            path.addLines(shape.vertices.map { CGPoint(x: $0.x, y: $0.y) })
            path.closeSubpath()
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
        }
    }
}
