"""The build's own steps (``tools/build/``), without a browser: icons, the service
worker's list, bytecode, the layout's rules, catalogs, the Python the build runs in."""

from __future__ import annotations

import ast
import gettext
import gzip
import html
import io
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
import zipfile
import zlib
from pathlib import Path
from typing import Any

import pytest

from tools.build import (
    archives,
    bytecode,
    catalogs,
    errors,
    icons,
    languages,
    layout,
    paths,
    requirements,
    serve,
    site_files,
    stdlib,
    stylesheet,
    vendor,
)

ROOT = Path(__file__).resolve().parents[1]


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
        data = icons.icon_png(size)
        assert data == icons.icon_png(size)
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
        grid = icons.ICON_GRID
        for _, points in icons.ICON_SHAPES:
            for x, y in points:
                assert (x - grid / 2) ** 2 + (y - grid / 2) ** 2 <= (0.4 * grid) ** 2

    def test_svg_parses(self) -> None:
        svg = ET.fromstring(icons.icon_svg())
        assert svg.tag == "{http://www.w3.org/2000/svg}svg"
        assert len(svg) == 1 + len(icons.ICON_SHAPES)


class TestServiceWorker:
    def make_site(self, root: Path) -> Path:
        (root / "pyodide").mkdir(parents=True)
        (root / "index.html").write_text("<!doctype html>", encoding="utf-8")
        (root / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm")
        (root / ".nojekyll").touch()
        (root / "sw.js").write_text(
            'const VERSION = "@SEASALT_CACHE_VERSION@";\nconst FILES = @SEASALT_PRECACHE@;\n',
            encoding="utf-8")
        for name in site_files.STAMPED:
            (root / name).write_text(
                f'"use strict";\nconst SITE_VERSION = "{site_files.SITE_VERSION_PLACEHOLDER}";\n',
                encoding="utf-8")
        return root

    def test_fills_in_every_file_but_itself_and_a_version(self, tmp_path: Path) -> None:
        site = self.make_site(tmp_path / "dist")
        version = site_files.write_service_worker(site)
        text = (site / "sw.js").read_text(encoding="utf-8")
        assert f'const VERSION = "{version}";' in text
        files = json.loads(text.split("const FILES = ", 1)[1].rsplit(";", 1)[0])
        assert files == ["./boot.js", "./bots-worker.js", "./index.html",
                         "./pyodide/pyodide.asm.wasm"]
        assert len(version) == 16 and int(version, 16) >= 0

    def test_the_page_and_the_bots_worker_carry_the_version(self, tmp_path: Path) -> None:
        """Issue 41, item 6: they ask for the worker and the archives with it."""
        site = self.make_site(tmp_path / "dist")
        version = site_files.write_service_worker(site)
        for name in ("boot.js", "bots-worker.js"):
            text = (site / name).read_text(encoding="utf-8")
            assert f'\nconst SITE_VERSION = "{version}";\n' in text
        # filled in again (the next deploy's sw.js): the same version, stamped once
        (site / "sw.js").write_text(
            'const VERSION = "@SEASALT_CACHE_VERSION@";\nconst FILES = @SEASALT_PRECACHE@;\n',
            encoding="utf-8")
        assert site_files.write_service_worker(site) == version
        assert (site / "boot.js").read_text(encoding="utf-8").count(version) == 1

    def test_the_page_without_its_version_line_is_an_error(self, tmp_path: Path) -> None:
        site = self.make_site(tmp_path / "dist")
        (site / "boot.js").write_text('"use strict";\n', encoding="utf-8")
        with pytest.raises(errors.BuildError, match="SITE_VERSION"):
            site_files.write_service_worker(site)

    def test_the_version_follows_the_bytes(self, tmp_path: Path) -> None:
        first = site_files.write_service_worker(self.make_site(tmp_path / "a"))
        same = site_files.write_service_worker(self.make_site(tmp_path / "b"))
        changed = self.make_site(tmp_path / "c")
        (changed / "index.html").write_text("<!doctype html><p>", encoding="utf-8")
        assert first == same != site_files.write_service_worker(changed)

    def test_a_template_without_placeholders_is_an_error(self, tmp_path: Path) -> None:
        site = self.make_site(tmp_path / "dist")
        (site / "sw.js").write_text("// nothing to fill in\n", encoding="utf-8")
        with pytest.raises(errors.BuildError, match="placeholder"):
            site_files.write_service_worker(site)


class TestSnapshotKey:
    def make_site(self, root: Path, stdlib: bytes = b"PK stdlib",
                  engine: bytes = b"engine") -> Path:
        (root / "pyodide").mkdir(parents=True)
        for name in vendor.PYODIDE_FILES:
            (root / "pyodide" / name).write_bytes(name.encode())
        (root / "pyodide" / paths.STDLIB_ZIP).write_bytes(stdlib)
        (root / paths.UNPACK_MODULE).write_text("def unpack_file(): ...", encoding="utf-8")
        (root / paths.START_ARCHIVE).write_bytes(engine)
        (root / paths.PYODIDE_START).write_text(
            (paths.WEB / paths.PYODIDE_START).read_text(encoding="utf-8"), encoding="utf-8")
        return root

    def test_fills_in_the_key_of_the_vendored_files(self, tmp_path: Path) -> None:
        site = self.make_site(tmp_path / "dist")
        key = site_files.write_snapshot_key(site)
        text = (site / paths.PYODIDE_START).read_text(encoding="utf-8")
        assert f'const KEY = "{key}";' in text
        assert site_files.SNAPSHOT_KEY_PLACEHOLDER not in text
        assert len(key) == 16 and int(key, 16) >= 0

    def test_another_standard_library_or_engine_is_another_key(self, tmp_path: Path
                                                                ) -> None:
        first = site_files.snapshot_key(self.make_site(tmp_path / "a"))
        same = site_files.snapshot_key(self.make_site(tmp_path / "b"))
        stdlib = site_files.snapshot_key(self.make_site(tmp_path / "c", stdlib=b"PK other"))
        engine = site_files.snapshot_key(self.make_site(tmp_path / "d", engine=b"other"))
        assert first == same
        assert len({first, stdlib, engine}) == 3

    def test_only_the_snapshots_files_count(self, tmp_path: Path) -> None:
        site = self.make_site(tmp_path / "a")
        key = site_files.snapshot_key(site)
        (site / "index.html").write_text("<p>", encoding="utf-8")
        (site / paths.PYODIDE_START).write_text("// changed", encoding="utf-8")
        assert site_files.snapshot_key(site) == key  # the page may change, the snapshot holds

    def test_a_module_without_the_placeholder_is_an_error(self, tmp_path: Path) -> None:
        site = self.make_site(tmp_path / "dist")
        (site / paths.PYODIDE_START).write_text("// no key\n", encoding="utf-8")
        with pytest.raises(errors.BuildError, match="placeholder"):
            site_files.write_snapshot_key(site)
        (site / paths.PYODIDE_START).unlink()
        with pytest.raises(errors.BuildError, match="missing"):
            site_files.write_snapshot_key(site)

    def test_the_real_site_loads_pyodide_through_the_snapshot_module(self) -> None:
        config = tomllib.loads((paths.WEB / paths.CONFIG_NAME).read_text(encoding="utf-8"))
        assert config["interpreter"] == "./" + paths.PYODIDE_START
        text = (paths.WEB / paths.PYODIDE_START).read_text(encoding="utf-8")
        assert 'from "./pyodide.mjs"' in text and "_loadSnapshot" in text
        # the engine it imports into the snapshot: the files the key covers, as main.py
        for name in (paths.UNPACK_MODULE, paths.START_ARCHIVE):
            assert f'"../{name}"' in text and name in site_files.snapshot_files()
        main = (paths.WEB / "main.py").read_text(encoding="utf-8")
        assert f'unpack_file("{paths.START_ARCHIVE}")' in main
        assert "import seasalt.web.table, seasalt.web.words" in text
        # not the service worker's prefix: it deletes every other "seasalt-" cache
        sw = (paths.WEB / paths.SERVICE_WORKER).read_text(encoding="utf-8")
        assert 'const PREFIX = "seasalt-";' in sw
        cache = re.search(r'SNAPSHOT_CACHE = "([^"]+)"', text)
        assert cache and not cache.group(1).startswith("seasalt-")
        # boot.js reads it early from the same cache
        boot = (paths.WEB / "boot.js").read_text(encoding="utf-8")
        assert f'const SNAPSHOT_CACHE = "{cache.group(1)}";' in boot


class TestBytecode:
    def test_cached_results_need_no_node(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        node_modules = tmp_path / "node_modules"
        (node_modules / "pyodide").mkdir(parents=True)
        (node_modules / "pyodide" / "package.json").write_text('{"version": "1"}')
        (node_modules / "pyodide" / "pyodide.mjs").write_text("")
        jobs = [(bytecode.zip_bytes([("a.py", b"x = 1\n")]), bytecode.PACKAGE_SETTINGS)]
        monkeypatch.setattr(bytecode.shutil, "which", lambda _name: None)
        with pytest.raises(errors.BuildError, match="node not found"):
            bytecode.compile_bytecode(jobs, node_modules=node_modules, cache=tmp_path / "cache")
        # node runs once; then the result in the cache, under the key of these inputs,
        # is used as it is
        calls: list[list[str]] = []

        def fake_run(args: list[str], **_kwargs: object) -> object:
            calls.append(args)
            spec = json.loads(Path(args[2]).read_text())
            for job in spec["jobs"]:
                Path(job["target"]).write_bytes(b"compiled")
            return type("Done", (), {"returncode": 0})()

        monkeypatch.setattr(bytecode.shutil, "which", lambda _name: "/usr/bin/node")
        monkeypatch.setattr(bytecode.subprocess, "run", fake_run)
        cache = tmp_path / "cache"
        assert bytecode.compile_bytecode(jobs, node_modules=node_modules, cache=cache) == [
            b"compiled"]
        assert bytecode.compile_bytecode(jobs, node_modules=node_modules, cache=cache) == [
            b"compiled"]
        assert len(calls) == 1
        # the cache keeps only the most recently used archives
        for i in range(2 * bytecode.PYC_CACHE_KEEP):
            (cache / f"old{i}.zip").write_bytes(b"")
            os.utime(cache / f"old{i}.zip", (i, i))
        assert bytecode.compile_bytecode(jobs, node_modules=node_modules, cache=cache) == [
            b"compiled"]
        assert len(list(cache.glob("*.zip"))) == bytecode.PYC_CACHE_KEEP
        assert len(calls) == 1

    def test_stdlib_settings_name_the_mounted_archive(self) -> None:
        settings = stdlib.stdlib_settings("3.14.2")
        assert settings["prefix"] == "/lib/python314.zip/" and settings["layout"] == "beside"
        assert settings["select"] is None and settings["stored"] is bytecode.STORED is False
        assert stdlib.stdlib_settings("3.14.2", ["json", "re"])["select"] == ["json", "re"]


class TestPagesStandardLibrary:
    """What the search for the page's standard-library modules starts from."""

    def test_the_command_line_is_not_on_the_page(self) -> None:
        for name in ("seasalt.cli", "seasalt.cli.main", "seasalt.__main__",
                     "seasalt.cli.commands.play",
                     "seasalt.ssp.present.term", "seasalt.fdm.present.term"):
            assert not layout.on_the_page(name), name
        for name in ("seasalt.web.table", "seasalt.ssp.present.page", "seasalt.terminology",
                     "seasalt.core.table", "seasalt.ssp.present.terms", "page.cli"):
            assert layout.on_the_page(name), name
        shipped = {name for name, _ in layout.shipped_package()}
        assert "seasalt/web/table.py" in shipped and "seasalt/ssp/present/term.py" not in shipped

    def test_the_roots_are_the_pages_python(self) -> None:
        if not (stdlib.PYSCRIPT_PYTHON / "pyscript" / "__init__.py").is_file():
            pytest.skip("npm packages not installed (python build.py installs them)")
        sources = stdlib.page_python_sources()
        names = [name for name, _ in sources]
        assert {"main.py", "page/boot.py", "page/dom.py", "seasalt/web/table.py",
                "seasalt/web/worker.py", "seasalt/fdm/game.py",
                "pyscript/__init__.py"} <= set(names)
        assert "seasalt/cli/main.py" not in names and len(names) == len(set(names))
        roots = stdlib.page_roots(sources)
        assert {"main", "page", "page.boot", "seasalt", "seasalt.web.table", "pyscript",
                *stdlib.STDLIB_BY_NAME} <= set(roots)
        assert not [r for r in roots if r.startswith("pyscript.")]

    def test_without_pyscripts_python_the_build_stops(self, tmp_path: Path) -> None:
        with pytest.raises(errors.BuildError, match="pyscript"):
            stdlib.page_python_sources(pyscript=tmp_path)


class TestPreloads:
    def test_pyscript_startup_modules_from_its_code(self) -> None:
        pyscript = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
        if not (pyscript / "core.js").is_file():
            pytest.skip("npm packages not installed (python build.py installs them)")
        names = vendor.pyscript_startup_modules(pyscript)
        assert names[0].startswith("core-")
        stems = {name.rsplit("-", 1)[0] for name in names}
        assert {"error", "py-terminal", "deprecations-manager"} <= stems
        assert not stems & {"codemirror", "xterm", "zip", "pyodide_graph"}  # loaded on demand
        assert "toml" not in stems  # the page's config is JSON
        assert len(names) == len(set(names))


class TestStylesheet:
    @staticmethod
    def source(name: str) -> Path:
        """Where the build copies a stylesheet of the page from."""
        if name.startswith("pyscript/"):
            return paths.NODE_MODULES / "@pyscript" / "core" / "dist" / name.split("/", 1)[1]
        return paths.WEB / name

    def test_the_built_page_links_one_stylesheet_with_every_rule(self, tmp_path: Path) -> None:
        if not (paths.NODE_MODULES / "@pyscript" / "core" / "dist" / "core.css").is_file():
            pytest.skip("npm packages not installed (python build.py installs them)")
        page = (paths.WEB / "index.html").read_text(encoding="utf-8")
        names = stylesheet.page_stylesheets(page)
        assert names[0] == "pyscript/core.css" and "style.css" in names
        assert sorted(n for n in names if "/" not in n) == sorted(
            p.name for p in paths.WEB.glob("*.css"))  # every stylesheet of web/
        dist = tmp_path / "dist"
        (dist / "pyscript").mkdir(parents=True)
        for name in names:
            shutil.copyfile(self.source(name), dist / name)
        (dist / "index.html").write_text(page, encoding="utf-8")
        assert stylesheet.bundle_stylesheets(dist) == names
        built = (dist / "index.html").read_text(encoding="utf-8")
        assert stylesheet.page_stylesheets(built) == [stylesheet.STYLESHEET]
        assert built.count('rel="stylesheet"') == 1
        assert built.index(stylesheet.STYLESHEET) < built.index("boot.js")  # before the scripts
        bundle = (dist / stylesheet.STYLESHEET).read_text(encoding="utf-8")
        at = 0
        for name in names:  # each file whole, in the page's order
            text = self.source(name).read_text(encoding="utf-8").rstrip()
            found = bundle.find(text, at)
            assert found >= 0, name
            at = found + len(text)
        assert not (dist / "style.css").exists() and not (dist / "pyscript" / "core.css").exists()

    def test_what_cannot_be_joined_is_an_error(self, tmp_path: Path) -> None:
        (tmp_path / "a").mkdir()
        (tmp_path / "index.html").write_text(
            '<head>\n  <link rel="stylesheet" href="./x.css">\n'
            '  <link rel="stylesheet" href="./a/y.css">\n</head>\n', encoding="utf-8")
        (tmp_path / "x.css").write_text("p { color: red }", encoding="utf-8")
        (tmp_path / "a" / "y.css").write_text("p { background: url(b.png) }", encoding="utf-8")
        with pytest.raises(errors.BuildError, match="url"):
            stylesheet.bundle_stylesheets(tmp_path)
        (tmp_path / "a" / "y.css").write_text('@import "z.css";', encoding="utf-8")
        with pytest.raises(errors.BuildError, match="@import"):
            stylesheet.bundle_stylesheets(tmp_path)
        (tmp_path / "index.html").write_text("<head></head>", encoding="utf-8")
        with pytest.raises(errors.BuildError, match="no stylesheet"):
            stylesheet.bundle_stylesheets(tmp_path)


def inline_config(dist: Path) -> dict[str, Any]:
    """The PyScript config in ``dist/index.html``'s ``config="{...}"`` attribute."""
    found = re.search(r'config="(\{[^"]*\})"', (dist / "index.html").read_text(encoding="utf-8"))
    assert found, "no config in the page"
    return dict(json.loads(html.unescape(found.group(1))))


class TestPageModules:
    def test_python_preload_links_follow_the_config(self) -> None:
        files = {"./unpack.py": "./unpack.py",
                 f"./{paths.START_ARCHIVE}": f"./{paths.START_ARCHIVE}"}
        links = site_files.python_preload_links(files).split("\n  ")
        assert links == ['<link rel="preload" href="./unpack.py" as="fetch" crossorigin>',
                         f'<link rel="preload" href="./{paths.START_ARCHIVE}" as="fetch" '
                         'crossorigin>']

    WORKER = ('const FILES = ["./unpack.py", "./seasalt-start.zip.zst", '
              '"./seasalt-more.zip.zst"];\n')

    def make_web(self, root: Path, listed: list[str]) -> Path:
        (root / "page").mkdir(parents=True)
        for name in ("__init__.py", "dom.py"):
            (root / "page" / name).write_text("", encoding="utf-8")
        (root / "index.html").write_text(
            f"<head>\n  {site_files.CONFIG_PRELOAD}\n  {site_files.PYTHON_PRELOADS_MARKER}\n"
            f'</head><body><script type="py" src="./main.py" {site_files.CONFIG_ATTRIBUTE}>'
            "</script></body>", encoding="utf-8")
        (root / paths.WORKER_SCRIPT).write_text(self.WORKER, encoding="utf-8")
        fetched = [paths.UNPACK_MODULE, paths.START_ARCHIVE, *listed]
        lines = [f'"./{n}" = "./{n}"' for n in fetched]
        (root / paths.CONFIG_NAME).write_text("[files]\n" + "\n".join(lines) + "\n",
                                              encoding="utf-8")
        return root

    def test_copy_web_leaves_the_page_modules_to_the_archive(self, tmp_path: Path) -> None:
        web = self.make_web(tmp_path / "web", ["page/__init__.py", "page/dom.py"])
        assert layout.page_modules(web) == ["page/__init__.py", "page/dom.py"]
        site_files.copy_web(tmp_path / "dist", web=web)
        dist = tmp_path / "dist"
        assert not (dist / "page").exists()
        config = inline_config(dist)
        assert config["files"] == {"./unpack.py": "./unpack.py",
                                   f"./{paths.START_ARCHIVE}": f"./{paths.START_ARCHIVE}"}
        page = (dist / "index.html").read_text(encoding="utf-8")
        assert site_files.PYTHON_PRELOADS_MARKER not in page
        assert page.count('rel="preload"') == 2 and f'href="./{paths.START_ARCHIVE}"' in page
        assert paths.MORE_ARCHIVE not in page  # fetched when first needed, not preloaded

    def test_unpacked_the_page_modules_ship_as_they_are(self, tmp_path: Path) -> None:
        web = self.make_web(tmp_path / "web", ["page/__init__.py", "page/dom.py"])
        site_files.copy_web(tmp_path / "dist", web=web, packed=False)
        page = (tmp_path / "dist" / "index.html").read_text(encoding="utf-8")
        assert (tmp_path / "dist" / "page" / "dom.py").is_file()
        assert page.count('rel="preload"') == 4 and 'href="./page/dom.py"' in page

    def test_the_bots_worker_loads_both_archives(self, tmp_path: Path) -> None:
        web = self.make_web(tmp_path / "web", ["page/__init__.py", "page/dom.py"])
        site_files.copy_web(tmp_path / "dist", web=web)
        worker = (tmp_path / "dist" / paths.WORKER_SCRIPT).read_text(encoding="utf-8")
        assert worker == self.WORKER
        (web / paths.WORKER_SCRIPT).write_text('const FILES = ["./unpack.py"];\n',
                                               encoding="utf-8")
        with pytest.raises(errors.BuildError, match="must load \"./seasalt-start"):
            site_files.copy_web(tmp_path / "dist2", web=web)
        (web / paths.WORKER_SCRIPT).unlink()
        with pytest.raises(errors.BuildError, match="missing .*bots-worker.js"):
            site_files.copy_web(tmp_path / "dist3", web=web)

    def test_the_config_must_fetch_the_start_archive(self, tmp_path: Path) -> None:
        web = self.make_web(tmp_path / "web", ["page/__init__.py", "page/dom.py"])
        config = web / paths.CONFIG_NAME
        config.write_text(config.read_text(encoding="utf-8").replace(
            f'"./{paths.START_ARCHIVE}" = "./{paths.START_ARCHIVE}"',
            f'"./{paths.START_ARCHIVE}" = "./*"'), encoding="utf-8")
        with pytest.raises(errors.BuildError, match="must fetch"):
            site_files.copy_web(tmp_path / "dist", web=web)

    def test_the_real_worker_loads_pyodide_and_the_archives_from_the_site(self) -> None:
        text = (paths.WEB / paths.WORKER_SCRIPT).read_text(encoding="utf-8")
        assert 'from "./pyodide/start.mjs"' in text  # from the snapshot when kept
        for name in (paths.UNPACK_MODULE, paths.START_ARCHIVE, paths.MORE_ARCHIVE):
            assert f'"./{name}"' in text
        assert "seasalt.web.worker" in text and "importScripts" not in text

    def test_pack_page_config_keeps_the_rest(self) -> None:
        text = ('# comment\ninterpreter = "./pyodide/pyodide.mjs"\n[files]\n'
                '"./unpack.py" = "./unpack.py"\n"./page/a.py" = "./page/a.py"\n'
                '"./data.json" = "./data.json"\n  "./page/b.py"  =  "./page/b.py"\n')
        packed = site_files.pack_page_config(text)
        assert tomllib.loads(packed) == {
            "interpreter": "./pyodide/pyodide.mjs",
            "files": {"./unpack.py": "./unpack.py", "./data.json": "./data.json"}}
        assert packed.startswith("# comment\n")
        with pytest.raises(errors.BuildError, match="one line each"):
            site_files.pack_page_config(text + '"./page/c.py" = [\n  "x"]\n')

    def test_a_module_missing_from_the_config_is_an_error(self, tmp_path: Path) -> None:
        web = self.make_web(tmp_path / "web", ["page/__init__.py"])
        with pytest.raises(errors.BuildError, match="missing: page/dom.py"):
            site_files.copy_web(tmp_path / "dist", web=web)

    def test_the_config_is_written_into_the_page(self, tmp_path: Path) -> None:
        web = self.make_web(tmp_path / "web", ["page/__init__.py", "page/dom.py"])
        config = web / paths.CONFIG_NAME
        config.write_text('interpreter = "./pyodide/start.mjs"\n'
                          + config.read_text(encoding="utf-8"), encoding="utf-8")
        site_files.copy_web(tmp_path / "dist", web=web)
        dist = tmp_path / "dist"
        assert not (dist / paths.CONFIG_NAME).exists()  # nothing to fetch, nothing to fail
        page = (dist / "index.html").read_text(encoding="utf-8")
        assert paths.CONFIG_NAME not in page  # its preload link is gone too
        assert inline_config(dist) == {
            "interpreter": "./pyodide/start.mjs",
            "files": {"./unpack.py": "./unpack.py",
                      f"./{paths.START_ARCHIVE}": f"./{paths.START_ARCHIVE}"}}
        (web / "index.html").write_text("<head></head>", encoding="utf-8")
        with pytest.raises(errors.BuildError, match="must name its config once"):
            site_files.copy_web(tmp_path / "dist2", web=web)

    def test_the_real_config_lists_the_page(self) -> None:
        config = tomllib.loads((paths.WEB / paths.CONFIG_NAME).read_text(encoding="utf-8"))
        assert {f"./{n}" for n in layout.page_modules()} <= set(config["files"])


class TestLanguages:
    """Step 6: catalogs to ``dist/locale/<code>.mo.gz``, boot.js's words, one manifest each."""

    @staticmethod
    def entries(data: bytes) -> dict[object, str]:
        return dict(gettext.GNUTranslations(io.BytesIO(data))._catalog)  # type: ignore[attr-defined]

    @pytest.mark.parametrize(("code", "crab"), [("fr", "Crabe"), ("nl", "Krab"), ("tr", "Yengeç")])
    def test_each_catalog_compiles(self, code: str, crab: str) -> None:
        po = catalogs.LOCALE / code / "LC_MESSAGES" / "seasalt.po"
        data = catalogs.compile_catalog(po, code)
        catalog = gettext.GNUTranslations(io.BytesIO(data))
        assert catalog.gettext("Crab") == crab
        assert catalog.info()["language"] == code

    def test_without_babel_the_build_stops_and_says_so(
            self, monkeypatch: pytest.MonkeyPatch) -> None:
        from seasalt import i18n

        def no_babel(_path: object) -> bytes:
            raise ImportError("No module named 'babel'")

        monkeypatch.setattr(i18n, "compile_po", no_babel)
        po = catalogs.LOCALE / "nl" / "LC_MESSAGES" / "seasalt.po"
        with pytest.raises(errors.BuildError, match="Babel .* not installed"):
            catalogs.compile_catalog(po, "nl")

    def test_what_babel_keeps(self, tmp_path: Path) -> None:
        po = tmp_path / "fr.po"
        po.write_text("\n".join([
            'msgid ""', 'msgstr ""', '"Language: fr\\n"',
            '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"', "",
            "#, python-brace-format", 'msgid "{n} card"', 'msgid_plural "{n} cards"',
            'msgstr[0] "{n} carte"', 'msgstr[1] "{n} cartes"', "",
            'msgctxt "seat kind"', 'msgid "You"', 'msgstr "Vous"', "",
            'msgid ""', '"Two "', '"lines \\"quoted\\"\\t"', 'msgstr "Deux lignes"', "",
            "#, fuzzy", 'msgid "Fuzzy"', 'msgstr "Flou"', "",
            'msgid "Untranslated"', 'msgstr ""', "",
            '#~ msgid "Old"', '#~ msgstr "Vieux"', "",
        ]), encoding="utf-8")
        catalog = gettext.GNUTranslations(io.BytesIO(catalogs.compile_catalog(po, "fr")))
        assert catalog.ngettext("{n} card", "{n} cards", 2) == "{n} cartes"
        assert catalog.ngettext("{n} card", "{n} cards", 1) == "{n} carte"
        assert catalog.pgettext("seat kind", "You") == "Vous"
        assert catalog.gettext('Two lines "quoted"\t') == "Deux lignes"
        assert catalog.gettext("Fuzzy") == "Fuzzy" and catalog.gettext("Old") == "Old"
        assert catalog.gettext("Untranslated") == "Untranslated"

    def test_a_missing_or_bad_catalog_is_a_clear_error(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        with pytest.raises(errors.BuildError, match=r"missing the 'fr' catalog"):
            catalogs.write_catalogs(tmp_path / "dist", tmp_path / "locale")
        po = tmp_path / "fr.po"
        po.write_text('msgid "a"\nmsgstr "b"\nnonsense\n', encoding="utf-8")
        with pytest.raises(errors.BuildError, match="invalid catalog"):
            catalogs.compile_catalog(po, "fr")
        po.write_text((catalogs.LOCALE / "nl" / "LC_MESSAGES" / "seasalt.po").read_text("utf-8"),
                      encoding="utf-8")
        with pytest.raises(errors.BuildError, match="Language: nl"):
            catalogs.compile_catalog(po, "fr")
        po.write_text('msgid ""\nmsgstr "Language: fr\\n"\n', encoding="utf-8")
        with pytest.raises(errors.BuildError, match="translates no message"):
            catalogs.compile_catalog(po, "fr")

    def make_dist(self, root: Path) -> Path:
        root.mkdir(parents=True)
        for name in (paths.BOOT_SCRIPT, paths.MANIFEST):
            (root / name).write_bytes((paths.WEB / name).read_bytes())
        return root

    def test_write_languages(self, tmp_path: Path) -> None:
        from seasalt import i18n

        dist = self.make_dist(tmp_path / "dist")
        i18n.set_language("nl")
        try:
            data = languages.write_languages(dist)
            assert i18n.language() == "nl"  # put back
        finally:
            i18n.set_language(None)
        assert sorted(p.name for p in (dist / "locale").iterdir()) == [
            "fr.mo.gz", "nl.mo.gz", "tr.mo.gz"]
        french = gzip.decompress((dist / "locale" / "fr.mo.gz").read_bytes())
        assert gettext.GNUTranslations(io.BytesIO(french)).gettext("Crab") == "Crabe"
        # boot.js: the marker replaced by the words of every language, still a script
        script = (dist / paths.BOOT_SCRIPT).read_text(encoding="utf-8")
        assert "@SEASALT_BOOT_TEXTS@" not in script
        assert json.dumps(data, sort_keys=True) in script
        assert data["languages"] == ["en", "fr", "nl", "tr"]
        texts = data["texts"]
        assert set(texts) == {"en", "fr", "nl", "tr"}
        keys = set(texts["en"])
        assert {"loading-status", "loading-hint", "manifest-name", "manifest-description"} <= keys
        setup = set(languages.setup_words((paths.WEB / "index.html").read_text(encoding="utf-8")))
        assert {"start", "players", "add-player", "extra-salt", "saved-games"} <= setup
        nested = ('<section id="setup"><b data-text="a"></b><section><i data-text="b">'
                  '</i></section><u data-text="c"></u></section><p data-text="d"></p>')
        assert languages.setup_words(nested) == ["a", "b", "c"]  # a section inside counts
        assert all(k.startswith(("loading-", "manifest-", "update-"))
                   or k in {"skip-to-table", "footer"}
                   or k in setup for k in keys)  # the words shown before Python runs only
        # the setup form before Python runs: Python's own rows, every language's words
        assert data["form"] == languages.setup_form_defaults()
        assert data["form"]["kinds"][:2] == ["you", "medium"] and data["form"]["rows"] == 5
        assert set(data["setup"]) == {"en", "fr", "nl", "tr"}
        french = data["setup"]["fr"]
        assert [g["name"] for g in french["games"]] == ["sea-salt-and-paper", "fruits-de-mer"]
        assert french["names"]["you"] == "Vous" and french["aliases"]["fdm"] == "fruits-de-mer"
        assert len(french["who"]) == len(french["name_field"]) == 5
        for code in ("fr", "nl", "tr"):
            assert set(texts[code]) == keys
            assert texts[code]["loading-status"] != texts["en"]["loading-status"]
        assert texts["en"]["loading-status"] == "Folding the paper boats…"
        # manifests: English stays, one more per language with its words
        english = json.loads((dist / paths.MANIFEST).read_text(encoding="utf-8"))
        assert english["name"] == "Sea Salt & Paper" and english["lang"] == "en"
        for code in ("fr", "nl", "tr"):
            manifest = json.loads((dist / f"manifest-{code}.webmanifest").read_text("utf-8"))
            assert manifest["lang"] == code
            assert manifest["description"] == texts[code]["manifest-description"]
            assert manifest["description"] != english["description"]
            assert {k: v for k, v in manifest.items()
                    if k not in ("lang", "name", "short_name", "description")} == {
                k: v for k, v in english.items()
                if k not in ("lang", "name", "short_name", "description")}

    def test_the_setup_form_defaults_come_from_the_page(self, tmp_path: Path) -> None:
        module = tmp_path / "setup.py"
        module.write_text('MAX_ROWS = 4\nDEFAULT_KINDS: tuple[str, ...] = ("you", "easy")\n',
                          encoding="utf-8")
        assert languages.setup_form_defaults(module) == {"rows": 4, "kinds": ["you", "easy"]}
        module.write_text("MAX_ROWS = compute()\n", encoding="utf-8")
        with pytest.raises(errors.BuildError, match="MAX_ROWS and DEFAULT_KINDS"):
            languages.setup_form_defaults(module)

    def test_boot_js_without_the_marker_is_an_error(self, tmp_path: Path) -> None:
        dist = self.make_dist(tmp_path / "dist")
        (dist / paths.BOOT_SCRIPT).write_text("// no marker\n", encoding="utf-8")
        with pytest.raises(errors.BuildError, match="SEASALT_BOOT_TEXTS"):
            languages.write_languages(dist)

    def test_the_service_worker_lists_the_catalogs(self, tmp_path: Path) -> None:
        dist = self.make_dist(tmp_path / "dist")
        languages.write_languages(dist)
        files = site_files.site_files(dist)
        assert {"./locale/fr.mo.gz", "./locale/nl.mo.gz", "./locale/tr.mo.gz",
                "./manifest-fr.webmanifest"} <= set(files)
        assert not [f for f in files if f.endswith(".po")]
        assert serve.MIME_TYPES[".gz"] == "application/gzip"

    def test_the_package_ships_no_catalog(self) -> None:
        names = [p.name for p in layout.package_files()]
        assert not [n for n in names if n.endswith((".po", ".pot", ".mo"))]


BOOT_HARNESS = r"""
// Runs boot.js in a fake page (node's vm): argv[2] the script, argv[3] a JSON case.
import fs from "node:fs";
import vm from "node:vm";

const script = fs.readFileSync(process.argv[2], "utf8");
const spec = JSON.parse(process.argv[3]);
const store = new Map(Object.entries(spec.storage || {}));
const element = (attrs = {}) => ({
  attrs: { ...attrs }, textContent: attrs.text || "", dataset: {},
  classList: { add() {} }, style: { setProperty() {} },
  setAttribute(name, value) { this.attrs[name] = String(value); },
  getAttribute(name) { return name in this.attrs ? this.attrs[name] : null; },
});
const status = element({ text: "Folding" }); status.dataset.text = "loading-status";
const hint = element({ text: "The game runs" }); hint.dataset.text = "loading-hint";
const bar = element({ "data-text-aria-label": "loading-label", "aria-label": "Loading" });
const loading = {
  querySelector: (s) => (s === ".progress" ? bar : s === ".status" ? status : null),
};
const all = (s) => (s === "[data-text]" ? [status, hint]
  : s === "[data-text-aria-label]" ? [bar] : []);
const manifest = element({ href: "./manifest.webmanifest" });
const links = [];
const root = { lang: "en", dataset: {} };
const document = {
  documentElement: root, readyState: "interactive",
  head: { querySelector: () => null, appendChild: (l) => links.push(l) },
  body: { dataset: { phase: "loading" } },
  createElement: () => ({}),
  getElementById: (id) => (id === "loading" ? loading : null),
  querySelector: (s) => (s === 'link[rel="manifest"]' ? manifest : null),
  querySelectorAll: all,
  addEventListener() {},
};
const sandbox = {
  document, URLSearchParams, console,
  location: { search: spec.search || "" },
  navigator: { languages: spec.languages || [], language: (spec.languages || [""])[0] },
  localStorage: { getItem: (k) => (store.has(k) ? store.get(k) : null),
                  setItem: (k, v) => store.set(k, String(v)) },
  addEventListener() {},
};
sandbox.window = sandbox;
vm.runInNewContext(script, sandbox);
console.log(JSON.stringify({
  lang: root.lang, theme: root.dataset.theme || null, manifest: manifest.attrs.href,
  status: status.textContent, hint: hint.textContent, label: bar.attrs["aria-label"],
  preloads: links.map((l) => [l.rel, l.href, l.as, l.crossOrigin]),
  stored: store.get("seasalt.lang") || null, api: sandbox.seasaltBoot.language,
}));
"""
"""Runs boot.js in a fake page under Node (``vm``): argv[2] the script, argv[3] a case."""


class TestBootScript:
    """boot.js's choice of language and theme, run by Node in a fake page."""

    @pytest.fixture(scope="class")
    def boot(self, tmp_path_factory: pytest.TempPathFactory) -> Path:
        node = shutil.which("node")
        if node is None:
            pytest.skip("node not installed")
        folder = tmp_path_factory.mktemp("boot")
        (folder / paths.BOOT_SCRIPT).write_bytes((paths.WEB / paths.BOOT_SCRIPT).read_bytes())
        languages.write_boot_texts(folder, {"languages": ["en", "fr", "nl", "tr"], "texts": {
            "en": {"loading-status": "Folding", "loading-hint": "The game runs",
                   "loading-download": "Downloading", "loading-label": "Loading"},
            "fr": {"loading-download": "Téléchargement", "loading-hint": "Le jeu tourne",
                   "loading-label": "Chargement"},
            "nl": {"loading-download": "Downloaden", "loading-hint": "Het spel draait"},
            "tr": {"loading-download": "İndiriliyor"}}})
        (folder / "harness.mjs").write_text(BOOT_HARNESS, encoding="utf-8")
        return folder

    def page(self, boot: Path, **case: object) -> dict[str, Any]:
        done = subprocess.run(["node", str(boot / "harness.mjs"), str(boot / paths.BOOT_SCRIPT),
                               json.dumps(case)], capture_output=True, text=True, check=True,
                              timeout=60)
        result: dict[str, Any] = json.loads(done.stdout)
        return result

    def test_the_browsers_language_or_english(self, boot: Path) -> None:
        english = self.page(boot, languages=["en-US", "fr"])
        assert english["lang"] == "en" and english["manifest"] == "./manifest.webmanifest"
        assert english["status"] == "Downloading" and english["preloads"] == []
        dutch = self.page(boot, languages=["de-DE", "nl-BE", "fr"])
        assert dutch["lang"] == dutch["api"] == "nl"
        assert dutch["manifest"] == "./manifest-nl.webmanifest"
        assert dutch["status"] == "Downloaden" and dutch["hint"] == "Het spel draait"
        assert dutch["label"] == "Loading"  # a word missing in Dutch stays English
        assert dutch["preloads"] == [["preload", "./locale/nl.mo.gz", "fetch", "anonymous"]]
        assert dutch["stored"] is None  # only a choice is remembered
        assert self.page(boot, languages=["de-DE"])["lang"] == "en"
        assert self.page(boot, languages=[])["lang"] == "en"

    def test_the_link_then_the_stored_choice(self, boot: Path) -> None:
        linked = self.page(boot, search="?players=you,hard&lang=fr", languages=["nl"],
                           storage={"seasalt.lang": "tr"})
        assert linked["lang"] == "fr" and linked["stored"] == "fr"
        assert linked["status"] == "Téléchargement" and linked["label"] == "Chargement"
        stored = self.page(boot, languages=["nl"], storage={"seasalt.lang": "tr"})
        assert stored["lang"] == "tr" and stored["status"] == "İndiriliyor"
        unknown = self.page(boot, search="?lang=xx", languages=["nl"])
        assert unknown["lang"] == "nl" and unknown["stored"] is None
        assert self.page(boot, search="?lang=en", languages=["nl"])["stored"] == "en"

    def test_the_stored_theme_before_paint(self, boot: Path) -> None:
        for stored, theme in (("dark", "dark"), ("contrast", "contrast"), ("light", "light"),
                              ("auto", None), ("purple", None)):
            assert self.page(boot, storage={"seasalt.theme": stored})["theme"] == theme
        assert self.page(boot)["theme"] is None

    def test_unbuilt_it_stays_english_without_error(self, tmp_path: Path) -> None:
        if shutil.which("node") is None:
            pytest.skip("node not installed")
        (tmp_path / paths.BOOT_SCRIPT).write_bytes((paths.WEB / paths.BOOT_SCRIPT).read_bytes())
        (tmp_path / "harness.mjs").write_text(BOOT_HARNESS, encoding="utf-8")
        page = self.page(tmp_path, languages=["fr"], search="?lang=nl")
        assert page["lang"] == "en" and page["preloads"] == []
        assert page["status"] == "Downloading the game engine…"  # its own English


def stored_zips(archives: Any) -> list[bytes]:
    """`archives.zstd_zips` without the compression (CPython 3.11 has no Zstandard)."""
    return [bytecode.zip_bytes(sorted(entries), zipfile.ZIP_STORED) for entries in archives]


def top_level_imports(module: str, path: str, source: bytes) -> list[str]:
    """The modules ``module`` (its file ``path``) imports as it loads: its top-level
    imports (in ``if``/``try`` blocks too, not under ``if TYPE_CHECKING``, not in
    functions), as dotted names; ``from a import b`` gives ``a`` and ``a.b``."""
    package = module if path.endswith("__init__.py") else module.rpartition(".")[0]
    found: list[str] = []

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.If):
                if "TYPE_CHECKING" not in ast.unparse(node.test):
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                for block in (node.body, node.orelse, node.finalbody,
                              *(handler.body for handler in node.handlers)):
                    visit(block)
            elif isinstance(node, ast.Import):
                found.extend(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = package
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                base = (".".join(x for x in (base, node.module) if x) if node.level
                        else node.module or "")
                found.append(base)
                found.extend(f"{base}.{alias.name}" for alias in node.names)

    visit(ast.parse(source).body)
    return found


class TestPythonArchives:
    """The page's Python in two archives: the start one, and the one needed only later
    (``layout.LATER``), which together ship every game's package (engine, bots'
    heuristics, presenter); unpacked, the registry finds both games."""

    def test_the_package_ships_both_games(self) -> None:
        names = {p.relative_to(paths.PACKAGE.parent).as_posix() for p in layout.package_files()}
        for game in ("ssp", "fdm"):
            for module in ("game.py", "strategy/heuristics.py", "present/__init__.py"):
                assert f"seasalt/{game}/{module}" in names, (game, module)
        assert "seasalt/fdm/present/page.py" in names and "seasalt/fdm/present/help.py" in names

    def test_later_modules_by_their_package(self) -> None:
        assert layout.is_later("page.calc") and layout.is_later("page.fdm_table")
        assert layout.is_later("seasalt.fdm.present.page")
        assert layout.is_later("seasalt.fdm.present.new_module")  # a package's, not a list's
        assert not layout.is_later("seasalt.fdm.game")  # the registry finds it at start
        assert layout.is_later("seasalt.fdm.strategy.heuristics")
        assert not layout.is_later("seasalt.ssp.strategy.heuristics")
        assert not layout.is_later("page.boot") and not layout.is_later("seasalt.web.table")
        assert not layout.is_later("seasalt.fdm")  # the package of a later one is not
        assert layout.module_name("seasalt/fdm/present/__init__.pyc") == "seasalt.fdm.present"
        assert layout.module_name("page/calc.py") == "page.calc"

    def test_a_rule_covers_a_module_or_a_package(self) -> None:
        assert layout.covers("seasalt.bots.coach", "seasalt.bots.coach")
        assert not layout.covers("seasalt.bots.coach", "seasalt.bots.coaching")
        assert not layout.covers("seasalt.bots.coach", "seasalt.bots")
        assert layout.covers("seasalt.fdm.present", "seasalt.fdm.present.words")
        assert layout.covers("page.fdm_*", "page.fdm_table")
        assert not layout.covers("page.fdm_*", "page.table")
        assert layout.covers("seasalt.*.present.term", "seasalt.ssp.present.term")
        assert not layout.covers("seasalt.*.present.term", "seasalt.ssp.term")

    def test_every_rule_names_a_module_of_the_layout(self) -> None:
        modules = layout.all_modules()
        layout.check_rules(modules)  # the real layout: no stale rule
        assert "seasalt.web.table" in modules and "page.boot" in modules
        later = [m for m in modules if layout.on_the_page(m) and layout.is_later(m)]
        start = [m for m in modules if layout.on_the_page(m) and not layout.is_later(m)]
        assert len(start) > len(later) > 10
        for feature, rules in layout.LATER.items():  # each feature has its modules
            assert any(layout.covers(rule, m) for rule in rules for m in later), feature
        moved = [m for m in modules if not layout.covers("seasalt.bots.coach", m)]
        with pytest.raises(errors.BuildError, match="'seasalt.bots.coach'.*moved"):
            layout.check_rules(moved)

    def test_no_start_module_imports_a_later_one_at_its_top(self) -> None:
        """A move that puts a module the start needs into a later package (or a start
        module that imports a later one as it loads) would break the first visit."""
        modules = {layout.module_name(name): (name, data)
                   for name, data in layout.shipped_package() + layout.shipped_page()}
        wrong = [(module, target) for module, (name, data) in modules.items()
                 if not layout.is_later(module)
                 for target in top_level_imports(module, name, data)
                 if target in modules and layout.is_later(target)]
        assert wrong == []
        later = next(m for m in modules if layout.is_later(m) and m.startswith("seasalt."))
        assert top_level_imports("page.x", "page/x.py", f"import {later}\n".encode()) == [
            later]  # it would be found
        assert top_level_imports("page.x", "page/x.py", (
            b"from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import a\n"
            b"def f():\n    import b\nfrom . import c\n")) == [
            "typing", "typing.TYPE_CHECKING", "page", "page.c"]

    def test_each_module_in_one_archive(self, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(archives, "zstd_zips", stored_zips)
        entries = [("page/boot.pyc", b"a"), ("page/calc.pyc", b"b"),
                   ("seasalt/ssp/game.pyc", b"c"), ("seasalt/fdm/present/page.pyc", b"d")]
        counts = archives.write_python_archives(tmp_path, entries)
        assert counts == {paths.START_ARCHIVE: 2, paths.MORE_ARCHIVE: 2}
        with zipfile.ZipFile(tmp_path / paths.START_ARCHIVE) as zf:
            assert zf.namelist() == ["page/boot.pyc", "seasalt/ssp/game.pyc"]
        with zipfile.ZipFile(tmp_path / paths.MORE_ARCHIVE) as zf:
            assert zf.namelist() == ["page/calc.pyc", "seasalt/fdm/present/page.pyc"]
        with pytest.raises(errors.BuildError, match="both archives"):
            archives.write_python_archives(tmp_path, entries[:1])

    def test_zstandard_archives_are_the_same_for_the_same_modules(self) -> None:
        if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
            pytest.skip("npm packages not installed (python build.py installs them)")
        entries = [(f"seasalt/m{i}.pyc", b"bytecode " * 400 + bytes([i])) for i in range(20)]
        first, again = archives.zstd_zips([entries, list(reversed(entries))])
        assert first == again and first[:4] == b"\x28\xb5\x2f\xfd"  # Zstandard's magic
        assert len(first) < len(stored_zips([entries])[0]) // 20

    def test_unpacked_archives_find_both_games(self, tmp_path: Path) -> None:
        sources = layout.shipped_package()
        later = [layout.is_later(layout.module_name(name)) for name, _ in sources]
        site = tmp_path / "site"
        for archive in stored_zips([[e for e, is_later in zip(sources, later, strict=True)
                                     if not is_later],
                                    [e for e, is_later in zip(sources, later, strict=True)
                                     if is_later]]):
            with zipfile.ZipFile(io.BytesIO(archive)) as zf:
                zf.extractall(site)
        code = (f"import sys; sys.path.insert(0, {str(site)!r}); import seasalt; "
                "from seasalt.core.registry import discover; "
                "from seasalt.web.settings import Settings; "
                "from seasalt.web.table import Table; "
                "print(seasalt.__file__); print(discover()); "
                "print(Table.new(Settings(seats=['you', 'easy'], seed=1, "
                "game='fdm')).view(0)['game'])")
        # -S: no site-packages (where an editable install would point at the sources)
        out = subprocess.run([sys.executable, "-I", "-S", "-c", code], cwd=tmp_path,
                             capture_output=True, text=True, check=True).stdout.split("\n")
        assert out[0].startswith(str(site)), out
        assert out[1] == "['fruits-de-mer', 'sea-salt-and-paper']", out
        assert out[2] == "fruits-de-mer", out


class TestZopfli:
    """The standard library's members deflated again by Zopfli when it is installed."""

    ARCHIVE = [(f"lib/m{i}.pyc", b"import os\nvalue = %d\n" % i * 50) for i in range(12)]

    def test_the_same_members_in_fewer_bytes_kept_by_their_hash(self, tmp_path: Path) -> None:
        pytest.importorskip("zopfli")
        archive = bytecode.zip_bytes(self.ARCHIVE)
        smaller = stdlib.zopfli_zip(archive, cache=tmp_path)
        assert bytecode.zip_members(smaller) == bytecode.zip_members(archive)
        assert len(smaller) < len(archive)
        with zipfile.ZipFile(io.BytesIO(smaller)) as zf:
            assert {i.compress_type for i in zf.infolist()} == {zipfile.ZIP_DEFLATED}
        (kept,) = tmp_path.glob("*.zopfli.zip")
        kept.write_bytes(b"kept")  # a second build reads the cache
        assert stdlib.zopfli_zip(archive, cache=tmp_path) == b"kept"
        assert zipfile._get_compressor(zipfile.ZIP_DEFLATED).__class__.__name__ != (
            "_ZopfliDeflate")  # zipfile as it was

    def test_without_zopfli_the_archive_stays(self, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setitem(sys.modules, "zopfli", None)  # not installed
        monkeypatch.setitem(sys.modules, "zopfli.zopfli", None)
        archive = bytecode.zip_bytes(self.ARCHIVE)
        assert stdlib.zopfli_zip(archive, cache=tmp_path) == archive
        assert not list(tmp_path.iterdir())


class TestRequirements:
    """A Python without Babel runs the build again with .venv's, made as needed."""

    def test_the_dependencies_come_from_pyproject(self, tmp_path: Path) -> None:
        assert any(d.startswith("babel==") for d in requirements.dependencies())
        bad = tmp_path / "pyproject.toml"
        bad.write_text('[project]\nname = "x"\n', encoding="utf-8")
        with pytest.raises(errors.BuildError, match="dependencies"):
            requirements.dependencies(bad)

    def test_with_babel_the_build_runs_here(self, monkeypatch: pytest.MonkeyPatch) -> None:
        pytest.importorskip("babel")
        monkeypatch.setattr(requirements.os, "execv", lambda *_a: pytest.fail("ran again"))
        requirements.run_with_dependencies(ROOT / "build.py", ["--serve"])

    def fake(self, monkeypatch: pytest.MonkeyPatch, venv: Path, *, made: bool,
             babel: bool) -> list[list[str]]:
        """Stand in for Babel's absence here, for subprocess (recorded; the venv's
        ``import babel`` succeeds if ``babel``) and for exec (recorded, raises)."""
        ran: list[list[str]] = []

        def run(command: list[str], **_kwargs: object) -> object:
            ran.append(command)
            if command[1:3] == ["-m", "venv"]:
                requirements.venv_python(venv).parent.mkdir(parents=True)
                requirements.venv_python(venv).write_text("")
            ok = babel or command[1:] != ["-c", "import babel"]
            return type("Done", (), {"returncode": 0 if ok else 1})()

        def execv(path: str, args: list[str]) -> None:
            ran.append(["exec", *args])
            raise SystemExit(0)

        monkeypatch.setattr(requirements, "has_babel", lambda: False)
        monkeypatch.setattr(requirements.subprocess, "run", run)
        monkeypatch.setattr(requirements.os, "execv", execv)
        monkeypatch.delenv(requirements.AGAIN, raising=False)
        if made:
            requirements.venv_python(venv).parent.mkdir(parents=True)
            requirements.venv_python(venv).write_text("")
        return ran

    def test_without_babel_it_makes_the_venv_installs_and_runs_again(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        venv = tmp_path / ".venv"
        ran = self.fake(monkeypatch, venv, made=False, babel=False)
        with pytest.raises(SystemExit):
            requirements.run_with_dependencies(ROOT / "build.py", ["--serve"], venv)
        python = str(requirements.venv_python(venv))
        assert ran == [
            [sys.executable, "-m", "venv", str(venv)],
            [python, "-c", "import babel"],
            [python, "-m", "pip", "install", *requirements.dependencies()],
            ["exec", python, str(ROOT / "build.py"), "--serve"],
        ]
        assert os.environ[requirements.AGAIN] == "1"  # run again, it cannot loop
        with pytest.raises(errors.BuildError, match="even run again"):
            requirements.run_with_dependencies(ROOT / "build.py", [], venv)

    def test_a_venv_with_babel_is_used_as_it_is(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        venv = tmp_path / ".venv"
        ran = self.fake(monkeypatch, venv, made=True, babel=True)
        with pytest.raises(SystemExit):
            requirements.run_with_dependencies(ROOT / "build.py", ["--out", "x"], venv)
        python = str(requirements.venv_python(venv))
        assert ran == [[python, "-c", "import babel"],
                       ["exec", python, str(ROOT / "build.py"), "--out", "x"]]

    def test_a_venv_that_cannot_be_made_is_a_clear_error(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(requirements, "_run", lambda *_a: False)  # no python3-venv
        monkeypatch.setattr(requirements.shutil, "which", lambda _name: None)  # no apt-get
        with pytest.raises(errors.BuildError, match="python3-venv"):
            requirements.make_venv(tmp_path / ".venv")


class TestNpm:
    def test_a_linked_node_modules_is_not_emptied(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        other = tmp_path / "other" / "node_modules"
        (other / "pyodide").mkdir(parents=True)
        checkout = tmp_path / "checkout"
        checkout.mkdir()
        (checkout / "node_modules").symlink_to(other)
        seen: list[bool] = []

        def run(_command: list[str], **_kwargs: object) -> object:
            seen.append((checkout / "node_modules").is_symlink())
            return type("Done", (), {"returncode": 0})()

        monkeypatch.setattr(vendor.shutil, "which", lambda _name: "/usr/bin/npm")
        monkeypatch.setattr(vendor.subprocess, "run", run)
        vendor.npm_ci(checkout)
        assert seen == [False] and (other / "pyodide").is_dir()  # npm ci makes its own
