//! Level ids of earlier releases that no longer name a shipped level: levels that moved to another
//! pack, and levels that were retired. Saves keep working through this table:
//!
//! - a moved level's result is carried to its new id when progress is restored, and a game saved
//!   on it restores (and records its win) under the new id;
//! - a won level that left a pack (moved or retired) still counts towards opening the pack after
//!   the one it was in, as it did when it was won ([`crate::progress::Progress::credit`]); its
//!   old id is kept in the save for that. Packs once opened stay open in any case.
//!
//! An id, once shipped, is never given to another level: the test below checks that no id here
//! is shipped again.

/// Where the islands levels of the 2026-11-25 release went when the islands became one chapter
/// (`06-archipelago`) and packs 7 and 8 became connected boards: `(old id, new id)` for a level
/// that moved, `(old id, None)` for one that was retired.
pub const PAST_LEVELS: &[(&str, Option<&str>)] = &[
    ("06-archipelago/strait", None),
    ("06-archipelago/isthmus", None),
    ("06-archipelago/skerry", None),
    ("06-archipelago/headland", None),
    ("06-archipelago/castaway", None),
    ("06-archipelago/inlet", None),
    ("07-deep-water/trench", Some("06-archipelago/trench")),
    ("07-deep-water/current", None),
    ("07-deep-water/pressure", None),
    ("07-deep-water/kelp-forest", None),
    ("07-deep-water/abyss", None),
    ("07-deep-water/fathom", Some("06-archipelago/fathom")),
    ("07-deep-water/sonar", Some("06-archipelago/sonar")),
    ("07-deep-water/anglerfish", Some("06-archipelago/anglerfish")),
    ("07-deep-water/thermocline", None),
    ("07-deep-water/sunken-bell", None),
    ("07-deep-water/leviathan", None),
    ("07-deep-water/nautilus", None),
    ("07-deep-water/undertow-deep", None),
    ("07-deep-water/midnight-zone", Some("06-archipelago/midnight-zone")),
    ("07-deep-water/brine", None),
    ("08-summit/foothills", Some("06-archipelago/foothills")),
    ("08-summit/scree", None),
    ("08-summit/switchback", None),
    ("08-summit/ridge", None),
    ("08-summit/cairn", None),
    ("08-summit/col", None),
    ("08-summit/snowfield", None),
    ("08-summit/crevasse", None),
    ("08-summit/cornice", None),
    ("08-summit/traverse", None),
    ("08-summit/serac", None),
    ("08-summit/false-summit", None),
    ("08-summit/bergschrund", None),
    ("08-summit/thin-air", None),
    ("08-summit/summit", None),
];

/// The id a level has now: its new id if it moved, else `id` itself.
pub fn current_id(id: &str) -> &str {
    match PAST_LEVELS.iter().find(|(old, _)| *old == id) {
        Some((_, Some(new))) => new,
        _ => id,
    }
}

/// The pack a level that left it was in, if `id` is such a level's old id.
pub fn left_pack(id: &str) -> Option<&str> {
    PAST_LEVELS.iter().find(|(old, _)| *old == id).and_then(|(old, _)| old.split_once('/')).map(|(pack, _)| pack)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Catalogue;

    #[test]
    fn no_past_id_is_shipped_and_every_move_leads_to_a_shipped_level() {
        let shipped = Catalogue::shipped();
        for &(old, new) in PAST_LEVELS {
            assert!(shipped.level(old).is_none(), "{old} is shipped again");
            assert!(left_pack(old).is_some_and(|p| old.starts_with(p)), "{old}");
            if let Some(new) = new {
                assert!(shipped.level(new).is_some(), "{old} moved to {new}, which is not shipped");
                assert_eq!(current_id(old), new);
            }
        }
        assert_eq!(current_id("01-first-steps/one-fold"), "01-first-steps/one-fold");
        assert_eq!(left_pack("01-first-steps/one-fold"), None);
    }
}
