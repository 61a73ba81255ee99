//! Quoting what someone typed inside an error message: one line, bounded.
//!
//! A message that echoes its input whole can be as long as the input (a
//! 50 MB argument, a line of a file) and can carry bytes a terminal acts on.
//! [`quoted`] keeps the first [`QUOTED_CHARS`] characters, writes control and
//! invisible characters as escapes, and says how long the rest was.

/// The most characters of the input a quotation shows.
pub const QUOTED_CHARS: usize = 40;

/// `text` in single quotes, for an error message: at most [`QUOTED_CHARS`]
/// characters of it, control and invisible characters escaped (`\u{0}`,
/// `\u{feff}`), and a note of the full length when it was cut.
///
/// ```
/// use grundy::quote::quoted;
/// assert_eq!(quoted("0.07"), "'0.07'");
/// assert_eq!(quoted("a\0b"), r"'a\u{0}b'");
/// let long = "x".repeat(1000);
/// assert_eq!(quoted(&long), format!("'{}…' (1000 characters)", "x".repeat(40)));
/// ```
pub fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(QUOTED_CHARS + 16);
    out.push('\'');
    let mut chars = text.chars();
    for (shown, c) in chars.by_ref().enumerate() {
        if shown == QUOTED_CHARS {
            let total = QUOTED_CHARS + 1 + chars.count();
            out.push_str(&format!("…' ({total} characters)"));
            return out;
        }
        if hidden(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out.push('\'');
    out
}

/// Characters that would not show as themselves on one line of a terminal.
fn hidden(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{2064}' | '\u{feff}')
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Whatever the input, the quotation is one line of bounded length
        /// with no control character, and short clean inputs appear whole.
        #[test]
        fn bounded_and_printable(text in any::<String>()) {
            let q = quoted(&text);
            prop_assert!(!q.chars().any(hidden));
            prop_assert!(q.chars().count() <= QUOTED_CHARS * 10 + 40);
            if text.chars().count() <= QUOTED_CHARS && !text.chars().any(hidden) {
                prop_assert_eq!(q, format!("'{text}'"));
            }
        }
    }
}
