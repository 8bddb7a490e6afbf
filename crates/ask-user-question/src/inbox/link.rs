//! The inbox's page as the terminal inbox knows it: its link, and the questionnaires it
//! answered. Apart from `web`, which serves the page, so the model can hold a link
//! without depending on the server (the server depends on the model's rows).

use std::collections::HashSet;
use std::sync::{Arc, Mutex, MutexGuard};

use ask_user_question_store::Id;

/// How an answer the inbox's page gave is named where it is said.
pub const ON_THE_PAGE: &str = "on the inbox's web page";

/// The questionnaires the inbox's page answered, shared with the terminal inbox.
#[derive(Debug, Clone, Default)]
pub struct WebAnswers(Arc<Mutex<HashSet<Id>>>);

impl WebAnswers {
    fn lock(&self) -> MutexGuard<'_, HashSet<Id>> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn contains(&self, id: Id) -> bool {
        self.lock().contains(&id)
    }

    pub(super) fn insert(&self, id: Id) {
        self.lock().insert(id);
    }

    pub(super) fn remove(&self, id: Id) {
        self.lock().remove(&id);
    }
}

/// The page as the terminal inbox knows it: its link, and what it answered.
#[derive(Debug, Clone)]
pub struct WebLink {
    /// The list's link; questionnaire `ID` is at `{url}q/ID/`.
    pub url: String,
    pub answered: WebAnswers,
}

impl WebLink {
    /// The link to questionnaire `id`'s page.
    pub fn of(&self, id: Id) -> String {
        format!("{}q/{id}/", self.url)
    }
}
