// Fails when the committed generated files differ from what generate.mjs
// makes now from the Python package (as `rummyrules schema --check` does for
// the schema): regenerates into a temporary folder and compares.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const fresh = mkdtempSync(join(tmpdir(), "rummyrules-generated-"));
const files = ["openapi.json", "src/generated/api.ts", "src/generated/saved.ts"];
try {
  execFileSync(process.execPath, [join(root, "scripts/generate.mjs"), fresh], { stdio: "inherit" });
  const stale = files.filter((file) => {
    let committed = null;
    try {
      committed = readFileSync(join(root, file), "utf8");
    } catch {
      // A missing file is stale too.
    }
    return committed !== readFileSync(join(fresh, file), "utf8");
  });
  if (stale.length > 0) {
    console.error(`stale generated files (run npm run generate): ${stale.join(", ")}`);
    process.exit(1);
  }
  console.log(`generated files are fresh: ${files.join(", ")}`);
} finally {
  rmSync(fresh, { recursive: true, force: true });
}
