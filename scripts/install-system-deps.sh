#!/usr/bin/env bash
# System packages the tests need (Debian): Chromium for the e2e suite and
# nats-server for the NATS tests. Installs what is missing when run as root;
# otherwise says what is missing and carries on (the affected tests will fail).
#
#   scripts/install-system-deps.sh                 install missing packages
#   scripts/install-system-deps.sh --start-services  also start a nats-server (JetStream)
#                                                  on 127.0.0.1:4222 when nothing answers there
#   scripts/install-system-deps.sh --stop-services   stop the nats-server this script started
set -euo pipefail
cd "$(dirname "$0")/.."

NATS_BIN=/usr/sbin/nats-server
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
STATE_DIR=.tmp
NATS_PID_FILE="$STATE_DIR/nats-server.pid"

say() { printf '[system-deps] %s\n' "$*"; }

# True when something accepts TCP connections on 127.0.0.1:$1.
port_answers() { timeout 2 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null; }

nats_bin() {
  if [[ -x "$NATS_BIN" ]]; then echo "$NATS_BIN"; else command -v nats-server || true; fi
}

install_packages() {
  local missing=()
  [[ -x "$CHROMIUM" ]] || command -v chromium >/dev/null || missing+=(chromium)
  # Thai glyphs, so screenshots show the spec's Thai text rather than empty boxes.
  [[ -d /usr/share/fonts/truetype/tlwg ]] || missing+=(fonts-thai-tlwg)
  [[ -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ]] || missing+=(fonts-noto-color-emoji)
  [[ -n "$(nats_bin)" ]] || missing+=(nats-server)
  # Native addons (better-sqlite3) fall back to a source build when no prebuilt binary can be fetched.
  command -v g++ >/dev/null || missing+=(g++)
  command -v make >/dev/null || missing+=(make)
  command -v python3 >/dev/null || missing+=(python3)
  if ((${#missing[@]} == 0)); then
    say "chromium, nats-server and build tools present"
    return 0
  fi
  if [[ "$(id -u)" != 0 ]] || ! command -v apt-get >/dev/null; then
    say "missing: ${missing[*]} (not root or no apt-get: install them yourself; tests needing them will fail)"
    return 0
  fi
  say "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq -o Dpkg::Use-Pty=0 "${missing[@]}" >/dev/null
  say "installed: ${missing[*]}"
}

start_services() {
  mkdir -p "$STATE_DIR"
  if port_answers 4222; then
    say "NATS answers on 127.0.0.1:4222"
  else
    local bin
    bin="$(nats_bin)"
    if [[ -z "$bin" ]]; then
      say "nothing answers on 127.0.0.1:4222 and nats-server is not installed"
    else
      local store="$STATE_DIR/nats-store"
      mkdir -p "$store"
      "$bin" -a 127.0.0.1 -p 4222 -js -sd "$store" >"$STATE_DIR/nats-server.log" 2>&1 &
      echo $! >"$NATS_PID_FILE"
      for _ in $(seq 1 50); do port_answers 4222 && break; sleep 0.2; done
      if port_answers 4222; then
        say "started nats-server (JetStream) on 127.0.0.1:4222, pid $(cat "$NATS_PID_FILE")"
      else
        say "nats-server did not start; see $STATE_DIR/nats-server.log"
      fi
    fi
  fi
  port_answers 5432 || say "nothing answers on 127.0.0.1:5432: PostgreSQL tests will fail"
}

stop_services() {
  [[ -f "$NATS_PID_FILE" ]] || return 0
  local pid
  pid="$(cat "$NATS_PID_FILE")"
  rm -f "$NATS_PID_FILE"
  if kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
    say "stopped nats-server pid $pid"
  fi
  rm -rf "$STATE_DIR/nats-store"
}

case "${1:-}" in
  "") install_packages ;;
  --start-services) install_packages; start_services ;;
  --stop-services) stop_services ;;
  *) echo "usage: $0 [--start-services|--stop-services]" >&2; exit 2 ;;
esac
