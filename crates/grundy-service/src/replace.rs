//! Files replaced whole: written to a temporary file created beside the
//! target exclusively (`O_EXCL`) under a random name, synced, then renamed
//! over the target. A name planted in advance (a link at a predictable
//! temporary name) can neither receive the bytes nor be followed; a reader
//! sees the old file or the new one, never half of one.

use std::fs::{self, File, Permissions};
use std::io;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

/// Replaces the file `target` with what `write` writes, whole or not at
/// all.
///
/// The temporary file is named after the target (`NAME.tmp` and random
/// characters) so that one a crash leaves behind is recognisable; it is
/// removed on any error. A new file gets the permissions `File::create`
/// would give it (0666 less the umask), a replaced regular file keeps its
/// own. `target` itself is renamed over, not followed: a link at `target`
/// is replaced by the file, and nothing outside `target`'s directory is
/// written (a caller that means to write through a link resolves it
/// first).
///
/// ```
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("answer.txt");
/// grundy_service::replace_file(&path, |file| {
///     use std::io::Write;
///     file.write_all(b"42\n")
/// })?;
/// assert_eq!(std::fs::read_to_string(&path)?, "42\n");
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// Any error of creating, writing, syncing or renaming the file, and
/// [`io::ErrorKind::InvalidInput`] when `target` names no file (`/`, `..`).
pub fn replace_file(
    target: &Path,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    let name = target.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} names no file", target.display()),
        )
    })?;
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mode = fs::symlink_metadata(target)
        .ok()
        .filter(fs::Metadata::is_file)
        .map_or(0o666, |m| m.permissions().mode() & 0o7777);
    let mut prefix = name.to_owned();
    prefix.push(".tmp");
    let mut temp = tempfile::Builder::new()
        .prefix(&prefix)
        .rand_bytes(12)
        .permissions(Permissions::from_mode(mode))
        .tempfile_in(dir)?;
    write(temp.as_file_mut())?;
    temp.as_file().sync_all()?;
    temp.persist(target).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::io::Write;
    use std::os::unix::fs::symlink;

    use super::*;

    #[test]
    fn links_at_temporary_names_are_never_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        fs::write(&victim, "keep me").unwrap();
        let target = dir.path().join("file");
        // The names the old scheme used, and a few more.
        for pid in [std::process::id(), 0, 1] {
            symlink(&victim, dir.path().join(format!("file.tmp{pid}"))).unwrap();
        }
        replace_file(&target, |f| f.write_all(b"new")).unwrap();
        assert_eq!(fs::read_to_string(&victim).unwrap(), "keep me");
        assert_eq!(fs::read_to_string(&target).unwrap(), "new");
    }

    #[test]
    fn a_link_at_the_target_is_replaced_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        fs::write(&victim, "keep me").unwrap();
        let target = dir.path().join("file");
        symlink(&victim, &target).unwrap();
        replace_file(&target, |f| f.write_all(b"new")).unwrap();
        assert_eq!(fs::read_to_string(&victim).unwrap(), "keep me");
        assert!(fs::symlink_metadata(&target).unwrap().is_file());
        let looped = dir.path().join("loop");
        symlink(&looped, &looped).unwrap();
        replace_file(&looped, |f| f.write_all(b"new")).unwrap();
        assert_eq!(fs::read_to_string(&looped).unwrap(), "new");
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary_one() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("file");
        fs::write(&target, "old").unwrap();
        fs::set_permissions(&target, Permissions::from_mode(0o640)).unwrap();
        let err = replace_file(&target, |f| {
            f.write_all(b"half")?;
            Err(io::Error::other("disk full"))
        })
        .unwrap_err();
        assert_eq!(err.to_string(), "disk full");
        assert_eq!(fs::read_to_string(&target).unwrap(), "old");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
        replace_file(&target, |f| f.write_all(b"new")).unwrap();
        let mode = fs::metadata(&target).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
    }
}
