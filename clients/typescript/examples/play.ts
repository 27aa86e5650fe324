// A whole game against a bot through the client: the example of the docs
// (docs/typescript.rst), run by the tests.
import { RummyClient, viewOf, type Variant } from "../src/index.js";

export async function play(server: string, variant: Variant, options = {}): Promise<number[]> {
  const client = new RummyClient(server);
  const made = await client.createTable({ variant, options, seats: ["human", "greedy"], seed: 2026 });
  const token = made.seats[0]?.token;
  if (token === undefined) throw new Error("seat 0 is a person's: it has a token");
  const seat = client.seat(made.table, token);
  let answer = await seat.view();
  while (viewOf(answer).to_move !== null) {
    const [first] = viewOf(answer).legal_moves;
    answer =
      first === undefined
        ? await seat.view({ since: answer.version }) // nothing to do: wait for the bot
        : await seat.move(first.text); // a real front end asks its player
  }
  return viewOf(answer).winners;
}
