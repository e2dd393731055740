import KamiCore
import KamiKit
import SwiftUI

extension Color {
    /// A colour from the core (sRGB, 0–255 per channel).
    init(_ rgb: Rgb) {
        self.init(.sRGB, red: Double(rgb.red) / 255, green: Double(rgb.green) / 255, blue: Double(rgb.blue) / 255)
    }

    /// The colour for a symbol drawn on `rgb`: black on light colours, white on dark ones.
    static func ink(on rgb: Rgb) -> Color {
        ColourNames.prefersDarkInk(on: rgb) ? .black : .white
    }
}
