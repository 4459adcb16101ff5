"""build.py's own steps, without a browser: icons, the service worker's list, bytecode."""

from __future__ import annotations

import importlib.util
import json
import os
import struct
import tomllib
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def load_build() -> ModuleType:
    spec = importlib.util.spec_from_file_location("seasalt_build", ROOT / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = load_build()


def png_chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, at = [], 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length : at + 12 + length])
        assert crc == zlib.crc32(kind + body), kind
        chunks.append((kind, body))
        at += 12 + length
    return chunks


class TestIcons:
    @pytest.mark.parametrize("size", [192, 512])
    def test_png_is_valid_and_the_same_every_time(self, size: int) -> None:
        data = build.icon_png(size)
        assert data == build.icon_png(size)
        chunks = png_chunks(data)
        assert [kind for kind, _ in chunks] == [b"IHDR", b"IDAT", b"IEND"]
        width, height, depth, colour = struct.unpack(">IIBB", chunks[0][1][:10])
        assert (width, height, depth, colour) == (size, size, 8, 2)
        raw = zlib.decompress(chunks[1][1])
        assert len(raw) == size * (1 + 3 * size)

        def pixel(x: int, y: int) -> tuple[int, ...]:
            at = y * (1 + 3 * size) + 1 + 3 * x
            return tuple(raw[at : at + 3])

        assert pixel(0, 0) == pixel(size - 1, size - 1) == (0x1D, 0x5B, 0x66)  # the sea
        assert pixel(size * 240 // 512, size * 260 // 512) == (255, 255, 255)  # the sail
        assert pixel(size // 2, size * 340 // 512) == (0xD9, 0xC3, 0x9A)  # the hull

    def test_shapes_stay_in_the_maskable_safe_zone(self) -> None:
        grid = build.ICON_GRID
        for _, points in build.ICON_SHAPES:
            for x, y in points:
                assert (x - grid / 2) ** 2 + (y - grid / 2) ** 2 <= (0.4 * grid) ** 2

    def test_svg_parses(self) -> None:
        svg = ET.fromstring(build.icon_svg())
        assert svg.tag == "{http://www.w3.org/2000/svg}svg"
        assert len(svg) == 1 + len(build.ICON_SHAPES)


class TestServiceWorker:
    def make_site(self, root: Path) -> Path:
        (root / "pyodide").mkdir(parents=True)
        (root / "index.html").write_text("<!doctype html>", encoding="utf-8")
        (root / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm")
        (root / ".nojekyll").touch()
        (root / "sw.js").write_text(
            'const VERSION = "@SEASALT_CACHE_VERSION@";\nconst FILES = @SEASALT_PRECACHE@;\n',
            encoding="utf-8")
        return root

    def test_fills_in_every_file_but_itself_and_a_version(self, tmp_path: Path) -> None:
        site = self.make_site(tmp_path / "dist")
        version = build.write_service_worker(site)
        text = (site / "sw.js").read_text(encoding="utf-8")
        assert f'const VERSION = "{version}";' in text
        files = json.loads(text.split("const FILES = ", 1)[1].rsplit(";", 1)[0])
        assert files == ["./index.html", "./pyodide/pyodide.asm.wasm"]
        assert len(version) == 16 and int(version, 16) >= 0

    def test_the_version_follows_the_bytes(self, tmp_path: Path) -> None:
        first = build.write_service_worker(self.make_site(tmp_path / "a"))
        same = build.write_service_worker(self.make_site(tmp_path / "b"))
        changed = self.make_site(tmp_path / "c")
        (changed / "index.html").write_text("<!doctype html><p>", encoding="utf-8")
        assert first == same != build.write_service_worker(changed)

    def test_a_template_without_placeholders_is_an_error(self, tmp_path: Path) -> None:
        site = self.make_site(tmp_path / "dist")
        (site / "sw.js").write_text("// nothing to fill in\n", encoding="utf-8")
        with pytest.raises(build.BuildError, match="placeholder"):
            build.write_service_worker(site)


class TestBytecode:
    def test_cached_results_need_no_node(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        node_modules = tmp_path / "node_modules"
        (node_modules / "pyodide").mkdir(parents=True)
        (node_modules / "pyodide" / "package.json").write_text('{"version": "1"}')
        (node_modules / "pyodide" / "pyodide.mjs").write_text("")
        jobs = [(build._zip_bytes([("a.py", b"x = 1\n")]), build.PACKAGE_SETTINGS)]
        monkeypatch.setattr(build.shutil, "which", lambda _name: None)
        with pytest.raises(build.BuildError, match="node not found"):
            build.compile_bytecode(jobs, node_modules=node_modules, cache=tmp_path / "cache")
        # node runs once; then the result in the cache, under the key of these inputs,
        # is used as it is
        calls: list[list[str]] = []

        def fake_run(args: list[str], **_kwargs: object) -> object:
            calls.append(args)
            spec = json.loads(Path(args[2]).read_text())
            for job in spec["jobs"]:
                Path(job["target"]).write_bytes(b"compiled")
            return type("Done", (), {"returncode": 0})()

        monkeypatch.setattr(build.shutil, "which", lambda _name: "/usr/bin/node")
        monkeypatch.setattr(build.subprocess, "run", fake_run)
        cache = tmp_path / "cache"
        assert build.compile_bytecode(jobs, node_modules=node_modules, cache=cache) == [
            b"compiled"]
        assert build.compile_bytecode(jobs, node_modules=node_modules, cache=cache) == [
            b"compiled"]
        assert len(calls) == 1
        # the cache keeps only the most recently used archives
        for i in range(2 * build.PYC_CACHE_KEEP):
            (cache / f"old{i}.zip").write_bytes(b"")
            os.utime(cache / f"old{i}.zip", (i, i))
        assert build.compile_bytecode(jobs, node_modules=node_modules, cache=cache) == [
            b"compiled"]
        assert len(list(cache.glob("*.zip"))) == build.PYC_CACHE_KEEP
        assert len(calls) == 1

    def test_stdlib_settings_name_the_mounted_archive(self) -> None:
        settings = build.stdlib_settings("3.14.2")
        assert settings["prefix"] == "/lib/python314.zip/" and settings["layout"] == "beside"


class TestPreloads:
    def test_pyscript_startup_modules_from_its_code(self) -> None:
        pyscript = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
        if not (pyscript / "core.js").is_file():
            pytest.skip("npm packages not installed (python build.py installs them)")
        names = build.pyscript_startup_modules(pyscript)
        assert names[0].startswith("core-")
        stems = {name.rsplit("-", 1)[0] for name in names}
        assert {"toml", "error", "py-terminal", "deprecations-manager"} <= stems
        assert not stems & {"codemirror", "xterm", "zip", "pyodide_graph"}  # loaded on demand
        assert len(names) == len(set(names))


class TestPageModules:
    def test_python_preload_links_follow_the_config(self) -> None:
        files = {"./seasalt.whl": "./*", "./page/dom.py": "./page/dom.py",
                 "./page/boot.py": "./page/boot.py"}
        links = build.python_preload_links(files).split("\n  ")
        assert links == ['<link rel="preload" href="./page/dom.py" as="fetch" crossorigin>',
                         '<link rel="preload" href="./page/boot.py" as="fetch" crossorigin>']

    def make_web(self, root: Path, listed: list[str]) -> Path:
        (root / "page").mkdir(parents=True)
        for name in ("__init__.py", "dom.py"):
            (root / "page" / name).write_text("", encoding="utf-8")
        (root / "index.html").write_text(
            f"<head>{build.PYTHON_PRELOADS_MARKER}</head>", encoding="utf-8")
        lines = [f'"./{build.WHEEL_PLACEHOLDER}" = "./*"'] + [f'"./{n}" = "./{n}"' for n in listed]
        (root / build.CONFIG_NAME).write_text("[files]\n" + "\n".join(lines) + "\n",
                                              encoding="utf-8")
        return root

    def test_copy_web_preloads_every_page_module(self, tmp_path: Path) -> None:
        web = self.make_web(tmp_path / "web", ["page/__init__.py", "page/dom.py"])
        assert build.page_modules(web) == ["page/__init__.py", "page/dom.py"]
        build.copy_web(tmp_path / "dist", "seasalt.whl", web=web)
        page = (tmp_path / "dist" / "index.html").read_text(encoding="utf-8")
        assert build.PYTHON_PRELOADS_MARKER not in page
        assert page.count('rel="preload"') == 2 and 'href="./page/dom.py"' in page

    def test_a_module_missing_from_the_config_is_an_error(self, tmp_path: Path) -> None:
        web = self.make_web(tmp_path / "web", ["page/__init__.py"])
        with pytest.raises(build.BuildError, match="missing: page/dom.py"):
            build.copy_web(tmp_path / "dist", "seasalt.whl", web=web)

    def test_the_real_config_lists_the_page(self) -> None:
        config = tomllib.loads((build.WEB / build.CONFIG_NAME).read_text(encoding="utf-8"))
        assert {f"./{n}" for n in build.page_modules()} <= set(config["files"])
