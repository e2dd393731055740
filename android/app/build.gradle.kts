// The Compose app: a thin shell over `core` (bindings + state holders) and the Rust library,
// which cargo-ndk builds for every ABI the app ships (see `CargoNdkBuild` below).
import javax.inject.Inject

plugins {
    id("com.android.application")
    kotlin("android")
    kotlin("plugin.compose")
}

/** The ABIs the app ships: the Rust library is built for each, and the APK holds no other. */
val rustAbis = listOf("arm64-v8a", "armeabi-v7a", "x86_64")

android {
    namespace = "app.kami.android"
    compileSdk = 36
    // NDK r28c: r28 and later link for 16 KB pages by default (Android 15 devices may use them,
    // and Google Play requires it); rust-core/core/build.rs also asks for 16 KB alignment, so an
    // older NDK cannot slip through. Install it with Android Studio's SDK Manager (README.md).
    ndkVersion = "28.2.13676358"

    defaultConfig {
        applicationId = "app.kami.android"
        minSdk = 26
        targetSdk = 36
        versionCode = 1
        versionName = "0.1"
        ndk {
            // Only the ABIs the Rust library is built for: JNA's aar also carries x86 (and more),
            // and a device that picked such an ABI would find no libkami_core.so.
            abiFilters += rustAbis
        }
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

// The Rust core as libkami_core.so for each ABI the app ships, built by cargo-ndk for each variant
// and handed to AGP as a generated jniLibs folder of that variant (the variant API's
// addGeneratedSourceDirectory), so the merge tasks depend on it without naming them, and nothing
// reads the android extension at execution time (configuration-cache friendly). Needs cargo, the
// rustup targets and cargo-ndk (README.md); the NDK is the one `ndkVersion` names, found through
// sdkComponents.ndkDirectory.
val repositoryRoot: Directory = rootProject.layout.projectDirectory.dir("..")
// Android Studio may not start Gradle from a shell that has ~/.cargo/bin on its PATH.
val cargoExecutable: Provider<String> = providers.environmentVariable("CARGO_HOME")
    .orElse(providers.systemProperty("user.home").map { "$it/.cargo" })
    .map { home -> File(home, "bin/cargo").takeIf { it.canExecute() }?.path ?: "cargo" }

/** Runs `cargo ndk ... build --release --package kami-core` into [outputDirectory]/<abi>/. */
abstract class CargoNdkBuild @Inject constructor(private val exec: ExecOperations) : DefaultTask() {
    /** The repository root (the cargo workspace). */
    @get:Internal
    abstract val workspace: DirectoryProperty

    /** What the library is built from: the Rust sources, the level packs, the manifests and lock file. */
    @get:InputFiles
    @get:PathSensitive(PathSensitivity.RELATIVE)
    abstract val sources: ConfigurableFileCollection

    /** The ABIs to build, as Android names them (cargo-ndk maps them to Rust targets). */
    @get:Input
    abstract val abis: ListProperty<String>

    @get:Input
    abstract val cargo: Property<String>

    /** The NDK cargo-ndk links with. */
    @get:Input
    abstract val ndkPath: Property<String>

    /** Set by AGP (addGeneratedSourceDirectory): a jniLibs folder of the variant. */
    @get:OutputDirectory
    abstract val outputDirectory: DirectoryProperty

    @TaskAction
    fun build() {
        exec.exec {
            workingDir(workspace.get().asFile)
            // cargo-ndk finds the NDK through ANDROID_NDK_HOME.
            environment("ANDROID_NDK_HOME", ndkPath.get())
            commandLine(
                listOf(cargo.get(), "ndk") + abis.get().flatMap { listOf("--target", it) } +
                    listOf("--platform", "26", "--output-dir", outputDirectory.get().asFile.path) +
                    listOf("build", "--release", "--package", "kami-core"),
            )
        }
    }
}

androidComponents {
    val ndkPath = sdkComponents.ndkDirectory.map { it.asFile.path }
    onVariants { variant ->
        val task = tasks.register<CargoNdkBuild>("buildRustLibraries${variant.name.replaceFirstChar(Char::uppercase)}") {
            description = "Builds libkami_core.so for ${rustAbis.joinToString()} with cargo-ndk."
            group = "build"
            workspace.set(repositoryRoot)
            sources.from(
                repositoryRoot.files("Cargo.toml", "Cargo.lock"),
                repositoryRoot.dir("levels"),
                repositoryRoot.dir("rust-core").asFileTree.matching { exclude("**/target/**") },
            )
            abis.set(rustAbis)
            cargo.set(cargoExecutable)
            this.ndkPath.set(ndkPath)
        }
        variant.sources.jniLibs?.addGeneratedSourceDirectory(task, CargoNdkBuild::outputDirectory)
    }
}
