//! PISKRS.CFG: the menu's choices remembered in the program's directory.

use crate::dos::dosapi;
use piskrs::app::settings::{self, Settings};
use piskrs::support::text::Text;

/// PISKRS.CFG in the program's directory, as a 0-terminated name.
fn settings_path(out: &mut [u8; 96]) -> &[u8] {
    // The directory is read straight into place (no copy through a buffer).
    let directory = out.first_chunk_mut().expect("96 bytes hold the 80");
    let len = dosapi::program_directory(directory);
    out[len..len + settings::FILE_NAME.len()].copy_from_slice(settings::FILE_NAME);
    out[len + settings::FILE_NAME.len()] = 0;
    &out[..=len + settings::FILE_NAME.len()]
}

#[inline(never)]
pub(crate) fn load_settings() -> Settings {
    let mut path = [0u8; 96];
    // A byte more than the file may hold: a longer file fills it, and is
    // refused by its length alone.
    const LIMIT: usize = settings::MAX_BYTES * 2;
    let mut text = Text::<{ LIMIT + 1 }>::new();
    let read = dosapi::read_file_chunks(settings_path(&mut path), &mut |chunk| {
        text.push(chunk);
    });
    match read {
        Ok(()) if text.as_bytes().len() <= LIMIT => Settings::parse(text.as_bytes()),
        _ => Settings::default(), // missing, damaged or too big: defaults
    }
}

#[inline(never)]
pub(crate) fn save_settings(settings: &Settings) {
    let mut path = [0u8; 96];
    let path = settings_path(&mut path);
    // A failed write (a read-only disk or file) only loses the remembered
    // choices.
    let _ = dosapi::save_file_with(path, &mut |out| settings.write_to(out));
}
