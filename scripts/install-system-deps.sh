#!/usr/bin/env bash
# Installs the Debian packages the test suite uses: git, pylint and radon (metrics oracle and lint),
# bandit (security findings), python3-coverage (the coverage fidelity tests' oracle), pre-commit
# (pyscan's hook), python3-venv (pyscan's wheel test), nginx (the reverse-proxy example of
# docs/operations.md, run by a test), Chromium (browser tests), ping (ping checks), PostgreSQL's
# client tools, the servers the monitor's service checks are tested against (MariaDB, Redis,
# RabbitMQ, Mosquitto), and the container engine the images are built and smoke-tested with
# (docker.io, docker-compose, and mmdebstrap for the local base image: scripts/containers/), and
# poppler's pdftotext (the SLA report tests read the PDF's text back). Safe to re-run.
set -euo pipefail
need=()
command -v git >/dev/null || need+=(git)
command -v pylint >/dev/null || need+=(pylint)
command -v radon >/dev/null || need+=(radon)
command -v bandit >/dev/null || need+=(bandit)
/usr/bin/python3 -c 'import coverage' 2>/dev/null || need+=(python3-coverage)
command -v pre-commit >/dev/null || need+=(pre-commit)
# pyscan's wheel is installed into a fresh `python3 -m venv` by its install test (needs ensurepip).
python3 -c 'import ensurepip' 2>/dev/null || need+=(python3-venv)
command -v chromium >/dev/null || need+=(chromium)
# The browser checks of the monitor run in the old headless mode: a quarter of the CPU per check.
command -v chromium-headless-shell >/dev/null || need+=(chromium-headless-shell)
command -v ping >/dev/null || need+=(iputils-ping)
command -v pg_isready >/dev/null || need+=(postgresql)
command -v openssl >/dev/null || need+=(openssl)
# Servers live in /usr/sbin, which a non-root PATH may lack.
has() { command -v "$1" >/dev/null || [ -x "/usr/sbin/$1" ]; }
has mariadbd || need+=(mariadb-server)
has redis-server || need+=(redis-server)
has rabbitmq-server || need+=(rabbitmq-server)
has mosquitto || need+=(mosquitto)
has nginx || need+=(nginx)
# A docker client may come from elsewhere; the engine is what counts.
has dockerd || need+=(docker.io)
command -v docker-compose >/dev/null || docker compose version >/dev/null 2>&1 || need+=(docker-compose)
command -v mmdebstrap >/dev/null || need+=(mmdebstrap)
command -v pdftotext >/dev/null || need+=(poppler-utils)
if [ ${#need[@]} -eq 0 ]; then
  echo "system packages: all present"
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "system packages: installing ${need[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
