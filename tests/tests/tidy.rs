//! The shape of the code, in every crate: no circle between files, no file
//! longer than its crate allows, and the invariants of ARCHITECTURE.md
//! that code can show. Files are read whole, without their test modules
//! wherever they are declared (`source/mod.rs`).

mod source;

use std::collections::{BTreeMap, BTreeSet};

use source::{
    code_of, file_of, long_functions as long_functions_of, paths, read, repository_paths, root,
    CRATES,
};

/// Each crate's files (relative to its source folder) with their text.
fn files_of(src: &str) -> Vec<(String, String)> {
    let mut found: Vec<(String, String)> = repository_paths()
        .into_iter()
        .filter(|path| path.ends_with(".rs"))
        .filter_map(|path| {
            let relative = path.strip_prefix(src)?.to_owned();
            Some((relative, read(&path)))
        })
        .collect();
    found.sort();
    found
}

/// The files each file imports from its own crate.
fn imports(src: &str) -> BTreeMap<String, BTreeSet<String>> {
    let folder = root().join(src);
    let mut graph = BTreeMap::new();
    for (file, text) in files_of(src) {
        let code = code_of(&text);
        let mut used: BTreeSet<String> = paths(&code)
            .iter()
            .filter_map(|path| file_of(&folder, &file, path))
            .filter(|target| *target != file)
            .collect();
        // In the CLI, a module's calls into its own files count as its
        // imports: a command's module is a facade over files below it.
        let children = if src == "cli/src/" {
            children_called(&code)
        } else {
            Vec::new()
        };
        for child in children {
            let path = vec!["self".to_owned(), child];
            used.extend(file_of(&folder, &file, &path).filter(|target| *target != file));
        }
        graph.insert(file, used);
    }
    graph
}

/// The modules `code` declares (`mod NAME;`) and reaches by their name
/// (`NAME::item`, `use NAME::...`).
fn children_called(code: &str) -> Vec<String> {
    let declared = code.lines().filter_map(|line| {
        let line = line.trim();
        let rest = line
            .strip_prefix("pub(crate) mod ")
            .or_else(|| line.strip_prefix("pub mod "))
            .or_else(|| line.strip_prefix("mod "))?;
        rest.strip_suffix(';').map(str::trim)
    });
    declared
        .filter(|name| {
            let called = format!("{name}::");
            code.match_indices(&called).any(|(at, _)| {
                let before = code[..at].chars().next_back();
                !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
            })
        })
        .map(str::to_owned)
        .collect()
}

/// The circles of `graph`: its strongly connected parts of more than one
/// file (Tarjan's, iterative).
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let names: Vec<&String> = graph.keys().collect();
    let index_of: BTreeMap<&String, usize> =
        names.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let edges: Vec<Vec<usize>> = names
        .iter()
        .map(|n| {
            graph[*n]
                .iter()
                .filter_map(|t| index_of.get(t).copied())
                .collect()
        })
        .collect();
    let (mut order, mut low) = (vec![usize::MAX; names.len()], vec![0; names.len()]);
    let (mut stack, mut on_stack, mut found) = (Vec::new(), vec![false; names.len()], Vec::new());
    let mut counter = 0;
    for start in 0..names.len() {
        if order[start] != usize::MAX {
            continue;
        }
        let mut work = vec![(start, 0)];
        while let Some((node, next)) = work.pop() {
            if next == 0 {
                order[node] = counter;
                low[node] = counter;
                counter += 1;
                stack.push(node);
                on_stack[node] = true;
            }
            if let Some(&to) = edges[node].get(next) {
                work.push((node, next + 1));
                if order[to] == usize::MAX {
                    work.push((to, 0));
                } else if on_stack[to] {
                    low[node] = low[node].min(order[to]);
                }
                continue;
            }
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[node]);
            }
            if low[node] == order[node] {
                let mut part = Vec::new();
                while let Some(member) = stack.pop() {
                    on_stack[member] = false;
                    part.push(names[member].clone());
                    if member == node {
                        break;
                    }
                }
                if part.len() > 1 {
                    part.sort();
                    found.push(part);
                }
            }
        }
    }
    found
}

/// Files import downward: no two files of a crate reach each other
/// through their imports, so each can be read, tested and moved with
/// only what is below it. Paths written from `crate`, `super` or `self`
/// count; in the CLI, so do a module's calls into its own files
/// (`report::json(...)` in `migrate/mod.rs`), so that a command's module
/// is a facade over what is below it, never beside it. Elsewhere a
/// `mod.rs` may still hold what its files share.
#[test]
fn no_file_imports_a_file_that_imports_it() {
    let mut wrong = Vec::new();
    for src in CRATES {
        let graph = imports(src);
        assert!(graph.len() > 1, "no source files read under {src}");
        for circle in circles(&graph) {
            wrong.push(format!("{src}: {}", circle.join(" ↔ ")));
        }
    }
    assert!(wrong.is_empty(), "files that import each other: {wrong:#?}");
}

/// The one table of sizes, for every crate: the lines of code (tests,
/// comments and blank lines left out) its files may have, with the files
/// over it today (each to be split along its seams: until then, none may
/// grow); and the lines its functions may have, with how many are over it
/// today (a ratchet: the count only goes down).
struct Limit {
    src: &'static str,
    file_lines: usize,
    files_over: &'static [(&'static str, usize)],
    function_lines: usize,
    functions_over: usize,
}

const fn limit(src: &'static str, file_lines: usize, function_lines: usize, over: usize) -> Limit {
    Limit {
        src,
        file_lines,
        files_over: &[],
        function_lines,
        functions_over: over,
    }
}

const SIZES: &[Limit] = &[
    limit("core/src/", 500, 80, 21),
    // The linter's layers read in small files.
    limit("core/src/lint/", 400, 80, 6),
    limit("orc/src/", 450, 80, 0),
    limit("cli/src/", 500, 80, 10),
    limit("web/src/", 450, 80, 10),
    limit("web/orc-module/src/", 450, 80, 0),
    limit("web/folder-module/src/", 450, 80, 0),
    limit("js/src/", 450, 80, 0),
    limit("xtask/src/", 450, 80, 7),
    limit("tests/support/src/", 450, 80, 0),
];

/// No file is long: a file holds one idea, and a long one is two. No
/// function is long either, past the crate's count of those that are.
#[test]
fn no_file_or_function_is_long() {
    let mut wrong = Vec::new();
    for size in SIZES {
        let mut long_functions = Vec::new();
        for (file, text) in files_of(size.src) {
            let lines = code_of(&text)
                .lines()
                .filter(|l| !l.trim().is_empty())
                .count();
            let allowed = (size.files_over.iter())
                .find(|(f, _)| *f == file)
                .map_or(size.file_lines, |&(_, n)| n);
            if lines > allowed {
                wrong.push(format!(
                    "{}{file}: {lines} lines of code, over {allowed}",
                    size.src
                ));
            }
            for (name, length) in long_functions_of(&code_of(&text), size.function_lines) {
                long_functions.push(format!("{}{file}: fn {name}, {length} lines", size.src));
            }
        }
        let (count, allowed) = (long_functions.len(), size.functions_over);
        if count != allowed {
            let more = if count > allowed { "more" } else { "fewer" };
            wrong.push(format!(
                "{}: {count} functions over {} lines, {more} than before: set its count to {count} ({long_functions:#?})",
                size.src, size.function_lines
            ));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// ARCHITECTURE.md: "Lines, columns and UTF-16 exist only at the edges,
/// through `text::Positions`": no crate around the core builds a line
/// index of its own (the core's serves byte ranges of lines to its fixes).
/// Lines of code (test modules aside) wider than 100 columns, by crate:
/// at most these, which only go down. A wide line is one to break, or a
/// message to say in fewer words.
const WIDE_LINES: &[(&str, usize)] = &[
    ("core/src/", 237),
    ("orc/src/", 103),
    ("cli/src/", 35),
    ("web/src/", 95),
    ("web/orc-module/src/", 0),
    ("web/folder-module/src/", 0),
    ("js/src/", 0),
    ("xtask/src/", 29),
    ("tests/support/src/", 0),
];

#[test]
fn wide_lines_do_not_grow() {
    let mut wrong = Vec::new();
    for &(src, allowed) in WIDE_LINES {
        let wide = (files_of(src).iter())
            .map(|(_, text)| {
                (code_of(text).lines())
                    .filter(|line| line.chars().count() > 100)
                    .count()
            })
            .sum::<usize>();
        if wide != allowed {
            wrong.push(format!(
                "{src}: {wide} lines over 100 columns, {}: set WIDE_LINES to {wide}",
                if wide > allowed {
                    "more than before"
                } else {
                    "fewer than before"
                }
            ));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn lines_and_columns_come_from_positions() {
    let mut wrong = Vec::new();
    for src in CRATES.iter().filter(|src| **src != "core/src/") {
        for (file, text) in files_of(src) {
            if code_of(&text).contains("LineIndex::new") {
                wrong.push(format!("{src}{file}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "files that build a LineIndex instead of using text::Positions: {wrong:#?}"
    );
}

/// ARCHITECTURE.md: "every command reads through `input.rs`": no other
/// file of the CLI opens a file to read it (its size limits, standard
/// input, and its messages for what is not text are there), but the CA
/// bundle a cloud's TLS takes, which is bytes.
#[test]
fn the_cli_reads_through_input() {
    let readers = ["File::open(", "fs::read(", "fs::read_to_string("];
    let mut wrong = Vec::new();
    for (file, text) in files_of("cli/src/") {
        if ["input.rs", "cloud/http.rs"].contains(&file.as_str()) {
            continue;
        }
        let code = code_of(&text);
        if let Some(reader) = readers.iter().find(|r| code.contains(*r)) {
            wrong.push(format!("cli/src/{file} reads with {reader}"));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// The reader itself: test modules are left out wherever declared, and
/// grouped imports name each of their paths.
#[test]
fn the_reader_sees_what_the_checks_need() {
    let text = "use crate::{a::X, b::{c::Y, Z as W}};\n#[cfg(test)]\nmod tests {\n    use crate::hidden;\n}\nfn f() { crate::d::g(); }\n#[cfg(test)]\nmod more;\n// crate::comment\n";
    let code = code_of(text);
    assert!(!code.contains("hidden") && !code.contains("more") && !code.contains("comment"));
    let found: BTreeSet<String> = paths(&code).iter().map(|p| p.join("::")).collect();
    for expected in [
        "crate::a::X",
        "crate::b::c::Y",
        "crate::b::Z",
        "crate::d::g",
    ] {
        assert!(found.contains(expected), "{expected} not in {found:?}");
    }
    let graph = BTreeMap::from([
        ("a".to_owned(), BTreeSet::from(["b".to_owned()])),
        ("b".to_owned(), BTreeSet::from(["c".to_owned()])),
        ("c".to_owned(), BTreeSet::from(["a".to_owned()])),
        ("d".to_owned(), BTreeSet::from(["a".to_owned()])),
    ]);
    assert_eq!(circles(&graph), [["a", "b", "c"]]);
}
