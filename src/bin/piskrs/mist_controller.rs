//! The Mist's Game Controller (`/MIST` with commands on standard input):
//! the seed's controller, byte for byte, over DOS's standard input and output.

use crate::dos::dosapi;
use piskrs::app::controller::{Controller, Flow, LineEnd, LineReader, Sink};

/// The Mist's Game Controller: commands from standard input, answers on
/// standard output, byte for byte as the seed's controller.
#[inline(never)]
pub(crate) fn run_controller() -> u8 {
    let mut controller = Controller::new();
    let mut reader = LineReader::new();
    let mut buffer = [0u8; 128];
    loop {
        let count = match dosapi::read(dosapi::STDIN, &mut buffer) {
            Ok(count) => count as usize,
            Err(_) => 0,
        };
        // Ctrl+Z (1Ah) marks the end of a DOS text file.
        let data_end = buffer[..count]
            .iter()
            .position(|&b| b == 0x1A)
            .unwrap_or(count);
        let end_of_input = count == 0 || data_end < count;
        for &byte in &buffer[..data_end] {
            if let Some(end) = reader.push(byte)
                && let Flow::Exit(errorlevel) = controller_line(&mut controller, &mut reader, end)
            {
                return errorlevel;
            }
        }
        if end_of_input {
            // The end of input without a result ends quietly with errorlevel 1.
            return match reader
                .finish()
                .map(|end| controller_line(&mut controller, &mut reader, end))
            {
                Some(Flow::Exit(errorlevel)) => errorlevel,
                _ => 1,
            };
        }
    }
}

/// A whole line (or one too long) to the controller.
fn controller_line(controller: &mut Controller, reader: &mut LineReader, end: LineEnd) -> Flow {
    struct Stdout;
    impl Sink for Stdout {
        fn write(&mut self, bytes: &[u8]) {
            dosapi::print(bytes);
        }
    }
    match end {
        LineEnd::TooLong => {
            controller.handle_line(&[0; piskrs::app::controller::MAX_LINE + 1], &mut Stdout)
        }
        LineEnd::Line => controller.handle_line(reader.take_line(), &mut Stdout),
    }
}
