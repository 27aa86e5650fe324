// The committed generated types are what the generators make now from the
// Python package; and the check says so when they are not.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync, appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { test } from "node:test";

const root = resolve(import.meta.dirname, "../..");

test("the generated files are fresh", () => {
  execFileSync(process.execPath, [join(root, "scripts/check-generated.mjs")], { stdio: "pipe" });
});

test("the freshness check fails on a stale file", () => {
  // A copy of the package beside the real repository's src, with one
  // generated file changed by hand.
  const repo = mkdtempSync(join(tmpdir(), "rummyrules-stale-"));
  try {
    const copy = join(repo, "clients/typescript");
    for (const part of ["scripts", "src", "openapi.json", "package.json"]) cpSync(join(root, part), join(copy, part), { recursive: true });
    symlinkSync(join(root, "node_modules"), join(copy, "node_modules"));
    symlinkSync(resolve(root, "../../src"), join(repo, "src"));
    appendFileSync(join(copy, "src/generated/api.ts"), "// by hand\n");
    const run = spawnSync(process.execPath, [join(copy, "scripts/check-generated.mjs")], { encoding: "utf8" });
    assert.equal(run.status, 1);
    assert.match(run.stderr, /stale generated files \(run npm run generate\): src\/generated\/api\.ts/);
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
});
