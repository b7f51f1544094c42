#!/usr/bin/env bash
# Makes sure a container engine answers: Debian's docker.io (installed by
# scripts/install-system-deps.sh). When `docker info` fails, the daemon is started: first with its
# init script, then, where that script cannot run (it raises `ulimit -n` past the hard limit of
# some sandboxes), as a plain background process logging to $DOCKERD_LOG. Safe to re-run: an
# engine that answers is left alone. Exits non-zero naming the problem when none answers.
set -uo pipefail
log=${DOCKERD_LOG:-/var/log/dockerd.log}
answers() { docker info >/dev/null 2>&1; }
if answers; then echo "container engine: docker answers"; exit 0; fi
if ! command -v dockerd >/dev/null && [ ! -x /usr/sbin/dockerd ]; then
  echo "container engine: dockerd is not installed (apt-get install docker.io)" >&2
  exit 1
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo -n"
echo "container engine: starting docker"
if $SUDO service docker start >/dev/null 2>&1; then
  for _ in $(seq 1 20); do answers && break; sleep 0.5; done
fi
if ! answers; then
  $SUDO setsid sh -c "exec dockerd >>'$log' 2>&1 </dev/null" &
  for _ in $(seq 1 60); do answers && break; sleep 0.5; done
fi
if ! answers; then
  echo "container engine: docker does not answer; see $log" >&2
  exit 1
fi
echo "container engine: docker answers"
