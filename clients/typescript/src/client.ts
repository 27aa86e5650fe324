// The HTTP half of the API (docs/server.rst): tables, a seat's view, its moves.
import { RefusalError } from "./errors.js";
import { TableSocket, type SocketOptions } from "./socket.js";
import type { Answer, Games, NewTable, NewTableRequest, Record, Refusal, Selection, Status, View } from "./types.js";

type Fetch = typeof globalThis.fetch;

async function request<T>(fetcher: Fetch, url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetcher(url, {
    ...init,
    headers: { "Content-Type": "application/json", ...init.headers },
  });
  const body: unknown = await response.json();
  if (!response.ok) {
    // Every refusal of the server is a Refusal (the OpenAPI document says so
    // for each status); the tests check it against a live server.
    throw new RefusalError(response.status, body as Refusal);
  }
  // The server's answers are checked against its OpenAPI document by its own
  // tests; the generated types are that document.
  return body as T;
}

/** A game server's address: make tables, look at them, sit at a seat. */
export class RummyClient {
  readonly baseUrl: string;
  private readonly fetcher: Fetch;

  constructor(baseUrl: string, options: { fetch?: Fetch } = {}) {
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    this.fetcher = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  games(): Promise<Games> {
    return request(this.fetcher, `${this.baseUrl}/api/games`);
  }

  createTable(table: NewTableRequest): Promise<NewTable> {
    return request(this.fetcher, `${this.baseUrl}/api/tables`, { method: "POST", body: JSON.stringify(table) });
  }

  status(table: string): Promise<Status> {
    return request(this.fetcher, `${this.baseUrl}/api/tables/${encodeURIComponent(table)}`);
  }

  /** A seat of a table, by its id and the seat's token. */
  seat(table: string, token: string): Seat {
    return new Seat(this, this.fetcher, table, token);
  }

  /** A seat from its invitation link, `https://host/?table=ID&token=T`, as the browser page shows it. */
  static join(link: string, options: { fetch?: Fetch } = {}): Seat {
    const url = new URL(link);
    const table = url.searchParams.get("table");
    const token = url.searchParams.get("token");
    if (table === null || token === null) {
      throw new Error(`an invitation link names a table and a token: ${link}`);
    }
    return new RummyClient(url.origin + url.pathname, options).seat(table, token);
  }
}

/** One seat at one table, acting with its token. */
export class Seat {
  constructor(
    readonly client: RummyClient,
    private readonly fetcher: Fetch,
    readonly table: string,
    readonly token: string,
  ) {}

  private call<T>(path: string, init: RequestInit = {}): Promise<T> {
    const url = `${this.client.baseUrl}/api/tables/${encodeURIComponent(this.table)}${path}`;
    return request(this.fetcher, url, { ...init, headers: { Authorization: `Bearer ${this.token}` } });
  }

  /** The seat's answer; with `since`, waits (at most `wait` seconds) until the table moves on from that version. */
  view(options: { since?: string; wait?: number } = {}): Promise<Answer> {
    const query = new URLSearchParams();
    if (options.since !== undefined) query.set("since", options.since);
    if (options.wait !== undefined) query.set("wait", String(options.wait));
    const text = query.toString();
    return this.call(text === "" ? "/view" : `/view?${text}`);
  }

  /** Sends a move in the library's notation; the answer comes once the bots have played on. */
  move(move: string): Promise<Answer> {
    return this.call("/moves", { method: "POST", body: JSON.stringify({ move }) });
  }

  /** What the picked cards would make, asked of the rules without changing the table. */
  select(cards: string[]): Promise<Selection> {
    return this.call("/selection", { method: "POST", body: JSON.stringify({ cards }) });
  }

  /** Lets a 1400 claim go (F14-12); refused if the table has moved on from `version`. */
  async decline(version?: string): Promise<void> {
    await this.call("/decline", { method: "POST", body: JSON.stringify(version === undefined ? {} : { version }) });
  }

  /** The game record, once the game is over. */
  record(): Promise<Record> {
    return this.call("/record");
  }

  /** The WebSocket's updates, reconnecting after a lost connection. */
  updates(options: SocketOptions = {}): TableSocket {
    const url = new URL(`${this.client.baseUrl}/api/tables/${encodeURIComponent(this.table)}/ws`);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    url.searchParams.set("token", this.token);
    return new TableSocket(url.toString(), options);
  }
}

/** The game's own view in an answer, typed by the library's JSON Schema. */
export function viewOf(answer: Answer): View {
  // The OpenAPI document includes the saved-value schema whole; its if/then
  // picking one view per variant is beyond openapi-typescript, so the
  // json-schema-to-typescript types of the same schema name it here.
  return answer.view.data as unknown as View;
}
