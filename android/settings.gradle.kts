// The Android side of Kami. `core` is plain Kotlin/JVM: the generated uniffi bindings and the
// state holder, tested on the JVM against the Rust library (see README.md).
pluginManagement {
    repositories {
        gradlePluginPortal()
        mavenCentral()
    }
}

dependencyResolutionManagement {
    repositoriesMode.set(RepositoriesMode.FAIL_ON_PROJECT_REPOS)
    repositories {
        mavenCentral()
    }
}

rootProject.name = "kami"
include(":core")
