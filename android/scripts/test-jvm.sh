#!/usr/bin/env bash
# Tests android/core on the JVM against the real Rust library through the committed bindings:
#   1. builds kami-core (release cdylib) and uniffi-bindgen, and fails if the committed bindings
#      differ from what the core generates now (drift check);
#   2. compiles bindings + state holder + tests with kotlinc in one invocation, at the Kotlin
#      language and API level of the Gradle build (android/build.gradle.kts), which may be older
#      than this kotlinc, so the tests accept only code the Android build accepts too;
#   3. runs the JUnit 4 tests with JNA loading target/release/libkami_core.so.
# Needs what android/scripts/install-jvm-toolchain.sh installs. Works from any directory.
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
target_dir=${CARGO_TARGET_DIR:-$repo_root/target}
kotlin_home=${KAMI_TOOLCHAINS:-$repo_root/.toolchains}/kotlin
module=$repo_root/android/core
out=$module/build/kotlinc

say() { printf 'test-jvm: %s\n' "$*"; }

kotlin_libs=(kotlin-stdlib kotlin-test kotlin-test-junit kotlinx-coroutines-core-jvm)
debian_jars=(jna junit4 hamcrest-core)
classpath=()
for jar in "${kotlin_libs[@]/#/$kotlin_home/lib/}" "${debian_jars[@]/#//usr/share/java/}"; do
    if [ ! -f "$jar.jar" ]; then
        say "missing $jar.jar: run android/scripts/install-jvm-toolchain.sh first"
        exit 1
    fi
    classpath+=("$jar.jar")
done
classpath=$(IFS=:; echo "${classpath[*]}")

# The Kotlin version of the Gradle build: one version for kotlin("jvm"), kotlin("android") and
# kotlin("plugin.compose"); "2.3.21" gives language and API level 2.3.
mapfile -t gradle_kotlin < <(sed -n 's/^ *kotlin("[a-z.]*") version "\([^"]*\)".*/\1/p' "$repo_root/android/build.gradle.kts" | sort -u)
if [ ${#gradle_kotlin[@]} -ne 1 ]; then
    say "android/build.gradle.kts must give all Kotlin plugins one version; found: ${gradle_kotlin[*]:-none}"
    exit 1
fi
kotlin_level=$(printf '%s' "${gradle_kotlin[0]}" | cut -d. -f1,2)

"$repo_root/android/scripts/generate-bindings.sh" --check

mapfile -t sources < <(find "$module/src/main/kotlin" "$module/src/test/kotlin" -name '*.kt' | sort)
mapfile -t tests < <(cd "$module/src/test/kotlin" && find . -name '*Test.kt' | sed 's|^\./||; s|\.kt$||; s|/|.|g' | sort)
say "kotlinc: ${#sources[@]} files, Kotlin $kotlin_level language and API (the Gradle build's ${gradle_kotlin[0]})"
rm -rf "$out"
"$kotlin_home/bin/kotlinc" -Werror -jvm-target 17 -language-version "$kotlin_level" -api-version "$kotlin_level" \
    -cp "$classpath" -d "$out" "${sources[@]}"

say "JUnit: ${tests[*]}"
# The tests take seconds; ten minutes means a hang, which must fail the run rather than stall it.
timeout --kill-after=10 600 java -Djna.library.path="$target_dir/release" -cp "$out:$classpath" org.junit.runner.JUnitCore "${tests[@]}"
