// Talking to the server: the table and seat come from the page's address,
// every call is JSON, and a refusal becomes an Error carrying its rule ID.

export const params = new URLSearchParams(window.location.search);
export const tableId = params.get("table");
export const token = params.get("token");

/** The path of one of this table's endpoints: tablePath("view") is /api/tables/ID/view. */
export function tablePath(rest = "") {
  return `/api/tables/${encodeURIComponent(tableId)}${rest ? `/${rest}` : ""}`;
}

export async function api(path, options = {}) {
  const headers = { Accept: "application/json", ...(options.headers || {}) };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method: options.method || "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  let answer = null;
  try {
    answer = await response.json();
  } catch (error) {
    answer = { error: `the server answered ${response.status} without JSON`, rule: null };
  }
  if (!response.ok) {
    const problem = new Error((answer && answer.error) || `HTTP ${response.status}`);
    problem.rule = answer ? answer.rule : null;
    problem.status = response.status;
    throw problem;
  }
  return answer;
}
