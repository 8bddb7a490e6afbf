//! A listener that serves at most so many connections at once: each accepted connection holds
//! a permit until it closes, and more wait in the kernel's queue instead of being refused. The
//! page's server and `ask-user-question mcp --http` both listen through it, and [`serve`] it.
//!
//! A connection must send each request's head within [`HEAD_TIMEOUT`] (from its first byte, or
//! from the end of the last response on a kept-alive connection), else it is closed: otherwise
//! connections that start a request and never finish it (a slowloris) would hold every permit,
//! and anyone who can reach the port could stop the page without knowing its link.

use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::serve::Listener;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// How long a connection may take to send a request's head (or stay idle between requests)
/// before it is closed, so connections that never finish one cannot hold every permit.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(10);

pub struct Limited {
    listener: TcpListener,
    permits: Arc<Semaphore>,
}

impl Limited {
    pub fn new(listener: TcpListener, connections: usize) -> Limited {
        Limited {
            listener,
            permits: Arc::new(Semaphore::new(connections)),
        }
    }
}

impl axum::serve::Listener for Limited {
    type Io = Counted;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Counted, SocketAddr) {
        loop {
            let Ok(permit) = self.permits.clone().acquire_owned().await else {
                std::future::pending::<()>().await;
                continue;
            };
            match self.listener.accept().await {
                Ok((stream, address)) => {
                    // Small JSON-RPC messages: sent at once rather than after Nagle's delay.
                    let _ = stream.set_nodelay(true);
                    return (
                        Counted {
                            stream,
                            _permit: permit,
                        },
                        address,
                    );
                }
                // Out of file descriptors and the like: wait a moment, as axum does.
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            }
        }
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.listener.local_addr()
    }
}

/// Serves `app` on every connection `listener` accepts, each on a task of its own, until the
/// future is dropped (the connections' tasks end with their runtime, or when they close).
pub async fn serve(mut listener: Limited, app: Router) {
    loop {
        let (io, _) = listener.accept().await;
        let service = TowerToHyperService::new(app.clone());
        tokio::spawn(async move {
            let _ = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEAD_TIMEOUT)
                .serve_connection(TokioIo::new(io), service)
                .await;
        });
    }
}

/// A connection holding its permit.
pub struct Counted {
    stream: TcpStream,
    _permit: OwnedSemaphorePermit,
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}
