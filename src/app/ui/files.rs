//! Saving and loading: the record a save writes, what a load checks before it
//! replaces the game, and the status line about the file.

use super::words::push_side;
use super::{App, Command, FileError, Line, Opponent, Page};
use crate::app::clock::other_times;
use crate::packed;
use crate::packed_list;
use crate::rules::WinRule;
use crate::rules::psq::{self, RecordError};
use crate::rules::variant::Variant;
use crate::support::packed::{Packed, PackedList};
use crate::support::text::{Sink, SliceSink};

/// Why a file name with `*` or `?` is refused (typed, or given to /LOAD);
/// the name follows it (at the prompt, the name typed so far).
pub(super) const WILDCARDS_REFUSED: Packed = packed!("No * or ? (DOS wildcards) in a file name: ");

impl App {
    /// The file a save or load request names (no terminating zero).
    pub fn file_name(&self) -> &[u8] {
        self.file_name.as_bytes()
    }

    /// Puts a 0 byte after the file name, for [`App::file_name_with_zero`].
    pub fn end_file_name_with_zero(&mut self) {
        self.file_name.edit().put_zero_after();
    }

    /// The file name with the 0 byte after it, as DOS takes it (after
    /// [`App::end_file_name_with_zero`]).
    pub fn file_name_with_zero(&self) -> &[u8] {
        self.file_name.with_zero()
    }

    /// Asks to load `name` as if chosen from the menu (the /LOAD switch).
    #[inline(never)]
    pub fn request_load(&mut self, name: &[u8]) -> Command {
        if name.iter().any(|&b| b == b'*' || b == b'?') {
            self.warn(WILDCARDS_REFUSED);
            self.status.edit().push(name);
            return Command::Continue;
        }
        let file_name = self.file_name.edit();
        file_name.clear();
        file_name.push(name);
        Command::LoadFile
    }

    /// Writes this game's record for a save request: .psq, and a line saying
    /// which game and who plays (Piskvork ignores it).
    pub fn save_to(&self, out: &mut dyn Sink) {
        psq::write_to(
            self.session.game.board().side(),
            self.session.game.moves(),
            self.session.clock.times(),
            self.session.clock.times_at,
            out,
        );
        out.write(b"piskrs: game=");
        out.write(self.session.variant.keyword());
        // The computer against itself is continued by two players.
        out.write(match self.session.opponent {
            Opponent::Computer(_) => b" against the computer",
            _ => b" two players",
        });
        if self.session.game.rule() == WinRule::ExactlyFive {
            out.write(b" rule=exact");
        }

        out.write(b"\r\n");
    }

    /// The same record in a buffer (a full 19x19 game takes 3.3 KB of it).
    pub fn save_request<'a>(&self, buffer: &'a mut [u8; psq::MAX_RECORD_BYTES + 32]) -> &'a [u8] {
        let mut sink = SliceSink::new(buffer);
        self.save_to(&mut sink);
        sink.into_written()
    }

    /// The platform wrote the file (or failed to); the game in memory is untouched.
    pub fn save_finished(&mut self, result: Result<(), FileError>) {
        match result {
            Ok(()) => {
                self.file_status(false, packed!("Saved to ")).push(b".");
            }
            Err(error) => {
                self.file_status(true, packed!("Could not save "))
                    .push(b": ")
                    .push_packed(file_error_text(error))
                    .push_packed(packed!(". The game goes on."));
            }
        }
    }

    /// The platform read the file (or failed to): check it whole, and only then
    /// replace the game.
    pub fn load_finished(&mut self, result: Result<&[u8], FileError>) {
        match result {
            Ok(bytes) => {
                let mut reader = psq::Reader::new();
                self.keep_loaded_times(&mut reader);
                reader.feed(bytes);
                self.load_record(&reader);
            }
            Err(error) => self.load_failed(file_error_text(error), None),
        }
    }

    /// A file could not be read: say why; nothing else changes.
    pub fn load_failed_with(&mut self, error: FileError) {
        self.load_failed(file_error_text(error), None);
    }

    /// Tells `reader` to keep the moves' times where a load finds them:
    /// the place the game's do not take.
    pub fn keep_loaded_times(&self, reader: &mut psq::Reader) {
        let clock = &self.session.clock;
        reader.keep_times_in(clock.times(), other_times(clock.times_at));
    }

    /// A record was read (by a reader told [`App::keep_loaded_times`]): if it
    /// is a legal game of a game PISKRS plays, it replaces the game, its
    /// moves' times too. The person continues on the side to move; against the
    /// computer, the computer takes the other side.
    #[inline(never)]
    pub fn load_record(&mut self, reader: &psq::Reader) {
        // One place reports a failure (each call costs the .COM its arguments);
        // try_load stays a function of its own, which the .COM finds smaller.
        if let Err(why) = self.try_load(reader.finish()) {
            self.load_failed(why, reader.fault_line());
        }
    }

    /// Plays a record's game, or says why not (the game on the board stays).
    #[inline(never)]
    fn try_load(&mut self, record: Result<&psq::Record, RecordError>) -> Result<(), Packed> {
        let record = record.map_err(|error| RECORD_ERRORS.get(error as usize))?;
        // The game: as the file's piskrs line says, else by the board's size.
        let line = record.piskrs_line.as_bytes();
        let marked = crate::rules::variant::ALL.iter().copied().find(|v| {
            let mut tag = Line::new();
            tag.push(b"game=").push(v.keyword()).push(b" ");
            contains(line, tag.as_bytes())
        });
        let variant = match marked {
            Some(variant) => variant,
            None if record.side == self.settings.variant.side() => self.settings.variant,
            None if record.side == 15 => Variant::ExactFive,
            None => Variant::Piskasm,
        };
        if variant.side() != record.side {
            return Err(RECORD_ERRORS.get(RecordError::WrongSize as usize));
        }
        // The game on the board stays until the whole record has proved good:
        // the moves are checked first, then replayed in place. (Not replayed on
        // a copy of the game: that would cost the stack another 1.1 KB.)
        let exact_five = contains(line, b" rule=exact");
        let (rule, opening) = (variant.rule_with(exact_five), variant.opening());
        if !crate::rules::game::playable(variant.side(), rule, opening, record.moves()) {
            return Err(packed!(
                "a move breaks the rules or follows the end (corrupt?)"
            ));
        }
        let two_players = contains(line, b" two players");
        self.session
            .load(variant, exact_five, record.moves(), two_players);
        // The clock is the menu's, and each side has what its moves' times
        // left it: the times read become the game's.
        self.start_clock();
        let clock = &mut self.session.clock;
        clock.times_at = other_times(clock.times_at);
        self.reset_view();
        if let Some(last) = self.session.game.last_move() {
            self.cursor = last;
        }
        self.page = Page::Game;
        let to_move = self.session.game.to_move();
        let moves = self.session.game.move_count() as u32;
        let text = self
            .file_status(false, packed!("Loaded "))
            .push(b": ")
            .push_number(moves)
            .push_packed(packed!(" moves. "));
        push_side(text, to_move).push_packed(packed!(" to move."));
        Ok(())
    }

    /// Says why a load failed (`line`: the line of the file at fault).
    fn load_failed(&mut self, why: Packed, line: Option<u16>) {
        let status = self
            .file_status(true, packed!("Could not load "))
            .push(b": ");
        if let Some(line) = line {
            status.push(b"line ").push_number(line as u32).push(b" ");
        }
        status.push_packed(why).push(b".");
    }

    /// A new status line about the file: `before`, then the file's name.
    fn file_status(&mut self, alert: bool, before: Packed) -> &mut Line {
        self.status_is_alert = alert;
        let status = self.status.edit();
        status.clear();
        status.push_packed(before);
        push_file_name(status, self.file_name.as_bytes())
    }
}

/// Appends a file's name as the status line shows it: whole, or when it is
/// long (a path up to DOS's 127 bytes) "..." and its end, which names the
/// file, so that the message after it stays on the line.
pub(super) fn push_file_name<'a>(line: &'a mut Line, name: &[u8]) -> &'a mut Line {
    const SHOWN: usize = 24;
    match name.len().checked_sub(SHOWN - 3) {
        Some(from) if name.len() > SHOWN => line.push(b"...").push(&name[from..]),
        _ => line.push(name),
    }
}

fn file_error_text(error: FileError) -> Packed {
    FILE_ERRORS.get(error as usize)
}

/// What went wrong, in the order of [`FileError`]'s variants.
static FILE_ERRORS: PackedList = packed_list![
    packed!("no such file"),
    packed!("no such directory or drive"),
    packed!("access denied (read-only?)"),
    packed!("the disk is full"),
    packed!("the file is too big for a game record"),
    packed!("it is a device, not a file"),
    packed!("it is read-only"),
    packed!("DOS reported an error"),
    packed!("it is a directory, not a file"),
];

/// What is wrong with a record, in the order of [`RecordError`]'s variants;
/// those of a line follow "line N" ([`psq::Reader::fault_line`]).
static RECORD_ERRORS: PackedList = packed_list![
    packed!("not a Piskvork .psq game record"),
    packed!("its board is not 15x15 or 19x19"),
    packed!("holds a bad move (corrupt?)"),
    packed!("more moves than points"),
    packed!("the file is cut off (truncated)"),
    packed!("is not a move, yet moves follow (corrupt?)"),
];

pub(super) fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}
