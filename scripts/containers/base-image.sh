#!/usr/bin/env bash
# Builds the local Node.js base image the Containerfile is given as NODE_IMAGE when no image
# registry is reachable (CI, this machine): Debian bookworm's minbase from the Debian mirror
# (mmdebstrap) plus this machine's own Node.js binary, npm and C++ headers, laid out as the
# official node image lays them out (/usr/local/bin/node, /usr/local/lib/node_modules/npm,
# /usr/local/include/node), so the Containerfile needs no branch for either.
#
# Prints the image's name on its last line. The name carries the Node.js version: an image of that
# name already present is reused as it is (CI runs on the same machine; building it takes about a
# minute), and a new Node.js on the machine gets a new image. FORCE=1 builds it again.
set -euo pipefail
node_bin=$(readlink -f "$(command -v node)")
node_version=$("$node_bin" -p 'process.versions.node')
npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
headers="$(dirname "$(dirname "$node_bin")")/include/node"
image="localhost/node-base:${node_version}-bookworm-minbase"

if [ "${FORCE:-0}" != "1" ] && docker image inspect "$image" >/dev/null 2>&1; then
  echo "base image: $image already present" >&2
  echo "$image"
  exit 0
fi
command -v mmdebstrap >/dev/null || { echo "base image: mmdebstrap is not installed" >&2; exit 1; }
[ -d "$headers" ] || { echo "base image: no Node.js headers at $headers" >&2; exit 1; }

# The machine's own certificate authorities (a proxy's, a company's) are trusted in the image too,
# by the system bundle and by Node.js (NODE_EXTRA_CA_CERTS), so that npm reaches the registry
# through the same path as on the machine.
trust_hook=":"
if compgen -G '/usr/local/share/ca-certificates/*.crt' >/dev/null; then
  trust_hook="cp /usr/local/share/ca-certificates/*.crt \"\$1/usr/local/share/ca-certificates/\" && chroot \"\$1\" update-ca-certificates >/dev/null"
fi

tar=$(mktemp --suffix=.tar)
trap 'rm -f "$tar"' EXIT
echo "base image: building $image (mmdebstrap minbase + node $node_version)" >&2
# Documentation, manual pages and translations are left out, as the official slim images do.
mmdebstrap --quiet --variant=minbase --include=ca-certificates \
  --dpkgopt='path-exclude=/usr/share/man/*' \
  --dpkgopt='path-exclude=/usr/share/doc/*' \
  --dpkgopt='path-include=/usr/share/doc/*/copyright' \
  --dpkgopt='path-exclude=/usr/share/locale/*' \
  --dpkgopt='path-exclude=/usr/share/info/*' \
  --customize-hook="install -m 755 '$node_bin' \"\$1/usr/local/bin/node\"" \
  --customize-hook="mkdir -p \"\$1/usr/local/lib/node_modules\" \"\$1/usr/local/include\"" \
  --customize-hook="cp -a '$npm_dir' \"\$1/usr/local/lib/node_modules/npm\"" \
  --customize-hook="cp -a '$headers' \"\$1/usr/local/include/node\"" \
  --customize-hook="ln -s ../lib/node_modules/npm/bin/npm-cli.js \"\$1/usr/local/bin/npm\"" \
  --customize-hook="ln -s ../lib/node_modules/npm/bin/npx-cli.js \"\$1/usr/local/bin/npx\"" \
  --customize-hook="$trust_hook" \
  bookworm "$tar" http://deb.debian.org/debian
docker import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$node_version" \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'CMD ["node"]' \
  "$tar" "$image" >/dev/null
echo "$image"
