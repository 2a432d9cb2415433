//! JSON written by hand (the project takes no serde): string escaping and a small
//! object builder that keeps the field order.

use std::fmt::Write;

/// `s` as a JSON string literal: quotes, backslashes and control characters escaped.
pub fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A JSON array of already-written values.
pub fn array(values: impl IntoIterator<Item = String>) -> String {
    let items: Vec<String> = values.into_iter().collect();
    format!("[{}]", items.join(","))
}

/// A JSON array of strings.
pub fn string_array<S: AsRef<str>>(values: impl IntoIterator<Item = S>) -> String {
    array(values.into_iter().map(|s| string(s.as_ref())))
}

/// Builds one JSON object, fields in the order they are added.
#[derive(Default)]
pub struct Object {
    fields: Vec<String>,
}

impl Object {
    pub fn new() -> Object {
        Object::default()
    }

    /// A field whose value is already JSON (a number, object, array, `null`...).
    pub fn raw(mut self, key: &str, json: impl Into<String>) -> Object {
        self.fields.push(format!("{}:{}", string(key), json.into()));
        self
    }

    pub fn str(self, key: &str, value: &str) -> Object {
        self.raw(key, string(value))
    }

    pub fn num(self, key: &str, value: impl std::fmt::Display) -> Object {
        self.raw(key, value.to_string())
    }

    pub fn bool(self, key: &str, value: bool) -> Object {
        self.raw(key, if value { "true" } else { "false" })
    }

    /// A string field, or `null`.
    pub fn opt_str(self, key: &str, value: Option<&str>) -> Object {
        match value {
            Some(v) => self.str(key, v),
            None => self.raw(key, "null"),
        }
    }

    pub fn build(self) -> String {
        format!("{{{}}}", self.fields.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_what_json_requires() {
        assert_eq!(string("a\"b\\c\nd\u{1}é"), "\"a\\\"b\\\\c\\nd\\u0001é\"");
        let o = Object::new()
            .str("k", "v")
            .num("n", -3)
            .bool("b", true)
            .opt_str("z", None)
            .raw("a", string_array(["x", "y"]))
            .build();
        assert_eq!(o, r#"{"k":"v","n":-3,"b":true,"z":null,"a":["x","y"]}"#);
    }
}
