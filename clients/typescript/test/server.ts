// A real `rummyrules serve` on loopback for the tests: a free port picked
// here, a database in a temporary folder, stopped when the tests end.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject()));
    });
  });
}

export interface Server {
  url: string;
  stop(): Promise<void>;
}

export async function startServer(): Promise<Server> {
  const python = process.env.RUMMYRULES_PYTHON ?? "python";
  const folder = mkdtempSync(join(tmpdir(), "rummyrules-client-"));
  const port = await freePort();
  const args = ["-m", "rummyrules", "serve", "--host", "127.0.0.1", "--port", String(port)];
  const child: ChildProcess = spawn(python, [...args, "--database", `sqlite:///${join(folder, "tables.sqlite3")}`], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`rummyrules serve exited ${child.exitCode}:\n${log}`);
    try {
      if ((await fetch(`${url}/api/games`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`rummyrules serve did not answer in 30 s:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await exited;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
