//! The application: the screens (`ui`, Gomorpion's), the settings and the
//! command line, the Mist's Game Controller, the help, the benchmark and
//! self-play. It drives the rules and the AI through the Canvas model
//! (`screen`), never DOS itself.

pub mod benchmark;
pub mod clock;
pub mod cmdline;
pub mod controller;
pub mod gomorpion_screen;
pub mod help;
pub mod help_page;
pub mod screen;
pub mod selfplay;
pub mod settings;
pub mod ui;
