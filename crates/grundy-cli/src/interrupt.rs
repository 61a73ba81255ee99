//! Ctrl-C: the first stops the running computation, which saves what it
//! has and exits 130; a second one ends the process at once.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The exit status of a run stopped by Ctrl-C (128 + SIGINT), as shells
/// report it.
pub const INTERRUPTED: u8 = 130;

/// A flag that Ctrl-C sets. If no handler can be installed, the flag is
/// never set and Ctrl-C ends the process as usual.
pub fn flag() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    let set = Arc::clone(&flag);
    let _ = ctrlc::set_handler(move || {
        if set.swap(true, Ordering::SeqCst) {
            std::process::exit(i32::from(INTERRUPTED));
        }
    });
    flag
}
