import Foundation
import KamiCore

/// Words and symbols for palette colours, so a player who cannot tell two colours apart (or
/// cannot see them) can still tell them apart: a symbol drawn on tiles and the palette, and a
/// colour name for VoiceOver.
public enum ColourNames {
    /// One SF Symbol per palette index (palettes hold at most 6 colours; beyond that they repeat).
    public static let symbols = ["circle.fill", "triangle.fill", "square.fill", "diamond.fill", "star.fill", "plus"]

    /// The SF Symbol name for palette index `colour`.
    public static func symbol(for colour: UInt32) -> String {
        symbols[Int(colour) % symbols.count]
    }

    /// The symbol's shape in words, for VoiceOver ("circle", "triangle", …).
    public static func shape(for colour: UInt32) -> String {
        String(symbol(for: colour).prefix { $0 != "." })
    }

    /// A plain English name for `rgb` ("red", "dark blue", "grey", …), from its hue, saturation
    /// and brightness. Coarse on purpose: it tells VoiceOver users roughly what others see.
    public static func name(of rgb: Rgb) -> String {
        let red = Double(rgb.red) / 255, green = Double(rgb.green) / 255, blue = Double(rgb.blue) / 255
        let brightest = max(red, green, blue), darkest = min(red, green, blue)
        let chroma = brightest - darkest
        if brightest < 0.15 { return "black" }
        if chroma / brightest < 0.15 { return brightest > 0.85 ? "white" : brightest < 0.35 ? "dark grey" : "grey" }
        let hue: Double  // degrees, 0 = red
        switch brightest {
        case red: hue = (60 * (green - blue) / chroma + 360).truncatingRemainder(dividingBy: 360)
        case green: hue = 60 * (blue - red) / chroma + 120
        default: hue = 60 * (red - green) / chroma + 240
        }
        let family = hueNames.first { hue < $0.below }?.name ?? "red"
        if brightest < 0.6 && (family == "orange" || family == "yellow") { return "brown" }
        return brightest < 0.45 ? "dark \(family)" : family
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
    private static let hueNames: [(below: Double, name: String)] = [
        (15, "red"), (40, "orange"), (68, "yellow"), (160, "green"), (195, "teal"), (255, "blue"),
        (290, "purple"), (340, "pink"),
    ]
}
