// The library in the page, for both pages (index.html and served.html):
// Pyodide from dist/ (npm run build), the library's wheels unpacked into
// site-packages (the npm package has no micropip, and needs none: a
// pure-Python wheel is a zip), then the page's own Python module imported.
import { loadPyodide } from "./dist/pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;

/** Loads Pyodide and the library, then `name`.py of this folder; answers that module. */
export async function loadRules(name) {
  const pyodide = await loadPyodide({ indexURL: here("./dist/pyodide/") });
  const wheels = await (await fetch(here("./dist/wheels.json"))).json();
  for (const wheel of wheels) {
    const buffer = await (await fetch(here(`./dist/wheels/${wheel}`))).arrayBuffer();
    pyodide.unpackArchive(buffer, "wheel");
  }
  const source = await (await fetch(here(`./${name}.py`))).text();
  pyodide.FS.writeFile(`/home/pyodide/${name}.py`, source);
  return pyodide.pyimport(name);
}
