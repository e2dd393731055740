import KamiKit
import SwiftUI

/// Kami for iPhone: a thin SwiftUI shell. Every rule, number and saved byte comes from the Rust
/// core through KamiKit; the views draw the models and send them intents.
@main
struct KamiApp: App {
    /// The game, progress and settings, restored from Application Support on launch.
    @State private var session = Session(store: SaveStore(directory: KamiApp.saveDirectory))
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            LevelSelectView(session: session)
        }
        .onChange(of: scenePhase) { _, phase in
            // Every intent has saved already; this covers a kill while in the background.
            if phase != .active { session.save() }
        }
    }

    /// Application Support/Kami: kept and backed up, never shown to the player.
    static var saveDirectory: URL {
        URL.applicationSupportDirectory.appending(path: "Kami", directoryHint: .isDirectory)
    }
}
