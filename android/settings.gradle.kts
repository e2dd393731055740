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

dependencyResolutionManagement {
    repositoriesMode.set(RepositoriesMode.FAIL_ON_PROJECT_REPOS)
    repositories {
        google()
        mavenCentral()
    }
}

rootProject.name = "kami"
include(":core", ":app")
