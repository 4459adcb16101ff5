// Compile Python sources to bytecode (.pyc) with the very CPython the page runs: the
// vendored Pyodide, under Node. build.py runs it; the page then imports the standard
// library and the seasalt package without compiling them in the browser, which is most
// of Pyodide's start-up time.
//
// Usage: node tools/compile_pyc.mjs JOB.json
//
// JOB.json: {"pyodide": "<folder of pyodide.mjs>/", "jobs": [{"source": "in.zip",
// "target": "out.zip", "prefix": "/lib/python314.zip/", "layout": "beside" | "pycache",
// "keep_source": true | false}, ...]}
//
// For each .py entry of "source", "target" gets an unchecked hash-based .pyc (PEP 552:
// never compared with its source at import). "beside" writes "name.pyc" next to
// "name.py" (what zipimport looks for); "pycache" writes
// "dir/__pycache__/name.<cache_tag>.pyc" (what the importer looks for in a folder).
// "prefix" + the entry name becomes the code's file name, as shown in tracebacks.
// Other entries are copied; with "keep_source": false the .py entries are left out.
// Entries keep their order and time stamps, so the same input gives the same output.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const COMPILE = `
import importlib.util
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def compile_zip(source, target, prefix, layout, keep_source):
    count = 0
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w") as zout:
        for info in zin.infolist():
            data = zin.read(info)
            name = info.filename
            if not name.endswith(".py"):
                zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
                continue
            try:
                code = compile(data, prefix + name, "exec", dont_inherit=True)
            except SyntaxError:
                zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
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
                zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
            zout.writestr(pyc_info, bytes(pyc), compress_type=zipfile.ZIP_DEFLATED)
            count += 1
    return count
`;

const job = JSON.parse(readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = await import(pathToFileURL(job.pyodide + "pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: job.pyodide });
pyodide.runPython(COMPILE);
const compileZip = pyodide.globals.get("compile_zip");
for (const [i, { source, target, prefix, layout, keep_source }] of job.jobs.entries()) {
  pyodide.FS.writeFile(`/tmp/in${i}.zip`, readFileSync(source));
  const count = compileZip(`/tmp/in${i}.zip`, `/tmp/out${i}.zip`, prefix, layout, keep_source);
  writeFileSync(target, pyodide.FS.readFile(`/tmp/out${i}.zip`));
  console.log(`compile_pyc: ${count} modules from ${source}`);
}
console.log(`compile_pyc: cache tag ${pyodide.runPython("import sys; sys.implementation.cache_tag")}`);
