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
    let found = nss_lookup(
        // SAFETY: the arguments are those `nss_lookup` documents, and the
        // name is NUL-terminated.
        |entry, buf, len, found| unsafe {
            libc::getpwnam_r(c_name.as_ptr(), entry, buf, len, found)
        },
        |entry: &libc::passwd| (entry.pw_uid, entry.pw_gid),
    )?;
    Ok(found.map(|(uid, gid)| Account {
        name: name.to_owned(),
        uid,
        group: group_name(gid).unwrap_or_else(|| gid.to_string()),
        gid,
    }))
}

/// The id of group `name`, if there is one.
pub fn lookup_group(name: &str) -> io::Result<Option<u32>> {
    let Ok(c_name) = CString::new(name) else {
        return Ok(None);
    };
    nss_lookup(
        // SAFETY: as in `lookup_user`.
        |entry, buf, len, found| unsafe {
            libc::getgrnam_r(c_name.as_ptr(), entry, buf, len, found)
        },
        |entry: &libc::group| entry.gr_gid,
    )
}

fn group_name(gid: u32) -> Option<String> {
    nss_lookup(
        // SAFETY: as in `lookup_user`.
        |entry, buf, len, found| unsafe { libc::getgrgid_r(gid, entry, buf, len, found) },
        |entry: &libc::group| {
            // SAFETY: a found entry's gr_name points to a NUL-terminated
            // string in the lookup's buffer, alive while `read` runs.
            let name = unsafe { CStr::from_ptr(entry.gr_name) };
            name.to_string_lossy().into_owned()
        },
    )
    .ok()
    .flatten()
}

/// Runs one of the reentrant NSS lookups (`getpwnam_r` and kin): `call`
/// gets a zeroed entry, a buffer for its strings with the buffer's length,
/// and where to say whether it found one; `read` takes what is needed from
/// a found entry while the buffer is alive.
fn nss_lookup<E, R>(
    call: impl FnOnce(*mut E, *mut libc::c_char, usize, *mut *mut E) -> libc::c_int,
    read: impl FnOnce(&E) -> R,
) -> io::Result<Option<R>> {
    let mut buf = vec![0u8; 64 * 1024];
    // SAFETY: `E` is a C struct of integers and pointers (passwd, group),
    // for which all-zero bytes are a valid value; the lookup fills it in.
    let mut entry: E = unsafe { std::mem::zeroed() };
    let mut found: *mut E = std::ptr::null_mut();
    let rc = call(&mut entry, buf.as_mut_ptr().cast(), buf.len(), &mut found);
    if rc != 0 {
        return Err(io::Error::from_raw_os_error(rc));
    }
    Ok((!found.is_null()).then(|| read(&entry)))
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

/// Whether `drop_to(account)` will change who the process is.
pub fn will_switch(account: Option<&Account>) -> bool {
    account.is_some_and(|a| a.uid != 0 && a.uid != rustix::process::geteuid().as_raw())
}

/// Empties the capability bounding set, so nothing this process or its
/// children execute can gain a capability again (the switch of user then
/// clears the permitted, effective and ambient sets). The bounding set is
/// each thread's own: call before any thread starts. Needs CAP_SETPCAP;
/// without it (a container that withheld it) the set stays as it is.
pub fn drop_capability_bounding_set() {
    for cap in 0..64 {
        // SAFETY: prctl with integer arguments only; PR_CAPBSET_DROP
        // changes nothing but this thread's bounding set.
        let r = unsafe { libc::prctl(libc::PR_CAPBSET_DROP, cap, 0, 0, 0) };
        if r != 0 {
            let e = io::Error::last_os_error();
            // EINVAL: past the last capability this kernel knows.
            if e.raw_os_error() != Some(libc::EINVAL) {
                tracing::debug!(error = %e, "capability bounding set kept");
            }
            return;
        }
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
