//! Keymaps: bindings from key strings to messages, with the help they show.
//!
//! A [`Binding`] names one or more keys in the key-script grammar ([`parse_key`]: `"ctrl+]"`,
//! `"shift+tab"`, `"j"`), a display label for the help footer (`"↑↓"`; the first key by
//! default), help text, a predicate on a context (when the binding applies) and the message
//! it produces. A [`Keymap`] turns an [`Event`] into a message for a context and, read the
//! other way, lists the help entries for that context. A help entry is listed only when its
//! binding really receives its key in that context (no earlier binding takes it first), so the
//! footer never names a key that does something else.
//!
//! Bindings can be rebound at run time by name ([`Keymap::rebind`]); bad key strings are
//! errors that say which binding, which token and where.
//!
//! Key releases never match; repeats (a held key) match only bindings marked
//! [`Binding::repeats`], so toggles act once per keystroke.
//!
//! ```
//! use tea::input::parse_key_script;
//! use tea::keymap::{Binding, Keymap};
//!
//! #[derive(Debug, Clone, PartialEq)]
//! enum Msg { Up, Down, Collapse }
//! struct Ctx { collapsed: bool }
//!
//! let mut keymap = Keymap::new(vec![
//!     Binding::new("up", "up k", Msg::Up).unwrap().label("↑↓").help("move"),
//!     Binding::new("down", "down j", Msg::Down).unwrap(),
//!     Binding::new("collapse", "ctrl+]", Msg::Collapse).unwrap().help("collapse")
//!         .when(|c: &Ctx| !c.collapsed),
//! ]);
//! let ctx = Ctx { collapsed: false };
//! let key = &parse_key_script("j").unwrap()[0];
//! assert_eq!(keymap.msg_for(key, &ctx), Some(Msg::Down));
//! let help: Vec<String> = keymap.help(&ctx).iter().map(|e| format!("{} {}", e.key, e.text)).collect();
//! assert_eq!(help, ["↑↓ move", "ctrl+] collapse"]);
//!
//! keymap.rebind("collapse", "ctrl+g").unwrap();
//! assert_eq!(keymap.help(&ctx)[1].key, "ctrl+g");
//! let err = keymap.rebind("collapse", "ctlr+g").unwrap_err();
//! assert_eq!(err.to_string(), "binding 'collapse': unknown key 'ctlr+g' (token 1)");
//! ```

use std::fmt;
use std::sync::Arc;

use crate::input::{Event, KeyEventKind, KeyPress, parse_key};

/// A keymap error: which binding, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeymapError {
    /// A key string token that names no key.
    UnknownKey {
        binding: String,
        token: String,
        /// 1-based position of the token in the binding's key string.
        position: usize,
        message: String,
    },
    /// A binding with no keys at all.
    NoKeys { binding: String },
    /// Several keys where one was asked for ([`Keymap::bind_key`], [`Keymap::unbind_key`]).
    NotOneKey { keys: String },
    /// `rebind` of a name no binding has.
    UnknownBinding { binding: String },
}

impl fmt::Display for KeymapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeymapError::UnknownKey {
                binding,
                token,
                position,
                ..
            } => write!(
                f,
                "binding '{binding}': unknown key '{token}' (token {position})"
            ),
            KeymapError::NoKeys { binding } => write!(f, "binding '{binding}': no keys"),
            KeymapError::NotOneKey { keys } => write!(f, "'{keys}' is not one key"),
            KeymapError::UnknownBinding { binding } => write!(f, "no binding named '{binding}'"),
        }
    }
}

impl std::error::Error for KeymapError {}

/// Parses a binding's key string: whitespace-separated tokens, each one key.
pub fn parse_keys(binding: &str, keys: &str) -> Result<Vec<KeyPress>, KeymapError> {
    let parsed = keys
        .split_whitespace()
        .enumerate()
        .map(|(i, token)| {
            // A parsed token has no Super or Hyper, so it always has a normalized form.
            parse_key(token)
                .map(|k| k.normalized().unwrap_or(k))
                .map_err(|e| KeymapError::UnknownKey {
                    binding: binding.to_string(),
                    token: token.to_string(),
                    position: i + 1,
                    message: e.message,
                })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if parsed.is_empty() {
        return Err(KeymapError::NoKeys {
            binding: binding.to_string(),
        });
    }
    Ok(parsed)
}

type Predicate<C> = Arc<dyn Fn(&C) -> bool + Send + Sync>;
type OfKey<M> = Arc<dyn Fn(KeyPress) -> M + Send + Sync>;

/// One binding: keys, what the help footer says about them, when it applies, its message.
pub struct Binding<C, M> {
    pub name: String,
    keys: Vec<KeyPress>,
    /// Each key as written (for the default label), in the order of `keys`.
    key_names: Vec<String>,
    label: Option<String>,
    pub help: String,
    when: Option<Predicate<C>>,
    /// When the help entry is listed, beyond `when` (always, by default).
    help_when: Option<Predicate<C>>,
    /// Made by [`Binding::help_only`]: listed without keys of its own.
    help_only: bool,
    /// The message for the key pressed, when it depends on the key (see [`Binding::of_key`]).
    of_key: Option<OfKey<M>>,
    pub msg: M,
    pub repeats: bool,
}

impl<C, M: Clone> Clone for Binding<C, M> {
    fn clone(&self) -> Self {
        Binding {
            name: self.name.clone(),
            keys: self.keys.clone(),
            key_names: self.key_names.clone(),
            label: self.label.clone(),
            help: self.help.clone(),
            when: self.when.clone(),
            help_when: self.help_when.clone(),
            help_only: self.help_only,
            of_key: self.of_key.clone(),
            msg: self.msg.clone(),
            repeats: self.repeats,
        }
    }
}

impl<C, M: fmt::Debug> fmt::Debug for Binding<C, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Binding")
            .field("name", &self.name)
            .field("keys", &self.key_names.join(" "))
            .field("label", &self.label_text())
            .field("help", &self.help)
            .field("msg", &self.msg)
            .finish_non_exhaustive()
    }
}

impl<C, M> Binding<C, M> {
    /// A binding named `name` of the keys in `keys` (whitespace-separated tokens).
    pub fn new(name: &str, keys: &str, msg: M) -> Result<Binding<C, M>, KeymapError> {
        let names = keys.split_whitespace().map(str::to_string).collect();
        Ok(Binding::bare(name, parse_keys(name, keys)?, names, msg))
    }

    /// A binding of parsed keys with nothing else set.
    fn bare(name: &str, keys: Vec<KeyPress>, key_names: Vec<String>, msg: M) -> Binding<C, M> {
        Binding {
            keys,
            key_names,
            name: name.to_string(),
            label: None,
            help: String::new(),
            when: None,
            help_when: None,
            help_only: false,
            of_key: None,
            msg,
            repeats: false,
        }
    }

    /// A binding with no keys of its own that only puts an entry in the help: for keys that a
    /// keymap consulted after this one handles (a component's, such as the text area's), so a
    /// footer can name them among its own. `label` names those keys; give it help text.
    pub fn help_only(name: &str, label: impl Into<String>, msg: M) -> Binding<C, M> {
        Binding {
            label: Some(label.into()),
            help_only: true,
            ..Binding::bare(name, Vec::new(), Vec::new(), msg)
        }
    }

    /// What the footer shows for the keys (e.g. "↑↓"); by default the first key as written.
    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    /// The help text; a binding without one is not listed in the footer.
    pub fn help(mut self, text: impl Into<String>) -> Self {
        self.help = text.into();
        self
    }

    /// When the binding applies (always, by default).
    pub fn when(mut self, predicate: impl Fn(&C) -> bool + Send + Sync + 'static) -> Self {
        self.when = Some(Arc::new(predicate));
        self
    }

    /// When the help lists the binding, beyond [`Binding::when`]: the keys still act when
    /// this does not hold (a hint worth its room only sometimes, as "switch tab" with tabs).
    pub fn help_when(mut self, predicate: impl Fn(&C) -> bool + Send + Sync + 'static) -> Self {
        self.help_when = Some(Arc::new(predicate));
        self
    }

    /// The message depends on which of the keys was pressed (`1`–`9` pick their number); the
    /// binding's own message stays what it is compared by (see [`Keymap::bind_key`]).
    pub fn of_key(mut self, msg: impl Fn(KeyPress) -> M + Send + Sync + 'static) -> Self {
        self.of_key = Some(Arc::new(msg));
        self
    }

    /// A held key (repeat events) acts again: for moving, scrolling, typing.
    pub fn repeats(mut self) -> Self {
        self.repeats = true;
        self
    }

    pub fn keys(&self) -> &[KeyPress] {
        &self.keys
    }

    /// The keys as written, in order.
    pub fn key_names(&self) -> &[String] {
        &self.key_names
    }

    /// The label the footer shows.
    pub fn label_text(&self) -> String {
        match &self.label {
            Some(label) => label.clone(),
            None => self.key_names.first().cloned().unwrap_or_default(),
        }
    }

    pub fn applies(&self, ctx: &C) -> bool {
        self.when.as_ref().is_none_or(|p| p(ctx))
    }

    fn msg_for_key(&self, key: KeyPress) -> M
    where
        M: Clone,
    {
        match &self.of_key {
            Some(of_key) => of_key(key),
            None => self.msg.clone(),
        }
    }

    fn takes(&self, key: KeyPress) -> bool {
        self.keys.contains(&key)
    }

    fn listed(&self, ctx: &C) -> bool {
        !self.help.is_empty() && self.applies(ctx) && self.help_when.as_ref().is_none_or(|p| p(ctx))
    }
}

/// A help entry for the footer: the key label and what it does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HelpEntry {
    pub key: String,
    pub text: String,
}

type Fallback<M> = Arc<dyn Fn(&Event) -> Option<M> + Send + Sync>;

/// Bindings in order; the first binding that applies and takes a key wins. A keymap may have
/// a fallback for what no binding takes (a text field's typing and pasting).
pub struct Keymap<C, M> {
    bindings: Vec<Binding<C, M>>,
    fallback: Option<Fallback<M>>,
}

impl<C, M: Clone> Clone for Keymap<C, M> {
    fn clone(&self) -> Self {
        Keymap {
            bindings: self.bindings.clone(),
            fallback: self.fallback.clone(),
        }
    }
}

impl<C, M: fmt::Debug> fmt::Debug for Keymap<C, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(&self.bindings).finish()
    }
}

impl<C, M: Clone> Keymap<C, M> {
    pub fn new(bindings: Vec<Binding<C, M>>) -> Keymap<C, M> {
        Keymap {
            bindings,
            fallback: None,
        }
    }

    /// What an event no binding takes means: typed characters and pastes in a text field.
    /// It never sees releases or keys with Super or Hyper, and decides itself about repeats.
    pub fn with_fallback(
        mut self,
        fallback: impl Fn(&Event) -> Option<M> + Send + Sync + 'static,
    ) -> Keymap<C, M> {
        self.fallback = Some(Arc::new(fallback));
        self
    }

    pub fn bindings(&self) -> &[Binding<C, M>] {
        &self.bindings
    }

    /// The message `event` means in `ctx`: from the first applying binding that takes the
    /// key, else from the fallback. Releases never match; repeats only match bindings that
    /// repeat.
    pub fn msg_for(&self, event: &Event, ctx: &C) -> Option<M> {
        if let Some(key) = event.as_key() {
            if key.kind == KeyEventKind::Release {
                return None;
            }
            let press = KeyPress::of(&key)?;
            if self.winner(press, ctx).is_some() {
                return self.bound(press, key.kind, ctx);
            }
        }
        self.fallback.as_ref().and_then(|f| f(event))
    }

    /// The message of the binding that takes `press` (a key as [`KeyPress::of`] gives it) in
    /// `ctx`, for an event of `kind`; the fallback is not asked.
    pub fn bound(&self, press: KeyPress, kind: KeyEventKind, ctx: &C) -> Option<M> {
        let binding = self.winner(press, ctx)?;
        (kind == KeyEventKind::Press || binding.repeats).then(|| binding.msg_for_key(press))
    }

    fn winner(&self, press: KeyPress, ctx: &C) -> Option<&Binding<C, M>> {
        self.bindings
            .iter()
            .find(|b| b.takes(press) && b.applies(ctx))
    }

    /// The footer's entries in `ctx`, in binding order: bindings with help text that apply
    /// and actually receive their first key (no earlier binding takes it), and help-only ones.
    pub fn help(&self, ctx: &C) -> Vec<HelpEntry> {
        self.bindings
            .iter()
            .filter(|b| b.listed(ctx))
            .filter(|b| match b.keys.first() {
                Some(first) => self
                    .winner(*first, ctx)
                    .is_some_and(|w| std::ptr::eq(w, *b)),
                None => b.help_only,
            })
            .map(|b| HelpEntry {
                key: b.label_text(),
                text: b.help.clone(),
            })
            .collect()
    }

    /// Binds `name` to other keys (a key string as in [`Binding::new`]). A custom label would
    /// name the old keys, so the label becomes the new key string's first key.
    pub fn rebind(&mut self, name: &str, keys: &str) -> Result<(), KeymapError> {
        let binding = self
            .bindings
            .iter_mut()
            .find(|b| b.name == name)
            .ok_or_else(|| KeymapError::UnknownBinding {
                binding: name.to_string(),
            })?;
        binding.keys = parse_keys(name, keys)?;
        binding.key_names = keys.split_whitespace().map(str::to_string).collect();
        binding.label = None;
        binding.help_only = false;
        Ok(())
    }

    /// Makes `key` (one key) do nothing here, whichever binding had it (so a host can use it).
    pub fn unbind_key(&mut self, key: &str) -> Result<(), KeymapError> {
        let press = parse_one(key)?;
        self.remove(press);
        Ok(())
    }

    fn remove(&mut self, press: KeyPress) {
        for b in &mut self.bindings {
            while let Some(i) = b.keys.iter().position(|k| *k == press) {
                b.keys.remove(i);
                b.key_names.remove(i);
            }
        }
    }
}

impl<C, M: Clone + PartialEq> Keymap<C, M> {
    /// Makes `key` (one key) send `msg` too: takes it from whichever binding had it and adds
    /// it to the first binding that sends `msg`, or to a new binding named `key` that repeats
    /// (with no help text) when none does.
    pub fn bind_key(&mut self, key: &str, msg: M) -> Result<(), KeymapError> {
        let press = parse_one(key)?;
        self.remove(press);
        let name = key.trim().to_string();
        match self.bindings.iter_mut().find(|b| b.msg == msg) {
            Some(b) => {
                b.keys.push(press);
                b.key_names.push(name);
            }
            None => self.bindings.push(Binding {
                repeats: true,
                ..Binding::bare(&name, vec![press], vec![name.clone()], msg)
            }),
        }
        Ok(())
    }
}

/// Parses a key string that must name exactly one key.
fn parse_one(key: &str) -> Result<KeyPress, KeymapError> {
    let mut keys = parse_keys(key.trim(), key)?;
    if keys.len() > 1 {
        return Err(KeymapError::NotOneKey {
            keys: key.trim().to_string(),
        });
    }
    Ok(keys.remove(0))
}
