//! The store's cases: posting and listing, the first answer winning, drafts, hosts that go,
//! secrets, history, and every bad state a host must get past.

use std::os::unix::fs::PermissionsExt;

use serde_json::json;

use super::*;

struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "aq-store-{name}-{}-{}",
            std::process::id(),
            now_ms()
        ));
        Scratch(dir)
    }
    fn path(&self) -> PathBuf {
        self.0.join("state").join("inbox.sqlite3")
    }
    fn store(&self) -> Store {
        Store::open(&self.path()).unwrap()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn input(title: &str) -> Value {
    json!({"title": title, "questions": [
        {"id": "db", "header": "Database", "prompt": "Which?", "options": [
            {"value": "pg", "label": "Postgres"}, {"value": "lite", "label": "SQLite"}]},
        {"id": "name", "header": "Name", "prompt": "Name?", "type": "text"}]})
}

fn post(store: &Store, input: &Value) -> Id {
    store
        .post(&Posting {
            host: "Codex",
            project: "/src/billing",
            input,
            pid: std::process::id(),
        })
        .unwrap()
}

fn answer(content: &str) -> ToolResult {
    ToolResult {
        content: content.into(),
        details: json!({"cancelled": false, "answers": {"name": {"status": "answered", "customText": content}}}),
    }
}

#[test]
fn the_folder_is_0700_and_the_files_0600() {
    let scratch = Scratch::new("modes");
    let store = scratch.store();
    post(&store, &input("Release"));
    let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(scratch.path().parent().unwrap()), 0o700);
    assert_eq!(mode(&scratch.path()), 0o600);
    let mut wal = scratch.path().into_os_string();
    wal.push("-wal");
    assert_eq!(mode(Path::new(&wal)), 0o600);
}

#[test]
fn a_posted_questionnaire_is_listed_newest_first_with_what_the_row_shows() {
    let scratch = Scratch::new("list");
    let store = scratch.store();
    let first = post(&store, &input("Release"));
    let second = post(
        &store,
        &json!({"questions": [{"id": "a", "header": "Port", "prompt": "Port?", "type": "number"}]}),
    );
    let list = scratch.store().list().unwrap();
    assert_eq!(
        list.iter().map(|l| l.id).collect::<Vec<_>>(),
        [second, first]
    );
    assert_eq!(list[0].title, "Port", "no title: the first header");
    assert_eq!(list[1].title, "Release");
    assert_eq!(list[1].questions, 2);
    assert_eq!(list[1].host, "Codex");
    assert!(list.iter().all(|l| l.ended.is_none() && !l.secret));
}

#[test]
fn the_first_answer_wins_and_the_loser_learns_where() {
    let scratch = Scratch::new("race");
    let (terminal, inbox) = (scratch.store(), scratch.store());
    let id = post(&terminal, &input("Release"));
    assert_eq!(
        inbox
            .settle(id, "inbox", &answer("from the inbox"))
            .unwrap(),
        Claim::Won
    );
    let Claim::Lost(Outcome::Settled { surface, result }) = terminal
        .settle(id, "terminal", &answer("from the terminal"))
        .unwrap()
    else {
        panic!("the second answer must lose");
    };
    assert_eq!(surface, "inbox");
    assert_eq!(result.unwrap().content, "from the inbox");
    assert!(terminal.list().unwrap().is_empty());
}

#[test]
fn answers_racing_from_threads_have_one_winner_every_time() {
    let scratch = Scratch::new("threads");
    let store = scratch.store();
    for round in 0..50 {
        let id = post(&store, &input(&format!("Round {round}")));
        let path = scratch.path();
        let racers: Vec<_> = ["terminal", "inbox", "web"]
            .into_iter()
            .map(|surface| {
                let path = path.clone();
                std::thread::spawn(move || {
                    let store = Store::open(&path).unwrap();
                    store.settle(id, surface, &answer(surface)).unwrap()
                })
            })
            .collect();
        let claims: Vec<Claim> = racers.into_iter().map(|r| r.join().unwrap()).collect();
        assert_eq!(
            claims.iter().filter(|c| **c == Claim::Won).count(),
            1,
            "{claims:?}"
        );
    }
}

#[test]
fn a_draft_saved_on_one_surface_opens_on_another() {
    let scratch = Scratch::new("drafts");
    let id = post(&scratch.store(), &input("Release"));
    let saved =
        json!({"answers": {"db": {"picks": ["lite"]}}, "drafts": {"name": {"text": "bil"}}});
    scratch.store().save(id, &saved).unwrap();
    let opened = scratch.store().open_questionnaire(id).unwrap().unwrap();
    assert_eq!(opened.saved, Some(saved));
    assert_eq!(opened.input, input("Release"));
}

#[test]
fn a_host_that_is_gone_stops_waiting_and_history_keeps_its_question() {
    let scratch = Scratch::new("gone");
    let store = scratch.store();
    let mut child = std::process::Command::new("sleep")
        .arg("0")
        .spawn()
        .unwrap();
    let pid = child.id();
    child.wait().unwrap();
    let input = input("Release");
    let id = store
        .post(&Posting {
            host: "pi",
            project: "/p",
            input: &input,
            pid,
        })
        .unwrap();
    let list = store.list().unwrap();
    assert_eq!(list[0].ended.as_deref(), Some("pi stopped waiting"));
    assert_eq!(
        store.outcome(id).unwrap(),
        Outcome::Ended {
            why: "pi stopped waiting".into()
        }
    );
    let history = store.history(None, 10).unwrap();
    assert_eq!(history[0].how, "abandoned");
    assert_eq!(history[0].input, input);
}

#[test]
fn a_host_that_stops_beating_stops_waiting() {
    let scratch = Scratch::new("beat");
    let store = scratch.store();
    let id = post(&store, &input("Release"));
    store
        .connection
        .execute("UPDATE questionnaires SET beat_ms = beat_ms - 60000", [])
        .unwrap();
    store.beat(std::process::id()).unwrap_or(());
    // The beat above came after the stale one was written, so it waits again.
    assert_eq!(store.outcome(id).unwrap(), Outcome::Waiting);
    store
        .connection
        .execute("UPDATE questionnaires SET beat_ms = beat_ms - 60000", [])
        .unwrap();
    store.sweep().unwrap();
    assert!(matches!(store.outcome(id).unwrap(), Outcome::Ended { .. }));
}

#[test]
fn a_secret_answer_never_reaches_the_file() {
    let scratch = Scratch::new("secret");
    let store = scratch.store();
    let input = json!({"questions": [
        {"id": "token", "header": "Token", "prompt": "Token?", "type": "text", "isSecret": true},
        {"id": "env", "header": "Env", "prompt": "Env?", "type": "text"}]});
    let id = post(&store, &input);
    assert!(store.list().unwrap()[0].secret);
    let result = ToolResult {
        content: "Token: user wrote: hunter2-secret".into(),
        details: json!({"cancelled": false, "answers": {
            "token": {"status": "answered", "customText": "hunter2-secret"},
            "env": {"status": "answered", "customText": "prod"}}}),
    };
    assert_eq!(store.settle(id, "terminal", &result).unwrap(), Claim::Won);
    drop(store);
    let bytes = std::fs::read(scratch.path()).unwrap();
    let mut wal = scratch.path().into_os_string();
    wal.push("-wal");
    let wal = std::fs::read(&wal).unwrap_or_default();
    for file in [&bytes, &wal] {
        assert!(
            !String::from_utf8_lossy(file).contains("hunter2"),
            "a secret on disk"
        );
    }
    let history = scratch.store().history(None, 1).unwrap();
    let details = history[0].details.as_ref().unwrap();
    assert_eq!(
        details["answers"]["token"],
        json!({"status": "answered", "secret": true})
    );
    assert_eq!(details["answers"]["env"]["customText"], "prod");
}

/// Secret questions written the other ways the validator reads: the flag as text, no id (the
/// answer is keyed by the id validation makes up), the questions as JSON text.
#[test]
fn a_secret_answer_in_any_shape_never_reaches_the_file() {
    let shapes = [
        (
            json!({"questions": [{"id": "token", "header": "Token", "prompt": "Token?",
                "type": "text", "isSecret": "true"}]}),
            "token",
        ),
        (
            json!({"questions": [{"prompt": "Token?", "type": "text", "isSecret": true}]}),
            "q1",
        ),
        (
            json!({"questions": "[{\"id\": \"token\", \"header\": \"Token\", \"prompt\": \"Token?\", \"type\": \"text\", \"isSecret\": true}]"}),
            "token",
        ),
        // The question service asks with a context longer than a tool call's limit.
        (
            json!({"questions": [{"id": "token", "header": "Token", "prompt": "Token?",
                "type": "text", "isSecret": "true", "context": "x".repeat(600)}]}),
            "token",
        ),
    ];
    for (n, (input, id)) in shapes.iter().enumerate() {
        let scratch = Scratch::new(&format!("secret-shape-{n}"));
        let store = scratch.store();
        let questionnaire =
            question::validate_with(input, question::ValidateOptions::unlimited_context()).unwrap();
        assert_eq!(questionnaire.questions[0].id, *id, "{input}");
        let posted = post(&store, input);
        assert!(store.list().unwrap()[0].secret, "{input}");
        let result = ToolResult {
            content: "Token: user wrote: hunter2-secret".into(),
            details: json!({"cancelled": false, "answers": {
                *id: {"status": "answered", "customText": "hunter2-secret"}}}),
        };
        assert_eq!(
            store.settle(posted, "terminal", &result).unwrap(),
            Claim::Won
        );
        drop(store);
        let mut wal = scratch.path().into_os_string();
        wal.push("-wal");
        for file in [scratch.path(), PathBuf::from(wal)] {
            let bytes = std::fs::read(file).unwrap_or_default();
            assert!(
                !String::from_utf8_lossy(&bytes).contains("hunter2"),
                "a secret on disk: {input}"
            );
        }
    }
}

#[test]
fn history_by_project_newest_first_and_pruned() {
    let scratch = Scratch::new("history");
    let store = scratch.store();
    let input = input("Release");
    let mut ids = Vec::new();
    for project in [
        "/src/billing",
        "/src/billing/api",
        "/src/billing-old",
        "/src/web",
    ] {
        let id = store
            .post(&Posting {
                host: "pi",
                project,
                input: &input,
                pid: std::process::id(),
            })
            .unwrap();
        store.settle(id, "inbox", &answer(project)).unwrap();
        ids.push(id);
    }
    let billing = store.history(Some("/src/billing"), 10).unwrap();
    assert_eq!(
        billing.iter().map(|r| r.listed.id).collect::<Vec<_>>(),
        [ids[1], ids[0]]
    );
    assert_eq!(billing[0].how, "answered");
    assert_eq!(billing[0].surface.as_deref(), Some("inbox"));
    assert_eq!(
        store.prune(Duration::from_secs(3600)).unwrap(),
        0,
        "all ended within the hour"
    );
    std::thread::sleep(Duration::from_millis(2));
    assert_eq!(store.prune(Duration::ZERO).unwrap(), 4);
    assert!(store.history(None, 10).unwrap().is_empty());
}

#[test]
fn an_inbox_is_running_while_it_beats_and_its_process_lives() {
    let scratch = Scratch::new("inbox");
    let store = scratch.store();
    assert!(!store.inbox_running().unwrap());
    store.inbox_beat(std::process::id()).unwrap();
    assert!(scratch.store().inbox_running().unwrap());
    store.inbox_gone(std::process::id()).unwrap();
    assert!(!store.inbox_running().unwrap());
}

#[test]
fn the_version_changes_with_what_surfaces_show_and_not_with_beats() {
    let scratch = Scratch::new("version");
    let (reader, writer) = (scratch.store(), scratch.store());
    let mut last = reader.version().unwrap();
    let mut changed = |what: &str| {
        let now = reader.version().unwrap();
        let moved = now != last;
        last = now;
        assert!(moved, "the version must change when {what}");
    };
    let id = post(&writer, &input("Release"));
    changed("a questionnaire is posted");
    writer.save(id, &json!({"answers": {}})).unwrap();
    changed("drafts are saved");
    writer.settle(id, "inbox", &answer("x")).unwrap();
    changed("it is answered");
    let other = post(&writer, &input("Other"));
    changed("another is posted");
    writer.beat(std::process::id()).unwrap();
    assert_eq!(
        reader.version().unwrap(),
        last,
        "a beat is no change to show"
    );
    writer.end(other, "gone").unwrap();
    let now = reader.version().unwrap();
    assert_ne!(now, last, "the version must change when one ends");
}

#[test]
fn the_version_sees_every_post_from_processes_that_come_and_go() {
    let scratch = Scratch::new("version-processes");
    let reader = scratch.store();
    let input = input("Release");
    for round in 0..100 {
        let before = reader.version().unwrap();
        // A connection opened, written through and closed, as a short-lived host does.
        let writer = scratch.store();
        post(&writer, &input);
        drop(writer);
        assert_ne!(reader.version().unwrap(), before, "round {round}");
    }
}

#[test]
fn a_corrupt_file_is_refused_saying_so() {
    let scratch = Scratch::new("corrupt");
    std::fs::create_dir_all(scratch.path().parent().unwrap()).unwrap();
    std::fs::set_permissions(
        scratch.path().parent().unwrap(),
        std::fs::Permissions::from_mode(0o700),
    )
    .unwrap();
    std::fs::write(scratch.path(), vec![0x5a; 8192]).unwrap();
    let error = Store::open(&scratch.path()).err().unwrap();
    assert_eq!(error.kind, Kind::Corrupt, "{error}");
    assert!(
        error.to_string().contains("damaged or not a database"),
        "{error}"
    );
    assert!(error.to_string().contains("inbox.sqlite3"), "{error}");
}

#[test]
fn a_newer_schema_is_refused_saying_so() {
    let scratch = Scratch::new("newer");
    drop(scratch.store());
    let raw = Connection::open(scratch.path()).unwrap();
    raw.pragma_update(None, "user_version", 7).unwrap();
    drop(raw);
    let error = Store::open(&scratch.path()).err().unwrap();
    assert_eq!(
        error.kind,
        Kind::Newer {
            found: 7,
            known: SCHEMA
        }
    );
    assert!(
        error.to_string().contains("newer ask-user-question"),
        "{error}"
    );
}

#[test]
fn a_locked_store_is_refused_after_a_short_wait() {
    let scratch = Scratch::new("locked");
    let store = scratch.store();
    let holder = Connection::open(scratch.path()).unwrap();
    holder.execute_batch("BEGIN EXCLUSIVE").unwrap();
    let error = store
        .post(&Posting {
            host: "pi",
            project: "/p",
            input: &input("x"),
            pid: 1,
        })
        .unwrap_err();
    assert_eq!(error.kind, Kind::Locked, "{error}");
    assert!(
        error.to_string().contains("locked by another process"),
        "{error}"
    );
}

#[test]
fn a_store_file_open_to_others_is_the_users_alone_again() {
    let scratch = Scratch::new("loose-file");
    drop(scratch.store());
    std::fs::set_permissions(scratch.path(), std::fs::Permissions::from_mode(0o644)).unwrap();
    drop(scratch.store());
    let mode = std::fs::metadata(scratch.path())
        .unwrap()
        .permissions()
        .mode()
        & 0o777;
    assert_eq!(mode, 0o600);
}

#[test]
fn a_folder_open_to_others_is_refused() {
    let scratch = Scratch::new("loose");
    let folder = scratch.path().parent().unwrap().to_path_buf();
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o755)).unwrap();
    let error = Store::open(&scratch.path()).err().unwrap();
    assert_eq!(error.kind, Kind::Unsafe, "{error}");
    assert!(error.to_string().contains("chmod 700"), "{error}");
}

#[test]
fn a_read_only_store_is_refused_saying_so() {
    let scratch = Scratch::new("readonly");
    drop(scratch.store());
    let folder = scratch.path().parent().unwrap().to_path_buf();
    let root = unsafe { libc::geteuid() } == 0;
    // Root writes through any mode: there the store's folder is made a read-only mount.
    let mounted = root && {
        let mount = |args: &[&str]| {
            std::process::Command::new("mount")
                .args(args)
                .status()
                .is_ok_and(|status| status.success())
        };
        let folder = folder.to_str().unwrap();
        mount(&["--bind", folder, folder]) && mount(&["-o", "remount,bind,ro", folder, folder])
    };
    assert!(
        !root || mounted,
        "as root this test needs mount (a read-only bind mount)"
    );
    if !root {
        std::fs::set_permissions(scratch.path(), std::fs::Permissions::from_mode(0o400)).unwrap();
    }
    let error = Store::open(&scratch.path())
        .and_then(|store| {
            store.post(&Posting {
                host: "pi",
                project: "/p",
                input: &input("x"),
                pid: 1,
            })
        })
        .err();
    if mounted {
        let _ = std::process::Command::new("umount").arg(&folder).status();
    }
    let error = error.expect("a read-only store must be refused");
    assert_eq!(error.kind, Kind::ReadOnly, "{error}");
    assert!(error.to_string().contains("cannot be written"), "{error}");
}
