#!/usr/bin/env bash
# Makes sure the message brokers of the mqtt and amqp check tests answer on loopback: Mosquitto on
# 127.0.0.1:1883 (anonymous) and RabbitMQ on 127.0.0.1:5672 (guest/guest). Starts each when it is
# installed but not running; fails when one still does not answer.
set -euo pipefail
listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
await() {
  for _ in $(seq 1 120); do
    if listening "$1"; then return 0; fi
    sleep 0.5
  done
  echo "$2 does not answer on 127.0.0.1:$1" >&2
  return 1
}
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
if ! listening 1883; then
  # Without a configuration file Mosquitto 2 listens on localhost only and lets anyone in.
  $SUDO "$(command -v mosquitto || echo /usr/sbin/mosquitto)" -d
fi
if ! listening 5672; then
  $SUDO service rabbitmq-server start >/dev/null 2>&1 || $SUDO rabbitmq-server -detached
fi
await 1883 Mosquitto
await 5672 RabbitMQ
echo "brokers: Mosquitto on 1883, RabbitMQ on 5672"
