//! The Heat the tests run (`tools/heat_server`) keeps what Heat counts on
//! from the databases it runs on in production.

use std::path::Path;
use std::process::Command;

/// SQLite gives the id of the last row deleted to the next row made;
/// MySQL and PostgreSQL never give an id twice, and Heat deletes rows by
/// ids it kept (`sqlite_ids.py`). Once Heat's own migrations have made
/// the schema, the hosted Heat's tables never give an id again, and the
/// change is made once.
#[test]
fn the_hosted_heat_never_gives_an_id_twice() {
    let Some(python) = heatwise_test_support::heat_python() else {
        return;
    };
    let tools = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tools/heat_server");
    let scratch = std::env::temp_dir().join(format!("heatwise-ids-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).unwrap();
    let script = r#"
import shutil, sqlite3, sys
sys.path.insert(0, sys.argv[1])
from oslo_config import cfg
from heat.common import config  # noqa: F401 (Heat's options)
from heat.db import migration
import sqlite_ids

database = sys.argv[2] + "/heat.sqlite"
cfg.CONF([], project="heat", default_config_files=[])
cfg.CONF.set_override("connection", "sqlite:///" + database, group="database")
migration.db_sync()
shutil.copy(database, database + ".as-made")

def made_after_a_delete(path):
    connection = sqlite3.connect(path, isolation_level=None)
    add = "INSERT INTO resource_properties_data (data) VALUES ('{}')"
    first = connection.execute(add).lastrowid
    connection.execute("DELETE FROM resource_properties_data WHERE id = ?", (first,))
    second = connection.execute(add).lastrowid
    return [first, second]

print("as made", made_after_a_delete(database + ".as-made"))
print("rebuilt", sorted(sqlite_ids.never_reuse_ids(database)))
print("again", sqlite_ids.never_reuse_ids(database))
print("after", made_after_a_delete(database))
"#;
    let output = Command::new(python)
        .args(["-c", script])
        .arg(&tools)
        .arg(&scratch)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let line = |label: &str| {
        stdout
            .lines()
            .find_map(|line| line.strip_prefix(label))
            .unwrap_or_else(|| panic!("no {label:?} in {stdout}"))
            .trim()
            .to_owned()
    };
    // What SQLite does to the schema as Heat makes it: the id comes back.
    assert_eq!(line("as made"), "[1, 1]");
    assert_eq!(
        line("rebuilt"),
        "['event', 'raw_template', 'raw_template_files', 'resource', \
         'resource_data', 'resource_properties_data', 'stack_tag', 'user_creds']"
    );
    assert_eq!(line("again"), "[]");
    assert_eq!(line("after"), "[1, 2]");
    let _ = std::fs::remove_dir_all(&scratch);
}
