//! The operator's settings as pi and the environment give them: each case the flags (`--name`
//! alone is `true`, `--name value`), the variables and pi's command line, and what is read.

use super::*;

fn given(flags: &[(&str, Either<bool, String>)], env: &[(&str, &str)], argv: &[&str]) -> Given {
    Given {
        flags: flags
            .iter()
            .map(|(name, value)| (name.to_string(), value.clone()))
            .collect(),
        env: env
            .iter()
            .map(|(name, value)| (name.to_string(), value.to_string()))
            .collect(),
        argv: argv.iter().map(|arg| arg.to_string()).collect(),
    }
}

fn on() -> Either<bool, String> {
    Either::A(true)
}

fn text(value: &str) -> Either<bool, String> {
    Either::B(value.into())
}

fn read(given: Given) -> OperatorSettings {
    operator_settings(given).unwrap_or_else(|e| panic!("{}", e.reason))
}

fn error(given: Given) -> String {
    operator_settings(given).expect_err("refused").reason
}

#[test]
fn nothing_given_is_the_defaults() {
    assert_eq!(read(Given::default()), OperatorSettings::default());
    let off = given(
        &[
            ("ask-accessible", Either::A(false)),
            ("ask-web", Either::A(false)),
        ],
        &[
            ("ASK_USER_QUESTION_NOTIFY", ""),
            ("ASK_USER_QUESTION_WEB", "off"),
        ],
        &[],
    );
    assert_eq!(read(off), OperatorSettings::default());
}

#[test]
fn a_flag_is_read_before_its_variable() {
    let settings = read(given(
        &[("ask-timeout", text("90s")), ("ask-height", text("20"))],
        &[
            ("ASK_USER_QUESTION_TIMEOUT", "soon"),
            ("ASK_USER_QUESTION_HEIGHT", "60%"),
        ],
        &[],
    ));
    assert_eq!(settings.timeout_ms, Some(90_000.0));
    assert_eq!(settings.height.as_deref(), Some("20"));
}

#[test]
fn switches_read_as_the_variables_say() {
    for (value, on) in [
        ("1", true),
        ("yes", true),
        (" ON ", true),
        ("0", false),
        ("off", false),
    ] {
        let settings = read(given(&[], &[("ASK_USER_QUESTION_NOTIFY", value)], &[]));
        assert_eq!(settings.notify, on, "{value:?}");
    }
    assert!(read(given(&[("ask-notify", on())], &[], &[])).notify);
    assert!(read(given(&[], &[("ASK_USER_QUESTION_ACCESSIBLE", "1")], &[])).accessible);
    assert!(
        !read(given(
            &[],
            &[("ASK_USER_QUESTION_ACCESSIBLE", "false")],
            &[]
        ))
        .accessible
    );
    let wrong = error(given(&[], &[("ASK_USER_QUESTION_NOTIFY", "maybe")], &[]));
    assert_eq!(
        wrong,
        "ask_user_question: ASK_USER_QUESTION_NOTIFY: expected 1 or 0; got \"maybe\""
    );
}

#[test]
fn the_web_page_is_local_unless_an_address_is_given() {
    let web = |flags: &[(&str, Either<bool, String>)], env: &[(&str, &str)], argv: &[&str]| {
        read(given(flags, env, argv)).web
    };
    assert_eq!(
        web(&[("ask-web", on())], &[], &["pi", "--ask-web"]).as_deref(),
        Some("local")
    );
    let argv = ["pi", "--ask-web=127.0.0.1", "--ask-web=lan"];
    assert_eq!(
        web(&[("ask-web", on())], &[], &argv).as_deref(),
        Some("lan"),
        "the last one"
    );
    assert_eq!(
        web(&[], &[("ASK_USER_QUESTION_WEB", "1")], &[]).as_deref(),
        Some("local")
    );
    let address = [("ASK_USER_QUESTION_WEB", "127.0.0.1:8080")];
    assert_eq!(web(&[], &address, &[]).as_deref(), Some("127.0.0.1:8080"));
    assert_eq!(web(&[], &[("ASK_USER_QUESTION_WEB", "no")], &[]), None);
}

#[test]
fn every_wrong_setting_is_named_on_a_line_of_its_own() {
    let wrong = error(given(
        &[
            ("ask-timeout", on()),
            ("ask-collapse-key", text("ctlr+x")),
            ("ask-web", on()),
        ],
        &[("ASK_USER_QUESTION_HEIGHT", "tall")],
        &["pi", "--ask-web=nowhere"],
    ));
    let lines: Vec<&str> = wrong.lines().collect();
    assert_eq!(lines.len(), 4, "{wrong}");
    for (line, setting) in lines.iter().zip([
        "--ask-timeout",
        "--ask-collapse-key",
        "ASK_USER_QUESTION_HEIGHT",
        "--ask-web",
    ]) {
        assert!(
            line.starts_with(&format!("ask_user_question: {setting}: ")),
            "{line}"
        );
    }
    let unserved = error(given(&[], &[("ASK_USER_QUESTION_WEB", "0.0.0.0")], &[]));
    assert!(
        unserved.starts_with("ask_user_question: ASK_USER_QUESTION_WEB: "),
        "{unserved}"
    );
}

/// pi registers the flags before the addon loads, from the extension's copy of them.
#[test]
fn the_extensions_copy_of_the_flags_is_current() {
    let current = format!("{:#}\n", operator_flags());
    crate::test_support::assert_copy_is_current("settings.json", &current, "the addon's flags");
}
