// Plain Kotlin/JVM module: the generated bindings (src/main/kotlin/app/kami/core, never edited by
// hand) and the platform-neutral state holder (app.kami.play). No Android dependency.
plugins {
    kotlin("jvm")
}

kotlin {
    // Kotlin and Java compile with JDK 17, found or downloaded by the toolchain resolver in
    // settings.gradle.kts; Gradle itself may run on a newer JDK (Android Studio's JBR 21).
    jvmToolchain(17)
}

dependencies {
    // The generated bindings call the Rust library through JNA. Versions match what
    // android/scripts/test-jvm.sh compiles and runs against (Debian's JNA, Kotlin's coroutines).
    // An Android app replaces this jar with JNA's `@aar`, which carries the Android natives.
    api("net.java.dev.jna:jna:5.13.0")
    api("org.jetbrains.kotlinx:kotlinx-coroutines-core:1.8.0")

    testImplementation(kotlin("test-junit"))
    testImplementation("junit:junit:4.13.2")
}

tasks.test {
    // The tests load the host build of the Rust library: run `cargo build --release -p kami-core`
    // at the repository root first.
    systemProperty("jna.library.path", rootDir.resolve("../target/release").absolutePath)
}
