//! The session as the extension drives it: keys as pi's raw bytes, renders at pi's sizes, the
//! time limit on a clock the tests move.

use super::*;
use crate::keys::check_collapse_key;
use crate::outcome::Outcome;
use crate::test_support::strip_ansi;
use tea::text::width;

fn session(input: Value) -> Session {
    Session::open(&input, tea::Palette::dark(), Default::default(), None)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn one_single() -> Value {
    json!({"questions": [{"id": "approach", "header": "Approach", "prompt": "Which approach?",
        "options": [{"value": "safe", "label": "Safe"}, {"value": "fast", "label": "Fast"}]}]})
}

fn two_questions() -> Value {
    json!({"title": "Plan", "questions": [
        {"id": "approach", "header": "Approach", "prompt": "Which approach?",
         "options": [{"value": "safe", "label": "Safe"}, {"value": "fast", "label": "Fast"}]},
        {"id": "name", "header": "Name", "prompt": "Name it", "type": "text"}]})
}

fn strip(row: &str) -> String {
    strip_ansi(row)
}

impl Session {
    fn open(
        input: &Value,
        palette: tea::Palette,
        validation: question::ValidateOptions,
        collapse_key: Option<&str>,
    ) -> std::result::Result<Session, String> {
        Session::open_with(
            input,
            palette,
            validation,
            (collapse_key, None),
            (None, HeightLimit::default()),
        )
    }

    fn alarm_due(&self) -> Option<Instant> {
        self.open.as_ref().and_then(|open| open.alarm.due())
    }
}

#[test]
fn every_row_fits_at_every_width() {
    let mut s = session(two_questions());
    for width in [1, 2, 5, 10, 20, 40, 79, 80, 100, 120, 250] {
        for rows in [1, 5, 24, 40] {
            for row in s.render(width, rows) {
                assert!(
                    width as usize >= tea::text::width(&strip(&row)),
                    "{width}x{rows}: {row:?}"
                );
            }
        }
        assert!(
            width as usize >= width_of(&s.dock(width)),
            "dock at {width}"
        );
    }
}

#[test]
fn a_tab_aligned_context_with_a_wide_conjunct_renders_at_every_size() {
    // Once drew a verbatim band forever at 4 and 8 columns. On a thread of its own, so a hang
    // fails here instead of stalling the run (the process ends; the thread cannot be stopped).
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut s = session(
            json!({"questions": [{"id": "a", "header": "A", "prompt": "Pick",
            "context": "M\tp\ntionक्षिapi-replabel \tم",
            "options": [{"value": "x", "label": "x"}, {"value": "y", "label": "y"}]}]}),
        );
        let mut wide = Vec::new();
        for width in 1..=40 {
            for rows in 1..=24 {
                let rendered = s.render(width, rows);
                let mut held = Held::default();
                held.apply(s.render_changes(width, rows, true));
                assert_eq!(held.rows, rendered);
                wide.extend(
                    rendered
                        .into_iter()
                        .filter(|row| width_of(row) > width as usize),
                );
            }
        }
        let _ = tx.send(wide);
    });
    match rx.recv_timeout(Duration::from_secs(20)) {
        Ok(wide) => assert!(wide.is_empty(), "{wide:?}"),
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => panic!("the render panicked"),
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
            let _ = std::io::Write::write_all(&mut std::io::stderr(), b"the render hung\n");
            std::process::exit(101);
        }
    }
}

fn width_of(row: &str) -> usize {
    width(&strip(row))
}

#[test]
fn a_frame_is_reused_until_size_or_state_changes() {
    let mut s = session(two_questions());
    let first = s.render(120, 40);
    assert!(
        s.driver_mut().expect("open").is_frame_cached(),
        "a render leaves its frame cached"
    );
    assert_eq!(s.render(120, 40), first);
    s.driver_mut().expect("open").resize(Size::new(80, 24));
    assert!(
        !s.driver_mut().expect("open").is_frame_cached(),
        "a resize invalidates"
    );
    let before = s.render(80, 24);
    s.input("\x1b[B".into());
    assert!(
        !s.driver_mut().expect("open").is_frame_cached(),
        "a key invalidates"
    );
    assert_ne!(
        s.render(80, 24),
        before,
        "a key that moves the cursor redraws"
    );
}

/// What the extension does with `renderChanges`: a changed row replaces the one it holds, from
/// its slot or as text, which it keeps in its next slot.
#[derive(Default)]
struct Held {
    rows: Vec<String>,
    slots: Vec<String>,
    texts: usize,
}

impl Held {
    /// Applies the changes; how many rows came as text.
    fn apply(&mut self, changes: Vec<sent::RowChange>) -> usize {
        let before = self.texts;
        let rows = changes
            .into_iter()
            .enumerate()
            .map(|(i, row)| match row {
                None => self.rows[i].clone(),
                Some(napi::Either::A(slot)) => self.slots[slot as usize].clone(),
                Some(napi::Either::B(text)) => {
                    let slot = self.texts % ROW_SLOTS as usize;
                    if slot == self.slots.len() {
                        self.slots.push(text.clone());
                    } else {
                        self.slots[slot] = text.clone();
                    }
                    self.texts += 1;
                    text
                }
            })
            .collect();
        self.rows = rows;
        self.texts - before
    }
}

#[test]
fn changes_applied_to_the_rows_held_are_the_frame() {
    let mut s = session(two_questions());
    let first = s.render_changes(120, 40, true);
    assert!(
        first.iter().all(Option::is_some),
        "a fresh call sends every row"
    );
    let mut held = Held::default();
    held.apply(first);
    assert_eq!(held.rows, s.render(120, 40));
    assert!(
        s.render_changes(120, 40, false).iter().all(Option::is_none),
        "nothing changed, nothing is sent"
    );
    // Keys that move the focus, switch tabs and type; then narrower terminals and resizes that
    // change the number of rows, down to one cell and back.
    let steps: [(&str, u32, u32); 11] = [
        ("\x1b[B", 120, 40),
        ("\x1b[A", 120, 40),
        ("\t", 120, 40),
        ("abc", 120, 40),
        ("\x1b[Z", 120, 40),
        ("", 60, 40),
        ("", 60, 12),
        ("", 40, 12),
        ("", 1, 1),
        ("d", 80, 24),
        ("\t", 80, 24),
    ];
    for (keys, width, rows) in steps {
        s.input(keys.into());
        let changes = s.render_changes(width, rows, false);
        let changed = changes.iter().flatten().count();
        let texts = held.apply(changes);
        assert_eq!(
            held.rows,
            s.render(width, rows),
            "after {keys:?} at {width}x{rows}"
        );
        match keys {
            "\x1b[B" => assert!(
                changed < held.rows.len(),
                "moving the focus sends only the rows it changed"
            ),
            "\x1b[A" | "\x1b[Z" => assert_eq!(
                texts, 0,
                "moving back, or back to a tab, sends rows the extension was sent before by slot"
            ),
            _ => {}
        }
    }
    let fresh = s.render_changes(80, 24, true);
    let mut again = Held::default();
    again.apply(fresh);
    assert_eq!(
        again.rows,
        s.render(80, 24),
        "fresh sends every row again, for an extension that holds none"
    );
}

#[test]
fn the_alarm_is_set_to_the_next_deadline_and_goes_with_the_questionnaire() {
    let s = session(two_questions());
    assert_eq!(s.alarm_due(), None, "no timer, no alarm");

    let mut s = limited(two_questions(), Duration::from_secs(3));
    let second = s.opened + Duration::from_secs(1);
    assert_eq!(s.alarm_due(), Some(second), "the countdown's next second");
    let effects = s
        .driver_mut()
        .expect("open")
        .advance(Duration::from_secs(1));
    s.perform(effects);
    assert_eq!(
        s.alarm_due(),
        Some(second + Duration::from_secs(1)),
        "then the one after"
    );
    s.input("\x1b[B".into());
    assert_eq!(s.alarm_due(), None, "a key stopped the countdown");
    s.abort();
    assert!(s.open.is_none(), "the alarm went with the questionnaire");
}

#[test]
fn the_caret_is_where_the_typed_text_ends_in_the_row_string() {
    let mut s = session(one_single());
    s.render(60, 20);
    assert_eq!(s.caret(), None, "no editor on the list");
    s.input("3".into());
    s.input("ab中".into());
    let rows = s.render(60, 20);
    let caret = s.caret().expect("a caret in the editor");
    let row = &rows[caret.row as usize];
    let units: Vec<u16> = row.encode_utf16().collect();
    let before = String::from_utf16(&units[..caret.index as usize]).unwrap();
    assert!(strip(&before).ends_with("ab中"), "{before:?}");
    assert_eq!(width_of(&before), caret.column as usize);
    s.input("\x1b".into());
    s.render(60, 20);
    assert_eq!(s.caret(), None, "back on the list");
}

#[test]
fn a_number_key_answers_a_single_question_and_submits() {
    let mut s = session(one_single());
    s.render(120, 40);
    let outcome = s.input("2".into());
    assert!(outcome.consumed);
    let result = outcome.result.expect("submitted");
    assert_eq!(result.outcome, Outcome::Answered);
    assert_eq!(result.details["cancelled"], false);
    assert_eq!(
        result.details["answers"]["approach"]["values"],
        json!(["fast"])
    );
    assert_eq!(s.result(), result);
}

#[test]
fn escape_cancels_keeping_answers() {
    let mut s = session(two_questions());
    s.render(120, 40);
    assert!(s.input("1".into()).result.is_none());
    let result = s.input("\x1b".into()).result;
    // Esc in the text question's editor cancels the questionnaire.
    let result = result.expect("cancelled");
    assert_eq!(result.outcome, Outcome::Cancelled);
    assert_eq!(result.details["cancelled"], true);
    assert_eq!(
        result.details["answers"]["approach"]["values"],
        json!(["safe"])
    );
}

#[test]
fn ctrl_bracket_collapses_and_only_it_is_consumed_while_collapsed() {
    let mut s = session(two_questions());
    s.render(120, 40);
    let outcome = s.input("\x1d".into());
    assert!(outcome.consumed && outcome.collapsed);
    assert!(s.collapsed());
    assert!(strip(&s.dock(120)).contains("Approach"));
    assert_eq!(s.progress(), json!({"collapsed": true}));
    let typed = s.input("hello\x1b".into());
    assert!(
        !typed.consumed,
        "text and Esc belong to the host while collapsed"
    );
    assert!(typed.collapsed && typed.result.is_none());
    // Kitty CSI-u form of Ctrl+].
    let outcome = s.input("\x1b[93;5u".into());
    assert!(outcome.consumed && !outcome.collapsed);
}

#[test]
fn abort_returns_the_recorded_answers_as_aborted() {
    let mut s = session(two_questions());
    s.render(80, 24);
    s.input("2".into());
    let result = s.abort();
    assert_eq!(result.outcome, Outcome::Aborted);
    assert_eq!(result.details["error"], "aborted");
    assert_eq!(result.details["cancelled"], true);
    assert_eq!(
        result.details["answers"]["approach"]["values"],
        json!(["fast"])
    );
    assert!(s.finished());
    assert!(
        !s.input("\r".into()).consumed,
        "a finished session takes no input"
    );
}

/// A session with a time limit whose clock the test moves (as if that much time passed).
fn limited(input: Value, limit: Duration) -> Session {
    Session::open_with(
        &input,
        tea::Palette::dark(),
        Default::default(),
        (None, None),
        (Some(limit), HeightLimit::default()),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_operators_height_replaces_the_share_of_45_percent() {
    let long = "A description long enough to wrap over two or three rows of an eighty \
                column terminal, as the descriptions models write do.";
    let options: Vec<Value> = (1..=4)
        .map(|i| json!({"label": format!("Option {i}"), "description": long}))
        .collect();
    let input = json!({"questions": [{"question": "Which one?", "options": options}]});
    let open = |height: Option<&str>| {
        let height = parse_height(height).unwrap_or_else(|e| panic!("{e}"));
        let mut s = Session::open_with(
            &input,
            tea::Palette::dark(),
            Default::default(),
            (None, None),
            (None, height),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        s.render(80, 40).len()
    };
    assert_eq!(open(None), 18, "45 % of 40 rows");
    assert_eq!(open(Some("30%")), 12, "at least 12 rows");
    assert_eq!(open(Some("20")), 20);
    let whole = open(Some("100%"));
    assert!(whole > 20 && whole < 40, "what it needs: {whole}");
    for bad in ["0", "0%", "150%", "half", ""] {
        assert!(check_height(bad.into()).is_err(), "{bad:?}");
    }
    assert!(check_height("60%".into()).is_ok());
}

#[test]
fn a_time_limit_ends_the_session_as_timed_out_with_the_answers_so_far() {
    let mut s = limited(two_questions(), Duration::from_secs(3));
    assert!(s.counting_down());
    assert!(
        s.render(80, 24)
            .iter()
            .any(|row| strip(row).contains("0/2 answered · 0:03"))
    );
    let effects = s
        .driver_mut()
        .expect("open")
        .advance(Duration::from_secs(2));
    s.perform(effects);
    assert!(!s.finished() && s.counting_down(), "not yet at two seconds");
    let effects = s
        .driver_mut()
        .expect("open")
        .advance(Duration::from_secs(1));
    s.perform(effects);
    let result = s.result();
    assert!(s.finished() && !s.counting_down());
    assert_eq!(result.outcome, Outcome::TimedOut);
    assert_eq!(result.details["error"], "timed_out");
    assert_eq!(result.details["answers"]["approach"]["values"], json!([]));
    assert_eq!(
        s.tick(),
        Some(result),
        "a finished session keeps its result"
    );
}

#[test]
fn a_key_stops_the_countdown_for_good() {
    let mut s = limited(two_questions(), Duration::from_secs(3));
    s.render(80, 24);
    let outcome = s.input("\x1b[B".into());
    assert!(outcome.consumed && outcome.result.is_none());
    assert!(!s.counting_down());
    let effects = s
        .driver_mut()
        .expect("open")
        .advance(Duration::from_secs(60));
    s.perform(effects);
    assert!(!s.finished());
    assert!(
        !s.render(80, 24)
            .iter()
            .any(|row| strip(row).contains("0:0"))
    );
}

#[test]
fn an_abort_keeps_the_draft_of_every_kind_of_editor() {
    // Raw bytes as pi delivers them: ↓ is ESC [ B, Enter a carriage return, Tab a tab.
    for (kind, keys, typed, pointer) in [
        (
            "free text",
            "\x1b[B\x1b[B\r",
            "draft-one",
            "/approach/draft/text",
        ),
        ("text answer", "\t", "Ada", "/name/draft/text"),
        (
            "option note",
            "n",
            "later",
            "/approach/draft/optionNotes/safe",
        ),
        ("question note", "N", "whole", "/approach/draft/note"),
    ] {
        let mut s = session(two_questions());
        s.render(80, 24);
        s.input(keys.into());
        s.input(typed.into());
        let result = s.abort();
        assert_eq!(result.details["error"], "aborted", "{kind}");
        assert_eq!(
            result.details["answers"].pointer(pointer),
            Some(&json!(typed)),
            "{kind}: {result:?}"
        );
    }
}

/// What a finished session still answers, with its questionnaire freed.
fn assert_closed_with(s: &mut Session, result: &Closed, how: &str) {
    assert!(s.open.is_none(), "{how}: the questionnaire is freed");
    assert!(s.finished(), "{how}");
    assert_eq!(&s.result(), result, "{how}: the result stays");
    assert_eq!(&s.abort(), result, "{how}: an abort changes nothing");
    assert_eq!(s.tick().as_ref(), Some(result), "{how}");
    assert_eq!(
        s.render(80, 24),
        Vec::<String>::new(),
        "{how}: nothing to draw"
    );
    assert_eq!(s.dock(80), "", "{how}");
    assert!(!s.collapsed() && !s.counting_down(), "{how}");
    assert_eq!(s.progress(), json!({"collapsed": false}), "{how}");
    let outcome = s.input("1\r".into());
    assert!(!outcome.consumed && outcome.edit.is_none(), "{how}");
    assert_eq!(outcome.result.as_ref(), Some(result), "{how}");
    s.set_palette_inner(tea::Palette::light());
    s.edited(Some("late".into()));
    assert_eq!(&s.result(), result, "{how}");
}

#[test]
fn a_finished_session_frees_its_questionnaire_and_keeps_its_result() {
    let mut s = session(two_questions());
    s.render(80, 24);
    s.input("2".into());
    let result = s.abort();
    assert_eq!(result.details["error"], "aborted");
    assert_closed_with(&mut s, &result, "aborted");

    let mut s = session(one_single());
    s.render(80, 24);
    let outcome = s.input("2".into());
    let result = outcome.result.expect("submitted");
    assert!(!outcome.collapsed);
    assert_closed_with(&mut s, &result, "submitted");

    let mut s = session(two_questions());
    s.render(80, 24);
    s.input("\x1d".into());
    assert!(s.collapsed());
    let result = s.abort();
    assert_closed_with(&mut s, &result, "aborted while docked");
}

#[test]
fn a_time_limit_that_runs_out_frees_the_questionnaire_on_the_next_tick() {
    let mut s = limited(two_questions(), Duration::from_secs(3));
    s.render(80, 24);
    // As if four seconds went by since it opened.
    s.opened = Instant::now()
        .checked_sub(Duration::from_secs(4))
        .expect("an instant four seconds ago");
    let result = s.tick().expect("timed out");
    assert_eq!(result.details["error"], "timed_out");
    assert_closed_with(&mut s, &result, "timed out");
}

#[test]
fn an_abort_while_pi_edits_the_draft_keeps_it_and_drops_the_request() {
    let mut s = session(two_questions());
    s.render(80, 24);
    assert!(s.input("1kept\x07".into()).edit.is_some());
    let result = s.abort();
    assert_eq!(
        result.details["answers"]["name"]["draft"]["text"],
        json!("kept"),
        "{result:?}"
    );
    assert!(s.pending_edit().is_none());
    assert_closed_with(&mut s, &result, "aborted while editing");
}

#[test]
fn ctrl_g_asks_the_host_for_its_editor_and_the_text_comes_back_as_the_draft() {
    let mut s = session(two_questions());
    s.render(120, 40);
    s.input("1hello".into());
    let outcome = s.input("\x07".into());
    let edit = outcome.edit.expect("an editor request");
    assert_eq!(edit.title, "Your answer");
    assert_eq!(edit.text, "hello");
    assert!(outcome.result.is_none());
    s.edited(Some("edited\ntwice".into()));
    let screen: Vec<String> = s.render(120, 40).iter().map(|r| strip(r)).collect();
    assert!(screen.iter().any(|r| r.contains("twice")), "{screen:#?}");
    assert!(s.input("\r".into()).edit.is_none());
    assert_eq!(
        s.result().details["answers"]["name"]["customText"],
        json!("edited\ntwice")
    );
}

#[test]
fn a_cancelled_editor_leaves_the_draft_and_says_so() {
    let mut s = session(two_questions());
    s.render(120, 40);
    s.input("1kept\x07".into());
    s.edited(None);
    let screen: Vec<String> = s.render(120, 40).iter().map(|r| strip(r)).collect();
    assert!(screen.iter().any(|r| r.contains("kept")), "{screen:#?}");
    assert!(
        screen.iter().any(|r| r.contains("editing cancelled")),
        "{screen:#?}"
    );
    // A second answer without a request changes nothing.
    s.edited(Some("late".into()));
    assert!(!s.render(120, 40).iter().any(|r| strip(r).contains("late")));
}

#[test]
fn pi_keybindings_act_and_the_footer_names_them() {
    let mut s = session(two_questions());
    let bindings: HashMap<String, Vec<String>> = [
        ("tui.select.up", vec!["ctrl+p"]),
        ("tui.select.down", vec!["ctrl+n", "down"]),
        ("tui.select.confirm", vec!["enter"]),
        ("tui.select.cancel", vec!["escape", "ctrl+c"]),
        ("tui.editor.undo", vec!["ctrl+z"]),
        ("tui.editor.cursorUp", vec!["super+up"]),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.into_iter().map(String::from).collect()))
    .collect();
    s.use_keys(bindings);
    let footer = s
        .render(200, 40)
        .iter()
        .map(|r| strip(r))
        .collect::<String>();
    assert!(footer.contains("ctrl+p/ctrl+n move"), "{footer}");
    assert!(footer.contains("enter select"), "{footer}");
    s.input("\x0e\r".into()); // Ctrl+N, Enter: Fast
    s.input("ab cd\x1a".into()); // Ctrl+Z undoes the last typed word
    s.input("\r".into());
    let result = s.result();
    assert_eq!(
        result.details["answers"]["approach"]["values"],
        json!(["fast"])
    );
    assert_eq!(
        result.details["answers"]["name"]["customText"],
        json!("ab ")
    );
    s.input("\x1b[Z\x1b[Z".into()); // Shift+Tab twice: back to the list
    let cancelled = s
        .input("\x03".into())
        .result
        .expect("Ctrl+C cancels a list");
    assert_eq!(cancelled.details["cancelled"], true);
}

#[test]
fn the_newline_hint_names_a_key_that_works_in_pi_s_terminal() {
    let footer = |s: &mut Session| {
        s.render(200, 40)
            .iter()
            .map(|r| strip(r))
            .collect::<String>()
    };
    let mut s = session(two_questions());
    s.input("\t".into()); // the text question: its editor is open
    assert!(
        footer(&mut s).contains("ctrl+j newline"),
        "legacy until told"
    );
    s.use_keyboard("enhanced".into());
    assert!(footer(&mut s).contains("⇧enter newline"));
    // pi's own newline keys come first where they work: Shift+Enter needs the protocol.
    let bindings: HashMap<String, Vec<String>> = [(
        "tui.input.newLine".to_string(),
        vec!["shift+enter".to_string(), "alt+n".to_string()],
    )]
    .into();
    s.use_keys(bindings);
    assert!(footer(&mut s).contains("⇧enter newline"));
    s.use_keyboard("legacy".into());
    assert!(footer(&mut s).contains("alt+n newline"));
    s.input("a\x1bnb\nc\x1b\rd\u{8d}e\\\rf".into());
    s.input("\r".into());
    assert_eq!(
        s.result().details["answers"]["name"]["customText"],
        json!("a\nb\nc\nd\ne\nf"),
        "alt+n, ctrl+j, alt+enter in both encodings and \\ enter are newlines; enter saves"
    );
}

#[test]
fn the_collapse_key_can_be_changed_and_a_bad_one_is_refused() {
    let mut s = Session::open(
        &two_questions(),
        tea::Palette::dark(),
        Default::default(),
        Some("f2"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    s.render(120, 40);
    assert!(!s.input("\x1d".into()).collapsed, "Ctrl+] is free");
    let outcome = s.input("\x1bOQ".into());
    assert!(outcome.consumed && outcome.collapsed);
    assert!(strip(&s.dock(120)).contains("f2 expand"));
    assert!(s.input("\x1bOQ".into()).consumed);
    assert!(!s.collapsed());
    for key in ["ctlr+x", "enter"] {
        assert!(
            Session::open(
                &two_questions(),
                tea::Palette::dark(),
                Default::default(),
                Some(key)
            )
            .is_err()
        );
        assert!(check_collapse_key(key.into()).is_err());
    }
}

#[test]
fn the_service_lifts_the_context_limit_and_may_hide_free_text() {
    let input = json!({"questions": [{"id": "a", "header": "A", "prompt": "Which?",
        "context": "word ".repeat(200), "allowCustom": false,
        "options": [{"value": "x", "label": "X"}, {"value": "y", "label": "Y"}]}]});
    let error = Session::open(&input, tea::Palette::dark(), Default::default(), None)
        .err()
        .expect("the tool keeps the limit");
    assert!(error.contains("too_long"), "{error}");
    let lifted = CheckOptions {
        context_limit: Some(false),
    };
    let mut s = Session::open(
        &input,
        tea::Palette::dark(),
        CheckOptions::validation(Some(&lifted)),
        None,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let rows: Vec<String> = s.render(100, 40).iter().map(|r| strip(r)).collect();
    assert!(rows.iter().any(|r| r.contains("Y")), "{rows:#?}");
    assert!(
        !rows.iter().any(|r| r.contains("Type something.")),
        "{rows:#?}"
    );
    assert_eq!(s.input("3".into()).result, None, "3 is past the options");
    assert_eq!(s.result().details["answers"]["a"]["status"], "skipped");
}

#[test]
fn invalid_input_is_refused_with_every_issue() {
    let error = Session::open(
        &json!({"questions": []}),
        tea::Palette::dark(),
        Default::default(),
        None,
    )
    .err()
    .expect("invalid");
    assert!(error.contains("/questions"), "{error}");
}
