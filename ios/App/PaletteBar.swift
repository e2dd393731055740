import KamiKit
import SwiftUI

/// The colours to paint with: one button each, with its symbol, the selected one ringed.
/// VoiceOver reads each as its colour name and symbol ("blue, triangle"), selected or not.
struct PaletteBar: View {
    let model: GameModel
    /// Grows with Dynamic Type, like the text around it.
    @ScaledMetric(relativeTo: .title) private var swatch: CGFloat = 48

    var body: some View {
        HStack(spacing: 12) {
            ForEach(Array(model.palette.enumerated()), id: \.offset) { index, rgb in
                let colour = UInt32(index)
                let selected = model.selectedColour == colour
                Button {
                    model.selectColour(colour)
                } label: {
                    Circle()
                        .fill(Color(rgb))
                        .overlay {
                            Image(systemName: ColourNames.symbol(for: colour))
                                .font(.system(size: swatch * 0.35))
                                .foregroundStyle(Color.ink(on: rgb).opacity(0.7))
                        }
                        .overlay {
                            Circle().strokeBorder(Color.primary, lineWidth: selected ? 4 : 0)
                                .padding(-6)
                        }
                        .frame(width: swatch, height: swatch)
                        .padding(6)
                }
                .buttonStyle(.plain)
                .accessibilityLabel("\(ColourNames.name(of: rgb)), \(ColourNames.shape(for: colour))")
                .accessibilityAddTraits(selected ? .isSelected : [])
            }
        }
        .accessibilityElement(children: .contain)
        .accessibilityLabel("Colours")
    }
}
