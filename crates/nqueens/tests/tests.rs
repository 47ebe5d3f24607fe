//! The flagship checked against OEIS, against naive references written
//! here, and byte for byte in every printed format. One test binary, a
//! module per part.

mod count;
mod format;
mod large;
mod oeis;
mod validate;
