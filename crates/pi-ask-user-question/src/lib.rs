//! The Node addon behind the pi extension: schema, validation, the questionnaire session, the dialog
//! driver and the transcript cards, for `extension/index.ts`.

use napi_derive::napi;

/// Version of the addon, so the extension can tell which build it loaded.
#[napi]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

#[cfg(test)]
mod tests {
    #[test]
    fn version_is_the_crate_version() {
        assert_eq!(super::version(), env!("CARGO_PKG_VERSION"));
    }
}
