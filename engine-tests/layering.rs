//! The crate's layers, read from its source: the rules (`board/`) at the bottom, what
//! evaluates a position (`nnue/`, `eval/`) above them, the search above that, and what
//! drives the search (`learn/`, the engine facade, the protocols, the command line) on
//! top; the puzzle finder and checker (`puzzles/`) on the engine facade, below the
//! front ends that call it (the command line, the web build, Python). Imports may only
//! run down. A module that imported upwards would compile (Rust
//! allows cycles inside a crate), so this test reads every source file of the lower
//! layers and fails on an import of a higher one.
//!
//! It also reads the whole of `src/` for statics holding endgame-table state: each
//! engine owns its tables (`tablebase::Tables`, handed to the search in its job), and
//! a table, a shelf of loaded tables or a lock around them in a static would share
//! them between engines again behind their backs (issue 51).

use std::fs;
use std::path::{Path, PathBuf};

/// The top-level modules at or above the search.
const SEARCH_AND_ABOVE: &[&str] = &[
    "search", "learn", "engine", "options", "uci", "xboard", "protocol", "cli", "bench", "puzzles",
    "bot",
];

/// The front ends: above the puzzles, which they all call.
const FRONT_ENDS: &[&str] = &["cli", "web", "python", "uci", "xboard", "protocol", "bot"];

/// Each lower layer (a folder of `src/`) and the top-level modules it must not import.
fn forbidden(layer: &str) -> Vec<&'static str> {
    if layer == "puzzles" {
        // The finder and checker sit on the engine facade, below every front end.
        return FRONT_ENDS.to_vec();
    }
    let mut out = SEARCH_AND_ABOVE.to_vec();
    if layer == "board" {
        // The rules know nothing of evaluation or the endgame tables.
        out.extend(["eval", "nnue", "tablebase"]);
    }
    out
}

fn source_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            source_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a source file: `src/eval/pawns.rs` is `eval::pawns`,
/// `src/learn/train/mod.rs` is `learn::train`.
fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).expect("a file under src/");
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().expect("a file name");
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" {
        parts.push(stem.to_string());
    }
    parts
}

/// The source with line comments (doc comments included) blanked out, lengths kept so
/// offsets still give line numbers. A `//` inside a string is rare enough here.
fn without_comments(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) => format!("{}{}", &line[..at], " ".repeat(line.len() - at)),
            None => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn identifier_at(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

/// The first names of a `{...}` group's items at its top level: `{a::b, c, d::{e}}`
/// gives `a`, `c`, `d`.
fn group_heads(text: &str) -> Vec<&str> {
    let mut heads = Vec::new();
    let mut depth = 0;
    let mut item_start = true;
    for (i, c) in text.char_indices() {
        match c {
            '{' => {
                depth += 1;
                item_start = depth == 1;
            }
            '}' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            ',' if depth == 1 => item_start = true,
            c if c.is_whitespace() => {}
            _ if item_start && depth == 1 => {
                heads.push(identifier_at(&text[i..]));
                item_start = false;
            }
            _ => {}
        }
    }
    heads
}

/// Every top-level crate module a file names through `crate::` or `super::` paths,
/// with the line it is named on. A `super` is read from the file's module: inside an
/// inline module (`mod tests`) it reaches one level less far than read here, which at
/// worst names a submodule as if it were a top-level one.
fn imports(src: &Path, file: &Path) -> Vec<(usize, String)> {
    let text = without_comments(&fs::read_to_string(file).expect("a readable source file"));
    let here = module_path(src, file);
    let mut found = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < text.len() {
        if !text.is_char_boundary(i) {
            i += 1;
            continue;
        }
        let starts_path = i == 0
            || !(bytes[i - 1] == b':'
                || bytes[i - 1].is_ascii_alphanumeric()
                || bytes[i - 1] == b'_');
        let rest = &text[i..];
        let (after, depth_left) = if starts_path && rest.starts_with("crate::") {
            (&rest["crate::".len()..], Some(0))
        } else if starts_path && rest.starts_with("super::") {
            // A file's own module is `here`; each `super` goes one up from it.
            let mut after = rest;
            let mut up = 0;
            while after.starts_with("super::") {
                after = &after["super::".len()..];
                up += 1;
            }
            (after, here.len().checked_sub(up))
        } else {
            i += 1;
            continue;
        };
        let line = text[..i].matches('\n').count() + 1;
        // Only a path that reaches the crate's root names a top-level module.
        if depth_left == Some(0) {
            let names = if after.starts_with('{') {
                group_heads(after)
            } else {
                vec![identifier_at(after)]
            };
            found.extend(names.into_iter().map(|n| (line, n.to_string())));
        }
        i += rest.len() - after.len();
    }
    found
}

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn nothing_below_the_search_imports_the_search_or_above() {
    let src = src_dir();
    let mut violations = Vec::new();
    for layer in ["board", "eval", "nnue", "puzzles"] {
        let mut files = Vec::new();
        source_files(&src.join(layer), &mut files);
        assert!(!files.is_empty(), "no source files in src/{layer}");
        let forbidden = forbidden(layer);
        for file in files {
            for (line, module) in imports(&src, &file) {
                if forbidden.contains(&module.as_str()) {
                    let shown = file.strip_prefix(&src).unwrap_or(&file);
                    violations.push(format!(
                        "src/{}:{line}: imports crate::{module}",
                        shown.display()
                    ));
                }
            }
        }
    }
    assert!(
        violations.is_empty(),
        "imports running up the layers:\n{}",
        violations.join("\n")
    );
}

/// The reader above must see imports where there are some, or the test passes on
/// nothing: datagen imports the search (a path and a group), a trainer file reaches
/// `nnue` through `crate::`, and `super::super::` is followed to the root.
#[test]
fn the_import_reader_finds_known_imports() {
    let src = src_dir();
    let names = |file: &str| -> Vec<String> {
        imports(&src, &src.join(file))
            .into_iter()
            .map(|(_, m)| m)
            .collect()
    };
    let datagen = names("learn/datagen/mod.rs");
    assert!(datagen.contains(&"search".to_string()), "{datagen:?}");
    assert!(datagen.contains(&"board".to_string()), "{datagen:?}");
    assert!(names("learn/train/model.rs").contains(&"nnue".to_string()));

    let here = module_path(&src, &src.join("eval/pawns.rs"));
    assert_eq!(here, ["eval", "pawns"]);
    assert_eq!(group_heads("{a::b, c, d::{e, f}}; g"), ["a", "c", "d"]);
}

/// Names of the types that hold endgame-table state: a static of one of them, anywhere
/// in `src/`, would hold tables for every engine of the process.
const TABLE_STATE_TYPES: &[&str] = &[
    "Tables",
    "SmallTables",
    "FiveMan",
    "Table",
    "DuelTable",
    "Shelf",
    "Slot",
    "BuildQueue",
];

/// Types whose statics can change at run time (interior mutability): none of them may
/// be a static under `src/tablebase/`, where the tables' state lives.
const MUTABLE_STATIC_TYPES: &[&str] = &[
    "Mutex", "RwLock", "OnceLock", "OnceCell", "LazyLock", "Lazy", "Cell", "RefCell", "Atomic",
];

/// The `static` items of a source text (`thread_local!` ones included), as (line,
/// name, type): `static NAME: TYPE = ...`, the type read up to the `=` (or the line's
/// end). A `'static` lifetime is no item.
fn statics(text: &str) -> Vec<(usize, String, String)> {
    let text = without_comments(text);
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let mut rest = line.trim_start();
        for prefix in ["pub(crate) ", "pub(super) ", "pub "] {
            rest = rest.strip_prefix(prefix).unwrap_or(rest);
        }
        let Some(item) = rest.strip_prefix("static ") else {
            continue;
        };
        let item = item.trim_start();
        let item = item.strip_prefix("mut ").unwrap_or(item);
        let name = identifier_at(item);
        let Some(after_name) = item[name.len()..].trim_start().strip_prefix(':') else {
            continue;
        };
        let ty = after_name.split('=').next().unwrap_or("").trim();
        found.push((i + 1, name.to_string(), ty.to_string()));
    }
    found
}

/// Whether the type `ty` names `word` as a whole identifier (or, for `Atomic`, as the
/// start of one: `AtomicBool`).
fn names_type(ty: &str, word: &str) -> bool {
    let mut rest = ty;
    while let Some(at) = rest.find(word) {
        let before = rest[..at].chars().next_back();
        let after = rest[at + word.len()..].chars().next();
        let starts = before.is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        let ends = word == "Atomic" || after.is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        if starts && ends {
            return true;
        }
        rest = &rest[at + word.len()..];
    }
    false
}

/// Why the static `ty` in the file at `relative` (from `src/`) holds table state, if
/// it does.
fn table_state(relative: &Path, ty: &str) -> Option<String> {
    if let Some(kind) = TABLE_STATE_TYPES.iter().find(|t| names_type(ty, t)) {
        return Some(format!("holds a {kind}"));
    }
    let in_tablebase = relative.starts_with("tablebase");
    let mutable = MUTABLE_STATIC_TYPES.iter().find(|t| names_type(ty, t));
    match mutable {
        Some(kind) if in_tablebase => Some(format!("a {kind} static under src/tablebase/")),
        _ => None,
    }
}

#[test]
fn no_static_holds_endgame_table_state() {
    let src = src_dir();
    let mut files = Vec::new();
    source_files(&src, &mut files);
    assert!(
        files.iter().any(|f| f.starts_with(src.join("tablebase"))),
        "no source files in src/tablebase"
    );
    let mut violations = Vec::new();
    for file in files {
        let relative = file.strip_prefix(&src).expect("a file under src/");
        let text = fs::read_to_string(&file).expect("a readable source file");
        for (line, name, ty) in statics(&text) {
            if let Some(why) = table_state(relative, &ty) {
                violations.push(format!(
                    "src/{}:{line}: static {name}: {ty} ({why})",
                    relative.display()
                ));
            }
        }
    }
    assert!(
        violations.is_empty(),
        "endgame-table state in statics (an engine's tables belong in its \
         tablebase::Tables, handed to the search in its job):\n{}",
        violations.join("\n")
    );
}

/// The reader above must catch the statics the tables were once kept in, or the test
/// passes on nothing; and it must leave a `'static` lifetime and read-only statics
/// elsewhere alone.
#[test]
fn the_static_reader_finds_the_statics_the_tables_were_kept_in() {
    let old_five = "/// The directory five-man tables are kept in.\n\
        static DIRECTORY: Mutex<Option<PathBuf>> = Mutex::new(None);\n\
        static SHELF: Shelf<[PieceKind; MAX_PIECES], Table> = Shelf::new();\n";
    let old_store = "pub(crate) static SLOTS: [Slot; 3 * SLOTS_LEN] = [const {\n\
        static QUEUE: Mutex<BuildQueue> = Mutex::new(BuildQueue {\n\
        thread_local! { static RULES: Tables = Tables::new(); }\n";
    let tablebase = Path::new("tablebase/five.rs");
    let caught: Vec<String> = statics(&format!("{old_five}{old_store}"))
        .into_iter()
        .filter(|(_, _, ty)| table_state(tablebase, ty).is_some())
        .map(|(_, name, _)| name)
        .collect();
    assert_eq!(caught, ["DIRECTORY", "SHELF", "SLOTS", "QUEUE"]);
    // `thread_local!` on one line is read from its `static` on: a line of its own in
    // practice, as rustfmt writes it.
    let thread_local = statics("    static RULES: Tables = Tables::new();");
    assert_eq!(thread_local[0].1, "RULES");
    assert!(table_state(Path::new("web/exports.rs"), &thread_local[0].2).is_some());
    // Outside src/tablebase/ a lock of something else is not table state; nor is a
    // lifetime, or a read-only table of the rules.
    assert!(table_state(Path::new("nnue/mod.rs"), "OnceLock<Arc<Network>>").is_none());
    assert!(table_state(tablebase, "AtomicBool").is_some());
    assert!(statics("fn f() -> &'static Table { todo!() }").is_empty());
    assert!(table_state(Path::new("board/attacks.rs"), "[Bitboard; 64]").is_none());
    assert!(!names_type("Tablet", "Table"));
}
