import KamiCore
import KamiKit
import SwiftUI
import UIKit

/// The puzzle editor: the board (drag to paint; a tap paints one triangle), the palette with the
/// curated palettes and a custom colour, the tools, and the live analysis in words underneath.
/// Play, Save and Share in the toolbar. Every edit, hit-test and analysis is the core's, through
/// KamiKit's `EditorModel` (tested there); this view draws it and forwards the touches.
struct EditorView: View {
    let model: EditorModel
    let session: Session
    /// Opens the game in play (pushes the game screen).
    let play: () -> Void
    @State private var name = String(localized: "My puzzle")
    @State private var sharing: ShareItems?
    @State private var saved = false
    @State private var failure: String?

    var body: some View {
        VStack(spacing: 8) {
            TextField("Name", text: $name)
                .textFieldStyle(.roundedBorder)
            EditorBoard(model: model)
            EditorPalette(model: model)
            EditorTools(model: model)
            AnalysisFooter(report: model.report)
            if let message = model.errorMessage {
                Text(message).font(.footnote).foregroundStyle(.secondary)
            }
        }
        .padding(.horizontal)
        .navigationTitle("Make a puzzle")
        .navigationBarTitleDisplayMode(.inline)
        .task { await model.watchAnalysis() }
        .toolbar {
            ToolbarItemGroup(placement: .primaryAction) {
                Button { model.undo() } label: { Label("Undo", systemImage: "arrow.uturn.backward") }
                    .disabled(!model.snapshot.canUndo)
                Button { model.redo() } label: { Label("Redo", systemImage: "arrow.uturn.forward") }
                    .disabled(!model.snapshot.canRedo)
            }
            ToolbarItemGroup(placement: .bottomBar) {
                Button { attempt { try session.play(model, name: name); play() } } label: { Label("Play", systemImage: "play.fill") }
                Spacer()
                Button { attempt { try session.save(model, name: name); saved = true } } label: {
                    Label("Save to my puzzles", systemImage: "tray.and.arrow.down")
                }
                Spacer()
                Button { attempt { sharing = try session.shareItems(for: model, name: name) } } label: {
                    Label("Share", systemImage: "square.and.arrow.up")
                }
            }
        }
        .sheet(isPresented: isPresent($sharing)) {
            if let sharing { ShareSheet(items: sharing, name: name) }
        }
        .alert("Saved to your puzzles", isPresented: $saved) {
            Button("OK") {}
        }
        .alert("Could not do that", isPresented: isPresent($failure)) {
            Button("OK") {}
        } message: {
            Text(failure ?? "")
        }
    }

    private func attempt(_ action: () throws -> Void) {
        do {
            try action()
        } catch {
            failure = playerMessage(for: error)
        }
    }
}

/// The drawing: cells in their colours, holes as outlines to paint over. One drag gesture with
/// no minimum distance sends every point to the model (a tap is a drag of one point).
private struct EditorBoard: View {
    let model: EditorModel

    var body: some View {
        GeometryReader { proxy in
            let size = proxy.size
            let layout = model.layout(in: size)
            let tiles = model.snapshot.tiles
            let palette = model.snapshot.palette
            Canvas { context, _ in
                guard let layout else { return }
                for shape in layout.tiles {
                    let path = Path(tile: shape)
                    if let colour = tiles[Int(shape.tile)], palette.indices.contains(Int(colour)) {
                        let fill = Color(palette[Int(colour)])
                        context.fill(path, with: .color(fill))
                        context.stroke(path, with: .color(fill), lineWidth: 0.75)
                    } else {
                        context.stroke(path, with: .color(.secondary.opacity(0.4)), lineWidth: 0.5)
                    }
                }
            }
            .contentShape(Rectangle())
            .gesture(
                DragGesture(minimumDistance: 0)
                    .onChanged { model.drag(to: $0.location, in: size) }
                    .onEnded { model.release(at: $0.location, in: size) }
            )
        }
        .accessibilityElement()
        .accessibilityLabel("Drawing")
        .accessibilityValue(Words.report(model.report))
    }
}

/// The palette: a swatch per colour (tap to select), a colour picker for the selected one, add
/// and remove, and the curated palettes in a menu. The core's warning shows when two colours
/// are too alike.
private struct EditorPalette: View {
    let model: EditorModel

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack {
                ForEach(Array(model.snapshot.palette.enumerated()), id: \.offset) { index, rgb in
                    let selected = model.brush != .hole && model.selectedColour == UInt32(index)
                    Button {
                        model.selectColour(UInt32(index))
                    } label: {
                        Circle().fill(Color(rgb))
                            .overlay { if selected { Circle().strokeBorder(Color.primary, lineWidth: 3) } }
                            .frame(width: 44, height: 44)
                    }
                    .buttonStyle(.plain)
                    .accessibilityLabel(Words.colour(ColourName(of: rgb)))
                    .accessibilityAddTraits(selected ? .isSelected : [])
                }
                ColorPicker(selection: customColour, supportsOpacity: false) { Text("Custom colour") }
                    .labelsHidden()
                Menu {
                    ForEach(EditorModel.palettes, id: \.name) { palette in
                        Button(palette.name) { model.usePalette(palette) }
                    }
                    Divider()
                    Button("Add a colour") { model.addColour() }
                        .disabled(model.snapshot.palette.count >= 6)
                    Button("Remove this colour", role: .destructive) { model.removeSelectedColour() }
                        .disabled(model.snapshot.palette.count <= 2)
                } label: {
                    Label("Palettes", systemImage: "paintpalette")
                }
            }
            ForEach(model.snapshot.paletteWarnings, id: \.self) { warning in
                Label(warning, systemImage: "exclamationmark.triangle").font(.caption).foregroundStyle(.orange)
            }
        }
    }

    /// The selected colour, to replace with the player's own.
    private var customColour: Binding<Color> {
        Binding {
            let palette = model.snapshot.palette
            return palette.indices.contains(Int(model.selectedColour)) ? Color(palette[Int(model.selectedColour)]) : .gray
        } set: { colour in
            var (red, green, blue, alpha): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
            guard UIColor(colour).getRed(&red, green: &green, blue: &blue, alpha: &alpha) else { return }
            func byte(_ value: CGFloat) -> UInt8 { UInt8(clamping: Int((min(max(value, 0), 1) * 255).rounded())) }
            model.setColour(model.selectedColour, to: Rgb(red: byte(red), green: byte(green), blue: byte(blue)))
        }
    }
}

/// Paint, fill or hole; the mirror (tap for the next one this board allows); clear.
private struct EditorTools: View {
    @Bindable var model: EditorModel

    var body: some View {
        HStack {
            Picker(selection: $model.brush) {
                Label("Paint", systemImage: "paintbrush.pointed").tag(EditorBrush.paint)
                Label("Fill", systemImage: "drop").tag(EditorBrush.fill)
                Label("Hole", systemImage: "circle.dashed").tag(EditorBrush.hole)
            } label: {
                Text("Tool")
            }
            .pickerStyle(.segmented)
            Button { model.nextMirror() } label: {
                Label(Words.mirror(model.snapshot.mirror), systemImage: "arrow.left.and.right.righttriangle.left.righttriangle.right")
            }
            .disabled(model.snapshot.mirrorsAllowed.count < 2)
            Button(role: .destructive) { model.clear() } label: { Label("Clear", systemImage: "trash") }
        }
        .labelStyle(.iconOnly)
    }
}

/// The live analysis in plain words: areas and colours, the par or its bounds, the rating and
/// the verdicts (`Words.report`).
private struct AnalysisFooter: View {
    let report: AnalysisReport?

    var body: some View {
        VStack(spacing: 2) {
            ForEach(Words.reportLines(report), id: \.self) { Text($0) }
        }
        .font(.callout)
        .multilineTextAlignment(.center)
        .frame(maxWidth: .infinity, minHeight: 60)
        .accessibilityElement(children: .combine)
    }
}

/// The system share sheet with the code and link as text and the QR code as an image.
struct ShareSheet: UIViewControllerRepresentable {
    let items: ShareItems
    let name: String

    func makeUIViewController(context: Context) -> UIActivityViewController {
        var activityItems: [Any] = [String(localized: "Try my Kami puzzle \(name): \(items.link)\nCode: \(items.code)")]
        if let qr = UIImage(data: items.qrPNG) { activityItems.append(qr) }
        return UIActivityViewController(activityItems: activityItems, applicationActivities: nil)
    }

    func updateUIViewController(_ controller: UIActivityViewController, context: Context) {}
}

/// Whether an optional state is set, as a sheet's or alert's binding (dismissing clears it).
func isPresent<T>(_ value: Binding<T?>) -> Binding<Bool> {
    Binding(get: { value.wrappedValue != nil }, set: { if !$0 { value.wrappedValue = nil } })
}
