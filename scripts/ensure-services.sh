#!/usr/bin/env bash
# Makes sure the servers the monitor's service checks are tested against answer on loopback:
# MariaDB 3306, Redis 6379, RabbitMQ 5672, Mosquitto 1883. One that does not answer is started
# with its init script when installed. Exits non-zero naming what is still missing, so CI fails
# here with a clear line rather than later with a skipped (or, under CI=true, failed) test file.
set -uo pipefail
answers() { timeout 2 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null; }
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo -n"
missing=()
for entry in "mariadb 3306" "redis-server 6379" "rabbitmq-server 5672" "mosquitto 1883"; do
  set -- $entry
  name=$1 port=$2
  if answers "$port"; then continue; fi
  if [ -x "/etc/init.d/$name" ]; then
    echo "test servers: starting $name"
    $SUDO service "$name" start >/dev/null 2>&1 || true
    for _ in $(seq 1 60); do answers "$port" && break; sleep 0.5; done
  fi
  answers "$port" || missing+=("$name on 127.0.0.1:$port")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "test servers: not answering: ${missing[*]}" >&2
  exit 1
fi
echo "test servers: MariaDB, Redis, RabbitMQ and Mosquitto answer"
