// Plugin versions live here once; modules apply the plugins without a version.
plugins {
    // The Android Gradle plugin; it needs Gradle 8.13 (gradle/wrapper/gradle-wrapper.properties).
    id("com.android.application") version "8.13.2" apply false
    // The same Kotlin as the kotlinc that android/scripts/test-jvm.sh uses, for every module.
    kotlin("jvm") version "2.4.20" apply false
    kotlin("android") version "2.4.20" apply false
    kotlin("plugin.compose") version "2.4.20" apply false
}
