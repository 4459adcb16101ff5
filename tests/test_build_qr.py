"""The QR code libraries the build vendors (``tools/build/vendor.py``'s ``vendor_qr``):
pinned in ``package.json``, copied alone into ``dist/qr/``, a clear error when missing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools.build import errors, paths, vendor

PINNED = {"qrcode-generator": "2.0.4", "jsqr": "1.4.0"}


def fake_node_modules(root: Path) -> Path:
    for name, source in vendor.QR_FILES.items():
        path = root / source
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"// {name}\n", encoding="utf-8")
    (root / "jsqr" / "README.md").write_text("not shipped", encoding="utf-8")
    return root


def test_only_the_named_files_are_copied(tmp_path: Path) -> None:
    modules = fake_node_modules(tmp_path / "node_modules")
    dist = tmp_path / "dist"
    size = vendor.vendor_qr(dist, modules)
    shipped = sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())
    assert shipped == sorted(f"qr/{name}" for name in vendor.QR_FILES)
    assert size == sum(len(f"// {name}\n") for name in vendor.QR_FILES)


def test_a_missing_library_stops_the_build(tmp_path: Path) -> None:
    modules = fake_node_modules(tmp_path / "node_modules")
    (modules / vendor.QR_FILES["jsQR.js"]).unlink()
    with pytest.raises(errors.BuildError, match="npm ci"):
        vendor.vendor_qr(tmp_path / "dist", modules)


def test_the_versions_are_pinned_exactly() -> None:
    package = json.loads((paths.ROOT / "package.json").read_text(encoding="utf-8"))
    lock = json.loads(paths.LOCKFILE.read_text(encoding="utf-8"))
    for name, version in PINNED.items():
        assert package["dependencies"][name] == version
        locked = lock["packages"][f"node_modules/{name}"]
        assert locked["version"] == version and locked["integrity"].startswith("sha512-")
        assert not locked.get("dependencies")  # one self-contained script each


def test_the_page_loads_them_from_its_own_origin() -> None:
    page = (paths.WEB / "index.html").read_text(encoding="utf-8")
    assert "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval';" in page
    libs = (paths.WEB / "page" / "qr_libs.py").read_text(encoding="utf-8")
    for name in vendor.QR_FILES:
        if name.endswith(".js"):
            assert f'"./{vendor.QR_FOLDER}/{name}"' in libs


def test_the_installed_scripts_define_their_globals() -> None:
    if not (paths.NODE_MODULES / "jsqr").is_dir():
        pytest.skip("npm ci has not run")
    encoder = (paths.NODE_MODULES / vendor.QR_FILES["qrcode.js"]).read_text(encoding="utf-8")
    decoder = (paths.NODE_MODULES / vendor.QR_FILES["jsQR.js"]).read_text(encoding="utf-8")
    assert "var qrcode = function" in encoder and "Licensed under the MIT license" in encoder
    assert 'root["jsQR"] = factory()' in decoder
    licence = (paths.NODE_MODULES / vendor.QR_FILES["LICENSE-jsQR.txt"]).read_text(
        encoding="utf-8")
    assert "Apache License" in licence
