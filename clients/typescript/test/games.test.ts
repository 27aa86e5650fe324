// Whole games of each variant through the client against a live server.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { play } from "../examples/play.js";
import { RefusalError, RummyClient, viewOf, type SocketRefusal, type WebSocketConstructor } from "../src/index.js";
import { startServer, type Server } from "./server.js";

let server: Server;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.stop();
});

const games = [
  ["EndOfThePage", { rounds: 1 }],
  ["FourteenHundred", { players: 2 }],
  ["GoingOutRummy", {}],
  ["GinRummy", {}],
] as const;

for (const [variant, options] of games) {
  // A game stuck on a move that changes nothing fails by its timeout, not hangs.
  test(`a whole game of ${variant} against a bot`, { timeout: 60_000 }, async () => {
    const winners = await play(server.url, variant, options);
    assert.ok(winners.length > 0, "a finished game has a winner");
  });
}

test("a refused move is a RefusalError with its status, rule ID and sentence", async () => {
  const client = new RummyClient(server.url);
  const made = await client.createTable({ variant: "EndOfThePage", options: {}, seats: ["human", "greedy"], seed: 2026 });
  const seat = RummyClient.join(`${server.url}/?table=${made.table}&token=${made.seats[0]?.token}`);
  const refused = await seat.move("discard KC").then(
    () => assert.fail("a discard before the draw is refused"),
    (error: unknown) => error,
  );
  assert.ok(refused instanceof RefusalError);
  assert.equal(refused.status, 409);
  assert.equal(refused.rule, "EOP-5");
  assert.equal(refused.sentence, "draw first: a turn begins with 'draw' or 'take'");
});

test("the WebSocket's updates and refusals come as typed events", async () => {
  const client = new RummyClient(server.url);
  const made = await client.createTable({ variant: "EndOfThePage", options: {}, seats: ["human", "greedy"], seed: 2026 });
  const seat = client.seat(made.table, made.seats[0]?.token ?? "");
  const socket = seat.updates();
  try {
    const first = await socket.nextUpdate();
    assert.deepEqual(viewOf(first).legal_moves.map((move) => move.text), ["draw", "take", "take 4S"]);
    const refusal = new Promise<SocketRefusal>((resolve) => socket.on("refusal", resolve));
    socket.move("discard KC");
    assert.equal((await refusal).rule, "EOP-5");
    const drawn = socket.nextUpdate();
    socket.move("draw");
    assert.notEqual((await drawn).version, first.version);
  } finally {
    socket.close();
  }
});

test("after a lost connection the socket connects again and its first update is whole", async () => {
  const { WebSocket } = await import("ws");
  const opened: InstanceType<typeof WebSocket>[] = [];
  // The ws class, recording each connection so the test can drop one.
  class Recording extends WebSocket {
    constructor(url: string) {
      super(url);
      opened.push(this);
    }
  }
  const client = new RummyClient(server.url);
  const made = await client.createTable({ variant: "GinRummy", options: {}, seats: ["human", "greedy"], seed: 7 });
  const socket = client.seat(made.table, made.seats[0]?.token ?? "").updates({
    WebSocket: Recording as unknown as WebSocketConstructor, // ws's handler types name its own event classes
    reconnectDelayMs: 50,
  });
  try {
    const first = await socket.nextUpdate();
    const closed = new Promise<{ final: boolean }>((resolve) => socket.on("close", resolve));
    opened[0]?.terminate();
    assert.equal((await closed).final, false);
    const again = await socket.nextUpdate();
    assert.equal(opened.length, 2);
    assert.equal(again.version, first.version);
    assert.deepEqual(again.events, first.events);
  } finally {
    socket.close();
  }
});
