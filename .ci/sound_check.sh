#!/usr/bin/env bash
# Hears the game without speakers: a Duel, AI against AI, under Xvfb, played
# into a PulseAudio null sink (it keeps time as a sound card does) and
# recorded from its monitor; then checks the recording is heard at every
# roll of the dice the game logged, and quiet between, and draws the
# waveform with each roll marked.
# Needs xvfb, pulseaudio, pulseaudio-utils and libasound2-plugins (run-time
# tools, no -dev package). Usage: bash .ci/sound_check.sh [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/swift-swords/target}"
out="$(realpath -m "${1:-$(mktemp -d)}")"
mkdir -p "$out"
# The dev profile, which CI has built already (it is optimised).
cargo build --quiet

# A home of its own: the player's settings with the field silent (so the
# quiet between sounds is silence), and a sound server for this run only.
home="$(mktemp -d)"
mkdir -p "$home/.config/swift-swords" "$home/run"
chmod 700 "$home/run"
echo '(sound: (field: 0.0))' > "$home/.config/swift-swords/settings.ron"
export HOME="$home" XDG_RUNTIME_DIR="$home/run"
pulseaudio -D -n --exit-idle-time=-1 \
    --load="module-null-sink sink_name=table" \
    --load="module-native-protocol-unix auth-anonymous=1" 2>/dev/null
trap 'pulseaudio --kill 2>/dev/null || true' EXIT
sleep 1

rm -f "$out/battle.wav"
# Silence played throughout keeps the sink running, so the recording keeps
# time from its first moment, whether the game plays or not.
pacat --raw --device=table --latency-msec=20 < /dev/zero &
silence=$!
sleep 0.5
parecord --device=table.monitor --latency-msec=20 --file-format=wav "$out/battle.wav" &
recorder=$!
RUST_LOG="warn,swift_swords::game::sound=debug" timeout 300 \
    xvfb-run -a -s "-screen 0 1280x800x24" \
    "$CARGO_TARGET_DIR/debug/swift-swords" play levels/duel.ron --mode ai-vs-ai --seed 5 \
    --screenshot "$out/duel.png" --screenshot-after-actions 12 > "$out/game.log" 2>&1 || true
sleep 1
kill -INT "$recorder"
kill "$silence"
wait "$recorder" "$silence" 2>/dev/null || true
echo "sounds played: $(grep -c "sound: " "$out/game.log" || true)"
python3 .ci/wav_heard.py "$out/battle.wav" "$out/game.log" --picture "$out/waveform.png"
