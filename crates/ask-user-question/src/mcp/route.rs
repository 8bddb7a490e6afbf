//! Which way a call reaches the person: the client's form, a tmux popup, or the web page. The
//! first that applies, in that order, unless the operator forced one (`--via`). The web page
//! always applies; only a page that cannot be served leaves the model to ask in prose.

use clap::ValueEnum;
use question::Questionnaire;

use super::form::Form;

/// A way to reach the person.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Via {
    /// The MCP client's own form (elicitation in form mode).
    Form,
    /// The terminal questionnaire in a tmux popup (the server runs inside tmux).
    Tmux,
    /// The questionnaire as a web page.
    Web,
}

/// What the server knows when a call comes.
#[derive(Debug, Clone, Copy)]
pub struct Reach {
    /// The client declared form elicitation.
    pub client_form: bool,
    /// `$TMUX` is set: the server runs inside tmux.
    pub tmux: bool,
    /// The client declared URL elicitation: it can show the page's link itself.
    pub client_url: bool,
}

/// How the web page's link reaches the person.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Announce {
    /// The client shows it (URL-mode elicitation).
    ClientUrl,
    /// An MCP log message, and the bell and a desktop notification on the server's terminal.
    Elsewhere,
}

/// The way chosen for a call, with what it needs.
#[derive(Debug)]
pub enum Route {
    Form(Form),
    Tmux,
    Web(Announce),
}

pub const ASK_IN_PROSE: &str =
    "Ask your questions in plain text in your reply instead; nothing was shown to the user.";

/// The way to ask `questionnaire`, or why there is none (a message for the model).
pub fn choose(
    forced: Option<Via>,
    reach: Reach,
    questionnaire: &Questionnaire,
) -> Result<Route, String> {
    let form = Form::of(questionnaire);
    let web = Route::Web(if reach.client_url {
        Announce::ClientUrl
    } else {
        Announce::Elsewhere
    });
    match forced {
        Some(Via::Form) if !reach.client_form => Err(format!(
            "ask_user_question is set to ask through the client's form (--via form), but this MCP client does not support form elicitation. {ASK_IN_PROSE}"
        )),
        Some(Via::Form) => form.map(Route::Form).map_err(|unfit| {
            format!("ask_user_question cannot use the client's form: {unfit}. {ASK_IN_PROSE}")
        }),
        Some(Via::Tmux) if !reach.tmux => Err(format!(
            "ask_user_question is set to ask in a tmux popup (--via tmux), but the server does not run inside tmux ($TMUX is not set). {ASK_IN_PROSE}"
        )),
        Some(Via::Tmux) => Ok(Route::Tmux),
        Some(Via::Web) => Ok(web),
        None => match form {
            Ok(form) if reach.client_form => Ok(Route::Form(form)),
            _ if reach.tmux => Ok(Route::Tmux),
            _ => Ok(web),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn questionnaire(secret: bool) -> Questionnaire {
        question::validate(&json!({"questions": [
            {"id": "a", "header": "A", "prompt": "Name?", "type": "text", "isSecret": secret}
        ]}))
        .expect("valid")
    }

    fn reach(client_form: bool, tmux: bool) -> Reach {
        Reach {
            client_form,
            tmux,
            client_url: false,
        }
    }

    fn chosen(forced: Option<Via>, reach: Reach, secret: bool) -> Result<&'static str, String> {
        choose(forced, reach, &questionnaire(secret)).map(|route| match route {
            Route::Form(_) => "form",
            Route::Tmux => "tmux",
            Route::Web(Announce::ClientUrl) => "web, link through the client",
            Route::Web(Announce::Elsewhere) => "web, link announced",
        })
    }

    #[test]
    fn the_clients_form_comes_first() {
        assert_eq!(chosen(None, reach(true, true), false), Ok("form"));
    }

    #[test]
    fn tmux_when_the_client_has_no_form() {
        assert_eq!(chosen(None, reach(false, true), false), Ok("tmux"));
    }

    #[test]
    fn a_secret_question_skips_the_form() {
        assert_eq!(chosen(None, reach(true, true), true), Ok("tmux"));
        assert_eq!(
            chosen(None, reach(true, false), true),
            Ok("web, link announced")
        );
    }

    #[test]
    fn the_web_page_when_neither_form_nor_tmux_applies() {
        assert_eq!(
            chosen(None, reach(false, false), false),
            Ok("web, link announced")
        );
        let url_client = Reach {
            client_url: true,
            ..reach(false, false)
        };
        assert_eq!(
            chosen(None, url_client, false),
            Ok("web, link through the client")
        );
    }

    #[test]
    fn a_forced_way_is_used_or_explained() {
        assert_eq!(
            chosen(Some(Via::Tmux), reach(true, true), false),
            Ok("tmux")
        );
        assert!(
            chosen(Some(Via::Tmux), reach(true, false), false)
                .unwrap_err()
                .contains("$TMUX")
        );
        assert!(
            chosen(Some(Via::Form), reach(false, true), false)
                .unwrap_err()
                .contains("--via form")
        );
        assert_eq!(
            chosen(Some(Via::Web), reach(true, true), false),
            Ok("web, link announced")
        );
    }
}
