//! Helpers the unit tests share.

/// The text of a row without its SGR and OSC 8 sequences.
pub fn strip_ansi(row: &str) -> String {
    let mut plain = String::new();
    let mut chars = row.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            match chars.next() {
                Some('[') => {
                    for c in chars.by_ref() {
                        if c.is_ascii_alphabetic() {
                            break;
                        }
                    }
                }
                Some(']') => {
                    while let Some(c) = chars.next() {
                        if c == '\x07' {
                            break;
                        }
                        if c == '\x1b' {
                            chars.next();
                            break;
                        }
                    }
                }
                _ => {}
            }
        } else {
            plain.push(c);
        }
    }
    plain
}
