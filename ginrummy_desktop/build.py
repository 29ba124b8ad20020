"""Build the packaged app and its installers from a source checkout.

    python -m ginrummy_desktop.build                 # bundle + this platform's installers
    python -m ginrummy_desktop.build --onefile       # single-file executable instead
    python -m ginrummy_desktop.build --formats deb   # only some outputs (see --help)

Linux makes dist/ginrummy-desktop/ (PyInstaller one-folder), a .tar.gz, a .deb and, when
`appimagetool` is on PATH, an AppImage. Windows makes a per-user NSIS installer, macOS a .app and
a .dmg. Everything is named with the version from pyproject.toml. Needs the `build` extra
(PyInstaller) and, per format, dpkg-deb / makensis / appimagetool / hdiutil.
This module is a developer tool: the app never imports it and the bundle excludes it.
"""

from __future__ import annotations

import argparse
import datetime as dt
import gzip
import os
import platform
import re
import shutil
import stat
import subprocess
import sys
import tarfile
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

APP_NAME = "ginrummy-desktop"
APP_ID = "io.github.ginrummy_desktop.GinRummyDesktop"
DISPLAY_NAME = "Gin Rummy Desktop"
HICOLOR_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
XCB_PLUGIN = Path("_internal/PySide6/Qt/plugins/platforms/libqxcb.so")
FORMATS_BY_PLATFORM = {
    "linux": ("bundle", "tar", "deb", "appimage"),
    "win32": ("bundle", "nsis"),
    "darwin": ("bundle", "dmg"),
}
ALL_FORMATS = ("bundle", "tar", "deb", "appimage", "nsis", "dmg")


class BuildError(Exception):
    """A build step failed; the message says which and what to do."""


@dataclass(frozen=True)
class Project:
    root: Path
    version: str
    dist: Path
    work: Path

    @property
    def bundle(self) -> Path:
        return self.dist / APP_NAME

    @property
    def linux_dir(self) -> Path:
        return self.root / "installers" / "linux"

    @property
    def icons_dir(self) -> Path:
        return self.root / "assets" / "icons"


def find_project(dist: Path | None = None, work: Path | None = None) -> Project:
    """The source checkout this module lives in, with its version from pyproject.toml."""
    root = Path(__file__).resolve().parents[1]
    if not (root / "build.spec").is_file() or not (root / "pyproject.toml").is_file():
        raise BuildError(f"{root} is not a source checkout (no build.spec / pyproject.toml); "
                         "run this from a clone of the repository")
    return Project(root=root, version=project_version(root), dist=dist or root / "dist",
                   work=work or root / "build")


def project_version(root: Path) -> str:
    """The version string, read from its single source: pyproject.toml."""
    with open(root / "pyproject.toml", "rb") as file:
        return tomllib.load(file)["project"]["version"]


def debian_version(version: str) -> str:
    """PEP 440 to Debian ordering: pre-releases sort before the release with '~'."""
    return re.sub(r"\.?(a|b|rc|dev)(\d+)", r"~\1\2", version)


def machine_arch() -> str:
    return {"amd64": "x86_64", "arm64": "aarch64"}.get(platform.machine().lower(),
                                                       platform.machine().lower())


def release_date() -> str:
    """Build date for the AppStream release entry; SOURCE_DATE_EPOCH makes it reproducible."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    moment = (dt.datetime.fromtimestamp(int(epoch), dt.UTC) if epoch else dt.datetime.now(dt.UTC))
    return moment.date().isoformat()


def run(command: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    print("+", " ".join(command), flush=True)
    try:
        return subprocess.run(command, check=True, text=True, **kwargs)  # type: ignore[call-overload]
    except FileNotFoundError as error:
        raise BuildError(f"{command[0]} is not installed") from error
    except subprocess.CalledProcessError as error:
        raise BuildError(f"{command[0]} failed with exit status {error.returncode}") from error


# --- the bundle ---------------------------------------------------------------------------


def build_bundle(project: Project, onefile: bool = False) -> Path:
    """Run PyInstaller on build.spec; return the bundle folder (or the one-file executable)."""
    try:
        import PyInstaller  # noqa: F401
    except ImportError as error:
        raise BuildError("PyInstaller is missing: pip install -e '.[build]'") from error
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
               "--distpath", str(project.dist), "--workpath", str(project.work / "pyinstaller"),
               str(project.root / "build.spec")]
    if onefile:
        command += ["--", "--onefile"]
    run(command, cwd=project.root)
    if onefile:
        return project.dist / (APP_NAME + (".exe" if sys.platform == "win32" else ""))
    return project.bundle


def bundle_problems(bundle: Path) -> list[str]:
    """What is wrong with a Linux one-folder bundle, as sentences (empty when it looks right).

    PyInstaller only warns when the X11 libraries Qt's xcb plugin loads are missing on the build
    machine, and the bundle then fails on every desktop, so both the plugin and the libraries it
    links are checked here.
    """
    executable = bundle / APP_NAME
    if not executable.is_file():
        return [f"{executable} is missing: the PyInstaller build did not finish"]
    plugin = bundle / XCB_PLUGIN
    if not plugin.is_file():
        return [f"the bundle has no xcb platform plugin ({XCB_PLUGIN}): it could not open a "
                "window on an X11 desktop"]
    unresolved = unresolved_libraries(bundle, [plugin])
    if unresolved:
        return ["the xcb plugin links libraries found neither in the bundle nor on this "
                f"machine: {', '.join(sorted(unresolved))}; install libxcb-cursor0 "
                "libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0 libxcb-xkb1 "
                "libxkbcommon-x11-0 and rebuild"]
    return []


def _library_path(bundle: Path) -> str:
    internal = bundle / "_internal"
    return os.pathsep.join(str(p) for p in (internal, internal / "PySide6" / "Qt" / "lib"))


def _ldd(bundle: Path, binary: Path) -> list[tuple[str, str | None]]:
    """(soname, resolved path or None) for each library ``binary`` needs, bundle first."""
    env = dict(os.environ, LD_LIBRARY_PATH=_library_path(bundle))
    result = subprocess.run(["ldd", str(binary)], capture_output=True, text=True, env=env)
    found: list[tuple[str, str | None]] = []
    for line in result.stdout.splitlines():
        match = re.match(r"\s*(\S+) => (not found|(\S+))", line)
        if match:
            found.append((match.group(1), match.group(3)))
    return found


def unresolved_libraries(bundle: Path, binaries: Iterable[Path]) -> set[str]:
    return {name for binary in binaries for name, path in _ldd(bundle, binary) if path is None}


def system_libraries(bundle: Path) -> set[str]:
    """Libraries the bundle's binaries load from the system rather than from the bundle."""
    elves = [bundle / APP_NAME] + [path for path in (bundle / "_internal").rglob("*.so*")
                                   if path.is_file()]
    bundled = str(bundle.resolve())
    return {os.path.realpath(path) for elf in elves for _name, path in _ldd(bundle, elf)
            if path and not os.path.realpath(path).startswith(bundled)}


def debian_depends(bundle: Path) -> list[str]:
    """Debian packages providing the system libraries the bundle loads (via `dpkg -S`)."""
    libraries = sorted(system_libraries(bundle))
    if not libraries or shutil.which("dpkg") is None:
        return []
    # dpkg records /lib paths on merged-/usr systems, so ask for both spellings.
    queries = libraries + [path.removeprefix("/usr") for path in libraries
                           if path.startswith("/usr/lib")]
    result = subprocess.run(["dpkg", "-S", *queries], capture_output=True, text=True)
    packages = {line.split(":", 1)[0] for line in result.stdout.splitlines() if ":" in line}
    return sorted(package.split(",")[0].strip() for package in packages)


# --- Linux desktop integration ------------------------------------------------------------------


def desktop_integration_files(project: Project) -> dict[str, bytes]:
    """Files under share/ for a Linux install: desktop entry, AppStream metainfo, icons."""
    metainfo = (project.linux_dir / f"{APP_ID}.metainfo.xml.in").read_text(encoding="utf-8")
    metainfo = metainfo.replace("@VERSION@", project.version).replace("@DATE@", release_date())
    files = {
        f"applications/{APP_ID}.desktop": (project.linux_dir / f"{APP_ID}.desktop").read_bytes(),
        f"metainfo/{APP_ID}.metainfo.xml": metainfo.encode(),
        f"icons/hicolor/scalable/apps/{APP_NAME}.svg":
            (project.icons_dir / f"{APP_NAME}.svg").read_bytes(),
    }
    for size in HICOLOR_SIZES:
        files[f"icons/hicolor/{size}x{size}/apps/{APP_NAME}.png"] = (
            project.icons_dir / f"{APP_NAME}-{size}.png").read_bytes()
    return files


def _write_tree(root: Path, files: dict[str, bytes], mode: int = 0o644) -> None:
    for relative, data in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        path.chmod(mode)


def _normalise_permissions(root: Path) -> None:
    """0755 folders and executables, 0644 other files, whatever the builder's umask was."""
    for path in [root, *root.rglob("*")]:
        if path.is_symlink():
            continue
        if path.is_dir() or path.stat().st_mode & stat.S_IXUSR:
            path.chmod(0o755)
        else:
            path.chmod(0o644)


def launcher_script(target: str) -> bytes:
    # A script, not a symlink: the bootloader then finds _internal/ next to the real executable.
    return f'#!/bin/sh\nexec {target} "$@"\n'.encode()


def make_tarball(project: Project) -> Path:
    """dist/ginrummy-desktop-<version>-linux-<arch>.tar.gz: the bundle plus share/ files."""
    top = f"{APP_NAME}-{project.version}"
    staging = project.work / "tar" / top
    shutil.rmtree(staging.parent, ignore_errors=True)
    shutil.copytree(project.bundle, staging, symlinks=True)
    _write_tree(staging / "share", desktop_integration_files(project))
    (staging / "INSTALL.txt").write_text(
        f"{DISPLAY_NAME} {project.version}\n\n"
        f"Run ./{APP_NAME} from this folder. To add it to your desktop's menus:\n"
        f"  cp -r share/* ~/.local/share/\n"
        f"and edit ~/.local/share/applications/{APP_ID}.desktop so Exec= is the full path of\n"
        f"{APP_NAME} in this folder.\n", encoding="utf-8")
    _normalise_permissions(staging)
    out = project.dist / f"{top}-linux-{machine_arch()}.tar.gz"
    with open(out, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9,
                                               mtime=0) as zipped, \
            tarfile.open(fileobj=zipped, mode="w", format=tarfile.PAX_FORMAT) as archive:
        for path in sorted([staging, *staging.rglob("*")]):
            info = archive.gettarinfo(str(path), arcname=str(path.relative_to(staging.parent)))
            info.uid = info.gid = 0
            info.uname = info.gname = "root"
            if info.isfile():
                with open(path, "rb") as data:
                    archive.addfile(info, data)
            else:
                archive.addfile(info)
    shutil.rmtree(staging.parent)
    return out


def make_deb(project: Project) -> Path:
    """dist/ginrummy-desktop_<version>_<arch>.deb: app in /opt, launcher in /usr/bin."""
    root = project.work / "deb" / "root"
    shutil.rmtree(root.parent, ignore_errors=True)
    shutil.copytree(project.bundle, root / "opt" / APP_NAME, symlinks=True)
    _write_tree(root / "usr" / "share", desktop_integration_files(project))
    _write_tree(root, {f"usr/bin/{APP_NAME}": launcher_script(f"/opt/{APP_NAME}/{APP_NAME}")},
                mode=0o755)
    license_text = (project.root / "LICENSE").read_bytes() if (project.root / "LICENSE").exists() \
        else b"MIT License\n"
    _write_tree(root, {f"usr/share/doc/{APP_NAME}/copyright": license_text})

    arch = run(["dpkg", "--print-architecture"], capture_output=True).stdout.strip()
    installed_kib = _size(root) // 1024 + 1
    depends = debian_depends(project.bundle)
    control = "\n".join(line for line in [
        f"Package: {APP_NAME}",
        f"Version: {debian_version(project.version)}",
        f"Architecture: {arch}",
        "Maintainer: Gin Rummy Desktop developers <ginrummy-desktop@users.noreply.github.com>",
        f"Installed-Size: {installed_kib}",
        f"Depends: {', '.join(depends)}" if depends else "",
        "Section: games",
        "Priority: optional",
        "Description: Gin Rummy and Cribbage against good computer opponents",
        " Play Gin Rummy and Cribbage against computer opponents that play well,",
        " without an account or a network connection. Self-contained build: the",
        f" app and its Qt libraries live in /opt/{APP_NAME}.",
    ] if line) + "\n"
    _write_tree(root / "DEBIAN", {"control": control.encode()})
    _normalise_permissions(root)
    out = project.dist / f"{APP_NAME}_{debian_version(project.version)}_{arch}.deb"
    run(["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(root), str(out)])
    shutil.rmtree(root.parent)
    return out


def make_appimage(project: Project) -> Path | None:
    """An AppImage when appimagetool is available; otherwise leave the AppDir and say so."""
    appdir = project.work / "AppDir"
    shutil.rmtree(appdir, ignore_errors=True)
    shutil.copytree(project.bundle, appdir / "usr" / "lib" / APP_NAME, symlinks=True)
    _write_tree(appdir / "usr" / "share", desktop_integration_files(project))
    _write_tree(appdir, {
        f"{APP_ID}.desktop": (project.linux_dir / f"{APP_ID}.desktop").read_bytes(),
        f"{APP_NAME}.png": (project.icons_dir / f"{APP_NAME}-256.png").read_bytes(),
    })
    _write_tree(appdir, {"AppRun": (project.linux_dir / "AppRun").read_bytes()}, mode=0o755)
    _normalise_permissions(appdir)
    (appdir / ".DirIcon").symlink_to(f"{APP_NAME}.png")
    tool = shutil.which("appimagetool")
    if tool is None:
        print(f"appimagetool not found: AppDir left in {appdir} (see docs/packaging.md)")
        return None
    out = project.dist / f"GinRummyDesktop-{project.version}-{machine_arch()}.AppImage"
    run([tool, str(appdir), str(out)], env=dict(os.environ, ARCH=machine_arch()))
    return out


# --- Windows and macOS ------------------------------------------------------------------------


def make_nsis(project: Project, source_dir: Path | None = None) -> Path:
    """Compile the NSIS installer for a Windows bundle (``source_dir`` defaults to dist/)."""
    out = project.dist / f"{APP_NAME}-{project.version}-setup.exe"
    run(["makensis", "-V2", "-WX", f"-DVERSION={project.version}",
         f"-DSOURCE_DIR={(source_dir or project.bundle).resolve()}", f"-DOUT_FILE={out.resolve()}",
         str(project.root / "installers" / "windows" / f"{APP_NAME}.nsi")])
    return out


def make_dmg(project: Project) -> Path:
    out = project.dist / f"{APP_NAME}-{project.version}-macos-{platform.machine()}.dmg"
    run(["bash", str(project.root / "installers" / "macos" / "make-dmg.sh"),
         str(project.dist / f"{DISPLAY_NAME}.app"), str(out)])
    return out


# --- command line ----------------------------------------------------------------------------


def _size(path: Path) -> int:
    if path.is_dir():
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())
    return path.stat().st_size


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    default = FORMATS_BY_PLATFORM.get("linux" if sys.platform.startswith("linux")
                                      else sys.platform, ("bundle",))
    parser = argparse.ArgumentParser(prog="python -m ginrummy_desktop.build",
                                     description="Build the packaged app and its installers.")
    parser.add_argument("--formats", default=",".join(default),
                        help=f"comma-separated, from {', '.join(ALL_FORMATS)} "
                             f"(default here: {','.join(default)})")
    parser.add_argument("--onefile", action="store_true",
                        help="build a single executable instead of a folder (no installers)")
    parser.add_argument("--reuse-bundle", action="store_true",
                        help="package the existing dist/ginrummy-desktop instead of rebuilding")
    parser.add_argument("--dist", type=Path, help="output folder (default: dist/)")
    parser.add_argument("--work", type=Path, help="scratch folder (default: build/)")
    args = parser.parse_args(argv)
    args.formats = [name.strip() for name in args.formats.split(",") if name.strip()]
    unknown = sorted(set(args.formats) - set(ALL_FORMATS))
    if unknown:
        parser.error(f"unknown format(s) {', '.join(unknown)}; "
                     f"choose from {', '.join(ALL_FORMATS)}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        project = find_project(args.dist and args.dist.resolve(), args.work and args.work.resolve())
        print(f"{DISPLAY_NAME} {project.version}")
        outputs: list[Path] = []
        if args.onefile:
            outputs.append(build_bundle(project, onefile=True))
        else:
            if not args.reuse_bundle:
                build_bundle(project)
            elif not project.bundle.is_dir():
                raise BuildError(f"--reuse-bundle: {project.bundle} does not exist yet")
            outputs.append(project.bundle)
            if sys.platform.startswith("linux"):
                problems = bundle_problems(project.bundle)
                if problems:
                    raise BuildError("; ".join(problems))
            makers = {"tar": make_tarball, "deb": make_deb, "appimage": make_appimage,
                      "nsis": make_nsis, "dmg": make_dmg}
            for name in args.formats:
                if name in makers:
                    made = makers[name](project)
                    if made is not None:
                        outputs.append(made)
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    for path in outputs:
        print(f"built {path} ({_size(path) / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
