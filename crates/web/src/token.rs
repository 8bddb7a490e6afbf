//! The secret in the page's path: 128 random bits from the operating system, compared in
//! constant time so its bytes cannot be guessed one by one from response times.

use std::io;

use subtle::ConstantTimeEq;

/// Random bytes in a token: 128 bits.
const TOKEN_BYTES: usize = 16;

/// A new token: 32 lower-case hex digits.
pub fn new() -> io::Result<String> {
    let mut bytes = [0u8; TOKEN_BYTES];
    getrandom::fill(&mut bytes).map_err(|error| io::Error::other(error.to_string()))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Whether `given` is `token`, in time that does not depend on where they differ.
pub fn matches(given: &str, token: &str) -> bool {
    given.len() == token.len() && bool::from(given.as_bytes().ct_eq(token.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bits_of_hex_and_differ() {
        let (a, b) = (new().unwrap(), new().unwrap());
        assert_eq!(a.len(), 32);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn only_the_token_matches() {
        let token = new().unwrap();
        assert!(matches(&token, &token));
        assert!(!matches(&token[1..], &token));
        assert!(!matches(&format!("{token}0"), &token));
        assert!(!matches("", &token));
    }
}
