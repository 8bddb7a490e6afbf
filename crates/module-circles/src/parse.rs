//! Reads a crate's module tree from its files: each module's children, the names it defines,
//! its `use`s and the paths its code names, all unresolved.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

use proc_macro2::{Span, TokenStream, TokenTree};
use syn::visit::Visit;

use crate::Error;

pub struct Tree {
    /// The root first; a module's index is its place here.
    pub modules: Vec<Module>,
}

pub struct Module {
    pub path: Vec<String>,
    /// The file it is written in, relative to `src/` (an inline module shares its parent's).
    pub file: String,
    pub children: BTreeMap<String, usize>,
    /// Names of the items defined here (not imported).
    pub items: HashSet<String>,
    pub imports: Vec<Import>,
    /// Paths of two or more segments named in code, and the `use`s inside function bodies.
    pub references: Vec<Reference>,
}

pub struct Import {
    /// The name it brings in; `None` for a glob.
    pub name: Option<String>,
    pub path: Vec<String>,
    /// `pub`, `pub(crate)`, …: a re-export, not a dependency of this module.
    pub public: bool,
    pub line: usize,
}

pub struct Reference {
    pub path: Vec<String>,
    pub line: usize,
}

pub fn read_crate(root: &Path, src: &Path) -> Result<Tree, Error> {
    let mut tree = Tree {
        modules: Vec::new(),
    };
    let file = parse_file(root)?;
    let dir = root.parent().unwrap_or(src).to_path_buf();
    let reader = Reader { src };
    reader.module(&mut tree, Vec::new(), root, &dir, &file.items)?;
    Ok(tree)
}

struct Reader<'a> {
    src: &'a Path,
}

impl Reader<'_> {
    /// Adds the module at `path`, written in `file` with `items`, whose `mod x;` children live
    /// in `dir`; returns its index.
    fn module(
        &self,
        tree: &mut Tree,
        path: Vec<String>,
        file: &Path,
        dir: &Path,
        items: &[syn::Item],
    ) -> Result<usize, Error> {
        let index = tree.modules.len();
        let shown = file
            .strip_prefix(self.src)
            .unwrap_or(file)
            .to_string_lossy()
            .replace('\\', "/");
        tree.modules.push(Module {
            path: path.clone(),
            file: shown,
            children: BTreeMap::new(),
            items: HashSet::new(),
            imports: Vec::new(),
            references: Vec::new(),
        });
        let mut collector = Collector::default();
        for item in items {
            if is_test_only(item_attrs(item)) {
                continue;
            }
            match item {
                syn::Item::Mod(module) => {
                    let name = module.ident.to_string();
                    let mut child_path = path.clone();
                    child_path.push(name.clone());
                    let child = match &module.content {
                        Some((_, inner)) => {
                            self.module(tree, child_path, file, &dir.join(&name), inner)?
                        }
                        None => {
                            let child_file =
                                module_file(dir, &name, &module.attrs).ok_or_else(|| Error {
                                    file: file.to_path_buf(),
                                    message: format!(
                                        "no file for `mod {name};` in {}",
                                        dir.display()
                                    ),
                                })?;
                            let parsed = parse_file(&child_file)?;
                            let child_dir = children_dir(&child_file);
                            self.module(tree, child_path, &child_file, &child_dir, &parsed.items)?
                        }
                    };
                    tree.modules[index].children.insert(name.clone(), child);
                    tree.modules[index].items.insert(name);
                }
                syn::Item::Use(item_use) => {
                    let public = !matches!(item_use.vis, syn::Visibility::Inherited);
                    let line = line(item_use.use_token.span);
                    let mut found = Vec::new();
                    use_tree(&item_use.tree, &mut Vec::new(), &mut found);
                    for (name, path) in found {
                        tree.modules[index].imports.push(Import {
                            name,
                            path,
                            public,
                            line,
                        });
                    }
                }
                other => {
                    if let Some(name) = item_name(other) {
                        tree.modules[index].items.insert(name);
                    }
                    collector.visit_item(other);
                }
            }
        }
        tree.modules[index].references = collector.references;
        Ok(index)
    }
}

fn parse_file(file: &Path) -> Result<syn::File, Error> {
    let text = std::fs::read_to_string(file).map_err(|error| Error {
        file: file.to_path_buf(),
        message: error.to_string(),
    })?;
    syn::parse_file(&text).map_err(|error| Error {
        file: file.to_path_buf(),
        message: format!("line {}: {error}", error.span().start().line),
    })
}

/// `name.rs` or `name/mod.rs` in `dir`, or what `#[path = "…"]` says.
fn module_file(dir: &Path, name: &str, attrs: &[syn::Attribute]) -> Option<PathBuf> {
    for attr in attrs {
        if let syn::Meta::NameValue(value) = &attr.meta
            && value.path.is_ident("path")
            && let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(text),
                ..
            }) = &value.value
        {
            return Some(dir.join(text.value()));
        }
    }
    [
        dir.join(format!("{name}.rs")),
        dir.join(name).join("mod.rs"),
    ]
    .into_iter()
    .find(|file| file.is_file())
}

/// Where the `mod x;` of a file find their files: beside `mod.rs`, `lib.rs` and `main.rs`, in a
/// folder named after any other file.
fn children_dir(file: &Path) -> PathBuf {
    let parent = file.parent().unwrap_or(Path::new(""));
    match file.file_stem().and_then(|stem| stem.to_str()) {
        Some("mod" | "lib" | "main") | None => parent.to_path_buf(),
        Some(stem) => parent.join(stem),
    }
}

/// Flattens a `use` tree into (the name it binds, its full path); a glob binds no name.
fn use_tree(
    tree: &syn::UseTree,
    prefix: &mut Vec<String>,
    found: &mut Vec<(Option<String>, Vec<String>)>,
) {
    match tree {
        syn::UseTree::Path(path) => {
            prefix.push(path.ident.to_string());
            use_tree(&path.tree, prefix, found);
            prefix.pop();
        }
        syn::UseTree::Name(name) => {
            let ident = name.ident.to_string();
            let mut path = prefix.clone();
            if ident == "self" {
                // `use a::b::{self}` binds `b`.
                found.push((prefix.last().cloned(), path));
            } else {
                path.push(ident.clone());
                found.push((Some(ident), path));
            }
        }
        syn::UseTree::Rename(rename) => {
            let mut path = prefix.clone();
            if rename.ident != "self" {
                path.push(rename.ident.to_string());
            }
            found.push((Some(rename.rename.to_string()), path));
        }
        syn::UseTree::Glob(_) => found.push((None, prefix.clone())),
        syn::UseTree::Group(group) => {
            for item in &group.items {
                use_tree(item, prefix, found);
            }
        }
    }
}

fn item_attrs(item: &syn::Item) -> &[syn::Attribute] {
    match item {
        syn::Item::Const(item) => &item.attrs,
        syn::Item::Enum(item) => &item.attrs,
        syn::Item::ExternCrate(item) => &item.attrs,
        syn::Item::Fn(item) => &item.attrs,
        syn::Item::ForeignMod(item) => &item.attrs,
        syn::Item::Impl(item) => &item.attrs,
        syn::Item::Macro(item) => &item.attrs,
        syn::Item::Mod(item) => &item.attrs,
        syn::Item::Static(item) => &item.attrs,
        syn::Item::Struct(item) => &item.attrs,
        syn::Item::Trait(item) => &item.attrs,
        syn::Item::TraitAlias(item) => &item.attrs,
        syn::Item::Type(item) => &item.attrs,
        syn::Item::Union(item) => &item.attrs,
        syn::Item::Use(item) => &item.attrs,
        _ => &[],
    }
}

fn item_name(item: &syn::Item) -> Option<String> {
    let ident = match item {
        syn::Item::Const(item) => &item.ident,
        syn::Item::Enum(item) => &item.ident,
        syn::Item::Fn(item) => &item.sig.ident,
        syn::Item::Macro(item) => item.ident.as_ref()?,
        syn::Item::Static(item) => &item.ident,
        syn::Item::Struct(item) => &item.ident,
        syn::Item::Trait(item) => &item.ident,
        syn::Item::TraitAlias(item) => &item.ident,
        syn::Item::Type(item) => &item.ident,
        syn::Item::Union(item) => &item.ident,
        _ => return None,
    };
    Some(ident.to_string())
}

/// `#[cfg(test)]`, `#[cfg(all(test, …))]`: compiled for tests only.
pub(crate) fn is_test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|attr| {
        attr.path().is_ident("cfg")
            && match &attr.meta {
                syn::Meta::List(list) => {
                    let tokens: String = list.tokens.to_string().split_whitespace().collect();
                    tokens == "test" || tokens.starts_with("all(test,")
                }
                _ => false,
            }
    })
}

fn line(span: Span) -> usize {
    span.start().line
}

/// The paths a module's items name in code, including inside macro calls.
#[derive(Default)]
struct Collector {
    references: Vec<Reference>,
}

impl Collector {
    fn push(&mut self, path: Vec<String>, line: usize) {
        if path.len() >= 2 {
            self.references.push(Reference { path, line });
        }
    }

    /// `a::b::c` sequences in a macro's tokens: its body is not parsed as code.
    fn scan_tokens(&mut self, tokens: TokenStream) {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        let mut i = 0;
        while i < tokens.len() {
            match &tokens[i] {
                TokenTree::Group(group) => {
                    self.scan_tokens(group.stream());
                    i += 1;
                }
                TokenTree::Ident(first) => {
                    let mut path = vec![first.to_string()];
                    let mut j = i + 1;
                    while let (
                        Some(TokenTree::Punct(a)),
                        Some(TokenTree::Punct(b)),
                        Some(TokenTree::Ident(next)),
                    ) = (tokens.get(j), tokens.get(j + 1), tokens.get(j + 2))
                    {
                        if a.as_char() != ':' || b.as_char() != ':' {
                            break;
                        }
                        path.push(next.to_string());
                        j += 3;
                    }
                    self.push(path, line(first.span()));
                    i = j.max(i + 1);
                }
                TokenTree::Punct(_) | TokenTree::Literal(_) => i += 1,
            }
        }
    }
}

impl<'ast> Visit<'ast> for Collector {
    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.leading_colon.is_none() {
            let segments = path
                .segments
                .iter()
                .map(|segment| segment.ident.to_string())
                .collect();
            let first = path
                .segments
                .first()
                .map(|segment| line(segment.ident.span()));
            self.push(segments, first.unwrap_or(0));
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_item_use(&mut self, item_use: &'ast syn::ItemUse) {
        let mut found = Vec::new();
        use_tree(&item_use.tree, &mut Vec::new(), &mut found);
        for (_, path) in found {
            self.push(path, line(item_use.use_token.span));
        }
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.visit_path(&mac.path);
        self.scan_tokens(mac.tokens.clone());
    }

    fn visit_item(&mut self, item: &'ast syn::Item) {
        if !is_test_only(item_attrs(item)) {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_impl_item_fn(&mut self, item: &'ast syn::ImplItemFn) {
        if !is_test_only(&item.attrs) {
            syn::visit::visit_impl_item_fn(self, item);
        }
    }

    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {
        // Doc links and `#[cfg]`s name no item the code depends on.
    }
}
