//! Resolves each module's paths to the module that defines what they name, turns them into
//! dependencies between siblings, and finds the circles among those.

use std::collections::BTreeMap;
use std::fmt;

use crate::parse::Tree;

/// Modules that depend on one another in a ring, with one line of each dependency in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Circle {
    /// The ring, as the modules' paths, the first again at the end.
    pub ring: Vec<String>,
    /// Each dependency inside the circle: `file:line names path`.
    pub sites: Vec<String>,
}

impl fmt::Display for Circle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.ring.join(" -> "))?;
        for site in &self.sites {
            write!(f, "\n  {site}")?;
        }
        Ok(())
    }
}

/// A node among the siblings inside one module: one of its children, with everything under it
/// (the child's index in the tree).
type Node = usize;

/// The dependencies among the siblings inside one module: (from, to) → the first site.
type Level = BTreeMap<(Node, Node), String>;

pub fn circles(tree: &Tree) -> Vec<Circle> {
    let mut levels: BTreeMap<usize, Level> = BTreeMap::new();
    for (from, module) in tree.modules.iter().enumerate() {
        let private_imports = module.imports.iter().filter(|import| !import.public);
        let uses = private_imports
            .map(|import| (&import.path, import.line))
            .chain(
                module
                    .references
                    .iter()
                    .map(|reference| (&reference.path, reference.line)),
            );
        for (path, line) in uses {
            let Some(absolute) = resolve(tree, from, path, 0) else {
                continue;
            };
            let Some((to, _)) = owner(tree, &absolute, 0) else {
                continue;
            };
            if let Some((level, edge)) = sibling_edge(tree, from, to) {
                let site = format!("{}:{line} names {}", module.file, path.join("::"));
                levels.entry(level).or_default().entry(edge).or_insert(site);
            }
        }
    }
    let mut found = Vec::new();
    for edges in levels.values() {
        for component in strongly_connected(edges) {
            found.push(circle(tree, edges, &component));
        }
    }
    found
}

/// The absolute path (from the crate root) that `path`, named in module `at`, stands for; `None`
/// for what lies outside the crate.
fn resolve(tree: &Tree, at: usize, path: &[String], depth: usize) -> Option<Vec<String>> {
    let module = &tree.modules[at];
    let (first, rest) = path.split_first()?;
    let joined = |mut base: Vec<String>, rest: &[String]| {
        base.extend(rest.iter().cloned());
        base
    };
    match first.as_str() {
        "crate" => Some(rest.to_vec()),
        "self" => Some(joined(module.path.clone(), rest)),
        "super" => {
            let mut base = module.path.clone();
            base.pop()?;
            let mut rest = rest;
            while rest.first().is_some_and(|segment| segment == "super") {
                base.pop()?;
                rest = &rest[1..];
            }
            Some(joined(base, rest))
        }
        name if module.children.contains_key(name) => Some(joined(module.path.clone(), path)),
        name if depth < 8 => {
            let import = module
                .imports
                .iter()
                .find(|import| import.name.as_deref() == Some(name))?;
            let target = resolve(tree, at, &import.path, depth + 1)?;
            Some(joined(target, rest))
        }
        _ => None,
    }
}

/// The module that defines what the absolute `path` names, following re-exports; the flag says
/// whether the name was found there (rather than the deepest module on the path taken).
fn owner(tree: &Tree, path: &[String], depth: usize) -> Option<(usize, bool)> {
    let mut at = 0;
    let mut consumed = 0;
    while let Some(&child) = path
        .get(consumed)
        .and_then(|segment| tree.modules[at].children.get(segment))
    {
        at = child;
        consumed += 1;
    }
    let Some(name) = path.get(consumed) else {
        return Some((at, true));
    };
    let module = &tree.modules[at];
    if module.items.contains(name) {
        return Some((at, true));
    }
    if depth >= 8 {
        return Some((at, false));
    }
    let rest = &path[consumed + 1..];
    for import in &module.imports {
        let target = match &import.name {
            Some(bound) if bound == name => {
                // A name brought in from outside the crate belongs to no module of it.
                let mut target = resolve(tree, at, &import.path, 0)?;
                target.extend(rest.iter().cloned());
                Some(target)
            }
            None => resolve(tree, at, &import.path, 0).map(|mut target| {
                target.extend(path[consumed..].iter().cloned());
                target
            }),
            Some(_) => None,
        };
        if let Some(target) = target
            && let Some((found, true)) = owner(tree, &target, depth + 1)
        {
            return Some((found, true));
        }
    }
    Some((at, false))
}

/// The level (a module) where code in `from` naming what `to` defines is a dependency between
/// two of its children, and which two; `None` inside one module, and between a module and its
/// own children: a child is part of its parent (it sees the parent's private items).
fn sibling_edge(tree: &Tree, from: usize, to: usize) -> Option<(usize, (Node, Node))> {
    let from_path = &tree.modules[from].path;
    let to_path = &tree.modules[to].path;
    let common = from_path
        .iter()
        .zip(to_path)
        .take_while(|(a, b)| a == b)
        .count();
    let level = module_at(tree, &from_path[..common]);
    let children = &tree.modules[level].children;
    let a = children[from_path.get(common)?];
    let b = children[to_path.get(common)?];
    Some((level, (a, b)))
}

fn module_at(tree: &Tree, path: &[String]) -> usize {
    path.iter()
        .fold(0, |at, segment| tree.modules[at].children[segment])
}

/// Tarjan's algorithm: the groups of two or more nodes that all reach one another.
fn strongly_connected(edges: &Level) -> Vec<Vec<Node>> {
    let mut nodes: Vec<Node> = edges.keys().flat_map(|(a, b)| [*a, *b]).collect();
    nodes.sort();
    nodes.dedup();
    let successors = |node: Node| {
        edges
            .keys()
            .filter(move |(a, _)| *a == node)
            .map(|(_, b)| *b)
    };

    struct State {
        index: BTreeMap<Node, usize>,
        low: BTreeMap<Node, usize>,
        stack: Vec<Node>,
        found: Vec<Vec<Node>>,
    }
    fn visit<I: Iterator<Item = Node>>(
        node: Node,
        state: &mut State,
        successors: &dyn Fn(Node) -> I,
    ) {
        let index = state.index.len();
        state.index.insert(node, index);
        state.low.insert(node, index);
        state.stack.push(node);
        for next in successors(node) {
            if !state.index.contains_key(&next) {
                visit(next, state, successors);
                let low = state.low[&node].min(state.low[&next]);
                state.low.insert(node, low);
            } else if state.stack.contains(&next) {
                let low = state.low[&node].min(state.index[&next]);
                state.low.insert(node, low);
            }
        }
        if state.low[&node] == state.index[&node] {
            let at = state.stack.iter().rposition(|n| *n == node).unwrap_or(0);
            let mut group = state.stack.split_off(at);
            if group.len() > 1 {
                group.sort();
                state.found.push(group);
            }
        }
    }

    let mut state = State {
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for node in nodes {
        if !state.index.contains_key(&node) {
            visit(node, &mut state, &successors);
        }
    }
    state.found.sort();
    state.found
}

fn circle(tree: &Tree, edges: &Level, component: &[Node]) -> Circle {
    let name = |node: Node| tree.modules[node].path.join("::");
    let inside = |(a, b): &(Node, Node)| component.contains(a) && component.contains(b);
    // One ring through the first node: a shortest way back to it.
    let start = component[0];
    let mut previous: BTreeMap<Node, Node> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    let mut last = start;
    'search: while let Some(node) = queue.pop_front() {
        for (a, b) in edges.keys().filter(|edge| inside(edge) && edge.0 == node) {
            if *b == start {
                last = *a;
                break 'search;
            }
            if !previous.contains_key(b) {
                previous.insert(*b, *a);
                queue.push_back(*b);
            }
        }
    }
    let mut ring = vec![start];
    let mut node = last;
    while node != start {
        ring.push(node);
        node = previous[&node];
    }
    ring[1..].reverse();
    ring.push(start);
    Circle {
        ring: ring.into_iter().map(name).collect(),
        sites: edges
            .iter()
            .filter(|(edge, _)| inside(edge))
            .map(|(_, site)| site.clone())
            .collect(),
    }
}
