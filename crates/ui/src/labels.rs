//! Readable labels for commands that cross the type-erased boundary as JSON.
//!
//! Commands are serde enums, so their JSON is a variant name (`"Hold"`), or
//! an object with one key, the variant, holding its fields
//! (`{"Fire": {"unit": "A1", "target": "12.05"}}`). The generic game screen
//! shows each legal command as a button with the label made here.

use serde_json::Value;

/// "EndPhase" -> "End phase", "opportunity_fire" -> "Opportunity fire".
pub fn words(name: &str) -> String {
    let mut out = String::new();
    let mut prev_lower = false;
    for c in name.chars() {
        if c == '_' || c == '-' {
            out.push(' ');
            prev_lower = false;
            continue;
        }
        if c.is_uppercase() && prev_lower {
            out.push(' ');
        }
        prev_lower = c.is_lowercase() || c.is_ascii_digit();
        out.extend(c.to_lowercase());
    }
    let mut chars = out.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => out,
    }
}

/// A value as a player reads it, without JSON punctuation.
pub fn value_words(v: &Value) -> String {
    match v {
        Value::Null => "none".into(),
        Value::Bool(b) => if *b { "yes" } else { "no" }.into(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.clone(),
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(value_words).collect();
            format!("[{}]", parts.join(", "))
        }
        Value::Object(map) => {
            if map.len() == 1 {
                let (k, inner) = map.iter().next().expect("one entry");
                if inner.is_object() || inner.is_array() {
                    return format!("{} {}", words(k), fields(inner));
                }
            }
            fields(v)
        }
    }
}

fn fields(v: &Value) -> String {
    match v {
        Value::Object(map) => {
            let parts: Vec<String> = map
                .iter()
                .map(|(k, x)| format!("{} {}", words(k).to_lowercase(), value_words(x)))
                .collect();
            format!("({})", parts.join(", "))
        }
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(value_words).collect();
            format!("({})", parts.join(", "))
        }
        other => value_words(other),
    }
}

/// The label of a command button: the variant in words, then its fields.
pub fn command_label(command: &Value) -> String {
    match command {
        Value::String(s) => words(s),
        Value::Object(map) if map.len() == 1 => {
            let (k, inner) = map.iter().next().expect("one entry");
            match inner {
                Value::Object(m) if m.is_empty() => words(k),
                Value::Object(_) | Value::Array(_) => {
                    format!("{}: {}", words(k), inner_fields(inner))
                }
                other => format!("{}: {}", words(k), value_words(other)),
            }
        }
        other => value_words(other),
    }
}

fn inner_fields(v: &Value) -> String {
    match v {
        Value::Object(map) => map
            .iter()
            .map(|(k, x)| format!("{} {}", words(k).to_lowercase(), value_words(x)))
            .collect::<Vec<_>>()
            .join(", "),
        Value::Array(items) => items.iter().map(value_words).collect::<Vec<_>>().join(", "),
        other => value_words(other),
    }
}

/// The variant name of a command (`"Hold"`, `"Fire"`), if it has one.
pub fn variant(command: &Value) -> Option<&str> {
    match command {
        Value::String(s) => Some(s),
        Value::Object(map) if map.len() == 1 => map.keys().next().map(|k| k.as_str()),
        _ => None,
    }
}

/// Variant names the "end phase" key looks for, in order of preference.
pub const END_WORDS: [&str; 7] = ["End", "Pass", "Done", "Finish", "Skip", "Hold", "Stop"];

/// The legal command the "end phase" key sends: the first whose variant
/// starts with one of [`END_WORDS`] (earlier words win); failing that, one
/// that ends with one (`OpFirePass`, `ConcealDone`); failing that, a
/// refusal (`NoAdvance`, `NoDetonate`).
pub fn end_command(legal: &[Value]) -> Option<usize> {
    let find =
        |test: &dyn Fn(&str) -> bool| legal.iter().position(|c| variant(c).is_some_and(test));
    END_WORDS
        .iter()
        .find_map(|w| find(&|v: &str| v.starts_with(w)))
        .or_else(|| {
            END_WORDS
                .iter()
                .find_map(|w| find(&|v: &str| v.ends_with(w)))
        })
        .or_else(|| {
            find(&|v: &str| {
                v.strip_prefix("No")
                    .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_uppercase()))
            })
        })
}

/// "1 unit", "3 units" (issue 14: "(1 units)").
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A noun with "a" or "an" before it by its first letter ("an Injury",
/// "a KIA"; issue 14: "Carrying a Injury"). Initials read as letters that
/// sound like a vowel ("an LZ") are beyond this rule of thumb.
pub fn with_article(noun: &str) -> String {
    let vowel = noun
        .chars()
        .next()
        .is_some_and(|c| "AEIOUaeiou".contains(c));
    format!("{} {noun}", if vowel { "an" } else { "a" })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn words_split_camel_and_snake_case() {
        assert_eq!(words("EndPhase"), "End phase");
        assert_eq!(words("opportunity_fire"), "Opportunity fire");
        assert_eq!(words("burn-card"), "Burn card");
        assert_eq!(words("Roll"), "Roll");
        assert_eq!(words(""), "");
    }

    #[test]
    fn labels_read_without_json_punctuation() {
        assert_eq!(command_label(&json!("Hold")), "Hold");
        assert_eq!(
            command_label(&json!({"Fire": {"unit": "A1", "target": "12.05"}})),
            "Fire: target 12.05, unit A1"
        );
        assert_eq!(command_label(&json!({"PlayCard": 3})), "Play card: 3");
        assert_eq!(
            command_label(&json!({"Move": ["B2", {"to": "03.04"}]})),
            "Move: B2, (to 03.04)"
        );
        assert_eq!(command_label(&json!({"EndTurn": {}})), "End turn");
        assert!(!command_label(&json!({"Fire": {"unit": "A1"}})).contains('{'));
    }

    #[test]
    fn end_key_prefers_end_over_hold() {
        let legal = vec![json!("Roll"), json!("Hold")];
        assert_eq!(end_command(&legal), Some(1));
        let legal = vec![json!("Hold"), json!({"EndPhase": {}}), json!("Roll")];
        assert_eq!(end_command(&legal), Some(1));
        assert_eq!(end_command(&[json!("Roll")]), None);
        // A decline named at its end, or a refusal.
        let legal = vec![
            json!({"OpFireAttempt": {"units": [3]}}),
            json!("OpFirePass"),
        ];
        assert_eq!(end_command(&legal), Some(1));
        let legal = vec![json!({"Detonate": {}}), json!("NoDetonate")];
        assert_eq!(end_command(&legal), Some(1));
        assert_eq!(end_command(&[json!("Notify")]), None);
        assert_eq!(end_command(&[json!("Passage"), json!("EndTurn")]), Some(1));
    }

    // Issue 14: "(1 units)", "Carrying a Injury".
    #[test]
    fn counts_and_articles_read_as_english() {
        assert_eq!(count(1, "unit", "units"), "1 unit");
        assert_eq!(count(3, "unit", "units"), "3 units");
        assert_eq!(count(0, "unit", "units"), "0 units");
        assert_eq!(with_article("Injury"), "an Injury");
        assert_eq!(with_article("WIA"), "a WIA");
        assert_eq!(with_article("KIA"), "a KIA");
    }
}
