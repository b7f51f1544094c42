#!/bin/sh
# The images' entry point (under tini): makes the scratch folder inside the volume, then runs the
# role's command. TMPDIR points into /data so that nothing the programs or their tools write
# (pylint's work files, tsx's compile cache) lands outside the volume; a fresh volume (a bind
# mount, a Kubernetes volume) does not have that folder yet.
set -e
mkdir -p "${TMPDIR:-/data/tmp}"
exec "$@"
