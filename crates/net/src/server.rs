//! The relay server's transport: WebSocket over TCP on tokio. One task owns
//! the [`Hub`]; each connection has a task that reads its frames, holds it
//! to the limits (size, rate, idleness) and passes whole messages on. A
//! connection that breaks a limit or sends what is not a message is closed
//! with its reason logged; no game is touched.

use std::collections::{BTreeMap, VecDeque};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, oneshot};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use super::hub::{ConnId, Hub, Out, Randomness};
use super::protocol::*;
use super::store::{Kept, Store};
use swift_swords_core::data::Ruleset;

/// Messages queued for one connection before it counts as too slow.
const QUEUE: usize = 1024;
/// Each connection's read buffer.
const READ_BUFFER_BYTES: usize = 4 * 1024;
/// Seconds a new connection has to finish the WebSocket handshake.
const HANDSHAKE_SECONDS: u64 = 10;

/// How a server runs.
pub struct ServerConfig {
    pub bind: SocketAddr,
    /// Where games are kept; none keeps them in memory only.
    pub data_dir: Option<PathBuf>,
    /// Dice and tokens from this seed instead of the system's randomness:
    /// for tests only, as it makes every roll foreseeable.
    pub foreseeable: Option<u64>,
}

/// A server running on its own thread (hosting from the game, and tests).
pub struct RunningServer {
    pub addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl RunningServer {
    /// Stops the server and waits for it.
    pub fn stop(mut self) {
        self.halt();
    }

    fn halt(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for RunningServer {
    fn drop(&mut self) {
        self.halt();
    }
}

/// Where the hub's randomness comes from.
fn randomness(foreseeable: Option<u64>) -> Randomness {
    use rand::RngExt;
    match foreseeable {
        Some(seed) => super::hub::foreseeable(seed),
        None => Box::new(|_, _| rand::rng().random()),
    }
}

/// Starts a server on a thread of its own; returns once it listens, with
/// the address it took (give port 0 for any free port). `log` gets each
/// line the server logs.
pub fn start(
    config: ServerConfig,
    ruleset: Arc<Ruleset>,
    log: impl Fn(String) + Send + Sync + 'static,
) -> std::io::Result<RunningServer> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let listener = runtime.block_on(TcpListener::bind(config.bind))?;
    let addr = listener.local_addr()?;
    let (stop, stopped) = oneshot::channel();
    let thread = std::thread::Builder::new()
        .name("swift-swords server".to_string())
        .spawn(move || {
            runtime.block_on(run(listener, config, ruleset, Arc::new(log), stopped));
        })?;
    Ok(RunningServer {
        addr,
        stop: Some(stop),
        thread: Some(thread),
    })
}

enum ToHub {
    Open(ConnId, IpAddr, mpsc::Sender<Out>),
    Message(ConnId, ClientMsg),
    Gone(ConnId),
}

type Log = Arc<dyn Fn(String) + Send + Sync>;

async fn run(
    listener: TcpListener,
    config: ServerConfig,
    ruleset: Arc<Ruleset>,
    log: Log,
    mut stopped: oneshot::Receiver<()>,
) {
    let started = Instant::now();
    let (store, kept) = match config.data_dir.as_deref() {
        Some(dir) => {
            let log = log.clone();
            let (store, kept) = Store::with_group_commit(dir, move |line| log(line));
            (Some(store), Some(kept))
        }
        None => (None, None),
    };
    let hub = Hub::new(ruleset, store, randomness(config.foreseeable), 0);
    let (to_hub, from_conns) = mpsc::channel(QUEUE);
    let hub_task = tokio::spawn(hub_loop(hub, from_conns, kept, log.clone(), started));
    let open = Arc::new(AtomicUsize::new(0));
    let refusing = Arc::new(AtomicUsize::new(0));
    let per_address = Arc::new(std::sync::Mutex::new(BTreeMap::<IpAddr, usize>::new()));
    let mut next: ConnId = 0;
    loop {
        tokio::select! {
            _ = &mut stopped => break,
            accepted = listener.accept() => {
                let Ok((stream, peer)) = accepted else { continue };
                next += 1;
                let full = open.load(Ordering::Relaxed) >= MOST_CONNECTIONS;
                let held = per_address.lock().map_or(0, |m| m.get(&peer.ip()).copied().unwrap_or(0));
                let refused = if full {
                    Some("the server is full".to_string())
                } else if held >= MOST_CONNECTIONS_PER_ADDRESS {
                    Some(format!(
                        "your address holds {MOST_CONNECTIONS_PER_ADDRESS} connections already"
                    ))
                } else {
                    None
                };
                if let Some(reason) = refused {
                    log(format!("connection {next} from {peer} refused: {reason}"));
                    refuse(stream, reason, refusing.clone());
                    continue;
                }
                open.fetch_add(1, Ordering::Relaxed);
                if let Ok(mut counts) = per_address.lock() {
                    *counts.entry(peer.ip()).or_default() += 1;
                }
                let (to_hub, log, open) = (to_hub.clone(), log.clone(), open.clone());
                let per_address = per_address.clone();
                tokio::spawn(async move {
                    match connection(next, peer.ip(), stream, to_hub.clone()).await {
                        Ok(()) => {}
                        Err(reason) => log(format!("connection {next} from {peer} closed: {reason}")),
                    }
                    let _ = to_hub.send(ToHub::Gone(next)).await;
                    open.fetch_sub(1, Ordering::Relaxed);
                    if let Ok(mut counts) = per_address.lock()
                        && let Some(count) = counts.get_mut(&peer.ip())
                    {
                        *count -= 1;
                        if *count == 0 {
                            counts.remove(&peer.ip());
                        }
                    }
                });
            }
        }
    }
    hub_task.abort();
}

/// The hub's task: one message at a time, and a tick each minute for the
/// seats' waiting times. With a store that commits in groups, what the hub
/// sends waits, in order, until the writes queued before it are kept.
async fn hub_loop(
    mut hub: Hub,
    mut inbox: mpsc::Receiver<ToHub>,
    mut kept: Option<Kept>,
    log: Log,
    started: Instant,
) {
    let mut outboxes: BTreeMap<ConnId, mpsc::Sender<Out>> = BTreeMap::new();
    // What waits for the disk: each batch with the number of the last
    // write it waits for.
    let mut held: VecDeque<(u64, Vec<Out>)> = VecDeque::new();
    for line in hub.take_log() {
        log(line);
    }
    let mut minutes = tokio::time::interval(Duration::from_secs(60));
    loop {
        let input = tokio::select! {
            input = inbox.recv() => input,
            changed = wait_for_the_disk(&mut kept) => {
                let on_disk = match (changed, &kept) {
                    (true, Some(kept)) => *kept.kept.borrow(),
                    // The writer has stopped: nothing more will be kept,
                    // so nothing waits for it.
                    _ => {
                        kept = None;
                        u64::MAX
                    }
                };
                while held.front().is_some_and(|(after, _)| *after <= on_disk) {
                    if let Some((_, out)) = held.pop_front() {
                        deliver(out, &mut outboxes, &log);
                    }
                }
                continue;
            }
            _ = minutes.tick() => {
                hub.tick(started.elapsed().as_secs());
                for line in hub.take_log() {
                    log(line);
                }
                continue;
            }
        };
        let Some(input) = input else { break };
        let now = started.elapsed().as_secs();
        let out = match input {
            ToHub::Open(conn, from, outbox) => match hub.connect(conn, from) {
                Ok(()) => {
                    outboxes.insert(conn, outbox);
                    Vec::new()
                }
                Err(reason) => {
                    let _ = outbox.try_send(Out::Close(conn, reason));
                    Vec::new()
                }
            },
            ToHub::Message(conn, message) => hub.receive(conn, message, now),
            ToHub::Gone(conn) => {
                outboxes.remove(&conn);
                hub.disconnect(conn, now)
            }
        };
        for line in hub.take_log() {
            log(line);
        }
        let queued = kept
            .as_ref()
            .map_or(0, |kept| kept.queued.load(Ordering::SeqCst));
        let on_disk = kept.as_ref().map_or(0, |kept| *kept.kept.borrow());
        if out.is_empty() {
            continue;
        }
        if held.is_empty() && queued <= on_disk {
            deliver(out, &mut outboxes, &log);
        } else {
            held.push_back((queued, out));
        }
    }
}

/// Waits until the writer has kept more; false once it has stopped. Never
/// ready without a writer.
async fn wait_for_the_disk(kept: &mut Option<Kept>) -> bool {
    match kept {
        Some(kept) => kept.kept.changed().await.is_ok(),
        None => std::future::pending().await,
    }
}

/// Hands each message to its connection's outbox.
fn deliver(out: Vec<Out>, outboxes: &mut BTreeMap<ConnId, mpsc::Sender<Out>>, log: &Log) {
    for item in out {
        let conn = match &item {
            Out::Send(conn, _) | Out::Close(conn, _) => *conn,
        };
        if let Some(outbox) = outboxes.get(&conn)
            && let Err(error) = outbox.try_send(item)
        {
            // Too slow to read what it is sent: let it go. A closed
            // outbox is a connection already gone, not a slow one.
            if matches!(error, mpsc::error::TrySendError::Full(_)) {
                log(format!("connection {conn} closed: it fell too far behind"));
            }
            outboxes.remove(&conn);
        }
    }
}

/// Refusing connections at once: past this many, being refused in words
/// (which waits for a handshake) gives way to being dropped unanswered.
const MOST_REFUSING: usize = 64;

/// Tells a connection that is not taken why, once its handshake is done
/// (within the handshake's time), then closes it; dropped unanswered when
/// many are being refused at once.
fn refuse(stream: TcpStream, reason: String, refusing: Arc<AtomicUsize>) {
    if refusing.fetch_add(1, Ordering::Relaxed) >= MOST_REFUSING {
        refusing.fetch_sub(1, Ordering::Relaxed);
        return;
    }
    tokio::spawn(async move {
        if let Ok(mut socket) = handshake(stream).await {
            let _ = close(&mut socket, reason).await;
        }
        refusing.fetch_sub(1, Ordering::Relaxed);
    });
}

/// The WebSocket handshake, held to [`HANDSHAKE_SECONDS`] however slowly
/// the other end sends it.
async fn handshake(stream: TcpStream) -> Result<WebSocketStream<TcpStream>, String> {
    let _ = stream.set_nodelay(true);
    // A client's messages are small and seldom: a read buffer of 4 KiB
    // instead of 128 KiB keeps a thousand games' connections in tens of
    // MiB, not hundreds.
    let config = WebSocketConfig::default()
        .read_buffer_size(READ_BUFFER_BYTES)
        .max_message_size(Some(MOST_CLIENT_BYTES))
        .max_frame_size(Some(MOST_CLIENT_BYTES));
    let handshake = tokio_tungstenite::accept_async_with_config(stream, Some(config));
    tokio::time::timeout(Duration::from_secs(HANDSHAKE_SECONDS), handshake)
        .await
        .map_err(|_| "no WebSocket handshake in time".to_string())?
        .map_err(|error| format!("not a WebSocket handshake: {error}"))
}

/// One connection: the handshake, then frames in and messages out until
/// either end closes or a limit is broken (the error says which). Until it
/// has said hello, a connection is held to [`HELLO_SECONDS`] from its
/// opening, whatever pings it sends.
async fn connection(
    conn: ConnId,
    from: IpAddr,
    stream: TcpStream,
    to_hub: mpsc::Sender<ToHub>,
) -> Result<(), String> {
    let mut socket = handshake(stream).await?;
    let (outbox, mut outgoing) = mpsc::channel(QUEUE);
    to_hub
        .send(ToHub::Open(conn, from, outbox))
        .await
        .map_err(|_| "the server is stopping".to_string())?;
    let mut bucket = RateBucket::new();
    let hello_by = Instant::now() + Duration::from_secs(HELLO_SECONDS);
    let mut greeted = false;
    loop {
        let idle = if greeted {
            Duration::from_secs(IDLE_SECONDS)
        } else {
            hello_by.saturating_duration_since(Instant::now())
        };
        tokio::select! {
            item = outgoing.recv() => match item {
                Some(Out::Send(_, message)) => {
                    socket.send(Message::text(encode(&message))).await.map_err(|e| e.to_string())?;
                }
                Some(Out::Close(_, reason)) => {
                    let closing = encode(&ServerMsg::Closing { reason: reason.clone() });
                    let _ = socket.send(Message::text(closing)).await;
                    let _ = socket.close(None).await;
                    return Err(reason);
                }
                None => return Err("dropped by the server".to_string()),
            },
            frame = tokio::time::timeout(idle, socket.next()) => {
                let frame = match frame {
                    Err(_) if !greeted => {
                        return close(&mut socket, format!("no hello within {HELLO_SECONDS} s")).await;
                    }
                    Err(_) => return close(&mut socket, format!("silent for {IDLE_SECONDS} s")).await,
                    Ok(None) => return Ok(()),
                    Ok(Some(Err(error))) => return Err(format!("a broken frame: {error}")),
                    Ok(Some(Ok(frame))) => frame,
                };
                let text = match frame {
                    Message::Text(text) => text,
                    Message::Close(_) => return Ok(()),
                    Message::Ping(_) | Message::Pong(_) => continue,
                    Message::Binary(_) | Message::Frame(_) => {
                        return close(&mut socket, "a binary frame, which this protocol never sends".to_string()).await;
                    }
                };
                if !bucket.take(Instant::now()) {
                    return close(&mut socket, format!("more than {MESSAGES_PER_SECOND} messages a second")).await;
                }
                match decode::<ClientMsg>(&text) {
                    Ok(message) => {
                        greeted |= matches!(message, ClientMsg::Hello { .. });
                        if to_hub.send(ToHub::Message(conn, message)).await.is_err() {
                            return Err("the server is stopping".to_string());
                        }
                    }
                    Err(problem) => return close(&mut socket, problem).await,
                }
            }
        }
    }
}

async fn close<S>(socket: &mut WebSocketStream<S>, reason: String) -> Result<(), String>
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
{
    let closing = encode(&ServerMsg::Closing {
        reason: reason.clone(),
    });
    let _ = socket.send(Message::text(closing)).await;
    let _ = socket.close(None).await;
    Err(reason)
}

/// The rate limit: a bucket of [`MESSAGE_BURST`] messages refilled at
/// [`MESSAGES_PER_SECOND`].
struct RateBucket {
    tokens: f64,
    at: Instant,
}

impl RateBucket {
    fn new() -> Self {
        Self {
            tokens: f64::from(MESSAGE_BURST),
            at: Instant::now(),
        }
    }

    fn take(&mut self, now: Instant) -> bool {
        let refill = now.duration_since(self.at).as_secs_f64() * f64::from(MESSAGES_PER_SECOND);
        self.tokens = (self.tokens + refill).min(f64::from(MESSAGE_BURST));
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}
