#!/usr/bin/env python3
"""Checks a recording of the game's sound against the sounds it says it
played: the recording is heard where each roll of the dice was played, and
is quiet somewhere (so it is not noise throughout). Draws the waveform, with
each roll marked, to a PNG to look at.

usage: wav_heard.py RECORDING.wav GAME_LOG [--picture WAVEFORM.png]

GAME_LOG is the game's output with the sound's log lines
(RUST_LOG=swift_swords::game::sound=debug), each stamped with the time of
day. The recording's first sound is the first the game logged: every roll
is looked for that long after it as the log says.
"""
import datetime
import re
import struct
import sys
import wave
import zlib

WINDOW = 0.05  # seconds
HEARD = 0.02  # RMS of full scale that counts as heard
QUIET = 0.002


def read(path):
    with wave.open(path, "rb") as w:
        rate, channels, width = w.getframerate(), w.getnchannels(), w.getsampwidth()
        frames = w.readframes(w.getnframes())
    if width != 2:
        sys.exit(f"{path}: expected 16-bit samples, found {8 * width}-bit")
    values = struct.unpack(f"<{len(frames) // 2}h", frames)
    mono = [sum(values[i:i + channels]) / channels / 32768 for i in range(0, len(values), channels)]
    return rate, mono


def windows(rate, mono):
    size = int(rate * WINDOW)
    out = []
    for start in range(0, len(mono) - size + 1, size):
        chunk = mono[start:start + size]
        out.append((sum(x * x for x in chunk) / size) ** 0.5)
    return out


def sounds(log_path):
    """Each sound played, as (seconds since 1970, whether a roll)."""
    played = []
    stamp = re.compile(r"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6})\d*Z")
    with open(log_path, errors="replace") as f:
        for line in f:
            m = stamp.search(line)
            if m and "sound: " in line:
                at = datetime.datetime.fromisoformat(m.group(1)).replace(tzinfo=datetime.timezone.utc)
                played.append((at.timestamp(), "sound: Dice" in line))
    return played


def png(path, width, height, pixels):
    raw = b"".join(b"\x00" + bytes(row) for row in pixels)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def picture(path, rate, mono, marks):
    width, height = 1200, 240
    rows = [[20, 24, 28] * width for _ in range(height)]
    per = max(1, len(mono) // width)
    mid = height // 2
    for x in range(width):
        chunk = mono[x * per:(x + 1) * per] or [0.0]
        top = int(mid - max(chunk) * mid)
        bottom = int(mid - min(chunk) * mid)
        for y in range(max(0, top), min(height, bottom + 1)):
            rows[y][3 * x:3 * x + 3] = [120, 200, 255]
    seconds = len(mono) / rate
    for t in marks:
        x = int(t / seconds * width) if seconds else 0
        if 0 <= x < width:
            for y in range(0, 12):
                rows[y][3 * x:3 * x + 3] = [255, 80, 60]
    png(path, width, height, rows)


def main():
    args = sys.argv[1:]
    picture_path = None
    if "--picture" in args:
        at = args.index("--picture")
        picture_path = args[at + 1]
        del args[at:at + 2]
    if len(args) != 2:
        sys.exit(__doc__)
    rate, mono = read(args[0])
    loudness = windows(rate, mono)
    played = sounds(args[1])
    if not played:
        sys.exit("the game logged no sound")
    onset = next((k * WINDOW for k, level in enumerate(loudness) if level >= HEARD), None)
    if onset is None:
        sys.exit(f"{args[0]}: silent throughout")
    first, last = played[0][0], played[-1][0]
    # The game exits as soon as its screenshot is taken, cutting short what
    # it played last: the rolls of its last half second are not looked for.
    marks = [onset + at - first for at, roll in played if roll and at < last - 0.5]
    seconds = len(mono) / rate
    print(f"{args[0]}: {seconds:.1f} s at {rate} Hz, {len(marks)} rolls played")
    if picture_path:
        picture(picture_path, rate, mono, marks)
        print(f"waveform drawn to {picture_path}")
    if not marks:
        sys.exit("the game played no roll of the dice")
    unheard = []
    for t in marks:
        if t > seconds - 0.6:
            continue  # after the recording ended
        first = int(t / WINDOW)
        near = loudness[first:first + int(0.6 / WINDOW)]
        if not near or max(near) < HEARD:
            unheard.append(t)
    if unheard:
        sys.exit(f"silent where the dice rolled at {', '.join(f'{t:.2f} s' for t in unheard)}")
    if min(loudness) > QUIET:
        sys.exit("never quiet: the recording is noise throughout")
    print(f"heard at every roll ({len(marks)}), quiet between")


if __name__ == "__main__":
    main()
