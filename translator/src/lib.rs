//! The translator from PISKRS's MSP430 build to 8086 code: PISKRS86.COM's
//! code generator. See `translate` for the register map and the calling
//! convention, `program` for how the image is put together.

pub mod argument_use;
pub mod decoded;
pub mod emit;
pub mod flags;
pub mod linked_elf;
pub mod model;
pub mod msp430;
pub mod program;
pub mod runtime;
pub mod translate;
pub mod whole_program;
