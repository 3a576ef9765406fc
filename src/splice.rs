//! Zero-copy relaying between two sockets with `splice()` through a pipe:
//! bytes move from one socket's receive queue to the other's send queue
//! inside the kernel. With a kTLS client socket on one side, the kernel
//! also encrypts or decrypts on the way, so proxied bodies never enter user
//! space (the kernel-accelerator paper's point, done with stock Linux).

use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};

/// A pipe used as the in-kernel buffer between two splices.
pub struct Pipe {
    read: OwnedFd,
    write: OwnedFd,
    /// Bytes spliced in and not yet spliced out.
    pub held: usize,
}

impl Pipe {
    pub fn new() -> io::Result<Pipe> {
        let mut fds = [0; 2];
        // SAFETY: pipe2 fills two descriptors we then own.
        if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC | libc::O_NONBLOCK) } != 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: both descriptors were just created and are owned by nothing else.
        let (read, write) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
        Ok(Pipe {
            read,
            write,
            held: 0,
        })
    }

    /// Moves up to `len` bytes from socket `from` into the pipe. 0: end of stream.
    pub fn fill_from(&mut self, from: RawFd, len: usize) -> io::Result<usize> {
        let n = splice(from, self.write.as_raw_fd(), len)?;
        self.held += n;
        Ok(n)
    }

    /// Moves what the pipe holds (up to `held`) into socket `to`.
    pub fn drain_to(&mut self, to: RawFd) -> io::Result<usize> {
        let n = splice(self.read.as_raw_fd(), to, self.held)?;
        self.held -= n;
        Ok(n)
    }
}

fn splice(from: RawFd, to: RawFd, len: usize) -> io::Result<usize> {
    // SAFETY: both descriptors are open for the call; null offsets mean
    // "the descriptor's own position", as sockets and pipes require.
    let n = unsafe {
        libc::splice(
            from,
            std::ptr::null_mut(),
            to,
            std::ptr::null_mut(),
            len,
            libc::SPLICE_F_MOVE | libc::SPLICE_F_NONBLOCK,
        )
    };
    if n < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(n as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use std::os::unix::net::UnixStream;

    #[test]
    fn moves_bytes_between_sockets_exactly() {
        let (mut a, b) = UnixStream::pair().unwrap();
        let (c, mut d) = UnixStream::pair().unwrap();
        let data: Vec<u8> = (0..100_000u32).map(|i| (i % 251) as u8).collect();
        let writer = std::thread::spawn(move || {
            a.write_all(&data).unwrap();
            data
        });
        let mut pipe = Pipe::new().unwrap();
        let mut moved = 0;
        let mut received = Vec::new();
        while moved < 100_000 {
            match pipe.fill_from(b.as_raw_fd(), 100_000 - moved) {
                Ok(n) => moved += n,
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
                Err(e) => panic!("{e}"),
            }
            while pipe.held > 0 {
                pipe.drain_to(c.as_raw_fd()).unwrap();
                let mut buf = [0u8; 65536];
                d.set_nonblocking(true).unwrap();
                while let Ok(n) = d.read(&mut buf) {
                    received.extend_from_slice(&buf[..n]);
                }
            }
        }
        let data = writer.join().unwrap();
        let mut buf = [0u8; 65536];
        while received.len() < data.len() {
            let n = d.read(&mut buf).unwrap_or(0);
            received.extend_from_slice(&buf[..n]);
        }
        assert_eq!(received, data);
    }
}
