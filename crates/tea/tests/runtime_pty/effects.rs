//! Effects on the real clock: the bell, subscriptions and tasks.

use super::*;

#[test]
fn the_bell_rings_and_the_program_draws_its_own_dock() {
    let mut term = Terminal::launch(Launch {
        scenario: "effects",
        ..Launch::default()
    });
    term.wait_for_text("b c e q");
    let before = term.raw_len();
    term.type_keys("b");
    term.wait_until("the bell", |_| term.raw_since(before).contains('\x07'));
    term.type_keys("c");
    term.wait_for_lines(&with_history(
        &["$ app"],
        vec!["docked · e to expand".into(), String::new()],
    ));
    term.type_keys("e");
    term.wait_for_text("b c e q");
    term.type_keys("c");
    term.wait_for_text("docked");
    term.type_keys("q");
    let (stdout, _, _) = term.finish();
    assert_eq!(report(&stdout), r#"Quit("done") collapsed: true"#);
}

#[test]
fn subscriptions_tick_and_tasks_return_on_the_real_clock() {
    let mut term = Terminal::launch(Launch {
        scenario: "effects",
        ..Launch::default()
    });
    term.wait_for_text("b c e q");
    // The loop wakes for the timer with no input coming, and stops once the model stops asking.
    term.type_keys("t");
    term.wait_for_text("ticks 3");
    // A task runs on a thread; its result wakes the loop.
    term.type_keys("w");
    term.wait_for_text("ticks 3 worked");
    term.type_keys("q");
    let (stdout, _, term) = term.finish();
    assert_eq!(report(&stdout), r#"Quit("done") collapsed: false"#);
    assert!(!term.raw_since(0).contains("ticks 4"));
}
