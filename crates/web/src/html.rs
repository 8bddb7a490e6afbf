//! Escaping for HTML text and attribute values: every string from the model goes through it.

/// `text` with `& < > " '` escaped, safe in text and in quoted attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Control characters other than line breaks and tabs mean nothing on a page.
            c if c.is_control() && !matches!(c, '\n' | '\t') => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn escapes_markup_and_quotes() {
        assert_eq!(
            super::escape("<a href='x' onclick=\"y\">&\u{1b}[31m"),
            "&lt;a href=&#39;x&#39; onclick=&quot;y&quot;&gt;&amp;[31m"
        );
    }
}
