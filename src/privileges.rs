//! Who the server runs as: accounts looked up by name, and the switch from
//! root to the configured user once the listeners are bound and the keys
//! read (the rest of the process's life needs no privilege).
//!
//! Started as root, tlsaccel never serves as root unless the
//! configuration says `user = "root"`: without a `user` it serves as
//! `nobody`, as nginx does.

use std::ffi::{CStr, CString};
use std::io;

/// A user to serve as, with the group to serve in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    pub name: String,
    pub uid: u32,
    pub group: String,
    pub gid: u32,
}

/// Looks `name` up in the user database (files, LDAP: whatever NSS says).
pub fn lookup_user(name: &str) -> io::Result<Option<Account>> {
    let Ok(c_name) = CString::new(name) else {
        return Ok(None);
    };
    let mut buf = vec![0u8; 16 * 1024];
    // SAFETY: all-zero bytes are a valid `passwd` (null pointers, zero ids);
    // getpwnam_r fills it in.
    let mut entry: libc::passwd = unsafe { std::mem::zeroed() };
    let mut found: *mut libc::passwd = std::ptr::null_mut();
    // SAFETY: every pointer is valid for the call: the name is
    // NUL-terminated, `entry` and `found` are live locals, and `buf` is
    // writable for the length given; the strings getpwnam_r stores in
    // `entry` point into `buf`, which outlives their use below.
    let rc = unsafe {
        libc::getpwnam_r(
            c_name.as_ptr(),
            &mut entry,
            buf.as_mut_ptr().cast(),
            buf.len(),
            &mut found,
        )
    };
    if rc != 0 {
        return Err(io::Error::from_raw_os_error(rc));
    }
    if found.is_null() {
        return Ok(None);
    }
    let gid = entry.pw_gid;
    let group = group_name(gid).unwrap_or_else(|| gid.to_string());
    Ok(Some(Account {
        name: name.to_owned(),
        uid: entry.pw_uid,
        group,
        gid,
    }))
}

/// The id of group `name`, if there is one.
pub fn lookup_group(name: &str) -> io::Result<Option<u32>> {
    let Ok(c_name) = CString::new(name) else {
        return Ok(None);
    };
    let mut buf = vec![0u8; 64 * 1024];
    // SAFETY: all-zero bytes are a valid `group`; getgrnam_r fills it in.
    let mut entry: libc::group = unsafe { std::mem::zeroed() };
    let mut found: *mut libc::group = std::ptr::null_mut();
    // SAFETY: as in `lookup_user`: valid, live pointers and a writable
    // buffer of the stated length.
    let rc = unsafe {
        libc::getgrnam_r(
            c_name.as_ptr(),
            &mut entry,
            buf.as_mut_ptr().cast(),
            buf.len(),
            &mut found,
        )
    };
    if rc != 0 {
        return Err(io::Error::from_raw_os_error(rc));
    }
    Ok((!found.is_null()).then_some(entry.gr_gid))
}

fn group_name(gid: u32) -> Option<String> {
    let mut buf = vec![0u8; 64 * 1024];
    // SAFETY: all-zero bytes are a valid `group`; getgrgid_r fills it in.
    let mut entry: libc::group = unsafe { std::mem::zeroed() };
    let mut found: *mut libc::group = std::ptr::null_mut();
    // SAFETY: as in `lookup_user`.
    let rc = unsafe {
        libc::getgrgid_r(
            gid,
            &mut entry,
            buf.as_mut_ptr().cast(),
            buf.len(),
            &mut found,
        )
    };
    if rc != 0 || found.is_null() {
        return None;
    }
    // SAFETY: on success gr_name points to a NUL-terminated string in
    // `buf`, alive here.
    let name = unsafe { CStr::from_ptr(entry.gr_name) };
    Some(name.to_string_lossy().into_owned())
}

/// Why the server will not start as the account it has.
#[derive(Debug, thiserror::Error)]
pub enum PrivilegeError {
    #[error("started as root with no user configured, and this machine has no user \"{DEFAULT_USER}\" to serve as: set user = \"www-data\" (or another unprivileged account), or --user; user = \"root\" serves as root on purpose")]
    RootWithoutUser,
    #[error("user = \"{}\": only root can switch to another user (running as uid {uid})", account.name)]
    NotRoot { account: Account, uid: u32 },
    #[error("cannot switch to user {} (uid {}, gid {}): {source}", account.name, account.uid, account.gid)]
    Switch { account: Account, source: io::Error },
}

/// What `drop_to` did, for the start-up log.
pub enum Switched {
    /// Now running as the account (was root).
    To(Account),
    /// Already running as it (a binary upgrade after the first switch, or
    /// started as that user).
    Already,
    /// Root, as configured.
    StayedRoot,
}

/// Whom a process started as root serves as when no user is configured.
pub const DEFAULT_USER: &str = "nobody";

/// Decides, before anything is bound, whom to serve as: the configured
/// account; `nobody` for root without one; None: stay as started. A
/// non-root process cannot become another user.
pub fn decide(configured: Option<&Account>) -> Result<Option<Account>, PrivilegeError> {
    let uid = rustix::process::geteuid().as_raw();
    match configured {
        None if uid == 0 => match lookup_user(DEFAULT_USER) {
            Ok(Some(nobody)) => Ok(Some(nobody)),
            _ => Err(PrivilegeError::RootWithoutUser),
        },
        None => Ok(None),
        Some(a) if uid != 0 && a.uid != uid => Err(PrivilegeError::NotRoot {
            account: a.clone(),
            uid,
        }),
        Some(a) => Ok(Some(a.clone())),
    }
}

/// Becomes `account` for good (supplementary groups, then group, then
/// user, so none can be taken back). Call before starting threads that
/// serve; glibc applies it to every thread of the process anyway.
pub fn drop_to(account: Option<&Account>) -> Result<Switched, PrivilegeError> {
    let Some(account) = account else {
        return Ok(Switched::Already);
    };
    let uid = rustix::process::geteuid().as_raw();
    if account.uid == 0 {
        return Ok(Switched::StayedRoot);
    }
    if uid == account.uid {
        return Ok(Switched::Already);
    }
    let failed = |source| PrivilegeError::Switch {
        account: account.clone(),
        source,
    };
    let name = CString::new(account.name.as_str())
        .map_err(|_| failed(io::ErrorKind::InvalidInput.into()))?;
    // SAFETY: plain system calls on integers and a NUL-terminated string;
    // glibc's wrappers change the credentials of every thread.
    unsafe {
        if libc::initgroups(name.as_ptr(), account.gid) != 0 {
            return Err(failed(io::Error::last_os_error()));
        }
        if libc::setgid(account.gid) != 0 {
            return Err(failed(io::Error::last_os_error()));
        }
        if libc::setuid(account.uid) != 0 {
            return Err(failed(io::Error::last_os_error()));
        }
    }
    // Root cannot be regained: setuid(0) must now fail.
    // SAFETY: a plain system call.
    if unsafe { libc::setuid(0) } == 0 {
        return Err(failed(io::Error::other("could switch back to root")));
    }
    Ok(Switched::To(account.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn root_and_missing_accounts() {
        let root = lookup_user("root").unwrap().unwrap();
        assert_eq!((root.uid, root.gid, root.group.as_str()), (0, 0, "root"));
        assert_eq!(lookup_user("no-such-user-tlsaccel").unwrap(), None);
        assert_eq!(lookup_group("root").unwrap(), Some(0));
        assert_eq!(lookup_group("no-such-group-tlsaccel").unwrap(), None);
        assert_eq!(lookup_user("a\0b").unwrap(), None);
    }
}
