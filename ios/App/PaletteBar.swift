import KamiCore
import KamiKit
import SwiftUI

/// The colours to paint with: one button each, with its symbol, the selected one ringed.
/// VoiceOver reads each as its colour name and symbol ("blue, triangle"), selected or not.
///
/// The swatches are sized from the width the bar is given (`PaletteMetrics`): as large as the
/// Dynamic Type size asks, shrinking to fit six on the narrowest iPhone, never below a 44 pt
/// touch target, and wrapping into two rows only if even that does not fit.
struct PaletteBar: View {
    let model: GameModel
    /// The largest a swatch's cell grows to; scales with Dynamic Type, like the text around it.
    @ScaledMetric(relativeTo: .title) private var preferredSide: CGFloat = 60

    var body: some View {
        SwatchLayout(preferredSide: preferredSide) {
            ForEach(Array(model.palette.enumerated()), id: \.offset) { index, rgb in
                let colour = UInt32(index)
                let selected = model.selectedColour == colour
                Button {
                    model.selectColour(colour)
                } label: {
                    Swatch(rgb: rgb, colour: colour, selected: selected)
                }
                .buttonStyle(.plain)
                .accessibilityLabel(Words.colour(colour, of: model))
                .accessibilityAddTraits(selected ? .isSelected : [])
            }
        }
        .accessibilityElement(children: .contain)
        .accessibilityLabel("Colours")
    }
}

/// One swatch filling the square cell it is given (the whole cell is the touch target): the
/// colour as a circle with its symbol, and a ring round it when selected.
private struct Swatch: View {
    let rgb: Rgb
    let colour: UInt32
    let selected: Bool

    var body: some View {
        ZStack {
            if selected {
                Circle().strokeBorder(Color.primary, lineWidth: 3)
            }
            Circle()
                .fill(Color(rgb))
                .overlay {
                    Image(systemName: ColourNames.symbol(for: colour))
                        .resizable()
                        .scaledToFit()
                        .foregroundStyle(Color.ink(on: rgb).opacity(0.7))
                        .scaleEffect(0.4)
                }
                .scaleEffect(0.78)  // room for the ring inside the cell
        }
        .contentShape(Rectangle())
    }
}

/// Places the swatches as `PaletteMetrics` says: square cells of one size, rows centred.
private struct SwatchLayout: Layout {
    let preferredSide: CGFloat

    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        PaletteMetrics(count: subviews.count, width: proposal.width, preferredSide: preferredSide).size
    }

    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        // The proposal the bounds were sized from, so the cells are the size `sizeThatFits` gave.
        let metrics = PaletteMetrics(count: subviews.count, width: proposal.width, preferredSide: preferredSide)
        let cell = ProposedViewSize(width: metrics.side, height: metrics.side)
        for (index, subview) in subviews.enumerated() {
            let origin = metrics.origin(of: index, width: bounds.width)
            subview.place(at: CGPoint(x: bounds.minX + origin.x, y: bounds.minY + origin.y), proposal: cell)
        }
    }
}
