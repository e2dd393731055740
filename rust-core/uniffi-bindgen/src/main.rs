//! `uniffi-bindgen`: generates the Swift and Kotlin bindings from the built kami-core library.

fn main() {
    uniffi::uniffi_bindgen_main()
}
