// Plugin versions live here once; modules apply the plugins without a version.
//
// Kotlin 2.3.21 with AGP 8.13.2: Android's "AGP, D8, and R8 versions required for Kotlin
// versions" table (developer.android.com/build/kotlin-support) lists Kotlin 2.3 for AGP
// 8.2.2–8.13, with R8 8.13.19, the R8 that AGP 8.13.2 bundles. Kotlin 2.4 needs R8 9.1.29 (AGP
// 9.1), so it is not used here. All three Kotlin plugins must name the same version:
// android/scripts/test-jvm.sh reads it and compiles `core` at that language and API level.
plugins {
    // The Android Gradle plugin; it needs Gradle 8.13 (gradle/wrapper/gradle-wrapper.properties).
    id("com.android.application") version "8.13.2" apply false
    kotlin("jvm") version "2.3.21" apply false
    kotlin("android") version "2.3.21" apply false
    kotlin("plugin.compose") version "2.3.21" apply false
}
