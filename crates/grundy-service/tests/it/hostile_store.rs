//! Value files that are not what this program wrote: arbitrary bytes and
//! mutations of a valid file are refused or read whole, never a panic and
//! never a wrong value; likewise a misère quotient's certificate.

use std::sync::Arc;

use grundy::{Ruleset, values};
use grundy_service::{Config, FileStore, Solver, Store, Watch};
use grundy_service::{Game, MisereMethod, MiserePositionReport};
use proptest::prelude::*;

fn game() -> Ruleset {
    "0.137".parse().unwrap()
}

/// A valid value file of [`game`] to 300, its bytes.
fn valid_file() -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let store = FileStore::new(dir.path());
    let table = values::compute(&game(), 300).unwrap();
    store.save(&game(), &table).unwrap();
    std::fs::read(store.path(&game())).unwrap()
}

/// Writes `bytes` where the store keeps [`game`]'s values, then checks that
/// loading gives an error or the true values, and that a solver over the
/// store answers with the true values either way.
fn check(bytes: &[u8]) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(FileStore::new(dir.path()));
    std::fs::write(store.path(&game()), bytes).unwrap();
    let truth = values::compute(&game(), 400).unwrap();
    if let Ok(Some(table)) = store.load(&game(), 1 << 20) {
        prop_assert!(table.len() <= truth.len() + 1_000);
        for n in 0..table.len().min(truth.len()) as u64 {
            prop_assert_eq!(table.get(n), truth.get(n), "heap {}", n);
        }
    }
    let solver = Solver::new(Config {
        store: Some(store),
        ..Config::default()
    });
    let table = solver
        .values(&Game::from(game().clone()), 400, &mut Watch::silent())
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    for n in 0..=400 {
        prop_assert_eq!(table.get(n), truth.get(n), "heap {}", n);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn arbitrary_bytes_are_refused(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        check(&bytes)?;
    }

    #[test]
    fn mutated_files_are_refused_or_read_true(
        flips in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..4),
        cut in prop::option::of(any::<prop::sample::Index>()),
    ) {
        let mut bytes = valid_file();
        for (at, byte) in flips {
            let i = at.index(bytes.len());
            bytes[i] ^= byte.max(1);
        }
        if let Some(cut) = cut {
            bytes.truncate(cut.index(bytes.len()));
        }
        check(&bytes)?;
    }
}

/// The certificate of 0.75's misère quotient at heap 30, which proves its
/// period: what a [`FileStore`] keeps as `0.75.misere.cert`.
fn valid_certificate() -> Vec<u8> {
    let game: Ruleset = "0.75".parse().unwrap();
    let q = grundy::misere::Quotient::compute(&game, 30, 1 << 26).unwrap();
    let period = grundy::misere::pretending_period(&game, &q).unwrap();
    grundy::misere::certificate::write(&game, &q, &period)
        .unwrap()
        .into_bytes()
}

/// The answer to `position` of 0.75 by a solver with no store, and by one
/// over a store where `bytes` lie at the file `file` names.
fn answers_with_file(
    position: &[u64],
    file: fn(&FileStore, &Ruleset) -> std::path::PathBuf,
    bytes: &[u8],
) -> (MiserePositionReport, grundy::Result<MiserePositionReport>) {
    let game: Ruleset = "0.75".parse().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(FileStore::new(dir.path()));
    std::fs::write(file(&store, &game), bytes).unwrap();
    let truth = Solver::default()
        .misere_position(
            &Game::from(game.clone()),
            position,
            100,
            &mut Watch::silent(),
        )
        .unwrap();
    let solver = Solver::new(Config {
        store: Some(store),
        ..Config::default()
    });
    let answer = solver.misere_position(
        &Game::from(game.clone()),
        position,
        100,
        &mut Watch::silent(),
    );
    (truth, answer)
}

/// Writes `bytes` where the store keeps 0.75's misère quotient; a solver
/// over the store answers a position past every bound as a solver with no
/// store does: a certificate is used only once it checks from the rules.
fn check_misere(bytes: &[u8]) -> Result<(), TestCaseError> {
    let (truth, answer) = answers_with_file(&[5_000, 7, 2], FileStore::misere_path, bytes);
    let answer = answer.map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(truth.method, MisereMethod::Quotient, "the store is read");
    prop_assert_eq!(answer.winning, truth.winning);
    prop_assert_eq!(answer.moves, truth.moves);
    Ok(())
}

/// Writes `bytes` where the store records where 0.75's quotient
/// construction stopped: a solver over the store never panics, and answers
/// as a solver with no store does or (a record it believes sends the
/// position to the search) refuses with one error, never another outcome.
fn check_misere_limit(bytes: &[u8]) -> Result<(), TestCaseError> {
    let (truth, answer) = answers_with_file(&[40, 7, 2], FileStore::misere_limit_path, bytes);
    match answer {
        Ok(answer) => {
            prop_assert_eq!(answer.winning, truth.winning);
            prop_assert_eq!(answer.moves, truth.moves);
        }
        Err(e) => prop_assert!(!e.to_string().is_empty()),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn arbitrary_misere_limit_files_never_change_an_answer(
        bytes in prop::collection::vec(any::<u8>(), 0..200),
        header in any::<bool>(),
    ) {
        let mut bytes = bytes;
        if header {
            let mut record = format!(
                "grundy misère quotient limit\ngame: 0.75\nrevision: {}\n",
                grundy::misere::CONSTRUCTION_REVISION
            )
            .into_bytes();
            record.extend(bytes);
            bytes = record;
        }
        check_misere_limit(&bytes)?;
    }

    #[test]
    fn arbitrary_misere_files_are_refused(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        check_misere(&bytes)?;
    }

    #[test]
    fn mutated_misere_certificates_are_refused_or_true(
        flips in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..4),
        cut in prop::option::of(any::<prop::sample::Index>()),
    ) {
        let mut bytes = valid_certificate();
        for (at, byte) in flips {
            let i = at.index(bytes.len());
            bytes[i] ^= byte.max(1);
        }
        if let Some(cut) = cut {
            bytes.truncate(cut.index(bytes.len()));
        }
        check_misere(&bytes)?;
    }
}

/// Links planted at the temporary names the store once used (`NAME.tmp`
/// and this process's id) are never written through: every file the store
/// writes lands in its own directory, and the victim is unchanged.
#[test]
fn links_planted_at_temporary_names_are_not_followed() {
    let dir = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let victim = elsewhere.path().join("victim");
    std::fs::write(&victim, "keep me").unwrap();
    let store = Arc::new(FileStore::new(dir.path()));
    let values = store.path(&game());
    let pid = std::process::id();
    let mut planted = vec![values.with_extension(format!("values.tmp{pid}"))];
    for name in ["misere.cert", "misere.limit"] {
        for n in 0..4 {
            planted.push(values.with_extension(format!("{name}.tmp{pid}-{n}")));
        }
    }
    planted.push(values.with_extension("cold.state.tmp"));
    for link in &planted {
        std::os::unix::fs::symlink(&victim, link).unwrap();
    }
    let table = values::compute(&game(), 300).unwrap();
    store.save(&game(), &table).unwrap();
    store.save_misere(&game(), "a certificate\n").unwrap();
    store.save_misere_limit(&game(), "a record\n").unwrap();
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
    assert_eq!(store.load(&game(), 1 << 20).unwrap().unwrap().len(), 301);
    assert_eq!(
        store.load_misere(&game()).unwrap().as_deref(),
        Some("a certificate\n")
    );
}
