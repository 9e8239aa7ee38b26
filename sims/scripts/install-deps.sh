#!/usr/bin/env bash
# Installs the Debian 12 packages ccfabric needs (as root, or with sudo when available), and the
# packages named as arguments (tests/coverage/run.sh: gcovr lcov).
set -euo pipefail
pkgs=(build-essential cmake pkg-config python3 verilator yosys libsystemc-dev libfmt-dev libgtest-dev
      libgmock-dev libbenchmark-dev libcli11-dev libtomlplusplus-dev nlohmann-json3-dev zlib1g-dev gnuplot-nox
      gtkwave xvfb xauth z3 tshark libmpich-dev mpich "$@")
# gtkwave: the viewer of --trace waveforms (fst2vcd reads them, and GTKWave itself under xvfb-run loads
# the saved views, in tests); z3: the formal proofs; tshark: Wireshark's dissectors, which read the
# --pcap captures in a test (and show them to a user); libmpich-dev, mpich: `ccfabric run --ranks N`
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "installing: ${missing[*]}"
  $sudo apt-get update -qq
  # tshark's package asks whether to install dumpcap setuid: answer no beforehand, so apt asks nothing
  if [[ " ${missing[*]} " == *" tshark "* ]]; then
    echo "wireshark-common wireshark-common/install-setuid boolean false" | $sudo debconf-set-selections
  fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
