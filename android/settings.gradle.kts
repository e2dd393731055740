// The Android side of Kami: `core` is plain Kotlin/JVM (the generated uniffi bindings and the
// state holder, tested on the JVM against the Rust library); `app` is the Compose app on top of
// it. See README.md.
pluginManagement {
    repositories {
        google()
        gradlePluginPortal()
        mavenCentral()
    }
}

plugins {
    // Both modules compile with JDK 17 (`jvmToolchain(17)`), whatever JDK runs Gradle (Android
    // Studio's bundled JBR 21, say): Gradle uses an installed JDK 17 if it finds one, else this
    // resolver downloads one (foojay Disco API) into ~/.gradle/jdks once.
    id("org.gradle.toolchains.foojay-resolver-convention") version "1.0.0"
}

dependencyResolutionManagement {
    repositoriesMode.set(RepositoriesMode.FAIL_ON_PROJECT_REPOS)
    repositories {
        google()
        mavenCentral()
    }
}

rootProject.name = "kami"
include(":core", ":app")
