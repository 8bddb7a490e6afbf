//! Keymaps: keys to messages, Shift and case, predicates, releases and repeats, the help a
//! context lists, rebinding and its errors.

use tea::input::{Event, KeyCode, KeyEventKind, KeyModifiers, key, parse_key_script};
use tea::keymap::{Binding, Keymap};

#[derive(Debug, Clone, PartialEq)]
enum Msg {
    Up,
    Down,
    Next,
    Prev,
    Note,
    QuestionNote,
    Toggle,
    Collapse,
}

#[derive(Default)]
struct Ctx {
    multi: bool,
    tabs: bool,
}

fn keymap() -> Keymap<Ctx, Msg> {
    Keymap::new(vec![
        Binding::new("up", "up k", Msg::Up)
            .unwrap()
            .label("↑↓")
            .help("move")
            .repeats(),
        Binding::new("down", "down j", Msg::Down).unwrap().repeats(),
        Binding::new("toggle", "space", Msg::Toggle)
            .unwrap()
            .help("toggle")
            .when(|c: &Ctx| c.multi),
        Binding::new("next", "tab right", Msg::Next)
            .unwrap()
            .help("switch tab")
            .when(|c: &Ctx| c.tabs),
        Binding::new("prev", "shift+tab left", Msg::Prev).unwrap(),
        Binding::new("note", "n", Msg::Note).unwrap().help("note"),
        Binding::new("question-note", "N", Msg::QuestionNote)
            .unwrap()
            .help("question note"),
        Binding::new("collapse", "ctrl+]", Msg::Collapse)
            .unwrap()
            .help("collapse"),
    ])
}

fn ev(token: &str) -> Event {
    parse_key_script(token).unwrap().remove(0)
}

fn kind(event: Event, kind: KeyEventKind) -> Event {
    match event {
        Event::Key(k) => Event::Key(k.kind(kind)),
        other => other,
    }
}

fn help(keymap: &Keymap<Ctx, Msg>, ctx: &Ctx) -> Vec<String> {
    keymap
        .help(ctx)
        .iter()
        .map(|e| format!("{} {}", e.key, e.text))
        .collect()
}

#[test]
fn keys_map_to_messages() {
    let k = keymap();
    let ctx = Ctx {
        multi: true,
        tabs: true,
    };
    assert_eq!(k.msg_for(&ev("up"), &ctx), Some(Msg::Up));
    assert_eq!(k.msg_for(&ev("k"), &ctx), Some(Msg::Up));
    assert_eq!(k.msg_for(&ev("j"), &ctx), Some(Msg::Down));
    assert_eq!(k.msg_for(&ev("shift+tab"), &ctx), Some(Msg::Prev));
    assert_eq!(k.msg_for(&ev("ctrl+]"), &ctx), Some(Msg::Collapse));
    assert_eq!(k.msg_for(&ev("x"), &ctx), None);
    assert_eq!(k.msg_for(&Event::Paste("n".into()), &ctx), None);
}

#[test]
fn shift_and_case_are_one_key() {
    let k = keymap();
    let ctx = Ctx::default();
    assert_eq!(k.msg_for(&ev("n"), &ctx), Some(Msg::Note));
    assert_eq!(k.msg_for(&ev("N"), &ctx), Some(Msg::QuestionNote));
    assert_eq!(k.msg_for(&ev("shift+n"), &ctx), Some(Msg::QuestionNote));
    // Upper case without Shift (some terminals) and Ctrl with Shift are the same keys.
    let bare_upper = key(KeyCode::Char('N'), KeyModifiers::NONE);
    assert_eq!(k.msg_for(&bare_upper, &ctx), Some(Msg::QuestionNote));
    let ctrl_shift = key(KeyCode::Char(']'), KeyModifiers::CTRL | KeyModifiers::SHIFT);
    assert_eq!(k.msg_for(&ctrl_shift, &ctx), Some(Msg::Collapse));
    let sup = key(KeyCode::Char('n'), KeyModifiers::SUPER);
    assert_eq!(k.msg_for(&sup, &ctx), None);
}

#[test]
fn predicates_decide_when_a_binding_applies() {
    let k = keymap();
    assert_eq!(k.msg_for(&ev("space"), &Ctx::default()), None);
    assert_eq!(
        k.msg_for(
            &ev("space"),
            &Ctx {
                multi: true,
                tabs: false
            }
        ),
        Some(Msg::Toggle)
    );
    assert_eq!(k.msg_for(&ev("tab"), &Ctx::default()), None);
}

#[test]
fn releases_never_act_and_repeats_only_when_allowed() {
    let k = keymap();
    let ctx = Ctx::default();
    assert_eq!(
        k.msg_for(&kind(ev("up"), KeyEventKind::Release), &ctx),
        None
    );
    assert_eq!(
        k.msg_for(&kind(ev("up"), KeyEventKind::Repeat), &ctx),
        Some(Msg::Up)
    );
    assert_eq!(k.msg_for(&kind(ev("n"), KeyEventKind::Repeat), &ctx), None);
}

#[test]
fn help_follows_the_context() {
    let k = keymap();
    assert_eq!(
        help(&k, &Ctx::default()),
        ["↑↓ move", "n note", "N question note", "ctrl+] collapse"]
    );
    assert_eq!(
        help(
            &k,
            &Ctx {
                multi: true,
                tabs: true
            }
        ),
        [
            "↑↓ move",
            "space toggle",
            "tab switch tab",
            "n note",
            "N question note",
            "ctrl+] collapse"
        ]
    );
}

#[test]
fn a_hint_never_names_a_key_that_does_something_else() {
    let mut k = keymap();
    // `n` now belongs to "up" first, so "n note" would lie: it is not listed.
    k.rebind("up", "up n").unwrap();
    assert_eq!(k.msg_for(&ev("n"), &Ctx::default()), Some(Msg::Up));
    assert!(!help(&k, &Ctx::default()).contains(&"n note".to_string()));
    assert_eq!(
        help(&k, &Ctx::default())[0],
        "up move",
        "the label follows the keys"
    );
}

#[test]
fn rebinding_changes_keys_and_reports_errors() {
    let mut k = keymap();
    k.rebind("collapse", "ctrl+g").unwrap();
    let ctx = Ctx::default();
    assert_eq!(k.msg_for(&ev("ctrl+g"), &ctx), Some(Msg::Collapse));
    assert_eq!(k.msg_for(&ev("ctrl+]"), &ctx), None);
    assert!(help(&k, &ctx).contains(&"ctrl+g collapse".to_string()));
    assert_eq!(
        k.rebind("collapse", "ctlr+g").unwrap_err().to_string(),
        "binding 'collapse': unknown key 'ctlr+g' (token 1)"
    );
    assert_eq!(
        k.rebind("collapse", "ctrl+g alt+").unwrap_err().to_string(),
        "binding 'collapse': unknown key 'alt+' (token 2)"
    );
    assert_eq!(
        k.rebind("nope", "x").unwrap_err().to_string(),
        "no binding named 'nope'"
    );
    assert_eq!(
        k.rebind("collapse", "  ").unwrap_err().to_string(),
        "binding 'collapse': no keys"
    );
    // A failed rebind leaves the binding as it was.
    assert_eq!(k.msg_for(&ev("ctrl+g"), &ctx), Some(Msg::Collapse));
}

#[test]
fn bad_keys_in_a_new_binding_say_where() {
    let err = Binding::<Ctx, Msg>::new("collapse", "ctrl+] ctlr+g", Msg::Collapse).unwrap_err();
    assert_eq!(
        err.to_string(),
        "binding 'collapse': unknown key 'ctlr+g' (token 2)"
    );
}

#[test]
fn a_help_condition_hides_the_hint_but_the_key_still_acts() {
    let k: Keymap<Ctx, Msg> = Keymap::new(vec![
        Binding::new("next", "tab", Msg::Next)
            .unwrap()
            .help("switch tab")
            .help_when(|c: &Ctx| c.tabs),
    ]);
    assert!(help(&k, &Ctx::default()).is_empty());
    assert_eq!(k.msg_for(&ev("tab"), &Ctx::default()), Some(Msg::Next));
    let tabs = Ctx {
        tabs: true,
        ..Ctx::default()
    };
    assert_eq!(help(&k, &tabs), ["tab switch tab"]);
}

#[test]
fn a_help_only_entry_names_keys_handled_elsewhere_and_takes_none() {
    let k: Keymap<Ctx, Msg> = Keymap::new(vec![
        Binding::help_only("move", "↑↓", Msg::Down).help("move"),
        Binding::new("note", "n", Msg::Note).unwrap().help("note"),
    ]);
    assert_eq!(help(&k, &Ctx::default()), ["↑↓ move", "n note"]);
    assert_eq!(k.msg_for(&ev("down"), &Ctx::default()), None);
}

#[test]
fn a_message_can_depend_on_the_key_pressed() {
    #[derive(Debug, Clone, PartialEq)]
    struct Pick(u32);
    let k: Keymap<(), Pick> = Keymap::new(vec![
        Binding::new("pick", "1 2 3", Pick(1))
            .unwrap()
            .of_key(|press| match press.code {
                KeyCode::Char(c) => Pick(c.to_digit(10).unwrap_or(0)),
                _ => Pick(0),
            })
            .label("1-3")
            .help("pick"),
    ]);
    assert_eq!(k.msg_for(&ev("3"), &()), Some(Pick(3)));
    assert_eq!(k.msg_for(&ev("4"), &()), None);
}

#[test]
fn the_fallback_takes_what_no_binding_does_but_never_a_release() {
    let k: Keymap<(), String> = Keymap::new(vec![
        Binding::new("enter", "enter", "enter".to_string()).unwrap(),
    ])
    .with_fallback(|event| match event {
        Event::Paste(text) => Some(format!("paste {text}")),
        _ => event.as_key().map(|k| format!("typed {:?}", k.code)),
    });
    assert_eq!(k.msg_for(&ev("enter"), &()).as_deref(), Some("enter"));
    assert_eq!(k.msg_for(&ev("x"), &()).as_deref(), Some("typed Char('x')"));
    assert_eq!(
        k.msg_for(&Event::Paste("hi".into()), &()).as_deref(),
        Some("paste hi")
    );
    assert_eq!(k.msg_for(&kind(ev("x"), KeyEventKind::Release), &()), None);
    let sup = key(KeyCode::Char('x'), KeyModifiers::SUPER);
    assert_eq!(k.msg_for(&sup, &()), None, "Super keys are the system's");
}

#[test]
fn single_keys_move_between_bindings() {
    let mut k = keymap();
    k.bind_key("ctrl+n", Msg::Down).unwrap();
    k.bind_key("k", Msg::Note).unwrap();
    let ctx = Ctx::default();
    assert_eq!(k.msg_for(&ev("ctrl+n"), &ctx), Some(Msg::Down));
    assert_eq!(k.msg_for(&ev("k"), &ctx), Some(Msg::Note), "taken from up");
    assert_eq!(k.msg_for(&ev("up"), &ctx), Some(Msg::Up));
    k.unbind_key("up").unwrap();
    assert_eq!(k.msg_for(&ev("up"), &ctx), None);
    // "up" lost its keys: its hint goes, the others stay.
    assert_eq!(
        help(&k, &ctx),
        ["n note", "N question note", "ctrl+] collapse"]
    );
    assert_eq!(
        k.unbind_key("ctrl+x ctrl+y").unwrap_err().to_string(),
        "'ctrl+x ctrl+y' is not one key"
    );
}
