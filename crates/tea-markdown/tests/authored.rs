//! Previews the way models write them: line breaks, backslashes, indented code and drawings
//! laid out by spaces keep their author's text; markdown that is markdown renders as before.

mod support;

use support::tagged;
use tea_markdown::render;

fn plain(src: &str, width: usize) -> Vec<String> {
    render(src, width)
        .iter()
        .map(tea::Line::plain_text)
        .collect()
}

const TWO_VIEWS: &str = "PLANET VIEW          ISLAND VIEW\n  ___                 /\\  /\\___\n /   \\    click      /  \\/     \\\n|     |  ------->   /    \\      \\\n \\___/             /______\\______\\";

const BOX_DIAGRAM: &str = "┌──────────┐     ┌──────────┐\n│  client  │ ──▶ │  server  │\n└──────────┘     └────┬─────┘\n                      │\n                 ┌────▼─────┐\n                 │  SQLite  │\n                 └──────────┘";

const TREE: &str = "src/\n├── main.rs\n├── model/\n│   ├── mod.rs\n│   └── update.rs\n└── view.rs";

const ASCII_TREE: &str = "project/\n|-- src/\n|   `-- main.rs\n`-- Cargo.toml";

const FLOW: &str =
    "[Client] --> [API] --> [DB]\n              |\n              v\n          [Cache]";

const CAT: &str = " /\\_/\\\n( o.o )\n > ^ <";

const ALIGNED: &str = "Option      Speed     Cost     Notes\nSQLite      fast      free     one file\nPostgres    faster    $$       a server";

#[test]
fn a_single_line_break_is_a_line_break() {
    assert_eq!(
        plain("First line\nsecond line\n\nNew paragraph", 40),
        ["First line", "second line", "", "New paragraph"]
    );
    assert_eq!(plain("- one\n  still one", 40), ["• one", "  still one"]);
    assert_eq!(plain("> quoted\n> twice", 40), ["│ quoted", "│ twice"]);
    // Each row still wraps at words.
    assert_eq!(
        plain("a short line\nthen a longer one", 10),
        ["a short", "line", "then a", "longer one"]
    );
}

#[test]
fn a_backslash_that_draws_stays_and_one_that_escapes_goes() {
    assert_eq!(
        plain("a roof /\\___ and a cup \\_/", 40),
        ["a roof /\\___ and a cup \\_/"]
    );
    assert_eq!(
        plain("C:\\Users\\me and \\a", 40),
        ["C:\\Users\\me and \\a"]
    );
    assert_eq!(
        plain(
            "\\*not emphasis\\* and \\_\\_init\\_\\_ and \\# and \\\\",
            60
        ),
        ["*not emphasis* and __init__ and # and \\"]
    );
    // Code keeps every backslash, as always.
    assert_eq!(plain("`/\\_` and `\\*`", 40), ["/\\_ and \\*"]);
}

#[test]
fn indented_code_is_drawn_as_code_without_fence_rows() {
    assert_eq!(
        tagged(&render("Run:\n\n    cargo test\n      --all\n\nDone.", 40)),
        [
            "Run:",
            "",
            "[mdCodeBlock]cargo test[/]",
            "[mdCodeBlock]  --all[/]",
            "",
            "Done."
        ]
    );
    // Fenced code keeps its fences.
    assert_eq!(plain("```\nx\n```", 40), ["```", "x", "```"]);
}

#[test]
fn drawings_are_drawn_as_written() {
    for (name, drawing) in [
        ("two views", TWO_VIEWS),
        ("box diagram", BOX_DIAGRAM),
        ("tree", TREE),
        ("ascii tree", ASCII_TREE),
        ("aligned columns", ALIGNED),
        ("flowchart", FLOW),
        ("cat", CAT),
    ] {
        let expected: Vec<&str> = drawing.lines().map(str::trim_end).collect();
        assert_eq!(plain(drawing, 80), expected, "{name}");
    }
}

#[test]
fn drawings_are_drawn_plain_between_markdown_blocks() {
    let src = format!("## Layouts\n\nThe two screens:\n\n{TWO_VIEWS}\n\n- pick **one**");
    let rows = tagged(&render(&src, 60));
    assert_eq!(rows[0], "[mdHeading bold]Layouts[/]");
    assert_eq!(rows[2], "The two screens:");
    assert_eq!(rows[4], "PLANET VIEW          ISLAND VIEW");
    assert_eq!(rows[5], "  ___                 /\\  /\\___");
    assert_eq!(rows[9], "");
    assert_eq!(rows[10], "[mdListBullet]• [/]pick [bold]one[/]");
}

#[test]
fn a_drawing_wider_than_the_width_is_drawn_in_bands_that_keep_every_character() {
    let rows = plain(TWO_VIEWS, 20);
    assert_eq!(
        rows[..5],
        [
            "PLANET VIEW        ›",
            "  ___              ›",
            " /   \\    click    ›",
            "|     |  ------->  ›",
            " \\___/             ›",
        ]
    );
    assert_eq!(rows[5], "");
    assert_eq!(rows[6], "‹  ISLAND VIEW");
    assert!(rows.iter().all(|r| tea::text::width(r) <= 20));
    // Every character of the drawing is on screen, in order, line by line.
    let lines = TWO_VIEWS.lines().count();
    for (i, line) in TWO_VIEWS.lines().enumerate() {
        let shown: String = rows
            .iter()
            .skip(i)
            .step_by(lines + 1)
            .map(|r| {
                r.trim_start_matches('‹')
                    .trim_end_matches(' ')
                    .trim_end_matches('›')
            })
            .collect();
        let squeeze = |s: &str| s.split_whitespace().collect::<String>();
        assert_eq!(squeeze(&shown), squeeze(line), "line {i}");
    }
}

#[test]
fn markdown_that_is_markdown_renders_as_before() {
    // Tables whose columns are padded with spaces stay tables.
    let table = "| Name     | Value    |\n|----------|----------|\n| a        | b        |";
    let rows = plain(table, 40);
    assert!(
        rows[0].starts_with('┌') && rows[1].starts_with("│ Name"),
        "{rows:?}"
    );
    // Lists with aligned descriptions stay lists.
    assert_eq!(
        plain(
            "- `--height`   caps the rows\n- `--keys`     replays keys",
            60
        ),
        ["• --height   caps the rows", "• --keys     replays keys"]
    );
    // Bold labels with aligned values keep their bold.
    assert_eq!(
        tagged(&render("**Pros:**   fast\n**Cons:**   slow", 40)),
        ["[bold]Pros:[/]   fast", "[bold]Cons:[/]   slow"]
    );
    // A setext heading, rules, a quote, fenced and indented code.
    assert_eq!(plain("Title\n=====", 40), ["Title"]);
    assert_eq!(plain("---\n\n***", 3), ["───", "", "───"]);
    assert_eq!(plain("> a    b\n> c    d", 40), ["│ a    b", "│ c    d"]);
    assert_eq!(plain("```\n/\\  /\\\n```", 40), ["```", "/\\  /\\", "```"]);
    // Prose with arrows and two spaces after a period.
    assert_eq!(plain("A -> B -> C\nD -> E", 40), ["A -> B -> C", "D -> E"]);
    assert_eq!(
        plain("One sentence.  Another one.\nA second line.", 60),
        ["One sentence.  Another one.", "A second line."]
    );
    // One laid-out line alone is prose.
    assert_eq!(plain("Left      right", 40), ["Left      right"]);
    // An indented group under a list item belongs to the item.
    assert_eq!(
        plain("- item\n\n  a    b\n  c    d", 40),
        ["• item", "", "  a    b", "  c    d"]
    );
}

#[test]
fn a_joined_emoji_is_never_split_across_rows_in_a_table_cell() {
    let src = "| who | note |\n|---|---|\n| 👨\u{200d}👩\u{200d}👧 family | ok |";
    // From 17 columns the cell's column has room for the six-column family.
    for width in 17..40 {
        let all = plain(src, width).join("\n");
        assert!(all.contains("👨👩👧"), "split at {width}:\n{all}");
    }
}
