//! The part of CEL (the Common Expression Language) that ORC's creation
//! rules use: `self` and field selection, `has()`, `size()`, string, integer
//! and boolean literals, `!`, `==`, `!=`, `<`, `<=`, `>`, `>=`, `&&`, `||`
//! and `? :`. Selecting a missing field is an error, which fails the rule,
//! as in Kubernetes; `&&` and `||` forgive an error when the other side
//! decides, as CEL's do.
//!
//! A rule outside this subset does not compile; the `crd_schema` test
//! compiles every rule of the vendored CRDs, so a CRD that needs more is
//! noticed when it is vendored.

use crate::manifest::{Node, Value};

/// A compiled rule.
#[derive(Debug)]
pub struct Rule {
    expr: Expr,
}

#[derive(Debug)]
enum Expr {
    SelfValue,
    Field(Box<Expr>, String),
    Has(Box<Expr>, String),
    Size(Box<Expr>),
    Str(String),
    Int(i64),
    Bool(bool),
    Not(Box<Expr>),
    Binary(Box<Expr>, BinaryOp, Box<Expr>),
    Conditional(Box<Expr>, Box<Expr>, Box<Expr>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BinaryOp {
    And,
    Or,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Ident(String),
    Str(String),
    Int(i64),
    Punct(&'static str),
}

/// What an expression evaluates to.
#[derive(Clone, Debug)]
enum Val<'a> {
    Node(&'a Node),
    Str(String),
    Int(i64),
    Bool(bool),
}

type Eval<'a> = Result<Val<'a>, ()>;

impl Rule {
    pub fn new(source: &str) -> Result<Self, String> {
        let tokens = tokenize(source)?;
        let mut parser = Parser { tokens, at: 0 };
        let expr = parser.conditional()?;
        if parser.at != parser.tokens.len() {
            return Err(format!("unexpected {:?}", parser.tokens[parser.at]));
        }
        Ok(Self { expr })
    }

    /// Whether `node` (the rule's `self`) satisfies the rule.
    pub fn holds(&self, node: &Node) -> bool {
        matches!(eval(&self.expr, node), Ok(Val::Bool(true)))
    }
}

const PUNCTUATION: [&str; 16] = [
    "&&", "||", "==", "!=", "<=", ">=", "<", ">", "!", "?", ":", "(", ")", ".", ",", "-",
];

fn tokenize(source: &str) -> Result<Vec<Token>, String> {
    let mut tokens = Vec::new();
    let mut rest = source;
    while let Some(c) = rest.chars().next() {
        if c.is_whitespace() {
            rest = &rest[c.len_utf8()..];
        } else if c == '\'' || c == '"' {
            let end = rest[1..]
                .find(c)
                .ok_or_else(|| "unterminated string".to_owned())?;
            tokens.push(Token::Str(rest[1..=end].to_owned()));
            rest = &rest[end + 2..];
        } else if c.is_ascii_digit() {
            let end = rest
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len());
            tokens.push(Token::Int(
                rest[..end].parse().map_err(|_| "integer too large")?,
            ));
            rest = &rest[end..];
        } else if c.is_ascii_alphabetic() || c == '_' {
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            tokens.push(Token::Ident(rest[..end].to_owned()));
            rest = &rest[end..];
        } else if let Some(p) = PUNCTUATION.iter().find(|p| rest.starts_with(**p)) {
            tokens.push(Token::Punct(p));
            rest = &rest[p.len()..];
        } else {
            return Err(format!("unexpected character {c:?}"));
        }
    }
    Ok(tokens)
}

struct Parser {
    tokens: Vec<Token>,
    at: usize,
}

impl Parser {
    fn peek_punct(&self, punct: &str) -> bool {
        matches!(self.tokens.get(self.at), Some(Token::Punct(p)) if *p == punct)
    }

    fn eat(&mut self, punct: &str) -> bool {
        let found = self.peek_punct(punct);
        if found {
            self.at += 1;
        }
        found
    }

    fn expect(&mut self, punct: &str) -> Result<(), String> {
        if self.eat(punct) {
            Ok(())
        } else {
            Err(format!("expected {punct}"))
        }
    }

    fn conditional(&mut self) -> Result<Expr, String> {
        let condition = self.or()?;
        if self.eat("?") {
            let then = self.conditional()?;
            self.expect(":")?;
            let otherwise = self.conditional()?;
            return Ok(Expr::Conditional(
                Box::new(condition),
                Box::new(then),
                Box::new(otherwise),
            ));
        }
        Ok(condition)
    }

    fn or(&mut self) -> Result<Expr, String> {
        let mut left = self.and()?;
        while self.eat("||") {
            left = Expr::Binary(Box::new(left), BinaryOp::Or, Box::new(self.and()?));
        }
        Ok(left)
    }

    fn and(&mut self) -> Result<Expr, String> {
        let mut left = self.relation()?;
        while self.eat("&&") {
            left = Expr::Binary(Box::new(left), BinaryOp::And, Box::new(self.relation()?));
        }
        Ok(left)
    }

    fn relation(&mut self) -> Result<Expr, String> {
        let left = self.unary()?;
        for (punct, op) in [
            ("==", BinaryOp::Eq),
            ("!=", BinaryOp::Ne),
            ("<=", BinaryOp::Le),
            (">=", BinaryOp::Ge),
            ("<", BinaryOp::Lt),
            (">", BinaryOp::Gt),
        ] {
            if self.eat(punct) {
                return Ok(Expr::Binary(Box::new(left), op, Box::new(self.unary()?)));
            }
        }
        Ok(left)
    }

    fn unary(&mut self) -> Result<Expr, String> {
        if self.eat("!") {
            return Ok(Expr::Not(Box::new(self.unary()?)));
        }
        if self.eat("-") {
            return match self.tokens.get(self.at) {
                Some(Token::Int(n)) => {
                    self.at += 1;
                    Ok(Expr::Int(-n))
                }
                _ => Err("expected a number after -".to_owned()),
            };
        }
        self.selection()
    }

    fn selection(&mut self) -> Result<Expr, String> {
        let mut expr = self.primary()?;
        while self.eat(".") {
            match self.tokens.get(self.at) {
                Some(Token::Ident(name)) => {
                    expr = Expr::Field(Box::new(expr), unescape(name));
                    self.at += 1;
                }
                _ => return Err("expected a field name after .".to_owned()),
            }
        }
        Ok(expr)
    }

    fn primary(&mut self) -> Result<Expr, String> {
        let token = self
            .tokens
            .get(self.at)
            .cloned()
            .ok_or_else(|| "unexpected end of rule".to_owned())?;
        self.at += 1;
        match token {
            Token::Str(s) => Ok(Expr::Str(s)),
            Token::Int(n) => Ok(Expr::Int(n)),
            Token::Punct("(") => {
                let inner = self.conditional()?;
                self.expect(")")?;
                Ok(inner)
            }
            Token::Ident(name) => match name.as_str() {
                "self" => Ok(Expr::SelfValue),
                "true" => Ok(Expr::Bool(true)),
                "false" => Ok(Expr::Bool(false)),
                "has" => {
                    self.expect("(")?;
                    let argument = self.selection()?;
                    self.expect(")")?;
                    match argument {
                        Expr::Field(object, field) => Ok(Expr::Has(object, field)),
                        _ => Err("has() takes a field selection".to_owned()),
                    }
                }
                "size" => {
                    self.expect("(")?;
                    let argument = self.conditional()?;
                    self.expect(")")?;
                    Ok(Expr::Size(Box::new(argument)))
                }
                other => Err(format!("unknown name {other}")),
            },
            other => Err(format!("unexpected {other:?}")),
        }
    }
}

/// CEL escapes field names that are reserved words: `__import__` is the
/// field `import`.
fn unescape(name: &str) -> String {
    name.strip_prefix("__")
        .and_then(|n| n.strip_suffix("__"))
        .unwrap_or(name)
        .to_owned()
}

fn eval<'a>(expr: &Expr, this: &'a Node) -> Eval<'a> {
    Ok(match expr {
        Expr::SelfValue => Val::Node(this),
        Expr::Str(s) => Val::Str(s.clone()),
        Expr::Int(n) => Val::Int(*n),
        Expr::Bool(b) => Val::Bool(*b),
        Expr::Field(object, field) => match eval(object, this)? {
            Val::Node(node) => Val::Node(node.get(field).ok_or(())?),
            _ => return Err(()),
        },
        Expr::Has(object, field) => match eval(object, this)? {
            Val::Node(node) => Val::Bool(node.get(field).is_some()),
            _ => return Err(()),
        },
        Expr::Size(argument) => match plain(eval(argument, this)?) {
            Val::Str(s) => Val::Int(s.chars().count() as i64),
            Val::Node(Node {
                value: Value::List(items),
                ..
            }) => Val::Int(items.len() as i64),
            Val::Node(Node {
                value: Value::Map(entries),
                ..
            }) => Val::Int(entries.len() as i64),
            _ => return Err(()),
        },
        Expr::Not(inner) => Val::Bool(!as_bool(eval(inner, this))?),
        Expr::Conditional(condition, then, otherwise) => {
            if as_bool(eval(condition, this))? {
                eval(then, this)?
            } else {
                eval(otherwise, this)?
            }
        }
        Expr::Binary(left, op, right) => match op {
            BinaryOp::And | BinaryOp::Or => {
                let decisive = *op == BinaryOp::Or;
                let l = as_bool(eval(left, this));
                let r = as_bool(eval(right, this));
                match (l, r) {
                    (Ok(v), _) | (_, Ok(v)) if v == decisive => Val::Bool(decisive),
                    (Ok(_), Ok(_)) => Val::Bool(!decisive),
                    _ => return Err(()),
                }
            }
            _ => {
                let l = plain(eval(left, this)?);
                let r = plain(eval(right, this)?);
                let ordering = match (&l, &r) {
                    (Val::Str(a), Val::Str(b)) => a.cmp(b),
                    (Val::Int(a), Val::Int(b)) => a.cmp(b),
                    (Val::Bool(a), Val::Bool(b)) if matches!(op, BinaryOp::Eq | BinaryOp::Ne) => {
                        a.cmp(b)
                    }
                    _ => return Err(()),
                };
                Val::Bool(match op {
                    BinaryOp::Eq => ordering.is_eq(),
                    BinaryOp::Ne => ordering.is_ne(),
                    BinaryOp::Lt => ordering.is_lt(),
                    BinaryOp::Le => ordering.is_le(),
                    BinaryOp::Gt => ordering.is_gt(),
                    BinaryOp::Ge => ordering.is_ge(),
                    BinaryOp::And | BinaryOp::Or => unreachable!("handled above"),
                })
            }
        },
    })
}

/// A scalar node as a literal value.
fn plain(value: Val<'_>) -> Val<'_> {
    match value {
        Val::Node(node) => match &node.value {
            Value::Str(s) => Val::Str(s.clone()),
            Value::Int(n) => Val::Int(*n),
            Value::Bool(b) => Val::Bool(*b),
            _ => Val::Node(node),
        },
        other => other,
    }
}

fn as_bool(value: Eval<'_>) -> Result<bool, ()> {
    match plain(value?) {
        Val::Bool(b) => Ok(b),
        _ => Err(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(json: serde_json::Value) -> Node {
        fn convert(json: &serde_json::Value) -> Node {
            let value = match json {
                serde_json::Value::String(s) => Value::Str(s.clone()),
                serde_json::Value::Number(n) => Value::Int(n.as_i64().unwrap()),
                serde_json::Value::Bool(b) => Value::Bool(*b),
                serde_json::Value::Array(items) => Value::List(items.iter().map(convert).collect()),
                serde_json::Value::Object(map) => {
                    Value::Map(map.iter().map(|(k, v)| (k.clone(), convert(v))).collect())
                }
                serde_json::Value::Null => unreachable!(),
            };
            Node::new(value, None)
        }
        convert(&json)
    }

    fn holds(rule: &str, json: serde_json::Value) -> bool {
        Rule::new(rule).unwrap().holds(&node(json))
    }

    #[test]
    fn conditionals_and_has() {
        let rule = "self.managementPolicy == 'managed' ? has(self.resource) : true";
        assert!(holds(
            rule,
            serde_json::json!({"managementPolicy": "managed", "resource": {}})
        ));
        assert!(!holds(
            rule,
            serde_json::json!({"managementPolicy": "managed"})
        ));
        assert!(holds(
            rule,
            serde_json::json!({"managementPolicy": "unmanaged"})
        ));
        let import = "self.managementPolicy == 'unmanaged' ? has(self.__import__) : true";
        assert!(holds(
            import,
            serde_json::json!({"managementPolicy": "unmanaged", "import": {"id": "x"}})
        ));
        assert!(!holds(
            import,
            serde_json::json!({"managementPolicy": "unmanaged", "resource": {}})
        ));
    }

    #[test]
    fn exactly_one_of_two_fields() {
        let rule = "has(self.floatingNetworkRef) != has(self.floatingSubnetRef)";
        assert!(holds(rule, serde_json::json!({"floatingNetworkRef": "a"})));
        assert!(!holds(rule, serde_json::json!({})));
        assert!(!holds(
            rule,
            serde_json::json!({"floatingNetworkRef": "a", "floatingSubnetRef": "b"})
        ));
    }

    #[test]
    fn a_missing_field_fails_unless_the_other_side_decides() {
        let rule = "has(self.rules) && self.rules.maxServerPerHost > 0 ? self.policy == 'anti-affinity' : true";
        assert!(holds(rule, serde_json::json!({"policy": "affinity"})));
        assert!(!holds(
            rule,
            serde_json::json!({"policy": "affinity", "rules": {"maxServerPerHost": 2}})
        ));
        assert!(holds(
            rule,
            serde_json::json!({"policy": "anti-affinity", "rules": {"maxServerPerHost": 2}})
        ));
        // Selecting a field that is not there is an error, and fails.
        assert!(!holds("self.missing == 'x'", serde_json::json!({})));
        assert!(holds("true || self.missing == 'x'", serde_json::json!({})));
    }

    #[test]
    fn port_ranges() {
        let rule = "(!has(self.portRange)|| !(self.protocol == 'tcp'|| self.protocol == 'udp') || (self.portRange.min <= self.portRange.max))";
        assert!(holds(
            rule,
            serde_json::json!({"protocol": "tcp", "portRange": {"min": 22, "max": 22}})
        ));
        assert!(!holds(
            rule,
            serde_json::json!({"protocol": "tcp", "portRange": {"min": 23, "max": 22}})
        ));
        assert!(holds(
            rule,
            serde_json::json!({"protocol": "icmp", "portRange": {"min": 23, "max": 22}})
        ));
        assert!(holds("size(self.id) > 0", serde_json::json!({"id": "a"})));
    }

    #[test]
    fn what_is_outside_the_subset_does_not_compile() {
        assert!(Rule::new("self.all(x, x > 0)").is_err());
        assert!(Rule::new("self.a +").is_err());
        assert!(Rule::new("'open").is_err());
    }
}
