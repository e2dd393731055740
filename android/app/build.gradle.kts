// The Compose app: a thin shell over `core` (bindings + state holders) and the Rust library,
// which cargo-ndk builds for every ABI the app ships (see `buildRustLibraries` below).
plugins {
    id("com.android.application")
    kotlin("android")
    kotlin("plugin.compose")
}

android {
    namespace = "app.kami.android"
    compileSdk = 36
    // AGP 8.13's default NDK; install it with Android Studio's SDK Manager (README.md).
    ndkVersion = "27.0.12077973"

    defaultConfig {
        applicationId = "app.kami.android"
        minSdk = 26
        targetSdk = 36
        versionCode = 1
        versionName = "0.1"
    }

    buildTypes {
        release {
            // Shrinking would need keep rules for JNA and the generated bindings; not set up yet.
            isMinifyEnabled = false
        }
    }

    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }

    buildFeatures {
        compose = true
    }

    // Where `buildRustLibraries` puts libkami_core.so, one folder per ABI.
    sourceSets["main"].jniLibs.srcDir(layout.buildDirectory.dir("rustJniLibs").get().asFile)
}

kotlin {
    // Kotlin and Java compile with JDK 17, found or downloaded by the toolchain resolver in
    // settings.gradle.kts; Gradle itself may run on a newer JDK (Android Studio's JBR 21).
    jvmToolchain(17)
}

dependencies {
    implementation(project(":core")) {
        // `core` uses JNA's plain jar on the JVM; Android needs the `@aar`, which carries
        // libjnidispatch.so for every ABI.
        exclude(group = "net.java.dev.jna", module = "jna")
    }
    implementation("net.java.dev.jna:jna:5.17.0@aar")

    implementation(platform("androidx.compose:compose-bom:2025.12.01"))
    implementation("androidx.compose.ui:ui")
    implementation("androidx.compose.foundation:foundation")
    implementation("androidx.compose.material3:material3")
    implementation("androidx.compose.material:material-icons-core")
    debugImplementation("androidx.compose.ui:ui-tooling")
    implementation("androidx.activity:activity-compose:1.11.0")
    implementation("androidx.lifecycle:lifecycle-viewmodel-compose:2.9.4")
    implementation("androidx.lifecycle:lifecycle-runtime-compose:2.9.4")
}

// The Rust core as libkami_core.so for each ABI, built by cargo-ndk into build/rustJniLibs/<abi>/
// (a jniLibs folder of the app) before Gradle merges the native libraries. Needs cargo, the
// rustup targets and cargo-ndk (README.md); the NDK is the one `ndkVersion` names.
val repositoryRoot: File = rootDir.parentFile
val rustJniLibs = layout.buildDirectory.dir("rustJniLibs")
val buildRustLibraries by tasks.registering(Exec::class) {
    description = "Builds libkami_core.so for arm64-v8a, armeabi-v7a and x86_64 with cargo-ndk."
    group = "build"
    workingDir = repositoryRoot
    // Android Studio may not start Gradle from a shell that has ~/.cargo/bin on its PATH.
    val cargoHome = System.getenv("CARGO_HOME") ?: "${System.getProperty("user.home")}/.cargo"
    val cargo = File(cargoHome, "bin/cargo").takeIf { it.canExecute() }?.path ?: "cargo"
    commandLine(
        cargo, "ndk",
        "--target", "arm64-v8a", "--target", "armeabi-v7a", "--target", "x86_64",
        "--platform", "26",
        "--output-dir", rustJniLibs.get().asFile.path,
        "build", "--release", "--package", "kami-core",
    )
    inputs.dir(repositoryRoot.resolve("rust-core"))
    inputs.dir(repositoryRoot.resolve("levels"))
    inputs.files(repositoryRoot.resolve("Cargo.toml"), repositoryRoot.resolve("Cargo.lock"))
    outputs.dir(rustJniLibs)
    doFirst {
        // cargo-ndk finds the NDK through ANDROID_NDK_HOME; give it the one this build uses.
        environment("ANDROID_NDK_HOME", android.ndkDirectory.path)
    }
}

tasks.configureEach {
    if (name.startsWith("merge") && name.endsWith("JniLibFolders")) {
        dependsOn(buildRustLibraries)
    }
}
