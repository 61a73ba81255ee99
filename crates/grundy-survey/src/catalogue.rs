//! The SQLite catalogue: its schema, checked on open, and one transaction
//! per game result.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use grundy_service::{Ruleset, ValueTable};
use grundy_service::{Store, StoreError};
use rusqlite::{Connection, OpenFlags, OptionalExtension, TransactionBehavior, params};

use crate::row::{GameRow, Status};
use crate::select::{Page, Selection};
use crate::{Result, SurveyError};

/// The version of the schema this program writes and reads, kept in
/// `PRAGMA user_version` and in the `meta` table.
pub const SCHEMA_VERSION: i64 = 1;

/// `PRAGMA application_id` of a catalogue: "GRSV".
const APPLICATION_ID: i64 = 0x4752_5356;

const SCHEMA: &str = "
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE games (
    game         TEXT PRIMARY KEY,
    family       TEXT NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('proved', 'observed', 'none')),
    preperiod    INTEGER,
    period       INTEGER,
    saltus       INTEGER,
    theorem      TEXT,
    certificate  TEXT,
    checked_to   INTEGER NOT NULL,
    max_heaps    INTEGER NOT NULL,
    stopped      TEXT CHECK (stopped IN ('time', 'memory')),
    time_limit   REAL,
    max_value    INTEGER NOT NULL,
    max_value_at INTEGER NOT NULL,
    rare_mask    INTEGER,
    rare_count   INTEGER,
    rare_last    INTEGER,
    checksum     TEXT NOT NULL,
    seconds      REAL NOT NULL,
    version      TEXT NOT NULL
);
CREATE TABLE game_values (
    game   TEXT PRIMARY KEY,
    width  INTEGER NOT NULL CHECK (width IN (1, 2, 4, 8)),
    count  INTEGER NOT NULL,
    data   BLOB NOT NULL
);
";

const COLUMNS: &str = "game, family, status, preperiod, period, saltus, theorem, certificate, checked_to, max_heaps, stopped, time_limit, max_value, max_value_at, rare_mask, rare_count, rare_last, checksum, seconds, version";

/// How long a connection waits for another's lock (a survey writing a
/// result, another creating the schema) before it fails.
const BUSY_TIMEOUT: Duration = Duration::from_secs(30);

/// A connection to `target` (a path, or a URI with `SQLITE_OPEN_URI`)
/// that waits on a busy database, and what the checks of
/// [`Catalogue::open`] read: SQLite's quick check, the application id and
/// the schema version.
fn connect(target: &Path, mode: OpenFlags) -> rusqlite::Result<(Connection, String, i64, i64)> {
    let conn = Connection::open_with_flags(target, mode | OpenFlags::SQLITE_OPEN_NO_MUTEX)?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    let ok: String = conn.query_row("PRAGMA quick_check", [], |r| r.get(0))?;
    let app: i64 = conn.query_row("PRAGMA application_id", [], |r| r.get(0))?;
    let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    Ok((conn, ok, app, version))
}

/// Whether SQLite refused for another connection's lock.
fn is_busy(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
    )
}

/// The URI that opens `path` as immutable: SQLite then reads the file and
/// nothing else, with no lock and no shared-memory file.
fn immutable_uri(path: &Path) -> String {
    use std::os::unix::ffi::OsStrExt;
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut uri = String::from("file:");
    for &b in absolute.as_os_str().as_bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            uri.push(char::from(b));
        } else {
            uri.push_str(&format!("%{b:02X}"));
        }
    }
    uri.push_str("?immutable=1");
    uri
}

/// A survey's database. `Send + Sync`: its one connection is behind a lock.
#[derive(Debug)]
pub struct Catalogue {
    conn: Mutex<Connection>,
    path: PathBuf,
}

impl Catalogue {
    /// Opens the catalogue at `path`, creating it (and its schema) if the
    /// file does not exist or is empty.
    ///
    /// # Errors
    /// As [`Catalogue::open`] for an existing file; a message naming the
    /// path when it cannot be created.
    pub fn create(path: &Path) -> Result<Catalogue> {
        let fresh = std::fs::metadata(path).map_or(true, |m| m.len() == 0);
        if !fresh {
            return Catalogue::open(path);
        }
        let conn = Connection::open(path).map_err(|e| {
            SurveyError::new(format!(
                "cannot create the catalogue {}: {e}",
                path.display()
            ))
        })?;
        // Two surveys started at once on a new file: each waits for the
        // other's lock, and the schema is created in one transaction by
        // whichever takes the write lock first; the other finds it made.
        //
        // SQLite answers "database is locked" at once, without waiting,
        // where waiting could deadlock (the switch to WAL while another
        // connection reads, a lock upgrade): such a try is rolled back and
        // made again, until the same time limit.
        let create_once = || -> rusqlite::Result<()> {
            conn.busy_timeout(BUSY_TIMEOUT)?;
            conn.execute_batch("BEGIN IMMEDIATE")?;
            let tables: i64 =
                conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))?;
            if tables == 0 {
                conn.execute_batch(&format!(
                    "{SCHEMA}
                     INSERT INTO meta VALUES ('schema', 'grundy-survey');
                     INSERT INTO meta VALUES ('schema_version', '{SCHEMA_VERSION}');
                     PRAGMA application_id = {APPLICATION_ID};
                     PRAGMA user_version = {SCHEMA_VERSION};"
                ))?;
            }
            conn.execute_batch("COMMIT")?;
            conn.pragma_update(None, "journal_mode", "WAL")
        };
        let began = std::time::Instant::now();
        let created = loop {
            match create_once() {
                Err(e) if is_busy(&e) && began.elapsed() < BUSY_TIMEOUT => {
                    let _ = conn.execute_batch("ROLLBACK");
                    std::thread::sleep(Duration::from_millis(5));
                }
                done => break done,
            }
        };
        if let Err(e) = created {
            let _ = conn.execute_batch("ROLLBACK");
            return Err(SurveyError::new(format!(
                "cannot create the catalogue {}: {e}",
                path.display()
            )));
        }
        drop(conn);
        Catalogue::open(path)
    }

    /// Opens an existing catalogue, checking that it is one: an SQLite
    /// database that passes SQLite's quick check, with this program's
    /// application id and schema version.
    ///
    /// # Errors
    /// One message naming the file and what is wrong with it: missing, not
    /// an SQLite database, damaged (truncated), another program's database,
    /// or a schema version this program does not read.
    pub fn open(path: &Path) -> Result<Catalogue> {
        Catalogue::open_with(path, OpenFlags::SQLITE_OPEN_READ_WRITE)
    }

    /// Opens an existing catalogue for reading only, with the checks of
    /// [`Catalogue::open`]: nothing done through it can change the file
    /// (writes fail), as a server that only lists a catalogue wants.
    ///
    /// A catalogue (in SQLite's WAL mode) is read through a shared-memory
    /// file beside it, which a read-only directory does not let SQLite
    /// create: there the file is opened as immutable (no other program
    /// can be writing it either, for want of that file).
    ///
    /// # Errors
    /// As [`Catalogue::open`].
    pub fn open_read_only(path: &Path) -> Result<Catalogue> {
        Catalogue::open_with(path, OpenFlags::SQLITE_OPEN_READ_ONLY)
    }

    fn open_with(path: &Path, mode: OpenFlags) -> Result<Catalogue> {
        let shown = path.display();
        if !path.is_file() {
            return Err(SurveyError::usage(format!(
                "{shown} does not exist or is not a file; give the database written by `grundy survey run FAMILY --db {shown}`"
            )));
        }
        let not_ours = |why: String| {
            SurveyError::new(format!(
                "{shown} is not a readable grundy survey catalogue: {why}; if it was damaged, run the survey again into a new file (the runs resume from nothing) or merge the shards again"
            ))
        };
        // A survey creating this file may be switching it to WAL, which
        // SQLite answers with "locked" without waiting: wait here instead.
        let began = std::time::Instant::now();
        let mut checked = loop {
            match connect(path, mode) {
                Err(e) if is_busy(&e) && began.elapsed() < BUSY_TIMEOUT => {
                    std::thread::sleep(Duration::from_millis(5));
                }
                done => break done,
            }
        };
        let cannot_write_beside = |e: &rusqlite::Error| {
            matches!(
                e.sqlite_error_code(),
                Some(rusqlite::ErrorCode::ReadOnly | rusqlite::ErrorCode::CannotOpen)
            )
        };
        if mode.contains(OpenFlags::SQLITE_OPEN_READ_ONLY)
            && matches!(&checked, Err(e) if cannot_write_beside(e))
        {
            checked = connect(
                Path::new(&immutable_uri(path)),
                mode | OpenFlags::SQLITE_OPEN_URI,
            );
        }
        let (conn, ok, app, version) = checked.map_err(|e| not_ours(e.to_string()))?;
        if ok != "ok" {
            return Err(not_ours(format!("SQLite's integrity check says: {ok}")));
        }
        if app != APPLICATION_ID {
            return Err(not_ours(format!(
                "its application id is {app:#x}, not a survey's {APPLICATION_ID:#x} (another program's SQLite database?)"
            )));
        }
        if version != SCHEMA_VERSION {
            return Err(not_ours(format!(
                "its schema version is {version}; this program reads version {SCHEMA_VERSION}"
            )));
        }
        let columns: std::result::Result<Vec<String>, _> = conn
            .prepare("SELECT name FROM pragma_table_info('games') ORDER BY cid")
            .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect());
        let columns = columns.map_err(|e| not_ours(e.to_string()))?;
        if columns.join(", ") != COLUMNS {
            return Err(not_ours(format!(
                "its games table has the columns ({}), not those of schema version {SCHEMA_VERSION}",
                columns.join(", ")
            )));
        }
        Catalogue::ready(conn, path)
    }

    fn ready(conn: Connection, path: &Path) -> Result<Catalogue> {
        Ok(Catalogue {
            conn: Mutex::new(conn),
            path: path.to_path_buf(),
        })
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn lock(&self) -> MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn damaged(&self, e: rusqlite::Error) -> SurveyError {
        SurveyError::new(format!(
            "the catalogue {} cannot be read or written: {e}",
            self.path.display()
        ))
    }

    /// Every game's row, by game.
    ///
    /// # Errors
    /// When the database cannot be read, or holds a value out of range.
    pub fn games(&self) -> Result<Vec<GameRow>> {
        let conn = self.lock();
        let rows: rusqlite::Result<Vec<GameRow>> = conn
            .prepare(&format!("SELECT {COLUMNS} FROM games ORDER BY game"))
            .and_then(|mut s| s.query_map([], read_row)?.collect());
        rows.map_err(|e| self.damaged(e))
    }

    /// One page of the rows that `selection` picks, by game, with how many
    /// rows it picks in all.
    ///
    /// ```
    /// use grundy_survey::{Catalogue, Family, Options, Selection, Status, run};
    /// let dir = tempfile::tempdir()?;
    /// let path = dir.path().join("s.sqlite");
    /// run(&path, &Family::List(vec!["0.07".into(), "0.77".into(), "0.137".into()]), &Options::new(500), &|_| {})?;
    /// let catalogue = Catalogue::open_read_only(&path)?;
    /// let page = catalogue.select(&Selection { text: Some(".07".into()), limit: 1, ..Selection::default() })?;
    /// assert_eq!(page.total, 1);
    /// assert_eq!(page.rows.iter().map(|r| r.game.as_str()).collect::<Vec<_>>(), ["0.07"]);
    /// let page = catalogue.select(&Selection { text: Some("7".into()), offset: 1, limit: 1, ..Selection::default() })?;
    /// assert_eq!((page.total, page.rows[0].game.as_str()), (3, "0.137"));
    /// let proved = catalogue.select(&Selection { status: Some(Status::Proved), ..Selection::default() })?;
    /// assert!(proved.rows.iter().all(|r| r.status == Status::Proved));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// When the database cannot be read.
    pub fn select(&self, selection: &Selection) -> Result<Page> {
        let conn = self.lock();
        let filter = "(?1 IS NULL OR status = ?1) AND (?2 IS NULL OR family = ?2) \
                      AND (?3 IS NULL OR instr(lower(game), lower(?3)) > 0)";
        let status = selection.status.map(Status::as_str);
        let family = selection.family.as_deref();
        let text = selection.text.as_deref().filter(|t| !t.is_empty());
        let found = (|| -> rusqlite::Result<Page> {
            let total: u64 = conn.query_row(
                &format!("SELECT count(*) FROM games WHERE {filter}"),
                params![status, family, text],
                |r| r.get(0),
            )?;
            let limit = i64::try_from(selection.limit).unwrap_or(i64::MAX);
            let offset = i64::try_from(selection.offset).unwrap_or(i64::MAX);
            let rows = conn
                .prepare(&format!(
                    "SELECT {COLUMNS} FROM games WHERE {filter} ORDER BY game LIMIT ?4 OFFSET ?5"
                ))?
                .query_map(params![status, family, text, limit, offset], read_row)?
                .collect::<rusqlite::Result<Vec<GameRow>>>()?;
            Ok(Page { total, rows })
        })();
        found.map_err(|e| self.damaged(e))
    }

    /// The families the catalogue's games were surveyed in, sorted.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub fn families(&self) -> Result<Vec<String>> {
        let conn = self.lock();
        let rows: rusqlite::Result<Vec<String>> = conn
            .prepare("SELECT DISTINCT family FROM games ORDER BY family")
            .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect());
        rows.map_err(|e| self.damaged(e))
    }

    /// The row of `game` (a canonical spec), if any.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub fn game(&self, game: &str) -> Result<Option<GameRow>> {
        let conn = self.lock();
        conn.query_row(
            &format!("SELECT {COLUMNS} FROM games WHERE game = ?1"),
            [game],
            read_row,
        )
        .optional()
        .map_err(|e| self.damaged(e))
    }

    /// Records `row` and, if given, `values` (`G(0..n)` of its game) in one
    /// transaction: the row replaces the stored one only if it is
    /// [better](GameRow::better_than), the values only if longer. Returns
    /// whether the row was written. The transaction takes the write lock
    /// first (`BEGIN IMMEDIATE`), so that a survey writing the same file
    /// at once is waited for: a read upgraded to a write would fail at
    /// once ("database is locked") whatever the busy timeout.
    ///
    /// # Errors
    /// When the database cannot be written; nothing is then changed.
    pub fn record(&self, row: &GameRow, values: Option<&ValueTable>) -> Result<bool> {
        let mut conn = self.lock();
        let written = (|| -> rusqlite::Result<bool> {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let old = tx
                .query_row(
                    &format!("SELECT {COLUMNS} FROM games WHERE game = ?1"),
                    [&row.game],
                    read_row,
                )
                .optional()?;
            let write = old.as_ref().is_none_or(|old| row.better_than(old));
            if write {
                write_row(&tx, row)?;
            }
            if let Some(values) = values {
                write_values(&tx, &row.game, values)?;
            }
            tx.commit()?;
            Ok(write)
        })();
        written.map_err(|e| self.damaged(e))
    }

    /// The values stored for `game` (a canonical spec).
    ///
    /// # Errors
    /// When the database cannot be read or the stored values are damaged.
    pub fn values(&self, game: &str) -> Result<Option<ValueTable>> {
        let conn = self.lock();
        let found: Option<(i64, Vec<u8>)> = conn
            .query_row(
                "SELECT width, data FROM game_values WHERE game = ?1",
                [game],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
            .map_err(|e| self.damaged(e))?;
        drop(conn);
        found
            .map(|(width, data)| {
                ValueTable::from_le_bytes(usize::try_from(width).unwrap_or(0), &data).map_err(|e| {
                    SurveyError::new(format!(
                        "the values of {game} in {} are damaged: {e}",
                        self.path.display()
                    ))
                })
            })
            .transpose()
    }

    /// Stores `values` of `game` if longer than those stored.
    ///
    /// # Errors
    /// When the database cannot be written.
    pub fn save_values(&self, game: &str, values: &ValueTable) -> Result<()> {
        let mut conn = self.lock();
        let done = (|| -> rusqlite::Result<()> {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            write_values(&tx, game, values)?;
            tx.commit()
        })();
        done.map_err(|e| self.damaged(e))
    }

    /// The games that have stored values, with their lengths.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub fn value_counts(&self) -> Result<Vec<(String, u64)>> {
        let conn = self.lock();
        let rows: rusqlite::Result<Vec<(String, u64)>> = conn
            .prepare("SELECT game, count FROM game_values ORDER BY game")
            .and_then(|mut s| s.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect());
        rows.map_err(|e| self.damaged(e))
    }

    /// The solver's store over this catalogue's values: a run with a larger
    /// bound reads them instead of computing them again.
    pub fn store(self: &std::sync::Arc<Self>) -> std::sync::Arc<dyn Store> {
        std::sync::Arc::new(ValuesStore(std::sync::Arc::clone(self)))
    }
}

fn read_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<GameRow> {
    Ok(GameRow {
        game: r.get(0)?,
        family: r.get(1)?,
        status: {
            let word: String = r.get(2)?;
            Status::parse(&word).ok_or_else(|| {
                rusqlite::Error::FromSqlConversionFailure(
                    2,
                    rusqlite::types::Type::Text,
                    format!("'{word}' is not a status").into(),
                )
            })?
        },
        preperiod: r.get(3)?,
        period: r.get(4)?,
        saltus: r.get(5)?,
        theorem: r.get(6)?,
        certificate: r.get(7)?,
        checked_to: r.get(8)?,
        max_heaps: r.get(9)?,
        stopped: r.get(10)?,
        time_limit: r.get(11)?,
        max_value: r.get(12)?,
        max_value_at: r.get(13)?,
        rare_mask: r.get(14)?,
        rare_count: r.get(15)?,
        rare_last: r.get(16)?,
        checksum: r.get(17)?,
        seconds: r.get(18)?,
        version: r.get(19)?,
    })
}

fn write_row(tx: &rusqlite::Transaction<'_>, row: &GameRow) -> rusqlite::Result<()> {
    tx.execute(
        &format!(
            "INSERT OR REPLACE INTO games ({COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20)"
        ),
        params![
            row.game,
            row.family,
            row.status.as_str(),
            row.preperiod,
            row.period,
            row.saltus,
            row.theorem,
            row.certificate,
            row.checked_to,
            row.max_heaps,
            row.stopped,
            row.time_limit,
            row.max_value,
            row.max_value_at,
            row.rare_mask,
            row.rare_count,
            row.rare_last,
            row.checksum,
            row.seconds,
            row.version,
        ],
    )?;
    Ok(())
}

fn write_values(
    tx: &rusqlite::Transaction<'_>,
    game: &str,
    values: &ValueTable,
) -> rusqlite::Result<()> {
    let stored: Option<u64> = tx
        .query_row(
            "SELECT count FROM game_values WHERE game = ?1",
            [game],
            |r| r.get(0),
        )
        .optional()?;
    let count = values.len() as u64;
    if stored.is_some_and(|s| s >= count) {
        return Ok(());
    }
    let mut data = Vec::with_capacity(values.len() * values.bytes_per_value());
    values.for_each_le_chunk(&mut |chunk| data.extend_from_slice(chunk));
    tx.execute(
        "INSERT OR REPLACE INTO game_values (game, width, count, data) VALUES (?1, ?2, ?3, ?4)",
        params![game, values.bytes_per_value() as i64, count, data],
    )?;
    Ok(())
}

/// The solver's [`Store`] over a catalogue's `game_values` table.
#[derive(Debug)]
struct ValuesStore(std::sync::Arc<Catalogue>);

impl Store for ValuesStore {
    fn location(&self, game: &Ruleset) -> String {
        format!("{} (values of {game})", self.0.path.display())
    }

    fn load(
        &self,
        game: &Ruleset,
        max_bytes: u64,
    ) -> std::result::Result<Option<ValueTable>, StoreError> {
        let counts = {
            let conn = self.0.lock();
            conn.query_row(
                "SELECT width * count FROM game_values WHERE game = ?1",
                [game.to_string()],
                |r| r.get::<_, u64>(0),
            )
            .optional()
            .map_err(|e| StoreError::new(e.to_string()))?
        };
        match counts {
            Some(bytes) if bytes > max_bytes => Ok(None),
            Some(_) => self
                .0
                .values(&game.to_string())
                .map_err(|e| StoreError::new(e.to_string())),
            None => Ok(None),
        }
    }

    fn save(&self, game: &Ruleset, table: &ValueTable) -> std::result::Result<(), StoreError> {
        self.0
            .save_values(&game.to_string(), table)
            .map_err(|e| StoreError::new(e.to_string()))
    }
}
