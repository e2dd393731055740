import KamiKit
import SwiftUI

/// The player's preferences; each change is saved by the session at once.
struct SettingsView: View {
    @Binding var settings: PlayerSettings
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    Toggle("Symbols on tiles", isOn: $settings.colourBlindSymbols)
                } footer: {
                    Text("""
                        Draws each colour's symbol on the board, as on the palette, so colours can be \
                        told apart without seeing them.
                        """)
                }
                Section {
                    Toggle("Haptics", isOn: $settings.haptics)
                } footer: {
                    Text("A tap on each move, and a different feel for a win or a fail.")
                }
            }
            .navigationTitle("Settings")
            .toolbar {
                ToolbarItem(placement: .confirmationAction) {
                    Button("Done") { dismiss() }
                }
            }
        }
    }
}
