#!/usr/bin/env bash
# Packaging proof for CI (tests/test_packaging.py runs this): build the Linux bundle, .tar.gz and
# .deb, then show that they work without Python and that the installers are valid.
#
#   installers/linux/ci-check.sh            # PYTHON=python3 by default
#
# Steps: build; check the bundle holds Qt's xcb plugin and can load it; run --self-test on the
# bundle with a PATH that has no python (and under Xvfb with the real xcb platform when xvfb-run
# exists); validate the .desktop file and AppStream metainfo; install the .deb (dpkg -i when
# root, else unpack it into a temporary root), run the installed launcher's self-test, uninstall
# (dpkg -r) and check nothing is left; compile the NSIS script against a stand-in folder; check
# sizes against the budgets. Needs: binutils dpkg-dev desktop-file-utils appstream nsis and the
# libxcb-* libraries listed in docs/packaging.md. Outputs go to a temporary folder (removed at
# the end) unless GINRUMMY_CI_OUT names one to keep.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
PYTHON="${PYTHON:-python3}"
APP=ginrummy-desktop
APP_ID=io.github.ginrummy_desktop.GinRummyDesktop
BUNDLE_BUDGET=120000000   # bytes, one-folder bundle
PACKAGE_BUDGET=50000000   # bytes, .deb and .tar.gz each

if [[ -n "${GINRUMMY_CI_OUT:-}" ]]; then
  OUT="$GINRUMMY_CI_OUT"; mkdir -p "$OUT"; KEEP_OUT=1
else
  OUT="$(mktemp -d -t ginrummy-ci.XXXXXX)"; KEEP_OUT=0
fi
DEB_INSTALLED=0
cleanup() {
  # Never leave the package installed on the machine, even when a check failed half-way.
  if ((DEB_INSTALLED)); then dpkg -r "$APP" >/dev/null 2>&1 || true; fi
  if ((!KEEP_OUT)); then rm -rf "$OUT"; fi
}
trap cleanup EXIT
DIST="$OUT/dist"
NO_PYTHON_BIN="$OUT/no-python-bin"   # an empty folder: the only thing on PATH
mkdir -p "$NO_PYTHON_BIN"

step() { printf '\n== %s\n' "$*"; }
fail() { printf 'ci-check FAILED: %s\n' "$*" >&2; exit 1; }

need=()
for tool in dpkg-deb desktop-file-validate appstreamcli makensis ldd strip; do
  command -v "$tool" >/dev/null || need+=("$tool")
done
((${#need[@]} == 0)) || fail "missing tools: ${need[*]} (apt-get install binutils dpkg-dev desktop-file-utils appstream nsis)"

# Run a command with nothing on PATH (so no python can be found) and a clean environment,
# headless (the self-test checks the platform it is given; offscreen needs no display).
without_python() {
  env -i PATH="$NO_PYTHON_BIN" HOME="$OUT/home" LANG=C.UTF-8 QT_QPA_PLATFORM=offscreen "$@"
}
# The same, as a person would start it on a machine with no display at all.
without_display() {
  env -i PATH="$NO_PYTHON_BIN" HOME="$OUT/home" LANG=C.UTF-8 "$@"
}
run_self_test() {  # $1: label, rest: command
  local label="$1"; shift
  local log="$OUT/selftest-$label.log"
  if ! "$@" >"$log" 2>&1; then
    cat "$log"; fail "--self-test of the $label failed"
  fi
  grep -q '^self-test passed' "$log" || { cat "$log"; fail "$label self-test printed no pass line"; }
  sed 's/^/    /' "$log"
}
mkdir -p "$OUT/home"

step "build bundle, .tar.gz and .deb"
formats=bundle,tar,deb
command -v appimagetool >/dev/null && formats+=",appimage"
nice -n 10 "$PYTHON" -m ginrummy_desktop.build --formats "$formats" --dist "$DIST" \
  --work "$OUT/work"
VERSION="$("$PYTHON" -c 'import sys, tomllib; print(tomllib.load(open(sys.argv[1], "rb"))["project"]["version"])' "$ROOT/pyproject.toml")"
BUNDLE="$DIST/$APP"
DEB="$(ls "$DIST"/${APP}_*.deb)"
TARBALL="$DIST/$APP-$VERSION-linux-$(uname -m).tar.gz"
[[ -f "$DEB" && -f "$TARBALL" ]] || fail "build did not produce the .deb and .tar.gz"
[[ "$DEB" == *"_${VERSION}_"* ]] || fail "the .deb name does not carry version $VERSION: $DEB"

step "bundle holds the xcb platform plugin and everything it links"
XCB="$BUNDLE/_internal/PySide6/Qt/plugins/platforms/libqxcb.so"
[[ -f "$XCB" ]] || fail "no xcb platform plugin in the bundle ($XCB)"
missing="$(LD_LIBRARY_PATH="$BUNDLE/_internal:$BUNDLE/_internal/PySide6/Qt/lib" ldd "$XCB" \
  | grep 'not found' || true)"
[[ -z "$missing" ]] || fail "the xcb plugin cannot load: $missing"
echo "ok: $(basename "$XCB") and its libraries resolve"
for dev in tests benchmarks pytest _pytest hypothesis PyInstaller; do
  [[ ! -e "$BUNDLE/_internal/$dev" ]] || fail "development files in the bundle: _internal/$dev"
done
echo "ok: no test or development folders in the bundle"

step "self-test of the bundle, no python on PATH"
if without_python /bin/sh -c 'command -v python3 || command -v python' >/dev/null 2>&1; then
  fail "python is still reachable on the test PATH"
fi
run_self_test bundle without_python "$BUNDLE/$APP" --self-test
step "the bundle on a machine with no display says so in plain words"
set +e
without_display "$BUNDLE/$APP" >"$OUT/no-display.log" 2>&1; code=$?
without_display "$BUNDLE/$APP" --self-test >"$OUT/no-display-selftest.log" 2>&1; selftest_code=$?
set -e
[[ $code == 1 ]] || { cat "$OUT/no-display.log"; fail "with no display the app exited $code, not 1"; }
grep -q "No display was found" "$OUT/no-display.log" \
  || { cat "$OUT/no-display.log"; fail "with no display the app did not say so"; }
[[ $selftest_code == 1 ]] && grep -q "^FAIL display: the app cannot open a window" \
  "$OUT/no-display-selftest.log" \
  || { cat "$OUT/no-display-selftest.log"; fail "the self-test passed with no display"; }
echo "ok: with no display the app exits 1 with a plain message, and the self-test fails"

if command -v xvfb-run >/dev/null; then
  step "self-test of the bundle on a real X server (Xvfb, xcb platform)"
  run_self_test bundle-xcb xvfb-run -a sh -c 'exec env -i PATH="$0" HOME="$1" LANG=C.UTF-8 \
    DISPLAY="$DISPLAY" XAUTHORITY="$XAUTHORITY" QT_QPA_PLATFORM=xcb "$2" --self-test' \
    "$NO_PYTHON_BIN" "$OUT/home" "$BUNDLE/$APP"
else
  echo "(xvfb-run not installed: xcb start-up not exercised, only checked by ldd above)"
fi

step "desktop file and AppStream metainfo validate"
PAYLOAD="$OUT/deb-payload"
dpkg-deb -x "$DEB" "$PAYLOAD"
desktop-file-validate "$PAYLOAD/usr/share/applications/$APP_ID.desktop"
appstreamcli validate --no-net "$PAYLOAD/usr/share/metainfo/$APP_ID.metainfo.xml"
grep -q "<release version=\"$VERSION\"" "$PAYLOAD/usr/share/metainfo/$APP_ID.metainfo.xml" \
  || fail "metainfo does not list release $VERSION"
for size in 16 24 32 48 64 128 256 512; do
  [[ -f "$PAYLOAD/usr/share/icons/hicolor/${size}x${size}/apps/$APP.png" ]] \
    || fail "missing ${size}x${size} icon"
done
[[ -f "$PAYLOAD/usr/share/icons/hicolor/scalable/apps/$APP.svg" ]] || fail "missing SVG icon"
echo "ok: desktop file, metainfo and hicolor icons"

step "install the .deb, run the installed launcher, uninstall"
if [[ "$(id -u)" == 0 ]] && command -v dpkg >/dev/null; then
  DEB_INSTALLED=1
  dpkg -i "$DEB"
  launcher="$(PATH=/usr/local/bin:/usr/bin:/bin command -v "$APP" || true)"
  [[ "$launcher" == "/usr/bin/$APP" ]] || fail "launcher is not on PATH after install"
  run_self_test installed-deb without_python "/usr/bin/$APP" --self-test
  dpkg -r "$APP"
  DEB_INSTALLED=0
  [[ ! -e "/opt/$APP" && ! -e "/usr/bin/$APP" ]] || fail "dpkg -r left files behind"
  dpkg-query -W -f='${Status}' "$APP" 2>/dev/null | grep -q "install ok installed" \
    && fail "package still installed after dpkg -r"
  echo "ok: installed with dpkg -i, launched, removed with dpkg -r"
else
  echo "(not root: unpacking into a temporary root instead of dpkg -i)"
  run_self_test installed-deb without_python "$PAYLOAD/opt/$APP/$APP" --self-test
  grep -q "exec /opt/$APP/$APP" "$PAYLOAD/usr/bin/$APP" || fail "launcher does not start /opt/$APP"
fi

step "tar.gz unpacks to a runnable bundle"
mkdir -p "$OUT/untar"
tar -xzf "$TARBALL" -C "$OUT/untar"
[[ -x "$OUT/untar/$APP-$VERSION/$APP" ]] || fail "the .tar.gz has no $APP-$VERSION/$APP"
desktop-file-validate "$OUT/untar/$APP-$VERSION/share/applications/$APP_ID.desktop"
echo "ok: $APP-$VERSION/$APP"

step "NSIS script compiles (stand-in bundle)"
STANDIN="$OUT/nsis-standin"
mkdir -p "$STANDIN/_internal"
printf 'stand-in for the PyInstaller Windows build\n' > "$STANDIN/$APP.exe"
printf 'stand-in\n' > "$STANDIN/_internal/base_library.zip"
makensis -V2 -WX -DVERSION="$VERSION" -DSOURCE_DIR="$STANDIN" \
  -DOUT_FILE="$OUT/$APP-$VERSION-setup.exe" "$ROOT/installers/windows/$APP.nsi"
[[ "$(head -c 2 "$OUT/$APP-$VERSION-setup.exe")" == "MZ" ]] || fail "makensis wrote no Windows executable"
echo "ok: $APP-$VERSION-setup.exe"

step "sizes against budgets"
bundle_bytes="$(du -sb "$BUNDLE" | cut -f1)"
deb_bytes="$(stat -c %s "$DEB")"
tar_bytes="$(stat -c %s "$TARBALL")"
for item in "bundle $bundle_bytes $BUNDLE_BUDGET" "deb $deb_bytes $PACKAGE_BUDGET" \
            "tar.gz $tar_bytes $PACKAGE_BUDGET"; do
  read -r name bytes budget <<<"$item"
  awk -v n="$name" -v b="$bytes" -v l="$budget" \
    'BEGIN { printf "%-7s %6.1f MB (budget %d MB, %.0f%% under)\n", n, b / 1e6, l / 1e6,
             100 * (1 - b / l) }'
done
# Qt's 31 MB ICU data library is swapped for an empty stand-in (installers/pyinstaller/icu_stub.py).
while IFS= read -r icu_data; do
  icu_bytes="$(stat -c %s "$icu_data")"
  ((icu_bytes < 1000000)) || fail "$icu_data is $icu_bytes bytes: the ICU data stand-in is missing"
  echo "ok: ${icu_data#"$BUNDLE"/} is the empty stand-in ($icu_bytes bytes)"
done < <(find "$BUNDLE" -name 'libicudata.so.*' -type f)
echo "size bundle_bytes=$bundle_bytes deb_bytes=$deb_bytes tar_gz_bytes=$tar_bytes"
((bundle_bytes < BUNDLE_BUDGET)) || fail "bundle is $bundle_bytes bytes, budget $BUNDLE_BUDGET"
((deb_bytes < PACKAGE_BUDGET)) || fail ".deb is $deb_bytes bytes, budget $PACKAGE_BUDGET"
((tar_bytes < PACKAGE_BUDGET)) || fail ".tar.gz is $tar_bytes bytes, budget $PACKAGE_BUDGET"

printf '\nci-check passed: %s %s (bundle %d, deb %d, tar.gz %d bytes)\n' "$APP" "$VERSION" \
  "$bundle_bytes" "$deb_bytes" "$tar_bytes"
