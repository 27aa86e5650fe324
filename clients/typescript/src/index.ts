export { RummyClient, Seat, viewOf } from "./client.js";
export { RefusalError } from "./errors.js";
export { TableSocket } from "./socket.js";
export type { SocketEvents, SocketOptions, SocketRefusal, Update, WebSocketConstructor, WebSocketLike } from "./socket.js";
export type * from "./types.js";
