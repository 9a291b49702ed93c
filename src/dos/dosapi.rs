//! DOS services through INT 21h: console and file handles, vectors, exit.

#[cfg(target_arch = "x86")]
use core::arch::asm;

#[cfg(target_arch = "msp430")]
use super::rt86;

pub const STDIN: u16 = 0;
pub const STDOUT: u16 = 1;
pub const STDERR: u16 = 2;

/// A DOS error code from a failed call (CF set).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct DosError(pub u16);

/// INT 21h with AX, BX, CX, DX in; AX and the carry flag out.
fn int21(ax: u16, bx: u16, cx: u16, dx: u16) -> Result<u16, DosError> {
    let result: u16;
    let carry: u16;
    // SAFETY: the INT 21h functions used here (write, create, close, set vector,
    // get PSP data) change only AX and flags; DX points into our own segment when
    // it is a buffer, and DS = CS = the PSP segment in the TINY model.
    #[cfg(target_arch = "x86")]
    unsafe {
        asm!(
            "int 0x21",
            "sbb {c:x}, {c:x}",
            c = out(reg) carry,
            inout("ax") ax => result,
            in("bx") bx,
            in("cx") cx,
            in("dx") dx,
        );
    }
    #[cfg(target_arch = "msp430")]
    {
        let mut regs = rt86::Regs::new(ax, bx, cx, dx);
        // SAFETY: as above (DS and ES stay our segment: 0 in `regs`); the
        // runtime hands back AX and the flags in `regs`.
        unsafe { rt86::rt86_int(0x21, &mut regs) };
        (result, carry) = (regs.ax, regs.flags & rt86::CF);
    }
    if carry != 0 {
        Err(DosError(result))
    } else {
        Ok(result)
    }
}

/// A near pointer as DOS wants it: the offset in our one segment.
fn near(ptr: *const u8) -> u16 {
    ptr as u32 as u16
}

/// Writes to standard output; a failed write is ignored (there is nowhere
/// to report it).
#[inline(never)]
pub fn print(bytes: &[u8]) {
    let _ = write(STDOUT, bytes);
}

/// Writes `bytes` to `handle`; returns how many were written.
pub fn write(handle: u16, bytes: &[u8]) -> Result<u16, DosError> {
    int21(0x4000, handle, bytes.len() as u16, near(bytes.as_ptr()))
}

/// Creates (or truncates) a file; `name` must end with a 0 byte.
pub fn create(name: &[u8]) -> Result<u16, DosError> {
    int21(0x3C00, 0, 0, near(name.as_ptr()))
}

/// Writes `length` bytes from `segment:offset` (outside our segment, e.g. video
/// memory) to `handle`; returns how many were written.
pub fn write_far(handle: u16, segment: u16, offset: u16, length: u16) -> Result<u16, DosError> {
    let result: u16;
    let carry: u16;
    // SAFETY: AH=40h reads the buffer at DS:DX; DS is pointed at `segment` only
    // for the call and restored at once (Rust's code needs DS = our segment).
    #[cfg(target_arch = "x86")]
    unsafe {
        asm!(
            "push ds",
            "mov ds, {s:x}",
            "int 0x21",
            "pop ds",
            "sbb {c:x}, {c:x}",
            s = in(reg) segment,
            c = lateout(reg) carry,
            inout("ax") 0x4000u16 => result,
            in("bx") handle,
            in("cx") length,
            in("dx") offset,
        );
    }
    #[cfg(target_arch = "msp430")]
    {
        let mut regs = rt86::Regs::new(0x4000, handle, length, offset);
        // A DS of 0 would mean our own; callers pass video memory (B000h, B800h).
        regs.ds = segment;
        // SAFETY: as above; the runtime loads DS for the interrupt only, keeps
        // ours, and hands back AX and the flags in `regs`.
        unsafe { rt86::rt86_int(0x21, &mut regs) };
        (result, carry) = (regs.ax, regs.flags & rt86::CF);
    }
    if carry != 0 {
        Err(DosError(result))
    } else {
        Ok(result)
    }
}

/// Opens an existing file for reading; `name` must end with a 0 byte.
pub fn open_read(name: &[u8]) -> Result<u16, DosError> {
    int21(0x3D00, 0, 0, near(name.as_ptr()))
}

/// Reads up to `buffer.len()` bytes; returns how many came (0 at the end).
pub fn read(handle: u16, buffer: &mut [u8]) -> Result<u16, DosError> {
    int21(0x3F00, handle, buffer.len() as u16, near(buffer.as_ptr()))
}

pub fn close(handle: u16) -> Result<u16, DosError> {
    int21(0x3E00, handle, 0, 0)
}

/// DOS error 27h: insufficient disk space (what a short write means).
pub const DISK_FULL: u16 = 0x27;
pub const FILE_NOT_FOUND: u16 = 2;
pub const PATH_NOT_FOUND: u16 = 3;
pub const ACCESS_DENIED: u16 = 5;
pub const INVALID_DRIVE: u16 = 15;

/// Deletes a file (INT 21h AH=41h); `name` ends with a 0 byte.
pub fn delete(name: &[u8]) -> Result<u16, DosError> {
    int21(0x4100, 0, 0, near(name.as_ptr()))
}

/// Renames `from` to `to` (INT 21h AH=56h: DS:DX old name, ES:DI new name; ES is
/// already DS in the TINY model). Both end with a 0 byte.
pub fn rename(from: &[u8], to: &[u8]) -> Result<u16, DosError> {
    let result: u16;
    let carry: u16;
    // SAFETY: AH=56h reads the two names from our segment (ES = DS) and changes
    // only AX and flags; DI is passed as a 32-bit register whose top half is 0.
    #[cfg(target_arch = "x86")]
    unsafe {
        asm!(
            "int 0x21",
            "sbb {c:x}, {c:x}",
            c = out(reg) carry,
            inout("ax") 0x5600u16 => result,
            in("dx") near(from.as_ptr()),
            in("edi") near(to.as_ptr()) as u32,
        );
    }
    #[cfg(target_arch = "msp430")]
    {
        let mut regs = rt86::Regs::new(0x5600, 0, 0, near(from.as_ptr()));
        regs.di = near(to.as_ptr());
        // SAFETY: as above (ES = DS: 0 in `regs`); the runtime hands back AX and
        // the flags in `regs`.
        unsafe { rt86::rt86_int(0x21, &mut regs) };
        (result, carry) = (regs.ax, regs.flags & rt86::CF);
    }
    if carry != 0 {
        Err(DosError(result))
    } else {
        Ok(result)
    }
}

/// A file being written, as a text sink: each piece goes straight to DOS; the
/// first failure (or short write: a full disk) is kept and later pieces dropped.
struct FileSink {
    handle: u16,
    error: Option<DosError>,
}

impl piskrs::support::text::Sink for FileSink {
    fn write(&mut self, bytes: &[u8]) {
        if self.error.is_none() {
            match write(self.handle, bytes) {
                Ok(count) if count as usize == bytes.len() => {}
                Ok(_) => self.error = Some(DosError(DISK_FULL)),
                Err(error) => self.error = Some(error),
            }
        }
    }
}

/// Errors of our own, beside DOS's codes (which are all below 100h).
/// The name is a device (CON, NUL, PRN, COM1, CLOCK$...), not a file: reading
/// it could wait for ever and writing it is not saving.
pub const IS_DEVICE: u16 = 0x100;
/// The file is read-only (or a system file or a volume label): a save leaves
/// it alone, whether or not the DOS underneath would refuse.
pub const READ_ONLY: u16 = 0x101;
/// The name is a directory's (DOS itself says only "access denied").
pub const IS_DIRECTORY: u16 = 0x102;

/// The attribute bit of a directory.
const DIRECTORY: u16 = 0x10;

/// Opens `name` (0-terminated) for reading, refusing a device: its handle's
/// IOCTL information has bit 7 set. Only the handle is asked, never a list of
/// names, so any driver's device is caught. A directory cannot be opened:
/// DOS says access denied, and its attributes say why.
fn open_file(name: &[u8]) -> Result<u16, DosError> {
    let handle = match open_read(name) {
        Err(DosError(ACCESS_DENIED)) if attributes(name).is_some_and(|a| a & DIRECTORY != 0) => {
            return Err(DosError(IS_DIRECTORY));
        }
        other => other?,
    };
    if device_info(handle) & 0x80 != 0 {
        let _ = close(handle);
        return Err(DosError(IS_DEVICE));
    }
    Ok(handle)
}

/// IOCTL "get device information" (INT 21h AX=4400h) of an open handle: bit 7
/// set for a device (then bit 0 for the console input), clear for a file.
fn device_info(handle: u16) -> u16 {
    let info: u16;
    // SAFETY: AX=4400h only reads; it changes AX, DX and the flags.
    #[cfg(target_arch = "x86")]
    unsafe {
        asm!("int 0x21", inout("ax") 0x4400u16 => _, in("bx") handle, out("dx") info);
    }
    #[cfg(target_arch = "msp430")]
    {
        let mut regs = rt86::Regs::new(0x4400, handle, 0, 0);
        // SAFETY: as above; the runtime hands back DX in `regs`.
        unsafe { rt86::rt86_int(0x21, &mut regs) };
        info = regs.dx;
    }
    info
}

/// Reads a file a chunk at a time and hands each chunk to `take`; a device is
/// refused before a byte is read.
pub fn read_file_chunks(name: &[u8], take: &mut dyn FnMut(&[u8])) -> Result<(), DosError> {
    let handle = open_file(name)?;
    // 128 bytes: a bigger chunk only deepens the deepest stack path (a load).
    let mut chunk = [0u8; 128];
    let result = loop {
        match read(handle, &mut chunk) {
            Ok(0) => break Ok(()),
            Ok(count) => take(&chunk[..count as usize]),
            Err(error) => break Err(error),
        }
    };
    let _ = close(handle);
    result
}

/// What a save would write over: `Ok(true)` a file that may be replaced,
/// `Ok(false)` nothing (a new file), else why a save must leave it alone (a
/// device, a read-only file, a directory). `name` ends with a 0 byte.
pub fn save_target(name: &[u8]) -> Result<bool, DosError> {
    match attributes(name) {
        Some(bits) if bits & DIRECTORY != 0 => return Err(DosError(IS_DIRECTORY)),
        Some(bits) if bits & 0x0D != 0 => return Err(DosError(READ_ONLY)),
        _ => {}
    }
    match open_file(name) {
        Ok(handle) => {
            let _ = close(handle);
            Ok(true)
        }
        Err(DosError(FILE_NOT_FOUND)) => Ok(false),
        Err(error) => Err(error),
    }
}

/// The attributes of the file or directory `name` (0-terminated) names, or
/// None if there is none: INT 21h AX=4300h, CX 1 read-only, 2 hidden, 4
/// system, 8 volume label, 10h directory.
fn attributes(name: &[u8]) -> Option<u16> {
    let attributes: u16;
    let carry: u16;
    // SAFETY: AX=4300h reads the name at DS:DX in our segment and changes only
    // AX, CX and the flags.
    #[cfg(target_arch = "x86")]
    unsafe {
        asm!(
            "int 0x21",
            "sbb {c:x}, {c:x}",
            c = out(reg) carry,
            inout("ax") 0x4300u16 => _,
            out("cx") attributes,
            in("dx") near(name.as_ptr()),
        );
    }
    #[cfg(target_arch = "msp430")]
    {
        let mut regs = rt86::Regs::new(0x4300, 0, 0, near(name.as_ptr()));
        // SAFETY: as above; the runtime hands back CX and the flags in `regs`.
        unsafe { rt86::rt86_int(0x21, &mut regs) };
        (attributes, carry) = (regs.cx, regs.flags & rt86::CF);
    }
    (carry == 0).then_some(attributes)
}

/// Saves a file without ever touching another: the bytes go to a new file with
/// a name DOS makes up in the same directory (INT 21h AH=5Ah: it cannot be a
/// file that was there), and only when all of them are written is the old file
/// replaced by it. A device or a read-only target is refused before anything
/// is written; on any failure the old file is untouched and the new one
/// removed. `name` (at most 128 bytes) ends with a 0 byte; `fill` writes the
/// contents piece by piece.
pub fn save_file_with(
    name: &[u8],
    fill: &mut dyn FnMut(&mut dyn piskrs::support::text::Sink),
) -> Result<(), DosError> {
    save_target(name)?;
    let directory = name
        .iter()
        .rposition(|&b| b == b'\\' || b == b':')
        .map_or(0, |i| i + 1);
    // The directory (up to a whole name's 127 bytes, or ".\" for none), then
    // room for DOS's 13 bytes of name (zeros on the way in).
    let mut temporary = [0u8; 144];
    if directory > 127 {
        return Err(DosError(PATH_NOT_FOUND));
    }
    temporary[..directory].copy_from_slice(&name[..directory]);
    // AH=5Ah wants a path that ends with a backslash: "." for the current
    // directory (of the drive named, after "C:").
    if directory == 0 || name[directory - 1] == b':' {
        temporary[directory..directory + 2].copy_from_slice(b".\\");
    }
    let handle = int21(0x5A00, 0, 0, near(temporary.as_ptr()))?;
    let mut sink = FileSink {
        handle,
        error: None,
    };
    fill(&mut sink);
    let closed = close(handle);
    let written = match sink.error {
        Some(error) => Err(error),
        None => closed.map(|_| ()),
    };
    // The old file goes only once the new one is whole; if it was not there,
    // a failed rename cannot lose anything and the new file is removed too.
    let replaced = written
        .map_err(|error| (error, false))
        .and_then(|()| match delete(name) {
            Err(DosError(FILE_NOT_FOUND)) => Ok(false),
            other => other.map(|_| true).map_err(|error| (error, false)),
        });
    let result = replaced.and_then(|old_gone| {
        rename(&temporary, name)
            .map(|_| ())
            .map_err(|error| (error, old_gone))
    });
    match result {
        Ok(()) => Ok(()),
        // With the old file gone, the new one is the only copy: it stays,
        // under the name DOS made up.
        Err((error, true)) => Err(error),
        Err((error, false)) => {
            let _ = delete(&temporary);
            Err(error)
        }
    }
}

/// Whether interrupt vector `number` points anywhere (INT 21h AH=35h): calling a
/// vector of 0000:0000 would crash the machine.
pub fn vector_is_set(number: u8) -> bool {
    let (segment, offset): (u16, u16);
    // SAFETY: AH=35h returns the vector in ES:BX; ES is saved and restored around it.
    #[cfg(target_arch = "x86")]
    unsafe {
        asm!(
            "push es",
            "int 0x21",
            "mov {s:x}, es",
            "pop es",
            s = out(reg) segment,
            inout("ax") 0x3500u16 | number as u16 => _,
            out("bx") offset,
        );
    }
    #[cfg(target_arch = "msp430")]
    {
        let mut regs = rt86::Regs::new(0x3500 | number as u16, 0, 0, 0);
        // SAFETY: as above; the runtime keeps our ES and hands back the
        // interrupt's ES and BX in `regs`.
        unsafe { rt86::rt86_int(0x21, &mut regs) };
        (segment, offset) = (regs.es, regs.bx);
    }
    segment != 0 || offset != 0
}

/// Points interrupt `number`'s vector at `handler`, an offset in our segment
/// (AH=25h; DS is ours).
pub fn set_vector(number: u8, handler: u16) {
    let _ = int21(0x2500 | number as u16, 0, 0, handler);
}

/// The command tail from the PSP (offset 80h: a length byte, then the text).
pub fn command_tail(out: &mut [u8; 127]) -> &[u8] {
    // SAFETY: offsets 80h..FFh of our segment are the PSP's command tail, which
    // DOS filled in before starting us; nothing in the program writes there.
    let len = unsafe { core::ptr::read_volatile(0x80 as *const u8) } as usize;
    let len = len.min(126);
    for (i, byte) in out.iter_mut().take(len).enumerate() {
        // SAFETY: as above, inside the command tail.
        *byte = unsafe { core::ptr::read_volatile((0x81 + i) as *const u8) };
    }
    &out[..len]
}

/// Whether standard input comes from a file or a device other than the console
/// (INT 21h AX=4400h: DX bit 7 set means a device, bit 0 the console input).
pub fn stdin_is_redirected() -> bool {
    let info = device_info(STDIN);
    info & 0x80 == 0 || info & 0x01 == 0
}

/// The directory PISKRS.COM was started from, with its trailing backslash, from
/// the program path DOS 3+ puts after the environment strings; empty if unknown.
pub fn program_directory(out: &mut [u8; 80]) -> usize {
    // SAFETY: offset 2Ch of the PSP holds the environment's segment, set by DOS.
    let environment = unsafe { core::ptr::read_volatile(0x2C as *const u16) };
    if environment == 0 {
        return 0;
    }
    let byte = |offset: u16| super::far_access::read_u16(environment, offset) as u8;
    // The strings end with an empty one; at most 32 KiB of environment.
    let mut offset: u16 = 0;
    while offset < 0x7FFF && !(byte(offset) == 0 && byte(offset + 1) == 0) {
        offset += 1;
    }
    offset += 2; // the two zeros
    if super::far_access::read_u16(environment, offset) == 0 {
        return 0; // no program path follows
    }
    offset += 2; // the string count
    let mut len = 0;
    let mut directory_end = 0;
    while len < out.len() {
        let b = byte(offset + len as u16);
        if b == 0 {
            break;
        }
        out[len] = b;
        len += 1;
        if b == b'\\' || b == b':' {
            directory_end = len;
        }
    }
    if len == out.len() { 0 } else { directory_end }
}
