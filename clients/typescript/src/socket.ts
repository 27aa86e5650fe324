// The WebSocket half of the API: a seat's updates as typed events, its
// moves sent over the socket, and a new connection after a lost one.
import type { Answer } from "./types.js";

/** The part of the WebSocket API used here: the browser's and the `ws` package's both have it. */
export interface WebSocketLike {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

export interface SocketOptions {
  /** The WebSocket class: the browser's by default, else the `ws` package's (Node 20 has no global one). */
  WebSocket?: WebSocketConstructor;
  /** The first wait before connecting again, doubled after each failure up to 30 s (default 500 ms). */
  reconnectDelayMs?: number;
}

export type Update = Answer & { type: "update" };
export interface SocketRefusal {
  type: "error";
  error: string;
  rule: string | null;
  retry_after?: number;
}
export interface SocketEvents {
  open: undefined;
  update: Update;
  refusal: SocketRefusal;
  /** `final` when no new connection follows: closed by `close()`, or refused a seat (4401, 4403, 4404). */
  close: { code: number; reason: string; final: boolean };
}

// A connection without a seat: connecting again cannot help.
const FINAL_CODES = new Set([4401, 4403, 4404]);
const MAX_DELAY_MS = 30_000;

async function defaultWebSocket(): Promise<WebSocketConstructor> {
  const global = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (global !== undefined) return global;
  const ws = await import("ws");
  // ws's class has the browser API's handler properties; its declared types
  // name its own event classes, which carry the fields used here.
  return ws.WebSocket as unknown as WebSocketConstructor;
}

/** A seat's live connection. After a lost one it connects again; the first update then brings every event since the deal. */
export class TableSocket {
  private readonly listeners: { [K in keyof SocketEvents]: ((event: SocketEvents[K]) => void)[] } = {
    open: [],
    update: [],
    refusal: [],
    close: [],
  };
  private socket: WebSocketLike | null = null;
  private closed = false;
  private delay: number;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    readonly url: string,
    private readonly options: SocketOptions = {},
  ) {
    this.delay = options.reconnectDelayMs ?? 500;
    void this.connect();
  }

  on<K extends keyof SocketEvents>(kind: K, listener: (event: SocketEvents[K]) => void): this {
    this.listeners[kind].push(listener);
    return this;
  }

  /** The next update (or the next one for which `accept` is true). */
  nextUpdate(accept: (update: Update) => boolean = () => true): Promise<Update> {
    return new Promise((resolve) => {
      const listener = (update: Update): void => {
        if (!accept(update)) return;
        this.listeners.update = this.listeners.update.filter((other) => other !== listener);
        resolve(update);
      };
      this.on("update", listener);
    });
  }

  move(move: string): void {
    this.send({ type: "move", move });
  }

  decline(version: string): void {
    this.send({ type: "decline", version });
  }

  /** Closes the connection for good. */
  close(): void {
    this.closed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.socket?.close(1000, "done");
  }

  private send(message: object): void {
    if (this.socket === null) throw new Error("the socket is not connected");
    this.socket.send(JSON.stringify(message));
  }

  private emit<K extends keyof SocketEvents>(kind: K, event: SocketEvents[K]): void {
    for (const listener of [...this.listeners[kind]]) listener(event);
  }

  private async connect(): Promise<void> {
    const WebSocketClass = this.options.WebSocket ?? (await defaultWebSocket());
    if (this.closed) return;
    const socket = new WebSocketClass(this.url);
    this.socket = socket;
    socket.onopen = () => {
      this.delay = this.options.reconnectDelayMs ?? 500;
      this.emit("open", undefined);
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as Update | SocketRefusal;
      if (message.type === "update") this.emit("update", message);
      else this.emit("refusal", message);
    };
    // An error is followed by a close, which decides what comes next.
    socket.onerror = () => undefined;
    socket.onclose = (event) => {
      this.socket = null;
      const final = this.closed || FINAL_CODES.has(event.code);
      this.emit("close", { code: event.code, reason: event.reason, final });
      if (final) return;
      this.timer = setTimeout(() => void this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, MAX_DELAY_MS);
    };
  }
}
