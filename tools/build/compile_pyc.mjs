// Compile Python sources to bytecode (.pyc) with the very CPython the page runs: the
// vendored Pyodide, under Node; and find which standard-library modules the page
// imports. build.py runs it; the page then imports the standard library, the seasalt
// package and its own modules without compiling them in the browser, which is most of
// Pyodide's start-up time, and downloads only the part of the library it uses.
//
// Usage: node tools/build/compile_pyc.mjs JOB.json
//
// JOB.json: {"pyodide": "<folder of pyodide.mjs>/", "helpers": "<tools/build/stdlib_imports.py>",
// "jobs": [...]}, each job one of:
//
// - compile: {"source": "in.zip", "target": "out.zip", "prefix": "/lib/python314.zip/",
//   "layout": "beside" | "pycache", "keep_source": true | false,
//   "select": ["json", "json.decoder", ...] | null, "strip_docstrings": true | false,
//   "first_lines": true | false, "stored": true | false}
//   For each .py entry of "source" (only the modules named in "select", when given),
//   "target" gets an unchecked hash-based .pyc (PEP 552: never compared with its
//   source at import). "beside" writes "name.pyc" next to "name.py" (what zipimport
//   looks for, and what a folder imports without the source); "pycache" writes
//   "dir/__pycache__/name.<cache_tag>.pyc" (what the importer looks for beside a
//   source). "prefix" + the entry name becomes the code's file name, as shown in
//   tracebacks. Other entries are copied (with "select", left out); with
//   "keep_source": false the .py entries are left out. "strip_docstrings" drops the
//   docstrings of modules and functions (classes keep theirs: dataclasses and enums
//   read them). "first_lines" puts every instruction of a function on the function's
//   first line (a traceback names the function and where it starts, not the line: a
//   table of identical entries, which compresses to almost nothing).
//   "stored" writes the archive uncompressed (else each member is deflated, level 9).
//   Entries keep their order and time stamps, so the same input gives the same output.
// - imports: {"kind": "imports", "stdlib": "python_stdlib.zip", "app": "app.zip",
//   "roots": ["page.boot", ...], "target": "out.json"}
//   "target" gets {"startup": [...], "modules": [...]}: the modules Pyodide imports as
//   it starts (sys.modules once loaded), and the standard-library modules (those with
//   a .py in "stdlib") that importing "roots" and the start-up modules imports, by
//   tools/build/stdlib_imports.py (the modules of "app", sources such as "page/boot.py",
//   count as the program's own), but those frozen into the interpreter (os, codecs,
//   zipimport...: never read from the archive).
// - zstd: {"kind": "zstd", "source": "in.zip", "target": "out.zst", "level": 22,
//   "window_log": 22}
//   "target" gets "source" compressed whole with Zstandard (Python's compression.zstd,
//   which the page uses to decompress it: CPython before 3.14 has no zstd).
//
// Python runs without column positions in its code (PYTHONNODEBUGRANGES): the
// bytecode is a fifth smaller; tracebacks keep their line numbers.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const COMPILE = `
import _imp
import ast
import importlib.util
import json
import sys
import types
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc


class _Docstrings(ast.NodeTransformer):
    """Drops the docstrings of modules and functions (line numbers stay)."""

    def _drop(self, node):
        self.generic_visit(node)
        body = node.body
        if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
        return node

    visit_Module = visit_FunctionDef = visit_AsyncFunctionDef = _drop


def _first_lines(code):
    """The code object (and the code in its constants) with every instruction on its first line:
    location entries "no columns, same line" (code 13, line delta 0), 8 units each."""
    units = len(code.co_code) // 2
    table = bytearray()
    while units > 0:
        length = min(8, units)
        table += bytes((0x80 | (13 << 3) | (length - 1), 0))
        units -= length
    consts = tuple(_first_lines(c) if isinstance(c, types.CodeType) else c
                   for c in code.co_consts)
    return code.replace(co_linetable=bytes(table), co_consts=consts)


def _module_name(entry):
    dotted = entry[:-3].replace("/", ".")
    return dotted.removesuffix(".__init__") if dotted != "__init__" else ""


def compile_zip(source, target, prefix, layout, keep_source, select, strip_docstrings,
                first_lines, stored):
    method = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
    level = None if stored else 9
    wanted = None if select is None else set(select)
    count = 0
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w") as zout:
        for info in zin.infolist():
            name = info.filename
            is_source = name.endswith(".py")
            if wanted is not None and not (is_source and _module_name(name) in wanted):
                continue
            data = zin.read(info)
            if not is_source:
                zout.writestr(info, data, compress_type=method, compresslevel=level)
                continue
            try:
                tree = ast.parse(data, prefix + name)
                if strip_docstrings:
                    tree = _Docstrings().visit(tree)
                code = compile(tree, prefix + name, "exec", dont_inherit=True)
                if first_lines:
                    code = _first_lines(code)
            except SyntaxError:
                zout.writestr(info, data, compress_type=method, compresslevel=level)
                continue
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            if layout == "pycache":
                folder, _, stem = name[:-3].rpartition("/")
                pyc_name = f"{folder}/__pycache__/{stem}.{sys.implementation.cache_tag}.pyc"
                pyc_name = pyc_name.lstrip("/")
            else:
                pyc_name = name + "c"
            pyc_info = zipfile.ZipInfo(pyc_name, date_time=info.date_time)
            pyc_info.external_attr = 0o644 << 16
            if keep_source:
                zout.writestr(info, data, compress_type=method, compresslevel=level)
            zout.writestr(pyc_info, bytes(pyc), compress_type=method, compresslevel=level)
            count += 1
    return count


def compress_zstd(source, target, level, window_log):
    from compression import zstd

    options = {zstd.CompressionParameter.compression_level: level,
               zstd.CompressionParameter.window_log: window_log}
    with open(source, "rb") as f:
        data = zstd.compress(f.read(), options=options)
    with open(target, "wb") as f:
        f.write(data)
    return len(data)


def find_imports(stdlib, app, roots, helpers, target, startup):
    namespace = {"__name__": "stdlib_imports"}
    exec(compile(helpers, "stdlib_imports.py", "exec"), namespace)
    library = zipfile.ZipFile(stdlib)
    own = zipfile.ZipFile(app)
    std_members = namespace["zip_sources"](library.namelist())
    app_members = namespace["zip_sources"](own.namelist())

    def find_source(name):
        if name in app_members:
            member, is_package = app_members[name]
            return own.read(member), is_package
        if name in std_members:
            member, is_package = std_members[name]
            return library.read(member), is_package
        return None

    found = namespace["closure"]([*roots, *startup], find_source,
                                 app=lambda name: name in app_members)
    # modules frozen into the interpreter are never read from the archive
    frozen = set(_imp._frozen_module_names()) | {
        name for name, module in list(sys.modules.items())
        if getattr(getattr(module, "__spec__", None), "origin", None) == "frozen"}
    modules = sorted(name for name in found
                     if name in std_members and name not in app_members and name not in frozen)
    with open(target, "w") as f:
        json.dump({"startup": sorted(startup), "modules": modules}, f, indent=0)
    return len(modules)
`;

// A Python error's stack would print a line of pyodide.asm.mjs (over a megabyte): only
// its message is shown.
process.on("uncaughtException", (error) => {
  console.error(`compile_pyc: ${error.message || error}`);
  process.exit(1);
});
process.on("unhandledRejection", (error) => {
  console.error(`compile_pyc: ${(error && error.message) || error}`);
  process.exit(1);
});

const job = JSON.parse(readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = await import(pathToFileURL(job.pyodide + "pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: job.pyodide, env: { PYTHONNODEBUGRANGES: "1" } });
const startup = pyodide.runPython("import sys; sorted(sys.modules)").toJs();
pyodide.runPython(COMPILE);
const compileZip = pyodide.globals.get("compile_zip");
const findImports = pyodide.globals.get("find_imports");
const compressZstd = pyodide.globals.get("compress_zstd");
for (const [i, spec] of job.jobs.entries()) {
  if (spec.kind === "imports") {
    pyodide.FS.writeFile(`/tmp/stdlib${i}.zip`, readFileSync(spec.stdlib));
    pyodide.FS.writeFile(`/tmp/app${i}.zip`, readFileSync(spec.app));
    const count = findImports(`/tmp/stdlib${i}.zip`, `/tmp/app${i}.zip`, spec.roots,
      readFileSync(job.helpers, "utf8"), `/tmp/out${i}.json`, startup);
    writeFileSync(spec.target, pyodide.FS.readFile(`/tmp/out${i}.json`));
    console.log(`compile_pyc: the page imports ${count} modules of ${spec.stdlib}`);
    continue;
  }
  if (spec.kind === "zstd") {
    pyodide.FS.writeFile(`/tmp/in${i}.zip`, readFileSync(spec.source));
    const size = compressZstd(`/tmp/in${i}.zip`, `/tmp/out${i}.zst`, spec.level, spec.window_log);
    writeFileSync(spec.target, pyodide.FS.readFile(`/tmp/out${i}.zst`));
    console.log(`compile_pyc: ${spec.source} compressed to ${size} bytes (zstd)`);
    continue;
  }
  const { source, target, prefix, layout, keep_source } = spec;
  pyodide.FS.writeFile(`/tmp/in${i}.zip`, readFileSync(source));
  const count = compileZip(`/tmp/in${i}.zip`, `/tmp/out${i}.zip`, prefix, layout, keep_source,
    spec.select ?? undefined, Boolean(spec.strip_docstrings), Boolean(spec.first_lines),
    Boolean(spec.stored));
  writeFileSync(target, pyodide.FS.readFile(`/tmp/out${i}.zip`));
  console.log(`compile_pyc: ${count} modules from ${source}`);
}
console.log(`compile_pyc: cache tag ${pyodide.runPython("import sys; sys.implementation.cache_tag")}`);
