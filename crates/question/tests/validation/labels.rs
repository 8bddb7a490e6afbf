//! Labels: the call's overrides, the documented keys and their English defaults.

use super::*;

#[test]
fn supplied_labels_override_defaults_and_are_kept_for_the_echo() {
    let input = set(
        canonical(),
        "/labels",
        json!({ "submit": "Enviar", "unknownKey": "x", "skip": "Omitir" }),
    );
    let labels = validate(&input).unwrap().labels;
    assert_eq!(labels.get(Label::Submit), "Enviar");
    assert_eq!(labels.get(Label::Skip), "Omitir");
    assert_eq!(labels.get(Label::Cancel), "Cancel");
    assert_eq!(
        Value::Object(labels.supplied().unwrap().clone()),
        json!({ "submit": "Enviar", "skip": "Omitir" })
    );
    assert_eq!(validate(&canonical()).unwrap().labels.supplied(), None);
}

#[test]
fn label_keys_spelled_another_way_override_their_labels() {
    let input = set(
        canonical(),
        "/labels",
        json!({ "type_something": "Escribe algo.", "Submit": "Enviar", "submit": "Mandar" }),
    );
    let report = question::validate_report(&input, ValidateOptions::default());
    let labels = report.questionnaire.unwrap().labels;
    assert_eq!(labels.get(Label::TypeSomething), "Escribe algo.");
    assert_eq!(labels.get(Label::Submit), "Mandar", "the key as named wins");
    let ignored: Vec<&str> = report.ignored.iter().map(|i| i.path.as_str()).collect();
    assert_eq!(ignored, ["/labels/Submit"]);
}

/// The label keys a call may override, in the order docs/behaviour.md#labels lists them.
#[test]
fn every_documented_label_key_has_an_english_default() {
    let keys = "askUser, yes, no, typeSomething, yourAnswer, submit, backToEdit, cancel, review, \
        reviewHeading, required, unanswered, requiredPending, skipped, skip, done, \
        lineChoose, lineChooseMany, lineConfirm, lineType, lineReview, notUnderstood, recommended, preview, \
        noDescription, typeOwn, noTextYet, note, noteForQuestion, noteFor, cancelled, cancelledKept, error, \
        answered, move, pick, select, toggle, next, optionNote, questionNote, clear, scrollPreview, \
        scrollPrompt, scrollContext, more, switchTab, save, newline, keepDraft, filter, clearFilter, \
        noMatches, answer, collapse, expand, externalEditor, escAgain, draft, timedOut, \
        cancelHint, previewHint, typedAfterSave, typedAfterEnter, step, webLink, webMarker, qrCode, qrClose, qrTooSmall, \
        pageAnswered, pageCancelled, pageAnsweredInTerminal, pageAnsweredInInbox, pageCancelledElsewhere, pageTimedOut, \
        pageClosed";
    let documented: Vec<&str> = keys.split(',').map(str::trim).collect();
    let ours: Vec<&str> = Label::ALL.iter().map(|l| l.key()).collect();
    assert_eq!(ours, documented);
    for label in Label::ALL {
        assert_eq!(Label::from_key(label.key()), Some(*label));
        assert!(!label.english().trim().is_empty(), "{label:?}");
    }
    assert_eq!(Label::TypeSomething.english(), "Type something.");
}

#[test]
fn hosts_can_build_labels_without_an_input() {
    let labels = Labels::with_overrides([(Label::Submit, "Enviar"), (Label::Yes, "Sí")]);
    assert_eq!(labels.get(Label::Submit), "Enviar");
    assert_eq!(labels.get(Label::No), "No");
    assert_eq!(
        Value::Object(labels.supplied().unwrap().clone()),
        json!({ "submit": "Enviar", "yes": "Sí" })
    );
    assert_eq!(Labels::english().get(Label::Done), "Done");
    assert_eq!(Labels::english().supplied(), None);
}
