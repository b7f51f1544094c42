#!/usr/bin/env bash
# Installs the Debian packages the test suite uses: git, pylint and radon (metrics oracle and lint),
# pre-commit (pyscan's hook), nginx (the reverse-proxy example of docs/operations.md, run by a test),
# Chromium (browser tests), ping (ping checks), PostgreSQL's client tools, and the servers the
# monitor's service checks are tested against (MariaDB, Redis, RabbitMQ, Mosquitto). Safe to re-run.
set -euo pipefail
need=()
command -v git >/dev/null || need+=(git)
command -v pylint >/dev/null || need+=(pylint)
command -v radon >/dev/null || need+=(radon)
command -v pre-commit >/dev/null || need+=(pre-commit)
command -v chromium >/dev/null || need+=(chromium)
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
if [ ${#need[@]} -eq 0 ]; then
  echo "system packages: all present"
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "system packages: installing ${need[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
