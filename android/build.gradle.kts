// Plugin versions live here once; modules apply the plugins without a version.
plugins {
    // The same Kotlin as the kotlinc that android/scripts/test-jvm.sh uses.
    kotlin("jvm") version "2.4.20" apply false
}
