#!/usr/bin/env bash
# Installs what the scaled stack's load balancer (deploy/stack up --scale N, part 'lb') needs: Debian's HAProxy.
# Idempotent: does nothing when haproxy is already on the PATH. Needs root (or sudo) only when installing.
set -euo pipefail

if command -v haproxy >/dev/null 2>&1; then
    echo "lb-deps: haproxy present ($(haproxy -v 2>/dev/null | head -1 || echo '?'))"
    exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        SUDO="sudo"
    else
        echo "lb-deps: haproxy missing and not root (no sudo); install Debian's package: apt-get install haproxy" >&2
        exit 1
    fi
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends haproxy >/dev/null
# The package's own service is not used: the stack runs haproxy in the foreground with its generated config.
echo "lb-deps: installed $(haproxy -v 2>/dev/null | head -1 || echo haproxy)"
