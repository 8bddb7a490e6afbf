//! The page's race, as every host settles it: with a questionnaire asked beside it (`Held`), and
//! alone (ended from outside). The page is answered over HTTP as its own form posts.

mod support;

use std::collections::BTreeMap;

use ask_user_question_web::race::{Ending, Held, Settled};
use ask_user_question_web::{Bind, Closed, PageEvent, WebServer};
use question::{AnswerState, Draft, ResultOptions};
use serde_json::json;
use support::{origin, parts, post};

fn questionnaire() -> question::Questionnaire {
    question::validate(&json!({"questions": [
        {"id": "db", "header": "DB", "prompt": "Which?", "options": [
            {"value": "pg", "label": "Postgres"}, {"value": "lite", "label": "SQLite"}]},
        {"id": "name", "header": "Name", "prompt": "Name?", "type": "text"}]}))
    .unwrap()
}

fn page() -> WebServer {
    WebServer::start(questionnaire(), Bind::Local, None).unwrap()
}

/// Posts the page's form `body` to `route` (`answer`, `draft`); the status.
fn send(web: &WebServer, route: &str, body: &str) -> u16 {
    let (_, token) = parts(web);
    post(
        web,
        &format!("{token}{route}"),
        Some(&origin(web)),
        body.as_bytes(),
    )
    .status
}

/// The other side: SQLite picked, "Bob" typed and not saved as the name.
fn held() -> Held {
    let state = AnswerState::new(questionnaire())
        .select("db", "lite")
        .unwrap();
    let unsaved = BTreeMap::from([(
        "name".to_string(),
        Draft {
            text: Some("Bob".into()),
            ..Draft::default()
        },
    )]);
    Held { state, unsaved }
}

#[test]
fn the_pages_answer_keeps_the_other_sides_text_as_drafts() {
    let web = page();
    assert_eq!(held().page_answer(&web), None, "nothing accepted yet");
    assert_eq!(send(&web, "answer", "q.0=0&t.1=Ada&action=submit"), 200);
    let answer = held().page_answer(&web).expect("accepted");
    let answers = &answer.details["answers"];
    assert_eq!(answer.details["answeredIn"], "web");
    assert_eq!(answers["db"]["values"], json!(["pg"]));
    assert_eq!(answers["name"]["customText"], "Ada");
    assert_eq!(answers["name"]["draft"]["text"], "Bob");
}

#[test]
fn the_pages_cancel_keeps_the_other_sides_answers_and_both_sides_text() {
    let web = page();
    assert_eq!(
        send(&web, "answer", "n.0=on+the+phone&t.1=Eve&action=cancel"),
        200
    );
    let result = held().cancelled_on_page(&web);
    let answers = &result.details["answers"];
    assert_eq!(result.details["answeredIn"], "web");
    assert_eq!(result.details["cancelled"], true);
    assert_eq!(answers["db"]["values"], json!(["lite"]));
    assert_eq!(answers["db"]["draft"]["note"], "on the phone");
    assert_eq!(
        answers["name"]["draft"]["text"], "Bob\nEve",
        "both sides' texts, the other side's first"
    );
}

#[test]
fn the_other_side_first_closes_the_page_and_keeps_its_drafts() {
    let web = page();
    assert_eq!(send(&web, "draft", "n.0=mine"), 204);
    let held = held();
    let result = held.state.build_result(ResultOptions::submitted());
    let Settled::Here(result) = held.settle(&web, Ending::Submitted, result) else {
        panic!("the page had no answer");
    };
    assert_eq!(result.details["answeredIn"], "terminal");
    assert_eq!(result.details["answers"]["db"]["draft"]["note"], "mine");
    assert_eq!(
        send(&web, "answer", "q.0=0&t.1=Ada&action=submit"),
        410,
        "too late"
    );
}

#[test]
fn a_time_out_or_an_abort_was_answered_nowhere() {
    for (ending, options) in [
        (Ending::TimedOut, ResultOptions::timed_out()),
        (Ending::Aborted, ResultOptions::aborted()),
    ] {
        let web = page();
        let held = held();
        let result = held.state.build_result(options);
        let result = held.settle(&web, ending, result).into_result();
        assert_eq!(result.details.get("answeredIn"), None, "{ending:?}");
    }
}

#[test]
fn the_pages_answer_accepted_first_wins_over_the_other_sides_later_one() {
    let web = page();
    assert_eq!(send(&web, "answer", "q.0=0&t.1=Ada&action=submit"), 200);
    let held = held();
    let result = held.state.build_result(ResultOptions::submitted());
    let Settled::Page(answer) = held.settle(&web, Ending::Submitted, result) else {
        panic!("the page's answer came first");
    };
    assert_eq!(answer.details["answers"]["name"]["customText"], "Ada");
    assert_eq!(answer.details["answers"]["name"]["draft"]["text"], "Bob");
}

#[test]
fn a_page_alone_ends_with_what_it_holds_or_its_own_answer() {
    let web = page();
    assert_eq!(send(&web, "draft", "q.0=1&t.1=typed"), 204);
    let Settled::Here(result) = web.end_alone(Closed::TimedOut) else {
        panic!("no answer on the page");
    };
    assert_eq!(result.details["error"], "timed_out");
    assert_eq!(result.details["answers"]["db"]["values"], json!(["lite"]));
    assert_eq!(result.details["answers"]["name"]["customText"], "typed");

    let web = page();
    assert_eq!(send(&web, "answer", "t.1=half&action=cancel"), 200);
    let cancelled = web.result_of(PageEvent::Cancelled);
    assert_eq!(cancelled.details["answeredIn"], "web");
    assert_eq!(cancelled.details["cancelled"], true);

    let web = page();
    assert_eq!(send(&web, "answer", "q.0=0&t.1=Ada&action=submit"), 200);
    let Settled::Page(answer) = web.end_alone(Closed::Cancelled) else {
        panic!("the page's answer came first");
    };
    assert_eq!(answer.details["answeredIn"], "web");
}

/// A word someone types: letters and digits of several scripts, never blank.
fn word() -> impl proptest::strategy::Strategy<Value = String> {
    "[a-zA-Z0-9éü漢字]{1,12}"
}

/// Every line of text the answers hold: answered text, notes, and drafts.
fn typed_in(details: &serde_json::Value) -> Vec<String> {
    let mut texts = Vec::new();
    let answers = details["answers"]
        .as_object()
        .into_iter()
        .flat_map(|a| a.values());
    for answer in answers {
        let draft = &answer["draft"];
        let notes = [&answer["optionNotes"], &draft["optionNotes"]];
        let fields = [
            &answer["customText"],
            &answer["note"],
            &draft["text"],
            &draft["note"],
        ];
        let notes = notes
            .into_iter()
            .filter_map(|n| n.as_object())
            .flat_map(|n| n.values());
        for text in fields.into_iter().chain(notes).filter_map(|t| t.as_str()) {
            texts.extend(text.lines().map(str::to_string));
        }
    }
    texts
}

fn encoded(text: &str) -> String {
    form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config::with_cases(48))]

    /// Whoever wins, every text typed on either side is in the result: in an answer, or kept
    /// as a draft.
    #[test]
    fn nothing_typed_on_either_side_is_lost(
        here_pick in proptest::option::of(0usize..2),
        here_name in word(),
        here_saved in proptest::bool::ANY,
        page_note in word(),
        page_name in word(),
        ending in 0usize..6,
    ) {
        let mut state = AnswerState::new(questionnaire());
        if let Some(pick) = here_pick {
            state = state.select("db", ["pg", "lite"][pick]).unwrap();
        }
        let mut unsaved = BTreeMap::new();
        if here_saved {
            state = state.set_custom_text("name", &here_name).unwrap();
        } else {
            let draft = Draft { text: Some(here_name.clone()), ..Draft::default() };
            unsaved.insert("name".to_string(), draft);
        }
        let held = Held { state, unsaved };
        let web = page();
        let typed = format!("n.0={}&t.1={}", encoded(&page_note), encoded(&page_name));
        let result = match ending {
            0 => {
                let body = format!("q.0=0&{typed}&action=submit&confirm=1");
                proptest::prop_assert_eq!(send(&web, "answer", &body), 200);
                held.page_answer(&web).expect("accepted")
            }
            1 => {
                proptest::prop_assert_eq!(send(&web, "answer", &format!("{typed}&action=cancel")), 200);
                held.cancelled_on_page(&web)
            }
            _ => {
                proptest::prop_assert_eq!(send(&web, "draft", &typed), 204);
                let (ending, options) = [
                    (Ending::Submitted, ResultOptions::submitted()),
                    (Ending::Cancelled, ResultOptions::cancelled()),
                    (Ending::Aborted, ResultOptions::aborted()),
                    (Ending::TimedOut, ResultOptions::timed_out()),
                ][ending - 2].clone();
                let own = held.result_with(options, BTreeMap::new());
                held.settle(&web, ending, own).into_result()
            }
        };
        let typed = typed_in(&result.details);
        for text in [&here_name, &page_note, &page_name] {
            let kept = typed.iter().any(|line| line.contains(text.as_str()));
            proptest::prop_assert!(kept, "{:?} lost: {}", text, result.details);
        }
    }
}
