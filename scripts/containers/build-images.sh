#!/usr/bin/env bash
# Builds the four role images from the Containerfile: <prefix>/monitor, /probe, /metrics and
# /metrics-worker, tagged $IMAGE_TAG (default `local`), prefix $IMAGE_PREFIX (default `uptime`).
#
# The base image: $NODE_IMAGE when set; else the Containerfile's default (the official node image)
# when it is already on this machine; else a local one built from Debian packages and this
# machine's Node.js (scripts/containers/base-image.sh, reused once built), since no registry may be
# reachable. Layers are cached by the engine: a second run with no change takes seconds, and a
# change of code rebuilds only the web UIs, the bundle and the application layers, never the
# dependencies or the apt packages. Prints the time each image took.
set -euo pipefail
cd "$(dirname "$0")/../.."
prefix=${IMAGE_PREFIX:-uptime}
tag=${IMAGE_TAG:-local}
official=$(sed -n 's/^ARG NODE_IMAGE=//p' Containerfile)
base=${NODE_IMAGE:-}
if [ -z "$base" ]; then
  if docker image inspect "$official" >/dev/null 2>&1; then base=$official
  else base=$(bash scripts/containers/base-image.sh | tail -1)
  fi
fi
echo "images: base $base"
for role in ${ROLES:-monitor probe metrics metrics-worker}; do
  start=$(date +%s)
  # Host networking for the build's own downloads (npm, apt): the machine's resolver and proxy.
  if ! docker build --quiet --network host -f Containerfile --build-arg "NODE_IMAGE=$base" \
      --target "$role" -t "$prefix/$role:$tag" . >/tmp/build-image-$role.log 2>&1; then
    cat /tmp/build-image-$role.log >&2
    echo "images: $prefix/$role:$tag failed to build" >&2
    exit 1
  fi
  size=$(docker image inspect -f '{{.Size}}' "$prefix/$role:$tag")
  echo "images: $prefix/$role:$tag built in $(( $(date +%s) - start )) s, $(( size / 1000000 )) MB"
done
