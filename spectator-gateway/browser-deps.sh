#!/usr/bin/env bash
# Installs what the browser test (WebClientIT) needs: Debian's Chromium and its chromedriver.
# Idempotent: does nothing when both are already there. Needs root (or sudo) only when installing.
set -euo pipefail

if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
    echo "browser-deps: chromium and chromedriver present ($(/usr/bin/chromium --version 2>/dev/null || echo '?'))"
    exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        SUDO="sudo"
    else
        echo "browser-deps: chromium/chromedriver missing and not root (no sudo); install chromium and chromium-driver" >&2
        exit 1
    fi
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium chromium-driver fonts-dejavu-core >/dev/null
echo "browser-deps: installed $(/usr/bin/chromium --version 2>/dev/null || echo chromium)"
