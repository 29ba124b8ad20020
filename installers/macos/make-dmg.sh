#!/usr/bin/env bash
# Make a drag-to-Applications disk image from the PyInstaller .app (macOS only).
#
#   installers/macos/make-dmg.sh [path/to/Gin Rummy Desktop.app] [output.dmg]
#
# Defaults: dist/Gin Rummy Desktop.app -> dist/ginrummy-desktop-<version>-macos-<arch>.dmg.
# `python -m ginrummy_desktop.build` runs this after building the .app. Set CODESIGN_IDENTITY to a
# "Developer ID Application: ..." identity to sign for distribution (then notarize the .dmg with
# `xcrun notarytool submit --wait` and `xcrun stapler staple`); without it the app is signed
# ad hoc, which runs on the build Mac and, after right-click > Open, on others.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
VERSION="$(python3 -c 'import sys, tomllib; print(tomllib.load(open(sys.argv[1], "rb"))["project"]["version"])' "$ROOT/pyproject.toml")"
APP="${1:-$ROOT/dist/Gin Rummy Desktop.app}"
DMG="${2:-$ROOT/dist/ginrummy-desktop-$VERSION-macos-$(uname -m).dmg}"
VOLUME="Gin Rummy Desktop $VERSION"

if [[ "$(uname -s)" != "Darwin" ]]; then
  echo "make-dmg.sh: needs macOS (hdiutil, codesign); this is $(uname -s)." >&2
  exit 2
fi
if [[ ! -d "$APP" ]]; then
  echo "make-dmg.sh: no app bundle at '$APP'; build it first: python -m ginrummy_desktop.build" >&2
  exit 2
fi

IDENTITY="${CODESIGN_IDENTITY:--}"
codesign_args=(--force --deep --sign "$IDENTITY")
if [[ "$IDENTITY" != "-" ]]; then
  codesign_args+=(--options runtime --timestamp)  # hardened runtime: required for notarization
fi
codesign "${codesign_args[@]}" "$APP"
codesign --verify --deep --strict "$APP"

STAGING="$(mktemp -d)"
trap 'rm -rf "$STAGING"' EXIT
cp -R "$APP" "$STAGING/"
ln -s /Applications "$STAGING/Applications"

rm -f "$DMG"
hdiutil create -volname "$VOLUME" -srcfolder "$STAGING" -fs HFS+ -format UDZO -ov "$DMG"
hdiutil verify "$DMG"
if [[ "$IDENTITY" != "-" ]]; then
  codesign --sign "$IDENTITY" --timestamp "$DMG"
fi
echo "wrote $DMG"
