import Foundation
import KamiCore

/// Words and symbols for palette colours, so a player who cannot tell two colours apart (or
/// cannot see them) can still tell them apart: a symbol drawn on tiles and the palette, and its
/// shape for VoiceOver (the colour's name is `ColourName`).
public enum ColourNames {
    /// One SF Symbol per palette index (palettes hold at most 6 colours; beyond that they repeat).
    public static let symbols = ["circle.fill", "triangle.fill", "square.fill", "diamond.fill", "star.fill", "plus"]

    /// The SF Symbol name for palette index `colour`.
    public static func symbol(for colour: UInt32) -> String {
        symbols[Int(colour) % symbols.count]
    }

    /// The shape of palette index `colour`'s symbol, for VoiceOver to name.
    public static func shape(for colour: UInt32) -> Shape {
        Shape.allCases[Int(colour) % Shape.allCases.count]
    }

    /// The symbols' shapes, in palette order (`symbols`).
    public enum Shape: CaseIterable, Sendable {
        case circle, triangle, square, diamond, star, plus
    }

    /// Whether a symbol drawn on `rgb` should be dark (on a light colour) rather than light: by
    /// the colour's relative luminance (WCAG), dark ink from 0.18 up, where it has more contrast.
    public static func prefersDarkInk(on rgb: Rgb) -> Bool {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(rgb.red) + 0.7152 * linear(rgb.green) + 0.0722 * linear(rgb.blue) >= 0.18
    }

    /// Hue bands in degrees, each named up to (not including) `below`.
    static let hueNames: [(below: Double, hue: ColourName.Hue)] = [
        (15, .red), (40, .orange), (68, .yellow), (160, .green), (195, .teal), (255, .blue), (290, .purple), (340, .pink),
    ]
}

/// A coarse colour name ("dark blue", "grey", "brown") from a colour's hue, saturation and
/// brightness, the same bands as the Android app's `ColourName`, for the app to word. Coarse on
/// purpose: it tells VoiceOver users roughly what others see.
public struct ColourName: Equatable, Sendable {
    /// A colour family.
    public enum Hue: CaseIterable, Sendable {
        case black, white, grey, brown, red, orange, yellow, green, teal, blue, purple, pink
    }

    /// The family.
    public let hue: Hue
    /// Whether "dark" goes before it.
    public let dark: Bool

    /// The name of `hue`, dark or not.
    public init(_ hue: Hue, dark: Bool = false) {
        self.hue = hue
        self.dark = dark
    }

    /// The name of `rgb`.
    public init(of rgb: Rgb) {
        let red = Double(rgb.red) / 255, green = Double(rgb.green) / 255, blue = Double(rgb.blue) / 255
        let brightest = max(red, green, blue), darkest = min(red, green, blue)
        let chroma = brightest - darkest
        if brightest < 0.15 {
            self.init(.black)
        } else if chroma / brightest < 0.15 {
            self.init(brightest > 0.85 ? .white : .grey, dark: brightest < 0.35)
        } else {
            let hue: Double  // degrees, 0 = red
            switch brightest {
            case red: hue = (60 * (green - blue) / chroma + 360).truncatingRemainder(dividingBy: 360)
            case green: hue = 60 * (blue - red) / chroma + 120
            default: hue = 60 * (red - green) / chroma + 240
            }
            let family = ColourNames.hueNames.first { hue < $0.below }?.hue ?? .red
            if brightest < 0.6 && (family == .orange || family == .yellow) {
                self.init(.brown)
            } else {
                self.init(family, dark: brightest < 0.45)
            }
        }
    }
}
