//! The race with the web page as the extension settles it: the page's answer, its cancel, and
//! pi's side first, on a session and on the dialogs.

use questionnaire::HeightLimit;
use serde_json::json;

use super::*;
use crate::dialogs::Dialogs;
use crate::outcome::Closed;
use crate::session::Session;
use crate::test_support::plan;
use crate::tool::ToolResult as PageResult;

const LINK: &str = "http://127.0.0.1:1/token/";

fn session(link: Option<&str>) -> Session {
    Session::open_with(
        &plan(),
        tea::Palette::dark(),
        Default::default(),
        (None, link.map(str::to_string)),
        (None, HeightLimit::default()),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

fn typed(text: &str) -> TypedText {
    TypedText {
        text: Some(text.into()),
        ..TypedText::default()
    }
}

fn texts(entries: &[(&str, TypedText)]) -> HashMap<String, TypedText> {
    entries
        .iter()
        .map(|(id, text)| (id.to_string(), text.clone()))
        .collect()
}

/// A page's answer as the page's addon builds it: Fast and "Ada".
fn page_answer_of_fast_and_ada() -> PageResult {
    let questionnaire = question::validate(&plan()).unwrap_or_else(|e| panic!("{e:?}"));
    let state = AnswerState::new(questionnaire)
        .select("approach", "fast")
        .and_then(|s| s.set_custom_text("name", "Ada"))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut result = state.build_result(ResultOptions::submitted());
    result.details["answeredIn"] = json!("web");
    result.into()
}

fn error_of(result: napi::Result<Closed>) -> String {
    result.expect_err("refused").reason
}

#[test]
fn the_questionnaire_shows_the_link_and_gives_what_was_typed_saved_or_not() {
    let mut s = session(Some(LINK));
    let rows = s.render(160, 30).join("\n");
    assert!(rows.contains(LINK), "{rows}");
    s.input("2".into());
    s.input("Half a na".into());
    assert_eq!(s.typed_texts(), texts(&[("name", typed("Half a na"))]));
}

#[test]
fn the_pages_answer_ends_the_session_and_a_later_key_changes_nothing() {
    let mut s = session(Some(LINK));
    let closed = s.end_on_page(page_answer_of_fast_and_ada()).expect("taken");
    assert_eq!(closed.details["answeredIn"], "web");
    assert_eq!(
        s.tick(),
        Some(closed.clone()),
        "the wake-up's tick closes it"
    );
    assert_eq!(s.input("1".into()).result, Some(closed));
}

#[test]
fn the_pages_answer_that_came_first_replaces_pis_later_result() {
    let mut s = session(Some(LINK));
    s.input("1".into());
    s.input("Bob\r".into());
    let pis = s.input("\r".into()).result.expect("submitted");
    assert_eq!(pis.details["answers"]["name"]["customText"], "Bob");
    assert_eq!(
        s.typed_texts(),
        texts(&[("name", typed("Bob"))]),
        "kept once finished"
    );
    let closed = s.end_on_page(page_answer_of_fast_and_ada()).expect("taken");
    assert_eq!(closed.details["answers"]["name"]["customText"], "Ada");
    assert_eq!(s.result(), closed);
}

#[test]
fn the_pages_cancel_keeps_pis_answers_unsaved_text_and_the_pages_drafts() {
    let mut s = session(Some(LINK));
    s.input("2".into());
    s.input("Half".into());
    let page = texts(&[
        ("approach", typed("typed on the phone")),
        ("name", typed("Other")),
    ]);
    let closed = s.cancel_on_page(page).expect("taken");
    assert_eq!(closed.outcome, crate::Outcome::Cancelled);
    let details = &closed.details;
    assert_eq!(details["answeredIn"], "web");
    assert_eq!(details["answers"]["approach"]["values"], json!(["fast"]));
    assert_eq!(
        details["answers"]["approach"]["draft"]["text"],
        "typed on the phone"
    );
    assert_eq!(
        details["answers"]["name"]["draft"]["text"], "Half",
        "pi's own text wins"
    );
}

#[test]
fn pis_side_first_keeps_the_pages_drafts_and_says_where_it_was_answered() {
    let mut s = session(Some(LINK));
    s.input("1".into());
    s.input("Ada\r".into());
    s.input("\r".into()).result.expect("submitted");
    let closed = s
        .keep_page_drafts(texts(&[
            ("name", typed("Ada")),
            ("approach", typed("mine")),
        ]))
        .expect("kept");
    let details = &closed.details;
    assert_eq!(details["answeredIn"], "terminal");
    assert_eq!(
        details["answers"]["name"].get("draft"),
        None,
        "the answer holds it"
    );
    assert_eq!(details["answers"]["approach"]["draft"]["text"], "mine");
}

#[test]
fn an_abort_keeps_the_pages_drafts_and_answered_nowhere() {
    let mut s = session(Some(LINK));
    s.abort();
    let closed = s
        .keep_page_drafts(texts(&[("name", typed("typed on the phone"))]))
        .expect("kept");
    assert_eq!(closed.details["error"], "aborted");
    assert_eq!(closed.details.get("answeredIn"), None);
    assert_eq!(
        closed.details["answers"]["name"]["draft"]["text"],
        "typed on the phone"
    );
}

#[test]
fn what_the_extension_hands_over_is_checked_with_clear_errors() {
    let mut s = session(Some(LINK));
    let mut not_web = page_answer_of_fast_and_ada();
    not_web.details["answeredIn"] = json!("terminal");
    let error = error_of(s.end_on_page(not_web));
    assert!(
        error.starts_with("endOnPage: expected the page's answer"),
        "{error}"
    );
    assert!(
        error.ends_with("details.answeredIn is \"terminal\""),
        "{error}"
    );
    let mut other_questions = page_answer_of_fast_and_ada();
    other_questions.details["answers"]
        .as_object_mut()
        .map(|answers| answers.remove("name"));
    let error = error_of(s.end_on_page(other_questions));
    assert!(
        error.ends_with("details.answers has no \"name\""),
        "{error}"
    );
    let error = error_of(s.cancel_on_page(texts(&[("nope", typed("x"))])));
    assert_eq!(
        error,
        "cancelOnPage: the page's drafts name no question of this call: \"nope\""
    );
    let note = TypedText {
        option_notes: Some(HashMap::from([("slow".to_string(), "why".to_string())])),
        ..TypedText::default()
    };
    let error = error_of(s.cancel_on_page(texts(&[("approach", note)])));
    assert!(
        error.contains("has no option with value \"slow\""),
        "{error}"
    );
    let error = error_of(s.keep_page_drafts(HashMap::new()));
    assert!(error.contains("has not finished"), "{error}");
    assert!(!s.finished(), "nothing changed");
    let error = error_of(session(None).end_on_page(page_answer_of_fast_and_ada()));
    assert!(error.contains("shows no web page"), "{error}");
}

fn dialogs() -> Dialogs {
    Dialogs::new(plan(), None).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_pages_answer_ends_the_dialogs_and_a_late_reply_changes_nothing() {
    let mut d = dialogs();
    let open = d.next();
    let closed = d.end_on_page(page_answer_of_fast_and_ada()).expect("taken");
    d.answer(open.options.expect("a select").first().cloned());
    assert_eq!(d.next().result, Some(closed.clone()));
    assert_eq!(d.abort(), closed);
}

#[test]
fn the_pages_cancel_ends_the_dialogs_with_the_replies_and_the_pages_drafts() {
    let mut d = dialogs();
    let pick = d.next().options.expect("a select")[1].clone();
    d.answer(Some(pick));
    let closed = d
        .cancel_on_page(texts(&[("name", typed("typed on the phone"))]))
        .expect("taken");
    assert_eq!(closed.details["answeredIn"], "web");
    assert_eq!(
        closed.details["answers"]["approach"]["values"],
        json!(["fast"])
    );
    assert_eq!(
        closed.details["answers"]["name"]["draft"]["text"],
        "typed on the phone"
    );
    assert_eq!(d.next().result, Some(closed));
}

#[test]
fn the_replies_first_keep_the_pages_drafts() {
    let mut d = dialogs();
    assert!(d.keep_page_drafts(HashMap::new()).is_err(), "not ended yet");
    let pick = d.next().options.expect("a select")[1].clone();
    d.answer(Some(pick));
    d.next();
    d.answer(Some("Ada".into()));
    assert_eq!(d.typed_texts(), texts(&[("name", typed("Ada"))]));
    let closed = d
        .keep_page_drafts(texts(&[("approach", typed("mine"))]))
        .expect("kept");
    assert_eq!(closed.details["answeredIn"], "terminal");
    assert_eq!(
        closed.details["answers"]["approach"]["draft"]["text"],
        "mine"
    );
    assert_eq!(d.next().result, Some(closed));
}
