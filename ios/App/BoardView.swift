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
            TimelineView(.animation(paused: rippleStart == nil)) { timeline in
                let elapsed = rippleStart.map { timeline.date.timeIntervalSince($0) } ?? .infinity
                Canvas { context, _ in
                    draw(in: &context, size: size, elapsed: elapsed)
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
        .accessibilityValue(
            "\(model.snapshot.regionCount) areas in \(model.snapshot.coloursLeft) colours")
        .accessibilityHint("Tap an area to paint it in the selected colour.")
    }

    private func draw(in context: inout GraphicsContext, size: CGSize, elapsed: Double) {
        guard let layout = model.layout(in: size) else { return }
        let snapshot = model.snapshot
        let palette = snapshot.palette
        let ripple = elapsed.isFinite ? model.ripple : nil
        var hinted: Set<UInt32> = []
        if case .shown(let hint) = model.hint, let next = hint.next { hinted = Set(next.region) }
        let symbols = showsSymbols
            ? palette.indices.map { context.resolve(Image(systemName: ColourNames.symbol(for: UInt32($0)))) } : []

        for shape in layout.tiles {
            guard let now = snapshot.tiles[Int(shape.tile)] else { continue }
            let colour = ripple?.colour(of: shape.tile, now: now, elapsed: elapsed) ?? now
            guard Int(colour) < palette.count else { continue }
            let path = outline(shape)
            let fill = Color(palette[Int(colour)])
            context.fill(path, with: .color(fill))
            // Stroking in the fill colour hides hairline seams between neighbouring tiles.
            context.stroke(path, with: .color(fill), lineWidth: 0.75)
            if hinted.contains(shape.tile) {
                context.fill(path, with: .color(.white.opacity(0.35)))
            }
            if !symbols.isEmpty {
                var symbol = symbols[Int(colour)]
                symbol.shading = .color(Color.ink(on: palette[Int(colour)]).opacity(0.55))
                let side = layout.side * 0.3
                let centre = CGPoint(x: shape.centre.x, y: shape.centre.y)
                let frame = CGRect(x: centre.x - side / 2, y: centre.y - side / 2, width: side, height: side)
                context.draw(symbol, in: frame)
            }
        }
    }

    private func outline(_ shape: TileShape) -> Path {
        var path = Path()
        path.addLines(shape.vertices.map { CGPoint(x: $0.x, y: $0.y) })
        path.closeSubpath()
        return path
    }
}
