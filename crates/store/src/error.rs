//! What went wrong with the store, said so that a host can print it and go on without the inbox.

use std::fmt;
use std::path::{Path, PathBuf};

use rusqlite::ErrorCode;

/// Why the store cannot be used, with the file it is about.
#[derive(Debug)]
pub struct StoreError {
    pub path: PathBuf,
    pub kind: Kind,
    /// What SQLite or the OS said.
    pub detail: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Another process holds the write lock past the wait.
    Locked,
    /// The file is not a database, or its pages are damaged.
    Corrupt,
    /// A newer ask-user-question wrote it, with tables this one does not know.
    Newer {
        found: i64,
        known: i64,
    },
    /// The file or its folder cannot be written.
    ReadOnly,
    /// The disk (or the user's quota) is full.
    Full,
    /// The folder is someone else's, or open to others.
    Unsafe,
    Other,
}

impl StoreError {
    pub(crate) fn new(path: &Path, kind: Kind, detail: impl Into<String>) -> StoreError {
        StoreError {
            path: path.to_path_buf(),
            kind,
            detail: detail.into(),
        }
    }

    pub(crate) fn sqlite(path: &Path, error: rusqlite::Error) -> StoreError {
        let kind = match error.sqlite_error_code() {
            Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => Kind::Locked,
            Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase) => Kind::Corrupt,
            Some(ErrorCode::ReadOnly | ErrorCode::CannotOpen | ErrorCode::PermissionDenied) => {
                Kind::ReadOnly
            }
            Some(ErrorCode::DiskFull) => Kind::Full,
            _ => Kind::Other,
        };
        StoreError::new(path, kind, error.to_string())
    }

    pub(crate) fn io(path: &Path, error: std::io::Error) -> StoreError {
        let kind = match error.kind() {
            std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem => {
                Kind::ReadOnly
            }
            std::io::ErrorKind::StorageFull => Kind::Full,
            _ => Kind::Other,
        };
        StoreError::new(path, kind, error.to_string())
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path.display();
        match self.kind {
            Kind::Locked => write!(f, "the inbox store {path} is locked by another process"),
            Kind::Corrupt => write!(f, "the inbox store {path} is damaged or not a database"),
            Kind::Newer { found, known } => write!(
                f,
                "the inbox store {path} was written by a newer ask-user-question (its schema {found}, this one knows {known})"
            ),
            Kind::ReadOnly => write!(f, "the inbox store {path} cannot be written"),
            Kind::Full => write!(f, "the disk holding the inbox store {path} is full"),
            Kind::Unsafe => write!(
                f,
                "the inbox store's folder {path} is not this user's alone"
            ),
            Kind::Other => write!(f, "the inbox store {path} cannot be used"),
        }?;
        if !self.detail.is_empty() {
            write!(f, " ({})", self.detail)?;
        }
        Ok(())
    }
}

impl std::error::Error for StoreError {}
