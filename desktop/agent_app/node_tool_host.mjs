// The Node side of a Node tool plugin: `node node_tool_host.mjs PLUGIN_MODULE`.
//
// It imports the plugin module and speaks the platform's tool-host protocol with the app, one
// JSON object per line (NDJSON): requests `{v: 1, id, method, params}` on stdin; answers
// `{v: 1, id, ok: true, result: {value, state?}}` or `{v: 1, id, ok: false, error: {type, detail,
// stack}}` on stdout, and stream events `{v: 1, id, event: {type: "part", payload}}` before an
// answer. Methods: init({config}), get_tool_schemas({state}), execute_tool({tool_name,
// arguments, state}). Logs go to stderr (console.log too: stdout carries only the protocol).
//
// The module exports those functions (or a default object holding them). Each gets the params
// and `{emit}` (emit(payload) streams a part) and returns a value, or `{value, state}` to give
// the plugin a new state for the calls that follow. A module without init is ready at once.
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

const PROTOCOL_VERSION = 1;

function send(message) {
  process.stdout.write(JSON.stringify({ v: PROTOCOL_VERSION, ...message }) + "\n");
}

// stdout is the protocol: a plugin's console.log must not land there.
console.log = (...args) => console.error(...args);
console.info = (...args) => console.error(...args);

const loaded = await import(pathToFileURL(process.argv[2]).href);
const plugin = loaded.default && typeof loaded.default === "object" ? loaded.default : loaded;

function envelope(returned) {
  const isEnvelope =
    returned !== null &&
    typeof returned === "object" &&
    !Array.isArray(returned) &&
    "value" in returned &&
    Object.keys(returned).every((key) => key === "value" || key === "state");
  return isEnvelope ? returned : { value: returned === undefined ? null : returned };
}

async function answer(request) {
  const { id, method, params } = request;
  const hook = plugin[method];
  try {
    if (typeof hook !== "function") {
      if (method === "init") {
        send({ id, ok: true, result: { value: null } });
        return;
      }
      const error = new Error(`the plugin module exports no ${method}() function`);
      error.name = "MethodNotFound";
      throw error;
    }
    const emit = (payload) => send({ id, event: { type: "part", payload } });
    const returned = await hook.call(plugin, params ?? {}, { emit });
    send({ id, ok: true, result: envelope(returned) });
  } catch (error) {
    send({
      id,
      ok: false,
      error: {
        type: String(error?.name ?? "Error"),
        detail: String(error?.message ?? error),
        stack: String(error?.stack ?? ""),
      },
    });
  }
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", (line) => {
  if (!line.trim()) return;
  let request;
  try {
    request = JSON.parse(line);
  } catch (error) {
    console.error(`node tool host: a request that is not JSON was ignored: ${error.message}`);
    return;
  }
  answer(request);
});
lines.on("close", () => process.exit(0));
