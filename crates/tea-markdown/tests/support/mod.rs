//! The slot-tagged text form of rendered lines, span by span, for assertions on styles.

use tea::{Line, Style};

/// Rows with every styled span tagged: `[mdLink underline link=https://x]docs[/]`.
pub fn tagged(lines: &[Line]) -> Vec<String> {
    lines
        .iter()
        .map(|line| {
            line.spans
                .iter()
                .map(|span| tag(&span.text, &span.style))
                .collect()
        })
        .collect()
}

fn tag(text: &str, style: &Style) -> String {
    let mut tags: Vec<String> = Vec::new();
    if let Some(slot) = style.fg {
        tags.push(slot.name().to_string());
    }
    for (on, name) in [
        (style.bold, "bold"),
        (style.italic, "italic"),
        (style.underline, "underline"),
        (style.strikethrough, "strike"),
        (style.reverse, "reverse"),
    ] {
        if on {
            tags.push(name.to_string());
        }
    }
    if let Some(url) = &style.link {
        tags.push(format!("link={url}"));
    }
    if tags.is_empty() {
        text.to_string()
    } else {
        format!("[{}]{text}[/]", tags.join(" "))
    }
}
