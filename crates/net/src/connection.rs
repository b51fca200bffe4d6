//! A client's connection to a server, for code with no async in it (the
//! game's frame systems, the headless client): a thread runs the WebSocket
//! and passes whole messages through channels. It pings the server while
//! idle, so a quiet player is not taken for a dropped one.

use std::sync::mpsc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use super::protocol::*;

/// Seconds to reach a server before giving up.
const CONNECT_SECONDS: u64 = 10;

/// What comes from the server.
#[derive(Debug, Clone, PartialEq)]
pub enum Incoming {
    Message(ServerMsg),
    /// The connection ended, and why in words.
    Closed(String),
}

pub struct Connection {
    outgoing: tokio::sync::mpsc::UnboundedSender<String>,
    /// Behind a lock only so the game may keep a connection as a resource.
    incoming: std::sync::Mutex<mpsc::Receiver<Incoming>>,
}

impl Connection {
    /// Connects to `addr` (`host:port`) and says hello as `name`. Returns
    /// once the server has answered, or why it could not.
    pub fn open(addr: &str, name: &str) -> Result<Self, String> {
        let url = if addr.starts_with("ws://") || addr.starts_with("wss://") {
            addr.to_string()
        } else {
            format!("ws://{addr}")
        };
        let (outgoing, to_send) = tokio::sync::mpsc::unbounded_channel();
        let (deliver, incoming) = mpsc::channel();
        let (ready, is_ready) = mpsc::channel();
        std::thread::Builder::new()
            .name("swift-swords connection".to_string())
            .spawn(move || {
                let runtime = match tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                {
                    Ok(runtime) => runtime,
                    Err(error) => {
                        let _ = ready.send(Err(error.to_string()));
                        return;
                    }
                };
                runtime.block_on(pump(url, to_send, deliver, ready));
            })
            .map_err(|error| error.to_string())?;
        match is_ready.recv_timeout(Duration::from_secs(CONNECT_SECONDS + 1)) {
            Ok(Ok(())) => {}
            Ok(Err(reason)) => return Err(reason),
            Err(_) => return Err(format!("no answer from {addr}")),
        }
        let connection = Self {
            outgoing,
            incoming: std::sync::Mutex::new(incoming),
        };
        connection.send(&ClientMsg::Hello {
            protocol: PROTOCOL.to_string(),
            name: name.to_string(),
        });
        match connection.recv_timeout(Duration::from_secs(CONNECT_SECONDS)) {
            Some(Incoming::Message(ServerMsg::Welcome { .. })) => Ok(connection),
            Some(Incoming::Message(ServerMsg::Closing { reason })) => Err(reason),
            Some(Incoming::Closed(reason)) => Err(reason),
            Some(Incoming::Message(other)) => Err(format!("the server answered {other:?}")),
            None => Err(format!("{addr} did not answer")),
        }
    }

    pub fn send(&self, message: &ClientMsg) {
        let _ = self.outgoing.send(encode(message));
    }

    /// Sends raw text as one frame (the tests' hostile clients).
    pub fn send_raw(&self, text: String) {
        let _ = self.outgoing.send(text);
    }

    pub fn try_recv(&self) -> Option<Incoming> {
        self.incoming.lock().ok()?.try_recv().ok()
    }

    pub fn recv_timeout(&self, wait: Duration) -> Option<Incoming> {
        self.incoming.lock().ok()?.recv_timeout(wait).ok()
    }
}

async fn pump(
    url: String,
    mut to_send: tokio::sync::mpsc::UnboundedReceiver<String>,
    deliver: mpsc::Sender<Incoming>,
    ready: mpsc::Sender<Result<(), String>>,
) {
    let config = WebSocketConfig::default()
        .max_message_size(Some(MOST_SERVER_BYTES))
        .max_frame_size(Some(MOST_SERVER_BYTES));
    let connecting = tokio_tungstenite::connect_async_with_config(url.as_str(), Some(config), true);
    let mut socket =
        match tokio::time::timeout(Duration::from_secs(CONNECT_SECONDS), connecting).await {
            Ok(Ok((socket, _))) => socket,
            Ok(Err(error)) => {
                let _ = ready.send(Err(format!("could not reach {url}: {error}")));
                return;
            }
            Err(_) => {
                let _ = ready.send(Err(format!("{url} did not answer in {CONNECT_SECONDS} s")));
                return;
            }
        };
    let _ = ready.send(Ok(()));
    let mut ping = tokio::time::interval(Duration::from_secs(PING_SECONDS));
    ping.tick().await;
    let closed = loop {
        tokio::select! {
            text = to_send.recv() => match text {
                Some(text) => {
                    if let Err(error) = socket.send(Message::text(text)).await {
                        break format!("the connection broke: {error}");
                    }
                }
                None => {
                    let _ = socket.close(None).await;
                    break "closed".to_string();
                }
            },
            _ = ping.tick() => {
                if socket.send(Message::text(encode(&ClientMsg::Ping))).await.is_err() {
                    break "the connection broke".to_string();
                }
            }
            frame = socket.next() => match frame {
                Some(Ok(Message::Text(text))) => match decode::<ServerMsg>(&text) {
                    Ok(ServerMsg::Pong) => {}
                    Ok(message) => {
                        if deliver.send(Incoming::Message(message)).is_err() {
                            break "closed".to_string();
                        }
                    }
                    Err(problem) => break format!("the server sent what is not a message: {problem}"),
                },
                Some(Ok(Message::Close(_))) | None => break "the server closed the connection".to_string(),
                Some(Ok(_)) => {}
                Some(Err(error)) => break format!("the connection broke: {error}"),
            }
        }
    };
    let _ = deliver.send(Incoming::Closed(closed));
}
