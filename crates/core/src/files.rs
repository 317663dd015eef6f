//! Files on disk: written whole or not at all, read with a size limit.
//!
//! Every save, setting, record and replay is written with
//! [`write_atomic`]: the text goes to a temporary file beside its place,
//! is flushed to the disk, and only then renamed over the old file. A write
//! that fails half-way (a full disk, a file-size limit, a killed process,
//! a directory in the way) leaves the old file as it was, never a file cut
//! short; the temporary file is removed when the failure is seen (a process
//! killed mid-write leaves it behind, under a name no save list shows).
//!
//! [`read_text`] refuses a directory, a file larger than the caller's
//! limit, and text that is not UTF-8, naming the file each time.

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A file that could not be written or read: which, doing what, and why.
#[derive(Debug)]
pub struct FileError {
    pub path: PathBuf,
    /// What was being done ("write", "read", "replace").
    pub doing: &'static str,
    pub error: io::Error,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A path from input may be absurdly long: quote its start.
        let path = self.path.display().to_string();
        write!(
            f,
            "cannot {} {}: {}",
            self.doing,
            crate::echo::clip_to(&path, 400),
            self.error
        )
    }
}

impl std::error::Error for FileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

impl FileError {
    fn new(path: &Path, doing: &'static str, error: io::Error) -> Self {
        FileError {
            path: path.to_path_buf(),
            doing,
            error,
        }
    }
}

/// Replaces the file at `path` with `contents`, or leaves it as it was.
///
/// The directory must exist. A symbolic link is followed: the file it
/// points to is replaced, the link stays. A new file gets the permissions
/// of the one it replaces.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<(), FileError> {
    write_atomic_with(path, contents, |f, bytes| f.write_all(bytes))
}

/// [`write_atomic`] with the writing itself handed in, so tests can make it
/// fail half-way as a full disk would.
fn write_atomic_with(
    path: &Path,
    contents: &[u8],
    write: impl FnOnce(&mut File, &[u8]) -> io::Result<()>,
) -> Result<(), FileError> {
    let target = resolve_link(path);
    if fs::metadata(&target).is_ok_and(|m| m.is_dir()) {
        return Err(FileError::new(
            &target,
            "write",
            io::Error::new(io::ErrorKind::IsADirectory, "a directory is in the way"),
        ));
    }
    let tmp = temp_path(&target);
    let mut file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .map_err(|e| FileError::new(&target, "write", e))?;
    let written = (|| {
        if let Ok(old) = fs::metadata(&target) {
            // Best effort: a save replaced keeps who may read it.
            let _ = file.set_permissions(old.permissions());
        }
        write(&mut file, contents)?;
        file.flush()?;
        file.sync_all()
    })();
    drop(file);
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp);
        return Err(FileError::new(&target, "write", e));
    }
    if let Err(e) = fs::rename(&tmp, &target) {
        let _ = fs::remove_file(&tmp);
        return Err(FileError::new(&target, "replace", e));
    }
    sync_dir(&target);
    Ok(())
}

/// The file a symbolic link points to (the path itself otherwise, or when
/// the link leads nowhere).
fn resolve_link(path: &Path) -> PathBuf {
    if path.is_symlink()
        && let Ok(real) = fs::canonicalize(path)
    {
        return real;
    }
    path.to_path_buf()
}

/// A name beside `target` that no other writer uses: hidden, and ending in
/// `.tmp` so that no list of `*.ron` saves ever shows it.
fn temp_path(target: &Path) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    target.with_file_name(format!(".{name}.{}-{n}.tmp", std::process::id()))
}

/// How old a temporary file of [`write_atomic`] must be before
/// [`sweep_stale_temps`] takes it for the leftover of a dead writer: no
/// save takes a minute to write.
pub const STALE_TEMP_AGE: std::time::Duration = std::time::Duration::from_secs(60);

/// True for a name [`temp_path`] makes: `.NAME.PID-N.tmp`, PID and N digits.
pub fn is_temp_name(file_name: &str) -> bool {
    let Some(mid) = file_name
        .strip_prefix('.')
        .and_then(|s| s.strip_suffix(".tmp"))
    else {
        return false;
    };
    let Some((name, tag)) = mid.rsplit_once('.') else {
        return false;
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    !name.is_empty()
        && tag
            .split_once('-')
            .is_some_and(|(p, n)| digits(p) && digits(n))
}

/// Removes the temporary files [`write_atomic`] left in `dir` when a
/// process died mid-write: only names of its own pattern ([`is_temp_name`]),
/// only files last written more than `older_than` ago (a live writer's
/// file is seconds old), never a directory or a link. Returns how many
/// went; a folder that cannot be read is no error (nothing to sweep).
pub fn sweep_stale_temps(dir: &Path, older_than: std::time::Duration) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    let now = std::time::SystemTime::now();
    let mut swept = 0;
    for e in entries.flatten() {
        let name = e.file_name();
        if !name.to_str().is_some_and(is_temp_name) {
            continue;
        }
        // symlink_metadata: a link is not a file of ours.
        let Ok(meta) = fs::symlink_metadata(e.path()) else {
            continue;
        };
        let stale = meta
            .modified()
            .ok()
            .and_then(|m| now.duration_since(m).ok())
            .is_some_and(|age| age >= older_than);
        if meta.is_file() && stale && fs::remove_file(e.path()).is_ok() {
            swept += 1;
        }
    }
    swept
}

/// Makes the rename itself durable (Unix; best effort).
fn sync_dir(target: &Path) {
    #[cfg(unix)]
    if let Some(dir) = target.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
    }
    #[cfg(not(unix))]
    let _ = target;
}

/// The largest save any caller reads: far above a long game's (an FTE game
/// of 2,000 commands saves to well under 1 MB), far below what would hurt.
pub const MAX_SAVE_BYTES: u64 = 64 << 20;

/// Reads a text file of at most `max_bytes`, refusing a directory, a larger
/// file or text that is not UTF-8, with the file named in the error.
pub fn read_text(path: &Path, max_bytes: u64) -> Result<String, FileError> {
    let err = |e| FileError::new(path, "read", e);
    let meta = fs::metadata(path).map_err(err)?;
    if meta.is_dir() {
        return Err(err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "it is a directory, not a file",
        )));
    }
    if meta.len() > max_bytes {
        return Err(err(io::Error::new(
            io::ErrorKind::FileTooLarge,
            format!(
                "{} bytes, more than the {} this reads",
                meta.len(),
                max_bytes
            ),
        )));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // The size may change under us: never read past the limit.
    io::Read::read_to_end(
        &mut io::Read::take(File::open(path).map_err(err)?, max_bytes + 1),
        &mut bytes,
    )
    .map_err(err)?;
    if bytes.len() as u64 > max_bytes {
        return Err(err(io::Error::new(
            io::ErrorKind::FileTooLarge,
            format!("more than the {max_bytes} bytes this reads"),
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "not text (the byte at offset {} is not UTF-8)",
                e.utf8_error().valid_up_to()
            ),
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("vt-files-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    /// Everything in `d` but the given names.
    fn leftovers(d: &Path, keep: &[&str]) -> Vec<String> {
        fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| !keep.contains(&n.as_str()))
            .collect()
    }

    #[test]
    fn stale_temps_of_dead_writers_are_swept_and_nothing_else() {
        let d = dir("sweep");
        let touch = |n: &str| fs::write(d.join(n), b"x").unwrap();
        // What a writer killed mid-write leaves (the pattern of temp_path).
        touch(".game.ron.4242-0.tmp");
        touch(".autosave.ron.17-3.tmp");
        // Look alike but are not ours: kept.
        for n in [
            "game.ron",
            ".game.ron.tmp",
            ".game.ron.x-1.tmp",
            ".game.ron.12-.tmp",
            "game.ron.12-1.tmp",
            ".12-1.tmp",
        ] {
            touch(n);
        }
        fs::create_dir(d.join(".dir.ron.1-1.tmp")).unwrap();
        let ours = temp_path(&d.join("g.ron"));
        assert!(is_temp_name(&ours.file_name().unwrap().to_string_lossy()));
        // Fresh files are a live writer's: nothing goes.
        assert_eq!(sweep_stale_temps(&d, STALE_TEMP_AGE), 0);
        assert_eq!(leftovers(&d, &[]).len(), 9);
        // Once old enough (age zero stands for "a minute later"), the two go.
        assert_eq!(sweep_stale_temps(&d, std::time::Duration::ZERO), 2);
        let mut left = leftovers(&d, &[]);
        left.sort();
        assert_eq!(
            left,
            [
                ".12-1.tmp",
                ".dir.ron.1-1.tmp",
                ".game.ron.12-.tmp",
                ".game.ron.tmp",
                ".game.ron.x-1.tmp",
                "game.ron",
                "game.ron.12-1.tmp"
            ]
        );
        assert_eq!(sweep_stale_temps(&d.join("missing"), STALE_TEMP_AGE), 0);
        let _ = fs::remove_dir_all(d);
    }

    #[test]
    fn writes_and_replaces_whole() {
        let d = dir("replace");
        let p = d.join("g.ron");
        write_atomic(&p, b"first").unwrap();
        assert_eq!(fs::read_to_string(&p).unwrap(), "first");
        write_atomic(&p, b"second, longer").unwrap();
        assert_eq!(fs::read_to_string(&p).unwrap(), "second, longer");
        write_atomic(&p, b"3").unwrap();
        assert_eq!(fs::read_to_string(&p).unwrap(), "3");
        assert!(leftovers(&d, &["g.ron"]).is_empty());
        let _ = fs::remove_dir_all(d);
    }

    #[test]
    fn a_write_failing_half_way_leaves_the_old_file() {
        let d = dir("short");
        let p = d.join("g.ron");
        write_atomic(&p, b"the old save, whole").unwrap();
        // A full disk: half the bytes go out, then the device refuses.
        let e = write_atomic_with(&p, b"a new save that will not fit", |f, b| {
            f.write_all(&b[..b.len() / 2])?;
            Err(io::Error::new(io::ErrorKind::StorageFull, "no space left"))
        })
        .unwrap_err();
        assert!(e.to_string().contains("g.ron"), "{e}");
        assert!(e.to_string().contains("no space left"), "{e}");
        assert_eq!(fs::read_to_string(&p).unwrap(), "the old save, whole");
        assert!(leftovers(&d, &["g.ron"]).is_empty(), "temporary file left");
        // A writer that reports writing nothing (a short write that never
        // gets further): write_all gives up, the old file stays.
        let e = write_atomic_with(&p, b"new", |f, b| {
            struct Zero<'a>(&'a mut File);
            impl Write for Zero<'_> {
                fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                    Ok(0)
                }
                fn flush(&mut self) -> io::Result<()> {
                    self.0.flush()
                }
            }
            Zero(f).write_all(b)
        })
        .unwrap_err();
        assert_eq!(e.error.kind(), io::ErrorKind::WriteZero);
        assert_eq!(fs::read_to_string(&p).unwrap(), "the old save, whole");
        assert!(leftovers(&d, &["g.ron"]).is_empty());
        let _ = fs::remove_dir_all(d);
    }

    #[test]
    fn a_directory_in_the_way_is_refused_and_kept() {
        let d = dir("in-the-way");
        let p = d.join("g.ron");
        fs::create_dir(&p).unwrap();
        fs::write(p.join("inside"), "kept").unwrap();
        let e = write_atomic(&p, b"save").unwrap_err();
        assert_eq!(e.error.kind(), io::ErrorKind::IsADirectory);
        assert!(e.to_string().contains("g.ron"), "{e}");
        assert_eq!(fs::read_to_string(p.join("inside")).unwrap(), "kept");
        assert!(leftovers(&d, &["g.ron"]).is_empty());
        let _ = fs::remove_dir_all(d);
    }

    #[test]
    fn a_missing_folder_is_refused_by_name() {
        let d = dir("missing");
        let p = d.join("no/such/folder/g.ron");
        let e = write_atomic(&p, b"save").unwrap_err();
        assert_eq!(e.error.kind(), io::ErrorKind::NotFound);
        assert!(e.to_string().contains("no/such/folder/g.ron"), "{e}");
        let _ = fs::remove_dir_all(d);
    }

    /// A folder nobody may write in. Root ignores permission bits, so the
    /// test also uses `/proc` (read-only for everyone) where it exists.
    #[cfg(unix)]
    #[test]
    fn a_read_only_folder_is_refused_and_the_old_file_kept() {
        use std::os::unix::fs::PermissionsExt;
        let d = dir("read-only");
        let p = d.join("g.ron");
        write_atomic(&p, b"old").unwrap();
        fs::set_permissions(&d, fs::Permissions::from_mode(0o555)).unwrap();
        let permissions_hold = File::create(d.join("probe")).is_err();
        let r = write_atomic(&p, b"new");
        fs::set_permissions(&d, fs::Permissions::from_mode(0o755)).unwrap();
        if permissions_hold {
            let e = r.unwrap_err();
            assert_eq!(e.error.kind(), io::ErrorKind::PermissionDenied, "{e}");
            assert_eq!(fs::read_to_string(&p).unwrap(), "old");
        }
        let proc = Path::new("/proc/vt-files-test.ron");
        if Path::new("/proc/self").exists() {
            let e = write_atomic(proc, b"new").unwrap_err();
            assert!(e.to_string().contains("/proc/vt-files-test.ron"), "{e}");
            assert!(!proc.exists());
        }
        let _ = fs::remove_dir_all(d);
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_followed_and_kept() {
        let d = dir("link");
        let real = d.join("real.ron");
        write_atomic(&real, b"old").unwrap();
        let link = d.join("link.ron");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(link.is_symlink());
        assert_eq!(fs::read_to_string(&real).unwrap(), "new");
        let _ = fs::remove_dir_all(d);
    }

    #[test]
    fn reads_refuse_directories_large_files_and_binary() {
        let d = dir("read");
        let e = read_text(&d, 100).unwrap_err();
        assert_eq!(e.error.kind(), io::ErrorKind::IsADirectory);
        let p = d.join("big.ron");
        fs::write(&p, "x".repeat(101)).unwrap();
        let e = read_text(&p, 100).unwrap_err();
        assert_eq!(e.error.kind(), io::ErrorKind::FileTooLarge);
        assert!(e.to_string().contains("big.ron"), "{e}");
        assert_eq!(read_text(&p, 101).unwrap().len(), 101);
        fs::write(&p, b"ab\xff\xfe").unwrap();
        let e = read_text(&p, 100).unwrap_err();
        assert!(e.to_string().contains("offset 2"), "{e}");
        let e = read_text(&d.join("none.ron"), 100).unwrap_err();
        assert_eq!(e.error.kind(), io::ErrorKind::NotFound);
        let _ = fs::remove_dir_all(d);
    }
}
