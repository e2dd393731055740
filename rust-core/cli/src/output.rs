//! Standard output that ends quietly when the reader has gone: `kami stats levels/ | head -1`
//! stops `kami` with status 0 once `head` closes the pipe, where `println!` would panic.

use std::io::{self, Write};

/// Writes `text` to standard output. If the reader has closed the pipe the program ends at once
/// with status 0 (nobody is left to read the rest); any other write error ends it with a message
/// and status 1.
pub fn print(text: &str) {
    let mut out = io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        if e.kind() == io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        let _ = writeln!(io::stderr(), "kami: standard output: {e}");
        std::process::exit(1);
    }
}

/// `println!` through [`print`]: a closed pipe ends the program quietly instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::output::print(&format!("{}\n", format_args!($($arg)*)))
    };
}

/// `eprintln!` that never panics: a closed standard error loses the message, nothing else.
macro_rules! complain {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

pub(crate) use {complain, say};
