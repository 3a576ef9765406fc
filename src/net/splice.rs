//! Zero-copy relaying between two sockets with `splice()` through a pipe:
//! bytes move from one socket's receive queue to the other's send queue
//! inside the kernel. With a kTLS client socket on one side, the kernel
//! also encrypts or decrypts on the way, so proxied bodies never enter user
//! space (the kernel-accelerator paper's point, done with stock Linux).

use rustix::pipe::{pipe_with, splice, PipeFlags, SpliceFlags};
use std::io;
use std::os::fd::{AsFd, OwnedFd};

/// A pipe used as the in-kernel buffer between two splices.
pub struct Pipe {
    read: OwnedFd,
    write: OwnedFd,
    /// Bytes spliced in and not yet spliced out.
    held: usize,
}

impl Pipe {
    pub fn new() -> io::Result<Pipe> {
        let (read, write) = pipe_with(PipeFlags::CLOEXEC | PipeFlags::NONBLOCK)?;
        Ok(Pipe {
            read,
            write,
            held: 0,
        })
    }

    /// Bytes in the pipe, waiting to be moved out.
    pub fn held(&self) -> usize {
        self.held
    }

    /// Moves up to `len` bytes from socket `from` into the pipe. 0: end of stream.
    pub fn fill_from(&mut self, from: impl AsFd, len: usize) -> io::Result<usize> {
        let n = splice(from, None, &self.write, None, len, FLAGS)?;
        self.held += n;
        Ok(n)
    }

    /// Moves what the pipe holds (up to `held`) into socket `to`.
    pub fn drain_to(&mut self, to: impl AsFd) -> io::Result<usize> {
        let n = splice(&self.read, None, to, None, self.held, FLAGS)?;
        self.held -= n;
        Ok(n)
    }
}

/// Non-blocking on the pipe too: the caller waits for socket readiness.
const FLAGS: SpliceFlags = SpliceFlags::MOVE.union(SpliceFlags::NONBLOCK);

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
            match pipe.fill_from(&b, 100_000 - moved) {
                Ok(n) => moved += n,
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
                Err(e) => panic!("{e}"),
            }
            while pipe.held() > 0 {
                pipe.drain_to(&c).unwrap();
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
