#!/usr/bin/env python3
"""An outside client, written from docs/NETWORK.md alone: the protocol's
example in a language that is not the game's, with nothing but Python's
standard library (its own small WebSocket client).

It says hello, opens a Skirmish on side 1, chats, and plays its side to the
end of the battle with the plainest orders: on its combatant's turn it
passes, and when attacked it takes the blow. It learns whose turn it is
from the referee's refusals, which name the rule, and acknowledges every
step with the fingerprint the server sent. Run a server and a second
player, then this:

    swift-swords serve --bind 127.0.0.1:7878 &
    python3 bench/outside_client.py 127.0.0.1:7878 &
    swift-swords play --headless --connect 127.0.0.1:7878 --game 1 --seat 2

It prints each step's count and the outcome, and exits 0 once the battle
is over.
"""

import base64
import os
import re
import socket
import struct
import sys
import time

LEVEL = os.path.join(os.path.dirname(__file__), "..", "levels", "skirmish.ron")


class WebSocket:
    """Just enough of RFC 6455 for text frames: the client masks, the
    server does not."""

    def __init__(self, host, port):
        self.sock = socket.create_connection((host, port), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            (
                f"GET / HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += self.sock.recv(1)
        if b" 101 " not in answer.split(b"\r\n")[0]:
            raise SystemExit(f"no WebSocket: {answer[:80]!r}")

    def send(self, text):
        data = text.encode()
        header = bytes([0x81])
        if len(data) < 126:
            header += bytes([0x80 | len(data)])
        elif len(data) < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", len(data))
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", len(data))
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
        self.sock.sendall(header + mask + masked)

    def exactly(self, n):
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise SystemExit("the server closed the connection")
            data += chunk
        return data

    def recv(self):
        """The next text message, or None for a ping, pong or close."""
        first, second = self.exactly(2)
        length = second & 0x7F
        if length == 126:
            length = struct.unpack(">H", self.exactly(2))[0]
        elif length == 127:
            length = struct.unpack(">Q", self.exactly(8))[0]
        payload = self.exactly(length)
        opcode = first & 0x0F
        if opcode == 0x8:
            raise SystemExit("the server closed the connection")
        return payload.decode() if opcode == 0x1 else None


def ron_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def balanced(text, start):
    """The parenthesised RON value that opens at text[start]."""
    depth, quoted, i = 0, False, start
    while i < len(text):
        c = text[i]
        if quoted:
            if c == "\\":
                i += 1
            elif c == '"':
                quoted = False
        elif c == '"':
            quoted = True
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return text[start : i + 1]
        i += 1
    raise ValueError("unbalanced")


def main():
    host, port = sys.argv[1].rsplit(":", 1)
    level_text = open(LEVEL).read()
    # Our combatants: the units of the level's first side.
    sides = re.findall(r'\(id: "(\w+)", name:', level_text)
    ours = re.findall(r'\(id: "(\w+)", template: "\w+", side: "' + sides[0] + '"', level_text)
    ws = WebSocket(host, int(port))
    ws.send('Hello(protocol:"swift-swords net 1",name:"Outsider")')
    ws.send(
        f'CreateGame(level_file:"skirmish.ron",level_text:{ron_string(level_text)},'
        "sequence:None,side:0,password:None)"
    )
    held, seated, tried, last_ping = 0, False, [], time.time()
    while True:
        ws.sock.settimeout(1.0)
        try:
            message = ws.recv()
        except socket.timeout:
            message = None
        if time.time() - last_ping > 15:
            ws.send("Ping")
            last_ping = time.time()
        if message is None:
            continue
        kind = message.split("(", 1)[0]
        if kind == "Joined":
            held = message.count("after:(")
            print(f"joined, holding {held} steps")
        elif kind == "Seats":
            if not seated and message.count("state:Here") == 2:
                seated = True
                ws.send('Chat(text:"Good luck, from outside.")')
                tried = []
                act(ws, held, ours, tried)
        elif kind == "Steps":
            start = int(re.match(r"Steps\(from:(\d+)", message).group(1))
            count = message.count("after:(")
            held = max(held, start + count)
            last = message.rfind("after:(")
            fingerprint = balanced(message, last + len("after:"))
            ws.send(f"Synced(step:{held},fingerprint:{fingerprint})")
            print(f"step {held}")
            tried = []
            act(ws, held, ours, tried)
        elif kind == "Refused":
            reason = re.search(r'reason:"((?:[^"\\]|\\.)*)"', message).group(1)
            if "is over" in reason:
                break
            if "moved on" in reason:
                continue  # sent for a step gone by: its step is coming
            act(ws, held, ours, tried, reason)
        elif kind == "OutOfSync":
            raise SystemExit(f"out of sync: {message[:200]}")
        elif kind == "Closing":
            raise SystemExit(f"closed: {message}")
        if "outcome" in message or re.search(r"\bover:true", message):
            break
    ws.sock.sendall(bytes([0x88, 0x80]) + os.urandom(4))  # a masked close
    print("the battle is over")


# The orders tried on our turn, plainest first.
ORDERS = ["Pass", "Defend(with:None)", "Hold"]


def act(ws, held, ours, tried, reason=""):
    """Sends the next plain order not yet refused for this step. A refusal
    that names whose turn it is points at the combatant to try."""
    named = re.search(r"gives it to ([\w, ]+)", reason)
    if named and not any(u in ours for u in named.group(1).split(", ")):
        return  # the other side's turn: wait for its step
    units = [u for u in ours if named and u in named.group(1)] or ours
    for unit in units:
        for order in ORDERS:
            if (unit, order) not in tried:
                tried.append((unit, order))
                ws.send(f'Command(at:{held},command:(unit:"{unit}",order:{order}))')
                return


if __name__ == "__main__":
    main()
