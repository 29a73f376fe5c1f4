#!/bin/sh
# The production build and start, in one place for docker/Dockerfile and `npm run rehearse`
# (backend/rehearsal/run.ts), so the rehearsal starts the app exactly as the image does.
#
#   sh scripts/production.sh install   npm ci, nothing else (the image's cached dependency layer)
#   sh scripts/production.sh build     npm ci, then every workspace's build; PRUNE=1 also drops the dev
#                                      dependencies afterwards (the image), SKIP_INSTALL=1 leaves out
#                                      npm ci (after `install`, or in a checkout whose node_modules stay)
#   sh scripts/production.sh start     the one server, NODE_ENV=production, every other variable passed through
#
# POSIX sh (the image's /bin/sh is dash). `start` ends in exec, so node takes this process's place:
# the signals a deploy sends (SIGTERM) and a crash test sends (SIGKILL) reach node itself, and in
# the image node stays PID 1 as with the former CMD ["node", "backend/dist/main.js"].
set -eu

# Every path below is the repository's, wherever this is called from.
cd "$(dirname "$0")/.."

install_dependencies() {
  npm ci --no-audit --no-fund
}

case "${1:-}" in
  install)
    install_dependencies
    ;;
  build)
    if [ "${SKIP_INSTALL:-0}" != 1 ]; then install_dependencies; fi
    # One workspace at a time: the three apps compile the shared package into their own builds.
    npx nx run-many -t build --parallel=1
    if [ "${PRUNE:-0}" = 1 ]; then npm prune --omit=dev; fi
    ;;
  start)
    NODE_ENV=production
    export NODE_ENV
    exec node backend/dist/main.js
    ;;
  *)
    echo "usage: sh scripts/production.sh install|build|start" >&2
    exit 2
    ;;
esac
