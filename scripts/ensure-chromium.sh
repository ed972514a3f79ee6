#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium; install it when this machine does not have it yet.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  /usr/bin/chromium --version
  exit 0
fi
echo "Installing Debian's chromium with apt-get (first run on this machine)..."
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
# A CJK font, so screenshots of Chinese pages are readable.
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-wqy-zenhei >/dev/null
/usr/bin/chromium --version
