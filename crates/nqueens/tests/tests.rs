//! The flagship checked against OEIS, against naive references written
//! here, and byte for byte in every printed format. One test binary, a
//! module per part.

mod complete;
mod count;
mod estimate;
mod format;
mod large;
mod oeis;
mod validate;
