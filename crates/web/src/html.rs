//! Escaping for HTML text and attribute values: every string from the model goes through it.

/// `text` with `& < > " '` escaped, safe in text and in quoted attribute values.
pub fn escape(text: &str) -> String {
    escaped(text, false)
}

/// [`escape`] for what a person typed, put back into the field they typed it in: kept as typed,
/// direction controls included, so that sending the form again sends the same text.
pub fn escape_typed(text: &str) -> String {
    escaped(text, true)
}

fn escaped(text: &str, typed: bool) -> String {
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
            // Embeddings, overrides and isolates reorder the rest of a line, so a label could
            // read as other words than it holds; the terminal drops them too.
            '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' if !typed => {}
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

    #[test]
    fn direction_controls_go_but_from_what_a_person_typed() {
        let text = "Approve \u{202e}lanif\u{202c} \u{2067}x\u{2069} \u{200f}";
        assert_eq!(super::escape(text), "Approve lanif x \u{200f}");
        assert_eq!(super::escape_typed(text), text);
    }
}
